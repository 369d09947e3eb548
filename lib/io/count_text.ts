/**
 * A count and its noun for messages: "1 file", "2 files", "0 files". English only: the report
 * page's texts say counts through their own tables.
 *
 * @module
 */

import { formatNumber } from "../report/format_number.ts";

/**
 * `n` and the noun, singular for exactly 1. A whole count is grouped in thousands, as the report
 * and the measurement write numbers ("2,041 requests"); any other number is printed as given.
 *
 * @param n The count.
 * @param singular The noun for one, e.g. "file".
 * @param plural The noun for other counts. @default {singular + "s"}
 * @returns e.g. "1 file", "3 files".
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { countText } from "./count_text.ts";
 * assert.equal(countText(1, "file"), "1 file");
 * assert.equal(countText(0, "file"), "0 files");
 * assert.equal(countText(2, "malformed line"), "2 malformed lines");
 * assert.equal(countText(1, "sub-agent session"), "1 sub-agent session");
 * assert.equal(countText(86025, "request"), "86,025 requests");
 * ```
 */
export function countText(n: number, singular: string, plural = `${singular}s`): string {
  return `${Number.isInteger(n) ? formatNumber(n) : String(n)} ${n === 1 ? singular : plural}`;
}
