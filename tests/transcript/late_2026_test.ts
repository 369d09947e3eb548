/**
 * The shapes Claude Code writes in late 2026 (docs/transcript-format.md, Late 2026): one
 * hand-made fixture per rule, expected values worked by hand in the comments, read through both
 * reader paths (corpusBothWays, measureBothWays) and, where it reads the same records, through
 * the read-cost measurement.
 */

import assert from "node:assert/strict";
import { summarizeCorpus } from "../../lib/transcript/mod.ts";
import { catalogDollars } from "../../lib/prices/usage_dollars.ts";
import { observedBill } from "../../lib/trigger/observed_bill.ts";
import { boundary, corpusBothWays, jsonl, measureBothWays, usage } from "./_both_paths.ts";
import { assistant, user } from "./fixture.ts";

const req = (uuid: string, time: string, x: number, y = 1) =>
  assistant({ uuid, time, id: `msg-${uuid}`, usage: usage(0, x, 0, y) });
const summary = (uuid: string, time: string, chars: number) =>
  user(uuid, time, "x".repeat(chars), { isCompactSummary: true });

/** A pass of `usage.iterations` (synthetic values, the shape of a 2.1.289 fixture). */
const pass = (type: string, u: number, w5: number, r: number, y: number, model?: string) => ({
  type,
  ...(model === undefined ? {} : { model }),
  input_tokens: u,
  cache_creation_input_tokens: w5,
  cache_read_input_tokens: r,
  output_tokens: y,
  cache_creation: { ephemeral_5m_input_tokens: w5, ephemeral_1h_input_tokens: 0 },
});

// Rule 1. One response with two executor passes and an advisor pass between them, written as a
// split response (two records, every pass repeated in both); then an ordinary response with
// `iterations: []`. Top level 4 / 2,500 / 65,000 / 500 = message 2 / 2,000 / 31,500 / 400 +
// message 2 / 500 / 33,500 / 100; advisor 150,000 / 0 / 0 / 8,000.
const iterations = [
  pass("message", 2, 2_000, 31_500, 400),
  pass("advisor_message", 150_000, 0, 0, 8_000, "claude-fable-5-1"),
  pass("message", 2, 500, 33_500, 100),
];
const advisorResponse = (uuid: string, time: string) =>
  assistant({
    uuid,
    time,
    id: "msg-adv",
    usage: { ...usage(4, 2_500, 65_000, 500), iterations },
  });
const rule1 = jsonl([
  user("u1", "10:00:00", "prompt"),
  advisorResponse("a1", "10:00:10"),
  advisorResponse("a1b", "10:00:11"),
  assistant({
    uuid: "a2",
    time: "10:01:00",
    id: "msg-plain",
    usage: { ...usage(1, 10, 70_000, 50), iterations: [] },
  }),
]);

