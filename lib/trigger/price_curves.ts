/**
 * Re-pricing of replay sums into cost and time-share curves with percentile bands
 * (analysis-spec §3). Nothing is replayed: prices, β, a and v enter linearly.
 *
 * @module
 */
import { quantileType7 } from "../stats/quantile.ts";
import type { Prices } from "./prices.ts";
import type { ReplaySums } from "./replay.ts";

/** Everything besides the replay sums that turns them into money and time. */
export interface PricingInputs {
  /** α, ρ, p_m, ω. */
  prices: Prices;
  /** β: cached share of a compaction's input. */
  beta: number;
  /** a: seconds per compaction input token. */
  a: number;
  /** v: summary tokens written per second. */
  v: number;
  /** D: billed tokens of the observed history, the fixed divisor, tokens. */
  billedTokens: number;
}

/** A band over the resampled workloads, one entry per trigger. */
export interface Band {
  /** Mean over workloads 1 … K. */
  mean: Float64Array;
  /** 10th percentile, type 7. */
  p10: Float64Array;
  /** 90th percentile, type 7. */
  p90: Float64Array;
}

/** The curves of {@linkcode priceCurves}, one entry per trigger. */
export interface TriggerCurves {
  /** Triggers, tokens. */
  triggers: Float64Array;
  /** Cost per million billed tokens of the observed history, USD, over workloads 1 … K. */
  costPerMillion: Band;
  /** Σt_c / (W_k + Σt_c) over workloads 1 … K. */
  timeShare: Band;
  /** Mean N_c over workloads 1 … K. */
  compactionsMean: Float64Array;
  /** Workload 0 (the observed history). */
  observed: { costPerMillion: Float64Array; timeShare: Float64Array; compactions: Float64Array };
}

/**
 * Cost per million tokens of one (workload, trigger) cell:
 * J / D × 10⁶ with J = p_m/10⁶ · [ω(U + (1 − β)ΣC) + α(K + βΣC) + ρ(Y + ΣG)].
 *
 * @param sums Replay sums.
 * @param cell Index `k · triggers + t`.
 * @param inputs Prices, β and D (a and v are not used).
 * @returns USD per million billed tokens.
 *
 * @example No compaction: 1000 context tokens, 800 cached, 10 output; D = 1010
 * ```ts
 * import assert from "node:assert/strict";
 * import { cellCostPerMillion } from "./price_curves.ts";
 *
 * const sums = {
 *   workloads: 1, triggers: Float64Array.of(1e6),
 *   contextTokens: Float64Array.of(1000), cachedTokens: Float64Array.of(800),
 *   compactions: Float64Array.of(0), compactionInputTokens: Float64Array.of(0),
 *   summaryTokens: Float64Array.of(0), outputTokens: Float64Array.of(10),
 *   workSeconds: Float64Array.of(60),
 * };
 * const prices = { alpha: 0.1, rho: 5, omega: 1, inputUsdPerMillion: 2 };
 * // 2 · (1·200 + 0.1·800 + 5·10) / 1010 = 660 / 1010
 * const cost = cellCostPerMillion(sums, 0, { prices, beta: 0.9, a: 0, v: 1, billedTokens: 1010 });
 * assert.ok(Math.abs(cost - 660 / 1010) < 1e-12);
 * ```
 */
export function cellCostPerMillion(sums: ReplaySums, cell: number, inputs: PricingInputs): number {
  const { alpha, rho, omega, inputUsdPerMillion } = inputs.prices;
  const beta = inputs.beta;
  const k = Math.floor(cell / sums.triggers.length);
  const cached = sums.cachedTokens[cell];
  const uncached = sums.contextTokens[cell] - cached;
  const sc = sums.compactionInputTokens[cell];
  const sg = sums.summaryTokens[cell];
  const weighted = omega * (uncached + (1 - beta) * sc) + alpha * (cached + beta * sc) +
    rho * (sums.outputTokens[k] + sg);
  return inputUsdPerMillion * weighted / inputs.billedTokens;
}

/**
 * Time share of one (workload, trigger) cell: S = Σt_c / (W_k + Σt_c), Σt_c = a·ΣC + ΣG / v.
 *
 * @param sums Replay sums.
 * @param cell Index `k · triggers + t`.
 * @param inputs a and v (prices unused).
 * @returns The share of agent time spent compacting, 0…1 (0 when both times are 0).
 *
 * @example 2 compactions of 100K input with 6K summary total; a = 1e-4 s, v = 60 tok/s
 * ```ts
 * import assert from "node:assert/strict";
 * import { cellTimeShare } from "./price_curves.ts";
 *
 * const sums = {
 *   workloads: 1, triggers: Float64Array.of(1e5),
 *   contextTokens: Float64Array.of(0), cachedTokens: Float64Array.of(0),
 *   compactions: Float64Array.of(2), compactionInputTokens: Float64Array.of(200000),
 *   summaryTokens: Float64Array.of(6000), outputTokens: Float64Array.of(0),
 *   workSeconds: Float64Array.of(1080),
 * };
 * const prices = { alpha: 0.05, rho: 5, omega: 1, inputUsdPerMillion: 5 };
 * // Σt = 20 + 100 = 120 s; S = 120 / (1080 + 120) = 0.1
 * const s = cellTimeShare(sums, 0, { prices, beta: 1, a: 1e-4, v: 60, billedTokens: 1 });
 * assert.ok(Math.abs(s - 0.1) < 1e-12);
 * ```
 */
