/**
 * Result sizes for the size-distribution plot: per kind, the text size of every tool result of
 * the included files, sorted (so nothing of file order or content remains), and a log-2
 * histogram of them. Sizes are UTF-16 code units, the unit of the original tool's character threshold.
 *
 * @module
 */

import { RESULT_KINDS, type ResultKind } from "./classify.ts";
import type { FileMeasurement } from "./file_measure.ts";
import { isIncluded } from "./report.ts";
import { DEFAULT_READ_COST_OPTIONS, type ReadCostOptions } from "./options.ts";

/** Per kind, the text sizes of all results (UTF-16 code units), ascending. */
export type ResultSizes = Record<ResultKind, number[]>;

/** One histogram bin: results whose size is in `[lowerChars, upperChars)`. */
export interface SizeBin {
  /** Inclusive lower bound, characters. */
  lowerChars: number;
  /** Exclusive upper bound, characters. */
  upperChars: number;
  /** Results in the bin. */
  results: number;
}

/**
 * Collects the sizes of the results of the files the minimum-turn filter keeps.
 *
 * @param measurements One measurement per file read.
 * @param options Thresholds; only `minTurns` is used.
 * @returns Sizes per kind, ascending.
 *
 * @example
 * ```ts
 * import { collectResultSizes } from "./result_sizes.ts";
 * import { measureTranscript } from "./file_measure.ts";
 * import assert from "node:assert/strict";
 * const m = measureTranscript([
 *   '{"type":"assistant","message":{"id":"a","usage":{}}}',
 *   '{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"x","content":"abc"}]}}',
 *   '{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"y","content":"a"}]}}',
 * ].join("\n"));
 * assert.deepEqual(collectResultSizes([m], { minTurns: 1 }).unmatched, [1, 3]);
 * assert.deepEqual(collectResultSizes([m], { minTurns: 2 }).unmatched, []);
 * ```
 */
export function collectResultSizes(
  measurements: readonly FileMeasurement[],
  options: ReadCostOptions = {},
): ResultSizes {
  const { minTurns = DEFAULT_READ_COST_OPTIONS.minTurns } = options;
  const sizes = {} as ResultSizes;
  for (const kind of RESULT_KINDS) sizes[kind] = [];
  for (const m of measurements) {
    if (!isIncluded(m, minTurns)) continue;
    for (const kind of RESULT_KINDS) {
      for (const chars of m.resultChars[kind]) sizes[kind].push(chars);
    }
  }
  for (const kind of RESULT_KINDS) sizes[kind].sort((a, b) => a - b);
  return sizes;
}

/**
 * Bins sizes by powers of two: `[0, 1)`, `[1, 2)`, `[2, 4)`, `[4, 8)`, … up to the bin holding
 * the largest size. Empty input gives no bins. O(n).
 *
 * @param sizes Non-negative sizes, characters.
 * @returns Bins from 0 up, empty bins included, so the list is directly plottable.
 * @throws {RangeError} when a size is negative or not finite.
 *
 * @example
 * ```ts
 * import { sizeHistogram } from "./result_sizes.ts";
 * import assert from "node:assert/strict";
 * // 0 → [0,1); 1 → [1,2); 3 → [2,4); 4 and 7 → [4,8)
 * assert.deepEqual(sizeHistogram([0, 1, 3, 4, 7]).map((b) => b.results), [1, 1, 1, 2]);
 * assert.equal(sizeHistogram([7])[3].upperChars, 8);
 * ```
 */
export function sizeHistogram(sizes: ArrayLike<number>): SizeBin[] {
  const counts: number[] = [];
  for (let i = 0; i < sizes.length; i++) {
    const size = sizes[i];
    if (!Number.isFinite(size) || size < 0) {
      throw new RangeError(
        `Cannot bin size at index ${i}: expected a finite size ≥ 0, got ${size}`,
      );
    }
    const bin = size < 1
      ? 0
      : size < 2 ** 32
      ? 32 - Math.clz32(size)
      : Math.floor(Math.log2(size)) + 1;
    while (counts.length <= bin) counts.push(0);
    counts[bin]++;
  }
  return counts.map((results, bin) => ({
    lowerChars: bin === 0 ? 0 : 2 ** (bin - 1),
    upperChars: 2 ** bin,
    results,
  }));
}
