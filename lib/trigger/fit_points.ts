/**
 * The points behind the compaction fits (docs/method.md, Compaction time model and
 * Summary-size model), laid out for drawing: the timed
 * compactions with the two-regressor fit's values and residuals, the three fitted lines, and
 * the compactions the summary-size model G(C) was fitted on.
 *
 * @module
 */
import type { CompactionTable } from "../transcript/tables.ts";
import type { SummaryModel } from "./summary_model.ts";
import type { TimeModel } from "./time_model.ts";

/** A straight line y = intercept + slope·x. */
export interface FitLine {
  /** Value at x = 0. */
  intercept: number;
  /** Change of y per unit of x. */
  slope: number;
}

/** The compactions the time fit used, with the two-regressor fit's values. */
export interface TimeFitPoints {
  /** Number of points: compactions with a finite duration, C and G (as `fitTimeModel` uses). */
  length: number;
  /** C, tokens. */
  inputTokens: Float64Array;
  /** G, tokens. */
  summaryTokens: Float64Array;
  /** t, seconds. */
  durationSeconds: Float64Array;
  /** a·C + G/v of the two-regressor fit, seconds. */
  fittedBoth: Float64Array;
  /** t − (a·C + G/v), seconds. */
  residualBoth: Float64Array;
  /** t = a·C of the input-only fit (x: C in tokens, y: seconds). */
  inputOnlyLine: FitLine;
  /** t = G/v of the summary-only fit (x: G in tokens, y: seconds). */
  summaryOnlyLine: FitLine;
}

/**
 * Lays out the timed compactions against a fitted time model: the same rows `fitTimeModel`
 * keeps (finite duration, C and G), the values and residuals of the two-regressor fit, and the
 * single-regressor fits as lines through the origin. O(compactions).
 *
 * @param compactions The reader's compaction table.
 * @param model The fits of `fitTimeModel` on the same table.
 * @returns The points and lines.
 *
 * @example Worked by hand: a = 0.001 s/token, v = 10 tokens/s
 * ```ts
 * import assert from "node:assert/strict";
 * import { timeFitPoints } from "./fit_points.ts";
 *
 * const compactions = {
 *   length: 3,
 *   inputTokens: Float64Array.of(10000, 20000, NaN),
 *   summaryTokens: Float64Array.of(500, 1000, 800),
 *   durationSeconds: Float64Array.of(70, 115, 90),
 * };
 * const model = {
 *   both: { a: 0.001, v: 10, rSquared: 0.9, n: 2 },
 *   summaryOnly: { v: 8, rSquared: 0.8, n: 2 },
 *   inputOnly: { a: 0.005, rSquared: 0.1, n: 2 },
 * };
 * const points = timeFitPoints(compactions, model);
 * assert.equal(points.length, 2); // the third has no C
 * // 0.001·10000 + 500/10 = 60 s, residual 70 − 60 = 10; 20 + 100 = 120, residual −5
 * assert.deepEqual([...points.fittedBoth], [60, 120]);
 * assert.deepEqual([...points.residualBoth], [10, -5]);
 * assert.deepEqual(points.summaryOnlyLine, { intercept: 0, slope: 0.125 }); // 1/8
 * ```
 */
export function timeFitPoints(
  compactions:
    & Pick<
      CompactionTable,
      "length" | "inputTokens" | "summaryTokens" | "durationSeconds"
    >
    & Partial<Pick<CompactionTable, "precomputed">>,
  model: TimeModel,
): TimeFitPoints {
  const keep: number[] = [];
  for (let i = 0; i < compactions.length; i++) {
    if (
      Number.isFinite(compactions.inputTokens[i]) &&
      Number.isFinite(compactions.summaryTokens[i]) &&
      Number.isFinite(compactions.durationSeconds[i]) &&
      compactions.precomputed?.[i] !== 1
    ) keep.push(i);
  }
  const n = keep.length;
  const inputTokens = new Float64Array(n);
  const summaryTokens = new Float64Array(n);
  const durationSeconds = new Float64Array(n);
  const fittedBoth = new Float64Array(n);
  const residualBoth = new Float64Array(n);
  const { a, v } = model.both;
  keep.forEach((row, j) => {
    inputTokens[j] = compactions.inputTokens[row];
    summaryTokens[j] = compactions.summaryTokens[row];
    durationSeconds[j] = compactions.durationSeconds[row];
    fittedBoth[j] = a * inputTokens[j] + summaryTokens[j] / v;
    residualBoth[j] = durationSeconds[j] - fittedBoth[j];
  });
  return {
    length: n,
    inputTokens,
    summaryTokens,
    durationSeconds,
    fittedBoth,
    residualBoth,
    inputOnlyLine: { intercept: 0, slope: model.inputOnly.a },
    summaryOnlyLine: { intercept: 0, slope: 1 / model.summaryOnly.v },
  };
}

/** The compactions the summary-size model was fitted on, and its line. */
export interface SummaryFitPoints {
  /** Compactions with a finite C and G (timed or not). */
  length: number;
  /** C, tokens. */
  inputTokens: Float64Array;
  /** G, tokens. */
  summaryTokens: Float64Array;
  /** G(C) = g0 + g1·C (x: C in tokens, y: G in tokens); flat at the median for that fallback. */
  line: FitLine;
}

/**
 * Lays out the compactions `fitSummaryModel` fits G(C) on (finite C and G) and its line.
 * O(compactions).
 *
 * @param compactions The reader's compaction table.
 * @param model The summary model of `fitSummaryModel` on the same table.
 * @returns The points and the line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { summaryFitPoints } from "./fit_points.ts";
 *
 * const points = summaryFitPoints(
 *   {
 *     length: 3,
 *     inputTokens: Float64Array.of(10000, NaN, 20000),
 *     summaryTokens: Float64Array.of(500, 700, 900),
 *   },
 *   { g0: 100, g1: 0.04 },
 * );
 * assert.deepEqual([...points.inputTokens], [10000, 20000]);
 * assert.deepEqual(points.line, { intercept: 100, slope: 0.04 });
 * ```
 */
export function summaryFitPoints(
  compactions: Pick<CompactionTable, "length" | "inputTokens" | "summaryTokens">,
  model: Pick<SummaryModel, "g0" | "g1">,
): SummaryFitPoints {
  const c: number[] = [];
  const g: number[] = [];
  for (let i = 0; i < compactions.length; i++) {
    if (
      Number.isFinite(compactions.inputTokens[i]) && Number.isFinite(compactions.summaryTokens[i])
    ) {
      c.push(compactions.inputTokens[i]);
      g.push(compactions.summaryTokens[i]);
    }
  }
  return {
    length: c.length,
    inputTokens: Float64Array.from(c),
    summaryTokens: Float64Array.from(g),
    line: { intercept: model.g0, slope: model.g1 },
  };
}
