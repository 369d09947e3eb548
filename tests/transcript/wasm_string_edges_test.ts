/**
 * The validating string scan at its step edges: valid_string_end takes a string in a 16-byte
 * front, then 32-byte steps, then 64-byte blocks whose escapes come from mask arithmetic with a
 * carry into the next block, and byte by byte within 64 bytes of the memory's end. Each special
 * construct (escapes valid and invalid, backslash runs of either parity, `\u` with its digits,
 * raw control bytes) is placed at every offset around those edges, and the record scan's answer
 * must be what `JSON.parse` says.
 *
 * Expected values: `JSON.parse` (the definition of a well-formed line): the scan of a line returns
 * the end of its first complete object, which is the shortest prefix ending in `}` that
 * `JSON.parse` accepts, or -1 when none does.
 */

import assert from "node:assert/strict";
import {
  acquireRegion,
  regionMemory,
  releaseRegion,
  wasmScanRecord,
} from "../../lib/transcript/_wasm_scanner.ts";

const encoder = new TextEncoder();

/**
 * The reference: the UTF-8 length of the shortest prefix of `line` ending in `}` that JSON.parse
 * accepts, or -1.
 */
function expectedEnd(line: string): number {
  for (let k = 1; k <= line.length; k++) {
    if (line[k - 1] !== "}") continue;
    try {
      JSON.parse(line.slice(0, k));
      return encoder.encode(line.slice(0, k)).length;
    } catch {
      // not yet a complete object
    }
  }
  return -1;
}

/** wasmScanRecord on `line`'s UTF-8 bytes in a fresh region, as a position relative to the line. */
function scanRecord(line: string): number {
  const bytes = encoder.encode(line);
  const region = acquireRegion(bytes.length);
  try {
    regionMemory().set(bytes, region.offset);
    const end = wasmScanRecord(region.offset, region.offset + bytes.length);
    return end < 0 ? end : end - region.offset;
  } finally {
    releaseRegion(region);
  }
}

// The value string starts 6 bytes into '{"a":"' ... so offset k of the body is byte k of the
// string scan. Constructs, each valid or not as JSON decides.
const CONSTRUCTS = [
  '\\"', // escaped quote
  "\\\\", // escaped backslash
  '\\\\\\"', // backslash then escaped quote
  "\\n",
  "\\t",
  "\\/",
  "\\u00e9",
  "\\uD83D\\uDE00",
  "\\u00g9", // bad hex digit
  "\\u12", // short \u (the quote that follows is no hex digit)
  "\\x", // unknown escape
  "\\\u0001", // escaped control byte
  "\u0001", // raw control byte
  "\u001f",
  "\u007f", // DEL is allowed raw
  "é",
];

// Offsets around every step edge of the scan: the 16-byte front, the 32-byte steps, the 64-byte
// blocks and the next block.
const OFFSETS = Array.from({ length: 140 }, (_, k) => k);
// The 64-byte blocks start at a string's first backslash or control byte: a leading escape puts
// them at the string's start, so offset k is byte k of a block (minus 64 in the second).
const LEADS = ["", "\\n"];

Deno.test("string edges: every construct at every offset up to 140, closing at once or later", () => {
  let valid = 0;
  let invalid = 0;
  for (const lead of LEADS) {
    for (const construct of CONSTRUCTS) {
      for (const k of OFFSETS) {
        for (const after of [0, 1, 17, 50, 80]) {
          const body = lead + "a".repeat(k) + construct + "b".repeat(after);
          // Bytes after the object, inside the scanned range as in a real line: quotes and a
          // backslash, so a scan that ran past the closing quote would answer differently.
          const line = `{"a":"${body}","z":1}` + '"}\\"}';
          const expected = expectedEnd(line);
          assert.equal(scanRecord(line), expected, JSON.stringify(line));
          if (expected < 0) invalid++;
          else valid++;
        }
      }
    }
  }
  // The cases mean what they say: both answers occur (counted above by JSON.parse).
  assert.ok(valid > 1000 && invalid > 1000, `${valid} valid, ${invalid} invalid`);
});

