/**
 * One test per row of the original tool's classification table, then the original tool's own examples of what the
 * heuristics miss (its documented blind spots), which must stay as they are.
 */
import assert from "node:assert/strict";
import { classifyToolUse } from "../../lib/readcost/classify.ts";
import type { ToolUse } from "../../lib/transcript/tool_calls.ts";

function use(name: string, fields: Partial<ToolUse> = {}): ToolUse {
  return {
    id: "toolu_1",
    name,
    hasOffset: false,
    hasLimit: false,
    hasPages: false,
    command: undefined,
    ...fields,
  };
}
const bash = (command: string) => use("Bash", { command });

Deno.test("row 1: Read without offset, limit or pages is bulk-read", () => {
  assert.equal(classifyToolUse(use("Read")), "bulk-read");
});

Deno.test("row 2: Read with any of offset, limit, pages set is targeted-read", () => {
  assert.equal(classifyToolUse(use("Read", { hasOffset: true })), "targeted-read");
  assert.equal(classifyToolUse(use("Read", { hasLimit: true })), "targeted-read");
  assert.equal(classifyToolUse(use("Read", { hasPages: true })), "targeted-read");
  assert.equal(
    classifyToolUse(use("Read", { hasOffset: true, hasLimit: true })),
    "targeted-read",
  );
});

Deno.test("row 3: Bash or BashOutput command containing | or > is targeted-read", () => {
  assert.equal(classifyToolUse(bash("grep x f | wc -l")), "targeted-read");
  assert.equal(classifyToolUse(bash("make > log")), "targeted-read");
  assert.equal(classifyToolUse(bash("cat big.txt | head")), "targeted-read");
  assert.equal(classifyToolUse(bash("cat a > b")), "targeted-read");
  assert.equal(classifyToolUse(bash("npm test 2>&1")), "targeted-read");
  assert.equal(classifyToolUse(bash("a || b")), "targeted-read");
  assert.equal(classifyToolUse(use("BashOutput", { command: "x | y" })), "targeted-read");
});

Deno.test("row 4: otherwise cat/head/tail/less/more followed by whitespace is bulk-read", () => {
  for (const command of ["cat f", "head f", "tail -f log", "less f", "more f", "cat\tf"]) {
    assert.equal(classifyToolUse(bash(command)), "bulk-read", command);
  }
  assert.equal(classifyToolUse(bash("  cat f")), "bulk-read", "leading whitespace allowed");
  assert.equal(classifyToolUse(use("BashOutput", { command: "tail log" })), "bulk-read");
  // Not followed by whitespace, or a longer word: not a match, and no other rule → other.
  assert.equal(classifyToolUse(bash("cat")), "other");
  assert.equal(classifyToolUse(bash("catalog build")), "other");
  assert.equal(classifyToolUse(bash("headless run")), "other");
  assert.equal(classifyToolUse(bash("CAT f")), "other", "names are case-sensitive");
  assert.equal(classifyToolUse(bash("ls -la")), "other");
  assert.equal(classifyToolUse(use("Bash")), "other", "Bash without a string command");
  assert.equal(classifyToolUse(use("BashOutput")), "other", "BashOutput with bash_id only");
});

Deno.test("row 5: Grep and Glob are search", () => {
  assert.equal(classifyToolUse(use("Grep")), "search");
  assert.equal(classifyToolUse(use("Glob")), "search");
});

Deno.test("row 6: Agent and Task are subagent", () => {
  assert.equal(classifyToolUse(use("Agent")), "subagent");
  assert.equal(classifyToolUse(use("Task")), "subagent");
});

Deno.test("row 7: other tools are other", () => {
  for (const name of ["Edit", "Write", "WebFetch", "TodoWrite", "TaskCreate", "mcp__gh__pr"]) {
    assert.equal(classifyToolUse(use(name)), "other", name);
  }
  // The shell rules apply to Bash and BashOutput only.
  assert.equal(classifyToolUse(use("Edit", { command: "cat f" })), "other");
  // Read-like fields do not matter for other tools.
  assert.equal(classifyToolUse(use("Grep", { hasOffset: true })), "search");
});

Deno.test("row 8: a result without a preceding matching tool use is unmatched", () => {
  assert.equal(classifyToolUse(undefined), "unmatched");
});

Deno.test("blind spot: head and tail can be bounded reads but land in bulk", () => {
  assert.equal(classifyToolUse(bash("head -n 5 f")), "bulk-read");
  assert.equal(classifyToolUse(bash("tail -n 20 log")), "bulk-read");
});

Deno.test("blind spot: piped output may hold whole files but lands in targeted", () => {
  assert.equal(classifyToolUse(bash("cat huge.txt | cat")), "targeted-read");
});

Deno.test("blind spot: cd prefixes, wrappers and absolute paths are missed", () => {
  assert.equal(classifyToolUse(bash("cd x && cat f")), "other");
  assert.equal(classifyToolUse(bash("sudo cat f")), "other");
  assert.equal(classifyToolUse(bash("timeout 5 cat f")), "other");
  assert.equal(classifyToolUse(bash("/bin/cat f")), "other");
});

Deno.test("blind spot: a quoted pipe or > still triggers the targeted rule", () => {
  assert.equal(classifyToolUse(bash('cat "a|b.txt"')), "targeted-read");
  assert.equal(classifyToolUse(bash("echo 'x > y'")), "targeted-read");
});

Deno.test("blind spot: tool aliases are not normalised", () => {
  assert.equal(classifyToolUse(use("read")), "other");
  assert.equal(classifyToolUse(use("bash", { command: "cat f" })), "other");
  assert.equal(classifyToolUse(use("TaskOutput", { command: "cat f" })), "other");
  assert.equal(classifyToolUse(use("grep")), "other");
});
