/**
 * Differential tests of the WebAssembly scanner against the JavaScript reference.
 *
 * Every expected value here comes from the JavaScript loops of lib/transcript/_json_scan.ts run on
 * a plain copy of the bytes (a copy is never in the scanner's memory, so those calls take the
 * JavaScript path), from a byte-by-byte loop written in this file, or from
 * `Uint8Array.prototype.indexOf`. The same bytes are then put into the scanner's memory and the
 * same calls must give the same answers.
 *
 * Random inputs come from mulberry32 with the seeds recorded next to each test.
 */

import assert from "node:assert/strict";
import { forEachMember, skipString, skipValue } from "../../lib/transcript/_json_scan.ts";
import {
  acquireRegion,
  inScanMemory,
  memberCount,
  memberKeyEnd,
  memberKeyStart,
  memberValueEnd,
  memberValueStart,
  MESSAGE_TABLE,
  RECORD_TABLE,
  regionMemory,
  releaseRegion,
  type ScanTable,
  slotTable,
  wasmIndexOf,
  wasmScanRecord,
  wasmSkipValue,
  wasmStringEnd,
} from "../../lib/transcript/_wasm_scanner.ts";
import { int, mulberry32, type Rand } from "./_random.ts";
import { KEY, KEY_IDS } from "../../lib/transcript/wasm/key_ids.ts";

// ---------------------------------------------------------------------------------------------
// Helpers

const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)];

const encoder = new TextEncoder();
const QUOTE = 0x22;

/**
 * Runs `body` with `bytes` copied into the scanner's memory at `shift` bytes past a region's
 * start; the bytes around it are filled with quotes and backslashes, so a read past `end` would
 * change an answer. `body` gets the view and the absolute address of its first byte.
 */
function inWasm<T>(
  bytes: Uint8Array,
  shift: number,
  body: (view: Uint8Array, base: number) => T,
): T {
  const size = shift + bytes.length + 64;
  const region = acquireRegion(size);
  try {
    const memory = regionMemory();
    for (let i = 0; i < size; i++) memory[region.offset + i] = i & 1 ? QUOTE : 0x5c;
    memory.set(bytes, region.offset + shift);
    const base = region.offset + shift;
    const view = regionMemory().subarray(base, base + bytes.length);
    assert.ok(inScanMemory(view));
    return body(view, base);
  } finally {
    releaseRegion(region);
  }
}

/** The reference string end: the byte loop _json_scan.ts documents (from a non-escape position). */
function byteLoopStringEnd(bytes: Uint8Array, pos: number, end: number): number {
  let i = pos;
  while (i < end) {
    const byte = bytes[i];
    if (byte === QUOTE) return i + 1;
    i += byte === 0x5c ? 2 : 1;
  }
  return -1;
}

type Member = [number, number, number, number];

function membersOf(line: Uint8Array): { end: number; members: Member[] } {
  const members: Member[] = [];
  const end = forEachMember(line, 0, (ks, ke, vs, ve) => members.push([ks, ke, vs, ve]));
  return { end, members };
}

function isMessageKey(line: Uint8Array, ks: number, ke: number): boolean {
  const key = "message";
  if (ke - ks !== key.length) return false;
  for (let i = 0; i < key.length; i++) if (line[ks + i] !== key.charCodeAt(i)) return false;
  return true;
}

/**
 * The JavaScript reference for scan_record: forEachMember over the record, descending into every
 * `message` member whose value is an object with forEachMember (as parse_file.ts's walk does).
 * `message` holds the members of the last `message` when it is an object, null when there was
 * none or the last one is not an object (JSON.parse's rule: the last member of a name wins).
 */
function referenceRecord(line: Uint8Array): {
  end: number;
  record: Member[];
  message: Member[] | null;
} {
  const record: Member[] = [];
  let message: Member[] | null = null;
  const end = forEachMember(
    line,
    0,
    (ks, ke, vs, ve) => record.push([ks, ke, vs, ve]),
    (ks, ke, vs) => {
      if (!isMessageKey(line, ks, ke)) return -2;
      if (line[vs] !== 0x7b) {
        message = null;
        return -2;
      }
      const inner: Member[] = [];
      const innerEnd = forEachMember(line, vs, (a, b, c, d) => inner.push([a, b, c, d]));
      message = inner;
      return innerEnd;
    },
  );
  return { end, record, message };
}

