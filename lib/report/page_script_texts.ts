/**
 * The texts the page script uses, and only those: the page carries them as JSON
 * (`<script type="application/json" id="report-texts">`), so the bundled script holds no text and
 * a text edited needs no new bundle. The script's functions take {@linkcode PageScriptTexts}, so
 * the type checker refuses a text the list does not name.
 *
 * @module
 */
import { type Lang, LANGS, type TextKey, TEXTS, type Texts } from "./texts.ts";

/** The keys of the texts the page script shows (readout, answer, grid edge, figure, title). */
export const PAGE_SCRIPT_TEXT_KEYS = [
  "answerAlready",
  "answerCheaper",
  "answerLabel",
  "answerNoObserved",
  "answerNone",
  "chartAxisCost",
  "chartAxisShare",
  "chartAxisX",
  "chartLegendCost",
  "chartLegendCostWithoutRework",
  "chartLegendExtrapolated",
  "chartLegendNearOptimal",
  "chartLegendObserved",
  "chartLegendOptimum",
  "chartLegendOptimumWithoutRework",
  "chartLegendShare",
  "chartLegendTStar",
  "chartLegendTier",
  "chartMarkObserved",
  "chartMarkOptimum",
  "chartMarkOptimumWithoutRework",
  "chartMarkTStar",
  "chartMarkTier",
  "figureAria",
  "figureError",
  "gridEdgeHigh",
  "gridEdgeLow",
  "pageTitle",
  "rangeSentence",
  "rangeSentenceToCheapest",
  "readoutBest",
  "readoutNone",
  "readoutTStar",
  "readoutTStarOutside",
  "valueAlpha",
  "valueRho",
  "valueV",
] as const satisfies readonly TextKey[];

/** One language's texts of the page script. */
export type PageScriptTexts = Pick<Texts, (typeof PAGE_SCRIPT_TEXT_KEYS)[number]>;

/**
 * The page script's texts in every language, as the page embeds them.
 *
 * @returns By language, the texts of {@linkcode PAGE_SCRIPT_TEXT_KEYS}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pageScriptTexts } from "./page_script_texts.ts";
 * assert.equal(pageScriptTexts().zh.answerLabel, "一句话结论");
 * ```
 */
export function pageScriptTexts(): Record<Lang, PageScriptTexts> {
  const pick = (t: Texts) =>
    Object.fromEntries(PAGE_SCRIPT_TEXT_KEYS.map((k) => [k, t[k]])) as PageScriptTexts;
  return Object.fromEntries(LANGS.map((lang) => [lang, pick(TEXTS[lang])])) as Record<
    Lang,
    PageScriptTexts
  >;
}