Deno.test("string edges: backslash runs of each length ending at each offset across a block", () => {
  // A run of r backslashes then a quote: odd r escapes the quote (the string goes on to the
  // next quote), even r does not (the string ends there). Runs start from 40 to 140, so they
  // end before, on and after the 48-, 64- and 128-byte edges (32-byte steps and blocks).
  for (const lead of LEADS) {
    for (let start = 40; start < 140; start++) {
      for (let r = 1; r <= 6; r++) {
        const body = lead + "a".repeat(start) + "\\".repeat(r);
        const line = `{"a":"${body}"c","b":"d"}` + "}";
        assert.equal(scanRecord(line), expectedEnd(line), JSON.stringify(line));
      }
    }
  }
});

Deno.test("string edges: \\u with its digits split across a block edge", () => {
  // The u at offsets 58..70 puts its four digits on both sides of byte 64; the digits valid
  // (00e9) or with a bad one in each place.
  for (const lead of LEADS) {
    for (let k = 52; k < 72; k++) {
      for (const digits of ["00e9", "g0e9", "0g e", "00eg", "00e"]) {
        const line = `{"a":"${lead}${"a".repeat(k)}\\u${digits}x"}` + '"}';
        assert.equal(scanRecord(line), expectedEnd(line), JSON.stringify(line));
      }
    }
  }
});

Deno.test("string edges: a control byte right before or right after the closing quote", () => {
  for (let k = 0; k < 140; k++) {
    const body = "a".repeat(k);
    const before = `{"a":"${body}\u0001"}`; // inside the string: invalid
    const after = `{"a":"${body}"\u0001}`; // outside: not whitespace, invalid
    const tab = `{"a":"${body}"\t}`; // outside: whitespace, valid
    for (const line of [before, after, tab]) {
      assert.equal(scanRecord(line), expectedEnd(line), JSON.stringify(line));
    }
  }
  // By hand: the tab case is valid and ends after "}"; the other two are not JSON.
  assert.equal(scanRecord('{"a":"x"\t}'), 10);
  assert.equal(scanRecord('{"a":"x\u0001"}'), -1);
  assert.equal(scanRecord('{"a":"x"\u0001}'), -1);
});

Deno.test("string edges: strings that end within 64 bytes of the memory's end", () => {
  // Lines placed flush against the end of the scanner's memory, where no 16- or 64-byte load
  // fits: the scan goes byte by byte there and must agree with JSON.parse (and not trap).
  const region = acquireRegion(1); // ensures the memory exists; its end is what we use
  try {
    for (const lead of LEADS) {
      for (let k = 0; k < 140; k++) {
        for (
          const construct of ["", '\\"', "\\\\", "\\n", "\\u00e9", "\\u00g9", "\\x", "\u0001", "\\"]
        ) {
          const line = `{"a":"${lead}${"a".repeat(k)}${construct}"}`;
          const bytes = encoder.encode(line);
          const memory = regionMemory();
          const at = memory.length - bytes.length;
          assert.ok(at >= region.offset + region.capacity);
          memory.set(bytes, at);
          const end = wasmScanRecord(at, memory.length);
          assert.equal(end < 0 ? end : end - at, expectedEnd(line), JSON.stringify(line));
        }
      }
    }
  } finally {
    releaseRegion(region);
  }
});

Deno.test("string edges: plain strings of every length up to 200 with a quote right after", () => {
  // Each length ends at another place in the front, the 32-byte steps or a block. Junk quotes follow
  // the object, so a scan that took a later quote as the end would answer differently.
  for (let n = 0; n <= 200; n++) {
    const line = `{"a":"${"a".repeat(n)}"}` + '"'.repeat(70);
    assert.equal(scanRecord(line), 8 + n, JSON.stringify(line)); // by hand: 6 + n + 2
    assert.equal(expectedEnd(line), 8 + n);
  }
});
