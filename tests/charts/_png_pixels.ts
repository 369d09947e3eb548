/**
 * Test helper: decodes the 8-bit RGB/RGBA, non-interlaced PNGs that `svgToPng` writes, so
 * tests can look at pixels. Not a general PNG decoder.
 *
 * @module
 */

import { inflateSync } from "node:zlib";

/** Decoded pixels, RGBA, row-major. */
export interface Pixels {
  width: number;
  height: number;
  rgba: Uint8Array;
}

function _paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Decodes a PNG (8-bit colour type 2 or 6, no interlace) to RGBA.
 *
 * @param png The PNG file's bytes.
 * @returns Width, height and RGBA pixels.
 */
export function decodePng(png: Uint8Array): Pixels {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let offset = 8;
  let width = 0, height = 0, colorType = 0;
  const idat: Uint8Array[] = [];
  while (offset < png.length) {
    const length = view.getUint32(offset);
    const type = new TextDecoder().decode(png.subarray(offset + 4, offset + 8));
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") {
      width = view.getUint32(offset + 8);
      height = view.getUint32(offset + 12);
      const depth = body[8];
      colorType = body[9];
      if (depth !== 8 || (colorType !== 2 && colorType !== 6) || body[12] !== 0) {
        throw new TypeError(`decodePng: unsupported depth ${depth} / colour type ${colorType}`);
      }
    } else if (type === "IDAT") idat.push(body);
    offset += 12 + length;
  }
  const joined = new Uint8Array(idat.reduce((n, chunk) => n + chunk.length, 0));
  idat.reduce((at, chunk) => (joined.set(chunk, at), at + chunk.length), 0);
  const raw = inflateSync(joined);
  const channels = colorType === 6 ? 4 : 3;
  const stride = width * channels;
  const out = new Uint8Array(width * height * 4);
  const row = new Uint8Array(stride);
  const previous = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? row[i - channels] : 0;
      const b = previous[i];
      const c = i >= channels ? previous[i - channels] : 0;
      const x = line[i];
      row[i] = (filter === 0
        ? x
        : filter === 1
        ? x + a
        : filter === 2
        ? x + b
        : filter === 3
        ? x + ((a + b) >> 1)
        : x + _paeth(a, b, c)) & 0xff;
    }
    for (let px = 0; px < width; px++) {
      out.set(row.subarray(px * channels, px * channels + 3), (y * width + px) * 4);
      out[(y * width + px) * 4 + 3] = channels === 4 ? row[px * channels + 3] : 255;
    }
    previous.set(row);
  }
  return { width, height, rgba: out };
}

/**
 * Counts pixels within `tolerance` (per channel) of an RGB colour.
 *
 * @param pixels Decoded pixels.
 * @param rgb Target colour.
 * @param tolerance Largest allowed difference per channel.
 * @returns The number of matching pixels.
 */
export function countColor(pixels: Pixels, rgb: [number, number, number], tolerance = 12): number {
  let n = 0;
  const { rgba } = pixels;
  for (let i = 0; i < rgba.length; i += 4) {
    if (
      Math.abs(rgba[i] - rgb[0]) <= tolerance && Math.abs(rgba[i + 1] - rgb[1]) <= tolerance &&
      Math.abs(rgba[i + 2] - rgb[2]) <= tolerance
    ) n++;
  }
  return n;
}
