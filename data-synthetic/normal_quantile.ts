/**
 * The standard normal quantile function Φ⁻¹, for stratified (quasi-random) normal draws.
 *
 * @module
 */

const A = [
  -3.969683028665376e1,
  2.209460984245205e2,
  -2.759285104469687e2,
  1.38357751867269e2,
  -3.066479806614716e1,
  2.506628277459239,
];
const B = [
  -5.447609879822406e1,
  1.615858368580409e2,
  -1.556989798598866e2,
  6.680131188771972e1,
  -1.328068155288572e1,
];
const C = [
  -7.784894002430293e-3,
  -3.223964580411365e-1,
  -2.400758277161838,
  -2.549732539343734,
  4.374664141464968,
  2.938163982698783,
];
const D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
const LOW = 0.02425;

/**
 * Φ⁻¹(p) by Acklam's rational approximation (relative error below 1.2·10⁻⁹), O(1).
 * Reference: P. J. Acklam, "An algorithm for computing the inverse normal cumulative
 * distribution function" (2003).
 *
 * @param p Probability in (0, 1).
 * @returns z with Φ(z) = p.
 * @throws {RangeError} when p is not strictly between 0 and 1.
 *
 * @example Values from tables of the normal distribution
 * ```ts
 * import { normalQuantile } from "./normal_quantile.ts";
 * import assert from "node:assert/strict";
 * assert.equal(normalQuantile(0.5), 0);
 * assert.ok(Math.abs(normalQuantile(0.975) - 1.959964) < 1e-6);
 * assert.ok(Math.abs(normalQuantile(0.001) + 3.090232) < 1e-6);
 * ```
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) {
    throw new RangeError(`Cannot take the normal quantile of ${p}: must be in (0, 1)`);
  }
  if (p === 0.5) return 0;
  if (p < LOW) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5]) /
      ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1);
  }
  if (p > 1 - LOW) return -normalQuantile(1 - p);
  const q = p - 0.5, r = q * q;
  return (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q /
    (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1);
}
