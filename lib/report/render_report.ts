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
import type { ModelsReport } from "../trigger/analyze_models.ts";
import {
  compactionTimelineFigure,
  type CompactionTimelinePoint,
} from "../charts/compaction_timeline.ts";
import { timelineFigureTexts } from "./figure_texts.ts";
import type { ReadCostReport } from "../readcost/report.ts";
import { RESULT_KINDS, type ResultKind } from "../readcost/classify.ts";
import { formatNumber } from "./format_number.ts";
import { type AnswerCurves, answerSentence, gridEdge, gridEdgeWarning } from "./page_answer.ts";
import { PAGE_STYLE } from "./page_style.ts";
import { reportData } from "./report_data.ts";
import {
  fillText,
  type Lang,
  LANG_NAMES,
  LANG_TAGS,
  LANGS,
  type TextKey,
  TEXTS,
  type Texts,
} from "./texts.ts";

/** What {@linkcode renderReport} needs. */
export interface RenderReportInput {
  /** The --json document of the trigger analysis (docs/schema/analyze.schema.json). */
  report: TriggerReport;
  /** The replay's token sums behind `report.replay`. */
  sums: ReplaySums;
  /** Prices, β, a, v and D that priced `report.replay`. */
  inputs: PricingInputs;
  /** The page script, bundled for the browser (see `bundleScript`). */
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
  timeline?: {
    rows: readonly CompactionTimelinePoint[];
    unplaced: number;
    configuredLevel?: number | null;
    autoCompactWindow?: number | null;
  };
  /**
   * `--model all`: the per-model document, shown as the comparison table and each model's answer
   * and setting; the rest of the page is `report`'s model. `displayNames` maps raw ids to the
   * names shown. @default {no per-model section}
   */
  models?: { report: ModelsReport; displayNames?: Readonly<Record<string, string>> };
}

/** A range input's bounds and step. */
interface _Range {
  min: number;
  max: number;
  step: number;
}

function _escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
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

function _floorNice(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  return Math.floor(x / p) * p;
}

function _ceilNice(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  return Math.ceil(x / p - 1e-9) * p;
}

function _round(x: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return +x.toFixed(decimals);
}

/** Slider ranges around the analysis values (always containing them). */
function _ranges(inputs: PricingInputs): { v: _Range; alpha: _Range; rho: _Range } {
  const v = inputs.v, alpha = inputs.prices.alpha, rho = inputs.prices.rho;
  const vStep = v >= 20 ? 0.5 : v >= 2 ? 0.1 : _floorNice(v / 20);
  return {
    v: { min: _round(_floorNice(v / 5), vStep), max: _round(_ceilNice(v * 4), vStep), step: vStep },
    alpha: {
      min: _round(Math.min(0.005, alpha), 0.001),
      max: _round(Math.max(0.3, _ceilNice(alpha * 2)), 0.001),
      step: 0.001,
    },
    rho: {
      min: _round(Math.min(1, rho), 0.1),
      max: _round(Math.max(15, _ceilNice(rho * 2)), 0.1),
      step: 0.1,
    },
  };
}

const _n = (x: number | null, digits = 0) => formatNumber(x, { digits });
const _tok = (x: number | null) => formatNumber(x, { style: "tokens" });
const _pct = (x: number | null, digits = 1) => formatNumber(x, { style: "percent", digits });
const _usd = (x: number | null, digits = 3) => formatNumber(x, { style: "usd", digits });
const _sig = (x: number | null, digits = 3) => formatNumber(x, { style: "significant", digits });

/** What every section needs beside its language's table. */
interface _Context {
  report: TriggerReport;
  sums: ReplaySums;
  inputs: PricingInputs;
  /** Display name (or raw id) of the model. */
  model: string;
  synthetic: boolean;
  readCost: ReadCostReport | undefined;
  /** The mean curves at the analysis prices. */
  curves: AnswerCurves;
  timeline: RenderReportInput["timeline"];
  models: RenderReportInput["models"];
}

/** Sessions of every kind: main, sub-agent and helper (a helper is counted, and listed, apart). */
function _sessionTotal(s: { main: number; subagent: number; helper?: number }): number {
  return s.main + s.subagent + (s.helper ?? 0);
}

/** A text of the table, filled and HTML-escaped. */
function _t(t: Texts, key: TextKey, values?: Record<string, string>): string {
  return _escape(fillText(t[key], values));
}

/**
 * The same markup once per language, each in an element of class `l-en` / `l-zh` with its
 * `lang`; the style sheet shows the chosen language's only.
 */
function _both(render: (t: Texts, lang: Lang) => string, inline = false): string {
  const tag = inline ? "span" : "div";
  return LANGS.map((lang) =>
    `<${tag} class="l-${lang}" lang="${LANG_TAGS[lang]}">${render(TEXTS[lang], lang)}</${tag}>`
  ).join(inline ? "" : "\n");
}

