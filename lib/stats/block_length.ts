/**
 * Automatic block length for the block bootstrap: the rule of Politis and White (2004),
 * "Automatic Block-Length Selection for the Dependent Bootstrap" (Econometric Reviews 23(1)),
 * with the correction of Patton, Politis and White (2009, Econometric Reviews 28(4)) to the
 * stationary bootstrap's variance constant.
 *
 * The rule picks the block length b that minimises the mean squared error of the bootstrap's
 * estimate of the long-run variance of the series' mean:
 *
 * - R̂(k): sample autocovariances (divisor N, each group centred on its own mean), ρ̂(k) = R̂(k)/R̂(0);
 * - m̂: the first lag m ≥ 1 such that ρ̂(m … m + K_N − 1) all lie within ±c·√(log₁₀N / N)
 *   (else the largest significant lag, else 1); bandwidth M = min(2·m̂, m_max);
 * - flat-top window λ(s) = 1 for |s| < ½, 2(1 − |s|) for ½ ≤ |s| ≤ 1;
 * - Ĝ = Σ_{|k|≤M} λ(k/M)·|k|·R̂(k), ĝ(0) = Σ_{|k|≤M} λ(k/M)·R̂(k);
 * - D_CB = (4/3)·ĝ(0)² (circular and moving blocks, which share one optimum),
 *   D_SB = 2·ĝ(0)² (stationary bootstrap, as corrected in 2009);
 * - b = (2Ĝ² / D)^{1/3} · N^{1/3}, at most B_max = ⌈min(3√N, N/3)⌉.
 *
 * Constants are those of the R function `np::b.star` (Hayfield and Racine): K_N = max(5,
 * ⌈log₁₀ N⌉), m_max = ⌈√N⌉ + K_N, c = Φ⁻¹(0.975), and an integer length max(1, round(b)).
 * (Patton's Matlab code takes c = 2 and autocorrelations of a trimmed sample; the two agree
 * closely on long series.)
 *
 * Groups: a series may come in independent groups (for the analysis, one per session), each
 * resampled on its own. The autocovariances are then pooled within groups, never across a
 * group's edge: R̂(k) = Σ_g Σ_i (z_{g,i} − z̄_g)(z_{g,i+k} − z̄_g) / N with N the total number
 * of values. Why this is the right N: each group's bootstrap variance has bias ∝ −n_g·G/b and
 * variance ∝ n_g·D·b, so the total over independent groups has the single-series MSE with
 * n = N. With one group this is exactly `np::b.star`. A series with no variation
 * (R̂(0) = 0) has no dependence to keep: every length is 1.
 *
 * @module
 */

/** Options of {@linkcode optimalBlockLength}; each default is the one of `np::b.star`. */
export interface BlockLengthOptions {
  /** K_N, the run of insignificant autocorrelations that ends the search. @default {max(5, ⌈log₁₀ N⌉)} */
  kn?: number;
  /** m_max, the largest lag searched. @default {⌈√N⌉ + K_N} */
  mMax?: number;
  /** B_max, the largest block length returned. @default {⌈min(3√N, N/3)⌉} */
  bMax?: number;
  /** c, the critical value of the significance band c·√(log₁₀N / N). @default {1.959963984540054} */
  c?: number;
}

/** The block lengths the rule gives, per bootstrap method. */
export interface BlockLengthEstimate {
  /** Mean block length of the stationary bootstrap (real, ≥ 0, ≤ B_max). */
  stationary: number;
  /** Block length of the circular block bootstrap (real, ≥ 0, ≤ B_max). */
  circular: number;
  /** Block length of the moving block bootstrap: the circular one (same asymptotic MSE). */
  moving: number;
  /** m̂, the lag where the autocorrelations stop being significant. */
  lagOrder: number;
  /** M = min(2·m̂, m_max), the flat-top window's bandwidth. */
  bandwidth: number;
  /** N, the number of values. */
  observations: number;
  /** B_max, the cap applied. */
  cap: number;
}

/** Φ⁻¹(0.975), R's `qnorm(0.975)`. */
const Z975 = 1.959963984540054;

