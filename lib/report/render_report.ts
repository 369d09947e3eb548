/**
 * The whole report page as one self-contained HTML string, in English and Chinese: the answer in
 * a sentence, the figure with sliders for v, α and ρ that re-price the stored token sums in the
 * page, how to read it and where it can mislead, the corpus summary, the time-model fit table,
 * the checks, the steady-state T* beside the replay's optimum, how the numbers were made, the
 * formula with its symbols and, when given, the read-cost measurement of the same transcripts.
 *
 * Both languages are in the page (every text from `texts_en.ts` / `texts_zh.ts`); a switch
 * shows one. Without the script the page shows English. The page script picks the browser's
 * language (`navigator.language` starting with "zh": Chinese) unless the URL fragment names one
 * (`#lang=zh`, `#lang=en`), and writes the choice to the fragment so that a link opens in it.
 *
 * Where the issue was silent: the page is titled with the model's display name when the caller
 * passes one (`modelDisplayName`, e.g. from the price catalog) and the raw model id otherwise;
 * the Data volume table shows both. `synthetic: true` makes the page say "synthetic" where it
 * would say "real" and adds a note that the numbers describe no one's work.
 *
 * Pure: no clock, no file, no network. The same input gives byte-identical HTML. The page shows
 * aggregates only: it takes numbers from the report (never the reader's diagnostics, which it
 * does not embed) and the model name.
 *
 * @module
 */
import type { PricingInputs } from "../trigger/price_curves.ts";
import type { ReplaySums } from "../trigger/replay.ts";
import type { SteadyStateInputs } from "../trigger/steady_state.ts";
import type { TriggerReport } from "../trigger/analyze.ts";
import type { ReadCostReport } from "../readcost/report.ts";
import { PAGE_STYLE } from "./page_style.ts";
import { pageScriptTexts } from "./page_script_texts.ts";
import { cjkFontFace } from "./page_font.ts";
import { reportData } from "./report_data.ts";
import { checksSection } from "./page_checks.ts";
import { corpusSection } from "./page_corpus.ts";
import { figureSection } from "./page_figure.ts";
import { forgettingSection } from "./page_forgetting.ts";
import { fitSection } from "./page_fit.ts";
import { footerText } from "./page_footer.ts";
import { formulaSection } from "./page_formula.ts";
import { headerSection } from "./page_header.ts";
import { howToReadSection } from "./page_how_to_read.ts";
import {
  inBoth,
  meanCurves,
  type ModelsInput,
  type PageContext,
  text,
  type TimelineInput,
} from "./page_markup.ts";
import { methodSection } from "./page_method.ts";
import { misleadSection } from "./page_mislead.ts";
import { modelsSection } from "./page_models.ts";
import { confidenceBanner, rangeSection } from "./page_range.ts";
import { readCostSection } from "./page_read_cost.ts";
import { type PoolPageInput, poolSection } from "./page_pool.ts";
import { settingSection } from "./page_setting.ts";
import { settingCompareSection } from "./page_setting_compare.ts";
import { steadyStateSection } from "./page_steady_state.ts";
import { timelineSection } from "./page_timeline.ts";
import { type Lang, TEXTS, type Texts } from "./texts.ts";

export type { ModelsInput, TimelineInput } from "./page_markup.ts";
export type { PoolPageInput } from "./page_pool.ts";

