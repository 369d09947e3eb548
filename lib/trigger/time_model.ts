/**
 * The compaction time model t_c = a·C + G/v (docs/method.md, Compaction time model).
 *
 * @module
 */
import { fitThroughOrigin } from "../stats/origin_fit.ts";
import type { CompactionTable } from "../transcript/tables.ts";

/** The three fits of {@linkcode fitTimeModel}. */
export interface TimeModel {
  /** t = a·C + G/v. */
  both: { a: number; v: number; rSquared: number; n: number };
  /** t = G/v. */
  summaryOnly: { v: number; rSquared: number; n: number };
  /** t = a·C. */
  inputOnly: { a: number; rSquared: number; n: number };
}

/**
 * Fits the compaction time model by least squares through the origin on the compactions that
 * have a duration, an input size C and a summary size G, precomputed ones left out (their
 * `durationMs` is the swap of a summary made in the background): both regressors (`t = a·C + b·G`,
 * v = 1/b), summary size alone and input size alone. R² is 1 − SS_res/SS_tot with the centred
 * SS_tot, so the single-regressor fits can be negative. `a` is in seconds per input token, `v`
 * in summary tokens per second (negative or infinite v means the fit found summary size slows
 * nothing down; it is reported as fitted, not clamped).
 *
 * @param compactions The reader's compaction table.
 * @returns The three fits.
 * @throws {RangeError} When no compaction has a duration, C and G; when all of them have the
 * same input size (a would only be an intercept); when the normal equations are singular; or
 * when all durations are equal (R² undefined).
 *
 * @example Worked by hand: t = 0.0001·C + G/50 exactly
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitTimeModel } from "./time_model.ts";
 *
 * const inputTokens = Float64Array.from([100000, 200000, 150000]);
 * const summaryTokens = Float64Array.from([1000, 500, 2000]);
 * const durationSeconds = inputTokens.map((c, i) => 0.0001 * c + summaryTokens[i] / 50);
 * const fit = fitTimeModel({ inputTokens, summaryTokens, durationSeconds, length: 3 });
 * assert.ok(Math.abs(fit.both.a - 0.0001) < 1e-12);
 * assert.ok(Math.abs(fit.both.v - 50) < 1e-9);
 * assert.ok(Math.abs(fit.both.rSquared - 1) < 1e-12);
 * ```
 */
export function fitTimeModel(
  compactions:
    & Pick<
      CompactionTable,
      "inputTokens" | "summaryTokens" | "durationSeconds" | "length"
    >
    & Partial<Pick<CompactionTable, "precomputed">>,
): TimeModel {
  const c: number[] = [];
  const g: number[] = [];
  const t: number[] = [];
  for (let i = 0; i < compactions.length; i++) {
    const ci = compactions.inputTokens[i];
    const gi = compactions.summaryTokens[i];
    const ti = compactions.durationSeconds[i];
    // A precomputed compaction's duration is a swap, not a summarizing time.
    if (compactions.precomputed?.[i] === 1) continue;
    if (Number.isFinite(ci) && Number.isFinite(gi) && Number.isFinite(ti)) {
      c.push(ci);
      g.push(gi);
      t.push(ti);
    }
  }
  const n = t.length;
  if (n === 0) {
    throw new RangeError(
      `Cannot fit time model: ${_noneHas(compactions.length)} a duration, ` +
        `an input size and a summary size`,
    );
  }
  if (c.every((v) => v === c[0])) {
    throw new RangeError(
      n === 1
        ? `Cannot fit time model: only 1 timed compaction (input size ${c[0]} tokens); a fit ` +
          `needs two or more of different input sizes`
        : `Cannot fit time model: all ${n} timed compactions have the same input size ` +
          `(${c[0]} tokens)`,
    );
  }
  if (t.every((v) => v === t[0])) {
    throw new RangeError(
      `Cannot fit time model: all ${n} timed compactions have the same duration (${t[0]} s)`,
    );
  }
  let both;
  try {
    both = fitThroughOrigin([c, g], t);
  } catch (error) {
    throw new RangeError(`Cannot fit time model: ${(error as Error).message}`);
  }
  const summaryOnly = _fitOne(g, t, "summary size");
  const inputOnly = _fitOne(c, t, "input size");
  return {
    both: { a: both.coefficients[0], v: 1 / both.coefficients[1], rSquared: both.rSquared, n },
    summaryOnly: { v: 1 / summaryOnly.coefficients[0], rSquared: summaryOnly.rSquared, n },
    inputOnly: { a: inputOnly.coefficients[0], rSquared: inputOnly.rSquared, n },
  };
}

function _fitOne(x: number[], t: number[], name: string) {
  try {
    return fitThroughOrigin([x], t);
  } catch (error) {
    throw new RangeError(`Cannot fit time model on ${name} alone: ${(error as Error).message}`);
  }
}

/** "none of the 3 compactions has", "the 1 compaction does not have" (before what is missing). */
function _noneHas(n: number): string {
  return n === 1 ? "the 1 compaction does not have" : `none of the ${n} compactions has`;
}
