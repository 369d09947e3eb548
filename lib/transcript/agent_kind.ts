/**
 * What a sub-agent's `agentId` says about the agent (docs/transcript-format.md, sub-agents):
 * - `a<label>-<hex>`, the label of letters and underscores (`aside_question-…`,
 *   `aspeculation-…`, `asession_memory-…`): a forked helper, a session of its own kind;
 * - the label `compact` (`acompact-<hex>`, file `agent-acompact-<hex>.jsonl`): the compaction's own
 *   summarizing call, no session at all;
 * - anything else (`a` + hex, of any length: 2.1.38 wrote 6 hex digits, later releases 16): an
 *   ordinary sub-agent.
 * The shape decides, not the length.
 *
 * @module
 */

import { SESSION_KIND } from "./tables.ts";

/**
 * Kind of a file's local session that is no session: the compaction call. Kept out of
 * {@linkcode SESSION_KIND}, whose values are kinds of sessions that reach the tables.
 */
export const COMPACTION_CALL_KIND = 3;

const HELPER_ID = /^a([A-Za-z_]+)-[0-9A-Fa-f]+$/;

/**
 * The kind of the session of a sub-agent record with this `agentId`.
 *
 * @param agentId The record's `agentId` (non-empty).
 * @returns `SESSION_KIND.subagent`, `SESSION_KIND.helper`, or {@linkcode COMPACTION_CALL_KIND}.
 *
 * @example
 * ```ts
 * import { agentSessionKind, COMPACTION_CALL_KIND } from "./agent_kind.ts";
 * import { SESSION_KIND } from "./tables.ts";
 * import assert from "node:assert/strict";
 * assert.equal(agentSessionKind("a1b2c3"), SESSION_KIND.subagent);
 * assert.equal(agentSessionKind("a0123456789abcdef"), SESSION_KIND.subagent);
 * assert.equal(agentSessionKind("aside_question-4f2a9c"), SESSION_KIND.helper);
 * assert.equal(agentSessionKind("acompact-6f1e2d"), COMPACTION_CALL_KIND);
 * ```
 */
export function agentSessionKind(agentId: string): number {
  const match = HELPER_ID.exec(agentId);
  if (match === null) return SESSION_KIND.subagent;
  return match[1] === "compact" ? COMPACTION_CALL_KIND : SESSION_KIND.helper;
}

const COMPACTION_CALL_FILE = /(?:^|\/)agent-acompact-[0-9A-Fa-f]+\.jsonl$/;
const SUBAGENT_FILE = /^(.*\/)?([^/]+)\/subagents\/[^/]+\.jsonl$/;

/**
 * Whether a transcript path names a compaction-call file (`agent-acompact-<hex>.jsonl`).
 *
 * @param path A transcript file path.
 * @returns true for a compaction-call file.
 *
 * @example
 * ```ts
 * import { isCompactionCallFile } from "./agent_kind.ts";
 * import assert from "node:assert/strict";
 * assert.ok(isCompactionCallFile("p/s1/subagents/agent-acompact-6f1e2d.jsonl"));
 * assert.ok(!isCompactionCallFile("p/s1/subagents/agent-a6f1e2d.jsonl"));
 * ```
 */
export function isCompactionCallFile(path: string): boolean {
  return COMPACTION_CALL_FILE.test(path);
}

/**
 * The main transcript a `<sessionId>/subagents/*.jsonl` file belongs to: `<sessionId>.jsonl` in
 * the folder above.
 *
 * @param path A transcript file path.
 * @returns The parent transcript's path, or undefined outside a `subagents/` folder.
 *
 * @example
 * ```ts
 * import { parentTranscript } from "./agent_kind.ts";
 * import assert from "node:assert/strict";
 * assert.equal(parentTranscript("p/s1/subagents/agent-acompact-6f.jsonl"), "p/s1.jsonl");
 * assert.equal(parentTranscript("p/agent-a6f.jsonl"), undefined);
 * ```
 */
export function parentTranscript(path: string): string | undefined {
  const match = SUBAGENT_FILE.exec(path);
  return match === null ? undefined : `${match[1] ?? ""}${match[2]}.jsonl`;
}