/** What {@linkcode renderReport} needs. */
export interface RenderReportInput {
  /** The --json document of the trigger analysis (docs/schema/analyze.schema.json). */
  report: TriggerReport;
  /** The replay's token sums behind `report.replay`. */
  sums: ReplaySums;
  /** Prices, β, a, v and D that priced `report.replay`. */
  inputs: PricingInputs;
  /** The page script, bundled for the browser: `PAGE_SCRIPT` of `page_script.ts`. */
  script: string;
  /**
   * R, G, Δ and β for the page's T* (null: T* is not drawn).
   * @default {taken from `report.steadyState.inputs`; null when Δ is unknown}
   */
  steadyState?: SteadyStateInputs | null;
  /**
   * The model's name for people, e.g. "Claude Opus 5.5" (from the price catalog; the caller
   * looks it up). @default {the raw model id, `report.corpus.model`}
   */
  modelDisplayName?: string;
  /**
   * The input is the bundled synthetic corpus: the page says "synthetic", not "real", and
   * notes that the numbers describe no one's work. @default {false}
   */
  synthetic?: boolean;
  /** The read-cost measurement of the same transcripts: a section of its own. @default {none} */
  readCost?: ReadCostReport;
  /**
   * The compaction timeline: every measured compaction (from `compactionTimelineRows` of
   * lib/trigger), how many could not be placed, and the configured trigger level with the
   * `autoCompactWindow` it comes from (both null or absent: no level drawn). A section of its
   * own, drawn in each language. @default {no timeline section}
   */
  timeline?: TimelineInput;
  /**
   * `--model all`: the per-model document, shown as the comparison table and each model's answer
   * and setting; the rest of the page is `report`'s model. `displayNames` maps raw ids to the
   * names shown. @default {no per-model section}
   */
  models?: ModelsInput;
  /**
   * A TrueType font with CJK glyphs (`loadCjkFont`): the page embeds the subset of it that draws
   * its own Chinese characters (`cjkFontFace`), so the Chinese page reads on a machine without a
   * CJK font. @default {none: the page relies on the machine's fonts}
   */
  cjkFont?: Uint8Array;
  /**
   * A pool of exports (`report --tables`, docs/pool.md): a section with the contributors,
   * sessions and compactions behind the answer, the setting for everyone
   * (`managed-settings.json`) and for one user, and what a pool leaves out (the read cost, which
   * needs file texts). @default {no pool section}
   */
  pool?: PoolPageInput;
}

/** JSON that cannot end its `<script>` element or open a comment inside it. */
function _jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * Script text safe inside `<script>`: `</script` and `<!--` (which change how the HTML parser
 * reads script text) become `\x3C/script` and `\x3C!--`. Both occur in a minified bundle only
 * inside string, template or regular-expression literals, where `\x3C` means the same `<`.
 */
function _scriptForHtml(script: string): string {
  return script.replace(/<(\/script|!--)/gi, "\\x3C$1");
}

/** The page's v when the analysis has v = ∞: 10⁶ tokens/s (an 8K-token summary takes 8 ms). */
export const PAGE_V_WITHOUT_SUMMARY_TIME = 1e6;

/**
 * Renders the report page. The embedded data holds the replay sums and pricing inputs (typed
 * arrays as plain arrays) in `<script type="application/json" id="report-data">`; the page
 * script re-prices them when a slider moves. Text is HTML-escaped; the JSON and the script are
 * escaped so that neither can end its `<script>` element early.
 *
 * @param input The report, its replay sums and pricing inputs, the bundled page script, and
 *   optionally the model's display name, the synthetic flag and the read-cost report.
 * @returns The HTML document.
 * @throws {RangeError} When the sums do not have workloads × triggers cells.
 *
 * @example From transcripts to the page (a small synthetic corpus; the script is a stand-in)
 * ```ts
 * import assert from "node:assert/strict";
 * import { generateCorpus } from "../../data-synthetic/generate_corpus.ts";
 * import { PROFILES } from "../../data-synthetic/profiles.ts";
 * import { corpusFromText } from "../transcript/mod.ts";
 * import { analyzeTrigger } from "../trigger/mod.ts";
 * import { renderReport } from "./render_report.ts";
 *
 * const corpus = corpusFromText([...generateCorpus(PROFILES.small, 1)]);
 * const analysis = await analyzeTrigger(corpus, {
 *   workloads: 4,
 *   triggerTo: 200_000,
 *   a: 1e-4, // given: the small profile has too few compactions to fit the time model
 *   v: 80,
 * });
 * const script = "console.log('page script');";
 * const html = renderReport({ ...analysis, script, modelDisplayName: "Claude Opus 5.5" });
 * assert.match(html, /<title>When should Claude Opus 5\.5 compact\? \| Context Compaction Threshold<\/title>/);
 * assert.match(html, /<span class="l-zh" lang="zh-Hans">Claude Opus 5\.5 何时该压缩上下文？<\/span>/);
 * assert.equal(html, renderReport({ ...analysis, script, modelDisplayName: "Claude Opus 5.5" }));
 * ```
 */
