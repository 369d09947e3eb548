/**
 * Near-optimal ranges: the triggers whose mean cost is within a tolerance of the cheapest
 * (docs/method.md, Near-optimal ranges).
 *
 * @module
 */

/** The tolerances the analysis reports: 1%, 2% and 5% above the cheapest mean cost. */
export const NEAR_OPTIMAL_TOLERANCES: readonly number[] = Object.freeze([0.01, 0.02, 0.05]);

/** The tolerance the figure shades, the answer sentence names and the recommendation carries. */
export const HEADLINE_TOLERANCE = 0.02;

/** One near-optimal range. */
export interface NearOptimalRange {
  /** Tolerance, a share of the cheapest mean cost (0.02: within 2%). */
  tolerance: number;
  /** Lowest grid trigger within the tolerance, tokens. */
  fromTokens: number;
  /** Highest grid trigger within the tolerance, tokens. */
  toTokens: number;
  /** Every grid trigger from `fromTokens` to `toTokens` is within the tolerance. */
  contiguous: boolean;
  /** Runs of grid triggers between the bounds that are not within it (empty when contiguous). */
  holes: { fromTokens: number; toTokens: number }[];
  /** Grid triggers within the tolerance. */
  triggers: number;
}

/**
 * For each tolerance τ: the lowest and highest trigger whose mean cost is at most
 * (1 + τ) × the cheapest mean cost, and the triggers between them that are not (holes).
 * NaN costs are never within. O(triggers × tolerances).
 *
 * @param triggers Grid triggers, tokens, ascending.
 * @param meanCost Mean cost per million at each trigger.
 * @param tolerances Tolerances, ≥ 0. @default {NEAR_OPTIMAL_TOLERANCES}
 * @returns One range per tolerance, in the given order; empty when no cost is finite.
 * @throws {RangeError} When the lengths differ or a tolerance is negative.
 *
 * @example A curve with a hole: 1.00 at 100K, 1.05 at 110K, 1.01 at 120K
 * ```ts
 * import assert from "node:assert/strict";
 * import { nearOptimalRanges } from "./near_optimal.ts";
 *
 * const [r] = nearOptimalRanges([90e3, 100e3, 110e3, 120e3], [1.2, 1.0, 1.05, 1.01], [0.02]);
 * assert.deepEqual([r.fromTokens, r.toTokens, r.contiguous], [100e3, 120e3, false]);
 * assert.deepEqual(r.holes, [{ fromTokens: 110e3, toTokens: 110e3 }]);
 * ```
 */
export function nearOptimalRanges(
  triggers: ArrayLike<number>,
  meanCost: ArrayLike<number>,
  tolerances: readonly number[] = NEAR_OPTIMAL_TOLERANCES,
): NearOptimalRange[] {
  if (triggers.length !== meanCost.length) {
    throw new RangeError(
      `Cannot find near-optimal ranges: ${triggers.length} triggers but ${meanCost.length} costs`,
    );
  }
  let best = Infinity;
  for (let i = 0; i < meanCost.length; i++) if (meanCost[i] < best) best = meanCost[i];
  if (!Number.isFinite(best)) return [];
  return tolerances.map((tolerance) => {
    if (!(tolerance >= 0)) {
      throw new RangeError(`Cannot find near-optimal ranges: tolerance ${tolerance} is not >= 0`);
    }
    const limit = best * (1 + tolerance);
    const within = (i: number) => meanCost[i] <= limit;
    let lo = -1, hi = -1, count = 0;
    for (let i = 0; i < triggers.length; i++) {
      if (!within(i)) continue;
      if (lo < 0) lo = i;
      hi = i;
      count++;
    }
    const holes: NearOptimalRange["holes"] = [];
    for (let i = lo; i <= hi; i++) {
      if (within(i)) continue;
      let j = i;
      while (j + 1 <= hi && !within(j + 1)) j++;
      holes.push({ fromTokens: triggers[i], toTokens: triggers[j] });
      i = j;
    }
    return {
      tolerance,
      fromTokens: triggers[lo],
      toTokens: triggers[hi],
      contiguous: holes.length === 0,
      holes,
      triggers: count,
    };
  });
}