/** A `<li>` with a bold lead sentence. */
function _lead(t: Texts, lead: TextKey, body: string, values?: Record<string, string>): string {
  return `<li><strong>${_t(t, lead, values)}</strong> ${body}</li>`;
}

function _row(cells: string[], header = false): string {
  const tag = header ? "th" : "td";
  return "<tr>" +
    cells.map((c, i) =>
      i === 0
        ? `<th scope="${header ? "col" : "row"}">${c}</th>`
        : `<${tag} class="num">${c}</${tag}>`
    )
      .join("") +
    "</tr>";
}

function _facts(rows: [string, string][]): string {
  return `<table class="facts"><tbody>
${rows.map(([k, v]) => `<tr><th scope="row">${k}</th><td>${v}</td></tr>`).join("\n")}
</tbody></table>`;
}

function _kind(t: Texts, synthetic: boolean, cap = false): string {
  return synthetic
    ? (cap ? t.kindSyntheticCap : t.kindSynthetic)
    : (cap ? t.kindRealCap : t.kindReal);
}

function _slider(
  id: "v" | "alpha" | "rho",
  label: TextKey,
  hint: (t: Texts) => string,
  range: _Range,
  value: number,
): string {
  return `<div class="control">
<label for="slider-${id}">${
    _both((t) => _t(t, label), true)
  }<output id="value-${id}" for="slider-${id}"></output></label>
<input type="range" id="slider-${id}" min="${range.min}" max="${range.max}" step="${range.step}" value="${value}">
<div class="hint">${_both(hint, true)}</div>
</div>`;
}

function _langSwitch(): string {
  const buttons = LANGS.map((lang) =>
    `<button type="button" data-set-lang="${lang}" lang="${LANG_TAGS[lang]}" aria-pressed="${
      lang === "en"
    }">${_escape(LANG_NAMES[lang])}</button>`
  ).join("");
  return `<nav class="lang-switch" aria-label="${_escape(TEXTS.en.languageLabel)} / ${
    _escape(TEXTS.zh.languageLabel)
  }">${buttons}</nav>`;
}

function _header(c: _Context): string {
  const r = c.report.corpus;
  const edge = (c.report.steadyState as { argminAtGridEdge?: boolean }).argminAtGridEdge === false
    ? null
    : gridEdge(c.curves);
  const warning = _both((t) => _escape(gridEdgeWarning(t, c.curves, edge) ?? ""));
  return `<header>
${_langSwitch()}
<h1>${_both((t) => _t(t, "heading", { model: c.model }), true)}</h1>
<div id="answer" class="answer" aria-live="polite">${
    _both((t) =>
      `<span class="answer-label">${_t(t, "answerLabel")}</span> <span class="answer-text">${
        _escape(answerSentence(t, c.curves, r.observedTrigger))
      }</span>`
    )
  }</div>
<p id="grid-edge" class="warning"${edge === null ? " hidden" : ""}>${warning}</p>
${
    c.synthetic
      ? `<p id="synthetic-note" class="synthetic-note">${
        _both((t) => _t(t, "syntheticNote"), true)
      }</p>\n`
      : ""
  }<p class="lede">${
    _both((t) =>
      _t(t, "lede", {
        requests: _n(r.requests),
        kind: _kind(t, c.synthetic),
        sessions: _n(_sessionTotal(r.sessions)),
        hours: _n(r.workHours, 0),
      }), true)
  }</p>
</header>`;
}

function _figureSection(c: _Context): string {
  const { inputs, report } = c;
  const r = _ranges(inputs);
  const pm = inputs.prices.inputUsdPerMillion;
  const observed = report.corpus.observedTrigger;
  const triggers = c.sums.triggers;
  const aria = fillText(TEXTS.en.figureAria, {
    from: _tok(triggers[0]),
    to: _tok(triggers[triggers.length - 1]),
    answer: answerSentence(TEXTS.en, c.curves, observed),
  });
  return `<section id="figure-section" aria-labelledby="figure-title">
<div class="chart-sticky">
<h2 id="figure-title" class="figure-title">${_both((t) => _t(t, "figureTitle"), true)}</h2>
<div id="figure" role="img" aria-label="${_escape(aria)}"><noscript>${
    _both((t) => _t(t, "figureNoScript"), true)
  }</noscript></div>
</div>
<ul class="legend">
<li><span class="swatch band cost"></span>${_both((t) => _t(t, "legendCost"), true)}</li>
<li><span class="swatch band share"></span>${_both((t) => _t(t, "legendShare"), true)}</li>
${
    observed === null
      ? ""
      : `<li><span class="swatch dashed observed"></span>${
        _both((t) => _t(t, "legendObserved", { trigger: _tok(observed) }), true)
      }</li>\n`
  }<li><span class="swatch dot optimum"></span>${_both((t) => _t(t, "legendOptimum"), true)}</li>
<li><span class="swatch dotted tstar"></span>${_both((t) => _t(t, "legendTStar"), true)}</li>
</ul>
<div class="controls">
${_slider("v", "sliderV", (t) => _t(t, "sliderVHint"), r.v, inputs.v)}
${
    _slider(
      "alpha",
      "sliderAlpha",
      (t) => _t(t, "sliderAlphaHint", { price: _usd(inputs.prices.alpha * pm) }),
      r.alpha,
      inputs.prices.alpha,
    )
  }
${
    _slider(
      "rho",
      "sliderRho",
      (t) => _t(t, "sliderRhoHint", { price: _usd(inputs.prices.rho * pm, 2) }),
      r.rho,
      inputs.prices.rho,
    )
  }
<div class="control-row"><button type="button" id="reset">${
    _both((t) => _t(t, "reset"), true)
  }</button>
<span>${
    _both((t) =>
      _t(t, "fixedNote", {
        pm: _usd(pm, 2),
        omega: _sig(inputs.prices.omega),
        a: _sig(inputs.a * 1000),
      }), true)
  }</span></div>
</div>
<p id="readout" class="readout" aria-live="polite"></p>
</section>`;
}

