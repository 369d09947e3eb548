/**
 * The observed bill: the real requests priced with their real categories, plus the inferred
 * compaction calls (analysis-spec §3, checks).
 *
 * @module
 */
import type { Corpus } from "../transcript/tables.ts";
import type { Prices } from "./prices.ts";
import { summaryTokensAt } from "./summary_model.ts";

/** Result of {@linkcode observedBill}. */
export interface ObservedBill {
  /** Whole bill per million billed tokens D, USD. */
  costPerMillion: number;
  /** The part from the inferred compaction calls, USD per million billed tokens. */
  compactionCostPerMillion: number;
  /** Compactions priced (those with a known input size C). */
  compactionsPriced: number;
}

/**
 * Prices the observed history directly: each request's u at 1, w5 at 1.25, w1h at 2, r at α,
 * y at ρ (times p_m); each compaction with known C as (1 − β_i)·C_i uncached at ω, β_i·C_i
 * cached at α and G_i output at ρ. A compaction whose β_i is unknown takes the median β; one
 * whose G_i is unknown takes G(C_i); one without C is not priced. Divided by D = Σ(x + y).
 *
 * @param corpus The reader's tables.
 * @param model Prices, the median β and G(C) for the fallbacks.
 * @returns The bill per million tokens.
 * @throws {RangeError} When the corpus has no billed tokens.
 *
 * @example One request, no compaction: 100 u, 900 r, 10 y at α 0.1, ρ 5, p_m 2
 * ```ts
 * import assert from "node:assert/strict";
 * import { observedBill } from "./observed_bill.ts";
 * import type { Corpus } from "../transcript/tables.ts";
 *
 * const f = (v: number) => Float64Array.of(v);
 * const corpus = {
 *   requests: { length: 1, input: f(100), cacheWrite5m: f(0), cacheWrite1h: f(0),
 *     cacheRead: f(900), output: f(10) },
 *   compactions: { length: 0 },
 * } as unknown as Corpus;
 * const prices = { alpha: 0.1, rho: 5, omega: 1, inputUsdPerMillion: 2 };
 * const bill = observedBill(corpus, { prices, beta: 1, g0: 0, g1: 0 });
 * // 2 · (100 + 90 + 50) / 1010 · 1e6 / 1e6
 * assert.ok(Math.abs(bill.costPerMillion - 480 / 1010) < 1e-12);
 * ```
 */
export function observedBill(
  corpus: Pick<Corpus, "requests" | "compactions">,
  model: { prices: Prices; beta: number; g0: number; g1: number; minSummaryTokens?: number },
): ObservedBill {
  const { requests, compactions } = corpus;
  const { alpha, rho, omega, inputUsdPerMillion } = model.prices;
  let weighted = 0, wComp = 0, billed = 0, bComp = 0;
  const add = (v: number, b: number) => {
    const t = weighted + v;
    wComp += Math.abs(weighted) >= Math.abs(v) ? (weighted - t) + v : (v - t) + weighted;
    weighted = t;
    const s = billed + b;
    bComp += Math.abs(billed) >= Math.abs(b) ? (billed - s) + b : (b - s) + billed;
    billed = s;
  };
  for (let i = 0; i < requests.length; i++) {
    const u = requests.input[i], w5 = requests.cacheWrite5m[i], w1h = requests.cacheWrite1h[i];
    const r = requests.cacheRead[i], y = requests.output[i];
    add(u + 1.25 * w5 + 2 * w1h + alpha * r + rho * y, u + w5 + w1h + r + y);
  }
  let compaction = 0;
  let priced = 0;
  for (let i = 0; i < compactions.length; i++) {
    const c = compactions.inputTokens[i];
    if (!Number.isFinite(c)) continue;
    const b = Number.isFinite(compactions.cachedShareBefore[i])
      ? compactions.cachedShareBefore[i]
      : model.beta;
    const g = Number.isFinite(compactions.summaryTokens[i])
      ? compactions.summaryTokens[i]
      : summaryTokensAt(model, c);
    const v = omega * (1 - b) * c + alpha * b * c + rho * g;
    compaction += v;
    add(v, 0);
    priced++;
  }
  const d = billed + bComp;
  if (!(d > 0)) throw new RangeError("Cannot price the observed bill: the corpus bills no tokens");
  return {
    costPerMillion: inputUsdPerMillion * (weighted + wComp) / d,
    compactionCostPerMillion: inputUsdPerMillion * compaction / d,
    compactionsPriced: priced,
  };
}
