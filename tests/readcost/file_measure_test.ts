/**
 * The per-file rules of the seed, one test each, on synthetic records. Every expected number is
 * worked out by hand in a comment next to it.
 */
import assert from "node:assert/strict";
import { corpusFromText } from "../../lib/transcript/read_corpus.ts";
import { measureTranscript } from "../../lib/readcost/file_measure.ts";
import { assistant, boundary, call, jsonl, result, usage } from "./_records.ts";

Deno.test("observed input sums input, cache creation and cache read; output apart", () => {
  const m = measureTranscript(jsonl([
    assistant({ id: "m1", usage: usage(3, 200, 1000, 50) }),
    assistant({ id: "m2", usage: usage(5, 0, 1300, 70) }),
  ]));
  // input 3 + 5 = 8; creation 200 + 0 = 200; read 1000 + 1300 = 2300; observed 8 + 200 + 2300.
  assert.deepEqual(m.usage, {
    inputTokens: 8,
    cacheCreationInputTokens: 200,
    cacheReadInputTokens: 2300,
    observedInputTokens: 2508,
    outputTokens: 120,
  });
  assert.equal(m.assistantMessages, 2);
});

Deno.test("messages are unique message.ids; repeated snapshots use their last usage", () => {
  const m = measureTranscript(jsonl([
    assistant({ id: "m1", usage: usage(1, 10, 100, 1) }),
    assistant({ id: "m1", usage: usage(1, 10, 100, 40) }),
    assistant({ id: "m2", usage: usage(2, 0, 500, 5) }),
    // The last snapshot wins even when it is smaller (last, not maximum).
    assistant({ id: "m1", usage: usage(1, 10, 90, 30) }),
  ]));
  // m1 last: 1 + 10 + 90 = 101, output 30; m2: 502, output 5 → 603 and 35.
  assert.equal(m.assistantMessages, 2);
  assert.equal(m.usage.observedInputTokens, 603);
  assert.equal(m.usage.outputTokens, 35);
  assert.equal(m.diagnostics.repeatedSnapshots, 2);
});

Deno.test("records without usage are not messages; other record types never are", () => {
  const m = measureTranscript(jsonl([
    assistant({ id: "m1", usage: null }),
    { type: "user", message: { role: "user", content: "hi", usage: usage(9, 9, 9) } },
    { type: "progress", data: { message: { message: { id: "p", usage: usage(9, 9, 9) } } } },
    assistant({ id: "m2", usage: usage(1, 1, 1) }),
  ]));
  assert.equal(m.assistantMessages, 1);
  assert.equal(m.usage.observedInputTokens, 3);
});

Deno.test("id fallback chain: message.id, then record uuid, then line position", () => {
  const m = measureTranscript(jsonl([
    assistant({ id: "m1", uuid: "u1", usage: usage(1, 0, 0) }),
    assistant({ id: null, uuid: "u2", usage: usage(10, 0, 0) }),
    assistant({ id: null, uuid: null, usage: usage(100, 0, 0) }),
    assistant({ id: null, uuid: null, usage: usage(1000, 0, 0) }),
    // Keys of different kinds never collide: a message.id equal to a uuid is its own message.
    assistant({ id: "u2", uuid: "u9", usage: usage(10000, 0, 0) }),
  ]));
  // Five distinct messages: m1, uuid u2, line 3, line 4, message id "u2".
  assert.equal(m.assistantMessages, 5);
  assert.equal(m.usage.inputTokens, 11111);
  assert.equal(m.diagnostics.messageIdFromRecordUuid, 1);
  assert.equal(m.diagnostics.messageIdFromLinePosition, 2);
});

