/**
 * The tool-call rules of lib/transcript/tool_calls.ts written again on the parsed record
 * (`JSON.parse` of the line), naively: the independent reference the byte readers
 * (`toolUsesFromBytes`, `toolResultsFromBytes`) and the read-cost reader are checked against.
 *
 * @module
 */

import type { ToolResult, ToolUse } from "../../lib/transcript/tool_calls.ts";

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
