/**
 * Which trigger to recommend inside the near-optimal range (docs/method.md, Choosing inside the
 * range): the cheapest, or the highest or the lowest trigger whose mean cost is within a
 * tolerance of it.
 *
 * @module
 */

/** The rules. */
export type PreferRule = "cheapest" | "fewer-compactions" | "smaller-context";

/** All {@linkcode PreferRule} names. */
export const PREFER_RULES: readonly PreferRule[] = Object.freeze([
  "cheapest",
  "fewer-compactions",
  "smaller-context",
]);

/** Default tolerance of the rule: within 2% of the cheapest. */
export const DEFAULT_PREFER_TOLERANCE = 0.02;

/**
 * From the cheapest index `base` (the cheapest trigger, or the cheapest within a time budget),
 * `"fewer-compactions"` moves to the highest and `"smaller-context"` to the lowest trigger whose
 * mean cost is at most (1 + tolerance) × the cost at `base` and that `allowed` accepts (e.g.
 * within the time budget); `"cheapest"` keeps `base`.
 *
 * @param meanCost Mean cost per million at each trigger (ascending triggers).
 * @param base Index of the cheapest allowed trigger (null: none).
 * @param prefer The rule.
 * @param tolerance Share above the cheapest cost, ≥ 0.
 * @param allowed Which indices may be chosen. @default {every index}
 * @returns The chosen index (null when `base` is null).
 * @throws {RangeError} On an unknown rule or a negative tolerance.
 *
 * @example Within 2% of 1.00: 0.99 is not allowed to be cheaper, 1.02 qualifies, 1.03 does not
 * ```ts
 * import assert from "node:assert/strict";
 * import { preferTrigger } from "./prefer_trigger.ts";
 *
 * const cost = [1.03, 1.02, 1.0, 1.01, 1.025];
 * assert.equal(preferTrigger(cost, 2, "cheapest", 0.02), 2);
 * assert.equal(preferTrigger(cost, 2, "smaller-context", 0.02), 1);
 * assert.equal(preferTrigger(cost, 2, "fewer-compactions", 0.02), 3);
 * ```
 */
export function preferTrigger(
  meanCost: ArrayLike<number>,
  base: number | null,
  prefer: PreferRule,
  tolerance: number,
  allowed: (index: number) => boolean = () => true,
): number | null {
  if (!PREFER_RULES.includes(prefer)) {
    throw new RangeError(
      `Invalid option: prefer must be one of ${PREFER_RULES.join(", ")}, got "${prefer}"`,
    );
  }
  if (!(Number.isFinite(tolerance) && tolerance >= 0)) {
    throw new RangeError(`Invalid option: tolerance must be a number >= 0, got ${tolerance}`);
  }
  if (base === null || prefer === "cheapest") return base;
  const limit = meanCost[base] * (1 + tolerance);
  let chosen = base;
  for (let i = 0; i < meanCost.length; i++) {
    if (!(meanCost[i] <= limit) || !allowed(i)) continue;
    if (prefer === "fewer-compactions" && i > chosen) chosen = i;
    if (prefer === "smaller-context" && i < chosen) chosen = i;
  }
  return chosen;
}
