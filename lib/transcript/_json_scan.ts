/**
 * A byte-level JSON structure scanner: finds where values start and end without building them.
 *
 * Transcript lines are dominated by long strings (tool output, file contents, images). An analysis
 * that needs three small fields of a 2 MB line should not decode and parse 2 MB. The scanner walks
 * bytes without building anything: strings are skipped by a tight loop that only looks for a quote
 * or a backslash, so a line costs one pass over its bytes and no allocation. When the line lives in
 * the WebAssembly scanner's memory (lines from {@linkcode ./jsonl.ts} do), long strings and whole
 * nested values are crossed there with SIMD; the JavaScript loops below are the reference
 * and serve any other bytes. Values that are wanted are then parsed on their own
 * with `JSON.parse` (see {@linkcode parseSlice}).
 *
 * Validation here is structural: brackets must balance, strings must close, primitives must be
 * `true`, `false`, `null` or made of number characters. That catches truncated and garbled lines;
 * it does not check string escapes or number grammar inside values that are never parsed. The
 * reader's record scan (`wasmScanRecord` in {@linkcode ./_wasm_scanner.ts}) validates whole lines
 * exactly as `JSON.parse` would; these functions are its reference for positions.
 *
 * All functions take a `line` that holds exactly one line (a `subarray` view is fine) and byte
 * positions inside it; "end" positions are exclusive.
 *
 * @module
 */

import { inScanMemory, wasmSkipValue, wasmStringEnd } from "./_wasm_scanner.ts";

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** Whether a byte is JSON whitespace. */
function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** First non-whitespace position at or after `pos`. */
export function skipSpace(line: Uint8Array, pos: number): number {
  while (pos < line.length && isSpace(line[pos])) pos++;
  return pos;
}

/**
 * End of the string whose opening quote is at `pos` (the position after the closing quote),
 * or -1 when it never closes.
 */
export function skipString(line: Uint8Array, pos: number): number {
  // Three regimes, measured on transcript lines: keys and envelope values are short, and a byte
  // loop ends them before a native call would have started; long text with few quotes (prose,
  // logs, base64) is crossed fastest by native indexOf; where escaped quotes are dense (code, JSON
  // output) one indexOf per quote costs more than walking the bytes again.
  const n = line.length;
  let i = pos + 1;
  const shortEnd = Math.min(n, i + 48);
  while (i < shortEnd) {
    const byte = line[i];
    if (byte === QUOTE) return i + 1;
    i += byte === BACKSLASH ? 2 : 1;
  }
  if (i >= n) return -1;
  // i is not inside an escape here: the loop only stops on a byte boundary it walked to.
  if (inScanMemory(line)) {
    const base = line.byteOffset;
    const end = wasmStringEnd(base + i, base + n);
    return end < 0 ? -1 : end - base;
  }
  for (let escaped = 0; escaped < 4; escaped++) {
    const quote = line.indexOf(QUOTE, i);
    if (quote === -1) return -1;
    let k = quote - 1;
    while (k > pos && line[k] === BACKSLASH) k--;
    if (((quote - 1 - k) & 1) === 0) return quote + 1;
    i = quote + 1;
  }
  while (i < n) {
    const byte = line[i];
    if (byte === QUOTE) return i + 1;
    i += byte === BACKSLASH ? 2 : 1;
  }
  return -1;
}

function isPrimitiveByte(byte: number): boolean {
  // digits, sign, dot, exponent and the letters of true/false/null
  return (byte >= 0x30 && byte <= 0x39) || byte === 0x2d || byte === 0x2b || byte === 0x2e ||
    (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a);
}

function primitiveEnd(line: Uint8Array, pos: number): number {
  const first = line[pos];
  let end = pos;
  while (end < line.length && isPrimitiveByte(line[end])) end++;
  if (end === pos) return -1;
  const length = end - pos;
  // Check keywords exactly; numbers loosely (digits and number punctuation only).
  if (first === 0x74) return length === 4 && _matches(line, pos, "true") ? end : -1;
  if (first === 0x66) return length === 5 && _matches(line, pos, "false") ? end : -1;
  if (first === 0x6e) return length === 4 && _matches(line, pos, "null") ? end : -1;
  for (let i = pos; i < end; i++) {
    const b = line[i];
    const numeric = (b >= 0x30 && b <= 0x39) || b === 0x2d || b === 0x2b || b === 0x2e ||
      b === 0x65 || b === 0x45;
    if (!numeric) return -1;
  }
  return end;
}

