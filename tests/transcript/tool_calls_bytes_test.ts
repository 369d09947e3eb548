/**
 * Tool uses and results read from bytes (`toolUsesFromBytes`, `toolResultsFromBytes`) against
 * the reference on the parsed record (`toolUsesOf`, `toolResultsOf` of
 * ./_tool_calls_reference.ts), on hand-made records;
 * and the byte helpers behind them.
 *
 * Expected values: `toolUsesOf`/`toolResultsOf` of `JSON.parse` of the same text (the reference),
 * and hand counts in comments. Every case is read twice: from a plain array (the JavaScript
 * scanner) and from a view of the WebAssembly scanner's memory (as lines from `splitLines` are).
 */

import assert from "node:assert/strict";
import {
  memberKeyIndex,
  stringUnits,
  stringValueIs,
  type ToolCall,
  ToolCallPairer,
  type ToolResult,
  toolResultsFromBytes,
  type ToolUse,
  toolUsesFromBytes,
} from "../../lib/transcript/tool_calls.ts";
import { toolResultsOf, toolUsesOf } from "./_tool_calls_reference.ts";
import { splitLines } from "../../lib/transcript/jsonl.ts";
import { inScanMemory } from "../../lib/transcript/_wasm_scanner.ts";

const encoder = new TextEncoder();

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

/** The uses of `content` (JSON text) both ways, checked against toolUsesOf; returns them. */
function uses(content: string): ToolUse[] {
  const expected = toolUsesOf({ type: "assistant", message: { content: JSON.parse(content) } });
  for (const got of bothMemories(encoder.encode(content), (line) => toolUsesFromBytes(line, 0))) {
    assert.deepEqual(got, expected, content);
  }
  return expected;
}

/** The results of `content` (JSON text or bytes) both ways, checked against toolResultsOf. */
function results(content: string | Uint8Array): ToolResult[] {
  const bytes = typeof content === "string" ? encoder.encode(content) : content;
  const parsed = JSON.parse(new TextDecoder().decode(bytes));
  const expected = toolResultsOf({ type: "user", message: { content: parsed } });
  for (const got of bothMemories(bytes, (line) => toolResultsFromBytes(line, 0))) {
    assert.deepEqual(got, expected, String(content));
  }
  return expected;
}

Deno.test("toolUsesFromBytes: id, name, input presence and command, as toolUsesOf", () => {
  const got = uses(JSON.stringify([
    { type: "text", text: "looking" },
    { type: "tool_use", id: "a", name: "Read", input: { file_path: "f", offset: 0 } },
    { type: "tool_use", id: "b", name: "Read", input: { limit: null, pages: "1-2" } },
    { type: "tool_use", id: "c", name: "Bash", input: { command: 'cat "x" é\n' } },
    { type: "tool_use", id: "d", name: "Bash", input: { command: ["ls"] } },
    { type: "tool_use", id: "e", name: "Edit" },
    { type: "tool_use", id: "f", name: "Edit", input: [1] },
    { type: "tool_use", name: "Bash", input: {} },
    { type: "tool_use", id: 5, name: "Bash", input: {} },
    { type: "tool_use", id: "g", name: null, input: {} },
    { type: "tool_result", id: "h", name: "Read", input: {} },
    "tool_use",
    null,
    [{ type: "tool_use", id: "i", name: "Read", input: {} }],
  ]));
  // Six uses: a (offset 0 is set), b (limit null unset, pages set), c (command), d (no string
  // command), e and f (no input object); the rest lack a string id or name or are not tool uses.
  assert.deepEqual(got.map((u) => u.id), ["a", "b", "c", "d", "e", "f"]);
  assert.deepEqual(got[1], {
    id: "b",
    name: "Read",
    hasOffset: false,
    hasLimit: false,
    hasPages: true,
    command: undefined,
  });
  assert.equal(got[2].command, 'cat "x" é\n');
});

