import assert from "node:assert/strict";
import { type ToolCall, ToolCallPairer } from "../../lib/transcript/tool_calls.ts";
import { toolResultsOf, toolUsesOf } from "./_tool_calls_reference.ts";

const assistantWith = (content: unknown[]) => ({ type: "assistant", message: { content } });
const userWith = (content: unknown[]) => ({ type: "user", message: { content } });
/** One record's calls through `pairer`, its uses and results read by the reference. */
const addRecord = (pairer: ToolCallPairer, record: Record<string, unknown>): ToolCall[] =>
  pairer.add(toolUsesOf(record), toolResultsOf(record));
/** Every call of `records`, in file order, through one pairer. */
const pairToolCalls = (records: Record<string, unknown>[]): ToolCall[] => {
  const pairer = new ToolCallPairer();
  return records.flatMap((record) => addRecord(pairer, record));
};

Deno.test("toolUsesOf: Read offset/limit/pages presence; null counts as unset", () => {
  const uses = toolUsesOf(assistantWith([
    { type: "text", text: "x" },
    { type: "tool_use", id: "a", name: "Read", input: { file_path: "f", offset: 0 } },
    { type: "tool_use", id: "b", name: "Read", input: { file_path: "f", limit: null } },
    { type: "tool_use", id: "c", name: "Read", input: { file_path: "f", pages: "1-5" } },
  ]));
  // offset 0 is set (present, not null); limit null is unset; pages set.
  assert.deepEqual(uses.map((u) => [u.id, u.hasOffset, u.hasLimit, u.hasPages]), [
    ["a", true, false, false],
    ["b", false, false, false],
    ["c", false, false, true],
  ]);
});

Deno.test("toolUsesOf: command kept only when a string; blocks without id or name skipped", () => {
  const uses = toolUsesOf(assistantWith([
    { type: "tool_use", id: "a", name: "Bash", input: { command: "ls -la" } },
    { type: "tool_use", id: "b", name: "Bash", input: { command: ["ls"] } },
    { type: "tool_use", id: "c", name: "BashOutput", input: { bash_id: "1" } },
    { type: "tool_use", name: "Bash", input: { command: "ls" } },
    { type: "tool_use", id: "e", input: {} },
    { type: "tool_use", id: "f", name: "Edit" }, // no input at all
  ]));
  assert.deepEqual(uses.map((u) => [u.id, u.command]), [
    ["a", "ls -la"],
    ["b", undefined],
    ["c", undefined],
    ["f", undefined],
  ]);
});

Deno.test("toolUsesOf: only assistant records with an array content", () => {
  const block = { type: "tool_use", id: "a", name: "Read", input: {} };
  assert.deepEqual(toolUsesOf({ type: "user", message: { content: [block] } }), []);
  assert.deepEqual(toolUsesOf({ type: "assistant", message: { content: "text" } }), []);
  assert.deepEqual(toolUsesOf({ type: "assistant" }), []);
  assert.equal(toolUsesOf(assistantWith([block])).length, 1);
});

Deno.test("toolResultsOf: string content length in UTF-16 code units", () => {
  // "é" is 1 code unit (2 UTF-8 bytes); "😀" is 2 code units (4 bytes); "ab" 2 → 5 in all.
  const [r] = toolResultsOf(
    userWith([{ type: "tool_result", tool_use_id: "a", content: "éab😀" }]),
  );
  assert.equal(r.textChars, 5);
  assert.equal(r.textBlocks, 1);
});

Deno.test("toolResultsOf: text blocks summed; images and other blocks counted apart", () => {
  const [r] = toolResultsOf(userWith([{
    type: "tool_result",
    tool_use_id: "a",
    content: [
      { type: "text", text: "abcd" },
      { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
      { type: "text", text: "ef" },
      { type: "tool_reference", tool_name: "x" },
      { type: "document" },
      { type: "text" }, // no text string: not a text block
      "loose string",
    ],
  }]));
  // 4 + 2 = 6 characters in 2 text blocks; 1 image; tool_reference, document, the text block
  // without text and the loose string are 4 other blocks.
  assert.deepEqual(r, {
    toolUseId: "a",
    textChars: 6,
    textBlocks: 2,
    imageBlocks: 1,
    otherBlocks: 4,
    isError: false,
  });
});

Deno.test("toolResultsOf: is_error only when exactly true; empty or missing content is 0", () => {
  const results = toolResultsOf(userWith([
    { type: "tool_result", tool_use_id: "a", content: "x", is_error: true },
    { type: "tool_result", tool_use_id: "b", content: "x", is_error: "true" },
    { type: "tool_result", tool_use_id: "c" },
    { type: "tool_result", tool_use_id: "", content: [] },
    { type: "text", text: "not a result" },
  ]));
  assert.deepEqual(results.map((r) => [r.toolUseId, r.isError, r.textChars, r.textBlocks]), [
    ["a", true, 1, 1],
    ["b", false, 1, 1],
    ["c", false, 0, 0],
    [undefined, false, 0, 0],
  ]);
});

Deno.test("toolResultsOf: only user records", () => {
  const block = { type: "tool_result", tool_use_id: "a", content: "x" };
  assert.deepEqual(toolResultsOf({ type: "assistant", message: { content: [block] } }), []);
  assert.deepEqual(
    toolResultsOf({ type: "progress", data: { message: { content: [block] } } }),
    [],
  );
});

Deno.test("ToolCallPairer: a result pairs only with a use that came before it", () => {
  const pairer = new ToolCallPairer();
  const res = (id: string) => userWith([{ type: "tool_result", tool_use_id: id, content: "" }]);
  assert.equal(addRecord(pairer, res("a"))[0].use, undefined);
  addRecord(pairer, assistantWith([{ type: "tool_use", id: "a", name: "Grep", input: {} }]));
  assert.equal(addRecord(pairer, res("a"))[0].use?.name, "Grep");
  // A second result for the same id pairs too; an unknown id stays unpaired.
  assert.equal(addRecord(pairer, res("a"))[0].use?.name, "Grep");
  assert.equal(addRecord(pairer, res("zzz"))[0].use, undefined);
});

Deno.test("ToolCallPairer: the latest use of a repeated id wins", () => {
  const calls = pairToolCalls([
    assistantWith([{ type: "tool_use", id: "a", name: "Read", input: {} }]),
    assistantWith([{ type: "tool_use", id: "a", name: "Glob", input: {} }]),
    userWith([{ type: "tool_result", tool_use_id: "a", content: "" }]),
  ]);
  assert.equal(calls.length, 1);
  assert.equal(calls[0].use?.name, "Glob");
});

Deno.test("pairToolCalls: parallel results in separate records, in file order", () => {
  const calls = pairToolCalls([
    assistantWith([
      { type: "tool_use", id: "a", name: "Read", input: {} },
      { type: "tool_use", id: "b", name: "Bash", input: { command: "pwd" } },
    ]),
    userWith([{ type: "tool_result", tool_use_id: "b", content: "12" }]),
    userWith([{ type: "tool_result", tool_use_id: "a", content: "1" }]),
  ]);
  assert.deepEqual(calls.map((c) => [c.use?.name, c.result.textChars]), [["Bash", 2], ["Read", 1]]);
});
