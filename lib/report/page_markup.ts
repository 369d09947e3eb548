/**
 * What the report page's sections share: the context every section reads ({@linkcode PageContext}),
 * the filled and escaped texts, the markup of both languages, table rows, fact tables and the
 * page's number formats. Each section is a module `page_<section>.ts` that renders its markup
 * for one language's table; `renderReport` wraps it once per language.
 *
 * @module
 */
import type { PricingInputs } from "../trigger/price_curves.ts";
import type { ReplaySums } from "../trigger/replay.ts";
import type { TriggerReport } from "../trigger/analyze.ts";
import type { ModelsReport } from "../trigger/analyze_models.ts";
import type { CompactionTimelinePoint } from "../charts/compaction_timeline.ts";
import { escapeHtml } from "../charts/escape_html.ts";
import type { ReadCostReport } from "../readcost/report.ts";
import { formatNumber } from "./format_number.ts";
import type { AnswerCurves } from "./page_answer.ts";
import type { PoolPageInput } from "./page_pool.ts";
import { fillText, type Lang, LANG_TAGS, LANGS, type TextKey, TEXTS, type Texts } from "./texts.ts";

/**
 * The compaction timeline: every measured compaction (from `compactionTimelineRows` of
 * lib/trigger), how many could not be placed, and the configured trigger level with the
 * `autoCompactWindow` it comes from (both null or absent: no level drawn), and when the setting
 * in use last changed (ms since the epoch; null or absent: not drawn).
 */
export interface TimelineInput {
  rows: readonly CompactionTimelinePoint[];
  unplaced: number;
  configuredLevel?: number | null;
  autoCompactWindow?: number | null;
  settingChangedMs?: number | null;
}

/** `--model all`: the per-model document and the names shown for raw model ids. */
export interface ModelsInput {
  report: ModelsReport;
  displayNames?: Readonly<Record<string, string>>;
}

/** A count or amount with grouped digits (`digits` decimals, default 0). */
export const num = (x: number | null, digits = 0) => formatNumber(x, { digits });
/** Tokens, e.g. "16.2K". */
export const tok = (x: number | null) => formatNumber(x, { style: "tokens" });
/** A share as percent (`digits` decimals, default 1). */
export const pct = (x: number | null, digits = 1) => formatNumber(x, { style: "percent", digits });
/** US dollars (`digits` decimals, default 3). */
export const usd = (x: number | null, digits = 3) => formatNumber(x, { style: "usd", digits });
/** `digits` significant digits (default 3). */
export const sig = (x: number | null, digits = 3) =>
  formatNumber(x, { style: "significant", digits });

/** What every section needs beside its language's table. */
export interface PageContext {
  report: TriggerReport;
  sums: ReplaySums;
  inputs: PricingInputs;
  /** Display name (or raw id) of the model. */
  model: string;
  synthetic: boolean;
  readCost: ReadCostReport | undefined;
  /** The mean curves at the analysis prices. */
  curves: AnswerCurves;
  timeline: TimelineInput | undefined;
  models: ModelsInput | undefined;
  /** A pool of exports (`report --tables`): its answers and what it leaves out. */
  pool?: PoolPageInput;
}

/** Sessions of every kind: main, sub-agent and helper (a helper is counted, and listed, apart). */
export function sessionTotal(s: { main: number; subagent: number; helper?: number }): number {
  return s.main + s.subagent + (s.helper ?? 0);
}

/** A text of the table, filled and HTML-escaped. */
export function text(t: Texts, key: TextKey, values?: Record<string, string>): string {
  return escapeHtml(fillText(t[key], values));
}

/**
 * The same markup once per language, each in an element of class `l-en` / `l-zh` with its
 * `lang`; the style sheet shows the chosen language's only.
 */
export function inBoth(render: (t: Texts, lang: Lang) => string, inline = false): string {
  const tag = inline ? "span" : "div";
  return LANGS.map((lang) =>
    `<${tag} class="l-${lang}" lang="${LANG_TAGS[lang]}">${render(TEXTS[lang], lang)}</${tag}>`
  ).join(inline ? "" : "\n");
}

/** A `<li>` with a bold lead sentence. */
export function leadItem(
  t: Texts,
  lead: TextKey,
  body: string,
  values?: Record<string, string>,
): string {
  return `<li><strong>${text(t, lead, values)}</strong> ${body}</li>`;
}

export function tableRow(cells: string[], header = false): string {
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

export function factsTable(rows: [string, string][]): string {
  return `<table class="facts"><tbody>
${rows.map(([k, v]) => `<tr><th scope="row">${k}</th><td>${v}</td></tr>`).join("\n")}
</tbody></table>`;
}

export function corpusKind(t: Texts, synthetic: boolean, cap = false): string {
  return synthetic
    ? (cap ? t.kindSyntheticCap : t.kindSynthetic)
    : (cap ? t.kindRealCap : t.kindReal);
}

/** The mean curves of the report's replay points (null: NaN). */
export function meanCurves(report: TriggerReport): AnswerCurves {
  const orNaN = (x: number | null) => x ?? NaN;
  return {
    triggers: report.replay.map((p) => p.trigger),
    costMean: report.replay.map((p) => orNaN(p.costPerMillion.mean)),
    timeShareMean: report.replay.map((p) => orNaN(p.timeShare.mean)),
  };
}
