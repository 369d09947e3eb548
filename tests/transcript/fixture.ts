/**
 * A hand-written corpus covering the quirks of docs/transcript-format.md, Quirks. Every expected number in
 * reader_test.ts is worked out by hand from the records below.
 *
 * Files (byte-wise path order):
 *   proj/agent-bbb.jsonl                 flat sub-agent layout, model haiku only (left out)
 *   proj/empty.jsonl                     a main session with a user record and no request
 *   proj/old.jsonl                       old layout: main + two in-file sidechain chains
 *   proj/s1.jsonl                        main session: BOM, CRLF, split response, synthetic,
 *                                        API error, microcompaction, auto compaction, blank line,
 *                                        truncated last line
 *   proj/s1/subagents/agent-aaa.jsonl    sub-agent with a manual compaction (older style)
 *   proj/s2.jsonl                        resumed copy of s1's start + one new request
 */

const T = (hms: string) => `2026-03-02T${hms}.000Z`;

/** An assistant block. `usage` is written as given. */
export function assistant(
  fields: {
    uuid: string;
    time: string;
    id?: string;
    requestId?: string;
    model?: string;
    usage?: Record<string, unknown>;
    extra?: Record<string, unknown>;
  },
): Record<string, unknown> {
  const message: Record<string, unknown> = {
    model: fields.model ?? "opus",
    type: "message",
    role: "assistant",
    content: [{ type: "text", text: "SECRET-ASSISTANT-TEXT" }],
    stop_reason: null,
  };
  if (fields.id !== undefined) message.id = fields.id;
  if (fields.usage !== undefined) message.usage = fields.usage;
  const record: Record<string, unknown> = {
    parentUuid: null,
    isSidechain: false,
    type: "assistant",
    message,
    uuid: fields.uuid,
    timestamp: T(fields.time),
    ...fields.extra,
  };
  if (fields.requestId !== undefined) record.requestId = fields.requestId;
  return record;
}

export function user(
  uuid: string,
  time: string,
  content: unknown,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    parentUuid: null,
    isSidechain: false,
    type: "user",
    message: { role: "user", content },
    uuid,
    timestamp: T(time),
    ...extra,
  };
}

const usage = (u: number, w5: number, r: number, y: number, w1h = 0) => ({
  input_tokens: u,
  cache_creation_input_tokens: w5 + w1h,
  cache_read_input_tokens: r,
  cache_creation: { ephemeral_5m_input_tokens: w5, ephemeral_1h_input_tokens: w1h },
  output_tokens: y,
  service_tier: "standard",
});

const lines = (records: unknown[], eol = "\n") =>
  records.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join(eol) + eol;

/** Summary text of 401 characters → G = ceil(401 / 4) = 101. */
export const SUMMARY_401 = "S".repeat(401);
/** Summary text of 90 characters → G = ceil(90 / 4) = 23. */
export const SUMMARY_90 = "T".repeat(90);

/** One response split into two lines: preliminary output 2, then final 50. */
const m1Blocks = [
  assistant({
    uuid: "a1",
    time: "10:00:05",
    id: "m1",
    requestId: "r1",
    usage: usage(3, 1000, 0, 2),
  }),
  assistant({
    uuid: "a1b",
    time: "10:00:06",
    id: "m1",
    requestId: "r1",
    usage: usage(3, 1000, 0, 50),
  }),
];

const s1Records: unknown[] = [
  user("u1", "10:00:00", "SECRET-PROMPT"),
  ...m1Blocks,
  user("u2", "10:00:10", [{ type: "tool_result", tool_use_id: "t1", content: "x".repeat(5000) }]),
  // No cache_creation breakdown: all 200 created tokens are 5-minute writes.
  assistant({
    uuid: "a2",
    time: "10:00:20",
    id: "m2",
    requestId: "r2",
    usage: {
      input_tokens: 2,
      cache_creation_input_tokens: 200,
      cache_read_input_tokens: 1000,
      output_tokens: 30,
    },
  }),
  assistant({
    uuid: "a3",
    time: "10:00:25",
    id: "9b1c-uuid-like",
    model: "<synthetic>",
    usage: usage(0, 0, 0, 0),
  }),
  assistant({
    uuid: "a4",
    time: "10:00:26",
    id: "m-err",
    requestId: "r-err",
    usage: usage(0, 0, 0, 0),
    extra: { isApiErrorMessage: true },
  }),
  "",
  user("u8", "10:10:00", "SECRET-PROMPT-2"),
  assistant({
    uuid: "a5",
    time: "10:10:05",
    id: "m3",
    requestId: "r3",
    usage: usage(1, 0, 1202, 40, 300),
  }),
  {
    type: "system",
    subtype: "microcompact_boundary",
    uuid: "mc1",
    timestamp: T("10:10:07"),
    microcompactMetadata: { trigger: "auto", preTokens: 1503, tokensSaved: 10 },
  },
  user("u10", "10:10:30", [{ type: "tool_result", tool_use_id: "t2", content: "y" }]),
  // Auto compaction without durationMs or preTokens: duration = 10:11:00 − 10:10:30 (u10) = 30 s;
  // C = x of m3 = 1503.
  {
    parentUuid: null,
    logicalParentUuid: "u10",
    isSidechain: false,
    type: "system",
    subtype: "compact_boundary",
    content: "Conversation compacted",
    uuid: "cb1",
    timestamp: T("10:11:00"),
    compactMetadata: { trigger: "auto" },
  },
  user("sum1", "10:11:00", SUMMARY_401, {
    isCompactSummary: true,
    isVisibleInTranscriptOnly: true,
  }),
  assistant({
    uuid: "a6",
    time: "10:11:10",
    id: "m4",
    requestId: "r4",
    usage: usage(5, 600, 100, 20),
  }),
  '{"type":"assistant","message":{"id":"m5","usage":{"input_tokens":',
];

