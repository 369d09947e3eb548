/**
 * UsageTokens.read against the JSON.parse-based rule of docs/method.md, Token categories,, written out below
 * (`referenceUsage`): u = input_tokens; w5 = cache_creation.ephemeral_5m_input_tokens and
 * w1h = cache_creation.ephemeral_1h_input_tokens when cache_creation is an object (arrays
 * included, as `typeof` says), else all of cache_creation_input_tokens is w5; r =
 * cache_read_input_tokens; y = output_tokens. A count is the value when it is a positive number
 * up to 2^53 − 1 (Number.MAX_SAFE_INTEGER), else 0. Expected values come from JSON.parse of the whole usage value; random inputs
 * come from mulberry32 with the seeds recorded next to each test.
 *
 * Values JSON.parse rejects are generated only where UsageTokens reads a value (the five counts
 * and the two cache_creation counts): elsewhere the byte scanner checks structure only, by design
 * (see lib/transcript/_json_scan.ts).
 */

import assert from "node:assert/strict";
import { UsageTokens } from "../../lib/transcript/usage_scan.ts";
import { acquireRegion, regionMemory, releaseRegion } from "../../lib/transcript/_wasm_scanner.ts";
import { int, mulberry32, type Rand } from "./_random.ts";

const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)];

const encoder = new TextEncoder();

type Counts = [number, number, number, number, number]; // u, w5, w1h, r, y
type Expected = { kind: "counts"; counts: Counts } | { kind: "absent" } | { kind: "throws" };

/** The reference rule, from JSON.parse of the whole usage value. */
function referenceUsage(json: string): Expected {
  let usage: unknown;
  try {
    usage = JSON.parse(json);
  } catch {
    return { kind: "throws" };
  }
  if (usage === null || typeof usage !== "object") return { kind: "absent" };
  const u = usage as Record<string, unknown>;
  const count = (v: unknown) =>
    typeof v === "number" && v > 0 && v <= Number.MAX_SAFE_INTEGER ? v : 0;
  let w5 = count(u.cache_creation_input_tokens);
  let w1h = 0;
  const breakdown = u.cache_creation;
  if (breakdown !== null && typeof breakdown === "object") {
    const b = breakdown as Record<string, unknown>;
    w5 = count(b.ephemeral_5m_input_tokens);
    w1h = count(b.ephemeral_1h_input_tokens);
  }
  return {
    kind: "counts",
    counts: [
      count(u.input_tokens),
      w5,
      w1h,
      count(u.cache_read_input_tokens),
      count(u.output_tokens),
    ],
  };
}

const usage = new UsageTokens(); // one instance for every read, as parse_file.ts uses it

function readAt(line: Uint8Array, start: number, end: number): Expected {
  let present: boolean;
  try {
    present = usage.read(line, start, end);
  } catch (error) {
    assert.ok(error instanceof SyntaxError, `not a SyntaxError: ${error}`);
    return { kind: "throws" };
  }
  if (!present) return { kind: "absent" };
  return {
    kind: "counts",
    counts: [usage.input, usage.cacheWrite5m, usage.cacheWrite1h, usage.cacheRead, usage.output],
  };
}

/**
 * Reads `json` three ways: alone, embedded in a record line (start/end inside the array), and
 * from a view into the WebAssembly scanner's memory (where the byte scanner takes its SIMD path).
 */
function check(json: string): Expected {
  const expected = referenceUsage(json);
  const alone = encoder.encode(json);
  assert.deepEqual(readAt(alone, 0, alone.length), expected, json);
  const line = encoder.encode(`{"message":{"usage":${json}},"x":1}`);
  assert.deepEqual(readAt(line, 20, 20 + alone.length), expected, `embedded ${json}`);
  const region = acquireRegion(alone.length + 8);
  try {
    regionMemory().set(alone, region.offset + 3);
    const view = regionMemory().subarray(region.offset + 3, region.offset + 3 + alone.length);
    assert.deepEqual(readAt(view, 0, view.length), expected, `in wasm memory ${json}`);
  } finally {
    releaseRegion(region);
  }
  return expected;
}

// ---------------------------------------------------------------------------------------------
// Random usage objects

const VALID_VALUES = [
  "0",
  "1",
  "7",
  "42",
  "1000",
  "999999999999999", // 15 digits
  "1234567890123456", // 16 digits
  "98765432109876543210",
  "-1",
  "-250",
  "-0",
  "0.0",
  "12.5",
  "0.25",
  "1e3",
  "1E+2",
  "2.5e-1",
  "0e5",
  "1e400", // Infinity
  "-1e400",
  '"12"',
  '"abc"',
  '"\\u0031"',
  '""',
  "null",
  "true",
  "false",
  "{}",
  '{"a":1}',
  '{"input_tokens":5}',
  "[]",
  "[1,2]",
];
const INVALID_VALUES = [
  "00",
  "01",
  "-01",
  "007",
  "+5",
  ".5",
  "1.",
  "1e",
  "--1",
  "0x10",
  '{"a":01}',
  "[01]",
];

