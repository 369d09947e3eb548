/**
 * The report page's default | current | recommended table (the setting section's second half):
 * each column's window, where it is set, its trigger, the mean cost per 1M tokens and time share
 * there, the saving against the current setting, and whether the setting in use took effect
 * (docs/method.md, "The setting in use", "Measured offset").
 *
 * @module
 */
import { escapeHtml } from "../charts/escape_html.ts";
import type { MeasuredOffset } from "../trigger/setting_comparison.ts";
import { type SettingColumn, settingColumns } from "../trigger/setting_table.ts";
import { num, type PageContext, pct, tableRow, text, tok, usd } from "./page_markup.ts";
import type { TextKey, Texts } from "./texts.ts";

const _SOURCE: Record<string, TextKey> = {
  managed: "cmpSourceManaged",
  file: "cmpSourceFile",
  local: "cmpSourceLocal",
  project: "cmpSourceProject",
  user: "cmpSourceUser",
  env: "cmpSourceEnv",
  default: "cmpSourceDefault",
  recommended: "cmpSourceRecommended",
};

/** The sentence on whether the setting in use took effect (null: nothing to say). */
export function tookEffectText(t: Texts, m: MeasuredOffset | null): string | null {
  if (m === null) return null;
  const date = m.since?.slice(0, 10) ?? "";
  const since = m.since === null
    ? text(t, "cmpSinceAll")
    : text(t, m.sinceSource === "since" ? "cmpSinceOption" : "cmpSinceFile", { date });
  const values = {
    n: String(m.compactions),
    since,
    median: tok(m.medianInputTokens),
    window: tok(m.window),
    offset: tok(m.offsetTokens),
    assumed: tok(m.assumedOffsetTokens),
    expected: tok(m.expectedTriggerTokens),
  };
  // `since` is already escaped: fill the rest, escape the template's own text around it.
  const fill = (key: TextKey) => {
    const marker = "\u0000since\u0000";
    return text(t, key, { ...values, since: marker }).replace(marker, since);
  };
  switch (m.status) {
    case "noWindow":
      return text(t, "cmpEffectNoWindow");
    case "noDate":
      return text(t, "cmpEffectNoDate");
    case "tooFew":
      return fill("cmpEffectTooFew");
  }
  if (m.offsetTokens === null) return fill(m.tookEffect ? "cmpEffectPctYes" : "cmpEffectPctNo");
  if (!m.tookEffect) return fill("cmpEffectNo");
  return fill(m.usedForRecommendation ? "cmpEffectOtherOffset" : "cmpEffectYes");
}

/**
 * Default | current | recommended as a table, and whether the setting took effect.
 *
 * @param t The language's table.
 * @param c The page context.
 * @returns Markup (empty when there is no recommendation block to compare).
 */
export function settingCompareSection(t: Texts, c: PageContext): string {
  const rec = c.report.recommendation;
  if (rec.default === undefined) return "";
  const columns = settingColumns(rec);
  const name = (col: SettingColumn) =>
    text(
      t,
      col.name === "default"
        ? "cmpColumnDefault"
        : col.name === "current"
        ? "cmpColumnCurrent"
        : "cmpColumnRecommended",
    );
  const window = (col: SettingColumn) =>
    col.withheld
      ? text(t, "cmpWithheld")
      : col.autoCompactWindow === null
      ? text(t, "cmpWindowNone", { window: num(rec.default.effectiveWindow) })
      : num(col.autoCompactWindow);
  const rows: [TextKey, (col: SettingColumn) => string][] = [
    ["cmpRowWindow", window],
    [
      "cmpRowPct",
      (col) =>
        col.withheld
          ? text(t, "cmpWithheld")
          : col.pctOverride === null
          ? "–"
          : `${col.pctOverride}%`,
    ],
    ["cmpRowSource", (col) => escapeHtml(t[_SOURCE[col.source]] ?? col.source)],
    ["cmpRowTrigger", (col) => tok(col.triggerTokens)],
    ["cmpRowCost", (col) => usd(col.costPerMillion)],
    ["cmpRowShare", (col) => pct(col.timeShare)],
    ["cmpRowSaving", (col) => (col.name === "current" ? "–" : pct(col.savingVsCurrent))],
  ];
  const parts = [
    `<p>${text(t, rec.current === null ? "cmpIntroUnread" : "cmpIntro")}</p>`,
    `<table class="setting-compare"><thead>${
      tableRow(["", ...columns.map(name)], true)
    }</thead><tbody>`,
    ...rows.map(([key, cell]) => tableRow([text(t, key), ...columns.map(cell)])),
    "</tbody></table>",
  ];
  const outside = [rec.default, rec.current].filter((p) => p !== null && p.curve === "outside");
  if (outside.length > 0) {
    parts.push(
      `<p class="note">${
        text(t, "cmpOutside", { triggers: outside.map((p) => tok(p!.triggerTokens)).join(", ") })
      }</p>`,
    );
  }
  const effect = tookEffectText(t, rec.measuredOffset);
  if (effect !== null) parts.push(`<p class="took-effect">${effect}</p>`);
  return parts.join("\n");
}
