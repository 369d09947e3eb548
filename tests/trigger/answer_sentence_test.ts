import assert from "node:assert/strict";
import { answerFacts, answerSentence } from "../../lib/trigger/answer_sentence.ts";

const point = (trigger: number, cost: number | null, share: number | null) => ({
  trigger,
  costPerMillion: { mean: cost, p10: cost, p90: cost },
  timeShare: { mean: share, p10: share, p90: share },
  compactions: { mean: 1 },
  observed: { costPerMillion: cost ?? 0, timeShare: share ?? 0, compactions: 1 },
});

// Grid 100K…300K by 50K; the cheapest is 150K, in the middle.
const replay = [
  point(100_000, 1.3, 0.2),
  point(150_000, 1.2, 0.135),
  point(200_000, 1.35, 0.08),
  point(250_000, 1.45, 0.05),
  point(300_000, 1.55, 0.03),
];

Deno.test("answer: the saving against the observed trigger, read off the mean curves", () => {
  const facts = answerFacts({ corpus: { observedTrigger: 267_500 }, replay });
  // 267.5K lies 35% of the way from 250K to 300K:
  // cost 1.45 + 0.35 × 0.10 = 1.485; share 0.05 + 0.35 × (−0.02) = 0.043.
  assert.ok(Math.abs(facts.observedCostPerMillion! - 1.485) < 1e-12);
  assert.ok(Math.abs(facts.observedTimeShare! - 0.043) < 1e-12);
  // Saving 1 − 1.2 / 1.485 = 0.1919… → "19.2%" (one decimal, as the recommendation line).
  assert.ok(Math.abs(facts.saving! - (1 - 1.2 / 1.485)) < 1e-12);
  assert.equal(facts.cheapestOnEdge, null);
  assert.equal(
    answerSentence({ corpus: { observedTrigger: 267_500 }, replay }),
    "Compacting at 150K instead of 267.5K costs 19.2% less per 1M tokens; " +
      "compaction then takes 13.5% of agent time instead of 4.3%.",
  );
});

Deno.test("answer: no observed trigger, an observed trigger off the grid, already cheapest", () => {
  assert.equal(
    answerSentence({ corpus: { observedTrigger: null }, replay }),
    "Compacting at 150K costs the least, $1.200 per 1M tokens, with compaction taking 13.5% of " +
      "agent time; no automatic compaction was observed to compare with.",
  );
  assert.equal(
    answerSentence({ corpus: { observedTrigger: 16_300 }, replay }),
    "Compacting at 150K costs the least, $1.200 per 1M tokens; the observed trigger 16.3K lies " +
      "outside the grid, so the saving is not known.",
  );
  assert.equal(
    answerSentence({ corpus: { observedTrigger: 150_000 }, replay }),
    "Compacting at 150K, as now, costs within 0.05% of the cheapest trigger (150K, $1.200 per 1M " +
      "tokens).",
  );
});

Deno.test("answer: a cheapest trigger on the grid's edge says so; an unpriced grid has no answer", () => {
  const falling = [
    point(100_000, 1.5, 0.02),
    point(200_000, 1.4, 0.04),
    point(1_000_000, 1.1, 0.1),
  ];
  const facts = answerFacts({ corpus: { observedTrigger: 200_000 }, replay: falling });
  assert.equal(facts.cheapestOnEdge, "high");
  // Saving 1 − 1.1 / 1.4 = 0.2143… → 21.4%.
  assert.equal(
    answerSentence(facts),
    "Compacting at 1M (the grid's highest trigger: a higher one may be cheaper still) instead of " +
      "200K costs 21.4% less per 1M tokens; compaction then takes 10.0% of agent time instead of 4.0%.",
  );
  assert.equal(
    answerSentence({ corpus: { observedTrigger: null }, replay: [point(1, null, null)] }),
    "No trigger of the grid could be priced, so there is no answer.",
  );
});