Deno.test("toolUsesFromBytes: a later duplicate key wins, at every level", () => {
  const got = uses(
    '[{"type":"tool_use","id":"a","id":"b","name":"Bash","name":"Read",' +
      '"input":{"command":"x"},"input":{"offset":1,"offset":null,"limit":null,"limit":2,' +
      '"command":"ls","command":7}},' +
      '{"type":"tool_use","type":"text","id":"c","name":"Read","input":{}},' +
      '{"type":"text","type":"tool_use","id":"d","name":"Read","input":{}}]',
  );
  // Block 1: id b, name Read, the second input (offset null: unset; limit 2: set; command 7:
  // not a string). Block 2 is a text block; block 3 a tool use.
  assert.deepEqual(got, [
    {
      id: "b",
      name: "Read",
      hasOffset: false,
      hasLimit: true,
      hasPages: false,
      command: undefined,
    },
    {
      id: "d",
      name: "Read",
      hasOffset: false,
      hasLimit: false,
      hasPages: false,
      command: undefined,
    },
  ]);
});

Deno.test("toolUsesFromBytes: keys and strings spelled with escapes", () => {
  const got = uses(
    '[{"typ\\u0065":"tool\\u005fuse","\\u0069d":"\\u0074 1","n\\u0061me":"R\\u0065ad",' +
      '"inp\\u0075t":{"p\\u0061ges":"1","comm\\u0061nd":"a\\tb\\/c"}}]',
  );
  assert.deepEqual(got, [
    {
      id: "t 1",
      name: "Read",
      hasOffset: false,
      hasLimit: false,
      hasPages: true,
      command: "a\tb/c",
    },
  ]);
});

Deno.test("toolUsesFromBytes: content that is not an array holds no tool uses", () => {
  for (const content of ['"text"', "null", "{}", '{"type":"tool_use","id":"a","name":"R"}', "3"]) {
    assert.deepEqual(uses(content), []);
  }
});

Deno.test("toolResultsFromBytes: string and array content sized as toolResultsOf", () => {
  const got = results(JSON.stringify([
    { type: "tool_result", tool_use_id: "a", content: "plain" },
    { type: "tool_result", tool_use_id: "b", content: 'é✓😀\n"\\' },
    {
      type: "tool_result",
      tool_use_id: "c",
      is_error: true,
      content: [
        { type: "text", text: "abc" },
        { type: "image", source: { type: "base64", data: "iVBOR" } },
        { type: "text", text: "de" },
        { type: "text", text: 5 },
        { type: "text" },
        { type: "document" },
        "bare",
        null,
      ],
    },
    { type: "tool_result", tool_use_id: "", content: null },
    { type: "tool_result", tool_use_id: 3, is_error: "true" },
    { type: "tool_result", content: { type: "text", text: "not an array" } },
    { type: "text", text: "not a result" },
  ]));
  // a: 5 chars. b: é ✓ one unit each, 😀 two, newline, quote, backslash: 7 units.
  // c: 3 + 2 = 5 chars in two text blocks, one image, four other blocks (text 5, text without
  // text, document, "bare", null: five). d, e, f: no text; d's empty id and e's number id are
  // undefined; e's is_error "true" is not true.
  assert.deepEqual(got.map((r) => r.textChars), [5, 7, 5, 0, 0, 0]);
  assert.deepEqual(got[2], {
    toolUseId: "c",
    textChars: 5,
    textBlocks: 2,
    imageBlocks: 1,
    otherBlocks: 5,
    isError: true,
  });
  assert.deepEqual(got.map((r) => r.toolUseId), ["a", "b", "c", undefined, undefined, undefined]);
  assert.equal(got[4].isError, false);
});

Deno.test("toolResultsFromBytes: a later duplicate key wins, at every level", () => {
  const got = results(
    '[{"type":"tool_result","tool_use_id":"a","tool_use_id":"b","is_error":true,' +
      '"is_error":false,"content":"xxxxxxxx","content":[{"type":"image","type":"text",' +
      '"text":"abc","text":"abcdef"}]},' +
      '{"type":"tool_result","type":"text","content":"x"},' +
      '{"is_error":false,"type":"tool_result","is_error":true,"content":"xy"}]',
  );
  // Block 1: id b, not an error, the array content: one text block of 6. Block 2 is a text
  // block. Block 3: an error of 2 chars.
  assert.deepEqual(got, [
    { toolUseId: "b", textChars: 6, textBlocks: 1, imageBlocks: 0, otherBlocks: 0, isError: false },
    {
      toolUseId: undefined,
      textChars: 2,
      textBlocks: 1,
      imageBlocks: 0,
      otherBlocks: 0,
      isError: true,
    },
  ]);
});

