/**
 * The compaction time model t_c = a·C + G/v fitted with a ≥ 0 and 1/v ≥ 0 (docs/method.md,
 * Compaction time model, "Constrained fit").
 *
 * The unconstrained fit of time_model.ts can give a negative a or v when few compactions are
 * timed (two compactions fit any pair exactly); a negative time per token makes the time share
 * meaningless. This module solves the same least squares through the origin under the
 * constraints a ≥ 0, b = 1/v ≥ 0 (non-negative least squares, NNLS). With two regressors the
 * NNLS solution is one of: the unconstrained fit when both coefficients are ≥ 0, else the
 * one-regressor fit on input size (b = 0, v = ∞: summary size adds no time) or on summary size
 * (a = 0), whichever leaves the smaller sum of squared residuals. When one coefficient is given
 * by hand, the other is refitted with it fixed (and floored at 0).
 *
 * @module
 */
import type { CompactionTable } from "../transcript/tables.ts";

/** Which fit gave the coefficients of {@linkcode ConstrainedTimeFit}. */
export type ConstrainedTimeMethod =
  | "both"
  | "input only"
  | "summary only"
  | "a given"
  | "v given"
  | "given";

/** The time model as used: a ≥ 0 and v > 0 (v = ∞ when summary size adds no time). */
export interface ConstrainedTimeFit {
  /** Seconds per compaction input token (≥ 0). */
  a: number;
  /** Summary tokens per second (> 0; Infinity when the fit gives summary size no time). */
  v: number;
  /** R² of the used coefficients on the timed compactions (centred SS_tot; NaN when n = 0). */
  rSquared: number;
  /** Timed compactions (with a duration, C and G). */
  n: number;
  /** Which fit: both regressors, one of them, or refitted beside a given value. */
  method: ConstrainedTimeMethod;
  /** Why this fit, in a sentence. */
  reason: string;
}

/** Values of a and v given by hand (null: fit it). */
export interface GivenTimeModel {
  /** a, seconds per input token. @default {null} */
  a?: number | null;
  /** v, summary tokens per second. @default {null} */
  v?: number | null;
}

/**
 * Fits t = a·C + G/v with a ≥ 0 and v > 0 (see the module notes), or refits the one coefficient
 * not given. Uses the compactions with a finite duration, C and G, precomputed ones left out.
 *
 * @param compactions The reader's compaction table (durations, C, G).
 * @param given a and/or v fixed by hand.
 * @returns The coefficients used and which fit gave them.
 * @throws {RangeError} When neither is given and no compaction is timed, or the timed ones
 * have all C and all G zero.
 *
 * @example Two compactions: the exact fit has v < 0, NNLS falls back to C alone
 * ```ts
 * import assert from "node:assert/strict";
 * import { constrainedTimeFit } from "./constrained_time_fit.ts";
 *
 * // Exact solution: 100000a + 1000b = 20, 200000a + 4000b = 30 → b = −0.005, a = 0.00025.
 * const table = {
 *   length: 2,
 *   inputTokens: Float64Array.of(100000, 200000),
 *   summaryTokens: Float64Array.of(1000, 4000),
 *   durationSeconds: Float64Array.of(20, 30),
 * };
 * const fit = constrainedTimeFit(table);
 * assert.equal(fit.method, "input only");
 * // a = ΣCt / ΣC² = (2e6 + 6e6) / (1e10 + 4e10) = 1.6e-4
 * assert.ok(Math.abs(fit.a - 1.6e-4) < 1e-15);
 * assert.equal(fit.v, Infinity);
 * ```
 */