/** The recommended trigger, what it saves, how sure it is, and the setting that gives it. */
function _setting(t: Texts, c: _Context): string {
  const rec = c.report.recommendation;
  const spread = c.report.steadyState.argminSpread;
  const budget = rec.maxTimeShare === null ? null : _pct(rec.maxTimeShare);
  const parts = [`<h2>${_t(t, "sectionSetting")}</h2>`];
  if (rec.trigger === null) {
    parts.push(`<p>${budget === null ? _t(t, "recNone") : _t(t, "recNoneBudget", { budget })}</p>`);
    return parts.join("\n");
  }
  const chosen = {
    trigger: _tok(rec.trigger),
    cost: _usd(rec.costPerMillion?.mean ?? null),
    share: _pct(rec.timeShare?.mean ?? null),
  };
  let lead = budget === null
    ? _t(t, "recCheapest", chosen)
    : _t(t, "recBudget", { ...chosen, budget });
  const at = rec.atObservedTrigger;
  if (at !== null && rec.savingVsObservedTrigger !== null) {
    lead += " " + _t(t, rec.savingVsObservedTrigger >= 0 ? "recSaving" : "recDearer", {
      observed: _tok(at.trigger),
      observedCost: _usd(at.costPerMillion),
      observedShare: _pct(at.timeShare),
      saving: _pct(Math.abs(rec.savingVsObservedTrigger)),
    });
  }
  parts.push(`<p class="recommendation-lead">${lead}</p>`);
  if (spread.p10 !== null && spread.p90 !== null) {
    parts.push(
      `<p class="argmin-spread">${
        _t(t, "recSpread", {
          p10: _tok(spread.p10),
          p90: _tok(spread.p90),
          p50: _tok(spread.p50),
          workloads: _n(spread.workloads),
        })
      }</p>`,
    );
  }
  const window = rec.settings.autoCompactWindow;
  if (rec.kind === "notReachable" || window === null) {
    parts.push(`<p>${_t(t, "recNotReachable", { window: _n(rec.contextWindow) })}</p>`);
  } else {
    if (rec.kind === "percentOverride") parts.push(`<p>${_t(t, "recPercent")}</p>`);
    const source: TextKey = rec.contextWindowSource === "catalog"
      ? "recWindowCatalog"
      : rec.contextWindowSource === "option"
      ? "recWindowOption"
      : "recWindowDefault";
    const snippet: Record<string, unknown> = { autoCompactWindow: window };
    if (Object.keys(rec.settings.env).length > 0) snippet.env = rec.settings.env;
    parts.push(
      `<p>${
        _t(t, "recSettingsIntro", { window: _n(rec.contextWindow), source: fillText(t[source]) })
      }</p>`,
      `<pre class="snippet settings-json"><code>${
        _escape(JSON.stringify(snippet, null, 2))
      }</code></pre>`,
      `<p>${_t(t, "recEnvIntro")}</p>`,
      `<pre class="snippet env-line"><code>${_escape(rec.environment.join("\n"))}</code></pre>`,
    );
  }
  if (rec.arithmetic !== null) {
    parts.push(`<p>${_t(t, "recArithmetic")} <code>${_escape(rec.arithmetic)}</code></p>`);
  }
  parts.push(`<p class="note">${_t(t, "recCaveat")}</p>`);
  return parts.join("\n");
}

