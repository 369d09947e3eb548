import assert from "node:assert/strict";
import { corpusFromText, summarizeCorpus } from "../../lib/transcript/mod.ts";
import { boundary, corpusBothWays, jsonl, usage } from "./_both_paths.ts";
import { assistant, user } from "./fixture.ts";

// The compaction's own summarizing call, `<S>/subagents/agent-acompact-<hex>.jsonl`.
//
// p/S.jsonl (main session):
//   m1 10:00:00  u 0, w5 1000, r 9000, y 10   → x 10000, c 0.9
//   cb1 10:05:00 auto, no preTokens, durationMs 30000; summary of 400 chars (G 100)
//   m2 10:05:10  u 0, w5 2000, r 0, y 10      → x 2000
//   m3 10:20:00  u 5, w5 500, r 5000, y 10    → x 5505
//   cb2 10:25:00 auto, preTokens 6000, durationMs 20000; summary
//   m4 10:25:05  u 0, w5 700, r 0, y 10       → x 700
// Three call files beside it:
//   agent-acompact-0aa.jsonl     request 10:04:00 (u 1, w5 10, r 8000)       reaches cb1
//   agent-acompact-abc123.jsonl  request 10:04:40 (u 3, w5 150, w1h 50, r 9800, y 4), the
//                                same response split in two lines (y 1, then y 4)   reaches cb1
//   agent-acompact-def456.jsonl  request 10:30:00, after every boundary          matched to none
// Matching by hand: the first boundary at or after 10:04:00 and 10:04:40 is cb1 (10:05:00); the
// later call (abc123, 10:04:40) wins it, 0aa is unmatched; def456 is unmatched. So 1 matched,
// 2 unmatched.
// cb1 with its call: x = 3 + 150 + 50 + 9800 = 10003; C = 10003 (no preTokens: the call's x,
// not m1's 10000); β = 9800 / 10003 (not m1's 0.9); call columns 3, 150, 50, 9800.
// cb2 without a call: C = preTokens 6000; β = c of m3 = 5000 / 5505; call columns NaN.
// The calls are no sessions and no requests: 1 session, 4 requests, D = Σ(x + y) of m1..m4 =
// 10010 + 2010 + 5515 + 710 = 18245; requestsByModel opus 4; no session left out.
const call = (agentId: string) => ({ isSidechain: true, agentId });
const S = "S".repeat(400);
const mainFile = () => ({
  path: "p/S.jsonl",
  text: jsonl([
    user("u0", "09:59:50", "prompt"),
    assistant({ uuid: "a1", time: "10:00:00", id: "m1", usage: usage(0, 1000, 9000, 10) }),
    boundary("cb1", "10:05:00", { trigger: "auto", durationMs: 30000 }, "a1"),
    user("s1", "10:05:00", S, { isCompactSummary: true }),
    assistant({ uuid: "a2", time: "10:05:10", id: "m2", usage: usage(0, 2000, 0, 10) }),
    assistant({ uuid: "a3", time: "10:20:00", id: "m3", usage: usage(5, 500, 5000, 10) }),
    boundary("cb2", "10:25:00", { trigger: "auto", preTokens: 6000, durationMs: 20000 }, "a3"),
    user("s2", "10:25:00", S, { isCompactSummary: true }),
    assistant({ uuid: "a4", time: "10:25:05", id: "m4", usage: usage(0, 700, 0, 10) }),
  ]),
});
const callFile = (hex: string, time: string, u: Record<string, unknown>[]) => ({
  path: `p/S/subagents/agent-acompact-${hex}.jsonl`,
  text: jsonl([
    user(`q-${hex}`, time, "Your task is to create a detailed summary", call(`acompact-${hex}`)),
    ...u.map((usage, k) =>
      assistant({
        uuid: `c-${hex}-${k}`,
        time,
        id: `mc-${hex}`,
        requestId: `rc-${hex}`,
        usage,
        extra: call(`acompact-${hex}`),
      })
    ),
  ]),
});
const files = () => [
  mainFile(),
  callFile("0aa", "10:04:00", [usage(1, 10, 8000, 2)]),
  callFile("abc123", "10:04:40", [usage(3, 150, 9800, 1, 50), usage(3, 150, 9800, 4, 50)]),
  callFile("def456", "10:30:00", [usage(1, 1, 1, 1)]),
];

Deno.test("compaction call: matched to its boundary, it gives C and β and its own usage", () => {
  const corpus = corpusBothWays(files());
  const c = corpus.compactions;
  assert.equal(c.length, 2);
  assert.deepEqual([c.inputTokens[0], c.inputTokens[1]], [10003, 6000]);
  assert.equal(c.cachedShareBefore[0], 9800 / 10003);
  assert.equal(c.cachedShareBefore[1], 5000 / 5505);
  assert.deepEqual(
    [c.callInput[0], c.callCacheWrite5m[0], c.callCacheWrite1h[0], c.callCacheRead[0]],
    [3, 150, 50, 9800],
  );
  for (const column of [c.callInput, c.callCacheWrite5m, c.callCacheWrite1h, c.callCacheRead]) {
    assert.ok(Number.isNaN(column[1]));
  }
  assert.equal(corpus.diagnostics.matchedCompactionCalls, 1);
  assert.equal(corpus.diagnostics.unmatchedCompactionCalls, 2);
});

Deno.test("compaction call: no session, no request, not in D", () => {
  const s = summarizeCorpus(corpusBothWays(files()));
  assert.deepEqual(s.sessions, { main: 1, subagent: 0, helper: 0 });
  assert.equal(s.requests, 4);
  assert.equal(s.billedTokens, 18245);
  assert.deepEqual(s.diagnostics.requestsByModel, { opus: 4 });
  assert.deepEqual(s.excludedSessions, { otherModel: 0, noTargetModel: 0 });
  // Without the calls the compaction table falls back to the last request before: C(cb1) =
  // x(m1) = 10000, β = 0.9; nothing else moves.
  const alone = corpusFromText([mainFile()]);
  assert.equal(alone.compactions.inputTokens[0], 10000);
  assert.equal(alone.compactions.cachedShareBefore[0], 0.9);
  assert.equal(summarizeCorpus(alone).billedTokens, 18245);
});

Deno.test("compaction call: told by its agentId too; with no parent transcript it is unmatched", () => {
  // The same call file under another name and outside a subagents/ folder: still no session
  // (its agentId is acompact-…), but no parent to match: 1 unmatched, 0 matched.
  const moved = {
    ...callFile("abc123", "10:04:40", [usage(3, 150, 9800, 4)]),
    path: "p/call.jsonl",
  };
  const corpus = corpusBothWays([mainFile(), moved]);
  assert.equal(corpus.sessions.length, 1);
  assert.equal(corpus.requests.length, 4);
  assert.equal(corpus.diagnostics.matchedCompactionCalls, 0);
  assert.equal(corpus.diagnostics.unmatchedCompactionCalls, 1);
  assert.equal(corpus.compactions.inputTokens[0], 10000);
});
