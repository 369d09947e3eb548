/**
 * A TrueType font cut down to the glyphs of some characters, for embedding in the report page
 * (its Chinese text is drawn with the page's own glyphs on a machine without a CJK font). Pure:
 * bytes in, bytes out.
 *
 * What it keeps: glyph 0 (`.notdef`), the glyph of each character the font maps (and the glyphs
 * a composite glyph is built of, their indexes renumbered), in character order. What it writes:
 * `glyf` and a long `loca` of those glyphs, `hmtx`/`hhea` with one metric per glyph, `maxp` with
 * the new count, a format 4 `cmap` (Basic Multilingual Plane; characters outside it are left
 * out), `post` format 3 (no glyph names), and `head`, `name`, `OS/2` copied (`head`'s loca format
 * and checksum adjustment set). Other tables (kerning, vertical metrics, hinting data of the
 * whole font) are dropped: the page only needs outlines and advances.
 *
 * @module
 */

const TAG = (s: string) =>
  (s.charCodeAt(0) << 24 | s.charCodeAt(1) << 16 | s.charCodeAt(2) << 8 | s.charCodeAt(3)) >>> 0;

/** The tables of an sfnt font, by tag. */
function _tables(font: Uint8Array): Map<string, Uint8Array> {
  const v = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const count = v.getUint16(4);
  const tables = new Map<string, Uint8Array>();
  for (let i = 0; i < count; i++) {
    const at = 12 + 16 * i;
    const tag = String.fromCharCode(font[at], font[at + 1], font[at + 2], font[at + 3]);
    const offset = v.getUint32(at + 8);
    const length = v.getUint32(at + 12);
    tables.set(tag, font.subarray(offset, offset + length));
  }
  return tables;
}

const _view = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, b.byteLength);