/** scan_record's answer for a line in wasm memory, table addresses made relative to the line. */
function wasmRecord(view: Uint8Array, base: number): {
  end: number;
  record: Member[];
  message: Member[] | null;
} {
  const end = wasmScanRecord(base, base + view.length);
  const read = (table: ScanTable, count: number): Member[] => {
    const out: Member[] = [];
    for (let k = 0; k < count; k++) {
      out.push([
        memberKeyStart(table, k) - base,
        memberKeyEnd(table, k) - base,
        memberValueStart(table, k) - base,
        memberValueEnd(table, k) - base,
      ]);
    }
    return out;
  };
  const messageCount = memberCount(MESSAGE_TABLE);
  return {
    end: end < 0 ? end : end - base,
    record: read(RECORD_TABLE, memberCount(RECORD_TABLE)),
    message: messageCount < 0 ? null : read(MESSAGE_TABLE, messageCount),
  };
}

/**
 * The slot table of `table` must hold, for every key id, the value range of the last member of
 * `members` with that raw key (a record's `message` only when the last is an object), -1 for ids
 * that do not occur. The reference names keys by their raw bytes, as the scan does.
 */
function checkSlots(
  line: Uint8Array,
  table: ScanTable,
  members: Member[],
  record: boolean,
): void {
  const expected = new Map<number, [number, number]>();
  for (const [ks, ke, vs, ve] of members) {
    const id = (KEY_IDS as readonly string[]).indexOf(decoder.decode(line.subarray(ks, ke))) + 1;
    if (id === 0) continue;
    if (record && id === KEY.message && line[vs] !== 0x7b) {
      expected.delete(id);
      continue;
    }
    if (expected.has(id)) slotRepeats++;
    expected.set(id, [vs, ve]);
  }
  if (expected.size > 0) slotTables++;
  // In place, relative to the position the scan was given (the line's start).
  const slots = slotTable(table);
  for (let id = 1; id <= KEY_IDS.length; id++) {
    const got: [number, number] = [slots[2 * id], slots[2 * id + 1]];
    const want = expected.get(id) ?? [-1, -1];
    if (got[0] !== want[0] || got[1] !== want[1]) {
      assert.deepEqual(got, want, `slot ${KEY_IDS[id - 1]} of ${show(line)}`);
    }
  }
}

const decoder = new TextDecoder();
/** Keeps a BOM, so a line starting with one is not JSON (as the reader's JavaScript path does). */
const jsonDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** `end` when `bytes[0, end)` is valid JSON by JSON.parse (the definition), else -1. */
function validEnd(bytes: Uint8Array, end: number): number {
  if (end < 0) return -1;
  try {
    JSON.parse(jsonDecoder.decode(bytes.subarray(0, end)));
    return end;
  } catch {
    return -1;
  }
}
const show = (bytes: Uint8Array): string => JSON.stringify(decoder.decode(bytes));

/** Slot tables compared with at least one known key, and keys met again in one object. */
let slotTables = 0;
let slotRepeats = 0;

/** Lines whose scan_record tables were compared, and balanced lines that JSON.parse rejects. */
let validRecords = 0;
let invalidBalancedRecords = 0;

