/**
 * The cheapest trigger within a time budget: the trigger with the lowest mean cost among those
 * whose mean share of agent time spent compacting is at most the budget (docs/method.md, Time
 * budget).
 *
 * @module
 */

/** What {@linkcode budgetTrigger} found. */
export type BudgetChoice =
  | { index: number; trigger: number }
  | {
    index: null;
    trigger: null;
    /** Why no trigger qualifies, in words. */
    reason: string;
    /** The trigger with the lowest mean time share (null when none is finite). */
    lowestShareTrigger: number | null;
    /** Its mean time share, 0…1. */
    lowestShare: number | null;
  };

/**
 * The trigger of the lowest `cost` among those with `timeShare ≤ maxTimeShare`; the first in
 * the given order on ties. Points whose cost or time share is not a finite number do not
 * qualify. O(n).
 *
 * @param triggers Triggers, tokens.
 * @param cost Mean cost per trigger (e.g. USD per million tokens).
 * @param timeShare Mean time share per trigger, 0…1.
 * @param maxTimeShare The budget, 0…1.
 * @returns The index and trigger, or why none qualifies with the lowest share on the grid.
 * @throws {RangeError} When the lengths differ or the budget is not a number from 0 to 1.
 *
 * @example A 10% budget rules out the cheapest trigger
 * ```ts
 * import assert from "node:assert/strict";
 * import { budgetTrigger } from "./budget_trigger.ts";
 *
 * const triggers = [1e5, 2e5, 3e5];
 * const cost = [4, 3, 3.5];
 * const share = [0.2, 0.12, 0.08];
 * assert.deepEqual(budgetTrigger(triggers, cost, share, 0.15), { index: 1, trigger: 2e5 });
 * assert.deepEqual(budgetTrigger(triggers, cost, share, 0.1), { index: 2, trigger: 3e5 });
 * assert.equal(budgetTrigger(triggers, cost, share, 0.05).trigger, null);
 * ```
 */
export function budgetTrigger(
  triggers: ArrayLike<number>,
  cost: ArrayLike<number>,
  timeShare: ArrayLike<number>,
  maxTimeShare: number,
): BudgetChoice {
  if (triggers.length !== cost.length || triggers.length !== timeShare.length) {
    throw new RangeError(
      `Cannot apply the time budget: ${triggers.length} triggers, ${cost.length} costs and ` +
        `${timeShare.length} time shares`,
    );
  }
  if (!(maxTimeShare >= 0 && maxTimeShare <= 1)) {
    throw new RangeError(
      `Cannot apply the time budget: the maximum time share must be from 0 to 1, got ${maxTimeShare}`,
    );
  }
  let index = -1;
  let best = Infinity;
  let low = -1;
  for (let i = 0; i < triggers.length; i++) {
    const s = timeShare[i];
    if (Number.isFinite(s) && (low < 0 || s < timeShare[low])) low = i;
    if (Number.isFinite(cost[i]) && Number.isFinite(s) && s <= maxTimeShare && cost[i] < best) {
      best = cost[i];
      index = i;
    }
  }
  if (index >= 0) return { index, trigger: triggers[index] };
  const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
  return {
    index: null,
    trigger: null,
    reason: low < 0
      ? `no trigger of the grid has a known time share`
      : `no trigger of the grid has a mean time share of at most ${pct(maxTimeShare)}; the ` +
        `lowest is ${pct(timeShare[low])} at ${triggers[low]} tokens`,
    lowestShareTrigger: low < 0 ? null : triggers[low],
    lowestShare: low < 0 ? null : timeShare[low],
  };
}
