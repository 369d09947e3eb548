/**
 * A warm-up for the parser: a few dozen synthetic records that take every branch of the per-line
 * code once, parsed before the real corpus (and assembled, on the calling thread).
 *
 * Why: V8 optimises a hot function with the type feedback gathered so far, and a branch that had
 * not run yet (a rare key, a compaction, a sub-agent record) becomes a de-optimisation point.
 * When the corpus reaches it, the function falls back to slow code and is compiled again, which
 * on this 2-core machine took 15–40 ms per compilation and happened up to nine times per
 * function. With every branch seen first, each function is compiled once. Measured (whole-process
 * wall time, 8 alternating runs on the full synthetic corpus): two threads 1.288 → 1.142 s, one
 * thread 1.481 → 1.371 s. The warm-up itself takes a few milliseconds.
 *
 * The records are synthetic and the results are discarded: nothing here reaches a corpus.
 *
 * @module
 */

import { type LineHandler, LineSplitter } from "./jsonl.ts";
import { type FileParse, FileParser } from "./parse_file.ts";

const time = (second: number, millis = true) => {
  const s = String(second % 60).padStart(2, "0");
  const m = String(Math.floor(second / 60) % 60).padStart(2, "0");
  return `2026-01-01T10:${m}:${s}${millis ? ".250" : ""}Z`;
};

const usage = (input: number, output: number, breakdown = true) => ({
  input_tokens: input,
  cache_creation_input_tokens: 120,
  cache_read_input_tokens: 3000 + input,
  ...(breakdown
    ? { cache_creation: { ephemeral_5m_input_tokens: 100, ephemeral_1h_input_tokens: 20 } }
    : {}),
  output_tokens: output,
  service_tier: "standard",
});

/** One entry of `usage.iterations`. */
const pass = (type: string) => ({
  type,
  ...(type === "advisor_message" ? { model: "model-advisor" } : {}),
  input_tokens: 2,
  cache_creation_input_tokens: 60,
  cache_read_input_tokens: 1500,
  cache_creation: { ephemeral_5m_input_tokens: 50, ephemeral_1h_input_tokens: 10 },
  output_tokens: 6,
});

/** Out-of-order records in the warm-up file: past the look-up's scan budget (see warmUpText). */
const OUT_OF_ORDER_RECORDS = 120;

/** Message ids of odd-numbered records differ by round, so assembly sees new and repeated keys. */
let round = 0;

function assistant(
  n: number,
  options: {
    id?: string | null;
    requestId?: string | null;
    model?: string;
    usage?: unknown;
    extra?: Record<string, unknown>;
  } = {},
): Record<string, unknown> {
  const message: Record<string, unknown> = {
    model: options.model ?? "model-a",
    type: "message",
    role: "assistant",
    content: [
      { type: "text", text: 'Warm-up text with "quotes", a \\ backslash\nand é ünïcode.' },
      { type: "tool_use", id: `tool_${n}`, name: "Read", input: { file_path: "/w/f.ts" } },
    ],
    stop_reason: null,
  };
  if (options.id !== null) {
    message.id = options.id ?? (n % 2 === 0 ? `msg_${n}` : `msg_${n}_${round}`);
  }
  if (options.usage !== null) message.usage = options.usage ?? usage(n, 10 + n);
  const record: Record<string, unknown> = {
    parentUuid: `u${n - 1}`,
    isSidechain: false,
    type: "assistant",
    message,
    uuid: `u${n}`,
    timestamp: time(n, n % 3 !== 0),
    ...options.extra,
  };
  if (options.requestId !== null) record.requestId = options.requestId ?? `req_${n}`;
  return record;
}

function user(n: number, content: unknown, extra: Record<string, unknown> = {}) {
  return {
    parentUuid: `u${n - 1}`,
    isSidechain: false,
    type: "user",
    message: { role: "user", content },
    uuid: `u${n}`,
    timestamp: time(n),
    ...extra,
  };
}

/**
 * The warm-up file of round `r`: one main session, an in-file sidechain, a sub-agent, a helper, a
 * compaction call, and the rare records (synthetic, API error, no usage, no ids, compactions with
 * and without a duration or a trigger, a logical parent after its boundary, summaries of text,
 * blocks and null, a blank and a truncated line, CRLF endings), and the shapes of 2026 (passes of
 * `usage.iterations`, precomputed and idle compactions, a re-appended record; in the last
 * round, records out of time order that take the uuid look-up through its time table).
 */
