/**
 * The check that a resampling keeps each session's total growth (docs/method.md, Checks:
 * `permute` must; the other methods need not).
 *
 * @module
 */
import type { BlockPlan } from "../stats/block_resample.ts";
import type { StepColumns } from "./steps.ts";

/**
 * Total growth Σd of each session's steps in a workload, tokens (start rows not included).
 * Compensated (Neumaier) sums. O(steps).
 *
 * @param steps Step columns.
 * @param plan The workload.
 * @returns One total per session.
 *
 * @example A moving-block plan that repeats a step changes the total
 * ```ts
 * import assert from "node:assert/strict";
 * import { sessionGrowth } from "./growth_check.ts";
 *
 * const steps = { sessions: 1, growth: Float64Array.of(500, 10, 20, 30) };
 * const observed = { segmentStart: Uint32Array.of(1), segmentLength: Uint32Array.of(3),
 *   groupOffset: Uint32Array.of(0, 1) };
 * const repeated = { segmentStart: Uint32Array.of(3, 3, 3), segmentLength: Uint32Array.of(1, 1, 1),
 *   groupOffset: Uint32Array.of(0, 3) };
 * assert.deepEqual([...sessionGrowth(steps, observed)], [60]);
 * assert.deepEqual([...sessionGrowth(steps, repeated)], [90]);
 * ```
 */
export function sessionGrowth(
  steps: Pick<StepColumns, "sessions" | "growth">,
  plan: BlockPlan,
): Float64Array {
  const out = new Float64Array(steps.sessions);
  for (let s = 0; s < steps.sessions; s++) {
    let sum = 0, comp = 0;
    for (let g = plan.groupOffset[s]; g < plan.groupOffset[s + 1]; g++) {
      for (let r = plan.segmentStart[g], end = r + plan.segmentLength[g]; r < end; r++) {
        const v = steps.growth[r];
        const t = sum + v;
        comp += Math.abs(sum) >= Math.abs(v) ? (sum - t) + v : (v - t) + sum;
        sum = t;
      }
    }
    out[s] = sum + comp;
  }
  return out;
}

/** Result of {@linkcode growthCheck}. */
export interface GrowthCheck {
  /** Resampled workloads compared (plans 1 … K). */
  workloads: number;
  /** Sessions per workload. */
  sessions: number;
  /** (workload, session) pairs whose total growth differs from the observed one. */
  mismatches: number;
  /** Largest |Σd_k − Σd_0| over all pairs, tokens. */
  maxDifferenceTokens: number;
}

/**
 * Compares each resampled workload's total growth per session with the observed one (plan 0).
 * A pair counts as a mismatch when the totals differ by more than `1e-9 × max(1, |observed|)`
 * tokens (rounding of the compensated sums stays far below that).
 *
 * @param steps Step columns.
 * @param plans Plan 0 (observed) and the resampled plans.
 * @returns Counts and the largest difference.
 * @throws {RangeError} With no plan.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { drawWorkloads, growthCheck } from "./mod.ts";
 *
 * const steps = { sessions: 1, start: Uint32Array.of(0), count: Uint32Array.of(21),
 *   growth: Float64Array.from({ length: 21 }, (_, i) => (i * 37) % 11 - 3) };
 * const permuted = drawWorkloads(steps, { workloads: 5, blockSize: 4 }).plans;
 * assert.equal(growthCheck(steps, permuted).mismatches, 0);
 * const moving = drawWorkloads(steps, { workloads: 5, blockSize: 4, method: "moving" }).plans;
 * assert.ok(growthCheck(steps, moving).mismatches > 0);
 * ```
 */
export function growthCheck(
  steps: Pick<StepColumns, "sessions" | "growth">,
  plans: readonly BlockPlan[],
): GrowthCheck {
  if (plans.length === 0) throw new RangeError("Cannot check growth: no workload given");
  const observed = sessionGrowth(steps, plans[0]);
  let mismatches = 0;
  let maxDifferenceTokens = 0;
  for (let k = 1; k < plans.length; k++) {
    const totals = sessionGrowth(steps, plans[k]);
    for (let s = 0; s < steps.sessions; s++) {
      const diff = Math.abs(totals[s] - observed[s]);
      if (diff > maxDifferenceTokens) maxDifferenceTokens = diff;
      if (diff > 1e-9 * Math.max(1, Math.abs(observed[s]))) mismatches++;
    }
  }
  return { workloads: plans.length - 1, sessions: steps.sessions, mismatches, maxDifferenceTokens };
}
