import assert from "node:assert/strict";
import { corpusFromText } from "../../lib/transcript/mod.ts";
import { assistant, user } from "./fixture.ts";

const usage = (r: number, y: number) => ({
  input_tokens: 0,
  cache_read_input_tokens: r,
  output_tokens: y,
});
const boundary = (
  uuid: string,
  time: string,
  meta: Record<string, unknown>,
  logical?: string | null,
) => ({
  parentUuid: null,
  ...(logical === undefined ? {} : { logicalParentUuid: logical }),
  type: "system",
  subtype: "compact_boundary",
  uuid,
  timestamp: `2026-03-02T${time}.000Z`,
  compactMetadata: meta,
});
const text = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join("\n") + "\n";

Deno.test("compactions: durationMs wins over timestamps (new style, 2.1.105+)", () => {
  const corpus = corpusFromText([{
    path: "p/s.jsonl",
    text: text([
      assistant({ uuid: "a1", time: "10:00:00", id: "m1", requestId: "r1", usage: usage(1000, 5) }),
      user("u1", "10:00:10", "go"),
      // durationMs 74210 → 74.21 s, although the timestamps would say 50 s.
      boundary("cb", "10:01:00", { trigger: "auto", preTokens: 1200, durationMs: 74210 }, "u1"),
      user("s", "10:01:00", "x".repeat(8), { isCompactSummary: true }),
      assistant({ uuid: "a2", time: "10:01:30", id: "m2", requestId: "r2", usage: usage(300, 5) }),
    ]),
  }]);
  const c = corpus.compactions;
  assert.equal(c.durationSeconds[0], 74.21);
  assert.equal(c.inputTokens[0], 1200); // preTokens wins over x of the last request (1000)
  assert.equal(c.summaryTokens[0], 2); // ceil(8 / 4)
  assert.equal(c.postContext[0], 300);
  // Gap 10:00:00 → 10:01:30 = 90 s, minus 74.21 s of compaction = 15.79 s.
  assert.ok(Math.abs(corpus.requests.gapSeconds[1] - 15.79) < 1e-9);
});

Deno.test("compactions: no logicalParentUuid → the session's last record before the boundary", () => {
  const corpus = corpusFromText([{
    path: "p/s.jsonl",
    text: text([
      assistant({ uuid: "a1", time: "10:00:00", id: "m1", requestId: "r1", usage: usage(1000, 5) }),
      user("u1", "10:00:20", "go"),
      boundary("cb", "10:00:45", { trigger: "auto" }), // no logicalParentUuid: 45 − 20 = 25 s
      assistant({ uuid: "a2", time: "10:01:00", id: "m2", requestId: "r2", usage: usage(300, 5) }),
    ]),
  }]);
  assert.equal(corpus.compactions.durationSeconds[0], 25);
  assert.ok(Number.isNaN(corpus.compactions.summaryTokens[0]));
  assert.equal(corpus.diagnostics.compactionsWithoutSummary, 1);
});

Deno.test("compactions: a negative duration is left out of the fit but the compaction counts", () => {
  const corpus = corpusFromText([{
    path: "p/s.jsonl",
    text: text([
      assistant({ uuid: "a1", time: "10:00:00", id: "m1", requestId: "r1", usage: usage(1000, 5) }),
      user("u1", "10:05:00", "clock went backwards"),
      boundary("cb", "10:04:00", { trigger: "auto" }, "u1"), // 10:04 − 10:05 < 0
      assistant({ uuid: "a2", time: "10:06:00", id: "m2", requestId: "r2", usage: usage(300, 5) }),
    ]),
  }]);
  assert.equal(corpus.compactions.length, 1);
  assert.ok(Number.isNaN(corpus.compactions.durationSeconds[0]));
  assert.equal(corpus.diagnostics.compactionsWithoutDuration, 1);
});

Deno.test("compactions: a manual compaction without its /compact record has no duration", () => {
  const corpus = corpusFromText([{
    path: "p/s.jsonl",
    text: text([
      assistant({ uuid: "a1", time: "10:00:00", id: "m1", requestId: "r1", usage: usage(1000, 5) }),
      boundary("cb", "10:01:00", { trigger: "manual", preTokens: 1000 }, null),
      user("s", "10:01:00", "summary", { isCompactSummary: true }),
      assistant({ uuid: "a2", time: "10:02:00", id: "m2", requestId: "r2", usage: usage(300, 5) }),
    ]),
  }]);
  assert.equal(corpus.compactions.trigger[0], 1);
  assert.ok(Number.isNaN(corpus.compactions.durationSeconds[0]));
});
