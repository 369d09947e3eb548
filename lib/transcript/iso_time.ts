/**
 * Timestamps straight from bytes: the `"2026-01-01T12:00:00.000Z"` form Claude Code writes is read
 * digit by digit, without building a string or calling `Date.parse` (in WebAssembly for bytes in
 * the scanner's memory, `wasm/scan.wat` `iso_time_ms`, else here). Anything else (offsets, other
 * precisions, escapes, days past the 28th, whose validity depends on the month) is decoded and
 * read by `Date.parse`, under one rule that makes the result independent of the machine's time
 * zone:
 *
 * - Only ISO 8601 forms are timestamps: `YYYY`, `YYYY-MM`, `YYYY-MM-DD`, optionally followed by
 *   `T` (or `t`, or a space) and `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff…`, then optionally a zone
 *   (`Z`, `z`, `±HH:MM`, `±HHMM`); a six-digit signed year (`+002026`) too.
 * - A date-time without a zone is read as **UTC** (`Date.parse` alone would read it as local
 *   time, so the same file would give other numbers in another time zone); a date alone is UTC
 *   in `Date.parse` already.
 * - Other text `Date.parse` would accept (`2026/07/01`, `Jul 1 2026`, `"1"`), most of it read as
 *   local time by implementation-defined rules, is not a timestamp: NaN, as for a missing one.
 *
 * @module
 */

import { sliceValue } from "./_json_scan.ts";
import { inScanMemory, wasmIsoTimeMs } from "./_wasm_scanner.ts";

const QUOTE = 0x22;

function _digits(bytes: Uint8Array, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const d = bytes[i] - 0x30;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

/** Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`). */
function _daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) +
    dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/**
 * Milliseconds since the epoch of the JSON string at `bytes[start, end)` (quotes included); NaN
 * when it is not a string or not a date `Date.parse` accepts.
 *
 * @example
 * ```ts
 * import { isoTimeMs } from "./iso_time.ts";
 * import assert from "node:assert/strict";
 * const bytes = new TextEncoder().encode('"2026-03-01T10:20:30.456Z" "2026-03-01T10:20:30+01:00"');
 * assert.equal(isoTimeMs(bytes, 0, 26), Date.parse("2026-03-01T10:20:30.456Z"));
 * assert.equal(isoTimeMs(bytes, 27, 54), Date.parse("2026-03-01T10:20:30+01:00"));
 * ```
 */
export function isoTimeMs(bytes: Uint8Array, start: number, end: number): number {
  // Bytes in the scanner's memory (every line the reader parses) take the same fast path in
  // WebAssembly: a profile of the reader had this function at 5% in JavaScript.
  if (inScanMemory(bytes)) {
    const ms = wasmIsoTimeMs(bytes.byteOffset + start, bytes.byteOffset + end);
    if (ms === ms) return ms;
  }
  const length = end - start - 2;
  if (bytes[start] !== QUOTE || length < 1) return NaN;
  const s = start + 1;
  if (
    (length === 24 || length === 20) && bytes[s + 4] === 0x2d && bytes[s + 7] === 0x2d &&
    bytes[s + 10] === 0x54 && bytes[s + 13] === 0x3a && bytes[s + 16] === 0x3a &&
    bytes[s + length - 1] === 0x5a && (length === 20 || bytes[s + 19] === 0x2e)
  ) {
    const year = _digits(bytes, s, 4);
    const month = _digits(bytes, s + 5, 2);
    const day = _digits(bytes, s + 8, 2);
    const hour = _digits(bytes, s + 11, 2);
    const minute = _digits(bytes, s + 14, 2);
    const second = _digits(bytes, s + 17, 2);
    const millis = length === 24 ? _digits(bytes, s + 20, 3) : 0;
    if (
      year >= 0 && month >= 1 && month <= 12 && day >= 1 && day <= 28 && hour >= 0 &&
      hour <= 23 && minute >= 0 && minute <= 59 && second >= 0 && second <= 59 && millis >= 0
    ) {
      return ((_daysFromCivil(year, month, day) * 24 + hour) * 60 + minute) * 60000 +
        second * 1000 + millis;
    }
  }
  const text = sliceValue(bytes, start, end);
  return typeof text === "string" ? parseIsoUtc(text) : NaN;
}

/** The ISO 8601 forms of the module documentation; group 1: the time, group 2: the zone. */
const ISO_FORM =
  /^(?:[+-]\d{6}|\d{4})(?:-\d{2}(?:-\d{2}([Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?)?)?(Z|z|[+-]\d{2}:?\d{2})?$/;

/**
 * Milliseconds since the epoch of an ISO 8601 timestamp, a date-time without a zone read as UTC;
 * NaN for any other text (see the module documentation).
 *
 * @param text The decoded timestamp.
 * @returns Milliseconds since 1970-01-01T00:00:00Z, or NaN.
 *
 * @example
 * ```ts
 * import { parseIsoUtc } from "./iso_time.ts";
 * import assert from "node:assert/strict";
 * assert.equal(parseIsoUtc("2026-01-01T00:00:00"), Date.UTC(2026, 0, 1));
 * assert.equal(parseIsoUtc("2026-01-01T01:00:00+01:00"), Date.UTC(2026, 0, 1));
 * assert.ok(Number.isNaN(parseIsoUtc("2026/01/01")));
 * ```
 */
export function parseIsoUtc(text: string): number {
  const match = ISO_FORM.exec(text);
  if (match === null) return NaN;
  // A zone on a date alone is not a form Date.parse knows: NaN from it, as wanted.
  return Date.parse(match[1] !== undefined && match[2] === undefined ? `${text}Z` : text);
}
