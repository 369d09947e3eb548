/**
 * The steady-state (economic order quantity) approximation of the best trigger.
 *
 * R and G in the formula are those of the compaction model the replay uses (docs/method.md,
 * Steady-state optimum): with a constant G(C) they are G and R = P + G; with a line, G(T*) and
 * R(T*) = P + G(T*), so T* solves a fixed point, found by iterating the formula from the given
 * R and G.
 *
 * @module
 */
import type { Prices } from "./prices.ts";
import { summaryTokensAt } from "./summary_model.ts";

/** Inputs of {@linkcode steadyStateTrigger}. */
export interface SteadyStateInputs {
  /** R: context right after a compaction, tokens (the start of the iteration with a model). */
  postContext: number;
  /** G: summary size, tokens (the start of the iteration with a model). */
  summaryTokens: number;
  /** Δ: mean growth per request over steps without compaction, tokens. */
  meanGrowth: number;
  /** β: cached share of the compaction input. */
  beta: number;
  /**
   * The compaction model: when given, G = G(T*) and R = P + G(T*) at the solution instead of
   * the fixed `summaryTokens` and `postContext`. @default {undefined}
   */
  summaryModel?: { g0: number; g1: number; minSummaryTokens?: number; postPrefix: number };
  /**
   * Rework after each compaction (docs/method.md, "Cost of forgetting: in the replay and the
   * closed form"): ΔW(T) tokens join R, and ΔN extra requests are billed at R + ΔW(T) with
   * cached share c_post and output y each. Absent: no rework (the published formula).
   * @default {undefined}
   */
  rework?: SteadyStateRework;
}

/** The rework as the closed form takes it. */
export interface SteadyStateRework {
  /** ΔW(C) = max(0, w0 + w1·C): intercept w0, tokens. */
  tokensIntercept: number;
  /** Slope w1, tokens per token of C. @default {0} */
  tokensPerInputToken?: number;
  /** ΔN, extra requests per compaction. */
  requests: number;
  /** y of each extra request, tokens. */
  outputTokensPerRequest: number;
  /** c_post: cached share of the extra requests. */
  cPost: number;
}

/** T* and the R and G it was computed with. */
export interface SteadyStateSolution {
  /** T*, tokens (NaN when undefined or the iteration did not settle). */
  tStarTokens: number;
  /** R used, tokens. */
  postContextTokens: number;
  /** G used, tokens. */
  summaryTokens: number;
  /** ΔW used (ΔW(T*)), tokens; 0 without rework. */
  reworkTokens: number;
}

const MAX_ITERATIONS = 200;

/**
 * T* ≈ R + √(2Δ·(B·R + ρ·G) / α) with B = ω(1 − β) + αβ: the EOQ formula √(2DK/h) with
 * overhead K = B·R + ρ·G per compaction and holding cost α per token per request; with a
 * `summaryModel`, R and G are taken at T* itself (see the module notes). With a `rework`,
 * R' = R + ΔW(T*) takes R's place and K gains ΔN·([ω(1 − c_post) + α·c_post]·R' + ρ·y):
 * T* ≈ R' + √(2Δ·(B·R' + ρ·G + ΔN·Q_rw) / α).
 *
 * @param inputs R, G, Δ, β and optionally the compaction model.
 * @param prices α, ρ, ω (p_m cancels). Price tiers are not used: the formula is linear in x,
 * so it prices every token at the base tier (the replay's curves price the tiers).
 * @returns T* with the R, G and ΔW used (T* NaN when Δ ≤ 0 or α = 0 leaves it undefined, or
 * when the fixed point does not settle within 200 iterations).
 *
 * @example A constant G: one evaluation
 * ```ts
 * import assert from "node:assert/strict";
 * import { steadyStateSolution } from "./steady_state.ts";
 *
 * // G = 8000, R = P + G = 12000 + 8000 = 20000; B = 0.05; K = 0.05·20000 + 5·8000 = 41000;
 * // √(2·2000·41000 / 0.05) = √3.28e9 ≈ 57271.3
 * const s = steadyStateSolution(
 *   { postContext: 0, summaryTokens: 0, meanGrowth: 2000, beta: 1,
 *     summaryModel: { g0: 8000, g1: 0, postPrefix: 12000 } },
 *   { alpha: 0.05, rho: 5, omega: 1, inputUsdPerMillion: 5 },
 * );
 * assert.equal(s.postContextTokens, 20000);
 * assert.ok(Math.abs(s.tStarTokens - (20000 + Math.sqrt(3.28e9))) < 1e-6);
 * ```
 */
export function steadyStateSolution(
  inputs: SteadyStateInputs,
  prices: Prices,
): SteadyStateSolution {
  const { meanGrowth: delta, beta, summaryModel, rework } = inputs;
  const { alpha, rho, omega } = prices;
  let r = inputs.postContext;
  let g = inputs.summaryTokens;
  if (summaryModel !== undefined && summaryModel.g1 === 0) {
    g = summaryTokensAt(summaryModel, 0);
    r = summaryModel.postPrefix + g;
  }
  const w1 = rework?.tokensPerInputToken ?? 0;
  const reworkAt = (c: number) =>
    rework === undefined ? 0 : Math.max(0, rework.tokensIntercept + w1 * c);
  // Without a slope ΔW is a constant: its value at any C.
  let w = reworkAt(0);
  if (!(delta > 0) || !(alpha > 0)) {
    return { tStarTokens: NaN, postContextTokens: r, summaryTokens: g, reworkTokens: w };
  }
  const b = omega * (1 - beta) + alpha * beta;
  const formula = rework === undefined
    ? (rr: number, gg: number) => rr + Math.sqrt((2 * delta * (b * rr + rho * gg)) / alpha)
    : (rr: number, gg: number, ww: number) => {
      // R' = R + ΔW; K = B·R' + ρ·G + ΔN·([ω(1 − c_post) + α·c_post]·R' + ρ·y).
      const after = rr + ww;
      const extra = rework.requests *
        ((omega * (1 - rework.cPost) + alpha * rework.cPost) * after +
          rho * rework.outputTokensPerRequest);
      return after + Math.sqrt((2 * delta * (b * after + rho * gg + extra)) / alpha);
    };
  let t = formula(r, g, w);
  const line = summaryModel !== undefined && summaryModel.g1 !== 0;
  if (!line && w1 === 0) {
    return { tStarTokens: t, postContextTokens: r, summaryTokens: g, reworkTokens: w };
  }
  for (let i = 0; i < MAX_ITERATIONS; i++) {
    if (line) {
      g = summaryTokensAt(summaryModel, t);
      r = summaryModel.postPrefix + g;
    }
    w = reworkAt(t);
    const next = formula(r, g, w);
    if (Math.abs(next - t) <= 1e-9 * Math.abs(t)) {
      if (line) {
        g = summaryTokensAt(summaryModel, next);
        r = summaryModel.postPrefix + g;
      }
      return {
        tStarTokens: next,
        postContextTokens: r,
        summaryTokens: g,
        reworkTokens: reworkAt(next),
      };
    }
    t = next;
  }
  return { tStarTokens: NaN, postContextTokens: r, summaryTokens: g, reworkTokens: w };
}

/**
 * T* of {@linkcode steadyStateSolution} alone.
 *
 * @param inputs R, G, Δ, β and optionally the compaction model.
 * @param prices α, ρ, ω (p_m cancels).
 * @returns T*, tokens (NaN when undefined).
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
  return steadyStateSolution(inputs, prices).tStarTokens;
}
