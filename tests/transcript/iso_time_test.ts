/**
 * isoTimeMs must equal Date.parse of the decoded JSON string for every ISO 8601 input, a
 * date-time without a zone read as UTC, and NaN for other text and values that are not strings
 * (the rule of lib/transcript/iso_time.ts; timezone_test.ts checks the zone-less forms by hand). Every expected value below is computed with JSON.parse (to decode
 * the value) and Date.parse, independently of the digit-by-digit fast path in
 * lib/transcript/iso_time.ts (and its WebAssembly twin, used for bytes in the scanner's memory).
 * Random inputs come from mulberry32 with the seeds recorded next to each test.
 */

import assert from "node:assert/strict";
import { isoTimeMs } from "../../lib/transcript/iso_time.ts";
import {
  acquireRegion,
  regionMemory,
  releaseRegion,
  wasmIsoTimeMs,
} from "../../lib/transcript/_wasm_scanner.ts";
import { int, mulberry32 } from "./_random.ts";

const encoder = new TextEncoder();

/**
 * The reference: JSON.parse decodes the value; a string in one of the ISO 8601 shapes (checked
 * part by part here) goes to Date.parse, with "Z" added to a date-time that names no zone.
 */
function expectedMs(json: string): number {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return NaN;
  }
  if (typeof value !== "string") return NaN;
  const zone = /(Z|z|[+-]\d\d:?\d\d)$/.exec(value)?.[0] ?? "";
  const body = value.slice(0, value.length - zone.length);
  const [date, time, ...more] = body.split(/[Tt ]/);
  if (more.length > 0 || date === undefined) return NaN;
  if (!/^([+-]\d{6}|\d{4})(-\d\d){0,2}$/.test(date)) return NaN;
  if (time === undefined) return zone === "" ? Date.parse(value) : NaN;
  if (date.split("-").length - (date.startsWith("-") ? 1 : 0) !== 3) return NaN;
  if (!/^\d\d:\d\d(:\d\d(\.\d+)?)?$/.test(time)) return NaN;
  return Date.parse(zone === "" ? `${value}Z` : value);
}

/**
 * Checks the JSON value `json` at offset 0 of its own bytes and embedded in a line (so `start`
 * and `end` are not the array bounds).
 */
