/**
 * The report page's own CJK font: an `@font-face` rule whose font is the subset of a CJK font
 * (`font_subset.ts`) that draws exactly the CJK characters of the page, embedded as a data URL
 * (nothing is fetched). Its family, {@linkcode PAGE_CJK_FAMILY}, comes after the machine's CJK
 * fonts in the page's font list and covers only CJK code points (`unicode-range`), so a machine
 * with its own CJK font uses that one, and one without shows the page's glyphs instead of boxes.
 *
 * @module
 */
import { subsetFont } from "./font_subset.ts";

/** The family name of the embedded font in the page's style sheet. */
export const PAGE_CJK_FAMILY = "ReportCJK";

/** The code points counted as CJK here: CJK radicals and symbols up to the half/full-width forms. */
const _CJK = (code: number) => code >= 0x2e80 && code <= 0xffef;

function _base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * The `@font-face` rule of the page's CJK characters, or "" when the text has none.
 *
 * @param font A TrueType font with CJK glyphs (e.g. `loadCjkFont()`).
 * @param text Everything the page can show (markup included; only CJK characters count).
 * @returns CSS text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCjkFont } from "./cjk_font.ts";
 * import { cjkFontFace } from "./page_font.ts";
 *
 * const font = await loadCjkFont();
 * assert.match(cjkFontFace(font, "<p>压缩</p>"), /^@font-face \{ font-family: "ReportCJK"; src: url\(data:font\/ttf;base64,/);
 * assert.equal(cjkFontFace(font, "English only"), "");
 * ```
 */
export function cjkFontFace(font: Uint8Array, text: string): string {
  const characters = [...new Set(text)].filter((c) => _CJK(c.codePointAt(0)!)).join("");
  if (characters === "") return "";
  const subset = subsetFont(font, characters);
  return `@font-face { font-family: "${PAGE_CJK_FAMILY}"; ` +
    `src: url(data:font/ttf;base64,${_base64(subset)}) format("truetype"); ` +
    `unicode-range: U+2E80-FFEF; font-display: block; }\n`;
}
