import assert from "node:assert/strict";
import { COMPACTION_TRIGGER, summarizeCorpus } from "../../lib/transcript/mod.ts";
import { median } from "simple-statistics";
import { boundary, corpusBothWays, jsonl, usage } from "./_both_paths.ts";
import { assistant, user } from "./fixture.ts";

const req = (uuid: string, time: string, x: number) =>
  assistant({ uuid, time, id: `msg-${uuid}`, usage: usage(0, x, 0, 1) });
const summary = (uuid: string, time: string, content: unknown) =>
  user(uuid, time, content, { isCompactSummary: true });

Deno.test("logicalParentUuid: found after the boundary; missing or dangling → last record before", () => {
  // By hand (auto boundaries, no durationMs):
  //   cb1 10:01:00 names u-late, written after the boundary at 10:00:40 → 20 s (the last record
  //       before the boundary, a1 at 10:00:10, would give 50 s);
  //   cb2 10:03:00 names a uuid never written → the last record before it, u3 10:02:00 → 60 s;
  //   cb3 10:04:00 names nothing → the last record before it, a3 10:03:10 → 50 s.
  const corpus = corpusBothWays([{
    path: "p/s.jsonl",
    text: jsonl([
      user("u1", "10:00:00", "prompt"),
      req("a1", "10:00:10", 100),
      boundary("cb1", "10:01:00", { trigger: "auto" }, "u-late"),
      summary("sum1", "10:01:00", "x".repeat(40)),
      user("u-late", "10:00:40", "the prompt that started the compaction"),
      req("a2", "10:01:30", 200),
      user("u3", "10:02:00", "next"),
      boundary("cb2", "10:03:00", { trigger: "auto" }, "never-written"),
      summary("sum2", "10:03:00", "x".repeat(40)),
      req("a3", "10:03:10", 300),
      boundary("cb3", "10:04:00", { trigger: "auto" }),
      summary("sum3", "10:04:00", "x".repeat(40)),
      req("a4", "10:04:10", 400),
    ]),
  }]);
  assert.deepEqual([...corpus.compactions.durationSeconds], [20, 60, 50]);
  assert.equal(corpus.diagnostics.compactionsWithoutDuration, 0);
});

Deno.test("logicalParentUuid: a later parent that makes the duration negative leaves it out", () => {
  // cb1 10:01:00 names u-late stamped 10:01:30 (after the boundary): −30 s → no duration.
  const corpus = corpusBothWays([{
    path: "p/s.jsonl",
    text: jsonl([
      req("a1", "10:00:10", 100),
      boundary("cb1", "10:01:00", { trigger: "auto" }, "u-late"),
      user("u-late", "10:01:30", "late"),
      req("a2", "10:01:40", 200),
    ]),
  }]);
  assert.ok(Number.isNaN(corpus.compactions.durationSeconds[0]));
  assert.equal(corpus.diagnostics.compactionsWithoutDuration, 1);
});

Deno.test("trigger: compactMetadata null or without a trigger is unknown, never observed", () => {
  // Five boundaries, C by hand:
  //   cb1 auto preTokens 1000, cb2 auto preTokens 2000, cb3 manual preTokens 3000,
  //   cb4 compactMetadata {preTokens: 9000} (no trigger) → unknown,
  //   cb5 compactMetadata null → unknown, C = x of the last request before it (a5: 8000),
  //   without durationMs it has no duration (neither start rule is known to hold); cb4 keeps
  //   its durationMs of 1 s.
  // Observed trigger = median C of auto = median(1000, 2000) = 1500 (with the unknowns taken as
  // auto it would be median(1000, 2000, 8000, 9000) = 5000).
  const corpus = corpusBothWays([{
    path: "p/s.jsonl",
    text: jsonl([
      req("a1", "10:00:00", 100),
      boundary("cb1", "10:00:30", { trigger: "auto", preTokens: 1000, durationMs: 1000 }),
      req("a2", "10:01:00", 200),
      boundary("cb2", "10:01:30", { trigger: "auto", preTokens: 2000, durationMs: 1000 }),
      req("a3", "10:02:00", 300),
      boundary("cb3", "10:02:30", { trigger: "manual", preTokens: 3000, durationMs: 1000 }),
      req("a4", "10:03:00", 400),
      boundary("cb4", "10:03:30", { preTokens: 9000, durationMs: 1000 }),
      req("a5", "10:04:30", 8000),
      boundary("cb5", "10:05:00", null, "a5"),
      req("a6", "10:05:30", 800),
    ]),
  }]);
  const { auto, manual, unknown } = COMPACTION_TRIGGER;
  assert.deepEqual([...corpus.compactions.trigger], [auto, auto, manual, unknown, unknown]);
  assert.equal(corpus.compactions.inputTokens[4], 8000);
  assert.ok(Number.isNaN(corpus.compactions.durationSeconds[4]));
  assert.equal(corpus.compactions.durationSeconds[3], 1);
  assert.equal(corpus.diagnostics.compactionsWithUnknownTrigger, 2);
  const s = summarizeCorpus(corpus);
  assert.deepEqual(s.compactions, {
    auto: 2,
    manual: 1,
    unknown: 2,
    other: 0,
    timed: 4,
    precomputed: 0,
  });
  assert.equal(s.observedTrigger, 1500);
});