const COUNT_KEYS = [
  "input_tokens",
  "output_tokens",
  "cache_read_input_tokens",
  "cache_creation_input_tokens",
];
const OTHER_KEYS = ["service_tier", "server_tool_use", "input_token", "cache_creation_input", "a"];
const SPACES = ["", "", "", " ", "\t", "\r\n", "  "];

function space(rand: Rand): string {
  return pick(rand, SPACES);
}

function countValue(rand: Rand, invalid: number): string {
  if (rand() < invalid) return pick(rand, INVALID_VALUES);
  return rand() < 0.5 ? String(int(rand, 0, 100000)) : pick(rand, VALID_VALUES);
}

function member(rand: Rand, key: string, value: string): string {
  return `${space(rand)}"${key}"${space(rand)}:${space(rand)}${value}${space(rand)}`;
}

function object(members: string[], rand: Rand): string {
  return members.length === 0 ? `{${space(rand)}}` : `{${members.join(",")}}`;
}

function cacheCreation(rand: Rand, invalid: number): string {
  const r = rand();
  if (r < 0.55) {
    const members: string[] = [];
    for (const key of ["ephemeral_5m_input_tokens", "ephemeral_1h_input_tokens"]) {
      const times = rand() < 0.15 ? 2 : rand() < 0.8 ? 1 : 0;
      for (let t = 0; t < times; t++) members.push(member(rand, key, countValue(rand, invalid)));
    }
    if (rand() < 0.3) members.push(member(rand, "other", pick(rand, VALID_VALUES)));
    for (let i = members.length - 1; i > 0; i--) {
      const j = int(rand, 0, i);
      [members[i], members[j]] = [members[j], members[i]];
    }
    return object(members, rand);
  }
  if (r < 0.65) return "[]";
  if (r < 0.7) return '[{"ephemeral_5m_input_tokens":5}]';
  if (r < 0.85) return "null";
  return pick(rand, ["0", "12", '"x"', "true"]);
}

function randomUsage(rand: Rand, invalid: number): string {
  const members: string[] = [];
  for (const key of COUNT_KEYS) {
    const times = rand() < 0.1 ? 2 : rand() < 0.8 ? 1 : 0; // duplicates and missing keys
    for (let t = 0; t < times; t++) members.push(member(rand, key, countValue(rand, invalid)));
  }
  const creations = rand() < 0.1 ? 2 : rand() < 0.7 ? 1 : 0;
  for (let t = 0; t < creations; t++) {
    members.push(member(rand, "cache_creation", cacheCreation(rand, invalid)));
  }
  if (rand() < 0.4) members.push(member(rand, pick(rand, OTHER_KEYS), pick(rand, VALID_VALUES)));
  for (let i = members.length - 1; i > 0; i--) {
    const j = int(rand, 0, i);
    [members[i], members[j]] = [members[j], members[i]];
  }
  return object(members, rand);
}

// ---------------------------------------------------------------------------------------------
// Tests

Deno.test("UsageTokens: random usage objects give the counts of the JSON.parse rule", () => {
  // Seed 0x05a9_0001; 4,000 objects, 3% of count values invalid JSON.
  const rand = mulberry32(0x05a90001);
  const kinds = { counts: 0, absent: 0, throws: 0 };
  let breakdowns = 0;
  for (let i = 0; i < 4000; i++) {
    const json = randomUsage(rand, 0.03);
    const expected = check(json);
    kinds[expected.kind]++;
    if (expected.kind === "counts" && expected.counts[2] > 0) breakdowns++;
  }
  // The generator reaches both outcomes and the 1h breakdown.
  assert.ok(kinds.counts > 2500, JSON.stringify(kinds));
  assert.ok(kinds.throws > 200, JSON.stringify(kinds));
  assert.ok(breakdowns > 500, `${breakdowns}`);
});

