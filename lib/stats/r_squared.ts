/**
 * Coefficient of determination.
 *
 * @module
 */
import { neumaierSum } from "./neumaier_sum.ts";

/**
 * R² = 1 − SS_res / SS_tot with SS_tot = Σ (y − mean y)², as docs/method.md (Compaction time model)
 * defines it. For a fit through the origin this is not the "uncentred" R² some packages report: it
 * compares against the mean, so it can be negative when the fit is worse than the mean. O(n).
 *
 * @param observed Observed values y.
 * @param predicted Fitted values ŷ, same length.
 * @returns R².
 * @throws {TypeError} When the lengths differ.
 * @throws {RangeError} When there are no values, or all observed values are equal
 * (SS_tot = 0, R² undefined).
 *
 * @example A fit worse than the mean gives a negative R²
 * ```ts
 * import assert from "node:assert/strict";
 * import { rSquared } from "./r_squared.ts";
 *
 * // mean 2, SS_tot = 2; residuals 1, 0, -1 -> SS_res = 2 -> R² = 0
 * assert.equal(rSquared([1, 2, 3], [0, 2, 4]), 0);
 * // residuals 0, 0, 3 -> SS_res = 9 -> R² = 1 - 9/2 = -3.5
 * assert.equal(rSquared([1, 2, 3], [1, 2, 0]), -3.5);
 * ```
 */
export function rSquared(observed: ArrayLike<number>, predicted: ArrayLike<number>): number {
  const n = observed.length;
  if (predicted.length !== n) {
    throw new TypeError(
      `Cannot compute R²: ${n} observed values but ${predicted.length} predicted values`,
    );
  }
  if (n === 0) throw new RangeError("Cannot compute R²: there are no values");
  const mean = neumaierSum(observed) / n;
  const tot = new Float64Array(n);
  const res = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    tot[i] = (observed[i] - mean) ** 2;
    res[i] = (observed[i] - predicted[i]) ** 2;
  }
  const ssTot = neumaierSum(tot);
  if (!(ssTot > 0)) {
    throw new RangeError(`Cannot compute R²: all ${n} observed values are equal`);
  }
  return 1 - neumaierSum(res) / ssTot;
}