/** The flat-top lag window of Politis and Romano (1995). */
function _flatTop(s: number): number {
  const a = Math.abs(s);
  if (a < 0.5) return 1;
  if (a <= 1) return 2 * (1 - a);
  return 0;
}

/**
 * The Politis–White block lengths of a series, or of a series in independent groups (pooled
 * within groups, see the module notes). O(N · m_max).
 *
 * @param values The series (e.g. each step's context growth d_i).
 * @param groups Optional groups over `values`: `start[g]`, `length[g]` (default: one group, all
 *   of `values`). Positions outside every group are not used.
 * @param options K_N, m_max, B_max and c (defaults of `np::b.star`).
 * @returns The lengths per method, real-valued; round with {@linkcode roundBlockLength}.
 * @throws {RangeError} When fewer than 2 values are given, a value is not finite, or a group
 *   lies outside `values`.
 *
 * @example An AR(1) series with strong dependence wants longer blocks than white noise
 * ```ts
 * import assert from "node:assert/strict";
 * import { optimalBlockLength } from "./block_length.ts";
 * import { Pcg32 } from "./pcg32.ts";
 *
 * const prng = new Pcg32(7, 1);
 * const noise = Array.from({ length: 400 }, () => prng.nextFloat() - 0.5);
 * const ar = [...noise];
 * for (let i = 1; i < ar.length; i++) ar[i] = 0.8 * ar[i - 1] + noise[i];
 * const white = optimalBlockLength(noise);
 * const dependent = optimalBlockLength(ar);
 * assert.ok(dependent.stationary > 3 * white.stationary);
 * assert.ok(dependent.circular > dependent.stationary); // D_CB < D_SB
 * ```
 */
export function optimalBlockLength(
  values: ArrayLike<number>,
  groups?: { start: ArrayLike<number>; length: ArrayLike<number> },
  options: BlockLengthOptions = {},
): BlockLengthEstimate {
  const starts = groups ? Array.from(groups.start) : [0];
  const lengths = groups ? Array.from(groups.length) : [values.length];
  let n = 0;
  for (let g = 0; g < starts.length; g++) {
    if (starts[g] < 0 || lengths[g] < 0 || starts[g] + lengths[g] > values.length) {
      throw new RangeError(
        `Cannot choose a block length: group ${g} (${starts[g]} + ${lengths[g]}) lies outside ` +
          `the ${values.length} values`,
      );
    }
    for (let i = starts[g]; i < starts[g] + lengths[g]; i++) {
      if (!Number.isFinite(values[i])) {
        throw new RangeError(
          `Cannot choose a block length: value ${i} is not a finite number (${values[i]})`,
        );
      }
    }
    n += lengths[g];
  }
  if (n < 2) {
    throw new RangeError(`Cannot choose a block length: need at least 2 values, got ${n}`);
  }
  const { mMax } = blockLengthLimits(n, options);
  // The pooled autocovariances R̂(0 … m_max), group by group.
  const sums = new Float64Array(mMax + 1);
  for (let g = 0; g < starts.length; g++) {
    addAutocovarianceSums(sums, values, starts[g], lengths[g]);
  }
  return blockLengthFromSums(sums, n, options);
}

/**
 * K_N, m_max, B_max and c of the rule for N values (the options', else `np::b.star`'s).
 *
 * @param n N, the number of values.
 * @param options Given constants.
 * @returns The constants.
 */
export function blockLengthLimits(
  n: number,
  options: BlockLengthOptions = {},
): { kn: number; mMax: number; bMax: number; c: number } {
  const kn = options.kn ?? Math.max(5, Math.ceil(Math.log10(n)));
  return {
    kn,
    mMax: options.mMax ?? Math.ceil(Math.sqrt(n)) + kn,
    bMax: options.bMax ?? Math.ceil(Math.min(3 * Math.sqrt(n), n / 3)),
    c: options.c ?? Z975,
  };
}

/**
 * Adds one group's lagged products to the sums of the pooled autocovariances: for each lag k
 * below `sums.length`, Σ_i (z_i − z̄)(z_{i+k} − z̄) over the group, centred on its own mean.
 * Groups added one after another in their order give the same sums, to the bit, as
 * {@linkcode optimalBlockLength} over all of them (the same additions in the same order), so a
 * series streamed group by group gets the same lengths from {@linkcode blockLengthFromSums}.
 *
 * @param sums The sums, one per lag 0 … m_max (added to).
 * @param values The series.
 * @param start The group's first position.
 * @param length Its number of values.
 */