Deno.test("repeated record uuids are skipped entirely", () => {
  const m = measureTranscript(jsonl([
    call("t1", "Read", {}, { messageId: "m1", usage: usage(0, 0, 100) }),
    assistant({ id: "m2", uuid: "dup", usage: usage(0, 0, 100) }),
    // Same uuid, different message id: skipped, so m3 is not a message.
    assistant({ id: "m3", uuid: "dup", usage: usage(0, 0, 5000) }),
    result("t1", "abcd", { uuid: "r1" }),
    result("t1", "abcd", { uuid: "r1" }), // a copy of the result record: skipped
    assistant({ id: "m4", usage: usage(0, 0, 100) }),
  ]));
  assert.equal(m.assistantMessages, 3);
  assert.equal(m.usage.observedInputTokens, 300);
  assert.equal(m.byKind["bulk-read"].results, 1);
  assert.equal(m.diagnostics.repeatedRecordUuids, 2);
});

Deno.test("one-shot payload is ceil(characters / 4) per result", () => {
  const m = measureTranscript(jsonl([
    call("a", "Grep"),
    call("b", "Grep"),
    call("c", "Grep"),
    call("d", "Grep"),
    result("a", ""),
    result("b", "x"),
    result("c", "xxxx"),
    result("d", "xxxxx"),
  ]));
  // ceil(0/4) + ceil(1/4) + ceil(4/4) + ceil(5/4) = 0 + 1 + 1 + 2 = 4
  assert.equal(m.byKind.search.oneShotTokens, 4);
  assert.equal(m.byKind.search.textChars, 10);
  assert.equal(m.byKind.search.results, 4);
});

Deno.test("text blocks are summed before rounding", () => {
  const m = measureTranscript(jsonl([
    call("a", "Agent"),
    result("a", [{ type: "text", text: "x" }, { type: "text", text: "y" }]),
  ]));
  // ceil((1 + 1) / 4) = 1, not ceil(1/4) + ceil(1/4) = 2.
  assert.equal(m.byKind.subagent.oneShotTokens, 1);
});

Deno.test("image and other non-text blocks add no tokens and are counted apart", () => {
  const m = measureTranscript(jsonl([
    call("a", "Read"),
    result("a", [
      { type: "image", source: { type: "base64", media_type: "image/png", data: "Q".repeat(400) } },
      { type: "text", text: "12345678" },
      { type: "document", source: {} },
    ]),
  ]));
  // Only the 8 text characters count: ceil(8 / 4) = 2.
  assert.equal(m.byKind["bulk-read"].oneShotTokens, 2);
  assert.equal(m.byKind["bulk-read"].imageBlocks, 1);
  assert.equal(m.byKind["bulk-read"].otherBlocks, 1);
});

Deno.test("carried payload: one-shot × later messages, from the result's arrival", () => {
  const m = measureTranscript(jsonl([
    call("t1", "Read", {}, { messageId: "m1" }), // message 1 (before the result)
    result("t1", "x".repeat(40)), // 10 tokens
    assistant({ id: "m2" }),
    assistant({ id: "m3" }),
    assistant({ id: "m4" }),
  ]));
  // Later messages m2, m3, m4 → 10 × 3 = 30. The requesting message m1 does not carry it.
  assert.equal(m.byKind["bulk-read"].carriedTokens, 30);
});

Deno.test("carried payload stops at a compact_boundary", () => {
  const m = measureTranscript(jsonl([
    call("t1", "Glob", {}, { messageId: "m1" }),
    result("t1", "x".repeat(8)), // 2 tokens
    assistant({ id: "m2" }),
    boundary(),
    assistant({ id: "m3" }),
    call("t2", "Glob", {}, { messageId: "m4" }),
    result("t2", "x".repeat(4)), // 1 token
    assistant({ id: "m5" }),
    assistant({ id: "m6" }),
  ]));
  // t1: only m2 before the boundary → 2 × 1 = 2. t2: m5, m6 → 1 × 2 = 2. Total 4.
  assert.equal(m.byKind.search.carriedTokens, 4);
  assert.equal(m.diagnostics.compactBoundaries, 1);
});

Deno.test("a result after the last assistant message carries nothing", () => {
  const m = measureTranscript(jsonl([
    call("t1", "Read", {}, { messageId: "m1" }),
    result("t1", "x".repeat(400)),
  ]));
  assert.equal(m.byKind["bulk-read"].oneShotTokens, 100);
  assert.equal(m.byKind["bulk-read"].carriedTokens, 0);
});