Deno.test("answer: with a time budget, the cheapest trigger within it", () => {
  // Budget 10%: the points within it are 200K (8%), 250K (5%), 300K (3%); the cheapest of them
  // is 200K at $1.35. Observed 300K costs $1.55: saving 1 − 1.35 / 1.55 = 0.1290… → "12.9%".
  const within = { corpus: { observedTrigger: 300_000 }, replay, options: { maxTimeShare: 0.1 } };
  const facts = answerFacts(within);
  assert.equal(facts.cheapestTrigger, 200_000);
  assert.equal(facts.budgetMet, true);
  assert.equal(
    answerSentence(within),
    "Keeping compaction within 10.0% of agent time: Compacting at 200K instead of 300K costs " +
      "12.9% less per 1M tokens; compaction then takes 8.0% of agent time instead of 3.0%.",
  );
  // Budget 1%: no point is within it (the lowest share is 3%), so the answer says so and gives
  // the unbudgeted cheapest, 150K at $1.2: saving 1 − 1.2 / 1.55 = 0.2258… → "22.6%".
  const none = { corpus: { observedTrigger: 300_000 }, replay, options: { maxTimeShare: 0.01 } };
  assert.equal(answerFacts(none).budgetMet, false);
  assert.equal(
    answerSentence(none),
    "No trigger of the grid keeps compaction within 1.0% of agent time; without the budget: " +
      "Compacting at 150K instead of 300K costs 22.6% less per 1M tokens; compaction then takes " +
      "13.5% of agent time instead of 3.0%.",
  );
  // No budget given (null): as before.
  const free = { corpus: { observedTrigger: 300_000 }, replay, options: { maxTimeShare: null } };
  assert.equal(answerFacts(free).cheapestTrigger, 150_000);
  assert.equal(answerFacts(free).timeBudget, undefined);
});

Deno.test("answer: a budget that costs more than the observed trigger says so", () => {
  // Observed 150K ($1.2, 13.5%); budget 5%: within it 250K ($1.45, 5%) and 300K ($1.55, 3%);
  // cheapest 250K: 1 − 1.45 / 1.2 = −0.2083… → "20.8% more".
  const dear = { corpus: { observedTrigger: 150_000 }, replay, options: { maxTimeShare: 0.05 } };
  assert.equal(
    answerSentence(dear),
    "Keeping compaction within 5.0% of agent time: Compacting at 250K instead of 150K costs " +
      "20.8% more per 1M tokens; compaction then takes 5.0% of agent time instead of 13.5%.",
  );
});

Deno.test("answer: a saving under 0.05% reads as the observed trigger's; one from 0.05% is given", () => {
  // Observed 100K at $1.2036 against the cheapest 150K at $1.2: 1 − 1.2 / 1.2036 = 0.00299… →
  // "0.3%" (the sentence once rounded it to whole percent and called it "within 0.5%"). Both
  // triggers are within 2% of the cheapest, whose time share the range's top (150K itself) would
  // only repeat: the range sentence gives no time then.
  const near = [point(100_000, 1.2036, 0.1), point(150_000, 1.2, 0.2), point(200_000, 1.5, 0.3)];
  assert.equal(
    answerSentence({ corpus: { observedTrigger: 100_000 }, replay: near }),
    "Compacting at 150K instead of 100K costs 0.3% less per 1M tokens; compaction then takes " +
      "20.0% of agent time instead of 10.0%. Anything from 100K to 150K costs within 2% of the " +
      "cheapest.",
  );
  // $1.2004: 1 − 1.2 / 1.2004 = 0.000333… → "0.0%", so the observed trigger is as cheap.
  const nearer = [point(100_000, 1.2004, 0.1), point(150_000, 1.2, 0.2), point(200_000, 1.5, 0.3)];
  assert.equal(
    answerSentence({ corpus: { observedTrigger: 100_000 }, replay: nearer }),
    "Compacting at 100K, as now, costs within 0.05% of the cheapest trigger (150K, $1.200 per 1M " +
      "tokens). Anything from 100K to 150K costs within 2% of the cheapest.",
  );
});