Deno.test("trigger: only unknown triggers give no observed trigger", () => {
  const corpus = corpusBothWays([{
    path: "p/s.jsonl",
    text: jsonl([
      req("a1", "10:00:00", 100),
      boundary("cb1", "10:00:30", null),
      req("a2", "10:01:00", 200),
    ]),
  }]);
  assert.equal(summarizeCorpus(corpus).observedTrigger, null);
});

Deno.test("summary content: text blocks summed; null, missing or other content → no summary", () => {
  // G = ceil(chars / 4), by hand:
  //   cb1 string of 401 chars → 101
  //   cb2 blocks: text 100 + image + text 30 + a thinking block with a `text` field (not a
  //       text block, not counted) → 130 chars → 33
  //   cb3 content null → NaN; cb4 message without content → NaN; cb5 a number → NaN
  //   cb6 an array without text blocks → 0 chars → 0
  const blocks = [
    { type: "text", text: "a".repeat(100) },
    { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
    { type: "text", text: "b".repeat(30) },
    { type: "thinking", text: "c".repeat(8) },
  ];
  const records: unknown[] = [];
  const contents: unknown[] = [
    "s".repeat(401),
    blocks,
    null,
    undefined,
    42,
    [{ type: "image", source: {} }],
  ];
  contents.forEach((content, k) => {
    records.push(req(`a${k}`, `10:0${k}:10`, 100 + k));
    records.push(boundary(`cb${k}`, `10:0${k}:30`, { trigger: "auto", durationMs: 1000 }));
    const record = summary(`sum${k}`, `10:0${k}:30`, content);
    if (content === undefined) (record.message as Record<string, unknown>) = { role: "user" };
    records.push(record);
  });
  const corpus = corpusBothWays([{ path: "p/s.jsonl", text: jsonl(records) }]);
  const g = [...corpus.compactions.summaryTokens];
  assert.deepEqual(g.slice(0, 2), [101, 33]);
  assert.ok(g.slice(2, 5).every(Number.isNaN), String(g));
  assert.equal(g[5], 0);
  assert.equal(corpus.diagnostics.compactionsWithoutSummary, 3);
});

Deno.test("summary content: a summary record without a message is a compaction without summary", () => {
  const record = summary("sum1", "10:00:30", "ignored");
  delete (record as Record<string, unknown>).message;
  const corpus = corpusBothWays([{
    path: "p/s.jsonl",
    text: jsonl([
      req("a1", "10:00:00", 100),
      boundary("cb1", "10:00:30", { trigger: "auto", durationMs: 1000 }),
      record,
      // A later summary-flagged record belongs to no boundary (the first one took the slot).
      summary("sum2", "10:00:31", "s".repeat(40)),
      req("a2", "10:01:00", 200),
    ]),
  }]);
  assert.ok(Number.isNaN(corpus.compactions.summaryTokens[0]));
  assert.equal(corpus.diagnostics.compactionsWithoutSummary, 1);
});

Deno.test("observed trigger: the median of odd and even counts, as simple-statistics gives it", () => {
  // By hand: median(5000, 1000, 3001) = 3001; median(1000, 4000, 2001, 3000) = 2001 + 0.5 × 999
  // = 2500.5. simple-statistics' median (which the summary used before) is the second check.
  for (const inputs of [[5000, 1000, 3001], [1000, 4000, 2001, 3000]]) {
    const records = inputs.flatMap((c, k) => [
      req(`a${k}`, `10:0${k}:00`, 100),
      boundary(`cb${k}`, `10:0${k}:30`, { trigger: "auto", preTokens: c, durationMs: 1000 }),
    ]);
    const corpus = corpusBothWays([{ path: "p/s.jsonl", text: jsonl(records) }]);
    const observed = summarizeCorpus(corpus).observedTrigger;
    assert.equal(observed, inputs.length === 3 ? 3001 : 2500.5);
    assert.equal(observed, median(inputs));
  }
});
