/**
 * Tool calls paired with their results, from parsed transcript records (transcript-format §9).
 *
 * An assistant record's `message.content` may hold `tool_use` blocks (`id`, `name`, `input`);
 * a user record's `message.content` array may hold `tool_result` blocks (`tool_use_id`,
 * `content`, `is_error`). This module keeps only what the read-cost rules need, never the text:
 *
 * - from a tool use: its id and name, whether a Read's `offset`, `limit` or `pages` is set
 *   (present with a value other than `null`), and `input.command` when it is a string (Bash,
 *   BashOutput, or any other tool that has one);
 * - from a tool result: its `tool_use_id`, the text length in UTF-16 code units (JavaScript
 *   string length: a string `content`, or the `text` of every `{type:"text"}` block of an array
 *   `content` summed), the number of text, image and other (non-text, non-image) blocks, and
 *   whether `is_error` is exactly `true`.
 *
 * Pairing is by id, in file order: a result pairs with the latest tool use of the same id fed
 * *before* it; a result with no such use is unpaired (`use` is `undefined`). Several results for
 * one id each pair with it. Records are given already parsed; the caller decides which records
 * to skip (for example repeated uuids).
 *
 * @module
 */

/** A `tool_use` block, reduced to the fields the read-cost rules need. */
export interface ToolUse {
  /** `tool_use.id`. */
  id: string;
  /** `tool_use.name`, exactly as written (aliases are not normalised). */
  name: string;
  /** `input.offset` is present and not `null`. */
  hasOffset: boolean;
  /** `input.limit` is present and not `null`. */
  hasLimit: boolean;
  /** `input.pages` is present and not `null`. */
  hasPages: boolean;
  /** `input.command` when it is a string, else `undefined`. */
  command: string | undefined;
}

/** A `tool_result` block, reduced to sizes and flags. */
export interface ToolResult {
  /** `tool_use_id` when it is a non-empty string, else `undefined`. */
  toolUseId: string | undefined;
  /** Text length in UTF-16 code units, text blocks summed. */
  textChars: number;
  /** Text blocks (a string `content` counts as one). */
  textBlocks: number;
  /** `{type:"image"}` blocks. */
  imageBlocks: number;
  /** Other blocks that are not text (documents, tool references, anything unknown). */
  otherBlocks: number;
  /** `is_error === true`. */
  isError: boolean;
}

/** A tool result and the tool use it answers (`undefined` when none preceded it). */
export interface ToolCall {
  use: ToolUse | undefined;
  result: ToolResult;
}

function _isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function _contentOf(record: Record<string, unknown>, type: string): unknown[] | undefined {
  if (record.type !== type) return undefined;
  const message = record.message;
  if (!_isObject(message)) return undefined;
  const content = message.content;
  return Array.isArray(content) ? content : undefined;
}

function _isSet(input: Record<string, unknown>, key: string): boolean {
  return input[key] !== undefined && input[key] !== null;
}

/**
 * The `tool_use` blocks of an assistant record (none for any other record).
 *
 * @param record A parsed transcript line.
 * @returns One entry per `tool_use` block that has a string `id` and `name`, in block order.
 *
 * @example
 * ```ts
 * import { toolUsesOf } from "./tool_calls.ts";
 * import assert from "node:assert/strict";
 * const record = {
 *   type: "assistant",
 *   message: { content: [{ type: "tool_use", id: "t1", name: "Read", input: { limit: 5 } }] },
 * };
 * assert.deepEqual(toolUsesOf(record), [
 *   { id: "t1", name: "Read", hasOffset: false, hasLimit: true, hasPages: false, command: undefined },
 * ]);
 * ```
 */
export function toolUsesOf(record: Record<string, unknown>): ToolUse[] {
  const content = _contentOf(record, "assistant");
  const uses: ToolUse[] = [];
  if (content === undefined) return uses;
  for (const block of content) {
    if (!_isObject(block) || block.type !== "tool_use") continue;
    if (typeof block.id !== "string" || typeof block.name !== "string") continue;
    const input = _isObject(block.input) ? block.input : {};
    uses.push({
      id: block.id,
      name: block.name,
      hasOffset: _isSet(input, "offset"),
      hasLimit: _isSet(input, "limit"),
      hasPages: _isSet(input, "pages"),
      command: typeof input.command === "string" ? input.command : undefined,
    });
  }
  return uses;
}

