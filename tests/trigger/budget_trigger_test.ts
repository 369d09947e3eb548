import assert from "node:assert/strict";
import { budgetTrigger } from "../../lib/trigger/budget_trigger.ts";

const triggers = [40000, 80000, 120000, 160000];
const cost = [2.0, 1.5, 1.7, 1.9];
const share = [0.3, 0.12, 0.07, 0.04];

Deno.test("the cheapest trigger whose mean time share is within the budget", () => {
  // Budget 1: all qualify -> 80000 (1.5). 0.12 is within 0.12 (at most). 0.1: 120000, 160000
  // qualify -> 120000 (1.7). 0.05: only 160000.
  assert.equal(budgetTrigger(triggers, cost, share, 1).trigger, 80000);
  assert.equal(budgetTrigger(triggers, cost, share, 0.12).trigger, 80000);
  assert.equal(budgetTrigger(triggers, cost, share, 0.1).trigger, 120000);
  assert.deepEqual(budgetTrigger(triggers, cost, share, 0.05), { index: 3, trigger: 160000 });
});

Deno.test("no trigger within the budget: why, and the lowest share on the grid", () => {
  const none = budgetTrigger(triggers, cost, share, 0.01);
  assert.equal(none.trigger, null);
  if (none.trigger !== null) return;
  assert.equal(none.lowestShareTrigger, 160000);
  assert.equal(none.lowestShare, 0.04);
  assert.equal(
    none.reason,
    "no trigger of the grid has a mean time share of at most 1.0%; the lowest is 4.0% at 160000 tokens",
  );
});

Deno.test("unknown values never qualify; bad budgets are refused", () => {
  assert.equal(budgetTrigger([1, 2], [NaN, 3], [0, 0], 0.5).trigger, 2);
  assert.throws(() => budgetTrigger([1], [1], [0], 1.5), /from 0 to 1, got 1.5/);
  assert.throws(() => budgetTrigger([1, 2], [1], [0], 0.5), /2 triggers, 1 costs/);
});