/** Each measured compaction's C by date, drawn in the language of `t`. */
function _timeline(t: Texts, lang: Lang, c: _Context): string {
  const tl = c.timeline!;
  const parts = [`<h2>${_t(t, "sectionTimeline")}</h2>`, `<p>${_t(t, "timelineIntro")}</p>`];
  if (tl.rows.length === 0) {
    parts.push(`<p>${_t(t, "timelineNone")}</p>`);
    return parts.join("\n");
  }
  const level = tl.configuredLevel ?? null;
  if (level !== null && tl.autoCompactWindow != null) {
    parts.push(
      `<p>${
        _t(t, "timelineConfigured", { window: _n(tl.autoCompactWindow), trigger: _tok(level) })
      }</p>`,
    );
  }
  // The SVG is the charts' own output (text escaped there); inline, it scales with the column.
  const svg = compactionTimelineFigure(tl.rows, {
    ...timelineFigureTexts(lang),
    configuredLevel: level,
  });
  parts.push(`<div class="timeline-figure">${svg}</div>`);
  if (tl.unplaced > 0) {
    parts.push(`<p class="note">${_t(t, "timelineUnplaced", { n: _n(tl.unplaced) })}</p>`);
  }
  return parts.join("\n");
}

/** `--model all`: the comparison table and each model's answer and setting. */
function _models(t: Texts, c: _Context): string {
  const doc = c.models!.report;
  const names = c.models!.displayNames ?? {};
  const name = (model: string) => _escape(names[model] ?? model);
  const band = (b: { mean: number | null; p10: number | null; p90: number | null } | null) =>
    b === null ? "–" : `${_usd(b.mean)} (${_usd(b.p10)}–${_usd(b.p90)})`;
  const rows = doc.comparison.map((r) =>
    _row([
      name(r.model),
      _n(r.sessions),
      _n(r.requests),
      _tok(r.billedTokens),
      r.observedTrigger === null ? "–" : _tok(r.observedTrigger),
      r.cheapestTrigger === null
        ? "–"
        : `${_tok(r.cheapestTrigger)}${r.argminAtGridEdge ? "*" : ""}`,
      band(r.cheapestCostPerMillion),
      r.tStarTokens === null ? "–" : _tok(r.tStarTokens),
      _pct(r.timeShareAtCheapest?.mean ?? null),
      _pct(r.savingVsObservedTrigger),
    ])
  );
  const answers = doc.models.map((entry) => {
    if (!("analysis" in entry)) {
      return `<li><strong>${name(entry.model)}</strong> ${_t(t, "modelsNotAnalysed")}</li>`;
    }
    const a = entry.analysis;
    const sentence = _escape(answerSentence(t, _curves(a), a.corpus.observedTrigger));
    const rec = a.recommendation;
    const window = rec.settings.autoCompactWindow;
    const env = Object.entries(rec.settings.env).map(([k, v]) => `${k}=${v}`).join(" ");
    const setting = rec.kind === null || rec.kind === "notReachable" || window === null
      ? _t(t, "modelsSettingNone")
      : env === ""
      ? _t(t, "modelsSetting", { window: String(window) })
      : _t(t, "modelsSettingPercent", { window: String(window), env });
    return `<li><strong>${name(entry.model)}</strong> ${sentence} ${setting}</li>`;
  });
  const main = names[c.report.corpus.model] ?? c.report.corpus.model;
  return `<h2>${_t(t, "sectionModels")}</h2>
<p>${_t(t, "modelsIntro", { model: main })}</p>
<table class="models"><thead>${
    _row([
      _t(t, "modelsColumnModel"),
      _t(t, "modelsColumnSessions"),
      _t(t, "modelsColumnRequests"),
      _t(t, "modelsColumnBilled"),
      _t(t, "modelsColumnObserved"),
      _t(t, "modelsColumnCheapest"),
      _t(t, "modelsColumnCost"),
      _t(t, "modelsColumnTStar"),
      _t(t, "modelsColumnShare"),
      _t(t, "modelsColumnSaving"),
    ], true)
  }</thead><tbody>
${rows.join("\n")}
</tbody></table>
${
    doc.comparison.some((r) => r.argminAtGridEdge)
      ? `<p class="note">${_t(t, "modelsEdge")}</p>\n`
      : ""
  }<ul class="model-answers">
${answers.join("\n")}
</ul>`;
}

function _howToRead(t: Texts): string {
  return `<h2>${_t(t, "sectionRead")}</h2>
<ul>
${_lead(t, "readLeftLead", _t(t, "readLeft"))}
${_lead(t, "readRightLead", _t(t, "readRight"))}
${_lead(t, "readBendLead", _t(t, "readBend"))}
${_lead(t, "readSlidersLead", _t(t, "readSliders"))}
${_lead(t, "readQualityLead", _t(t, "readQuality"))}
</ul>`;
}

function _mislead(t: Texts, c: _Context): string {
  const observed = c.report.corpus.observedTrigger;
  const near = observed === null
    ? _t(t, "extrapolatedNone")
    : _t(t, "extrapolatedNear", { observed: _tok(observed) });
  return `<h2>${_t(t, "sectionMislead")}</h2>
<ul>
${_lead(t, "modelledLead", _t(t, "modelled"))}
${
    _lead(
      t,
      "extrapolatedLead",
      `${near} ${_t(t, "extrapolatedBands", { workloads: _n(c.report.options.workloads) })}`,
    )
  }
${_lead(t, "repriceLead", _t(t, "reprice"))}
${_lead(t, "unmeasuredLead", _t(t, "unmeasured"))}
${_lead(t, "differLead", _t(t, "differ"))}
${_lead(t, "agentTimeLead", _t(t, "agentTime"))}
</ul>`;
}

