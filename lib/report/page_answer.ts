/**
 * The page's answer in one sentence, and its grid-edge warning, from the mean curves at the
 * current prices: the same function runs on the server (the text shown before the script runs)
 * and in the page (each time a slider moves), in either language.
 *
 * The comparison is the lowest mean cost against the mean curves at the observed trigger (where
 * the transcripts compact), interpolated linearly between the two grid triggers around it as the
 * analysis' `recommendation.atObservedTrigger` is, when that trigger lies inside the grid;
 * without one, the sentence names the cheapest trigger alone. The saving is relative:
 * 1 − best / reference.
 *
 * @module
 */
import { argminTrigger } from "../trigger/argmin_trigger.ts";
import { HEADLINE_TOLERANCE, nearOptimalRanges } from "../trigger/near_optimal.ts";
import { formatNumber } from "./format_number.ts";
import type { PageScriptTexts } from "./page_script_texts.ts";
import { fillText } from "./texts.ts";

/** Mean curves, one entry per trigger. */
export interface AnswerCurves {
  /** Triggers in ascending order, tokens. */
  triggers: ArrayLike<number>;
  /** Mean cost per 1M tokens, USD; NaN: unknown. */
  costMean: ArrayLike<number>;
  /** Mean share of agent time spent compacting; NaN: unknown. */
  timeShareMean: ArrayLike<number>;
}

const _tok = (x: number) => formatNumber(x, { style: "tokens" });
const _usd = (x: number) => formatNumber(x, { style: "usd", digits: 3 });
const _pct = (x: number) => formatNumber(x, { style: "percent", digits: 1 });

/**
 * The mean cost and time share at `trigger`, linear between the grid triggers around it; null
 * when it lies outside the grid or a value there is unknown.
 */
function _atTrigger(
  curves: AnswerCurves,
  trigger: number | null,
): { cost: number; share: number } | null {
  const t = curves.triggers;
  const n = t.length;
  if (trigger === null || !Number.isFinite(trigger) || n === 0) return null;
  if (trigger < t[0] || trigger > t[n - 1]) return null;
  let k = 0;
  while (k < n - 1 && t[k + 1] <= trigger) k++;
  const w = k === n - 1 || t[k] === trigger ? 0 : (trigger - t[k]) / (t[k + 1] - t[k]);
  const at = (v: ArrayLike<number>) => w === 0 ? v[k] : v[k] + w * (v[k + 1] - v[k]);
  const cost = at(curves.costMean), share = at(curves.timeShareMean);
  return Number.isFinite(cost) ? { cost, share } : null;
}

/**
 * The answer sentence.
 *
 * @param texts The language's table.
 * @param curves Mean cost and time share per trigger.
 * @param observedTrigger Where the transcripts compact, tokens (null: none seen).
 * @returns One sentence, plain text.
 *
 * @example Cheaper at 100K than at the observed 200K
 * ```ts
 * import assert from "node:assert/strict";
 * import { answerSentence } from "./page_answer.ts";
 * import { TEXTS } from "./texts.ts";
 *
 * const curves = {
 *   triggers: [100_000, 200_000],
 *   costMean: [0.8, 1.0],
 *   timeShareMean: [0.12, 0.04],
 * };
 * assert.equal(
 *   answerSentence(TEXTS.en, curves, 200_000),
 *   "Compacting at 100K instead of 200K costs 20.0% less per 1M tokens ($0.800 instead of " +
 *     "$1.000); compacting then takes 12.0% of agent time instead of 4.0%.",
 * );
 * ```
 */
export function answerSentence(
  texts: PageScriptTexts,
  curves: AnswerCurves,
  observedTrigger: number | null,
): string {
  const best = argminTrigger(curves.triggers, curves.costMean);
  if (best === null) return texts.answerNone;
  return _mainSentence(texts, curves, observedTrigger, best) + _rangeSentence(texts, curves, best);
}

