/**
 * The validating record scan: a line is well formed exactly when `JSON.parse` accepts it (the
 * definition in docs/transcript-format.md, Line framing), whether it is read through WebAssembly or not; and the UTF-16
 * length of a JSON string counted from its bytes.
 *
 * Expected values: `JSON.parse` of the same text (the definition), and hand counts in comments.
 */

import assert from "node:assert/strict";
import { FileParser } from "../../lib/transcript/parse_file.ts";
import { KEY_IDS } from "../../lib/transcript/wasm/key_ids.ts";
import { mulberry32 } from "./_random.ts";
import { LineSplitter, splitLines } from "../../lib/transcript/jsonl.ts";
import {
  acquireRegion,
  escapedKey,
  memberKeyId,
  MESSAGE_TABLE,
  RECORD_TABLE,
  regionMemory,
  releaseRegion,
  wasmScanMembers,
  wasmScanRecord,
  wasmStringUnits,
} from "../../lib/transcript/_wasm_scanner.ts";

const encoder = new TextEncoder();

/** wasmScanRecord's answer for `text`, as a position relative to the line (or -1/-3). */
function scanRecord(text: string): number {
  const bytes = encoder.encode(text);
  const region = acquireRegion(bytes.length + 8);
  try {
    regionMemory().set(bytes, region.offset);
    const end = wasmScanRecord(region.offset, region.offset + bytes.length);
    return end < 0 ? end : end - region.offset;
  } finally {
    releaseRegion(region);
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

// Records that balance brackets and close strings, so a structural scan accepts them, but that
// JSON.parse rejects; and valid neighbours that differ by one byte.
const INVALID = [
  '{"a":"\\x"}', // unknown escape
  '{"a":"\\u12g4"}', // bad hex digit
  '{"a":"\\u12"}', // short \u
  '{"a":"tab\there"}', // raw control byte in a string
  '{"a":01}', // leading zero
  '{"a":1.}', // no fraction digits
  '{"a":1e}', // no exponent digits
  '{"a":-}', // sign alone
  '{"a":+1}', // plus sign
  '{"a":.5}', // no integer part
  '{"a":tru}', // short keyword
  '{"a":nulll}', // long keyword
  '{"a":True}', // capital keyword
  '{"a":1,}', // trailing comma
  '{"a":[1,]}', // trailing comma in an array
  '{"a":[,1]}', // leading comma
  '{"a" 1}', // no colon
  '{"a"::1}', // two colons
  '{"a":1 "b":2}', // no comma
  "{a:1}", // bare key
  '{"a":{"b"}}', // key without a value
  '{"a":[1 2]}', // no comma in an array
  '{"a":1}x', // trailing byte (scan_record stops at the object: the caller compares ends)
  "{'a':1}", // single quotes
];
const VALID = [
  '{"a":"\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\\uD83D\\uDE00"}',
  '{"a":0,"b":-0,"c":-1.5e+10,"d":2E-3,"e":10}',
  '{"a":true,"b":false,"c":null}',
  '{ "a" : [ 1 , { } , [ ] , "x" ] , "b" : { "c" : { } } }',
  '{"message":{"id":"m","content":[{"type":"text","text":"é😀"}]},"z":[]}',
  "{}",
];

Deno.test("validating scan: scan_record accepts exactly what JSON.parse accepts", () => {
  for (const text of [...INVALID, ...VALID]) {
    const expected = isJson(text) ? encoder.encode(text).length : -1;
    const end = scanRecord(text);
    // '{"a":1}x' parses as an object that ends at 7; the line check then fails on length.
    if (text === '{"a":1}x') assert.equal(end, 7, text);
    else assert.equal(end, expected, text);
  }
  // The list means what its comments say: every INVALID line fails JSON.parse.
  for (const text of INVALID) assert.equal(isJson(text), false, text);
  for (const text of VALID) assert.equal(isJson(text), true, text);
});

Deno.test("validating scan: the reader counts the same lines malformed in and out of wasm memory", () => {
  const lines = [...INVALID, ...VALID].map((t) =>
    t === "{}" ? '{"type":"user"}' : t.replace(/^\{/, '{"type":"user",')
  );
  lines.push('{"type":"user"}'); // valid
  // Through the splitter: lines live in the scanner's memory and take the WebAssembly path.
  const viaWasm = new FileParser();
  splitLines(lines.join("\n"), (b, s, e, n) => viaWasm.onLine(b, s, e, n));
  // Plain byte arrays: the JavaScript path (structural walk, then JSON.parse).
  const viaJs = new FileParser();
  lines.forEach((line, i) => {
    const bytes = encoder.encode(line);
    viaJs.onLine(bytes, 0, bytes.length, i + 1);
  });
  const wasmCounts = viaWasm.finish().counts;
  const jsCounts = viaJs.finish().counts;
  // By hand: every INVALID line is malformed (24), every VALID one and the last line are not.
  assert.equal(wasmCounts.malformedLines, INVALID.length);
  assert.deepEqual(jsCounts, wasmCounts);
});

Deno.test("validating scan: a record that ends where the scanner memory ends", () => {
  // A 65,536-byte record without a final newline fills its region exactly; keyword and key
  // checks read a few bytes past a value, which must stay inside memory (no RuntimeError).
  const head = '{"type":"user","pad":"';
  const tail = '","a":1}';
  const text = head + "x".repeat(65536 - head.length - tail.length) + tail;
  assert.equal(text.length, 65536);
  const parser = new FileParser();
  splitLines(text, (b, s, e, n) => parser.onLine(b, s, e, n));
  assert.equal(parser.finish().counts.malformedLines, 0);
});

Deno.test("string units: UTF-16 length of JSON strings from bytes", () => {
  // Expected: JSON.parse(text).length.
  const cases = [
    '""',
    '"abc"',
    '"a\\"b"', // 3
    '"\\\\"', // 1
    '"\\u00e9x"', // 2
    '"\\uD83D\\uDE00"', // 2 (a surrogate pair written as two escapes)
    '"' + "ab\\n".repeat(40) + '"', // 120, escapes across 32-byte blocks
    '"' + "x".repeat(31) + '\\n"', // a backslash at byte 31 of the first block
    '"' + "x".repeat(30) + '\\u0041yz"', // a \u escape crossing the block end
  ];
  for (const text of cases) {
    const bytes = encoder.encode(text);
    const region = acquireRegion(bytes.length + 8);
    try {
      regionMemory().set(bytes, region.offset);
      const units = wasmStringUnits(region.offset + 1, region.offset + bytes.length);
      assert.equal(units, (JSON.parse(text) as string).length, text);
    } finally {
      releaseRegion(region);
    }
  }
  // Well-formed UTF-8 is counted too: 2- and 3-byte sequences one unit, 4-byte two.
  for (
    const text of [
      '"é"',
      '"x😀"',
      '"' + "x".repeat(40) + 'é"',
      '"漢字かな"',
      '"' + "é😀a".repeat(30) + '"',
    ]
  ) {
    assert.equal(unitsOf(encoder.encode(text)), (JSON.parse(text) as string).length, text);
  }
  // Bytes that are not well-formed UTF-8 answer -1 (the caller decodes, as TextDecoder would).
  const quote = 0x22;
  for (
    const bad of [
      [0x80], // lone continuation
      [0xc0, 0x80], // overlong
      [0xc1, 0xbf], // overlong
      [0xe0, 0x80, 0x80], // overlong 3-byte
      [0xed, 0xa0, 0x80], // a surrogate
      [0xf0, 0x80, 0x80, 0x80], // overlong 4-byte
      [0xf4, 0x90, 0x80, 0x80], // above U+10FFFF
      [0xf5, 0x80, 0x80, 0x80], // no such lead
      [0xe2, 0x82], // cut short before the quote
      [0xc3, 0x41], // a lead without its continuation
    ]
  ) {
    for (const pad of [0, 29, 31]) {
      const bytes = new Uint8Array([quote, ...new Array(pad).fill(0x61), ...bad, quote]);
      assert.equal(unitsOf(bytes), -1, `${bad.map((b) => b.toString(16)).join(" ")} after ${pad}`);
    }
  }
});

/** wasmStringUnits of a whole JSON string (quotes included) placed in scanner memory. */
function unitsOf(bytes: Uint8Array): number {
  const region = acquireRegion(bytes.length + 8);
  try {
    regionMemory().set(bytes, region.offset);
    return wasmStringUnits(region.offset + 1, region.offset + bytes.length);
  } finally {
    releaseRegion(region);
  }
}

Deno.test("string units: random well-formed and broken UTF-8 against TextDecoder", () => {
  // Expected: JSON.parse of the TextDecoder text, for strings whose bytes are well-formed UTF-8;
  // -1 for the others (seed 0x7e57_0001).
  const random = mulberry32(0x7e570001);
  const strict = new TextDecoder("utf-8", { fatal: true });
  // JSON escapes as written in the string body: \n, \" and \u00e9.
  const pieces = ["a", "é", "漢", "😀", "\\n", '\\"', "\\u00e9", "x".repeat(20)];
  let valid = 0;
  let broken = 0;
  for (let n = 0; n < 2000; n++) {
    let text = "";
    const count = Math.floor(random() * 30);
    for (let k = 0; k < count; k++) text += pieces[Math.floor(random() * pieces.length)];
    const body = Array.from(encoder.encode(text));
    if (random() < 0.3 && body.length > 0) {
      body[Math.floor(random() * body.length)] = 0x80 + Math.floor(random() * 0x80);
    }
    const bytes = new Uint8Array([0x22, ...body, 0x22]);
    let wellFormed = true;
    try {
      strict.decode(bytes);
    } catch {
      wellFormed = false;
    }
    // string_units reads strings the record scan has validated: skip what is not a JSON string.
    let decodedLength: number;
    try {
      decodedLength = (JSON.parse(new TextDecoder().decode(bytes)) as string).length;
    } catch {
      continue;
    }
    const expected = wellFormed ? decodedLength : -1;
    if (wellFormed) valid++;
    else broken++;
    assert.equal(unitsOf(bytes), expected, JSON.stringify(text));
  }
  assert.ok(valid > 1000 && broken > 100, `valid ${valid}, broken ${broken}`);
});

Deno.test("line splitter: a BOM split across the first chunks is still dropped", () => {
  const bytes = encoder.encode('\uFEFF{"a":1}\n{"b":2}');
  for (const first of [1, 2]) {
    const seen: string[] = [];
    const splitter = new LineSplitter((b, s, e) => {
      seen.push(new TextDecoder().decode(b.subarray(s, e)));
    });
    splitter.push(bytes.subarray(0, first));
    splitter.push(bytes.subarray(first));
    splitter.finish();
    assert.deepEqual(seen, ['{"a":1}', '{"b":2}'], `first chunk ${first} byte(s)`);
  }
  // Two bytes that only look like a BOM's start, then the end of input: delivered as a line.
  const seen: number[] = [];
  const splitter = new LineSplitter((_b, s, e) => seen.push(e - s));
  splitter.push(new Uint8Array([0xef, 0xbb]));
  splitter.finish();
  assert.deepEqual(seen, [2]);
});

Deno.test("line splitter: a line handed on from an outer splitter can be split again", () => {
  // The inner call gets a view into the scanner's memory; growing that memory must not detach it.
  const inner: number[] = [];
  splitLines("x".repeat(70000) + "\na\nb", (b, s, e, n) => {
    if (n === 1) splitLines(b.subarray(s, e), (_b2, s2, e2) => inner.push(e2 - s2));
  });
  assert.deepEqual(inner, [70000]);
});

Deno.test("key ids: the scan names exactly the keys of KEY_IDS, in that order", () => {
  // Expected: KEY_IDS position + 1 for each key, 0 for keys one byte away (same length, one
  // character changed at the first, middle or last place; one character longer or shorter).
  const idOf = (key: string): number => {
    const text = `{${JSON.stringify(key)}:1}`;
    const bytes = encoder.encode(text);
    const region = acquireRegion(bytes.length + 8);
    try {
      regionMemory().set(bytes, region.offset);
      assert.equal(
        wasmScanRecord(region.offset, region.offset + bytes.length) - region.offset,
        bytes.length,
      );
      return memberKeyId(RECORD_TABLE, 0);
    } finally {
      releaseRegion(region);
    }
  };
  KEY_IDS.forEach((key, i) => assert.equal(idOf(key), i + 1, key));
  const flip = (key: string, at: number) =>
    key.slice(0, at) + String.fromCharCode(key.charCodeAt(at) ^ 1) + key.slice(at + 1);
  for (const key of KEY_IDS) {
    for (const near of [flip(key, 0), flip(key, key.length >> 1), flip(key, key.length - 1)]) {
      assert.equal(idOf(near), 0, near);
    }
    assert.equal(idOf(key + "x"), 0, key + "x");
    assert.equal(idOf(key.slice(1)), 0, key.slice(1));
  }
  // The message table gets ids too: {"message":{"usage":…,"other":…}}.
  const text = '{"message":{"usage":{},"other":1,"content":[]}}';
  const bytes = encoder.encode(text);
  const region = acquireRegion(bytes.length + 8);
  try {
    regionMemory().set(bytes, region.offset);
    wasmScanRecord(region.offset, region.offset + bytes.length);
    assert.equal(memberKeyId(RECORD_TABLE, 0), KEY_IDS.indexOf("message") + 1);
    assert.deepEqual(
      [0, 1, 2].map((k) => memberKeyId(MESSAGE_TABLE, k)),
      [KEY_IDS.indexOf("usage") + 1, 0, KEY_IDS.indexOf("content") + 1],
    );
  } finally {
    releaseRegion(region);
  }
});

Deno.test("escaped-key flag: set by a key the scan names 0 that holds an escape, at any level", () => {
  // Expected by hand: only keys with a backslash and no id raise the flag; each scan resets it.
  const scan = (text: string, members = false): boolean => {
    const bytes = encoder.encode(text);
    const region = acquireRegion(bytes.length + 8);
    try {
      regionMemory().set(bytes, region.offset);
      const end = members
        ? wasmScanMembers(region.offset, region.offset + bytes.length)
        : wasmScanRecord(region.offset, region.offset + bytes.length);
      assert.equal(end - region.offset, bytes.length, text);
      return escapedKey();
    } finally {
      releaseRegion(region);
    }
  };
  assert.equal(scan('{"\\u0074ype":1}'), true);
  assert.equal(scan('{"type":1,"other":"\\u0074"}'), false); // an escape in a value only
  assert.equal(scan('{"message":{"\\u0069d":"m"}}'), true); // in the message object
  assert.equal(scan('{"a\\"b":1}'), true); // an unknown key with an escape: flagged too
  assert.equal(scan('{"type":1}'), false); // reset by the next scan
  assert.equal(scan('{"\\u0069nput_tokens":1}', true), true);
  assert.equal(scan('{"input_tokens":1}', true), false);
});

Deno.test("escaped-key flag: keys of every length up to 40, with and without a backslash", () => {
  // Expected by construction: the flag is raised exactly when the raw key holds a backslash
  // (none of these keys has an id). A backslash follows each key in its value, so a check that
  // looked past the key's closing quote would raise it for the plain keys too.
  const region = acquireRegion(256);
  try {
    for (let n = 0; n <= 40; n++) {
      const keys = [{ key: "k".repeat(n), escaped: false }];
      for (let at = 0; at + 2 <= n; at++) {
        keys.push({ key: "k".repeat(at) + "\\n" + "k".repeat(n - at - 2), escaped: true });
      }
      for (const { key, escaped } of keys) {
        const text = `{"${key}":"\\n"}`;
        JSON.parse(text); // every case is a valid line
        const bytes = encoder.encode(text);
        regionMemory().set(bytes, region.offset);
        const end = wasmScanRecord(region.offset, region.offset + bytes.length);
        assert.equal(end - region.offset, bytes.length, text);
        assert.equal(escapedKey(), escaped, text);
      }
    }
  } finally {
    releaseRegion(region);
  }
});
