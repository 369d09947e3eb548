/**
 * The steady-state (economic order quantity) approximation of the best trigger.
 *
 * @module
 */
import type { Prices } from "./prices.ts";

/** Inputs of {@linkcode steadyStateTrigger}. */
export interface SteadyStateInputs {
  /** R: median context right after a compaction, tokens. */
  postContext: number;
  /** G: median summary size, tokens. */
  summaryTokens: number;
  /** Δ: mean growth per request over steps without compaction, tokens. */
  meanGrowth: number;
  /** β: cached share of the compaction input. */
  beta: number;
}

/**
 * T* ≈ R + √(2Δ·(B·R + ρ·G) / α) with B = ω(1 − β) + αβ: the EOQ formula √(2DK/h) with
 * overhead K = B·R + ρ·G per compaction and holding cost α per token per request.
 *
 * @param inputs R, G, Δ and β.
 * @param prices α, ρ, ω (p_m cancels). Price tiers are not used: the formula is linear in x,
 * so it prices every token at the base tier (the replay's curves price the tiers).
 * @returns T*, tokens (NaN when Δ ≤ 0 or α = 0 leaves it undefined).
 *
 * @example Worked by hand
 * ```ts
 * import assert from "node:assert/strict";
 * import { steadyStateTrigger } from "./steady_state.ts";
 *
 * // B = 1·0 + 0.05·1 = 0.05; K = 0.05·20000 + 5·8000 = 41000;
 * // √(2·2000·41000 / 0.05) = √3.28e9 ≈ 57271.3; T* = 20000 + 57271.3
 * const t = steadyStateTrigger(
 *   { postContext: 20000, summaryTokens: 8000, meanGrowth: 2000, beta: 1 },
 *   { alpha: 0.05, rho: 5, omega: 1, inputUsdPerMillion: 5 },
 * );
 * assert.ok(Math.abs(t - (20000 + Math.sqrt(3.28e9))) < 1e-6);
 * ```
 */
export function steadyStateTrigger(inputs: SteadyStateInputs, prices: Prices): number {
  const { postContext: r, summaryTokens: g, meanGrowth: delta, beta } = inputs;
  const { alpha, rho, omega } = prices;
  if (!(delta > 0) || !(alpha > 0)) return NaN;
  const b = omega * (1 - beta) + alpha * beta;
  return r + Math.sqrt((2 * delta * (b * r + rho * g)) / alpha);
}
