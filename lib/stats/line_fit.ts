/**
 * Ordinary least squares of a straight line with intercept.
 *
 * @module
 */
import { neumaierSum } from "./neumaier_sum.ts";
import { rSquared } from "./r_squared.ts";

/** Result of {@linkcode fitLine}. */
export interface LineFit {
  /** Value at x = 0. */
  intercept: number;
  /** Change of y per unit of x. */
  slope: number;
  /** Number of observations. */
  n: number;
  /** R² = 1 − SS_res / SS_tot (NaN when all y are equal: a flat line fits exactly). */
  rSquared: number;
  /**
   * The slope's t statistic, slope / se(slope) with se² = SS_res / ((n − 2)·Σ(x − x̄)²): NaN
   * with fewer than 3 observations (no degree of freedom left) or when slope and residuals are
   * all 0; ±Infinity when the points lie exactly on a sloped line.
   */
  slopeTStatistic: number;
}

/**
 * Fits `y = intercept + slope·x` by ordinary least squares on centred data
 * (slope = Σ(x − x̄)(y − ȳ) / Σ(x − x̄)²), with the slope's t statistic for a significance
 * test against Student's t with n − 2 degrees of freedom. Sums are compensated. O(n).
 *
 * @param x The regressor.
 * @param y The response, same length.
 * @returns Intercept, slope, n, R² and the slope's t statistic.
 * @throws {TypeError} When the lengths differ.
 * @throws {RangeError} With fewer than 2 observations or when all x are equal.
 *
 * @example Worked by hand
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitLine } from "./line_fit.ts";
 *
 * // x = [0, 1, 2], y = [1, 3, 4]: x̄ = 1, ȳ = 8/3; Sxy = (-1)(-5/3) + 0 + (1)(4/3) = 3,
 * // Sxx = 2 -> slope 1.5, intercept 8/3 - 1.5 = 7/6
 * const fit = fitLine([0, 1, 2], [1, 3, 4]);
 * assert.ok(Math.abs(fit.slope - 1.5) < 1e-12);
 * assert.ok(Math.abs(fit.intercept - 7 / 6) < 1e-12);
 * // residuals 1 - 7/6, 3 - 8/3, 4 - 25/6 = -1/6, 1/3, -1/6: SS_res = 1/6, se² = (1/6)/(1·2)
 * // -> t = 1.5/√(1/12) = 1.5·√12 ≈ 5.196
 * assert.ok(Math.abs(fit.slopeTStatistic - 1.5 * Math.sqrt(12)) < 1e-9);
 * ```
 */
export function fitLine(x: ArrayLike<number>, y: ArrayLike<number>): LineFit {
  const n = x.length;
  if (y.length !== n) {
    throw new TypeError(`Cannot fit a line: x has ${n} values, y has ${y.length}`);
  }
  if (n < 2) throw new RangeError(`Cannot fit a line: need at least 2 observations, got ${n}`);
  const mx = neumaierSum(x) / n;
  const my = neumaierSum(y) / n;
  const sxx = new Float64Array(n);
  const sxy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    sxx[i] = (x[i] - mx) ** 2;
    sxy[i] = (x[i] - mx) * (y[i] - my);
  }
  const sx = neumaierSum(sxx);
  if (!(sx > 0)) {
    throw new RangeError(`Cannot fit a line: all ${n} x values are equal`);
  }
  const slope = neumaierSum(sxy) / sx;
  const intercept = my - slope * mx;
  const predicted = new Float64Array(n);
  const residual2 = new Float64Array(n);
  let allEqual = true;
  for (let i = 0; i < n; i++) {
    predicted[i] = intercept + slope * x[i];
    residual2[i] = (y[i] - predicted[i]) ** 2;
    if (y[i] !== y[0]) allEqual = false;
  }
  const se = n > 2 ? Math.sqrt(neumaierSum(residual2) / (n - 2) / sx) : NaN;
  return {
    intercept,
    slope,
    n,
    rSquared: allEqual ? NaN : rSquared(y, predicted),
    slopeTStatistic: slope / se,
  };
}