function _corpus(t: Texts, ctx: _Context): string {
  const c = ctx.report.corpus;
  const mix = c.billingMix;
  const compactions = c.compactions.auto + c.compactions.manual;
  const model = ctx.model === c.model
    ? _escape(c.model)
    : `${_escape(ctx.model)} <span class="note">(${_escape(c.model)})</span>`;
  return `<h2>${_t(t, "sectionCorpus")}</h2>
${
    _facts([
      [_t(t, "rowModel"), model],
      [
        _t(t, "rowSessions"),
        (c.sessions.helper ?? 0) > 0
          ? _t(t, "valueSessionsHelpers", {
            total: _n(_sessionTotal(c.sessions)),
            main: _n(c.sessions.main),
            subagent: _n(c.sessions.subagent),
            helper: _n(c.sessions.helper ?? 0),
          })
          : _t(t, "valueSessions", {
            total: _n(_sessionTotal(c.sessions)),
            main: _n(c.sessions.main),
            subagent: _n(c.sessions.subagent),
          }),
      ],
      [_t(t, "rowRequests"), _n(c.requests)],
      [
        _t(t, "rowWork"),
        _t(t, "valueWork", { hours: _n(c.workHours, 1), idle: _n(c.idleLimitSeconds) }),
      ],
      [
        _t(t, "rowCompactions"),
        _t(t, "valueCompactions", {
          total: _n(compactions),
          auto: _n(c.compactions.auto),
          manual: _n(c.compactions.manual),
          timed: _n(c.compactions.timed),
        }),
      ],
      [
        _t(t, "rowObserved"),
        c.observedTrigger === null
          ? _t(t, "valueNoneSeen")
          : _t(t, "valueObserved", { trigger: _tok(c.observedTrigger) }),
      ],
      [_t(t, "rowDivisor"), _t(t, "valueMillion", { million: _n(c.billedTokens / 1e6, 1) })],
      [
        _t(t, "rowMix"),
        _t(t, "valueMix", {
          read: _pct(mix.cacheRead),
          write1h: _pct(mix.cacheWrite1h),
          write5m: _pct(mix.cacheWrite5m),
          input: _pct(mix.input),
          output: _pct(mix.output),
        }),
      ],
      [_t(t, "rowOmega"), _sig(c.omega)],
      [
        _t(t, "rowLeftOut"),
        _t(t, "valueLeftOut", {
          other: _n(c.excludedSessions.otherModel),
          none: _n(c.excludedSessions.noTargetModel),
          malformed: _n(c.malformedLines),
        }),
      ],
      [_t(t, "rowFiles"), _t(t, "valueFiles", { files: _n(c.files), mb: _n(c.bytes / 1e6, 1) })],
    ])
  }`;
}