Deno.test("toolResultsFromBytes: the last content is measured, whatever came before it", () => {
  // A string is measured while it is crossed (in scan memory): the measure must be the last
  // member's. By hand: array then string "abcd" gives 4 in one text block; string then a number
  // gives no text; a text part "ab" then "abcde" gives 5; "é" twice then "xyz" gives 3.
  const got = results(
    '[{"type":"tool_result","content":[{"type":"text","text":"zzzzzz"}],"content":"abcd"},' +
      '{"type":"tool_result","content":"abcdefgh","content":7},' +
      '{"type":"tool_result","content":[{"type":"text","text":"ab","text":"abcde"}]},' +
      '{"type":"tool_result","content":"\u00e9\u00e9","content":"xyz"}]',
  );
  assert.deepEqual(got.map((r) => [r.textChars, r.textBlocks]), [[4, 1], [0, 0], [5, 1], [3, 1]]);
});

Deno.test("toolResultsFromBytes: escapes, surrogates and invalid UTF-8 in the text", () => {
  // \u00e9 and \ud83d\ude00 (one unit per escape: 1 + 2), a lone \ud800 (1), \n \t \/ (1 each).
  const escaped = results(
    '[{"t\\u0079pe":"tool_r\\u0065sult","tool_use_id":"\\u0061","content":' +
      '"\\u00e9\\ud83d\\ude00\\ud800\\n\\t\\/"}]',
  );
  assert.equal(escaped[0].textChars, 7);
  assert.equal(escaped[0].toolUseId, "a");
  // Invalid bytes decode to U+FFFD, one unit per maximal bad sequence (TextDecoder's rule).
  const bad = new Uint8Array([
    ...encoder.encode('[{"type":"tool_result","content":"a'),
    0xff, // one U+FFFD
    0xe2,
    0x82, // a truncated three-byte character: one U+FFFD
    0xed,
    0xa0,
    0x80, // an encoded surrogate: three U+FFFD
    0xf0,
    0x9f,
    0x98,
    0x80, // 😀, valid: two units
    ...encoder.encode('b"},{"type":"tool_result","content":[{"type":"text","text":"'),
    0xc0,
    0xaf, // overlong: two U+FFFD
    ...encoder.encode('"}]}]'),
  ]);
  const got = results(bad);
  assert.deepEqual(got.map((r) => r.textChars), [1 + 1 + 1 + 3 + 2 + 1, 2]);
});

Deno.test("stringUnits: ASCII, escapes, every UTF-8 length, the byte-order mark", () => {
  const cases: [string, number][] = [
    ['""', 0],
    ['"abc"', 3],
    ['"a\\"b\\\\c"', 5],
    ['"\\u0041\\u00e9"', 2],
    ['"é"', 1],
    ['"中文"', 2],
    ['"😀"', 2],
    ['"\uFEFFx"', 2], // a BOM inside a string is a character like any other
    ['"' + "é".repeat(100) + "a".repeat(100) + '"', 200],
  ];
  for (const [json, expected] of cases) {
    assert.equal((JSON.parse(json) as string).length, expected, json);
    const bytes = encoder.encode(json);
    for (const got of bothMemories(bytes, (line) => stringUnits(line, 0, line.length))) {
      assert.equal(got, expected, json);
    }
  }
});

