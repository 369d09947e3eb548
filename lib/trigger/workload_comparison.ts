/**
 * Workloads side by side (docs/method.md, Resampling): what a resampled workload keeps of the
 * observed history (steps, growth, work time) and what it changes (how high the context climbs,
 * when it compacts, what it costs at one trigger).
 *
 * @module
 */
import type { BlockPlan } from "../stats/block_resample.ts";
import { contextTrace } from "./context_trace.ts";
import { sessionGrowth } from "./growth_check.ts";
import { cellCostPerMillion, cellTimeShare, type PricingInputs } from "./price_curves.ts";
import { type ReplayCompactionModel, replayWorkloads } from "./replay.ts";
import type { StepColumns } from "./steps.ts";

/** One workload's figures in {@linkcode compareWorkloads}. */
export interface WorkloadFigures {
  /** Workload number (0: the observed history). */
  workload: number;
  /** Steps over all sessions (requests minus sessions). */
  steps: number;
  /** Σd over all sessions' steps, tokens. */
  totalGrowthTokens: number;
  /** W_k: Σ work-time gaps, hours. */
  workHours: number;
  /** Largest context any session reaches without compaction, tokens. */
  peakContextTokens: number;
  /** N_c of the replay at the trigger. */
  compactions: number;
  /** Replay cost at the trigger per 1M billed tokens of the observed history, USD. */
  costPerMillion: number;
  /** Share of agent time spent compacting at the trigger, 0…1. */
  timeShare: number;
}

/** What {@linkcode compareWorkloads} replays with. */
export interface CompareWorkloadsOptions {
  /** The trigger to replay at, tokens. */
  trigger: number;
  /** The compaction model (G(C), P, c_post). */
  model: ReplayCompactionModel;
  /** Prices, β, a, v and D. */
  inputs: PricingInputs;
}

/**
 * Replays the chosen workloads at one trigger and lists, per workload, what it keeps and what
 * it changes. O(steps × chosen workloads).
 *
 * @param steps Step columns.
 * @param plans All workload plans (0: observed).
 * @param workloads The workload numbers to compare, e.g. `[0, 1, 2]`.
 * @param options Trigger, compaction model, pricing inputs.
 * @returns One entry per chosen workload, in the order given.
 * @throws {RangeError} When a workload number has no plan.
 *
 * @example One session, observed order and the two blocks swapped, trigger 250: by hand
 * ```ts
 * import assert from "node:assert/strict";
 * import { compareWorkloads } from "./workload_comparison.ts";
 *
 * const steps = {
 *   length: 3, sessions: 1, start: Uint32Array.of(0), count: Uint32Array.of(3),
 *   growth: Float64Array.of(100, 200, -50), cachedShare: Float64Array.of(0, 0, 0),
 *   output: Float64Array.of(0, 0, 0), gapSeconds: Float64Array.of(0, 1800, 1800),
 *   compacted: new Uint8Array(3),
 * };
 * const observed = { segmentStart: Uint32Array.of(1), segmentLength: Uint32Array.of(2),
 *   groupOffset: Uint32Array.of(0, 1) };
 * const swapped = { segmentStart: Uint32Array.of(2, 1), segmentLength: Uint32Array.of(1, 1),
 *   groupOffset: Uint32Array.of(0, 2) };
 * const [a, b] = compareWorkloads(steps, [observed, swapped], [0, 1], {
 *   trigger: 250,
 *   model: { g0: 10, g1: 0, postPrefix: 20, cPost: 0 },
 *   inputs: { prices: { alpha: 0.1, rho: 5, omega: 1, inputUsdPerMillion: 1 },
 *     beta: 0, a: 0, v: 10, billedTokens: 1e6 },
 * });
 * // Observed: 100 → 300 (≥ 250: compaction, x = 30) → −20 floored at 0.
 * // Swapped: 100 → 50 → 250 (≥ 250: compaction, x = 30).
 * assert.deepEqual([a.totalGrowthTokens, b.totalGrowthTokens], [150, 150]);
 * assert.deepEqual([a.peakContextTokens, b.peakContextTokens], [300, 250]);
 * assert.deepEqual([a.compactions, b.compactions], [1, 1]);
 * assert.equal(a.workHours, 1);
 * ```
 */
export function compareWorkloads(
  steps: StepColumns,
  plans: readonly BlockPlan[],
  workloads: readonly number[],
  options: CompareWorkloadsOptions,
): WorkloadFigures[] {
  for (const k of workloads) {
    if (!Number.isInteger(k) || k < 0 || k >= plans.length) {
      throw new RangeError(
        `Cannot compare workloads: no workload ${k} (there are 0…${plans.length - 1})`,
      );
    }
  }
  const chosen = workloads.map((k) => plans[k]);
  const sums = replayWorkloads(steps, chosen, {
    triggers: [options.trigger],
    model: options.model,
    tierThresholds: (options.inputs.prices.tiers ?? []).map((t) => t.aboveInputTokens),
  });
  let stepCount = 0;
  for (let s = 0; s < steps.sessions; s++) stepCount += steps.count[s] - 1;
  return workloads.map((k, i) => {
    const plan = chosen[i];
    let peak = 0;
    for (let s = 0; s < steps.sessions; s++) {
      for (const x of contextTrace(steps, plan, s)) if (x > peak) peak = x;
    }
    let total = 0;
    for (const g of sessionGrowth(steps, plan)) total += g;
    return {
      workload: k,
      steps: stepCount,
      totalGrowthTokens: total,
      workHours: sums.workSeconds[i] / 3600,
      peakContextTokens: peak,
      compactions: sums.compactions[i],
      costPerMillion: cellCostPerMillion(sums, i, options.inputs),
      timeShare: cellTimeShare(sums, i, options.inputs),
    };
  });
}
