/**
 * The Chinese font of figure.png: the WOFF decodes to a TrueType font whose table checksums
 * match the ones the WOFF states (the OpenType checksum, recomputed here independently), and
 * whose character map covers every character of the Chinese figure texts.
 */
import assert from "node:assert/strict";
import { loadCjkFont, woffToSfnt } from "../../lib/report/cjk_font.ts";
import { triggerFigureTexts } from "../../lib/report/figure_texts.ts";

/** OpenType table checksum: the sum of big-endian uint32 words, zero-padded, mod 2^32. */
function _checksum(bytes: Uint8Array): number {
  const padded = new Uint8Array((bytes.length + 3) & ~3);
  padded.set(bytes);
  const v = new DataView(padded.buffer);
  let sum = 0;
  for (let i = 0; i < padded.length; i += 4) sum = (sum + v.getUint32(i)) >>> 0;
  return sum;
}

/** The tables of an sfnt font by tag. */
function _tables(sfnt: Uint8Array): Map<string, { checksum: number; data: Uint8Array }> {
  const v = new DataView(sfnt.buffer, sfnt.byteOffset, sfnt.byteLength);
  const out = new Map<string, { checksum: number; data: Uint8Array }>();
  for (let i = 0; i < v.getUint16(4); i++) {
    const at = 12 + 16 * i;
    const tag = String.fromCharCode(...sfnt.subarray(at, at + 4));
    const offset = v.getUint32(at + 8), length = v.getUint32(at + 12);
    out.set(tag, { checksum: v.getUint32(at + 4), data: sfnt.subarray(offset, offset + length) });
  }
  return out;
}

/** Code points mapped by the cmap's format 4 and 12 subtables. */
function _covered(cmap: Uint8Array): (cp: number) => boolean {
  const v = new DataView(cmap.buffer, cmap.byteOffset, cmap.byteLength);
  const ranges: [number, number][] = [];
  for (let i = 0; i < v.getUint16(2); i++) {
    const off = v.getUint32(4 + 8 * i + 4);
    const format = v.getUint16(off);
    if (format === 4) {
      const segX2 = v.getUint16(off + 6);
      for (let s = 0; s < segX2 / 2; s++) {
        const end = v.getUint16(off + 14 + 2 * s);
        const start = v.getUint16(off + 16 + segX2 + 2 * s);
        if (start !== 0xffff) ranges.push([start, end]);
      }
    } else if (format === 12) {
      for (let g = 0; g < v.getUint32(off + 12); g++) {
        ranges.push([v.getUint32(off + 16 + 12 * g), v.getUint32(off + 20 + 12 * g)]);
      }
    }
  }
  return (cp) => ranges.some(([a, b]) => cp >= a && cp <= b);
}

Deno.test("the Chinese font decodes to TrueType with the WOFF's table checksums", async () => {
  const font = await loadCjkFont();
  const v = new DataView(font.buffer, font.byteOffset, font.byteLength);
  assert.equal(v.getUint32(0), 0x00010000); // TrueType outlines
  const tables = _tables(font);
  for (const tag of ["cmap", "glyf", "loca", "head", "hhea", "hmtx", "maxp", "name"]) {
    assert.ok(tables.has(tag), tag);
  }
  for (const [tag, t] of tables) {
    if (tag === "head") continue; // its checksum is taken with checkSumAdjustment zeroed
    assert.equal(_checksum(t.data), t.checksum, tag);
  }
  assert.ok(font.length > 10e6, `${font.length} bytes`); // the whole BMP: a big font
});

Deno.test("the Chinese font has every character of the Chinese figure", async () => {
  const covered = _covered(_tables(await loadCjkFont()).get("cmap")!.data);
  const t = triggerFigureTexts("zh", "Claude Opus 5.5");
  const text = [t.title, t.subtitle, ...Object.values(t.labels)].join("");
  const missing = [...new Set(text)].filter((c) => !covered(c.codePointAt(0)!));
  assert.deepEqual(missing, []);
  assert.ok(/[\u4e00-\u9fff]/.test(text));
});

Deno.test("woffToSfnt: bad input gets a clear message", () => {
  assert.throws(() => woffToSfnt(new Uint8Array(10)), /not a WOFF 1\.0 file/);
  const woff = new Uint8Array(44);
  const v = new DataView(woff.buffer);
  v.setUint32(0, 0x774f4646);
  v.setUint16(12, 3); // three tables, no directory
  assert.throws(() => woffToSfnt(woff), /directory of 3 tables is cut short/);
});