function _fit(t: Texts, report: TriggerReport): string {
  const f = report.fit;
  const note = (formula: string) => ` <span class="note">${formula}</span>`;
  const missing = (name: TextKey, formula: string) =>
    _row([`${_t(t, name)}${note(formula)}`, "–", "–", _t(t, "fitNotFitted"), "–"]);
  const r2 = (x: number | null) => formatNumber(x, { digits: 2 });
  const rows = [
    f.both === null ? missing("fitBoth", "t_c = a·C + G/v") : _row([
      `${_t(t, "fitBoth")}${note("t_c = a·C + G/v")}`,
      _sig(f.both.a * 1000),
      _sig(f.both.v),
      r2(f.both.rSquared),
      _n(f.both.n),
    ]),
    f.summaryOnly === null ? missing("fitSummaryOnly", "t_c = G/v") : _row([
      `${_t(t, "fitSummaryOnly")}${note("t_c = G/v")}`,
      "–",
      _sig(f.summaryOnly.v),
      r2(f.summaryOnly.rSquared),
      _n(f.summaryOnly.n),
    ]),
    f.inputOnly === null ? missing("fitInputOnly", "t_c = a·C") : _row([
      `${_t(t, "fitInputOnly")}${note("t_c = a·C")}`,
      _sig(f.inputOnly.a * 1000),
      "–",
      r2(f.inputOnly.rSquared),
      _n(f.inputOnly.n),
    ]),
  ];
  const av = {
    a: _sig(report.timeModel.aSecondsPerToken * 1000),
    v: _sig(report.timeModel.vTokensPerSecond),
  };
  const source = f.timeModelSource === "fit"
    ? _t(t, "fitSourceFit", av)
    : _t(t, "fitSourceOptions", av) +
      (f.timeModelError === null ? "" : ` ${_t(t, "fitFailed", { error: f.timeModelError })}`);
  const s = f.summaryModel;
  const given = (part: keyof typeof f.compactionModelSource) =>
    f.compactionModelSource[part] === "options" ? ` ${_t(t, "givenOption")}` : "";
  const summary = s.method === "options"
    ? _t(t, "summaryOptions", { g0: _n(s.g0) })
    : s.method === "linear"
    ? _t(t, "summaryLinear", {
      g0: _n(s.g0),
      sign: s.g1 < 0 ? "−" : "+",
      g1: _sig(Math.abs(s.g1), 3),
      n: _n(s.n),
      r2: r2(s.rSquared),
    })
    : _t(t, "summaryMedian", { g0: _n(s.g0), n: _n(s.n) });
  const facts: [string, string][] = [
    [_t(t, "rowSummary"), summary],
    [_t(t, "rowPost"), _t(t, "valuePost", { prefix: _n(f.postPrefix) }) + given("postPrefix")],
    [_t(t, "rowBeta"), _pct(f.beta) + given("beta")],
    [_t(t, "rowCPost"), _pct(f.cPost) + given("cPost")],
  ];
  if (f.compactionModelError !== null) {
    facts.push([_t(t, "rowNotFitted"), _escape(f.compactionModelError)]);
  }
  facts.push([
    _t(t, "rowDelta"),
    f.meanGrowthTokens === null ? "–" : _t(t, "valueTokens", { tokens: _n(f.meanGrowthTokens) }),
  ]);
  return `<h2>${_t(t, "sectionFit")}</h2>
<p>${_t(t, "fitIntro")}</p>
<table class="fit"><thead>${
    _row([_t(t, "fitColumnRegressors"), _t(t, "fitColumnA"), _t(t, "fitColumnV"), "R²", "n"], true)
  }</thead><tbody>
${rows.join("\n")}
</tbody></table>
<p class="note">${source}</p>
<h3>${_t(t, "sectionLeftBehind")}</h3>
${_facts(facts)}`;
}

function _checks(t: Texts, report: TriggerReport): string {
  const ch = report.checks;
  const at = ch.replayAtObservedTrigger;
  const growth = ch.permuteKeepsGrowth;
  const row = (head: string, value: string, note: string) =>
    `<tr><th scope="row">${head}</th><td class="num">${value}</td><td>${note}</td></tr>`;
  const rows = [
    row(
      _t(t, "checkBill"),
      _t(t, "valuePerMillion", { cost: _usd(ch.observedBill.costPerMillion) }),
      _t(t, "checkBillNote", { compaction: _usd(ch.observedBill.compactionCostPerMillion) }),
    ),
    at === null ? row(_t(t, "checkReplay"), "–", _t(t, "checkReplayNone")) : row(
      _t(t, "checkReplay"),
      _t(t, "valuePerMillion", { cost: _usd(at.costPerMillion) }),
      _t(t, "checkReplayNote", {
        trigger: _tok(at.trigger),
        ratio: formatNumber(at.ratioToObservedBill, { digits: 3 }),
      }),
    ),
  ];
  if (growth !== null) {
    rows.push(row(
      _t(t, "checkGrowth"),
      _t(t, "valueMismatches", { n: _n(growth.mismatches) }),
      _t(t, "checkGrowthNote", {
        workloads: _n(growth.workloads),
        cells: _n(growth.workloads * growth.sessions),
      }),
    ));
  }
  return `<h2>${_t(t, "sectionChecks")}</h2>
<p>${_t(t, "checksIntro")}</p>
<table class="checks"><tbody>
${rows.join("\n")}
</tbody></table>`;
}

function _steadyState(t: Texts, report: TriggerReport): string {
  const s = report.steadyState;
  const i = s.inputs;
  const row = (head: string, value: string, note: string) =>
    `<tr><th scope="row">${head}</th><td class="num">${value}</td><td>${note}</td></tr>`;
  return `<h2>${_t(t, "sectionSteady")}</h2>
<table class="facts"><tbody>
${
    row(
      _t(t, "steadyRow"),
      _tok(s.tStarTokens),
      _t(t, "steadyNote", {
        r: _tok(i.postContextTokens),
        g: _tok(i.summaryTokens),
        delta: _n(i.meanGrowthTokens),
        beta: _pct(i.beta),
      }),
    )
  }
${row(_t(t, "steadyReplay"), _tok(s.replayArgminTokens), _t(t, "steadyReplayNote"))}
${
    s.argminSpread.p10 === null || s.argminSpread.p90 === null ? "" : row(
      _t(t, "steadySpread"),
      `${_tok(s.argminSpread.p10)}–${_tok(s.argminSpread.p90)}`,
      _t(t, "steadySpreadNote", {
        workloads: _n(s.argminSpread.workloads),
        p50: _tok(s.argminSpread.p50),
      }),
    )
  }
${
    row(
      _t(t, "steadyRatio"),
      formatNumber(s.ratio, { digits: 2 }),
      _t(t, "steadyRatioNote"),
    )
  }
</tbody></table>`;
}