Deno.test("a repeated snapshot does not count again as a later message", () => {
  const m = measureTranscript(jsonl([
    call("t1", "Read", {}, { messageId: "m1" }),
    assistant({ id: "m2" }), // first seen before the result
    result("t1", "x".repeat(4)), // 1 token
    assistant({ id: "m2" }), // snapshot of m2 after the result: m2 keeps its first place
    assistant({ id: "m1" }),
    assistant({ id: "m3" }),
  ]));
  // Only m3 is first seen after the result → 1 × 1 = 1.
  assert.equal(m.byKind["bulk-read"].carriedTokens, 1);
  assert.equal(m.assistantMessages, 3);
});

Deno.test("a message first seen after a boundary does not carry earlier results", () => {
  const m = measureTranscript(jsonl([
    assistant({ id: "m1" }),
    call("t1", "Read", {}, { messageId: "m2" }),
    result("t1", "x".repeat(4)),
    boundary(),
    assistant({ id: "m2" }), // replay of m2 after the boundary: already placed
    assistant({ id: "m3" }),
  ]));
  assert.equal(m.byKind["bulk-read"].carriedTokens, 0);
});

Deno.test("candidates: non-error bulk reads with at least minChars characters", () => {
  const big = "x".repeat(8000);
  const m = measureTranscript(jsonl([
    call("a", "Read", {}, { messageId: "m1" }),
    call("b", "Read", {}, { messageId: "m2" }),
    call("c", "Read", {}, { messageId: "m3" }),
    call("d", "Read", { limit: 10 }, { messageId: "m4" }),
    call("e", "Bash", { command: "cat big.log" }, { messageId: "m5" }),
    result("a", big), // candidate: 2000 tokens
    result("b", "x".repeat(7999)), // one character short
    result("c", big, { isError: true }), // error: never a candidate
    result("d", big), // targeted: not a candidate
    result("e", "y".repeat(12000)), // candidate: 3000 tokens
    result("zz", big), // unmatched: never a candidate
    assistant({ id: "m6" }),
  ]));
  assert.equal(m.candidates.results, 2);
  assert.equal(m.candidates.textChars, 20000);
  assert.equal(m.candidates.oneShotTokens, 5000);
  // One later message (m6): carried equals one-shot.
  assert.equal(m.candidates.carriedTokens, 5000);
  // All bulk reads, errors and the short one included: a, b, c, e.
  // a 2000 + b ceil(7999/4) = 2000 + c 2000 + e 3000 = 9000.
  assert.equal(m.byKind["bulk-read"].results, 4);
  assert.equal(m.byKind["bulk-read"].errorResults, 1);
  assert.equal(m.byKind["bulk-read"].oneShotTokens, 9000);
  assert.equal(m.byKind.unmatched.oneShotTokens, 2000);
  assert.equal(m.byKind.unmatched.carriedTokens, 2000);
});

Deno.test("minChars changes the candidate threshold", () => {
  const text = jsonl([call("a", "Read"), result("a", "x".repeat(4000))]);
  assert.equal(measureTranscript(text).candidates.results, 0);
  assert.equal(measureTranscript(text, { minChars: 4000 }).candidates.results, 1);
});

Deno.test("unmatched: a result before its tool use, or with no tool use id", () => {
  const m = measureTranscript(jsonl([
    result("late", "abcd"),
    call("late", "Read"),
    result(undefined, "abcdefgh"),
  ]));
  // 1 + 2 = 3 tokens, both unmatched.
  assert.equal(m.byKind.unmatched.results, 2);
  assert.equal(m.byKind.unmatched.oneShotTokens, 3);
  assert.equal(m.byKind["bulk-read"].results, 0);
});

