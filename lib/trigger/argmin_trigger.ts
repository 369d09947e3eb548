/**
 * The trigger of the lowest value of a curve: the replay's optimum in the trigger analysis
 * (`steadyState.replayArgminTokens`) and the optimum the report page marks while its sliders
 * move.
 *
 * @module
 */

/**
 * The trigger at which `values` is smallest: the first strict minimum in the given order. NaN
 * values are skipped. O(n).
 *
 * @param triggers Triggers, tokens.
 * @param values One value per trigger (e.g. the mean cost per million).
 * @returns The index and the trigger, or null when no value is a finite number.
 * @throws {RangeError} When the two lengths differ.
 *
 * @example The first of two equal minima wins
 * ```ts
 * import assert from "node:assert/strict";
 * import { argminTrigger } from "./argmin_trigger.ts";
 *
 * assert.deepEqual(argminTrigger([1e5, 2e5, 3e5, 4e5], [3, 1, 1, 2]), { index: 1, trigger: 2e5 });
 * assert.equal(argminTrigger([1e5], [NaN]), null);
 * ```
 */
export function argminTrigger(
  triggers: ArrayLike<number>,
  values: ArrayLike<number>,
): { index: number; trigger: number } | null {
  if (triggers.length !== values.length) {
    throw new RangeError(
      `Cannot find the lowest value: ${triggers.length} triggers but ${values.length} values`,
    );
  }
  let index = -1;
  let best = Infinity;
  for (let i = 0; i < values.length; i++) {
    if (values[i] < best) {
      best = values[i];
      index = i;
    }
  }
  return index < 0 ? null : { index, trigger: triggers[index] };
}