function _method(t: Texts, c: _Context): string {
  const o = c.report.options;
  const r = c.report.corpus;
  const triggers = c.sums.triggers;
  return `<h2>${_t(t, "sectionMethod")}</h2>
<p>${_t(t, "methodShort")}</p>
<ul>
${
    _lead(
      t,
      "methodRequestsLead",
      _t(t, "methodRequests", {
        requests: _n(r.requests),
        kind: _kind(t, c.synthetic),
        model: c.model,
      }),
      { Kind: _kind(t, c.synthetic, true) },
    )
  }
${_lead(t, "methodCompactionsLead", _t(t, "methodCompactions", { timed: _n(r.compactions.timed) }))}
${
    _lead(
      t,
      "methodWorkloadsLead",
      _t(t, "methodWorkloads", {
        block: _n(o.blockSize),
        method: o.method,
        seed: String(o.seed),
        workloads: _n(o.workloads),
      }) + (o.blockSizeChosen ? " " + _t(t, "methodBlockChosen", { block: _n(o.blockSize) }) : ""),
    )
  }
${
    _lead(
      t,
      "methodReplayLead",
      _t(t, "methodReplay", {
        n: _n(triggers.length),
        from: _tok(triggers[0]),
        to: _tok(triggers[triggers.length - 1]),
      }),
    )
  }
${
    _lead(
      t,
      "methodStepLead",
      _t(t, o.compactionStepShare === "kept" ? "methodStepKept" : "methodStepPrevious"),
    )
  }
</ul>
<h3>${_t(t, "sectionCost")}</h3>
<p>${_t(t, "costBody", { million: _n(r.billedTokens / 1e6, 1) })}</p>`;
}

function _formula(t: Texts, report: TriggerReport): string {
  const p = report.prices;
  const line = (label: TextKey, expression: string) =>
    `<span><span class="formula-label">${_t(t, label)}:</span> ${expression}</span>`;
  const symbols: [string, string][] = [
    ["x", _t(t, "symbolX")],
    ["y", _t(t, "symbolY")],
    ["c", _t(t, "symbolC")],
    ["p_m / p_c / p_o", _t(t, "symbolPrices", { pm: _usd(p.inputUsdPerMillion, 2) })],
    ["α", _t(t, "symbolAlpha", { alpha: _sig(p.alpha) })],
    ["ρ", _t(t, "symbolRho", { rho: _sig(p.rho) })],
    ["B", _t(t, "symbolB")],
    ["ω", _t(t, "symbolOmega", { omega: _sig(p.omega) })],
    ["C", _t(t, "symbolCK")],
    ["T / R", _t(t, "symbolTR")],
    ["Δ", _t(t, "symbolDelta")],
    ["G", _t(t, "symbolG")],
    ["β", _t(t, "symbolBeta")],
    ["a", _t(t, "symbolA")],
    ["v", _t(t, "symbolV")],
    ["N_c / t_c / W", _t(t, "symbolNTW")],
  ];
  return `<h2>${_t(t, "sectionFormula")}</h2>
<p>${_t(t, "formulaIntro")}</p>
<div class="formula">
${line("formulaRequest", "Q(x, c, y) = p_m · [ω(1 − c) + αc] · x + p_o · y")}
${line("formulaRatios", "α = p_c / p_m, ρ = p_o / p_m, B = ω(1 − β) + αβ")}
${line("formulaTotal", _t(t, "formulaTotalExpression"))}
${line("formulaTime", "t_c = a · C + G / v")}
${line("formulaShare", "N_c(T) · t_c(T) / [W + N_c(T) · t_c(T)]")}
${line("formulaSteady", "T* ≈ R + √( 2Δ · (BR + ρG) / α )")}
</div>
<dl class="symbols">
${symbols.map(([dt, dd]) => `<dt>${_escape(dt)}</dt><dd>${dd}</dd>`).join("\n")}
</dl>
<h3>${_t(t, "sectionMoves")}</h3>
<ul>
${_lead(t, "movesCacheLead", _t(t, "movesCache"))}
${_lead(t, "movesGrowthLead", _t(t, "movesGrowth"))}
${_lead(t, "movesSummaryLead", _t(t, "movesSummary"))}
${_lead(t, "movesWritingLead", _t(t, "movesWriting"))}
${_lead(t, "movesNeedLead", _t(t, "movesNeed"))}
</ul>`;
}

/** The table's name of each read-cost result kind. */
const _KIND_KEYS: Record<ResultKind, TextKey> = {
  "bulk-read": "readCostKindBulk",
  "targeted-read": "readCostKindTargeted",
  "search": "readCostKindSearch",
  "subagent": "readCostKindSubagent",
  "other": "readCostKindOther",
  "unmatched": "readCostKindUnmatched",
};