const s2Records: unknown[] = [
  // Resumed copy: the same lines as s1 (same uuids, ids), then one new request.
  ...m1Blocks,
  {
    parentUuid: null,
    logicalParentUuid: "u10",
    type: "system",
    subtype: "compact_boundary",
    uuid: "cb1",
    timestamp: T("10:11:00"),
    compactMetadata: { trigger: "auto" },
  },
  assistant({
    uuid: "b1",
    time: "11:00:00",
    id: "m6",
    requestId: "r6",
    usage: usage(0, 0, 700, 10),
  }),
];

const side = { isSidechain: true, agentId: "aaa" };
const aaaRecords: unknown[] = [
  user("c0", "11:59:58", "SECRET-TASK-PROMPT", side),
  assistant({
    uuid: "c1",
    time: "12:00:00",
    id: "ma1",
    requestId: "ra1",
    usage: usage(1, 500, 4000, 100),
    extra: side,
  }),
  // Manual compaction, older style: preTokens only; the /compact command record after the
  // summary carries the start time 12:01:10, so duration = 12:01:52 − 12:01:10 = 42 s.
  {
    parentUuid: null,
    logicalParentUuid: null,
    ...side,
    type: "system",
    subtype: "compact_boundary",
    uuid: "cb2",
    timestamp: T("12:01:52"),
    compactMetadata: { trigger: "manual", preTokens: 5000 },
  },
  user("c2", "12:01:52", SUMMARY_90, { ...side, isCompactSummary: true }),
  user(
    "c3",
    "12:01:10",
    "<command-name>/compact</command-name>\n<command-message>compact</command-message>",
    side,
  ),
  assistant({
    uuid: "c4",
    time: "12:02:00",
    id: "ma2",
    requestId: "ra2",
    usage: usage(0, 0, 2000, 10),
    extra: side,
  }),
];

const chain = (uuid: string, parent: string | null) => ({
  isSidechain: true,
  parentUuid: parent,
  uuid,
});
const oldRecords: unknown[] = [
  user("o0", "09:00:00", "hello"),
  assistant({
    uuid: "o1",
    time: "09:00:00",
    id: "mo1",
    requestId: "ro1",
    usage: usage(10, 90, 0, 5),
  }),
  // No requestId: key is message.id alone.
  assistant({ uuid: "o2", time: "09:00:10", id: "mo2", usage: usage(0, 10, 100, 5) }),
  "[1,2]",
  // No message.id: the record uuid stands in.
  assistant({ uuid: "o3", time: "09:00:40", requestId: "ro3", usage: usage(0, 0, 110, 5) }),
  { ...user("x1", "09:01:00", "SECRET-SIDECHAIN"), ...chain("x1", null) },
  {
    ...assistant({
      uuid: "x2",
      time: "09:01:05",
      id: "mx2",
      requestId: "rx2",
      usage: usage(0, 50, 0, 5),
    }),
    ...chain("x2", "x1"),
  },
  { ...user("y1", "09:02:00", "other chain"), ...chain("y1", null) },
  {
    ...assistant({
      uuid: "y2",
      time: "09:02:05",
      id: "my2",
      requestId: "ry2",
      model: "sonnet",
      usage: usage(0, 70, 0, 5),
    }),
    ...chain("y2", "y1"),
  },
];

const bbbRecords: unknown[] = [
  assistant({
    uuid: "h1",
    time: "08:00:00",
    id: "mh1",
    requestId: "rh1",
    model: "haiku",
    usage: usage(1, 10, 0, 1),
    extra: { isSidechain: true, agentId: "bbb" },
  }),
];

/** The fixture files, as `{ path, text }`. */
export function fixtureFiles(): { path: string; text: string }[] {
  return [
    { path: "proj/s1.jsonl", text: "\uFEFF" + lines(s1Records, "\r\n").replace(/\r\n$/, "") },
    { path: "proj/s2.jsonl", text: lines(s2Records) },
    { path: "proj/s1/subagents/agent-aaa.jsonl", text: lines(aaaRecords) },
    { path: "proj/old.jsonl", text: lines(oldRecords) },
    { path: "proj/agent-bbb.jsonl", text: lines(bbbRecords) },
    { path: "proj/empty.jsonl", text: lines([user("e1", "07:00:00", "nothing")]) },
  ];
}

/** Writes the fixture under `dir` (for tests of the file-system edge). */
export async function writeFixture(dir: string): Promise<void> {
  for (const { path, text } of fixtureFiles()) {
    const full = `${dir}/${path}`;
    await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(full, text);
  }
}
