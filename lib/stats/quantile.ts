/**
 * Sample quantiles, type 7 (Hyndman & Fan 1996; R's default, numpy's `linear`).
 *
 * @module
 */
import { quantileSorted } from "simple-statistics";

/**
 * The type-7 quantile of values sorted ascending: with h = (n − 1)·p, the linear interpolation
 * between the order statistics at ⌊h⌋ and ⌈h⌉. Delegates to simple-statistics'
 * `quantileSorted`, which implements type 7 since 7.8.9 (the version pinned here), so that the
 * bands agree with what simple-statistics computes. O(1).
 *
 * @param sorted Values sorted ascending (no NaN).
 * @param p Probability in [0, 1].
 * @returns The quantile.
 * @throws {RangeError} When `sorted` is empty or `p` is outside [0, 1].
 *
 * @example R: `quantile(1:10, c(0.1, 0.5, 0.9))` is 1.9, 5.5, 9.1
 * ```ts
 * import assert from "node:assert/strict";
 * import { quantileType7 } from "./quantile.ts";
 *
 * const xs = Float64Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
 * assert.ok(Math.abs(quantileType7(xs, 0.1) - 1.9) < 1e-12);
 * assert.equal(quantileType7(xs, 0.5), 5.5);
 * assert.ok(Math.abs(quantileType7(xs, 0.9) - 9.1) < 1e-12);
 * ```
 */
export function quantileType7(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) {
    throw new RangeError("Cannot take a quantile: there are no values");
  }
  if (!(p >= 0 && p <= 1)) {
    throw new RangeError(`Cannot take a quantile: p must be in [0, 1], got ${p}`);
  }
  return quantileSorted(sorted as number[], p);
}