function _readCost(t: Texts, rc: ReadCostReport): string {
  // Shares in the report are percent already (100 × part / observed input).
  const share = (tokens: number, percent: number | null) =>
    `${_tok(tokens)} (${percent === null ? "–" : _pct(percent / 100)})`;
  const row = (
    name: string,
    results: number,
    x: { oneShotTokens: number; carriedTokens: number } & {
      oneShotPercentOfObservedInput: number | null;
      carriedPercentOfObservedInput: number | null;
    },
  ) =>
    _row([
      name,
      _n(results),
      share(x.oneShotTokens, x.oneShotPercentOfObservedInput),
      share(x.carriedTokens, x.carriedPercentOfObservedInput),
    ]);
  const rows = RESULT_KINDS.map((kind) => {
    const k = rc.byKind[kind];
    return row(_t(t, _KIND_KEYS[kind]), k.results, k);
  });
  rows.push(row(`<strong>${_t(t, "readCostAll")}</strong>`, rc.allResults.results, rc.allResults));
  rows.push(row(
    _t(t, "readCostCandidates", { minChars: _n(rc.thresholds.minChars) }),
    rc.candidates.results,
    rc.candidates,
  ));
  return `<h2>${_t(t, "sectionReadCost")}</h2>
<p>${_t(t, "readCostIntro")}</p>
<p>${
    _t(t, "readCostFiles", {
      read: _n(rc.files.read),
      minTurns: _n(rc.thresholds.minTurns),
      included: _n(rc.files.included),
      excluded: _n(rc.files.excludedBelowMinTurns),
    })
  } ${
    _t(t, "readCostTokens", {
      input: _n(rc.tokens.observedInputTokens),
      output: _n(rc.tokens.outputTokens),
    })
  }</p>
<table class="readcost"><thead>${
    _row([
      _t(t, "readCostColumnKind"),
      _t(t, "readCostColumnResults"),
      _t(t, "readCostColumnOneShot"),
      _t(t, "readCostColumnCarried"),
    ], true)
  }</thead><tbody>
${rows.join("\n")}
</tbody></table>`;
}

function _footer(t: Texts, report: TriggerReport): string {
  const o = report.options;
  return _t(t, "footer", {
    schema: String(report.schemaVersion),
    workloads: _n(o.workloads),
    method: o.method,
    block: _n(o.blockSize),
    seed: String(o.seed),
    from: _tok(o.triggerFrom),
    to: _tok(o.triggerTo),
    step: _tok(o.triggerStep),
    idle: _n(o.idleLimitSeconds),
  });
}

/** The mean curves of the report's replay points (null: NaN). */
function _curves(report: TriggerReport): AnswerCurves {
  const num = (x: number | null) => x ?? NaN;
  return {
    triggers: report.replay.map((p) => p.trigger),
    costMean: report.replay.map((p) => num(p.costPerMillion.mean)),
    timeShareMean: report.replay.map((p) => num(p.timeShare.mean)),
  };
}

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
  const { report, sums, inputs, script } = input;
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
    ...(displayName === undefined ? {} : { modelDisplayName: displayName }),
  });
  const c: _Context = {
    report,
    sums,
    inputs,
    model: displayName ?? report.corpus.model,
    synthetic: input.synthetic === true,
    readCost: input.readCost,
    curves: _curves(report),
    timeline: input.timeline,
    models: input.models,
  };
  const section = (id: string, render: (t: Texts, lang: Lang) => string) =>
    `<section id="${id}">\n${_both(render)}\n</section>`;
  return `<!doctype html>
<html lang="en" data-lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${_t(TEXTS.en, "pageTitle", { model: c.model })}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
${_header(c)}
${c.models === undefined ? "" : section("models", (t) => _models(t, c)) + "\n"}${_figureSection(c)}
${section("setting", (t) => _setting(t, c))}
${c.timeline === undefined ? "" : section("timeline", (t, lang) => _timeline(t, lang, c)) + "\n"}${
    section("how-to-read", (t) => _howToRead(t))
  }
${section("mislead", (t) => _mislead(t, c))}
${section("corpus", (t) => _corpus(t, c))}
${section("fit", (t) => _fit(t, report))}
${section("checks", (t) => _checks(t, report))}
${section("steady-state", (t) => _steadyState(t, report))}
${section("method", (t) => _method(t, c))}
${section("formula", (t) => _formula(t, report))}
${
    c.readCost === undefined
      ? ""
      : section("read-cost", (t) => _readCost(t, c.readCost!)) + "\n"
  }<footer>
${_both((t) => _footer(t, report))}
</footer>
</main>
<script type="application/json" id="report-data">${_jsonForScript(data)}</script>
<script type="module">${_scriptForHtml(script)}</script>
</body>
</html>
`;
}