/** Glyph index of each code point by the font's Unicode cmap (format 12 or 4); 0 when unmapped. */
function _glyphLookup(cmap: Uint8Array): (code: number) => number {
  const v = _view(cmap);
  const n = v.getUint16(2);
  let format4 = -1, format12 = -1;
  for (let i = 0; i < n; i++) {
    const platform = v.getUint16(4 + 8 * i), encoding = v.getUint16(6 + 8 * i);
    const offset = v.getUint32(8 + 8 * i);
    const format = v.getUint16(offset);
    if (format === 12 && (platform === 3 && encoding === 10 || platform === 0)) format12 = offset;
    if (format === 4 && (platform === 3 && encoding === 1 || platform === 0)) format4 = offset;
  }
  if (format12 >= 0) {
    const groups = v.getUint32(format12 + 12);
    return (code) => {
      let lo = 0, hi = groups - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1, at = format12 + 16 + 12 * mid;
        const start = v.getUint32(at), end = v.getUint32(at + 4);
        if (code < start) hi = mid - 1;
        else if (code > end) lo = mid + 1;
        else return v.getUint32(at + 8) + code - start;
      }
      return 0;
    };
  }
  if (format4 < 0) throw new Error("Cannot subset the font: it has no Unicode cmap");
  const segments = v.getUint16(format4 + 6) / 2;
  const ends = format4 + 14, starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments, ranges = deltas + 2 * segments;
  return (code) => {
    if (code > 0xffff) return 0;
    for (let s = 0; s < segments; s++) {
      if (code > v.getUint16(ends + 2 * s)) continue;
      const start = v.getUint16(starts + 2 * s);
      if (code < start) return 0;
      const delta = v.getInt16(deltas + 2 * s), range = v.getUint16(ranges + 2 * s);
      if (range === 0) return (code + delta) & 0xffff;
      const glyph = v.getUint16(ranges + 2 * s + range + 2 * (code - start));
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

/** Component glyph indexes of a composite glyph, with the byte offsets where each is stored. */
function _components(glyph: Uint8Array): { index: number; at: number }[] {
  const v = _view(glyph);
  const out: { index: number; at: number }[] = [];
  if (glyph.length < 10 || v.getInt16(0) >= 0) return out;
  let at = 10;
  while (at + 4 <= glyph.length) {
    const flags = v.getUint16(at);
    out.push({ index: v.getUint16(at + 2), at: at + 2 });
    at += 4 + (flags & 0x0001 ? 4 : 2);
    if (flags & 0x0008) at += 2;
    else if (flags & 0x0040) at += 4;
    else if (flags & 0x0080) at += 8;
    if (!(flags & 0x0020)) break;
  }
  return out;
}

function _checksum(data: Uint8Array): number {
  let sum = 0;
  const padded = new Uint8Array((data.length + 3) & ~3);
  padded.set(data);
  const v = _view(padded);
  for (let i = 0; i < padded.length; i += 4) sum = (sum + v.getUint32(i)) >>> 0;
  return sum;
}

/** An sfnt file of `tables` (tags sorted, 4-byte aligned, checksums and head's adjustment set). */
function _sfnt(tables: Map<string, Uint8Array>): Uint8Array {
  const tags = [...tables.keys()].sort();
  const count = tags.length;
  let size = 12 + 16 * count;
  for (const t of tags) size += (tables.get(t)!.length + 3) & ~3;
  const out = new Uint8Array(size);
  const o = _view(out);
  let pow2 = 1, log2 = 0;
  while (pow2 * 2 <= count) {
    pow2 *= 2;
    log2++;
  }
  o.setUint32(0, 0x00010000);
  o.setUint16(4, count);
  o.setUint16(6, pow2 * 16);
  o.setUint16(8, log2);
  o.setUint16(10, count * 16 - pow2 * 16);
  let offset = 12 + 16 * count;
  let headAt = -1;
  tags.forEach((tag, i) => {
    const data = tables.get(tag)!;
    if (tag === "head") {
      _view(data).setUint32(8, 0);
      headAt = offset;
    }
    const at = 12 + 16 * i;
    o.setUint32(at, TAG(tag));
    o.setUint32(at + 4, _checksum(data));
    o.setUint32(at + 8, offset);
    o.setUint32(at + 12, data.length);
    out.set(data, offset);
    offset += (data.length + 3) & ~3;
  });
  if (headAt >= 0) o.setUint32(headAt + 8, (0xb1b0afba - _checksum(out)) >>> 0);
  return out;
}

/**
 * The font cut down to `characters` (see the module notes).
 *
 * @param font A TrueType font (sfnt with `glyf`), e.g. from `loadCjkFont`.
 * @param characters The characters to keep (any order, repeats allowed).
 * @returns The subset font, a TrueType file.
 * @throws {Error} When the font has no `glyf` outlines or no Unicode cmap.
 *
 * @example The characters kept, the others gone
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadCjkFont } from "./cjk_font.ts";
 * import { subsetFont, fontCharacters } from "./font_subset.ts";
 *
 * const subset = subsetFont(await loadCjkFont(), "压缩上下文");
 * assert.ok(subset.length < 12_000); // the license text in `name` is most of it
 * assert.deepEqual(fontCharacters(subset), [..."上下压文缩"].map((c) => c.codePointAt(0)!).sort((a, b) => a - b));
 * ```
 */
export function subsetFont(font: Uint8Array, characters: string): Uint8Array {
  const t = _tables(font);
  for (const tag of ["glyf", "loca", "head", "hhea", "hmtx", "maxp", "cmap"]) {
    if (!t.has(tag)) throw new Error(`Cannot subset the font: it has no ${tag} table`);
  }
  const head = t.get("head")!, hhea = t.get("hhea")!, maxp = t.get("maxp")!;
  const longLoca = _view(head).getInt16(50) === 1;
  const loca = _view(t.get("loca")!);
  const glyphCount = _view(maxp).getUint16(4);
  const offsetOf = (g: number) => longLoca ? loca.getUint32(4 * g) : 2 * loca.getUint16(2 * g);
  const glyf = t.get("glyf")!;
  const glyphOf = (g: number) => glyf.subarray(offsetOf(g), offsetOf(g + 1));
  const lookup = _glyphLookup(t.get("cmap")!);
  // Code points of the BMP the font maps, in order; their glyphs, then composite parts.
  const codes = [...new Set([...characters].map((c) => c.codePointAt(0)!))]
    .filter((c) => c <= 0xffff && c !== 0xffff).sort((a, b) => a - b)
    .filter((c) => lookup(c) > 0 && lookup(c) < glyphCount);
  const order = [0];
  const newIndex = new Map<number, number>([[0, 0]]);
  const add = (g: number) => {
    if (newIndex.has(g)) return;
    newIndex.set(g, order.length);
    order.push(g);
  };
  for (const c of codes) add(lookup(c));
  for (let i = 0; i < order.length; i++) {
    for (const part of _components(glyphOf(order[i]))) if (part.index < glyphCount) add(part.index);
  }
  // glyf and a long loca.
  const pieces = order.map((g) => {
    const data = glyphOf(g).slice();
    for (const part of _components(data)) {
      _view(data).setUint16(part.at, newIndex.get(part.index) ?? 0);
    }
    return data;
  });
  const glyfSize = pieces.reduce((n, p) => n + ((p.length + 3) & ~3), 0);
  const newGlyf = new Uint8Array(glyfSize);
  const newLoca = new Uint8Array(4 * (order.length + 1));
  const lv = _view(newLoca);
  let at = 0;
  pieces.forEach((p, i) => {
    lv.setUint32(4 * i, at);
    newGlyf.set(p, at);
    at += (p.length + 3) & ~3;
  });
  lv.setUint32(4 * order.length, at);
  // One metric per glyph.
  const hmtx = _view(t.get("hmtx")!);
  const metrics = _view(hhea).getUint16(34);
  const newHmtx = new Uint8Array(4 * order.length);
  const hv = _view(newHmtx);
  order.forEach((g, i) => {
    const advance = hmtx.getUint16(4 * Math.min(g, metrics - 1));
    const lsb = g < metrics
      ? hmtx.getInt16(4 * g + 2)
      : hmtx.getInt16(4 * metrics + 2 * (g - metrics));
    hv.setUint16(4 * i, advance);
    hv.setInt16(4 * i + 2, lsb);
  });
  const newHhea = hhea.slice();
  _view(newHhea).setUint16(34, order.length);
  const newMaxp = maxp.slice();
  _view(newMaxp).setUint16(4, order.length);
  const newHead = head.slice();
  _view(newHead).setInt16(50, 1);
  // cmap format 4: one segment per character, then the final 0xFFFF segment.
  const segments = codes.length + 1;
  const sub = new Uint8Array(16 + 8 * segments);
  const sv = _view(sub);
  sv.setUint16(0, 4);
  sv.setUint16(2, sub.length);
  sv.setUint16(6, 2 * segments);
  let pow2 = 1, log2 = 0;
  while (pow2 * 2 <= segments) {
    pow2 *= 2;
    log2++;
  }
  sv.setUint16(8, 2 * pow2);
  sv.setUint16(10, log2);
  sv.setUint16(12, 2 * segments - 2 * pow2);
  const ends = 14, starts = ends + 2 * segments + 2, deltas = starts + 2 * segments;
  [...codes, 0xffff].forEach((c, s) => {
    sv.setUint16(ends + 2 * s, c);
    sv.setUint16(starts + 2 * s, c);
    const g = c === 0xffff ? 0 : newIndex.get(lookup(c))!;
    sv.setUint16(deltas + 2 * s, (g - c + 0x10000) & 0xffff);
  });
  const cmap = new Uint8Array(12 + sub.length);
  const cv = _view(cmap);
  cv.setUint16(2, 1);
  cv.setUint16(4, 3);
  cv.setUint16(6, 1);
  cv.setUint32(8, 12);
  cmap.set(sub, 12);
  const post = new Uint8Array(32);
  if (t.has("post")) post.set(t.get("post")!.subarray(0, 32));
  _view(post).setUint32(0, 0x00030000);
  const out = new Map<string, Uint8Array>([
    ["cmap", cmap],
    ["glyf", newGlyf],
    ["head", newHead],
    ["hhea", newHhea],
    ["hmtx", newHmtx],
    ["loca", newLoca],
    ["maxp", newMaxp],
    ["post", post],
  ]);
  if (t.has("OS/2")) out.set("OS/2", t.get("OS/2")!.slice());
  if (t.has("name")) out.set("name", _windowsNames(t.get("name")!));
  return _sfnt(out);
}

/**
 * The `name` table with only its Windows (platform 3) records of the copyright, the names, the
 * version, the license and its URL (the font's license asks for them to stay); the other
 * platforms' copies and the long description go.
 */
function _windowsNames(name: Uint8Array): Uint8Array {
  const v = _view(name);
  const count = v.getUint16(2), storage = v.getUint16(4);
  const kept: { record: Uint8Array; text: Uint8Array }[] = [];
  for (let i = 0; i < count; i++) {
    const at = 6 + 12 * i;
    const id = v.getUint16(at + 6);
    if (v.getUint16(at) !== 3 || !(id <= 6 || id === 13 || id === 14)) continue;
    const length = v.getUint16(at + 8), offset = v.getUint16(at + 10);
    kept.push({
      record: name.slice(at, at + 12),
      text: name.subarray(storage + offset, storage + offset + length),
    });
  }
  const head = 6 + 12 * kept.length;
  const out = new Uint8Array(head + kept.reduce((n, k) => n + k.text.length, 0));
  const o = _view(out);
  o.setUint16(2, kept.length);
  o.setUint16(4, head);
  let offset = 0;
  kept.forEach((k, i) => {
    out.set(k.record, 6 + 12 * i);
    o.setUint16(6 + 12 * i + 10, offset);
    out.set(k.text, head + offset);
    offset += k.text.length;
  });
  return out;
}

/**
 * The code points a font's Unicode cmap maps to a glyph, in order (for checking a subset).
 *
 * @param font A TrueType font.
 * @returns The mapped code points of the Basic Multilingual Plane.
 */
export function fontCharacters(font: Uint8Array): number[] {
  const lookup = _glyphLookup(_tables(font).get("cmap")!);
  const out: number[] = [];
  for (let c = 0; c < 0xffff; c++) if (lookup(c) > 0) out.push(c);
  return out;
}
