/**
 * The font that draws Chinese in `figure.png` (`--lang zh`) and on the report page: UnifontEX
 * from the npm package `@fontsource/unifontex` (pinned in deno.json and deno.lock; SIL Open Font License 1.1). It
 * covers the whole Basic Multilingual Plane, Simplified Chinese included, as outline glyphs in
 * the Unifont pixel style. The package holds it as one WOFF file of 3.3 MB (5.4 MB installed,
 * with its WOFF2 twin); decoded it is a TrueType font of 13.8 MB, held in memory only while a
 * Chinese PNG is made, and by `report` for the page, which embeds the subset of it that draws its
 * own Chinese characters (page_font.ts).
 *
 * Why this package: an SVG renderer needs a TrueType/OpenType font, and the Noto Sans SC
 * packages on npm ship either many WOFF2 slices (which need Brotli and glyph-table
 * reconstruction) or 40–95 MB of files; this one is a single WOFF (zlib per table, decoded
 * here with `node:zlib`) of a few MB.
 *
 * @module
 */
import { inflateSync } from "node:zlib";

/** Where the Chinese font comes from. */
export const CJK_FONT = Object.freeze({
  /** npm package (pinned in deno.json). */
  package: "@fontsource/unifontex",
  /** The file inside the package. */
  file: "files/unifontex-latin-400-normal.woff",
  /** The font's family name, for an SVG `font-family` list. */
  family: "UnifontExMono",
});

const _WOFF_SIGNATURE = 0x774f4646; // "wOFF"

/**
 * Decodes a WOFF 1.0 file into the TrueType/OpenType font it wraps: the same tables, inflated
 * where they were compressed, behind a fresh sfnt header and table directory (tables 4-byte
 * aligned, in the WOFF's directory order, which the format keeps sorted by tag).
 *
 * @param woff The WOFF file's bytes.
 * @returns The sfnt font's bytes (starting 0x00010000 for TrueType, "OTTO" for CFF).
 * @throws {Error} When the bytes are not a WOFF 1.0 file or a table does not inflate to its
 *   stated length.
 *
 * @example A one-table WOFF, stored uncompressed
 * ```ts
 * import assert from "node:assert/strict";
 * import { woffToSfnt } from "./cjk_font.ts";
 *
 * const table = new Uint8Array([1, 2, 3, 4]);
 * const woff = new Uint8Array(44 + 20 + 4);
 * const v = new DataView(woff.buffer);
 * v.setUint32(0, 0x774f4646); v.setUint32(4, 0x00010000); v.setUint32(8, woff.length);
 * v.setUint16(12, 1); // one table
 * v.setUint32(44, 0x74657374); // "test"
 * v.setUint32(48, 64); v.setUint32(52, 4); v.setUint32(56, 4); v.setUint32(60, 0);
 * woff.set(table, 64);
 * const sfnt = woffToSfnt(woff);
 * assert.equal(new DataView(sfnt.buffer).getUint32(0), 0x00010000);
 * assert.deepEqual([...sfnt.subarray(12 + 16)], [1, 2, 3, 4]);
 * ```
 */
export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (woff.length < 44 || view.getUint32(0) !== _WOFF_SIGNATURE) {
    throw new Error("Cannot read the font: not a WOFF 1.0 file (no wOFF signature)");
  }
  const flavor = view.getUint32(4);
  const count = view.getUint16(12);
  if (woff.length < 44 + 20 * count) {
    throw new Error(`Cannot read the font: the WOFF directory of ${count} tables is cut short`);
  }
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < count; i++) {
    const at = 44 + 20 * i;
    const tag = view.getUint32(at);
    const offset = view.getUint32(at + 4);
    const compLength = view.getUint32(at + 8);
    const origLength = view.getUint32(at + 12);
    const checksum = view.getUint32(at + 16);
    if (offset + compLength > woff.length) {
      throw new Error(`Cannot read the font: table ${i + 1} of ${count} lies past the file's end`);
    }
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? new Uint8Array(inflateSync(raw)) : raw;
    if (data.length !== origLength) {
      throw new Error(
        `Cannot read the font: table ${i + 1} of ${count} inflates to ${data.length} bytes, ` +
          `not ${origLength}`,
      );
    }
    tables.push({ tag, checksum, data });
  }
  const pad4 = (n: number) => (n + 3) & ~3;
  const size = 12 + 16 * count + tables.reduce((sum, t) => sum + pad4(t.data.length), 0);
  const out = new Uint8Array(size);
  const o = new DataView(out.buffer);
  // The sfnt header's binary-search fields, as the OpenType spec defines them.
  let pow2 = 1, log2 = 0;
  while (pow2 * 2 <= count) {
    pow2 *= 2;
    log2++;
  }
  o.setUint32(0, flavor);
  o.setUint16(4, count);
  o.setUint16(6, pow2 * 16);
  o.setUint16(8, log2);
  o.setUint16(10, count * 16 - pow2 * 16);
  let offset = 12 + 16 * count;
  tables.forEach((t, i) => {
    const at = 12 + 16 * i;
    o.setUint32(at, t.tag);
    o.setUint32(at + 4, t.checksum);
    o.setUint32(at + 8, offset);
    o.setUint32(at + 12, t.data.length);
    out.set(t.data, offset);
    offset += pad4(t.data.length);
  });
  return out;
}

/**
 * Reads the Chinese font from its npm package and decodes it (an edge: reads a file). Needs
 * `--allow-read` for the package folder (under `node_modules/`).
 *
 * @returns The TrueType font's bytes, for `svgToPng(svg, { fontFiles: [font] })`.
 * @throws {Error} When the package is not installed (the message says to run `deno install`)
 *   or the file is not a WOFF font.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCjkFont } from "./cjk_font.ts";
 *
 * const font = await loadCjkFont();
 * assert.equal(new DataView(font.buffer).getUint32(0), 0x00010000); // TrueType
 * ```
 */
export async function loadCjkFont(): Promise<Uint8Array> {
  let url: string;
  try {
    url = import.meta.resolve(`${CJK_FONT.package}/${CJK_FONT.file}`);
  } catch (error) {
    throw new Error(
      `Cannot load the Chinese font: the package ${CJK_FONT.package} is not resolvable ` +
        `(${(error as Error).message}); run \`deno install\` in the repository`,
      { cause: error },
    );
  }
  let woff: Uint8Array;
  try {
    woff = await Deno.readFile(new URL(url));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error(
        `Cannot load the Chinese font: ${CJK_FONT.package} is not installed (no ${url}); ` +
          "run `deno install` in the repository",
        { cause: error },
      );
    }
    throw error;
  }
  return woffToSfnt(woff);
}
