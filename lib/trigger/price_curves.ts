/**
 * Re-pricing of replay sums into cost and time-share curves with percentile bands (docs/method.md,
 * Cost per million tokens, Time share, Curves). Nothing is replayed: prices, β, a and v enter
 * linearly.
 *
 * @module
 */
import { quantileType7 } from "../stats/quantile.ts";
import type { Prices } from "./prices.ts";
import type { ReplaySums } from "./replay.ts";
import {
  type CategoryWeights,
  categoryWeights,
  tierIncrement,
  type TokenCategories,
  weightedTokens,
} from "./request_cost.ts";

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
  /**
   * How sure the cheapest trigger is: the trigger of the lowest cost of each resampled
   * workload's own curve (workloads 1 … K, first minimum in grid order), and their 10th, 50th
   * and 90th percentiles (type 7); NaN without resampled workloads.
   */
  argminByWorkload: { triggers: Float64Array; p10: number; p50: number; p90: number };
}

/**
 * Cost per million tokens of one (workload, trigger) cell:
 * J / D × 10⁶ with J = p_m/10⁶ · [ω(U + (1 − β)ΣC) + α(K + βΣC) + ρ(Y + ΣG)], priced with the
 * one request-cost formula ({@linkcode weightedTokens}); with price tiers, the sums above each
 * threshold add what their tier costs on top of the tier below. On sums with rework
 * (`sums.rework`, e.g. `sums.withRework`), Y also holds the extra requests' output.
 *
 * @param sums Replay sums (with `tiers` when the prices have tiers).
 * @param cell Index `k · triggers + t`.
 * @param inputs Prices, β and D (a and v are not used).
 * @returns USD per million billed tokens.
 * @throws {RangeError} When the prices have tiers the sums were not replayed with.
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
  return _cellCost(sums, cell, inputs, _pricing(sums, inputs.prices));
}

interface _Pricing {
  base: CategoryWeights;
  /** Per tier j ≥ 1: its weights minus those of tier j − 1. */
  increments: CategoryWeights[];
  /** Scratch for the categories of one cell. */
  tokens: TokenCategories;
}

function _pricing(sums: ReplaySums, prices: Prices): _Pricing {
  const tiers = prices.tiers ?? [];
  if (tiers.length > 0) {
    const kept = sums.tiers?.thresholds ?? new Float64Array(0);
    const same = kept.length === tiers.length &&
      tiers.every((t, j) => t.aboveInputTokens === kept[j]);
    if (!same) {
      throw new RangeError(
        `Cannot price tiers above ${tiers.map((t) => t.aboveInputTokens).join(", ")} tokens: ` +
          `the replay kept sums above ${Array.from(kept).join(", ") || "no threshold"}`,
      );
    }
  }
  return {
    base: categoryWeights(prices),
    increments: tiers.map((_, j) => tierIncrement(prices, j + 1)),
    tokens: { input: 0, cacheWrite5m: 0, cacheWrite1h: 0, uncached: 0, cacheRead: 0, output: 0 },
  };
}

function _cellCost(
  sums: ReplaySums,
  cell: number,
  inputs: PricingInputs,
  pricing: _Pricing,
): number {
  const beta = inputs.beta;
  const k = Math.floor(cell / sums.triggers.length);
  const tokens = pricing.tokens;
  const cached = sums.cachedTokens[cell];
  const sc = sums.compactionInputTokens[cell];
  tokens.uncached = sums.contextTokens[cell] - cached + (1 - beta) * sc;
  tokens.cacheRead = cached + beta * sc;
  tokens.output = sums.outputTokens[k] + sums.summaryTokens[cell];
  // With rework: the output of the ΔN extra requests after each compaction.
  if (sums.rework !== undefined) {
    tokens.output += sums.rework.extraRequests[cell] * sums.rework.outputTokensPerRequest;
  }
  let weighted = weightedTokens(tokens, pricing.base);
  if (pricing.increments.length > 0) {
    const t = sums.tiers!;
    const cells = sums.workloads * sums.triggers.length;
    for (let j = 0; j < pricing.increments.length; j++) {
      const at = j * cells + cell;
      const aCached = t.cachedTokens[at];
      const aC = t.compactionInputTokens[at];
      tokens.uncached = t.contextTokens[at] - aCached + (1 - beta) * aC;
      tokens.cacheRead = aCached + beta * aC;
      tokens.output = t.outputTokens[at] + t.summaryTokens[at];
      weighted += weightedTokens(tokens, pricing.increments[j]);
    }
  }
  return inputs.prices.inputUsdPerMillion * weighted / inputs.billedTokens;
}

/**
 * Time share of one (workload, trigger) cell: S = Σt_c / (W_k + Σt_c), Σt_c = a·ΣC + ΣG / v;
 * on sums with rework (`sums.rework`), Σt_c also holds the extra requests' work seconds.
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
  let tc = inputs.a * sums.compactionInputTokens[cell] + sums.summaryTokens[cell] / inputs.v;
  // With rework: the work time of the ΔN extra requests is time lost to compacting.
  if (sums.rework !== undefined) {
    tc += sums.rework.extraRequests[cell] * sums.rework.workSecondsPerRequest;
  }
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
    argminByWorkload: { triggers: new Float64Array(0), p10: NaN, p50: NaN, p90: NaN },
  };
  const pricing = _pricing(sums, inputs.prices);
  const cost = new Float64Array(Math.max(0, nK - 1));
  const time = new Float64Array(Math.max(0, nK - 1));
  // Per resampled workload: its lowest cost so far and the trigger index where it was.
  const bestCost = new Float64Array(Math.max(0, nK - 1)).fill(Infinity);
  const bestAt = new Int32Array(Math.max(0, nK - 1)).fill(-1);
  for (let t = 0; t < nT; t++) {
    curves.observed.costPerMillion[t] = _cellCost(sums, t, inputs, pricing);
    curves.observed.timeShare[t] = cellTimeShare(sums, t, inputs);
    curves.observed.compactions[t] = sums.compactions[t];
    let nc = 0;
    for (let k = 1; k < nK; k++) {
      const cell = k * nT + t;
      const c = _cellCost(sums, cell, inputs, pricing);
      cost[k - 1] = c;
      if (c < bestCost[k - 1]) {
        bestCost[k - 1] = c;
        bestAt[k - 1] = t;
      }
      time[k - 1] = cellTimeShare(sums, cell, inputs);
      nc += sums.compactions[cell];
    }
    curves.compactionsMean[t] = nK > 1 ? nc / (nK - 1) : NaN;
    _fillBand(curves.costPerMillion, t, cost);
    _fillBand(curves.timeShare, t, time);
  }
  const argmins = Float64Array.from(bestAt, (t) => (t < 0 ? NaN : sums.triggers[t]));
  const sorted = argmins.filter((v) => !Number.isNaN(v)).sort();
  curves.argminByWorkload = {
    triggers: argmins,
    p10: sorted.length > 0 ? quantileType7(sorted, 0.1) : NaN,
    p50: sorted.length > 0 ? quantileType7(sorted, 0.5) : NaN,
    p90: sorted.length > 0 ? quantileType7(sorted, 0.9) : NaN,
  };
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
