/**
 * The median of the finite values of a column.
 *
 * @module
 */
import { quantileType7 } from "./quantile.ts";

/**
 * The median of the finite entries of `values` (NaN and ±Infinity are skipped), as the type-7
 * quantile at p = 0.5 (the mean of the two middle values for an even count). O(n log n).
 *
 * @param values The column.
 * @param index Optional rows to use (an index vector); all rows when omitted.
 * @returns The median, or NaN when no entry is finite.
 *
 * @example Unknowns are skipped
 * ```ts
 * import assert from "node:assert/strict";
 * import { finiteMedian } from "./median.ts";
 *
 * assert.equal(finiteMedian([3, NaN, 1, 2]), 2);
 * assert.equal(finiteMedian([4, 1, 3, 2]), 2.5);
 * assert.ok(Number.isNaN(finiteMedian([NaN])));
 * ```
 */
export function finiteMedian(values: ArrayLike<number>, index?: ArrayLike<number>): number {
  const n = index === undefined ? values.length : index.length;
  const kept: number[] = [];
  for (let i = 0; i < n; i++) {
    const v = index === undefined ? values[i] : values[index[i]];
    if (Number.isFinite(v)) kept.push(v);
  }
  if (kept.length === 0) return NaN;
  const sorted = Float64Array.from(kept).sort();
  return quantileType7(sorted, 0.5);
}