Deno.test("iterations: each executor pass is one request; advisor passes are totalled apart", () => {
  const corpus = corpusBothWays([{ path: "p/s.jsonl", text: rule1 }]);
  const r = corpus.requests;
  // By hand: pass 1 x = 2 + 2,000 + 31,500 = 33,502 (y 400); pass 2 x = 2 + 500 + 33,500 =
  // 34,002 (y 100); the plain response x = 1 + 10 + 70,000 = 70,011 (y 50). Not 67,504 (the
  // top-level sum) as one request.
  assert.deepEqual([...r.context], [33_502, 34_002, 70_011]);
  assert.deepEqual([...r.output], [400, 100, 50]);
  assert.equal(r.cachedShare[0], 31_500 / 33_502);
  // Both passes at the response's time (the earlier of its two records, 10:00:10).
  assert.equal(r.timeMs[0], r.timeMs[1]);
  assert.equal(r.timeMs[0], Date.parse("2026-03-02T10:00:10.000Z"));
  // The second record of the split response is folded once (not once per pass).
  assert.equal(corpus.diagnostics.duplicateBlocks, 1);
  // The advisor pass is counted once, though both records repeat it.
  assert.equal(corpus.advisor.iterations, 1);
  assert.deepEqual(corpus.advisor.byModel["claude-fable-5-1"], {
    count: 1,
    input: 150_000,
    cacheWrite5m: 0,
    cacheWrite1h: 0,
    cacheRead: 0,
    output: 8_000,
  });
  const s = summarizeCorpus(corpus);
  // D = (33,502 + 400) + (34,002 + 100) + (70,011 + 50) = 138,065; advisor 158,000 apart.
  assert.equal(s.billedTokens, 138_065);
  // Not priced without a pricer (the corpus command's summary).
  assert.deepEqual(s.advisor, {
    iterations: 1,
    billedTokens: 158_000,
    byModel: { "claude-fable-5-1": 158_000 },
    usd: null,
    unpricedIterations: 1,
  });
  // At the catalog's prices of claude-fable-5-1 ($10 per million in, $50 out, @pydantic/genai-prices
  // 0.1.8): 0.15 × 10 + 0.008 × 50 = $1.90.
  const priced = summarizeCorpus(corpus, { dollars: catalogDollars }).advisor;
  assert.ok(Math.abs(priced.usd! - 1.9) < 1e-12);
  assert.equal(priced.unpricedIterations, 0);
  // Its own line of the observed bill, per million of D: 1.90 / 138,065 × 10⁶; the bill itself is
  // the requests' alone (here one price for all: p_m 1, α 0.1, ρ 5, no write premium).
  const prices = { alpha: 0.1, rho: 5, omega: 1, inputUsdPerMillion: 1, cacheWrite5m: 1 };
  const bill = observedBill(corpus, { prices, beta: 1, g0: 0, g1: 0, dollars: catalogDollars });
  assert.ok(Math.abs(bill.advisorCostPerMillion - 1.9e6 / 138_065) < 1e-9);
  assert.equal(bill.advisorIterationsUnpriced, 0);
  const without = observedBill(corpus, { prices, beta: 1, g0: 0, g1: 0 });
  assert.equal(without.costPerMillion, bill.costPerMillion);
  assert.equal(without.advisorCostPerMillion, 0);
  assert.equal(without.advisorIterationsUnpriced, 1);
  // Work time: 0 s between the passes, 50 s from pass 2 (10:00:10) to 10:01:00.
  assert.equal(s.workHours, 50 / 3600);
});

Deno.test("iterations: the split copy with the larger total replaces the whole response", () => {
  // The first record carries only the first pass (a preliminary write), the second all three:
  // the second's executor total (2,402 + 34,102 = 36,504 ≥ 33,902) wins, so two requests.
  const early = assistant({
    uuid: "e1",
    time: "10:00:10",
    id: "msg-adv",
    usage: { ...usage(2, 2_000, 31_500, 400), iterations: [iterations[0]] },
  });
  const corpus = corpusBothWays([{
    path: "p/s.jsonl",
    text: jsonl([early, advisorResponse("e2", "10:00:12")]),
  }]);
  assert.deepEqual([...corpus.requests.context], [33_502, 34_002]);
  assert.equal(corpus.requests.timeMs[1], Date.parse("2026-03-02T10:00:10.000Z"));
  assert.equal(corpus.advisor.iterations, 1);
});

Deno.test("iterations: the read-cost measurement counts one message per executor pass", () => {
  // A tool result before the advisor response is carried by each of the 3 messages after it
  // (pass 1, pass 2, the plain response): 3 × ceil(400 / 4) = 300 carried tokens.
  const text = jsonl([
    assistant({
      uuid: "a0",
      time: "09:59:00",
      id: "msg-0",
      usage: usage(0, 10, 0, 1),
      extra: {},
    }),
    user("t0", "09:59:30", [{ type: "tool_result", tool_use_id: "tu", content: "y".repeat(400) }]),
    ...rule1.trimEnd().split("\n").map((line) => JSON.parse(line)),
  ]);
  const m = measureBothWays(text);
  // msg-0, msg-adv (pass 1), msg-adv#2 (pass 2), msg-plain.
  assert.equal(m.assistantMessages, 4);
  // Observed input: 10 + 33,502 + 34,002 + 70,011; the split copy is a repeated snapshot.
  assert.equal(m.usage.observedInputTokens, 10 + 33_502 + 34_002 + 70_011);
  assert.equal(m.diagnostics.repeatedSnapshots, 2);
  const carried = Object.values(m.byKind).reduce((sum, k) => sum + k.carriedTokens, 0);
  assert.equal(carried, 300);
});