Deno.test("malformed lines are skipped and counted; blank lines are not lines", () => {
  const text = [
    JSON.stringify(assistant({ id: "m1" })),
    "{not json",
    "[1,2,3]",
    "42",
    '"a string"',
    "null",
    "",
    "   ",
    JSON.stringify(assistant({ id: "m2" })),
    '{"type":"assistant","message":{"id":"m3","usage":{"input_tokens":1', // half-written
  ].join("\n");
  const m = measureTranscript(text);
  // Malformed: "{not json", array, number, string, null, the truncated last line = 6.
  assert.equal(m.malformedLines, 6);
  assert.equal(m.lines, 8);
  assert.equal(m.assistantMessages, 2);
});

Deno.test("BOM and CRLF are handled by the shared framing", () => {
  const text = "\uFEFF" + JSON.stringify(assistant({ id: "m1", usage: usage(7, 0, 0) })) +
    "\r\n" + JSON.stringify(assistant({ id: "m2", usage: usage(5, 0, 0) })) + "\r\n";
  const m = measureTranscript(text);
  assert.equal(m.malformedLines, 0);
  assert.equal(m.usage.inputTokens, 12);
});

Deno.test("a byte-order mark starting a later line makes that line malformed, as for the reader", () => {
  // Expected by hand: JSON.parse rejects a text that starts with U+FEFF, and docs/transcript-format.md, Line framing,
  // drops a mark only at the start of a file. So m2's line is skipped: 1 malformed, input 7.
  const text = JSON.stringify(assistant({ id: "m1", usage: usage(7, 0, 0) })) + "\n\uFEFF" +
    JSON.stringify(assistant({ id: "m2", usage: usage(5, 0, 0) })) + "\n";
  assert.throws(() => JSON.parse(text.split("\n")[1]), SyntaxError);
  const m = measureTranscript(text);
  assert.equal(m.malformedLines, 1);
  assert.equal(m.usage.inputTokens, 7);
  const corpus = corpusFromText([{ path: "a.jsonl", text }]);
  assert.equal(corpus.diagnostics.malformedLines, 1);
});

Deno.test("invalid usage values count as 0 and are counted once, on the last snapshot", () => {
  const m = measureTranscript(jsonl([
    assistant({ id: "m1", usage: { input_tokens: "12", cache_read_input_tokens: 5 } }),
    assistant({ id: "m1", usage: { input_tokens: "12", cache_read_input_tokens: 7 } }),
    assistant({ id: "m2", usage: { input_tokens: -3, output_tokens: null } }),
    assistant({ id: "m3", usage: {} }), // missing fields: 0, not invalid
  ]));
  // m1 last: "12" invalid, read 7; m2: -3 invalid, null invalid → 3 invalid, observed 7.
  assert.equal(m.diagnostics.invalidUsageValues, 3);
  assert.equal(m.usage.observedInputTokens, 7);
  assert.equal(m.assistantMessages, 3);
});

Deno.test("result sizes are kept per kind, in file order, without text", () => {
  const m = measureTranscript(jsonl([
    call("a", "Read"),
    call("b", "Grep"),
    result("a", "x".repeat(30)),
    result("b", "y"),
    result("a", "zz"),
  ]));
  assert.deepEqual(m.resultChars["bulk-read"], [30, 2]);
  assert.deepEqual(m.resultChars.search, [1]);
});

Deno.test("a synthetic all-zero usage record is a message: it counts and carries", () => {
  const m = measureTranscript(jsonl([
    call("t", "Read", {}, { messageId: "m1", usage: usage(1, 0, 0) }),
    result("t", "abcd"), // 1 token
    {
      type: "assistant",
      uuid: "syn",
      isApiErrorMessage: true,
      message: {
        id: "0b1c2d3e-uuid-like",
        model: "<synthetic>",
        content: [{ type: "text", text: "API Error: 529" }],
        usage: usage(0, 0, 0, 0),
      },
    },
  ]));
  assert.equal(m.assistantMessages, 2);
  assert.equal(m.usage.observedInputTokens, 1);
  assert.equal(m.byKind["bulk-read"].carriedTokens, 1);
});
