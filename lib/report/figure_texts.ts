/**
 * The texts of `figure.svg` / `figure.png` in a language (`deno task report --lang en|zh`):
 * title, subtitle, axis, marker and legend labels from the page's text tables, for
 * `triggerFigure` of lib/charts (and of timeline.svg/png, for `compactionTimelineFigure`), and what the PNG needs to draw them (the Chinese font).
 *
 * @module
 */
import type { TriggerFigureOptions } from "../charts/trigger_figure.ts";
import type { TriggerPlotLabels } from "../charts/trigger_plot.ts";
import type {
  CompactionTimelineLabels,
  CompactionTimelineOptions,
} from "../charts/compaction_timeline.ts";
import { CJK_FONT, loadCjkFont } from "./cjk_font.ts";
import { triggerPlotLabels } from "./plot_labels.ts";
import { fillText, type Lang, TEXTS } from "./texts.ts";

/** The figure options that depend on the language. */
export type TriggerFigureTexts =
  & Required<
    Pick<TriggerFigureOptions, "title" | "subtitle" | "charWidth" | "fontFamily">
  >
  & { labels: TriggerPlotLabels };

/** The charts' default font list (see lib/charts/render.ts). */
const _LATIN_FONTS = "DejaVu Sans, system-ui, sans-serif";

/**
 * The figure's texts in a language.
 *
 * For Chinese, the legend is spaced for wide characters (11 px per character on average for
 * mixed Chinese and Latin labels at 12 px, against 7 for Latin text) and the font list names the Chinese font after DejaVu Sans, so that Latin
 * letters and digits keep the English figure's look and Chinese characters fall to the font
 * that has them.
 *
 * @param lang `"en"` or `"zh"`.
 * @param modelName The model's display name (or raw id) for the title.
 * @returns Title, subtitle, labels, legend spacing and font list for `triggerFigure`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { triggerFigureTexts } from "./figure_texts.ts";
 *
 * assert.equal(triggerFigureTexts("en", "Claude Opus 5.5").title, "When should Claude Opus 5.5 compact?");
 * assert.equal(triggerFigureTexts("zh", "Claude Opus 5.5").labels.markOptimum, "最低费用");
 * ```
 */
export function triggerFigureTexts(lang: Lang, modelName: string): TriggerFigureTexts {
  const t = TEXTS[lang];
  return {
    title: fillText(t.heading, { model: modelName }),
    subtitle: t.chartSubtitle,
    charWidth: lang === "zh" ? 11 : 7,
    fontFamily: lang === "zh" ? `DejaVu Sans, ${CJK_FONT.family}, sans-serif` : _LATIN_FONTS,
    labels: triggerPlotLabels(t),
  };
}

/**
 * The extra font files a PNG of the figure needs in a language: none for English, the Chinese
 * font for Chinese (read from its npm package only then). Pass them to the PNG renderer:
 * `svgToPng(svg, { fontFiles })`.
 *
 * @param lang `"en"` or `"zh"`.
 * @returns TrueType font bytes, possibly none.
 *
 * @example English needs none
 * ```ts
 * import assert from "node:assert/strict";
 * import { figureFontFiles } from "./figure_texts.ts";
 *
 * assert.deepEqual(await figureFontFiles("en"), []);
 * ```
 */
export async function figureFontFiles(lang: Lang): Promise<Uint8Array[]> {
  return lang === "zh" ? [await loadCjkFont()] : [];
}

/** The timeline options that depend on the language. */
export type TimelineFigureTexts =
  & Required<
    Pick<CompactionTimelineOptions, "title" | "subtitle" | "charWidth" | "fontFamily">
  >
  & { labels: CompactionTimelineLabels; dateTick?: (date: Date) => string };

/** A Chinese date tick, UTC: `9月2日`, or `6时` for a tick inside a day. */
function _zhDateTick(date: Date): string {
  const h = date.getUTCHours();
  return h === 0 && date.getUTCMinutes() === 0
    ? `${date.getUTCMonth() + 1}月${date.getUTCDate()}日`
    : `${h}时`;
}

/**
 * The compaction timeline's texts in a language (timeline.svg/png and the page's drawing), with
 * the same legend spacing and font list as {@linkcode triggerFigureTexts}.
 *
 * @param lang `"en"` or `"zh"`.
 * @returns Title, subtitle, labels, legend spacing and font list for `compactionTimelineFigure`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { timelineFigureTexts } from "./figure_texts.ts";
 *
 * assert.equal(timelineFigureTexts("en").labels.legendAuto, "automatic");
 * assert.equal(timelineFigureTexts("zh").labels.legendAuto, "自动");
 * assert.equal(timelineFigureTexts("zh").dateTick?.(new Date(Date.UTC(2026, 8, 2))), "9月2日");
 * ```
 */
export function timelineFigureTexts(lang: Lang): TimelineFigureTexts {
  const t = TEXTS[lang];
  return {
    title: t.timelineTitle,
    subtitle: t.timelineSubtitle,
    charWidth: lang === "zh" ? 11 : 7,
    fontFamily: lang === "zh" ? `DejaVu Sans, ${CJK_FONT.family}, sans-serif` : _LATIN_FONTS,
    labels: {
      axisX: t.timelineAxisX,
      axisY: t.timelineAxisY,
      legendAuto: t.timelineLegendAuto,
      legendManual: t.timelineLegendManual,
      legendUnknown: t.timelineLegendUnknown,
      legendOther: t.timelineLegendOther,
      legendConfigured: t.timelineLegendConfigured,
      markConfigured: t.timelineMarkConfigured,
      legendChanged: t.timelineLegendChanged,
      markChanged: t.timelineMarkChanged,
    },
    // Plot's own ticks are English month names; Chinese gets month and day in numbers.
    ...(lang === "zh" ? { dateTick: _zhDateTick } : {}),
  };
}