function _matches(line: Uint8Array, pos: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    if (line[pos + i] !== word.charCodeAt(i)) return false;
  }
  return true;
}

/**
 * End of the JSON value starting at `pos` (whitespace before it is skipped), or -1 when the value
 * is truncated or structurally broken.
 *
 * @example
 * ```ts
 * import { skipValue } from "./_json_scan.ts";
 * import assert from "node:assert/strict";
 * const line = new TextEncoder().encode('{"a":["x]",{"b":2}]} tail');
 * assert.equal(skipValue(line, 0), 20);
 * assert.equal(skipValue(new TextEncoder().encode('{"a":[1,2}'), 0), -1);
 * ```
 */
export function skipValue(line: Uint8Array, pos: number): number {
  pos = skipSpace(line, pos);
  if (pos >= line.length) return -1;
  const first = line[pos];
  if (first === QUOTE) return skipString(line, pos);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) return primitiveEnd(line, pos);
  if (inScanMemory(line)) {
    const base = line.byteOffset;
    const end = wasmSkipValue(base + pos, base + line.length);
    if (end !== -3) return end < 0 ? -1 : end - base;
  }
  // Nested: track the stack of open brackets so `{]` is caught.
  const stack: number[] = [first];
  let i = pos + 1;
  while (i < line.length) {
    const byte = line[i];
    if (byte === QUOTE) {
      i = skipString(line, i);
      if (i === -1) return -1;
      continue;
    }
    if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      stack.push(byte);
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      const open = stack.pop();
      if (open !== (byte === CLOSE_BRACE ? OPEN_BRACE : OPEN_BRACKET)) return -1;
      if (stack.length === 0) return i + 1;
    } else if (isPrimitiveByte(byte)) {
      const end = primitiveEnd(line, i);
      if (end === -1) return -1;
      i = end;
      continue;
    }
    i++;
  }
  return -1;
}

/**
 * Receives one member of an object: the key's bytes are `line[keyStart, keyEnd)` (inside the
 * quotes, escapes not decoded), the value's `line[valueStart, valueEnd)`.
 */
export type MemberVisitor = (
  keyStart: number,
  keyEnd: number,
  valueStart: number,
  valueEnd: number,
) => void;

/**
 * Optionally walks a member's value itself (to look inside it in the same pass): receives the
 * key's bytes and the value's start, returns the value's end, -1 when the value is broken, or -2
 * to let the scanner skip it as usual.
 */
export type MemberWalker = (keyStart: number, keyEnd: number, valueStart: number) => number;

/**
 * Walks the members of the object at `pos`, calling `visit` for each, and checks the object is
 * well formed. `walk`, when given, is asked first for each value (see {@linkcode MemberWalker}).
 *
 * @returns The position after the object, or -1 when it is not a well-formed object.
 *
 * @example Read one key's value without parsing the rest
 * ```ts
 * import { forEachMember, keyIs, parseSlice } from "./_json_scan.ts";
 * import assert from "node:assert/strict";
 * const line = new TextEncoder().encode('{"type":"user","message":{"content":"long"}}');
 * let type: unknown;
 * const end = forEachMember(line, 0, (ks, ke, vs, ve) => {
 *   if (keyIs(line, ks, ke, "type")) type = parseSlice(line, vs, ve);
 * });
 * assert.equal(type, "user");
 * assert.equal(end, line.length);
 * ```
 */