/** All differential checks on one line; `shift` varies the line's alignment in memory. */
function checkLine(bytes: Uint8Array, shift: number, deep: boolean): void {
  const plain = bytes.slice();
  const ref = {
    value: skipValue(plain, 0),
    strings: [] as number[],
    values: [] as number[],
    members: membersOf(plain),
    record: referenceRecord(plain),
  };
  const quotes: number[] = [];
  const opens: number[] = [];
  for (let i = 0; i < plain.length; i++) {
    if (plain[i] === QUOTE) quotes.push(i);
    if (deep && (plain[i] === 0x7b || plain[i] === 0x5b)) opens.push(i);
  }
  for (const q of quotes) ref.strings.push(skipString(plain, q));
  for (const o of opens) ref.values.push(skipValue(plain, o));

  inWasm(bytes, shift, (view, base) => {
    // Messages are built only on failure: most lines make hundreds of comparisons.
    const same = (got: number, expected: number, what: () => string) => {
      if (got !== expected) assert.fail(`${what()} of ${show(bytes)}: ${got} !== ${expected}`);
    };
    same(skipValue(view, 0), ref.value, () => "skipValue");
    quotes.forEach((q, k) => same(skipString(view, q), ref.strings[k], () => `skipString at ${q}`));
    opens.forEach((o, k) => same(skipValue(view, o), ref.values[k], () => `skipValue at ${o}`));
    const members = membersOf(view);
    same(members.end, ref.members.end, () => "forEachMember end");
    if (!sameMembers(members.members, ref.members.members)) {
      assert.deepEqual(members, ref.members, `forEachMember ${show(bytes)}`);
    }
    let first = 0;
    while (first < plain.length && (plain[first] === 0x20 || plain[first] === 0x09)) first++;
    if (plain[first] === 0x7b) {
      const got = wasmRecord(view, base);
      // scan_record also validates as JSON.parse does: its end is the structural end when the
      // object up to there parses, else -1.
      const valid = validEnd(plain, ref.record.end);
      same(got.end, valid, () => "scan_record end");
      if (valid >= 0) validRecords++;
      else if (ref.record.end >= 0) invalidBalancedRecords++;
      if (valid >= 0) {
        const message = got.message === null || ref.record.message === null
          ? got.message === ref.record.message
          : sameMembers(got.message, ref.record.message);
        if (!message || !sameMembers(got.record, ref.record.record)) {
          assert.deepEqual(got, ref.record, `scan_record tables ${show(bytes)}`);
        }
        checkSlots(plain, RECORD_TABLE, ref.record.record, true);
        checkSlots(plain, MESSAGE_TABLE, ref.record.message ?? [], false);
      }
    }
  });
}