export function renderReport(input: RenderReportInput): string {
  const { report, sums, script } = input;
  // v = ∞ (the constrained time fit found that summary size adds no time) cannot travel in
  // JSON nor span a slider: the page uses a v at which a summary takes no measurable time.
  const inputs = Number.isFinite(input.inputs.v)
    ? input.inputs
    : { ...input.inputs, v: PAGE_V_WITHOUT_SUMMARY_TIME };
  const ss = report.steadyState.inputs;
  const steadyState = input.steadyState !== undefined
    ? input.steadyState
    : ss.meanGrowthTokens === null
    ? null
    : {
      postContext: ss.postContextTokens,
      summaryTokens: ss.summaryTokens,
      meanGrowth: ss.meanGrowthTokens,
      beta: ss.beta,
    };
  const displayName = input.modelDisplayName?.trim() || undefined;
  const data = reportData(sums, inputs, {
    model: report.corpus.model,
    steadyState,
    observedTrigger: report.corpus.observedTrigger,
    // Hand-made documents without support draw no extrapolated zone.
    ...(report.replay.every((p) => p.support !== undefined)
      ? { extrapolated: report.replay.map((p) => p.support.extrapolated) }
      : {}),
    ...(displayName === undefined ? {} : { modelDisplayName: displayName }),
  });
  const c: PageContext = {
    report,
    sums,
    inputs,
    model: displayName ?? report.corpus.model,
    synthetic: input.synthetic === true,
    readCost: input.readCost,
    curves: meanCurves(report),
    timeline: input.timeline,
    models: input.models,
    ...(input.pool === undefined ? {} : { pool: input.pool }),
  };
  const section = (id: string, render: (t: Texts, lang: Lang) => string) =>
    `<section id="${id}">\n${inBoth(render)}\n</section>`;
  const body = `<main>
${headerSection(c)}
${
    c.report.steadyState.confidence.grade === "low"
      ? `<section id="confidence">\n${inBoth((t) => confidenceBanner(t, c))}\n</section>\n`
      : ""
  }${c.models === undefined ? "" : section("models", (t) => modelsSection(t, c)) + "\n"}${
    figureSection(c)
  }
${section("setting", (t) => settingSection(t, c) + "\n" + settingCompareSection(t, c))}
${c.pool === undefined ? "" : section("pool", (t) => poolSection(t, c)) + "\n"}${
    section("range", (t) => rangeSection(t, c))
  }
${
    report.rework === undefined
      ? ""
      : section("forgetting", (t) => forgettingSection(t, report)) + "\n"
  }${
    c.timeline === undefined
      ? ""
      : section("timeline", (t, lang) => timelineSection(t, lang, c)) + "\n"
  }${section("how-to-read", (t) => howToReadSection(t))}
${section("mislead", (t) => misleadSection(t, c))}
${section("corpus", (t) => corpusSection(t, c))}
${section("fit", (t) => fitSection(t, report))}
${section("checks", (t) => checksSection(t, report))}
${section("steady-state", (t) => steadyStateSection(t, report))}
${section("method", (t) => methodSection(t, c))}
${section("formula", (t) => formulaSection(t, report))}
${
    c.readCost === undefined
      ? ""
      : section("read-cost", (t) => readCostSection(t, c.readCost!)) + "\n"
  }<footer>
${inBoth((t) => footerText(t, report))}
</footer>
</main>`;
  const title = text(TEXTS.en, "pageTitle", { model: c.model });
  return `<!doctype html>
<html lang="en" data-lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>${
    input.cjkFont === undefined
      ? ""
      : cjkFontFace(input.cjkFont, title + body + JSON.stringify(pageScriptTexts()))
  }${PAGE_STYLE}</style>
</head>
<body>
${body}
<script type="application/json" id="report-data">${_jsonForScript(data)}</script>
<script type="application/json" id="report-texts">${_jsonForScript(pageScriptTexts())}</script>
<script type="module">${_scriptForHtml(script)}</script>
</body>
</html>
`;
}