// Rule 2. A precomputed compaction (durationMs 400) and an ordinary one (30 s).
Deno.test("precomputed compactions keep C, G, R and β, and are not timed", () => {
  const corpus = corpusBothWays([{
    path: "p/s.jsonl",
    text: jsonl([
      req("a1", "10:00:00", 100),
      boundary("cb1", "10:00:10", {
        trigger: "auto",
        preTokens: 150_000,
        durationMs: 400,
        precomputed: true,
      }),
      summary("s1", "10:00:10", 40),
      req("a2", "10:00:20", 200),
      boundary("cb2", "10:01:00", { trigger: "auto", preTokens: 160_000, durationMs: 30_000 }),
      summary("s2", "10:01:00", 80),
      req("a3", "10:01:40", 300),
    ]),
  }]);
  const c = corpus.compactions;
  assert.deepEqual([...c.precomputed], [1, 0]);
  // C from preTokens, G = ceil(40 / 4) and ceil(80 / 4), R = x of the next request.
  assert.deepEqual([...c.inputTokens], [150_000, 160_000]);
  assert.deepEqual([...c.summaryTokens], [10, 20]);
  assert.deepEqual([...c.postContext], [200, 300]);
  assert.deepEqual([...c.durationSeconds], [0.4, 30]);
  const s = summarizeCorpus(corpus);
  assert.deepEqual(s.compactions, {
    auto: 2,
    manual: 0,
    unknown: 0,
    other: 0,
    timed: 1,
    precomputed: 1,
  });
  // Both auto: observed trigger = median(150,000, 160,000).
  assert.equal(s.observedTrigger, 155_000);
});

// Rule 3. Triggers other than auto and manual.
Deno.test("other triggers: kind other, echoed when identifier-like, never observed", () => {
  const corpus = corpusBothWays([{
    path: "p/s.jsonl",
    text: jsonl([
      req("a1", "10:00:00", 100),
      boundary("cb1", "10:00:10", { trigger: "auto", preTokens: 100_000, durationMs: 20_000 }),
      req("a2", "10:01:00", 200),
      // Idle compaction: value not confirmed; timed by its durationMs only.
      boundary("cb2", "10:59:00", { trigger: "idle", preTokens: 210_000, durationMs: 5_000 }),
      req("a3", "11:00:00", 300),
      // A value that may not be echoed, without durationMs: no duration (no start rule holds).
      boundary("cb3", "11:01:00", { trigger: "<b>x</b>", preTokens: 220_000 }),
      req("a4", "11:02:00", 400),
      boundary("cb4", "11:03:00", { preTokens: 230_000 }),
      req("a5", "11:04:00", 500),
    ]),
  }]);
  // COMPACTION_TRIGGER: auto 0, other 3, other 3, unknown 2.
  assert.deepEqual([...corpus.compactions.trigger], [0, 3, 3, 2]);
  assert.deepEqual([...corpus.compactions.durationSeconds].map(String), [
    "20",
    "5",
    "NaN",
    "NaN",
  ]);
  assert.deepEqual(corpus.diagnostics.otherTriggers, { idle: 1, other: 1 });
  assert.equal(corpus.diagnostics.compactionsWithUnknownTrigger, 1);
  const s = summarizeCorpus(corpus);
  assert.deepEqual(s.compactions, {
    auto: 1,
    manual: 0,
    unknown: 1,
    other: 2,
    timed: 2,
    precomputed: 0,
  });
  // Only the auto compaction is the observed trigger (not the idle one's 210,000).
  assert.equal(s.observedTrigger, 100_000);
});