Deno.test("UsageTokens: hand-made cases", () => {
  // Expected values worked by hand from the rule, and checked against the reference too.
  const cases: [string, Counts | "absent" | "throws"][] = [
    ['{"input_tokens":3,"cache_creation_input_tokens":7,"output_tokens":2}', [3, 7, 0, 0, 2]],
    [
      '{"cache_creation_input_tokens":7,"cache_creation":{"ephemeral_5m_input_tokens":2,' +
      '"ephemeral_1h_input_tokens":5},"cache_read_input_tokens":9}',
      [0, 2, 5, 9, 0],
    ],
    // The breakdown decides even when it comes first, and when it is empty.
    ['{"cache_creation":{},"cache_creation_input_tokens":7}', [0, 0, 0, 0, 0]],
    ['{"cache_creation":[],"cache_creation_input_tokens":7}', [0, 0, 0, 0, 0]],
    ['{"cache_creation":null,"cache_creation_input_tokens":7}', [0, 7, 0, 0, 0]],
    ['{"cache_creation":"x","cache_creation_input_tokens":7}', [0, 7, 0, 0, 0]],
    // Later duplicates win, for the breakdown too.
    [
      '{"cache_creation":{"ephemeral_1h_input_tokens":4},"cache_creation":null,' +
      '"cache_creation_input_tokens":7}',
      [0, 7, 0, 0, 0],
    ],
    [
      '{"cache_creation":null,"cache_creation":{"ephemeral_1h_input_tokens":4},' +
      '"cache_creation_input_tokens":7}',
      [0, 0, 4, 0, 0],
    ],
    ['{"input_tokens":3,"input_tokens":0}', [0, 0, 0, 0, 0]],
    ['{"input_tokens":-3,"output_tokens":1.5,"cache_read_input_tokens":1e3}', [0, 0, 0, 1000, 1.5]],
    ['{"input_tokens":"3","output_tokens":null,"cache_read_input_tokens":true}', [0, 0, 0, 0, 0]],
    ['{"input_tokens":1e400,"output_tokens":{"n":3}}', [0, 0, 0, 0, 0]],
    ['{ "input_tokens" : 12 , "output_tokens"\t:\t4 }', [12, 0, 0, 0, 4]],
    ['{"input_tokens":0,"output_tokens":0.0,"cache_read_input_tokens":-0}', [0, 0, 0, 0, 0]],
    // Above 2^53 − 1: invalid, 0 (and counted, see usage_limits_test.ts).
    ['{"input_tokens":1234567890123456789}', [0, 0, 0, 0, 0]],
    ['{"input_tokens":9007199254740991}', [9007199254740991, 0, 0, 0, 0]],
    ["{}", [0, 0, 0, 0, 0]],
    // Leading zeros and other number syntax JSON rejects: throw, as JSON.parse does.
    ['{"input_tokens":01}', "throws"],
    ['{"input_tokens":00}', "throws"],
    ['{"output_tokens":-01}', "throws"],
    ['{"cache_read_input_tokens":+1}', "throws"],
    ['{"cache_creation":{"ephemeral_5m_input_tokens":007}}', "throws"],
    ['{"input_tokens":[01]}', "throws"],
    ['{"input_tokens":1,}', "throws"],
    ['{"input_tokens" 1}', "throws"],
    // Not an object: absent. An array: present, every count 0.
    ["null", "absent"],
    ["12", "absent"],
    ['"usage"', "absent"],
    ["true", "absent"],
    ["[]", [0, 0, 0, 0, 0]],
    ["[1,2]", [0, 0, 0, 0, 0]],
    ['[{"input_tokens":5}]', [0, 0, 0, 0, 0]],
  ];
  for (const [json, want] of cases) {
    const expected: Expected = want === "absent"
      ? { kind: "absent" }
      : want === "throws"
      ? { kind: "throws" }
      : { kind: "counts", counts: want };
    assert.deepEqual(referenceUsage(json), expected, `reference ${json}`);
    assert.deepEqual(check(json), expected, json);
  }
});

Deno.test("UsageTokens: every count key with every value form", () => {
  // Each of the seven count positions with each value, alone: expected from the reference.
  const wrap = [
    (v: string) => `{"input_tokens":${v}}`,
    (v: string) => `{"output_tokens":${v}}`,
    (v: string) => `{"cache_read_input_tokens":${v}}`,
    (v: string) => `{"cache_creation_input_tokens":${v}}`,
    (v: string) => `{"cache_creation":{"ephemeral_5m_input_tokens":${v}}}`,
    (v: string) => `{"cache_creation":{"ephemeral_1h_input_tokens":${v}}}`,
    (v: string) => `{ "input_tokens" :\t${v} \r\n}`,
  ];
  for (const value of [...VALID_VALUES, ...INVALID_VALUES]) {
    for (const w of wrap) check(w(value));
  }
});

Deno.test("UsageTokens: state does not leak between reads", () => {
  // By hand: a read with a breakdown, then one without, then a non-object, then an array.
  const first = encoder.encode(
    '{"input_tokens":1,"cache_creation":{"ephemeral_1h_input_tokens":9},"output_tokens":2}',
  );
  assert.equal(usage.read(first, 0, first.length), true);
  assert.deepEqual([usage.input, usage.cacheWrite5m, usage.cacheWrite1h, usage.output], [
    1,
    0,
    9,
    2,
  ]);
  const second = encoder.encode('{"cache_creation_input_tokens":4}');
  assert.equal(usage.read(second, 0, second.length), true);
  assert.deepEqual(
    [usage.input, usage.cacheWrite5m, usage.cacheWrite1h, usage.cacheRead, usage.output],
    [0, 4, 0, 0, 0],
  );
  const third = encoder.encode("null");
  assert.equal(usage.read(third, 0, third.length), false);
  const fourth = encoder.encode("[7]");
  assert.equal(usage.read(fourth, 0, fourth.length), true);
  assert.deepEqual(
    [usage.input, usage.cacheWrite5m, usage.cacheWrite1h, usage.cacheRead, usage.output],
    [0, 0, 0, 0, 0],
  );
});