export function addAutocovarianceSums(
  sums: Float64Array,
  values: ArrayLike<number>,
  start: number,
  length: number,
): void {
  if (length === 0) return;
  let mean = 0;
  for (let i = 0; i < length; i++) mean += values[start + i];
  mean /= length;
  const z = new Float64Array(length);
  for (let i = 0; i < length; i++) z[i] = values[start + i] - mean;
  // Lags at or past the group's length add nothing.
  for (let k = 0, end = Math.min(sums.length, length); k < end; k++) {
    let sum = sums[k];
    for (let i = 0; i + k < length; i++) sum += z[i] * z[i + k];
    sums[k] = sum;
  }
}

/**
 * The block lengths from the sums of the pooled autocovariances (the rest of the rule).
 *
 * @param sums Σ over the groups of the lagged products, lags 0 … m_max
 *   ({@linkcode addAutocovarianceSums}); m_max is `sums.length − 1`.
 * @param n N, the number of values (at least 2).
 * @param options K_N, B_max and c (m_max is the sums').
 * @returns The lengths per method, real-valued.
 */
export function blockLengthFromSums(
  sums: Float64Array,
  n: number,
  options: BlockLengthOptions = {},
): BlockLengthEstimate {
  const { kn, bMax, c } = blockLengthLimits(n, options);
  const mMax = sums.length - 1;
  const acov = Float64Array.from(sums, (v) => v / n);
  const base = { observations: n, cap: bMax };
  if (!(acov[0] > 0)) {
    return { stationary: 1, circular: 1, moving: 1, lagOrder: 1, bandwidth: 0, ...base };
  }

  // m̂: first lag starting a run of K_N insignificant autocorrelations.
  const crit = c * Math.sqrt(Math.log10(n) / n);
  const insignificant = (k: number) => Math.abs(acov[k] / acov[0]) < crit;
  let lagOrder = 0;
  for (let j = 1; j + kn - 1 <= mMax && lagOrder === 0; j++) {
    let run = 0;
    for (let k = j; k < j + kn; k++) if (insignificant(k)) run++;
    if (run === kn) lagOrder = j;
  }
  if (lagOrder === 0) {
    for (let k = 1; k <= mMax; k++) if (!insignificant(k)) lagOrder = k;
    if (lagOrder === 0) lagOrder = 1;
  }
  const m = Math.min(2 * lagOrder, mMax);

  let gHat = 0;
  let g0 = acov[0];
  for (let k = 1; k <= m; k++) {
    const w = _flatTop(k / m);
    gHat += 2 * w * k * acov[k];
    g0 += 2 * w * acov[k];
  }
  const length = (d: number) => {
    // 0/0 (no curvature, no variance at frequency 0): nothing to choose by, so 1.
    const b = Math.cbrt((2 * gHat * gHat) / d) * Math.cbrt(n);
    return Number.isNaN(b) ? 1 : Math.min(b, bMax);
  };
  const circular = length((4 / 3) * g0 * g0);
  return {
    stationary: length(2 * g0 * g0),
    circular,
    moving: circular,
    lagOrder,
    bandwidth: m,
    ...base,
  };
}

/**
 * The integer block length for a real one, as `np::b.star(round = TRUE)` gives it:
 * max(1, round(b)), halves rounded to even as R does.
 *
 * @param b A block length from {@linkcode optimalBlockLength}.
 * @returns An integer ≥ 1.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { roundBlockLength } from "./block_length.ts";
 *
 * assert.equal(roundBlockLength(0.2), 1);
 * assert.equal(roundBlockLength(6.5), 6);
 * assert.equal(roundBlockLength(7.5), 8);
 * assert.equal(roundBlockLength(7.51), 8);
 * ```
 */
export function roundBlockLength(b: number): number {
  const floor = Math.floor(b);
  const rest = b - floor;
  const rounded = rest > 0.5 ? floor + 1 : rest < 0.5 ? floor : floor % 2 === 0 ? floor : floor + 1;
  return Math.max(1, rounded);
}