// Rule 4. A second /compact re-appends earlier rows (same uuid, same timestamps), an old
// boundary and its summary among them.
const reappended = () => {
  const first = [
    user("u1", "10:00:00", "prompt"),
    req("a1", "10:00:10", 100),
    boundary("cb1", "10:00:20", { trigger: "manual", preTokens: 1_000, durationMs: 5_000 }),
    summary("s1", "10:00:20", 40),
    req("a2", "10:00:30", 200),
  ];
  return jsonl([
    ...first,
    boundary("cb2", "10:01:00", { trigger: "manual", preTokens: 2_000, durationMs: 6_000 }),
    summary("s2", "10:01:00", 120),
    ...first,
    req("a3", "10:01:30", 300),
  ]);
};

Deno.test("re-appended rows: a record whose uuid was read already in the file is skipped", () => {
  const corpus = corpusBothWays([{ path: "p/s.jsonl", text: reappended() }]);
  const d = corpus.diagnostics;
  assert.equal(d.repeatedRecordUuids, 5);
  // Counted once everywhere: the five re-appended rows add no request, block or record type.
  assert.equal(corpus.requests.length, 3);
  assert.equal(d.duplicateBlocks, 0);
  assert.deepEqual(d.recordTypes, { assistant: 3, "system:compact_boundary": 2, user: 3 });
  const c = corpus.compactions;
  assert.equal(c.length, 2);
  // cb2 keeps its own summary (s2, 120 chars → 30), not the re-appended s1.
  assert.deepEqual([...c.summaryTokens], [10, 30]);
  assert.deepEqual([...c.postContext], [200, 300]);
  // Work time: a1 → a2 20 s − 5 s (cb1) = 15 s; a2 → a3 60 s − 6 s (cb2) = 54 s.
  assert.equal(summarizeCorpus(corpus).workHours, 69 / 3600);
});

Deno.test("re-appended rows: the read-cost measurement skips the same records", () => {
  const m = measureBothWays(reappended());
  assert.equal(m.diagnostics.repeatedRecordUuids, 5);
  assert.equal(m.assistantMessages, 3);
  assert.equal(m.diagnostics.compactBoundaries, 2);
});

Deno.test("re-appended rows: a file out of time order without repeats loses nothing", () => {
  // u-late is written after a later record (its time is not the latest): looked up, not found.
  const corpus = corpusBothWays([{
    path: "p/s.jsonl",
    text: jsonl([
      req("a1", "10:00:10", 100),
      user("u-late", "10:00:05", "late"),
      req("a2", "10:00:10", 200),
      req("a3", "10:00:20", 300),
    ]),
  }]);
  assert.equal(corpus.diagnostics.repeatedRecordUuids, 0);
  assert.equal(corpus.requests.length, 3);
  assert.equal(corpus.diagnostics.recordTypes.user, 1);
});

Deno.test("re-appended rows: records of the same millisecond are kept, a repeat of one skipped", () => {
  // a1, a2 and u1 share the latest time: each is looked up among the records of that time and
  // not found; the second a2 is found there (1 skipped: 2 requests, 1 user record).
  const text = jsonl([
    req("a1", "10:00:10", 100),
    req("a2", "10:00:10", 200),
    user("u1", "10:00:10", "same millisecond"),
    req("a2", "10:00:10", 200),
  ]);
  const corpus = corpusBothWays([{ path: "p/s.jsonl", text }]);
  assert.equal(corpus.diagnostics.repeatedRecordUuids, 1);
  assert.equal(corpus.requests.length, 2);
  assert.equal(corpus.diagnostics.duplicateBlocks, 0);
  assert.equal(corpus.diagnostics.recordTypes.user, 1);
  assert.equal(measureBothWays(text).diagnostics.repeatedRecordUuids, 1);
});

Deno.test("re-appended rows: a long re-append out of its first order is found too", () => {
  // 300 requests, then all 300 again in the order 7k mod 300 (7 and 300 coprime: each once), so
  // the next row is never the one after the last repeat: the backward scans, then the time table.
  const time = (k: number) =>
    `${String(10 + Math.floor(k / 60)).padStart(2, "0")}:${String(k % 60).padStart(2, "0")}:00`;
  const rows = Array.from({ length: 300 }, (_, k) => req(`r${k}`, time(k), 100 + k));
  const shuffled = rows.map((_, k) => rows[(7 * k) % 300]);
  const text = jsonl([...rows, ...shuffled]);
  const corpus = corpusBothWays([{ path: "p/s.jsonl", text }]);
  assert.equal(corpus.diagnostics.repeatedRecordUuids, 300);
  assert.equal(corpus.requests.length, 300);
  assert.equal(measureBothWays(text).diagnostics.repeatedRecordUuids, 300);
});