function sameMembers(a: Member[], b: Member[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < 4; j++) if (a[i][j] !== b[i][j]) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Random JSON-like lines

const PLAIN = [..."abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789{}[]:,.-_/<>!?#'tfn"];
const ESCAPES = ['\\"', "\\\\", "\\n", "\\u00e9", "\\/", "\\t"];
const WIDE = ["é", "中", "😀", "ß"];
const KEYS = ["message", "type", "usage", "content", "id", "a", "", "messag", "messages", "uuid"];
const NUMBERS = ["0", "7", "-1", "12345", "3.25", "-0.5e-3", "1E9", "6.02e+23", "0.0", "99"];
const SPACES = ["", "", "", "", " ", "\t", "  ", "\r ", "\n"];

class LineGenerator {
  /** Offset (0..40) of the first escape in the next string, cycled so every offset occurs. */
  #firstSpecial = 0;
  constructor(readonly rand: Rand) {}

  space(): string {
    return pick(this.rand, SPACES);
  }

  /** String content (no quotes), 0..~200 bytes, escapes and multi-byte characters mixed in. */
  stringBody(): string {
    const rand = this.rand;
    const length = rand() < 0.3 ? int(rand, 0, 8) : int(rand, 0, 200);
    let out = "";
    let bytes = 0;
    let gap = this.#firstSpecial;
    this.#firstSpecial = (this.#firstSpecial + 1) % 41;
    while (bytes < length) {
      for (let k = 0; k < gap && bytes < length; k++, bytes++) out += pick(rand, PLAIN);
      if (bytes >= length) break;
      const r = rand();
      if (r < 0.55) {
        const escape = pick(rand, ESCAPES);
        out += escape;
        bytes += escape.length;
      } else if (r < 0.8) {
        // A run of escaped backslashes, then maybe an escaped quote.
        const run = int(rand, 1, 4);
        out += "\\\\".repeat(run) + (rand() < 0.5 ? '\\"' : "");
        bytes += 2 * run + 2;
      } else {
        const wide = pick(rand, WIDE);
        out += wide;
        bytes += encoder.encode(wide).length;
      }
      gap = rand() < 0.5 ? int(rand, 0, 40) : int(rand, 0, 3);
    }
    return out;
  }

  string(): string {
    return `"${this.stringBody()}"`;
  }

  key(): string {
    return this.rand() < 0.8 ? `"${pick(this.rand, KEYS)}"` : this.string();
  }

  value(depth: number): string {
    const rand = this.rand;
    const r = rand();
    // Containers thin out with depth, so lines stay a few hundred bytes long on average.
    const nest = depth < 6 ? 0.4 - 0.05 * depth : 0;
    if (r < nest * 0.6) return this.object(depth + 1, false);
    if (r < nest) return this.array(depth + 1);
    if (r < 0.7) return this.string();
    if (r < 0.85) return pick(rand, NUMBERS);
    return pick(rand, ["true", "false", "null"]);
  }

  array(depth: number): string {
    const n = int(this.rand, 0, 4);
    const items: string[] = [];
    for (let i = 0; i < n; i++) items.push(this.space() + this.value(depth) + this.space());
    return `[${items.join(",")}${n === 0 ? this.space() : ""}]`;
  }

  object(depth: number, record: boolean): string {
    const rand = this.rand;
    const n = int(rand, 0, 5);
    const members: string[] = [];
    for (let i = 0; i < n; i++) {
      members.push(
        this.space() + this.key() + this.space() + ":" + this.space() +
          this.value(depth) + this.space(),
      );
    }
    if (record) {
      // A record: usually a `message` object, sometimes a non-object message or two of them.
      const messages = rand() < 0.15 ? 2 : rand() < 0.75 ? 1 : 0;
      for (let m = 0; m < messages; m++) {
        const value = rand() < 0.85 ? this.object(depth + 1, false) : this.value(depth);
        members.splice(int(rand, 0, members.length), 0, `"message"${this.space()}:${value}`);
      }
    }
    return `{${members.join(",")}${members.length === 0 ? this.space() : ""}}`;
  }

  line(): string {
    const rand = this.rand;
    const r = rand();
    const body = r < 0.8 ? this.object(0, true) : r < 0.9 ? this.array(0) : this.value(0);
    return (rand() < 0.1 ? this.space() : "") + body + (rand() < 0.1 ? this.space() : "");
  }
}

const STRUCTURAL = [0x22, 0x5c, 0x7b, 0x7d, 0x5b, 0x5d, 0x3a, 0x2c, 0x20, 0x74, 0x6e, 0x31];

function corruptions(rand: Rand, bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  if (bytes.length === 0) return out;
  // One byte replaced: half the time by a structural byte, else by any byte.
  const replaced = bytes.slice();
  replaced[int(rand, 0, bytes.length - 1)] = rand() < 0.5
    ? pick(rand, STRUCTURAL)
    : int(rand, 0, 255);
  out.push(replaced);
  // An extra `]` somewhere.
  const at = int(rand, 0, bytes.length);
  const extra = new Uint8Array(bytes.length + 1);
  extra.set(bytes.subarray(0, at));
  extra[at] = 0x5d;
  extra.set(bytes.subarray(at), at + 1);
  out.push(extra);
  // A quote missing.
  const quotes: number[] = [];
  bytes.forEach((b, i) => b === QUOTE && quotes.push(i));
  if (quotes.length > 0) {
    const q = pick(rand, quotes);
    const missing = new Uint8Array(bytes.length - 1);
    missing.set(bytes.subarray(0, q));
    missing.set(bytes.subarray(q + 1), q);
    out.push(missing);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tests

Deno.test("wasm scan: string_end at every block offset equals the byte loop", () => {
  // Strings built around the 32-byte SIMD blocks: a special byte at every offset 0..72 of the
  // scanned range, starting at every alignment 0..33 of a region. Expected: byteLoopStringEnd
  // (and skipString on a plain copy, for strings that start with a quote).
  const patterns: ((k: number) => string)[] = [
    (k) => "a".repeat(k) + '"' + "b".repeat(40), // a quote at k
    (k) => "a".repeat(k) + '\\""' + "b".repeat(40), // escaped quote at k, the close after it
    (k) => "a".repeat(k) + '\\\\"' + "b".repeat(40), // escaped backslash, then the close
    (k) => "a".repeat(k) + '\\\\\\""' + "c".repeat(3), // \\ \" then the close
    (k) => "a".repeat(k) + "\\", // a backslash as the last byte: never closes
    (k) => "a".repeat(k) + '\\"', // escaped quote as the last bytes: never closes
    (k) => "a".repeat(k), // no quote at all
    (k) => "\\a".repeat(k) + '"', // dense escapes
    (k) => "é".repeat(k) + '\\\\\\"x"', // multi-byte, then \\ \" x and the close
    (k) => "a".repeat(k) + "\\" + "\\".repeat(33) + '"', // a long run of backslashes
  ];
  let checked = 0;
  for (const pattern of patterns) {
    for (let k = 0; k <= 72; k++) {
      const bytes = encoder.encode(pattern(k));
      for (let shift = 0; shift <= 33; shift++) {
        const expected = byteLoopStringEnd(bytes, 0, bytes.length);
        // The same string after an opening quote, for skipString's reference.
        const quoted = new Uint8Array(bytes.length + 1);
        quoted[0] = QUOTE;
        quoted.set(bytes, 1);
        const viaSkip = skipString(quoted.slice(), 0);
        assert.equal(viaSkip, expected < 0 ? -1 : expected + 1);
        inWasm(bytes, shift, (_view, base) => {
          const got = wasmStringEnd(base, base + bytes.length);
          assert.equal(got < 0 ? -1 : got - base, expected, `${show(bytes)} shift ${shift}`);
        });
        inWasm(quoted, shift, (view) => {
          assert.equal(skipString(view, 0), viaSkip, `"${show(bytes)} shift ${shift}`);
        });
        checked++;
      }
    }
  }
  assert.equal(checked, patterns.length * 73 * 34);
});

Deno.test("wasm scan: string_end with a backslash at byte 31 of a block and a quote after it", () => {
  // Worked by hand: from p, bytes p..p+30 plain, p+31 a backslash, p+32 the escaped byte.
  // An escaped quote at p+32 does not close; the next quote at p+33 does, end p+34.
  const bytes = encoder.encode("x".repeat(31) + '\\""' + "y".repeat(40));
  inWasm(bytes, 0, (_view, base) => {
    assert.equal(wasmStringEnd(base, base + bytes.length) - base, 34);
  });
  // Escaped backslash across the boundary (p+31 '\', p+32 '\'), then a quote at p+33: end p+34.
  const pair = encoder.encode("x".repeat(31) + '\\\\"' + "y".repeat(40));
  inWasm(pair, 0, (_view, base) => {
    assert.equal(wasmStringEnd(base, base + pair.length) - base, 34);
  });
  // The backslash at byte 31 is the last byte of the range: no close, -1.
  const last = encoder.encode("x".repeat(31) + "\\");
  inWasm(last, 0, (_view, base) => {
    assert.equal(wasmStringEnd(base, base + last.length), -1);
  });
  // Ranges shorter than a block (0..31 bytes) go through the scalar tail.
  for (let n = 0; n < 32; n++) {
    const short = encoder.encode("s".repeat(n) + '"');
    inWasm(short, 0, (_view, base) => {
      assert.equal(wasmStringEnd(base, base + n), -1, `no quote within ${n} bytes`);
      assert.equal(wasmStringEnd(base, base + n + 1) - base, n + 1);
    });
  }
});

Deno.test("wasm scan: random JSON lines and corrupted variants match the JavaScript scanner", () => {
  // Seed 0x5eed_0001; 2,000 lines, up to 3 corruptions each, and every truncation of the first
  // 30 lines shorter than 600 bytes.
  const rand = mulberry32(0x5eed0001);
  const generator = new LineGenerator(rand);
  let checked = 0;
  let truncated = 0;
  for (let i = 0; i < 2000; i++) {
    const bytes = encoder.encode(generator.line());
    checkLine(bytes, i % 37, i % 8 === 0);
    checked++;
    for (const bad of corruptions(rand, bytes)) {
      checkLine(bad, (i * 7) % 37, false);
      checked++;
    }
    if (truncated < 30 && bytes.length < 600) {
      truncated++;
      for (let cut = 0; cut < bytes.length; cut++) {
        checkLine(bytes.subarray(0, cut), cut % 33, false);
        checked++;
      }
    }
  }
  assert.equal(truncated, 30);
  assert.ok(checked > 8000);
  // Both kinds of record line occur: valid ones (tables compared) and balanced but invalid ones
  // (bad escapes, raw control bytes, bad numbers), which only the validating scan rejects.
  assert.ok(validRecords > 1000, `valid records ${validRecords}`);
  assert.ok(invalidBalancedRecords > 100, `invalid balanced records ${invalidBalancedRecords}`);
  // The slot tables were compared on many records, repeated keys (the last one wins) included.
  assert.ok(slotTables > 1000, `slot tables ${slotTables}`);
  assert.ok(slotRepeats > 50, `repeated keys ${slotRepeats}`);
});

Deno.test("wasm scan: the random generator reaches the cases it is meant to", () => {
  // Seed 0x5eed_0001 again: the lines are valid JSON (JSON.parse accepts them), records with a
  // message object occur, and strings longer than the 48-byte JavaScript prefix occur.
  const rand = mulberry32(0x5eed0001);
  const generator = new LineGenerator(rand);
  let messages = 0;
  let longStrings = 0;
  for (let i = 0; i < 300; i++) {
    const text = generator.line();
    const value = JSON.parse(text);
    if (value && typeof value === "object" && !Array.isArray(value)) {
      if (value.message && typeof value.message === "object") messages++;
    }
    const bytes = encoder.encode(text);
    for (let q = 0; q < bytes.length; q++) {
      if (bytes[q] !== QUOTE) continue;
      const end = skipString(bytes, q);
      if (end - q > 60) longStrings++;
      if (end > 0) q = end - 1;
    }
    corruptions(rand, bytes); // keep the stream aligned with the test above
  }
  assert.ok(messages > 50, `messages ${messages}`);
  assert.ok(longStrings > 100, `long strings ${longStrings}`);
});

Deno.test("wasm scan: nesting deeper than 32,768 levels falls back to the JavaScript scanner", () => {
  // Expected values from skipValue / forEachMember on a plain copy (JavaScript path), and for the
  // wasm limits by hand: 32,768 open brackets fit the bracket stack, the 32,769th returns -3.
  const fits = encoder.encode("[".repeat(32768) + "]".repeat(32768));
  inWasm(fits, 0, (view, base) => {
    assert.equal(wasmSkipValue(base, base + fits.length) - base, 65536);
    assert.equal(skipValue(view, 0), skipValue(fits.slice(), 0));
  });
  const cases = [
    "[".repeat(32769) + "]".repeat(32769),
    "[".repeat(20000) + "{".repeat(20000) + '"a\\"b"' + "}".repeat(20000) + "]".repeat(20000),
    "[".repeat(40000) + "]".repeat(39999) + "}", // mismatched closer at the end
    "[".repeat(40000) + "]".repeat(39999), // one short
    "{" + '"k":'.repeat(1) + "[".repeat(33000) + "1" + "]".repeat(33000) + "}",
  ];
  for (const text of cases) {
    const bytes = encoder.encode(text);
    const expected = skipValue(bytes.slice(), 0);
    inWasm(bytes, 3, (view, base) => {
      const direct = wasmSkipValue(base, base + bytes.length);
      // The mismatched case may stop early with -1 only if the mismatch came first; here every
      // case opens more than 32,768 brackets before any closer, so wasm must hand over.
      assert.equal(direct, -3, text.slice(0, 20));
      assert.equal(skipValue(view, 0), expected, text.slice(0, 20));
    });
  }
  // Worked by hand for the expected values above.
  assert.equal(skipValue(encoder.encode(cases[0]), 0), 65538);
  assert.equal(skipValue(encoder.encode(cases[2]), 0), -1);
  assert.equal(skipValue(encoder.encode(cases[3]), 0), -1);
  // A deep member value inside a record: scan_record hands over (-3), forEachMember on the
  // wasm view falls back through skipValue and matches the plain copy.
  const record = encoder.encode(
    '{"a":1,"deep":' + "[".repeat(33000) + "]".repeat(33000) + ',"message":{"b":2}}',
  );
  const expected = membersOf(record.slice());
  assert.equal(expected.end, record.length);
  inWasm(record, 5, (view, base) => {
    assert.equal(wasmScanRecord(base, base + record.length), -3);
    assert.deepEqual(membersOf(view), expected);
  });
  const deepMessage = encoder.encode(
    '{"message":{"x":' + "[".repeat(33000) + "]".repeat(33000) + "}}",
  );
  inWasm(deepMessage, 0, (view, base) => {
    assert.equal(wasmScanRecord(base, base + deepMessage.length), -3);
    assert.deepEqual(membersOf(view), membersOf(deepMessage.slice()));
  });
});

Deno.test("wasm scan: records with more than 2,048 members hand over (-3)", () => {
  // Expected: forEachMember on a plain copy; by hand, 2,048 members fill the table exactly and
  // the 2,049th returns -3, in the record and in its message object.
  const object = (n: number) =>
    `{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(",")}}`;
  for (const n of [2047, 2048]) {
    const bytes = encoder.encode(object(n));
    const ref = referenceRecord(bytes.slice());
    assert.equal(ref.record.length, n);
    inWasm(bytes, 1, (view, base) => {
      assert.deepEqual(wasmRecord(view, base), ref);
    });
    const inMessage = encoder.encode(`{"message":${object(n)},"z":0}`);
    const refMessage = referenceRecord(inMessage.slice());
    assert.equal(refMessage.message?.length, n);
    inWasm(inMessage, 2, (view, base) => {
      assert.deepEqual(wasmRecord(view, base), refMessage);
    });
  }
  for (const text of [object(2049), object(5000), `{"message":${object(2049)}}`]) {
    const bytes = encoder.encode(text);
    const expected = membersOf(bytes.slice());
    assert.equal(expected.end, bytes.length);
    inWasm(bytes, 0, (view, base) => {
      assert.equal(wasmScanRecord(base, base + bytes.length), -3);
      assert.deepEqual(membersOf(view), expected);
    });
  }
});

Deno.test("wasm scan: scan_record on hand-made records", () => {
  // Expected values by hand (positions are byte offsets in the line), cross-checked with the
  // forEachMember-based reference.
  const cases: [string, number, number, number][] = [
    // text, end, record members, message members (-1: none)
    ['{"message":{"id":"m"}}', 22, 1, 1],
    [' {"a":1} ', 8, 1, -1],
    ['{"message":"text","b":[]}', 25, 2, -1],
    ['{"message":{},"message":{"x":1,"y":2}}', 38, 2, 2],
    ['{"message":{"x":1,"y":2},"message":{}}', 38, 2, 0],
    ['{"message":{"x":1},"message":3}', 31, 2, -1], // the last message is not an object
    ['{"message":{"a" 1}}', -1, 0, 0], // the message object breaks the grammar
    ['{"message":{"a":1,}}', -1, 0, 0],
    ['{"outer":{"message":{"a":1}}}', 29, 1, -1], // only the top-level message is walked
    ["{}", 2, 0, -1],
    ["{ }", 3, 0, -1],
    ["[1]", -1, 0, 0],
    ["", -1, 0, 0],
  ];
  for (const [text, end, records, messages] of cases) {
    const bytes = encoder.encode(text);
    const ref = referenceRecord(bytes.slice());
    assert.equal(ref.end, end, text);
    inWasm(bytes, 0, (view, base) => {
      const got = wasmRecord(view, base);
      assert.equal(got.end, end, text);
      if (end < 0) return;
      assert.equal(got.record.length, records, text);
      assert.equal(got.message === null ? -1 : got.message.length, messages, text);
      assert.deepEqual(got, ref, text);
    });
  }
});

Deno.test("wasm scan: index_of equals Uint8Array.indexOf at every alignment", () => {
  // Seed 0x5eed_0002. Expected: Uint8Array.prototype.indexOf on a plain copy of the range.
  const rand = mulberry32(0x5eed0002);
  let checked = 0;
  for (let round = 0; round < 400; round++) {
    const length = int(rand, 0, 100);
    const alphabet = int(rand, 1, 6); // few distinct values: needles are often present
    const bytes = new Uint8Array(length);
    for (let i = 0; i < length; i++) bytes[i] = 0x0a + int(rand, 0, alphabet - 1);
    const needle = 0x0a + int(rand, 0, alphabet);
    inWasm(bytes, round % 32, (_view, base) => {
      for (let from = 0; from <= Math.min(length, 33); from++) {
        const to = from + int(rand, 0, length - from);
        const at = bytes.subarray(from, to).indexOf(needle);
        const expected = at < 0 ? -1 : from + at;
        const got = wasmIndexOf(needle, base + from, base + to);
        assert.equal(got < 0 ? -1 : got - base, expected, `round ${round} [${from}, ${to})`);
        checked++;
      }
    });
  }
  // Every alignment 0..31 and every needle position 0..47, worked by hand: the position itself.
  for (let shift = 0; shift < 32; shift++) {
    for (let at = 0; at < 48; at++) {
      const bytes = new Uint8Array(48);
      bytes[at] = 0x0a;
      inWasm(bytes, shift, (_view, base) => {
        assert.equal(wasmIndexOf(0x0a, base, base + 48) - base, at);
        assert.equal(wasmIndexOf(0x0a, base, base + at), -1);
      });
      checked++;
    }
  }
  assert.ok(checked > 5000);
});
