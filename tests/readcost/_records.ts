/**
 * Builders of synthetic transcript records for the read-cost tests. Shapes follow
 * docs/transcript-format.md (Record types to Compaction); values are made up. Nothing here reads real transcripts.
 *
 * @module
 */

/** A usage object; fields left out are absent from the record. */
export function usage(
  input: number,
  cacheCreation: number,
  cacheRead: number,
  output = 1,
): Record<string, unknown> {
  return {
    input_tokens: input,
    cache_creation_input_tokens: cacheCreation,
    cache_read_input_tokens: cacheRead,
    output_tokens: output,
    service_tier: "standard",
  };
}

/** An assistant record. `id: null` leaves out `message.id`; `uuid: null` leaves out `uuid`. */
export function assistant(fields: {
  id?: string | null;
  uuid?: string | null;
  usage?: Record<string, unknown> | null;
  content?: unknown[];
}): Record<string, unknown> {
  const message: Record<string, unknown> = {
    model: "claude-opus-4-6",
    type: "message",
    role: "assistant",
    content: fields.content ?? [{ type: "text", text: "thinking aloud" }],
    stop_reason: null,
  };
  if (fields.id !== null) message.id = fields.id ?? `msg_${crypto.randomUUID()}`;
  if (fields.usage !== null) message.usage = fields.usage ?? usage(1, 0, 99);
  const record: Record<string, unknown> = {
    parentUuid: null,
    isSidechain: false,
    type: "assistant",
    message,
    sessionId: "session-1",
    timestamp: "2026-03-02T14:00:00.000Z",
  };
  if (fields.uuid !== null) record.uuid = fields.uuid ?? crypto.randomUUID();
  return record;
}

/** A tool_use block. */
export function toolUse(id: string, name: string, input: Record<string, unknown> = {}) {
  return { type: "tool_use", id, name, input };
}

/** An assistant record holding one tool_use (and usage, so it is a message too). */
export function call(
  id: string,
  name: string,
  input: Record<string, unknown> = {},
  fields: { messageId?: string; usage?: Record<string, unknown> } = {},
): Record<string, unknown> {
  return assistant({
    id: fields.messageId,
    usage: fields.usage,
    content: [toolUse(id, name, input)],
  });
}

/** A user record holding one tool_result. `content` is written as given. */
export function result(
  toolUseId: string | undefined,
  content: unknown,
  fields: { isError?: boolean; uuid?: string } = {},
): Record<string, unknown> {
  const block: Record<string, unknown> = { type: "tool_result", content };
  if (toolUseId !== undefined) block.tool_use_id = toolUseId;
  if (fields.isError !== undefined) block.is_error = fields.isError;
  return {
    parentUuid: null,
    isSidechain: false,
    type: "user",
    message: { role: "user", content: [block] },
    uuid: fields.uuid ?? crypto.randomUUID(),
    sessionId: "session-1",
    timestamp: "2026-03-02T14:00:01.000Z",
  };
}

/** A compaction boundary. */
export function boundary(): Record<string, unknown> {
  return {
    parentUuid: null,
    type: "system",
    subtype: "compact_boundary",
    content: "Conversation compacted",
    uuid: crypto.randomUUID(),
    compactMetadata: { trigger: "auto", preTokens: 1000 },
  };
}

/** Records as JSON Lines text. */
export function jsonl(records: unknown[]): string {
  return records.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n") + "\n";
}
