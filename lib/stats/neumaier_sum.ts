/**
 * Compensated summation (Neumaier's improvement of Kahan's algorithm).
 *
 * @module
 */

/**
 * Sums numbers with Neumaier compensation, so that long sums of mixed magnitudes keep full
 * double precision. O(n). NaN propagates.
 *
 * Reference: A. Neumaier, "Rundungsfehleranalyse einiger Verfahren zur Summation endlicher
 * Summen", ZAMM 54 (1974).
 *
 * @param values The numbers to add.
 * @param index Optional rows of `values` to add (an index vector); all rows when omitted.
 * @returns The compensated sum (0 for no values).
 *
 * @example Where naive summation loses the small terms
 * ```ts
 * import assert from "node:assert/strict";
 * import { neumaierSum } from "./neumaier_sum.ts";
 *
 * assert.equal(neumaierSum([1, 1e100, 1, -1e100]), 2); // naive left-to-right gives 0
 * assert.equal(neumaierSum([10, 20, 30], [0, 2]), 40);
 * ```
 */
export function neumaierSum(
  values: ArrayLike<number>,
  index?: ArrayLike<number>,
): number {
  let sum = 0;
  let comp = 0;
  const n = index === undefined ? values.length : index.length;
  for (let i = 0; i < n; i++) {
    const v = index === undefined ? values[i] : values[index[i]];
    const t = sum + v;
    if (Math.abs(sum) >= Math.abs(v)) comp += (sum - t) + v;
    else comp += (v - t) + sum;
    sum = t;
  }
  return sum + comp;
}