export function constrainedTimeFit(
  compactions:
    & Pick<
      CompactionTable,
      "inputTokens" | "summaryTokens" | "durationSeconds" | "length"
    >
    & Partial<Pick<CompactionTable, "precomputed">>,
  given: GivenTimeModel = {},
): ConstrainedTimeFit {
  const givenA = given.a ?? null;
  const givenV = given.v ?? null;
  const c: number[] = [], g: number[] = [], t: number[] = [];
  for (let i = 0; i < compactions.length; i++) {
    const ci = compactions.inputTokens[i];
    const gi = compactions.summaryTokens[i];
    const ti = compactions.durationSeconds[i];
    // A precomputed compaction's duration is a swap, not a summarizing time (time_model.ts).
    if (compactions.precomputed?.[i] === 1) continue;
    if (Number.isFinite(ci) && Number.isFinite(gi) && Number.isFinite(ti)) {
      c.push(ci);
      g.push(gi);
      t.push(ti);
    }
  }
  const n = t.length;
  const r2 = (a: number, b: number) => _rSquared(c, g, t, a, b);
  if (givenA !== null && givenV !== null) {
    return {
      a: givenA,
      v: givenV,
      rSquared: r2(givenA, 1 / givenV),
      n,
      method: "given",
      reason: "a and v given by hand",
    };
  }
  if (n === 0) {
    throw new RangeError(
      `Cannot fit time model: none of the ${compactions.length} compactions has a duration, ` +
        `an input size and a summary size`,
    );
  }
  const scc = _dot(c, c), sgg = _dot(g, g), scg = _dot(c, g);
  const sct = _dot(c, t), sgt = _dot(g, t);
  if (givenV !== null) {
    // t − G/v = a·C: a = ΣC(t − G/v) / ΣC², floored at 0.
    const b = 1 / givenV;
    const a = scc > 0 ? Math.max(0, (sct - b * scg) / scc) : 0;
    return {
      a,
      v: givenV,
      rSquared: r2(a, b),
      n,
      method: "v given",
      reason: `v = ${givenV} tokens/s given by hand; a refitted with v fixed` +
        (scc > 0 && sct - b * scg < 0 ? " (floored at 0: the given v explains all the time)" : ""),
    };
  }
  if (givenA !== null) {
    const b = sgg > 0 ? Math.max(0, (sgt - givenA * scg) / sgg) : 0;
    return {
      a: givenA,
      v: 1 / b,
      rSquared: r2(givenA, b),
      n,
      method: "a given",
      reason: `a = ${givenA} s/token given by hand; v refitted with a fixed` +
        (b === 0 ? " (summary size adds no time beside the given a: v = ∞)" : ""),
    };
  }
  if (scc === 0 && sgg === 0) {
    throw new RangeError(
      `Cannot fit time model: all ${n} timed compactions have zero input and summary sizes`,
    );
  }
  const candidates: { a: number; b: number; method: ConstrainedTimeMethod }[] = [];
  const det = scc * sgg - scg * scg;
  let both: { a: number; b: number } | null = null;
  if (det > 1e-12 * scc * sgg) {
    both = { a: (sgg * sct - scg * sgt) / det, b: (scc * sgt - scg * sct) / det };
    if (both.a >= 0 && both.b >= 0) candidates.push({ ...both, method: "both" });
  }
  if (scc > 0) candidates.push({ a: Math.max(0, sct / scc), b: 0, method: "input only" });
  if (sgg > 0) candidates.push({ a: 0, b: Math.max(0, sgt / sgg), method: "summary only" });
  let best = candidates[0];
  let bestSs = _ssRes(c, g, t, best.a, best.b);
  for (const cand of candidates.slice(1)) {
    const ss = _ssRes(c, g, t, cand.a, cand.b);
    // The unconstrained fit comes first and wins ties (it is the least-squares minimum).
    if (ss < bestSs - 1e-12 * Math.max(1, bestSs)) {
      best = cand;
      bestSs = ss;
    }
  }
  const reason = best.method === "both"
    ? `both coefficients of the least-squares fit are >= 0`
    : both === null
    ? `C and G are collinear on the ${n} timed compactions; the one-regressor fit with the ` +
      `smaller residual is used`
    : `the unconstrained fit gives ${both.a < 0 ? `a = ${_sig(both.a)} s/token` : ""}${
      both.a < 0 && both.b < 0 ? " and " : ""
    }${both.b < 0 ? `v = ${_sig(1 / both.b)} tokens/s` : ""} (must not be negative); ` +
      `non-negative least squares keeps the ${best.method} fit`;
  return { a: best.a, v: 1 / best.b, rSquared: r2(best.a, best.b), n, method: best.method, reason };
}

function _dot(x: number[], y: number[]): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i] * y[i];
  return s;
}

function _ssRes(c: number[], g: number[], t: number[], a: number, b: number): number {
  let s = 0;
  for (let i = 0; i < t.length; i++) s += (t[i] - a * c[i] - b * g[i]) ** 2;
  return s;
}

function _rSquared(c: number[], g: number[], t: number[], a: number, b: number): number {
  const n = t.length;
  if (n === 0) return NaN;
  let mean = 0;
  for (const ti of t) mean += ti;
  mean /= n;
  let tot = 0;
  for (const ti of t) tot += (ti - mean) ** 2;
  const res = _ssRes(c, g, t, a, Number.isFinite(b) ? b : 0);
  return tot > 0 ? 1 - res / tot : NaN;
}

function _sig(x: number): string {
  return Number(x.toPrecision(4)).toString();
}
