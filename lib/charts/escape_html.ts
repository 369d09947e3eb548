/**
 * The one HTML escaper of the project: text safe as HTML or SVG text and inside a quoted attribute
 * (either quote). Used by the report page, the charts' SVG and the notebooks' tables and figures.
 *
 * @module
 */

/**
 * Escapes `&`, `<`, `>`, `"` and `'` as character references.
 *
 * @param text Any text.
 * @returns The text with the five characters replaced.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeHtml } from "./escape_html.ts";
 *
 * assert.equal(escapeHtml(`<a href="x">Tom & Jerry's</a>`),
 *   "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
 * ```
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
