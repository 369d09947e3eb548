/**
 * Least squares through the origin with one or two regressors.
 *
 * @module
 */
import { NeumaierAccumulator } from "./neumaier_accumulator.ts";
import { rSquared } from "./r_squared.ts";

/** Result of {@linkcode fitThroughOrigin}. */
export interface OriginFit {
  /** One coefficient per regressor, in the order given. */
  coefficients: number[];
  /** Number of observations. */
  n: number;
  /** R² = 1 − SS_res / SS_tot, centred SS_tot (can be negative). */
  rSquared: number;
}

/** Options of {@linkcode fitThroughOrigin}. */
export interface OriginFitOptions {
  /**
   * Smallest accepted determinant of the normal equations after scaling each regressor to unit
   * length (1 − r², r the uncentred correlation of the two regressors); below it the system is
   * reported singular.
   *
   * @default {1e-12}
   */
  singularTolerance?: number;
}

/** Defaults of {@linkcode OriginFitOptions}. */
export const DEFAULT_ORIGIN_FIT_OPTIONS: Required<OriginFitOptions> = {
  singularTolerance: 1e-12,
};

/**
 * Fits `y = b₁·x₁ (+ b₂·x₂)` by least squares with no intercept, solving the normal equations
 * (`XᵀX b = Xᵀy`, 1×1 or 2×2) directly; the columns are scaled to unit length first so the
 * singularity test does not depend on units. Sums are compensated. O(n).
 *
 * @param regressors One or two columns x₁ (, x₂), each as long as `y`.
 * @param y The response.
 * @param options Tolerances.
 * @returns The coefficients, n and R².
 * @throws {TypeError} When there are not one or two regressors, or the lengths differ.
 * @throws {RangeError} When there are no observations, a regressor is all zero, the two
 * regressors are collinear (singular normal equations), or all y are equal (R² undefined).
 *
 * @example Worked by hand
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitThroughOrigin } from "./origin_fit.ts";
 *
 * // x = [1, 2, 3], y = [2, 4, 7]: b = Σxy / Σx² = (2 + 8 + 21) / 14 = 31/14
 * const fit = fitThroughOrigin([[1, 2, 3]], [2, 4, 7]);
 * assert.ok(Math.abs(fit.coefficients[0] - 31 / 14) < 1e-12);
 * assert.equal(fit.n, 3);
 * ```
 */
export function fitThroughOrigin(
  regressors: ArrayLike<number>[],
  y: ArrayLike<number>,
  options: OriginFitOptions = {},
): OriginFit {
  const { singularTolerance } = { ...DEFAULT_ORIGIN_FIT_OPTIONS, ...options };
  const k = regressors.length;
  if (k !== 1 && k !== 2) {
    throw new TypeError(`Cannot fit through the origin: expected 1 or 2 regressors, got ${k}`);
  }
  const n = y.length;
  for (const [j, col] of regressors.entries()) {
    if (col.length !== n) {
      throw new TypeError(
        `Cannot fit through the origin: regressor ${j + 1} has ${col.length} values, y has ${n}`,
      );
    }
  }
  if (n === 0) throw new RangeError("Cannot fit through the origin: there are no observations");
  const x1 = regressors[0];
  const s11 = new NeumaierAccumulator();
  const s1y = new NeumaierAccumulator();
  for (let i = 0; i < n; i++) {
    s11.add(x1[i] * x1[i]);
    s1y.add(x1[i] * y[i]);
  }
  if (!(s11.value > 0)) {
    throw new RangeError(`Cannot fit through the origin: regressor 1 is zero in all ${n} rows`);
  }
  let coefficients: number[];
  if (k === 1) {
    coefficients = [s1y.value / s11.value];
  } else {
    const x2 = regressors[1];
    const s22 = new NeumaierAccumulator();
    const s12 = new NeumaierAccumulator();
    const s2y = new NeumaierAccumulator();
    for (let i = 0; i < n; i++) {
      s22.add(x2[i] * x2[i]);
      s12.add(x1[i] * x2[i]);
      s2y.add(x2[i] * y[i]);
    }
    if (!(s22.value > 0)) {
      throw new RangeError(`Cannot fit through the origin: regressor 2 is zero in all ${n} rows`);
    }
    const n1 = Math.sqrt(s11.value);
    const n2 = Math.sqrt(s22.value);
    const r = s12.value / (n1 * n2);
    const det = 1 - r * r;
    if (!(det > singularTolerance)) {
      throw new RangeError(
        `Cannot fit through the origin: the 2×2 normal equations are singular ` +
          `(the two regressors are proportional over ${n} rows; 1 − r² = ${det})`,
      );
    }
    const q1 = s1y.value / n1;
    const q2 = s2y.value / n2;
    coefficients = [(q1 - r * q2) / det / n1, (q2 - r * q1) / det / n2];
  }
  const predicted = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let p = coefficients[0] * x1[i];
    if (k === 2) p += coefficients[1] * regressors[1][i];
    predicted[i] = p;
  }
  return { coefficients, n, rSquared: rSquared(y, predicted) };
}