Deno.test("memberKeyIndex and stringValueIs: raw and escaped spellings", () => {
  const line = encoder.encode('"type" "t\\u0079pe" "typ" "types" "\\u0074\\u0079\\u0070\\u0065"');
  // Keys inside the quotes: [1, 5), [8, 17), [20, 23), [26, 31), [34, 58).
  assert.equal(memberKeyIndex(line, 1, 5, ["id", "type"]), 1);
  assert.equal(memberKeyIndex(line, 8, 17, ["id", "type"]), 1);
  assert.equal(memberKeyIndex(line, 20, 23, ["id", "type"]), -1);
  assert.equal(memberKeyIndex(line, 26, 31, ["id", "type"]), -1);
  assert.equal(memberKeyIndex(line, 34, 58, ["id", "type"]), 1);
  // The same strings as values (quotes included).
  assert.equal(stringValueIs(line, 0, 6, "type"), true);
  assert.equal(stringValueIs(line, 7, 18, "type"), true);
  assert.equal(stringValueIs(line, 19, 24, "type"), false);
  assert.equal(stringValueIs(line, 25, 32, "type"), false);
  assert.equal(stringValueIs(line, 33, 59, "type"), true);
  const other = encoder.encode('7 null ["type"]');
  assert.equal(stringValueIs(other, 0, 1, "7"), false);
  assert.equal(stringValueIs(other, 2, 6, "null"), false);
  assert.equal(stringValueIs(other, 7, 15, "type"), false);
});

Deno.test("ToolCallPairer pairs the uses and results read from bytes", () => {
  const records = [
    {
      type: "assistant",
      message: { content: [{ type: "tool_use", id: "t", name: "Read", input: {} }] },
    },
    {
      type: "user",
      message: {
        content: [
          { type: "tool_result", tool_use_id: "t", content: "abc" },
          { type: "tool_result", tool_use_id: "u", content: "d" },
        ],
      },
    },
    {
      type: "assistant",
      message: { content: [{ type: "tool_use", id: "t", name: "Bash", input: { command: "ls" } }] },
    },
    {
      type: "user",
      message: { content: [{ type: "tool_result", tool_use_id: "t", content: "" }] },
    },
  ];
  const pairer = new ToolCallPairer();
  const calls: ToolCall[][] = [];
  for (const record of records) {
    const content = encoder.encode(JSON.stringify(record.message.content));
    const uses = record.type === "assistant" ? toolUsesFromBytes(content, 0) : [];
    const results = record.type === "user" ? toolResultsFromBytes(content, 0) : [];
    assert.deepEqual(uses, toolUsesOf(record));
    assert.deepEqual(results, toolResultsOf(record));
    calls.push(pairer.add(uses, results));
  }
  // The first result pairs with Read t, the second is unpaired, the third with Bash t (latest).
  assert.deepEqual(calls.flat().map((c) => c.use?.name), ["Read", undefined, "Bash"]);
});

Deno.test("stringUnits: seeded random strings at every alignment, in and out of scan memory", () => {
  // The scan-memory count steps over four-byte words; shifting the string by 0–7 bytes moves
  // every special byte (backslash, multi-byte character, invalid byte) across word boundaries.
  const pieces = [
    "a",
    "bcd",
    "\\n",
    '\\"',
    "\\u00e9",
    "é",
    "✓",
    "😀",
    "\\ud800",
    "\x7f",
    "xxxxxxx",
  ];
  const invalid = [[0xff], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xc0, 0xaf]];
  let state = 12345;
  const next = (n: number) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % n;
  };
  const decoder = new TextDecoder();
  for (let round = 0; round < 400; round++) {
    const body: number[] = [];
    for (let k = next(40); k > 0; k--) {
      if (next(30) === 0) body.push(...invalid[next(invalid.length)]);
      else body.push(...encoder.encode(pieces[next(pieces.length)]));
    }
    for (let shift = 0; shift < 8; shift++) {
      const bytes = new Uint8Array([...encoder.encode("[".repeat(shift) + '"'), ...body, 0x22]);
      const start = shift;
      // Reference: JSON.parse of the decoded string (invalid bytes become U+FFFD).
      const expected = (JSON.parse(decoder.decode(bytes.subarray(start))) as string).length;
      for (const got of bothMemories(bytes, (line) => stringUnits(line, start, line.length))) {
        assert.equal(got, expected, `round ${round}, shift ${shift}`);
      }
    }
  }
});
