/**
 * UTF-16 lengths of JSON string contents counted from their UTF-8 bytes, without building the
 * string: the JavaScript walks behind `stringUnits` (./tool_calls.ts). Part of the scanner:
 * {@linkcode utf8UnitsInWords} reads the scanner's memory four bytes per step, and only
 * ./_wasm_scanner.ts calls it with that memory.
 *
 * @module
 */

const BACKSLASH = 0x5c;

/**
 * UTF-16 length of the JSON string contents `line[start, end)` (escapes undecoded) when they are
 * valid UTF-8: an escape is one unit (`\uXXXX` included: a surrogate escape is one unit too), a
 * character of four bytes two, any other character one. -1 at the first byte sequence that is not
 * valid UTF-8 (decoding it makes U+FFFD replacements, left to `TextDecoder`).
 *
 * @param line Bytes holding the string's contents.
 * @param start Position after the opening quote.
 * @param end Position of the closing quote.
 * @returns The UTF-16 length, or -1 (not well-formed UTF-8).
 *
 * @example
 * ```ts
 * import { utf8Units } from "./_utf8_units.ts";
 * import assert from "node:assert/strict";
 * const bytes = new TextEncoder().encode('a\\né😀');
 * assert.equal(utf8Units(bytes, 0, bytes.length), 5); // a, \n, é, and 😀 as two units
 * assert.equal(utf8Units(Uint8Array.of(0xff), 0, 1), -1);
 * ```
 */
export function utf8Units(line: Uint8Array, start: number, end: number): number {
  let units = 0;
  let i = start;
  while (i < end) {
    let byte = line[i];
    if (byte < 0x80 && byte !== BACKSLASH) {
      // A run of plain ASCII: one unit per byte.
      const from = i;
      do byte = line[++i]; while (i < end && byte < 0x80 && byte !== BACKSLASH);
      units += i - from;
      continue;
    }
    if (byte === BACKSLASH) {
      i += line[i + 1] === 0x75 ? 6 : 2;
      units++;
      continue;
    }
    const step = _multiByte(line, i, byte);
    if (step < 0) return -1;
    i += step >> 2;
    units += step & 3;
  }
  return i === end ? units : -1;
}

/**
 * {@linkcode utf8Units} over the scanner's whole memory (`memory`, absolute addresses), four
 * bytes per step: `words` is the same memory as 32-bit words, and an aligned word in which no
 * byte is a backslash or above 0x7F is four units. A word that holds one is skipped up to that
 * byte (the lowest flagged byte of the test below is exact), which is then read on its own.
 *
 * @param memory The bytes (any buffer whose length is a multiple of 4 works).
 * @param words The same buffer as 32-bit words.
 * @param start Position after the opening quote.
 * @param end Position of the closing quote.
 * @returns The UTF-16 length, or -1 (not well-formed UTF-8).
 *
 * @example
 * ```ts
 * import { utf8UnitsInWords } from "./_utf8_units.ts";
 * import assert from "node:assert/strict";
 * const bytes = new Uint8Array(16);
 * bytes.set(new TextEncoder().encode("abcdefgé"));
 * assert.equal(utf8UnitsInWords(bytes, new Int32Array(bytes.buffer), 0, 9), 8);
 * ```
 */
export function utf8UnitsInWords(
  memory: Uint8Array,
  words: Int32Array,
  start: number,
  end: number,
) {
  let units = 0;
  let i = start;
  while (i < end) {
    if ((i & 3) === 0) {
      for (; i + 4 <= end; i += 4, units += 4) {
        const w = words[i >> 2];
        const x = w ^ 0x5c5c5c5c; // a zero byte where w has a backslash
        const flags = (w | ((x - 0x01010101) & ~x)) & 0x80808080;
        if (flags !== 0) {
          const skip = (31 - Math.clz32(flags & -flags)) >> 3; // little-endian: low byte first
          i += skip;
          units += skip;
          break;
        }
      }
      if (i >= end) break;
    }
    const byte = memory[i];
    if (byte < 0x80) {
      if (byte === BACKSLASH) i += memory[i + 1] === 0x75 ? 6 : 2;
      else i++;
      units++;
      continue;
    }
    const step = _multiByte(memory, i, byte);
    if (step < 0) return -1;
    i += step >> 2;
    units += step & 3;
  }
  return i === end ? units : -1;
}

/**
 * The well-formed UTF-8 character (Unicode Table 3-7) whose first byte, `byte` ≥ 0x80, is at
 * `line[i]`: its length × 4 + its UTF-16 units, or -1 when the bytes are not one. A byte past
 * the end reads as `undefined` and fails the tests too.
 */
function _multiByte(line: Uint8Array, i: number, byte: number): number {
  const b1 = line[i + 1];
  if (byte >= 0xc2 && byte <= 0xdf) return (b1 & 0xc0) === 0x80 ? 9 : -1;
  if (byte >= 0xe0 && byte <= 0xef) {
    if ((b1 & 0xc0) !== 0x80 || (line[i + 2] & 0xc0) !== 0x80) return -1;
    if ((byte === 0xe0 && b1 < 0xa0) || (byte === 0xed && b1 > 0x9f)) return -1;
    return 13;
  }
  if (byte >= 0xf0 && byte <= 0xf4) {
    if ((b1 & 0xc0) !== 0x80 || (line[i + 2] & 0xc0) !== 0x80 || (line[i + 3] & 0xc0) !== 0x80) {
      return -1;
    }
    if ((byte === 0xf0 && b1 < 0x90) || (byte === 0xf4 && b1 > 0x8f)) return -1;
    return 18;
  }
  return -1;
}