/**
 * The `tool_result` blocks of a user record (none for any other record), sized.
 *
 * @param record A parsed transcript line.
 * @returns One entry per `tool_result` block, in block order.
 *
 * @example Text blocks summed, an image counted apart
 * ```ts
 * import { toolResultsOf } from "./tool_calls.ts";
 * import assert from "node:assert/strict";
 * const record = {
 *   type: "user",
 *   message: {
 *     content: [{
 *       type: "tool_result",
 *       tool_use_id: "t1",
 *       content: [{ type: "text", text: "abc" }, { type: "image" }, { type: "text", text: "de" }],
 *     }],
 *   },
 * };
 * // 3 + 2 = 5 characters in two text blocks; one image.
 * assert.deepEqual(toolResultsOf(record), [
 *   { toolUseId: "t1", textChars: 5, textBlocks: 2, imageBlocks: 1, otherBlocks: 0, isError: false },
 * ]);
 * ```
 */
export function toolResultsOf(record: Record<string, unknown>): ToolResult[] {
  const content = _contentOf(record, "user");
  const results: ToolResult[] = [];
  if (content === undefined) return results;
  for (const block of content) {
    if (!_isObject(block) || block.type !== "tool_result") continue;
    let textChars = 0;
    let textBlocks = 0;
    let imageBlocks = 0;
    let otherBlocks = 0;
    const body = block.content;
    if (typeof body === "string") {
      textChars = body.length;
      textBlocks = 1;
    } else if (Array.isArray(body)) {
      for (const part of body) {
        if (_isObject(part) && part.type === "text" && typeof part.text === "string") {
          textChars += part.text.length;
          textBlocks++;
        } else if (_isObject(part) && part.type === "image") {
          imageBlocks++;
        } else {
          otherBlocks++;
        }
      }
    }
    const id = block.tool_use_id;
    results.push({
      toolUseId: typeof id === "string" && id !== "" ? id : undefined,
      textChars,
      textBlocks,
      imageBlocks,
      otherBlocks,
      isError: block.is_error === true,
    });
  }
  return results;
}

/**
 * Pairs tool results with the tool uses that preceded them, one record at a time in file order.
 * Use one pairer per file.
 *
 * @example
 * ```ts
 * import { ToolCallPairer } from "./tool_calls.ts";
 * import assert from "node:assert/strict";
 * const pairer = new ToolCallPairer();
 * const use = { type: "tool_use", id: "t1", name: "Bash", input: { command: "ls" } };
 * const result = (id: string) => ({
 *   type: "user",
 *   message: { content: [{ type: "tool_result", tool_use_id: id, content: "x" }] },
 * });
 * assert.deepEqual(pairer.add(result("t1")).map((c) => c.use), [undefined]); // not yet seen
 * assert.deepEqual(pairer.add({ type: "assistant", message: { content: [use] } }), []);
 * assert.equal(pairer.add(result("t1"))[0].use?.command, "ls");
 * ```
 */
export class ToolCallPairer {
  #uses = new Map<string, ToolUse>();

  /**
   * Feeds the next record.
   *
   * @param record A parsed transcript line.
   * @returns The tool results this record holds, each with its tool use (if one preceded it).
   */
  add(record: Record<string, unknown>): ToolCall[] {
    for (const use of toolUsesOf(record)) this.#uses.set(use.id, use);
    const calls: ToolCall[] = [];
    for (const result of toolResultsOf(record)) {
      const use = result.toolUseId === undefined ? undefined : this.#uses.get(result.toolUseId);
      calls.push({ use, result });
    }
    return calls;
  }
}

/**
 * Pairs the tool calls of a whole file's records, in file order.
 *
 * @param records Parsed transcript lines in file order.
 * @returns Every tool result with its preceding tool use, in file order.
 *
 * @example
 * ```ts
 * import { pairToolCalls } from "./tool_calls.ts";
 * import assert from "node:assert/strict";
 * const calls = pairToolCalls([
 *   { type: "assistant", message: { content: [{ type: "tool_use", id: "a", name: "Grep", input: {} }] } },
 *   { type: "user", message: { content: [{ type: "tool_result", tool_use_id: "a", content: "hit" }] } },
 * ]);
 * assert.equal(calls.length, 1);
 * assert.equal(calls[0].use?.name, "Grep");
 * assert.equal(calls[0].result.textChars, 3);
 * ```
 */
export function pairToolCalls(records: Iterable<Record<string, unknown>>): ToolCall[] {
  const pairer = new ToolCallPairer();
  const calls: ToolCall[] = [];
  for (const record of records) calls.push(...pairer.add(record));
  return calls;
}
