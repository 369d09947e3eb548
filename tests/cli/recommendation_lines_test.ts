/**
 * The CLI's lines under the recommendation. The time-budgeted alternative says how much the time
 * share grows, as the page does: "more than doubles" from 0.0% to 3.1% reads as a small step
 * without the two figures. A near-optimal range of one grid point is said as one point, not
 * "30K-30K" with a time share "instead of" itself. Hand-made reports (the page test's figures,
 * tests/report/page_range_test.ts).
 */
import assert from "node:assert/strict";
import { rangeLines, recommendationRangeLines } from "../../cli/_range_text.ts";
import { fixtureReport } from "../report/_fixture.ts";

Deno.test("the time-budgeted line gives the time share at the cheapest and at the observed", () => {
  const r = fixtureReport();
  r.recommendation.atObservedTrigger = {
    trigger: 267_900,
    costPerMillion: 1.375,
    timeShare: 0.02,
    between: [260_000, 280_000],
  };
  r.recommendation.timeShare = { mean: 0.05, p10: 0.04, p90: 0.06 };
  // 5% is more than twice 2%: within 4%, 200K at 1.2 → 1 − 1.2 / 1.375 = 12.7% less.
  r.recommendation.timeBudgeted = {
    maxTimeShare: 0.04,
    trigger: 200_000,
    costPerMillion: 1.2,
    timeShare: 0.035,
    savingVsObservedTrigger: 1 - 1.2 / 1.375,
  };
  const line = recommendationRangeLines(r).find((l) => l.includes("more than doubles"));
  assert.equal(
    line,
    "  This more than doubles the time spent compacting (5.0% of agent time instead of 2.0%); " +
      "within 4.0% of agent time: 200K, 12.7% less per million (time share 3.5%).",
  );
  r.recommendation.timeBudgeted = null;
  assert.ok(!recommendationRangeLines(r).some((l) => l.includes("more than doubles")));
});

Deno.test("a near-optimal range of one grid point is one point, with no time share to trade", () => {
  const r = fixtureReport();
  const one = {
    tolerance: 0.02,
    fromTokens: 30_000,
    toTokens: 30_000,
    contiguous: true,
    holes: [],
  };
  r.recommendation.nearOptimal = { ...one, triggers: 1 };
  r.steadyState.nearOptimal = [{ ...one, tolerance: 0.01, triggers: 1 }, { ...one, triggers: 1 }, {
    ...one,
    tolerance: 0.05,
    toTokens: 40_000,
    triggers: 2,
  }];
  const lines = recommendationRangeLines(r);
  assert.ok(
    lines.includes(
      "  Only 30K costs within 2% of the cheapest: its neighbours on the grid cost more.",
    ),
  );
  assert.ok(!lines.some((l) => l.startsWith("  Anything from")));
  const ranges = rangeLines(r);
  assert.ok(ranges.includes("Within 1% of the cheapest mean cost: 30K only"), ranges.join("\n"));
  assert.ok(ranges.includes("Within 2% of the cheapest mean cost: 30K only"));
  assert.ok(ranges.includes("Within 5% of the cheapest mean cost: 30K-40K"));
  // A range of two points keeps its sentence.
  r.recommendation.nearOptimal = { ...one, toTokens: 40_000, triggers: 2 };
  assert.ok(recommendationRangeLines(r).some((l) => l.startsWith("  Anything from 30K to 40K")));
});

Deno.test("an argmin spread at one trigger is that trigger, not '30K-30K'", () => {
  const r = fixtureReport();
  r.steadyState.argminSpread = {
    p10: 30_000,
    p50: 30_000,
    p90: 30_000,
    method: "sessions-and-blocks",
    draws: 100,
    workloads: 100,
    seed: 1,
  };
  r.steadyState.argminSpreadBlocks = { p10: 20_000, p50: 30_000, p90: 40_000, workloads: 100 };
  const lines = rangeLines(r);
  assert.ok(
    lines.some((l) => l.endsWith("then blocks): 10-90% 30K (median 30K), 100 draws, seed 1")),
  );
  assert.ok(lines.some((l) => l.includes("(sessions kept): 10-90% 20K-40K (median 30K)")));
});
