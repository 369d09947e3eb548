/**
 * Fetch targets read from a line's bytes (`fetchUsesFromBytes`, `recordCwd`) against the
 * object-based rule (`targetText` on `JSON.parse` of the same text): generated tool-use blocks
 * with escapes, duplicate keys, literals, numbers that are not their own JSON text, nested
 * values and escaped keys, on a plain array and in the scanner's memory.
 */
import assert from "node:assert/strict";
import {
  fetchUsesFromBytes,
  keyedHash,
  recordCwd,
  targetText,
} from "../../lib/transcript/fetch_targets.ts";
import { splitLines } from "../../lib/transcript/jsonl.ts";
import { inScanMemory } from "../../lib/transcript/_wasm_scanner.ts";

const encoder = new TextEncoder();
const KEY = [11, 22, 33, 44] as const;

/** `read(line)` on `bytes` as a plain array and as a view of the scanner's memory. */
function bothMemories<T>(bytes: Uint8Array, read: (line: Uint8Array) => T): [T, T] {
  const plain = read(bytes);
  let scanned: T | undefined;
  splitLines(bytes, (b, s, e) => {
    assert.ok(inScanMemory(b));
    scanned = read(b.subarray(s, e));
  });
  return [plain, scanned!];
}

/** A small seeded generator (xorshift32), so a failure can be replayed. */
function rng(seed: number): (n: number) => number {
  let x = seed >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

// Values as JSON text: some are their own JSON text, some are not (1.0, 1e2, -0, escapes).
const VALUES = [
  '"/p/src/a.ts"',
  '"src/b.ts"',
  '"été/ü.md"',
  '"\\u002fp\\/a"',
  '"a\\"b\\\\c"',
  '"tab\\there"',
  '"\\ud83d\\ude00"',
  '"*.ts"',
  '""',
  "0",
  "10",
  "123456789012345",
  "1234567890123456789",
  "1.0",
  "1e2",
  "-0",
  "-5",
  "true",
  "false",
  "null",
  '{"a": [1, "x"]}',
  "[1,  2]",
  '"cat  ./src/a.ts"',
  '"cd src && head -20 a.ts"',
  '"git status"',
  '"npm test"',
];
const FIELDS = [
  "file_path",
  "notebook_path",
  "offset",
  "limit",
  "pages",
  "pattern",
  "path",
  "glob",
  "type",
  "output_mode",
  "url",
  "command",
  "description",
];
const NAMES = [
  '"Read"',
  '"NotebookRead"',
  '"Grep"',
  '"Glob"',
  '"WebFetch"',
  '"Bash"',
  '"BashOutput"',
  '"Edit"',
  '"R\\u0065ad"',
  '"Bas"',
];
const SPACES = ["", " ", "\t  "]; // no newline: a line is one record

function inputText(next: (n: number) => number): string {
  const roll = next(20);
  if (roll === 0) return '"not an object"';
  if (roll === 1) return "[1]";
  if (roll === 2) return "null";
  const members: string[] = [];
  for (let m = next(6); m > 0; m--) {
    const field = FIELDS[next(FIELDS.length)];
    // Now and then a key spelled with an escape (JSON.parse reads it as the field).
    const key = next(12) === 0
      ? `"${field[0]}\\u00${field.charCodeAt(1).toString(16)}${field.slice(2)}"`
      : `"${field}"`;
    const space = SPACES[next(SPACES.length)];
    members.push(`${space}${key}${space}:${space}${VALUES[next(VALUES.length)]}${space}`);
  }
  return `{${members.join(",")}}`;
}

Deno.test("fetchUsesFromBytes: every generated input's target as targetText gives it, both memories", () => {
  const next = rng(20261204);
  const cwd = () => "/p";
  let withTarget = 0;
  for (let i = 0; i < 4000; i++) {
    const blocks: string[] = [];
    for (let b = 1 + next(3); b > 0; b--) {
      blocks.push(
        `{"type":"tool_use","id":"t${i}_${b}","name":${NAMES[next(NAMES.length)]},"input":${
          inputText(next)
        }}`,
      );
    }
    const text = `[${blocks.join(",")}]`;
    const parsed = JSON.parse(text) as { id: string; name: string; input: unknown }[];
    const expected = parsed.flatMap((block) => {
      const target = targetText(block.name, block.input, cwd);
      return target === undefined ? [] : [{ id: block.id, target: keyedHash(target, KEY) }];
    });
    withTarget += expected.length;
    for (
      const got of bothMemories(encoder.encode(text), (l) => fetchUsesFromBytes(l, 0, KEY, cwd))
    ) {
      assert.deepEqual(got, expected, text);
    }
  }
  // The generator reaches the targets at all (a broken generator would compare empty lists).
  assert.ok(withTarget > 2000, `${withTarget} targets`);
});

Deno.test("recordCwd: the last cwd member when it is a string, keys decoded, both memories", () => {
  const next = rng(7);
  const CWDS = ['"/a"', '"/b/\\u00e9"', "1", "null", '{"cwd":"/x"}', '"\\/c"'];
  for (let i = 0; i < 2000; i++) {
    const members: string[] = [];
    for (let m = next(5); m > 0; m--) {
      const roll = next(6);
      const key = roll === 0
        ? '"c\\u0077d"'
        : roll === 1
        ? '"type"'
        : roll === 2
        ? '"cw"'
        : '"cwd"';
      members.push(`${key}:${roll === 1 ? '"user"' : CWDS[next(CWDS.length)]}`);
    }
    const text = `{${members.join(",")}}`;
    const value = (JSON.parse(text) as { cwd?: unknown }).cwd;
    const expected = typeof value === "string" ? value : undefined;
    for (const got of bothMemories(encoder.encode(text), recordCwd)) {
      assert.equal(got, expected, text);
    }
  }
});
