import assert from "node:assert/strict";
import { ExpectedAccumulator } from "../../data-synthetic/mod.ts";

Deno.test("ExpectedAccumulator: work time subtracts compactions, then drops idle gaps", () => {
  const acc = new ExpectedAccumulator("m");
  const s = acc.session("main", true);
  // Requests at 0 s, 100 s, 600 s and 700 s; a 250 s compaction ends at 550 s.
  // Gaps: 100 (work), 500 − 250 = 250 (work: the compaction is removed first), 100 (work).
  for (const t of [0, 100, 600, 700]) acc.request(s, t * 1000, 1, 10, 0, 89, 5);
  acc.compaction(s, "auto", 200_000, 550_000, 250);
  const idle = acc.session("subagent", true);
  // Requests at 0 s and 301 s: one idle gap, no work.
  acc.request(idle, 0, 2, 0, 20, 78, 10);
  acc.request(idle, 301_000, 2, 0, 20, 78, 10);
  const excluded = acc.session("subagent", false);
  acc.request(excluded, 0, 1000, 0, 0, 0, 0);
  acc.request(excluded, 10_000, 1000, 0, 0, 0, 0);
  const e = acc.finish();
  assert.equal(e.workHours, 450 / 3600);
  assert.deepEqual(e.sessions, { main: 1, subagent: 1, helper: 0 });
  assert.equal(e.requests, 6);
  // D = 4·(1 + 10 + 89 + 5) + 2·(2 + 20 + 78 + 10) = 420 + 220 = 640.
  assert.equal(e.billedTokens, 640);
  assert.equal(e.billingMix.cacheWrite1h, 40 / 640);
  // ω = (1·8 + 1.25·40 + 2·40) / (8 + 40 + 40) = 138 / 88.
  assert.equal(e.omega, 138 / 88);
  assert.deepEqual(e.compactions, {
    auto: 1,
    manual: 0,
    unknown: 0,
    other: 0,
    timed: 1,
    precomputed: 0,
  });
  assert.equal(e.observedTrigger, 200_000);
});

Deno.test("ExpectedAccumulator: observed trigger is the median C of auto compactions only", () => {
  const acc = new ExpectedAccumulator("m");
  const s = acc.session("main", true);
  acc.compaction(s, "auto", 100, 1, 1);
  acc.compaction(s, "auto", 300, 2, 1);
  acc.compaction(s, "manual", 1_000_000, 3, 1);
  assert.equal(acc.finish().observedTrigger, 200);
});

Deno.test("ExpectedAccumulator: unknown triggers, helpers and compaction calls are counted apart", () => {
  const acc = new ExpectedAccumulator("m");
  const s = acc.session("main", true);
  // Requests at 0 s and 200 s; a compaction of unknown trigger (duration not recoverable) at
  // 150 s is not subtracted: the 200 s gap is work. An auto one at 350 s of 120 s leaves
  // 400 − 200 − 120 = 80 s of the next gap (200 s → 400 s).
  for (const t of [0, 200, 400]) acc.request(s, t * 1000, 1, 0, 0, 99, 0);
  acc.compaction(s, "unknown", 500_000, 150_000, null);
  acc.compaction(s, "auto", 100_000, 350_000, 120);
  const h = acc.session("helper", true);
  acc.request(h, 1_000, 2, 8, 0, 90, 10);
  acc.compactionCall(3, 40, 0, 1000);
  acc.compactionCall(4, 60, 0, 2000);
  const e = acc.finish();
  assert.equal(e.workHours, (200 + 80) / 3600);
  assert.deepEqual(e.sessions, { main: 1, subagent: 0, helper: 1 });
  assert.deepEqual(e.requestsByKind, { main: 3, subagent: 0, helper: 1 });
  assert.equal(e.requests, 4);
  assert.deepEqual(e.compactions, {
    auto: 1,
    manual: 0,
    unknown: 1,
    other: 0,
    timed: 1,
    precomputed: 0,
  });
  // The unknown compaction's C (500K) stays out of the observed trigger.
  assert.equal(e.observedTrigger, 100_000);
  assert.deepEqual(e.compactionCalls, {
    count: 2,
    input: 7,
    cacheWrite5m: 100,
    cacheWrite1h: 0,
    cacheRead: 3000,
  });
});
