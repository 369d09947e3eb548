/**
 * Typed transcript records: every record kind of transcript-format.md §3–§12, as TypeScript
 * shapes, and {@linkcode parseRecord} to turn one line into a narrowed record.
 *
 * The reader's fast path ({@linkcode FileParser}) does not build these objects: it scans bytes.
 * These types serve code that wants whole records (the read-cost measurement, notebooks, tests).
 * Every field is optional except `type`, because releases differ; unknown keys are kept on the
 * object and ignored.
 *
 * @module
 */

/** Token usage of one assistant block (both on-disk shapes, §7). */
export interface Usage {
  input_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
  output_tokens?: number;
  cache_creation?: { ephemeral_5m_input_tokens?: number; ephemeral_1h_input_tokens?: number };
  service_tier?: string | null;
  speed?: string;
}

/** A content block of a message. */
export type ContentBlock =
  | { type: "text"; text: string }
  | { type: "thinking"; thinking: string; signature?: string }
  | { type: "redacted_thinking"; data: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> }
  | {
    type: "tool_result";
    tool_use_id: string;
    content?: string | ContentBlock[];
    is_error?: boolean;
  }
  | { type: "image"; source?: Record<string, unknown> }
  | { type: string; [key: string]: unknown };

/** Envelope fields shared by conversation records (§4). */
export interface Envelope {
  uuid?: string;
  parentUuid?: string | null;
  logicalParentUuid?: string | null;
  isSidechain?: boolean;
  agentId?: string;
  sessionId?: string;
  timestamp?: string;
  cwd?: string;
  version?: string;
  gitBranch?: string;
  userType?: string;
  entrypoint?: string;
  isMeta?: boolean;
}

/** A `user` record (§5): prompts, tool results, compact summaries, command wrappers. */
export interface UserRecord extends Envelope {
  type: "user";
  message?: { role?: "user"; content?: string | ContentBlock[] };
  isCompactSummary?: boolean;
  isVisibleInTranscriptOnly?: boolean;
  toolUseResult?: unknown;
  sourceToolAssistantUUID?: string;
}

/** An `assistant` record (§6): one block of one API response. */
export interface AssistantRecord extends Envelope {
  type: "assistant";
  requestId?: string;
  isApiErrorMessage?: boolean;
  message?: {
    id?: string;
    model?: string;
    role?: "assistant";
    content?: ContentBlock[];
    stop_reason?: string | null;
    usage?: Usage;
  };
}

/** `compactMetadata` of a `compact_boundary` (§11.1). */
export interface CompactMetadata {
  trigger?: "auto" | "manual";
  preTokens?: number;
  postTokens?: number;
  durationMs?: number;
}

/** A `system` record (§12); `subtype` says which. */
export interface SystemRecord extends Envelope {
  type: "system";
  subtype?: string;
  content?: string;
  level?: string;
  compactMetadata?: CompactMetadata;
  microcompactMetadata?: { trigger?: string; preTokens?: number; tokensSaved?: number };
  durationMs?: number;
}

/** Records that are neither user, assistant nor system, but still conversation records. */
export interface OtherConversationRecord extends Envelope {
  type: "attachment" | "progress";
  data?: Record<string, unknown>;
}

/** Metadata records (§3): titles, snapshots, queue operations and the like. */
export interface MetadataRecord {
  type:
    | "summary"
    | "custom-title"
    | "ai-title"
    | "last-prompt"
    | "tag"
    | "agent-name"
    | "agent-color"
    | "agent-setting"
    | "mode"
    | "permission-mode"
    | "worktree-state"
    | "pr-link"
    | "file-history-snapshot"
    | "attribution-snapshot"
    | "queue-operation"
    | "speculation-accept"
    | "content-replacement"
    | "checkpoint"
    | string;
  sessionId?: string;
  [key: string]: unknown;
}

/** Any record of a transcript line. */
export type TranscriptRecord =
  | UserRecord
  | AssistantRecord
  | SystemRecord
  | OtherConversationRecord
  | MetadataRecord;

/** Why {@linkcode parseRecord} refused a line. */
export class MalformedLineError extends SyntaxError {
  /** 1-based line number, when known. */
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(line === undefined ? message : `${message} (line ${line})`);
    this.name = "MalformedLineError";
    this.line = line;
  }
}

/**
 * Parses one line into a record. A line that is not JSON, or JSON but not an object, is
 * malformed.
 *
 * @param text The line.
 * @param line Its 1-based number, for the error message.
 * @returns The record; `type` is `""` when the line has none.
 * @throws {MalformedLineError} when the line is not a JSON object.
 *
 * @example
 * ```ts
 * import { isAssistant, parseRecord } from "./records.ts";
 * import assert from "node:assert/strict";
 * const record = parseRecord('{"type":"assistant","message":{"id":"m","usage":{"output_tokens":3}}}');
 * assert.ok(isAssistant(record));
 * assert.equal(record.message?.usage?.output_tokens, 3);
 * assert.throws(() => parseRecord("[1]", 7), /line 7/);
 * ```
 */
export function parseRecord(text: string, line?: number): TranscriptRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new MalformedLineError("Line is not valid JSON", line);
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new MalformedLineError("Line is JSON but not an object", line);
  }
  const record = value as { type?: unknown };
  if (typeof record.type !== "string") record.type = "";
  return record as TranscriptRecord;
}

/** Whether a record is an `assistant` record. */
export function isAssistant(record: TranscriptRecord): record is AssistantRecord {
  return record.type === "assistant";
}

/** Whether a record is a `user` record. */
export function isUser(record: TranscriptRecord): record is UserRecord {
  return record.type === "user";
}

/** Whether a record is a `system` record. */
export function isSystem(record: TranscriptRecord): record is SystemRecord {
  return record.type === "system";
}
