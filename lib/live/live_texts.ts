/**
 * The live block's own sentences (English, like the notebooks): what the stepped control does,
 * and the grid-edge warning in the notebooks' terms (their `triggerFrom` / `triggerTo`).
 *
 * @module
 */
import { formatNumber } from "../report/format_number.ts";
import { gridEdge } from "../report/page_answer.ts";

/**
 * Says that the stepped control switches between stored replays.
 *
 * @param variantName What the control chooses, e.g. "Block size, steps".
 * @param label The chosen variant's label.
 * @returns One sentence.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { variantNote } from "./live_texts.ts";
 * assert.match(variantNote("Block size, steps", "8"), /^Block size, steps: 8\. /);
 * ```
 */
export function variantNote(variantName: string, label: string): string {
  return `${variantName}: ${label}. Re-pricing cannot change it: each step of this control is ` +
    `a replay stored when the notebook ran; v, α and ρ re-price the chosen one in the page.`;
}

/**
 * The grid-edge warning, or null when the lowest mean cost is inside the grid.
 *
 * @param triggers Grid triggers, ascending, tokens.
 * @param costMean Mean cost per trigger.
 * @returns One sentence or null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gridEdgeNote } from "./live_texts.ts";
 * assert.match(gridEdgeNote([1e4, 2e4], [2, 1])!, /upper end of the grid \(20K\).*triggerTo/);
 * assert.equal(gridEdgeNote([1e4, 2e4, 3e4], [2, 1, 2]), null);
 * ```
 */
export function gridEdgeNote(
  triggers: ArrayLike<number>,
  costMean: ArrayLike<number>,
): string | null {
  const edge = gridEdge({ triggers, costMean });
  if (edge === null) return null;
  const at = formatNumber(edge === "low" ? triggers[0] : triggers[triggers.length - 1], {
    style: "tokens",
  });
  return edge === "low"
    ? `The lowest cost sits at the lower end of the grid (${at}): the optimum may lie below; ` +
      `set triggerFrom lower in the parameters cell.`
    : `The lowest cost sits at the upper end of the grid (${at}): the optimum may lie above; ` +
      `set triggerTo higher in the parameters cell.`;
}

/**
 * The near-optimal 2% range in words, with the time share at its upper end, and a warning when
 * the cheapest trigger lies in the extrapolated zone.
 *
 * @param view The live view (its curves, cheapest trigger, range and zones).
 * @returns One or two sentences, or "" without a finite cost.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rangeNote } from "./live_texts.ts";
 *
 * const view = {
 *   curves: { triggers: Float64Array.of(1e4, 2e4, 3e4),
 *     timeShare: { mean: Float64Array.of(0.3, 0.2, 0.1) } },
 *   best: { index: 0, trigger: 1e4 },
 *   nearOptimal: { tolerance: 0.02, fromTokens: 1e4, toTokens: 2e4, contiguous: true, holes: [],
 *     triggers: 2 },
 *   extrapolatedZones: [],
 * };
 * assert.equal(rangeNote(view), "Anything from 10K to 20K costs within 2% of the cheapest; " +
 *   "compacting at 20K takes 20.0% of agent time instead of 30.0%.");
 * ```
 */
export function rangeNote(view: {
  curves: { triggers: ArrayLike<number>; timeShare: { mean: ArrayLike<number> } };
  best: { index: number; trigger: number } | null;
  nearOptimal: { fromTokens: number; toTokens: number; holes: { fromTokens: number }[] } | null;
  extrapolatedZones: { fromTokens: number; toTokens: number }[];
}): string {
  const { curves, best, nearOptimal } = view;
  if (best === null || nearOptimal === null) return "";
  const tok = (x: number) => formatNumber(x, { style: "tokens" });
  const pct = (x: number) => formatNumber(x, { style: "percent", digits: 1 });
  const parts: string[] = [];
  if (nearOptimal.fromTokens === nearOptimal.toTokens) {
    parts.push(`Only ${tok(best.trigger)} costs within 2% of the cheapest.`);
  } else {
    const at = Array.from(curves.triggers).indexOf(nearOptimal.toTokens);
    const holes = nearOptimal.holes.length === 0
      ? ""
      : ` (not every trigger between: ${
        nearOptimal.holes.map((h) => tok(h.fromTokens)).join(", ")
      } ` +
        `and next to ${nearOptimal.holes.length === 1 ? "it" : "them"} cost more)`;
    parts.push(
      `Anything from ${tok(nearOptimal.fromTokens)} to ${tok(nearOptimal.toTokens)} costs within ` +
        `2% of the cheapest${holes}; compacting at ${tok(nearOptimal.toTokens)} takes ` +
        `${pct(curves.timeShare.mean[at])} of agent time instead of ` +
        `${pct(curves.timeShare.mean[best.index])}.`,
    );
  }
  if (
    view.extrapolatedZones.some((z) => best.trigger >= z.fromTokens && best.trigger <= z.toTokens)
  ) {
    parts.push(
      "The cheapest trigger lies in the extrapolated zone: few sessions reach it, or it is far " +
        "from the measured compactions, so read it as a guess.",
    );
  }
  return parts.join(" ");
}