function check(json: string): void {
  const expected = expectedMs(json);
  const alone = encoder.encode(json);
  assert.equal(isoTimeMs(alone, 0, alone.length), expected, json);
  const line = encoder.encode(`{"timestamp":${json},"x":1}`);
  const start = 13;
  assert.equal(isoTimeMs(line, start, start + alone.length), expected, `embedded ${json}`);
  // The same line in the scanner's memory, where the WebAssembly fast path answers.
  const region = acquireRegion(line.length);
  try {
    regionMemory().set(line, region.offset);
    const view = regionMemory().subarray(region.offset, region.offset + line.length);
    assert.equal(isoTimeMs(view, start, start + alone.length), expected, `in scan memory ${json}`);
  } finally {
    releaseRegion(region);
  }
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

Deno.test("isoTimeMs: random instants 1970-2100, with and without milliseconds", () => {
  // Seed 0x150_0001. Expected: Date.parse; for the millisecond form also the instant itself.
  const rand = mulberry32(0x1500001);
  const from = Date.UTC(1970, 0, 1);
  const to = Date.UTC(2100, 11, 31, 23, 59, 59, 999);
  for (let i = 0; i < 5000; i++) {
    const ms = from + Math.floor(rand() * (to - from + 1));
    const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:mm:ss.sssZ
    const bytes = encoder.encode(`"${iso}"`);
    assert.equal(isoTimeMs(bytes, 0, bytes.length), ms, iso);
    check(`"${iso}"`);
    check(`"${iso.slice(0, 19)}Z"`);
  }
});

Deno.test("isoTimeMs: every day 1..31 of every month, leap and non-leap years", () => {
  // Seed 0x150_0002 for the times of day. Years: 2024 and 2000 (leap), 2023 and 2100 (not).
  // Days past the month's end are checked too: the result must be whatever Date.parse says.
  const rand = mulberry32(0x1500002);
  for (const year of [2023, 2024, 2000, 2100]) {
    for (let month = 1; month <= 12; month++) {
      for (let day = 1; day <= 31; day++) {
        const date = `${year}-${pad(month, 2)}-${pad(day, 2)}`;
        const time = `${pad(int(rand, 0, 23), 2)}:${pad(int(rand, 0, 59), 2)}:` +
          pad(int(rand, 0, 59), 2);
        const millis = pad(int(rand, 0, 999), 3);
        check(`"${date}T${time}.${millis}Z"`);
        check(`"${date}T${time}Z"`);
        check(`"${date}T00:00:00.000Z"`);
        check(`"${date}T23:59:59.999Z"`);
      }
    }
  }
  // By hand: 2024-02-29 exists, 2023-02-29 does not exist as a date of its own.
  const leap = encoder.encode('"2024-02-29T12:00:00.000Z"');
  assert.equal(isoTimeMs(leap, 0, leap.length), Date.UTC(2024, 1, 29, 12));
});

Deno.test("isoTimeMs: out-of-range fields go the way Date.parse goes", () => {
  const fields = [
    "2026-13-01T00:00:00.000Z", // month 13
    "2026-00-10T00:00:00.000Z", // month 0
    "2026-01-00T00:00:00.000Z", // day 0
    "2026-01-32T00:00:00.000Z", // day 32
    "2026-01-10T24:00:00.000Z", // hour 24 (end of day in ECMAScript; Date.parse decides)
    "2026-01-10T24:00:01.000Z",
    "2026-01-10T25:00:00.000Z",
    "2026-01-10T10:60:00.000Z", // minute 60
    "2026-01-10T10:00:60.000Z", // second 60
    "2026-01-10T10:00:60Z",
    "2026-01-10T24:00:00Z",
    "2026-13-01T00:00:00Z",
    "0000-01-01T00:00:00.000Z", // year 0
    "9999-12-31T23:59:59.999Z",
    "1969-12-31T23:59:59.999Z",
    "1600-02-29T00:00:00.000Z",
  ];
  for (const text of fields) check(`"${text}"`);
  // By hand: these are NaN in ECMAScript's date-time format.
  for (const text of ["2026-13-01T00:00:00.000Z", "2026-01-10T10:60:00.000Z"]) {
    const bytes = encoder.encode(`"${text}"`);
    assert.ok(Number.isNaN(isoTimeMs(bytes, 0, bytes.length)), text);
  }
});

Deno.test("isoTimeMs: other forms, escapes, non-strings and the empty string", () => {
  const forms = [
    '"2026-03-01T10:20:30+01:00"',
    '"2026-03-01T10:20:30.456+01:00"',
    '"2026-03-01T10:20:30-05:30"',
    '"2026-03-01T10:20:30.4Z"', // one fraction digit
    '"2026-03-01T10:20:30.45Z"',
    '"2026-03-01T10:20:30.456789Z"', // six fraction digits
    '"2026-03-01T10:20:30.456z"', // lowercase z
    '"2026-03-01t10:20:30.456Z"', // lowercase t
    '"2026-03-01T10:20:30.456"', // no zone
    '"2026-03-01T10:20:30Z "',
    '" 2026-03-01T10:20:30Z"',
    '"2026-03-01"', // date only
    '"2026-03"',
    '"2026"',
    '"2026-03-01T10:20Z"',
    '"2026-03-01 10:20:30Z"',
    '"+002026-03-01T10:20:30.000Z"',
    '"2026/03/01"',
    '"2026-3-01T10:20:30.000Z"',
    '"2026-03-01T10:20:30,456Z"',
    '"2026-03-01T10:20:30.45xZ"',
    '"2026-03-01T10:20:3x.456Z"',
    '"x026-03-01T10:20:30.456Z"',
    '"2026-03-01T10:20:30.456ZZ"',
    '"Sun, 01 Mar 2026 10:20:30 GMT"',
    '"not a date"',
    '"1"',
    '"é"',
    // Escapes: decoded before Date.parse.
    '"2026-03-01T10:20:30.456\\u005a"',
    '"\\u0032026-03-01T10:20:30.456Z"',
    '"2026-03-01T10:20:30.45\\u0036Z"',
    '"2026\\u002d03-01T10:20:30Z"',
    '"2026-03-01T10:20:30.456Z\\n"',
    '"2026-03-01T10:20:30\\/"',
    // Not strings, or empty.
    '""',
    "1772360430456",
    "null",
    "true",
    "false",
    '{"t":"2026-03-01T10:20:30.456Z"}',
    '["2026-03-01T10:20:30.456Z"]',
  ];
  for (const json of forms) check(json);
  // By hand: an escaped Z is still the same instant; an empty string and a number are NaN.
  const escaped = encoder.encode('"2026-03-01T10:20:30.456\\u005a"');
  assert.equal(isoTimeMs(escaped, 0, escaped.length), Date.UTC(2026, 2, 1, 10, 20, 30, 456));
  const offset = encoder.encode('"2026-03-01T10:20:30+01:00"');
  assert.equal(isoTimeMs(offset, 0, offset.length), Date.UTC(2026, 2, 1, 9, 20, 30));
  for (const json of ['""', "1772360430456", "null"]) {
    const bytes = encoder.encode(json);
    assert.ok(Number.isNaN(isoTimeMs(bytes, 0, bytes.length)), json);
  }
});

Deno.test("isoTimeMs: one byte changed anywhere in the fast-path forms", () => {
  // Seed 0x150_0003. Every position of a 24- and a 20-character timestamp, each replaced by each
  // byte of a set that reaches every check of the fast path; years 0000..9999.
  const rand = mulberry32(0x1500003);
  const replacements = [..."0123456789-:TZ.tz /+a"];
  for (let round = 0; round < 12; round++) {
    const year = pad(int(rand, 0, 9999), 4);
    const base = `${year}-${pad(int(rand, 1, 12), 2)}-${pad(int(rand, 1, 28), 2)}T` +
      `${pad(int(rand, 0, 23), 2)}:${pad(int(rand, 0, 59), 2)}:${pad(int(rand, 0, 59), 2)}`;
    for (const text of [`${base}.${pad(int(rand, 0, 999), 3)}Z`, `${base}Z`]) {
      check(`"${text}"`);
      for (let at = 0; at < text.length; at++) {
        for (const c of replacements) check(`"${text.slice(0, at)}${c}${text.slice(at + 1)}"`);
      }
    }
  }
});

Deno.test("wasmIsoTimeMs answers the strict forms itself and NaN for the rest", () => {
  // Expected: Date.UTC by hand for the two strict forms; NaN (the caller's cue for Date.parse)
  // for a zone offset, a day past 28 and year 0.
  const cases: [string, number][] = [
    ['"2026-03-04T05:06:07.089Z"', Date.UTC(2026, 2, 4, 5, 6, 7, 89)],
    ['"2026-03-04T05:06:07Z"', Date.UTC(2026, 2, 4, 5, 6, 7)],
    ['"1970-01-01T00:00:00.000Z"', 0],
    ['"2026-03-04T05:06:07+01:00"', NaN],
    ['"2026-03-29T05:06:07.000Z"', NaN],
    ['"0000-03-04T05:06:07.000Z"', NaN],
  ];
  for (const [json, expected] of cases) {
    const bytes = encoder.encode(json);
    const region = acquireRegion(bytes.length);
    try {
      regionMemory().set(bytes, region.offset);
      assert.equal(wasmIsoTimeMs(region.offset, region.offset + bytes.length), expected, json);
    } finally {
      releaseRegion(region);
    }
  }
});