export function forEachMember(
  line: Uint8Array,
  pos: number,
  visit: MemberVisitor,
  walk?: MemberWalker,
): number {
  pos = skipSpace(line, pos);
  if (line[pos] !== OPEN_BRACE) return -1;
  pos = skipSpace(line, pos + 1);
  if (line[pos] === CLOSE_BRACE) return pos + 1;
  while (pos < line.length) {
    if (line[pos] !== QUOTE) return -1;
    const keyEnd = skipString(line, pos);
    if (keyEnd === -1) return -1;
    let colon = skipSpace(line, keyEnd);
    if (line[colon] !== COLON) return -1;
    colon++;
    const valueStart = skipSpace(line, colon);
    let valueEnd = walk === undefined ? -2 : walk(pos + 1, keyEnd - 1, valueStart);
    if (valueEnd === -2) valueEnd = skipValue(line, valueStart);
    if (valueEnd === -1) return -1;
    visit(pos + 1, keyEnd - 1, valueStart, valueEnd);
    pos = skipSpace(line, valueEnd);
    if (line[pos] === CLOSE_BRACE) return pos + 1;
    if (line[pos] !== COMMA) return -1;
    pos = skipSpace(line, pos + 1);
  }
  return -1;
}

/** Whether the raw key bytes `line[keyStart, keyEnd)` equal the ASCII `key`. */
export function keyIs(line: Uint8Array, keyStart: number, keyEnd: number, key: string): boolean {
  if (keyEnd - keyStart !== key.length) return false;
  for (let i = 0; i < key.length; i++) {
    if (line[keyStart + i] !== key.charCodeAt(i)) return false;
  }
  return true;
}

const decoder = new TextDecoder();

/** Parses the JSON value at `line[start, end)`. Throws `SyntaxError` like `JSON.parse`. */
export function parseSlice(line: Uint8Array, start: number, end: number): unknown {
  return JSON.parse(decoder.decode(line.subarray(start, end)));
}

/**
 * Whether `line[start, end)` contains the ASCII `needle` (a cheap filter before a parse).
 */
export function sliceContains(
  line: Uint8Array,
  start: number,
  end: number,
  needle: Uint8Array,
): boolean {
  const first = needle[0];
  let from = start;
  while (true) {
    const at = line.indexOf(first, from);
    if (at === -1 || at + needle.length > end) return false;
    let ok = true;
    for (let i = 1; i < needle.length; i++) {
      if (line[at + i] !== needle[i]) {
        ok = false;
        break;
      }
    }
    if (ok) return true;
    from = at + 1;
  }
}

/** Scratch codes for {@linkcode sliceValue}'s ASCII path (reused: no allocation per string). */
const asciiCodes: number[] = [];

/**
 * The JSON value at `line[start, end)`, with a fast path for the values transcript envelopes are
 * made of: short strings without escapes or non-ASCII bytes, `true`, `false` and `null`. Anything
 * else goes through {@linkcode parseSlice}.
 *
 * @example
 * ```ts
 * import { sliceValue } from "./_json_scan.ts";
 * import assert from "node:assert/strict";
 * const line = new TextEncoder().encode('"abc" true "é\\n" 12');
 * assert.equal(sliceValue(line, 0, 5), "abc");
 * assert.equal(sliceValue(line, 6, 10), true);
 * assert.equal(sliceValue(line, 11, 17), "é\n");
 * assert.equal(sliceValue(line, 18, 20), 12);
 * ```
 */
export function sliceValue(line: Uint8Array, start: number, end: number): unknown {
  const first = line[start];
  if (first === QUOTE && end - start <= 130) {
    const length = end - start - 2;
    for (let k = 0; k < length; k++) {
      const byte = line[start + 1 + k];
      if (byte === BACKSLASH || byte >= 0x80) return parseSlice(line, start, end);
      asciiCodes[k] = byte;
    }
    // Plain ASCII maps byte for byte to UTF-16 units. From a plain array: measured 2.4x faster
    // than from a typed-array view, and faster than TextDecoder for strings this short.
    asciiCodes.length = length;
    return String.fromCharCode.apply(null, asciiCodes);
  }
  if (first === 0x74 && end - start === 4) return true;
  if (first === 0x66 && end - start === 5) return false;
  if (first === 0x6e && end - start === 4) return null;
  return parseSlice(line, start, end);
}