export function warmUpText(r = 0): string {
  round = r;
  const sub = { isSidechain: true, agentId: "warm" };
  const helper = { isSidechain: true, agentId: "aside_question-0f" };
  const compactCall = { isSidechain: true, agentId: "acompact-0f" };
  const records: unknown[] = [
    user(1, "A prompt"),
    assistant(2, { usage: usage(2, 1) }),
    assistant(2, { extra: { uuid: "u2b" } }), // the same response again: folded
    user(3, [{ type: "tool_result", tool_use_id: "tool_2", content: "x".repeat(300) }]),
    user(4, [{
      type: "tool_result",
      tool_use_id: "tool_2",
      content: [{ type: "text", text: "ok" }, { type: "image", source: {} }],
      is_error: true,
    }]),
    assistant(5, { usage: usage(5, 2, false) }),
    assistant(6, { model: "<synthetic>", usage: usage(0, 0) }),
    assistant(7, { extra: { isApiErrorMessage: true } }),
    assistant(8, { id: null }),
    assistant(9, { requestId: null }),
    assistant(10, { usage: null }),
    assistant(11, { model: "model-b", id: "msg_é" }),
    { type: "progress", uuid: "p1", timestamp: time(12), data: { type: "x" } },
    { type: "attachment", uuid: "at1", timestamp: time(12), attachment: {} },
    { type: "summary", summary: "A title", leafUuid: "u11" },
    {
      type: "system",
      subtype: "microcompact_boundary",
      uuid: "mc1",
      timestamp: time(13),
      microcompactMetadata: { trigger: "auto", preTokens: 100, tokensSaved: 40 },
    },
    // A response with two executor passes and an advisor pass (usage.iterations), split in two.
    ...[0, 1].map((k) =>
      assistant(14, {
        usage: {
          ...usage(4, 12),
          iterations: [pass("message"), pass("advisor_message"), pass("message")],
        },
        extra: { uuid: `u14${k}` },
      })
    ),
    {
      parentUuid: null,
      logicalParentUuid: "u11",
      isSidechain: false,
      type: "system",
      subtype: "compact_boundary",
      content: "Conversation compacted",
      uuid: "cb1",
      timestamp: time(20),
      compactMetadata: { trigger: "auto", preTokens: 5000 },
    },
    user(21, "Summary text", { isCompactSummary: true, isVisibleInTranscriptOnly: true }),
    assistant(22),
    {
      type: "system",
      subtype: "compact_boundary",
      uuid: "cb2",
      timestamp: time(30),
      compactMetadata: { trigger: "manual", durationMs: 9000, preTokens: 6000 },
    },
    user(31, [{ type: "text", text: "Summary" }, { type: "text", text: " blocks" }], {
      isCompactSummary: true,
    }),
    user(32, "<command-name>/compact</command-name>"),
    { type: "system", subtype: "informational", uuid: "s1", timestamp: time(33), content: "i" },
    user(34, "old-layout side chain", { isSidechain: true, parentUuid: null }),
    assistant(35, { extra: { isSidechain: true, parentUuid: "u34" } }),
    user(36, "A sub-agent task", sub),
    assistant(37, { extra: sub }),
    assistant(38, { extra: sub }),
    // A helper and a compaction call (no session), told by their agentIds.
    user(40, "A side question", helper),
    assistant(41, { extra: helper }),
    assistant(42, { extra: compactCall }),
    // Trigger unknown, timed from a logical parent written after the boundary; a null summary.
    {
      parentUuid: null,
      logicalParentUuid: "u45",
      isSidechain: false,
      type: "system",
      subtype: "compact_boundary",
      uuid: "cb3",
      timestamp: time(46),
      compactMetadata: null,
    },
    user(44, null, { isCompactSummary: true }),
    user(45, "The prompt the compaction started from"),
    assistant(47),
    // Precomputed and idle compactions (2026), and a record re-appended with its uuid and time.
    {
      type: "system",
      subtype: "compact_boundary",
      uuid: "cb4",
      timestamp: time(48),
      compactMetadata: { trigger: "idle", durationMs: 400, preTokens: 7000, precomputed: true },
    },
    user(1, "A prompt"),
    // In the last round (the code then runs faster than in the first): records written out of
    // time order, enough of them that the look-up of repeated uuids leaves its backward scan for
    // the time table (parse_file.ts, #uuidInTable), then a repeat found through the table. Without
    // them the table's first use in a real file de-optimised the look-up, again and again in some
    // runs.
    ...(r === WARM_UP_ROUNDS - 1
      ? Array.from(
        { length: OUT_OF_ORDER_RECORDS },
        (_, k) => user(100 + k, "Late", { uuid: `late${k}`, timestamp: time(2) }),
      )
      : []),
    user(3, [{ type: "tool_result", tool_use_id: "tool_2", content: "x".repeat(300) }]),
    "",
    '{"type":"assistant","message":{"id":"msg_39","usage":{"input_tokens":',
  ];
  return records.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\r\n") +
    "\n";
}

/**
 * Feeds round `round` of the warm-up file to `onLine` through the reader's own line path
 * (LineSplitter.fill, as readLines does, in short reads so lines also span reads). Returns the
 * blank lines met. For other consumers of the reader's lines (the read-cost measurement).
 */
export function feedWarmUpLines(onLine: LineHandler, round: number): number {
  const bytes = new TextEncoder().encode(warmUpText(round));
  const splitter = new LineSplitter(onLine);
  let offset = 0;
  try {
    while (
      splitter.fill((into) => {
        const n = Math.min(into.length, bytes.length - offset, 97);
        into.set(bytes.subarray(offset, offset + n));
        offset += n;
        return n;
      })
    );
    splitter.finish();
  } finally {
    splitter.close();
  }
  return splitter.blankLines;
}

/** Rounds of the warm-up: the first runs in the interpreter, the next ones in baseline code. */
export const WARM_UP_ROUNDS = 4;

let warmed = false;

/**
 * Runs the warm-up once per thread and returns its parses (later calls return none at once).
 * The calling thread also hands them to the corpus assembly, which only it runs (see
 * read_corpus.ts): this module leaves the assembly out, so a parse worker does not load it.
 *
 * @example
 * ```ts
 * import { warmUpParser } from "./warm_up.ts";
 * import assert from "node:assert/strict";
 * assert.equal(warmUpParser().length, 4); // a few milliseconds, once
 * assert.deepEqual(warmUpParser(), []);
 * ```
 */
export function warmUpParser(): FileParse[] {
  if (warmed) return [];
  warmed = true;
  const parses: FileParse[] = [];
  for (let r = 0; r < WARM_UP_ROUNDS; r++) {
    const parser = new FileParser();
    parser.addBlankLines(feedWarmUpLines((b, s, e, n) => parser.onLine(b, s, e, n), r));
    parses.push(parser.finish());
  }
  return parses;
}
