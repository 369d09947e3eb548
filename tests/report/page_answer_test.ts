/**
 * The answer sentence and the grid-edge warning, from hand-made curves (expected numbers worked
 * out by hand in the comments).
 */
import assert from "node:assert/strict";
import { answerSentence, gridEdge, gridEdgeWarning } from "../../lib/report/page_answer.ts";
import { TEXTS } from "../../lib/report/texts.ts";

const CURVES = {
  triggers: [100_000, 150_000, 200_000, 250_000, 300_000],
  costMean: [0.9, 0.6, 0.7, 0.75, 0.8],
  timeShareMean: [0.2, 0.135, 0.08, 0.05, 0.039],
};

Deno.test("answerSentence: the cheapest trigger against the curves at the observed one", () => {
  // Observed 267.9K lies between 250K and 300K, w = 17.9 / 50 = 0.358 of the way:
  // cost 0.75 + 0.358 · 0.05 = 0.7679 ($0.768), share 0.05 + 0.358 · (0.039 − 0.05) = 0.04606
  // (4.6%); saving 1 − 0.6 / 0.7679 = 0.2187 → 21.9%.
  assert.equal(
    answerSentence(TEXTS.en, CURVES, 267_900),
    "Compacting at 150K instead of 267.9K costs 21.9% less per 1M tokens ($0.600 instead of " +
      "$0.768); compacting then takes 13.5% of agent time instead of 4.6%.",
  );
  assert.equal(
    answerSentence(TEXTS.zh, CURVES, 267_900),
    "在 150K 而不是 267.9K 压缩，每 100 万 token 便宜 21.9%（$0.600，原为 $0.768）；" +
      "压缩占用的代理时间则由 4.6% 变为 13.5%。",
  );
  // On a grid trigger: its own values (1 − 0.6 / 0.75 = 20.0%).
  assert.match(answerSentence(TEXTS.en, CURVES, 250_000), /instead of 250K costs 20\.0% less/);
  // 160K: w = 0.2, cost 0.6 + 0.2 · 0.1 = 0.62, saving 1 − 0.6 / 0.62 = 3.2%, share
  // 0.135 + 0.2 · (0.08 − 0.135) = 0.124.
  assert.equal(
    answerSentence(TEXTS.en, CURVES, 160_000),
    "Compacting at 150K instead of 160K costs 3.2% less per 1M tokens ($0.600 instead of " +
      "$0.620); compacting then takes 13.5% of agent time instead of 12.4%.",
  );
});

Deno.test("answerSentence: already cheapest, no observed trigger, outside the grid, no cost", () => {
  assert.equal(
    answerSentence(TEXTS.en, CURVES, 150_000), // the argmin itself
    "The trigger the transcripts compact at, about 150K, already costs the least: $0.600 per " +
      "1M tokens, with compacting taking 13.5% of agent time.",
  );
  const alone = "The cheapest trigger is 150K: $0.600 per 1M tokens, with compacting taking " +
    "13.5% of agent time.";
  assert.equal(answerSentence(TEXTS.en, CURVES, null), alone);
  assert.equal(answerSentence(TEXTS.en, CURVES, 400_000), alone); // beyond the last trigger
  const none = { ...CURVES, costMean: CURVES.costMean.map(() => NaN) };
  assert.equal(answerSentence(TEXTS.en, none, 267_900), TEXTS.en.answerNone);
  assert.equal(answerSentence(TEXTS.zh, none, 267_900), TEXTS.zh.answerNone);
});

Deno.test("gridEdge: the lowest cost on the first or last trigger", () => {
  assert.equal(gridEdge(CURVES), null);
  const falling = { triggers: CURVES.triggers, costMean: [5, 4, 3, 2, 1] };
  const rising = { triggers: CURVES.triggers, costMean: [1, 2, 3, 4, 5] };
  assert.equal(gridEdge(falling), "high");
  assert.equal(gridEdge(rising), "low");
  assert.equal(gridEdgeWarning(TEXTS.en, CURVES), null);
  assert.match(gridEdgeWarning(TEXTS.en, falling)!, /upper end of the trigger range \(300K\)/);
  assert.match(gridEdgeWarning(TEXTS.en, rising)!, /lower end of the trigger range \(100K\)/);
  assert.match(gridEdgeWarning(TEXTS.zh, falling)!, /上端（300K）/);
  // The analysis' own verdict wins when given.
  assert.equal(gridEdgeWarning(TEXTS.en, falling, null), null);
});

Deno.test("answerSentence: the 2% range, with the time share at its top unless that is the cheapest", () => {
  const triggers = [100_000, 150_000, 200_000];
  const timeShareMean = [0.2, 0.1, 0.05];
  // Cheapest 150K at 0.6; 2% above it is 0.612. 200K at 0.61 is within: the range 150K–200K
  // ends above the cheapest, so the sentence gives 200K's share (5.0%) against 150K's (10.0%).
  // Observed 100K at 0.7: saving 1 − 0.6 / 0.7 = 0.1429 → 14.3%.
  assert.equal(
    answerSentence(TEXTS.en, { triggers, costMean: [0.7, 0.6, 0.61], timeShareMean }, 100_000),
    "Compacting at 150K instead of 100K costs 14.3% less per 1M tokens ($0.600 instead of " +
      "$0.700); compacting then takes 10.0% of agent time instead of 20.0%. Anything from 150K " +
      "to 200K costs within 2% of the cheapest; compacting at 200K takes 5.0% of agent time " +
      "instead of 10.0%.",
  );
  // 100K at 0.605 is within 2% instead: the range 100K–150K ends at the cheapest trigger, whose
  // share it would set beside itself, so the sentence gives none. Observed 200K at 0.7.
  const toCheapest = { triggers, costMean: [0.605, 0.6, 0.7], timeShareMean };
  assert.equal(
    answerSentence(TEXTS.en, toCheapest, 200_000),
    "Compacting at 150K instead of 200K costs 14.3% less per 1M tokens ($0.600 instead of " +
      "$0.700); compacting then takes 10.0% of agent time instead of 5.0%. Anything from 100K " +
      "to 150K costs within 2% of the cheapest.",
  );
  assert.match(
    answerSentence(TEXTS.zh, toCheapest, 200_000),
    /从 100K 到 150K 的任何触发点，费用都在最便宜者的 2% 以内。$/,
  );
});
