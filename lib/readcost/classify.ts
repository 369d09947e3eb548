/**
 * The read-cost classification table (docs/method.md, Read-cost measurement: the classification table).
 *
 * | Tool or input                                                          | Kind          |
 * |------------------------------------------------------------------------|---------------|
 * | Read without offset, limit, or pages                                   | bulk-read     |
 * | Read with any of those fields set                                      | targeted-read |
 * | Bash or BashOutput command containing `\|` or `>`                      | targeted-read |
 * | Otherwise, shell command starting with cat, head, tail, less, or more followed by whitespace | bulk-read |
 * | Grep, Glob                                                             | search        |
 * | Agent, Task                                                            | subagent      |
 * | Other tools                                                            | other         |
 * | Result without a preceding matching tool-use ID                        | unmatched     |
 *
 * Decisions, where the original tool is silent:
 * - Tool names are matched exactly and case-sensitively; aliases are not normalised
 *   (`TaskOutput` is "other", `bash` is "other").
 * - A field counts as "set" when present with a value other than `null` (see `ToolUse`).
 * - The shell rules look at `input.command` of Bash and BashOutput only; a Bash or BashOutput
 *   call without a string command, or whose command matches neither shell rule, is "other".
 * - "Starting with" allows leading whitespace: the command matches
 *   `/^\s*(cat|head|tail|less|more)\s/`. Names are case-sensitive.
 *
 * It is not a shell parser, on purpose (the original tool's documented blind spots are kept and tested):
 * `cd x && cat f`, `sudo cat f` and `/bin/cat f` are missed; a quoted `|` or `>` (and `2>&1`)
 * still makes a command targeted; `head -n 5 f` is bulk.
 *
 * @module
 */

import type { ToolUse } from "../transcript/tool_calls.ts";

/** A result's kind, as in the original tool's table. */
export type ResultKind =
  | "bulk-read"
  | "targeted-read"
  | "search"
  | "subagent"
  | "other"
  | "unmatched";

/** Every kind, in report order. */
export const RESULT_KINDS: readonly ResultKind[] = [
  "bulk-read",
  "targeted-read",
  "search",
  "subagent",
  "other",
  "unmatched",
];

const BULK_COMMAND = /^\s*(?:cat|head|tail|less|more)\s/;

/**
 * Classifies a tool result by the tool use it answers.
 *
 * @param use The preceding tool use with the result's id, or `undefined` when there was none.
 * @returns The kind from the original tool's table.
 *
 * @example
 * ```ts
 * import { classifyToolUse } from "./classify.ts";
 * import assert from "node:assert/strict";
 * const use = { id: "t", hasOffset: false, hasLimit: false, hasPages: false };
 * assert.equal(classifyToolUse({ ...use, name: "Read", command: undefined }), "bulk-read");
 * assert.equal(classifyToolUse({ ...use, name: "Bash", command: "cat a | wc" }), "targeted-read");
 * assert.equal(classifyToolUse({ ...use, name: "Bash", command: "cd x && cat f" }), "other");
 * assert.equal(classifyToolUse(undefined), "unmatched");
 * ```
 */
export function classifyToolUse(use: ToolUse | undefined): ResultKind {
  if (use === undefined) return "unmatched";
  switch (use.name) {
    case "Read":
      return use.hasOffset || use.hasLimit || use.hasPages ? "targeted-read" : "bulk-read";
    case "Bash":
    case "BashOutput": {
      const command = use.command;
      if (command === undefined) return "other";
      if (command.includes("|") || command.includes(">")) return "targeted-read";
      return BULK_COMMAND.test(command) ? "bulk-read" : "other";
    }
    case "Grep":
    case "Glob":
      return "search";
    case "Agent":
    case "Task":
      return "subagent";
    default:
      return "other";
  }
}
