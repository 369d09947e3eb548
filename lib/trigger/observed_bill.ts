/**
 * The observed bill: the real requests priced with their real categories, plus the compaction
 * calls, measured where the transcripts hold the call and inferred elsewhere (docs/method.md,
 * Checks).
 *
 * @module
 */
import type { Corpus, TokenTotals } from "../transcript/tables.ts";
import type { Prices } from "./prices.ts";
import {
  categoryWeights,
  priceTierOf,
  type TokenCategories,
  weightedTokens,
} from "./request_cost.ts";
import { summaryTokensAt } from "./summary_model.ts";

/** Result of {@linkcode observedBill}. */
export interface ObservedBill {
  /** Whole bill per million billed tokens D, USD. */
  costPerMillion: number;
  /** The part from the inferred compaction calls, USD per million billed tokens. */
  compactionCostPerMillion: number;
  /** Compactions priced (those with a known input size C or a matched call). */
  compactionsPriced: number;
  /** Of those, priced from their matched summarizing call's own usage. */
  compactionCallsMatched: number;
  /**
   * Its own line, not in `costPerMillion`: the advisor passes (`corpus.advisor`, another model's
   * sampling passes, which the replay does not see), USD per million billed tokens D at the
   * catalog prices of their models; 0 without advisor passes or without a pricer.
   */
  advisorCostPerMillion: number;
  /** Advisor passes of models the pricer does not know (not in `advisorCostPerMillion`). */
  advisorIterationsUnpriced: number;
}

/** The matched compaction-call columns of the reader's compaction table (NaN: no matched call). */
type _CallColumns = {
  callInput?: Float64Array;
  callCacheWrite5m?: Float64Array;
  callCacheWrite1h?: Float64Array;
  callCacheRead?: Float64Array;
};

/**
 * Prices the observed history directly, with the one request-cost formula
 * ({@linkcode weightedTokens}) at the tier of each request's own input x = u + w5 + w1h + r:
 * u at 1, w5 and w1h at their write multipliers, r at α, y at ρ (times p_m). A compaction whose
 * summarizing call was matched in the transcripts (the reader's `callInput`, `callCacheWrite5m`,
 * `callCacheWrite1h`, `callCacheRead` columns) is priced from that call's real categories with
 * G_i as its output, at the tier of the call's input; any other compaction with known C as the
 * inferred call: (1 − β_i)·C_i uncached at ω, β_i·C_i cached at α and G_i output at ρ, at the
 * tier of C_i. A compaction whose β_i is unknown takes the median β; one whose G_i is unknown
 * takes G(C_i); one without C and without a matched call is not priced. Divided by
 * D = Σ(x + y) over the requests. The advisor passes are priced as their own line
 * (`advisorCostPerMillion`, same divisor D) with `model.dollars`, outside the bill the replay is
 * checked against.
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
 * import type { Corpus, TokenTotals } from "../transcript/tables.ts";
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
  corpus: Pick<Corpus, "requests" | "compactions"> & Partial<Pick<Corpus, "advisor">>,
  model: {
    prices: Prices;
    beta: number;
    g0: number;
    g1: number;
    minSummaryTokens?: number;
    /** USD of one advisor model's totals, null when unknown (lib/prices/usage_dollars.ts). */
    dollars?: (totals: TokenTotals, model: string) => number | null;
  },
): ObservedBill {
  const { requests } = corpus;
  const compactions = corpus.compactions as Corpus["compactions"] & _CallColumns;
  const prices = model.prices;
  const tiers = prices.tiers?.length ?? 0;
  const weights = Array.from({ length: tiers + 1 }, (_, j) => categoryWeights(prices, j));
  let weighted = 0, wComp = 0, billed = 0, bComp = 0;
  const add = (v: number, b: number) => {
    const t = weighted + v;
    wComp += Math.abs(weighted) >= Math.abs(v) ? (weighted - t) + v : (v - t) + weighted;
    weighted = t;
    const s = billed + b;
    bComp += Math.abs(billed) >= Math.abs(b) ? (billed - s) + b : (b - s) + billed;
    billed = s;
  };
  // One scratch record, refilled per request: no allocation in the loop.
  const tokens: TokenCategories = {
    input: 0,
    cacheWrite5m: 0,
    cacheWrite1h: 0,
    uncached: 0,
    cacheRead: 0,
    output: 0,
  };
  const price = (x: number) => weightedTokens(tokens, weights[priceTierOf(x, prices)]);
  for (let i = 0; i < requests.length; i++) {
    tokens.input = requests.input[i];
    tokens.cacheWrite5m = requests.cacheWrite5m[i];
    tokens.cacheWrite1h = requests.cacheWrite1h[i];
    tokens.cacheRead = requests.cacheRead[i];
    tokens.output = requests.output[i];
    const x = tokens.input + tokens.cacheWrite5m + tokens.cacheWrite1h + tokens.cacheRead;
    add(price(x), x + tokens.output);
  }
  let compaction = 0;
  let priced = 0;
  let matched = 0;
  for (let i = 0; i < compactions.length; i++) {
    const callX = _matchedCallInput(compactions, i);
    const c = compactions.inputTokens[i];
    const known = Number.isFinite(c) ? c : callX;
    if (!Number.isFinite(known)) continue;
    const g = Number.isFinite(compactions.summaryTokens[i])
      ? compactions.summaryTokens[i]
      : summaryTokensAt(model, known);
    let v: number;
    tokens.output = g;
    if (Number.isFinite(callX)) {
      tokens.input = compactions.callInput![i];
      tokens.cacheWrite5m = compactions.callCacheWrite5m![i];
      tokens.cacheWrite1h = compactions.callCacheWrite1h![i];
      tokens.cacheRead = compactions.callCacheRead![i];
      tokens.uncached = 0;
      v = price(callX);
      matched++;
    } else {
      const b = Number.isFinite(compactions.cachedShareBefore[i])
        ? compactions.cachedShareBefore[i]
        : model.beta;
      tokens.input = tokens.cacheWrite5m = tokens.cacheWrite1h = 0;
      tokens.uncached = (1 - b) * c;
      tokens.cacheRead = b * c;
      v = price(c);
      tokens.uncached = 0;
    }
    compaction += v;
    add(v, 0);
    priced++;
  }
  const d = billed + bComp;
  if (!(d > 0)) throw new RangeError("Cannot price the observed bill: the corpus bills no tokens");
  const pm = prices.inputUsdPerMillion;
  let advisorUsd = 0;
  let advisorUnpriced = 0;
  for (const [name, totals] of Object.entries(corpus.advisor?.byModel ?? {})) {
    const usd = model.dollars?.(totals, name) ?? null;
    if (usd === null) advisorUnpriced += totals.count;
    else advisorUsd += usd;
  }
  return {
    costPerMillion: pm * (weighted + wComp) / d,
    compactionCostPerMillion: pm * compaction / d,
    compactionsPriced: priced,
    compactionCallsMatched: matched,
    advisorCostPerMillion: advisorUsd * 1e6 / d,
    advisorIterationsUnpriced: advisorUnpriced,
  };
}

/** The matched call's whole input x, or NaN when the compaction has no matched call. */
function _matchedCallInput(columns: _CallColumns, i: number): number {
  const u = columns.callInput?.[i];
  const w5 = columns.callCacheWrite5m?.[i];
  const w1h = columns.callCacheWrite1h?.[i];
  const r = columns.callCacheRead?.[i];
  if (u === undefined || w5 === undefined || w1h === undefined || r === undefined) return NaN;
  const x = u + w5 + w1h + r;
  return Number.isFinite(x) ? x : NaN;
}
