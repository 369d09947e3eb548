/**
 * The CLI's time-budgeted alternative says how much the time share grows, as the page does: "more
 * than doubles" from 0.0% to 3.1% reads as a small step without the two figures. Hand-made
 * report (the page test's figures, tests/report/page_range_test.ts).
 */
import assert from "node:assert/strict";
import { recommendationRangeLines } from "../../cli/_range_text.ts";
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
