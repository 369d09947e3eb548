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
 * A warning when the cheapest trigger lies in the extrapolated zone (the 2% range itself is in
 * the answer sentence, `answerSentence`).
 *
 * @param view The live view (its cheapest trigger and extrapolated runs).
 * @returns One sentence, or "".
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { extrapolatedNote } from "./live_texts.ts";
 *
 * const best = { index: 2, trigger: 3e4 };
 * assert.match(extrapolatedNote({ best, extrapolatedZones: [{ fromTokens: 3e4, toTokens: 4e4 }] }),
 *   /^The cheapest trigger lies in the extrapolated zone/);
 * assert.equal(extrapolatedNote({ best, extrapolatedZones: [] }), "");
 * ```
 */
export function extrapolatedNote(view: {
  best: { index: number; trigger: number } | null;
  extrapolatedZones: { fromTokens: number; toTokens: number }[];
}): string {
  const best = view.best;
  if (best === null) return "";
  const inside = view.extrapolatedZones.some((z) =>
    best.trigger >= z.fromTokens && best.trigger <= z.toTokens
  );
  return inside
    ? "The cheapest trigger lies in the extrapolated zone: few sessions reach it, or it is far " +
      "from the measured compactions, so read it as a guess."
    : "";
}