export function cellTimeShare(sums: ReplaySums, cell: number, inputs: PricingInputs): number {
  const k = Math.floor(cell / sums.triggers.length);
  const tc = inputs.a * sums.compactionInputTokens[cell] + sums.summaryTokens[cell] / inputs.v;
  const total = sums.workSeconds[k] + tc;
  return total > 0 ? tc / total : 0;
}

/**
 * Prices every (workload, trigger) cell and summarises the resampled workloads 1 … K per
 * trigger: mean, 10th and 90th percentile (type 7) of cost per million and time share, and
 * the mean N_c; workload 0 is returned apart as the observed curve. With only workload 0, the
 * bands are NaN. O(workloads × triggers × log workloads).
 *
 * @param sums Replay sums.
 * @param inputs Prices, β, a, v, D.
 * @returns The curves.
 * @throws {RangeError} When D is not positive.
 *
 * @example Re-pricing needs no replay
 * ```ts
 * import assert from "node:assert/strict";
 * import { priceCurves } from "./price_curves.ts";
 *
 * const sums = {
 *   workloads: 2, triggers: Float64Array.of(1e5),
 *   contextTokens: Float64Array.of(1000, 2000), cachedTokens: Float64Array.of(0, 0),
 *   compactions: Float64Array.of(0, 0), compactionInputTokens: Float64Array.of(0, 0),
 *   summaryTokens: Float64Array.of(0, 0), outputTokens: Float64Array.of(0, 0),
 *   workSeconds: Float64Array.of(1, 1),
 * };
 * const prices = { alpha: 0.05, rho: 5, omega: 1, inputUsdPerMillion: 5 };
 * const curves = priceCurves(sums, { prices, beta: 1, a: 0, v: 1, billedTokens: 1e6 });
 * assert.equal(curves.observed.costPerMillion[0], 0.005); // 5 · 1000 / 1e6
 * assert.equal(curves.costPerMillion.mean[0], 0.01);
 * ```
 */
export function priceCurves(sums: ReplaySums, inputs: PricingInputs): TriggerCurves {
  if (!(inputs.billedTokens > 0)) {
    throw new RangeError(
      `Cannot price the replay: billed tokens D must be > 0, got ${inputs.billedTokens}`,
    );
  }
  const nT = sums.triggers.length;
  const nK = sums.workloads;
  const band = (): Band => ({
    mean: new Float64Array(nT),
    p10: new Float64Array(nT),
    p90: new Float64Array(nT),
  });
  const curves: TriggerCurves = {
    triggers: sums.triggers,
    costPerMillion: band(),
    timeShare: band(),
    compactionsMean: new Float64Array(nT),
    observed: {
      costPerMillion: new Float64Array(nT),
      timeShare: new Float64Array(nT),
      compactions: new Float64Array(nT),
    },
  };
  const cost = new Float64Array(Math.max(0, nK - 1));
  const time = new Float64Array(Math.max(0, nK - 1));
  for (let t = 0; t < nT; t++) {
    curves.observed.costPerMillion[t] = cellCostPerMillion(sums, t, inputs);
    curves.observed.timeShare[t] = cellTimeShare(sums, t, inputs);
    curves.observed.compactions[t] = sums.compactions[t];
    let nc = 0;
    for (let k = 1; k < nK; k++) {
      const cell = k * nT + t;
      cost[k - 1] = cellCostPerMillion(sums, cell, inputs);
      time[k - 1] = cellTimeShare(sums, cell, inputs);
      nc += sums.compactions[cell];
    }
    curves.compactionsMean[t] = nK > 1 ? nc / (nK - 1) : NaN;
    _fillBand(curves.costPerMillion, t, cost);
    _fillBand(curves.timeShare, t, time);
  }
  return curves;
}

function _fillBand(band: Band, t: number, values: Float64Array): void {
  if (values.length === 0) {
    band.mean[t] = band.p10[t] = band.p90[t] = NaN;
    return;
  }
  let sum = 0;
  let comp = 0;
  for (const v of values) {
    const s = sum + v;
    comp += Math.abs(sum) >= Math.abs(v) ? (sum - s) + v : (v - s) + sum;
    sum = s;
  }
  band.mean[t] = (sum + comp) / values.length;
  values.sort();
  band.p10[t] = quantileType7(values, 0.1);
  band.p90[t] = quantileType7(values, 0.9);
}