Deno.test("re-appended rows: a repeat of the record that first reached its time is found", () => {
  // The look-up scans back only to the first record whose running latest time reaches the
  // repeat's time. r2 (10:00:03) is that record for the copy of r2, r0 for the copy of r0: both
  // found at the bound itself (r1's copy is the record after the last repeat). 4 requests, 3
  // skipped.
  const rows = [0, 1, 2, 3].map((k) => req(`r${k}`, `10:00:0${k}`, 100 + k));
  const text = jsonl([...rows, rows[2], rows[0], rows[1]]);
  const corpus = corpusBothWays([{ path: "p/s.jsonl", text }]);
  assert.equal(corpus.diagnostics.repeatedRecordUuids, 3);
  assert.equal(corpus.requests.length, 4);
  assert.equal(measureBothWays(text).diagnostics.repeatedRecordUuids, 3);
});

// Rule 5. Newer compactMetadata fields, and microcompact_boundary's tokensSaved.
Deno.test("newer metadata: preTokens stays C; microcompaction's tokens saved are summed", () => {
  const micro = (uuid: string, time: string, tokensSaved: unknown) => ({
    parentUuid: null,
    isSidechain: false,
    type: "system",
    subtype: "microcompact_boundary",
    content: "Context microcompacted",
    uuid,
    timestamp: `2026-03-02T${time}.000Z`,
    microcompactMetadata: { tokensSaved, compactedToolIds: ["t1"], clearedAttachmentUUIDs: [] },
  });
  const corpus = corpusBothWays([{
    path: "p/s.jsonl",
    text: jsonl([
      req("a1", "10:00:00", 100),
      micro("m1", "10:00:05", 12_000),
      micro("m2", "10:00:06", 3_000),
      micro("m3", "10:00:07", "lots"),
      boundary("cb1", "10:00:10", {
        trigger: "auto",
        preTokens: 150_000,
        postTokens: 9_000,
        cumulativeDroppedTokens: 400_000,
        messagesSummarized: 80,
        preservedMessages: { count: 3 },
        userContext: "kept",
        durationMs: 30_000,
      }),
      summary("s1", "10:00:10", 40),
      req("a2", "10:00:20", 20_000),
    ]),
  }]);
  assert.equal(corpus.diagnostics.microcompactions, 3);
  // 12,000 + 3,000; a value that is not a count adds nothing.
  assert.equal(corpus.diagnostics.microcompactTokensSaved, 15_000);
  assert.equal(corpus.compactions.inputTokens[0], 150_000);
  // R is measured (the next request's x), not postTokens.
  assert.equal(corpus.compactions.postContext[0], 20_000);
});

Deno.test("re-appended rows: a long re-append in its first order is found", () => {
  // 300 requests, then all 300 re-appended in their order (the first look-up scans the times
  // backwards, each later one finds the row after the last repeat, see parse_file.ts): 300
  // skipped, 300 requests, both paths.
  const time = (k: number) =>
    `${String(10 + Math.floor(k / 60)).padStart(2, "0")}:${String(k % 60).padStart(2, "0")}:00`;
  const rows = Array.from({ length: 300 }, (_, k) => req(`r${k}`, time(k), 100 + k));
  const corpus = corpusBothWays([{ path: "p/s.jsonl", text: jsonl([...rows, ...rows]) }]);
  assert.equal(corpus.diagnostics.repeatedRecordUuids, 300);
  assert.equal(corpus.requests.length, 300);
  assert.equal(corpus.diagnostics.duplicateBlocks, 0);
  assert.equal(measureBothWays(jsonl([...rows, ...rows])).diagnostics.repeatedRecordUuids, 300);
});
