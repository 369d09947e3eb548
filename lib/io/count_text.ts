/**
 * A count and its noun for messages: "1 file", "2 files", "0 files". English only: the report
 * page's texts say counts through their own tables.
 *
 * @module
 */

/**
 * `n` and the noun, singular for exactly 1.
 *
 * @param n The count (printed as given: `String(n)`).
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
 * ```
 */
export function countText(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