/** " Anything from 110K to 140K costs within 2% …" when the 2% range holds several triggers. */
function _rangeSentence(
  texts: PageScriptTexts,
  curves: AnswerCurves,
  best: { index: number; trigger: number },
): string {
  const [range] = nearOptimalRanges(curves.triggers, curves.costMean, [HEADLINE_TOLERANCE]);
  if (range === undefined || range.fromTokens === range.toTokens) return "";
  // The range ends at the cheapest trigger itself: no time share to set beside its own.
  if (range.toTokens === best.trigger) {
    return " " + fillText(texts.rangeSentenceToCheapest, {
      from: _tok(range.fromTokens),
      to: _tok(range.toTokens),
    });
  }
  let top = 0;
  while (curves.triggers[top] !== range.toTokens) top++;
  return " " + fillText(texts.rangeSentence, {
    from: _tok(range.fromTokens),
    to: _tok(range.toTokens),
    toShare: _pct(curves.timeShareMean[top]),
    share: _pct(curves.timeShareMean[best.index]),
  });
}

function _mainSentence(
  texts: PageScriptTexts,
  curves: AnswerCurves,
  observedTrigger: number | null,
  best: { index: number; trigger: number },
): string {
  const i = best.index;
  const values = {
    best: _tok(best.trigger),
    bestCost: _usd(curves.costMean[i]),
    bestShare: _pct(curves.timeShareMean[i]),
  };
  const at = _atTrigger(curves, observedTrigger);
  if (at === null) return fillText(texts.answerNoObserved, values);
  // On the grid at the cheapest trigger (interpolation never goes below the grid's minimum).
  if (best.trigger === observedTrigger || curves.costMean[i] >= at.cost) {
    return fillText(texts.answerAlready, { ...values, observed: _tok(observedTrigger!) });
  }
  return fillText(texts.answerCheaper, {
    ...values,
    observed: _tok(observedTrigger!),
    observedCost: _usd(at.cost),
    observedShare: _pct(at.share),
    saving: _pct(1 - curves.costMean[i] / at.cost),
  });
}

/**
 * Where the lowest mean cost sits on the edge of the trigger grid, if it does.
 *
 * @param curves Mean cost per trigger.
 * @returns `"low"` (first trigger), `"high"` (last), or null (inside, or no finite cost).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gridEdge } from "./page_answer.ts";
 *
 * assert.equal(gridEdge({ triggers: [1, 2, 3], costMean: [3, 2, 1] }), "high");
 * assert.equal(gridEdge({ triggers: [1, 2, 3], costMean: [2, 1, 2] }), null);
 * ```
 */
export function gridEdge(
  curves: Pick<AnswerCurves, "triggers" | "costMean">,
): "low" | "high" | null {
  const best = argminTrigger(curves.triggers, curves.costMean);
  if (best === null || curves.triggers.length < 2) return null;
  if (best.index === 0) return "low";
  if (best.index === curves.triggers.length - 1) return "high";
  return null;
}

/**
 * The grid-edge warning in words, or null when the optimum is inside the grid.
 *
 * @param texts The language's table.
 * @param curves Mean cost per trigger.
 * @param edge The edge, when the analysis says so already. @default {computed from the curves}
 * @returns One sentence, or null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { gridEdgeWarning } from "./page_answer.ts";
 * import { TEXTS } from "./texts.ts";
 *
 * const curves = { triggers: [100_000, 200_000], costMean: [2, 1] };
 * assert.match(gridEdgeWarning(TEXTS.en, curves)!, /upper end of the trigger range \(200K\)/);
 * ```
 */
export function gridEdgeWarning(
  texts: PageScriptTexts,
  curves: Pick<AnswerCurves, "triggers" | "costMean">,
  edge: "low" | "high" | null = gridEdge(curves),
): string | null {
  if (edge === null) return null;
  const n = curves.triggers.length;
  const trigger = _tok(edge === "low" ? curves.triggers[0] : curves.triggers[n - 1]);
  return fillText(edge === "low" ? texts.gridEdgeLow : texts.gridEdgeHigh, { trigger });
}
