/**
 * Default | current | recommended as a table and in words, for the text of `analyze`, `report`
 * and `setting` and for notebook 06 (the report page has its own bilingual version): each
 * column's window, trigger, cost per 1M tokens, time share and saving against the current
 * setting, and a sentence on whether the setting in use took effect. Pure.
 *
 * @module
 */

import type { Recommendation } from "./analyze.ts";
import type { MeasuredOffset, SettingPoint } from "./setting_comparison.ts";

/** What the table reads: the recommendation block of an analysis. */
export type SettingTableInput =
  & Pick<
    Recommendation,
    | "trigger"
    | "costPerMillion"
    | "timeShare"
    | "settings"
    | "resultingTrigger"
    | "current"
    | "default"
    | "savingVsCurrent"
    | "measuredOffset"
    | "contextWindow"
  >
  & Partial<Pick<Recommendation, "withheld">>;

/** One column of the table. */
export interface SettingColumn {
  /** `default`, `current` or `recommended`. */
  name: "default" | "current" | "recommended";
  /** The window, tokens (null: not set / none). */
  autoCompactWindow: number | null;
  /** The percentage override (null: none). */
  pctOverride: number | null;
  /** Where it came from (the recommendation: `recommended`). */
  source: string;
  /** Its automatic trigger, tokens (null: none). */
  triggerTokens: number | null;
  /** Mean cost per 1M tokens, USD (null: unknown). */
  costPerMillion: number | null;
  /** Mean share of agent time compacting, 0…1 (null: unknown). */
  timeShare: number | null;
  /** 1 − its cost / the current setting's cost (null: unknown). */
  savingVsCurrent: number | null;
  /**
   * The recommendation's settings are withheld (a low confidence grade without `--force`): its
   * window and override are not "none" but not given. Always false for the other columns.
   */
  withheld: boolean;
}

/**
 * Whether the recommendation's settings are withheld (a low grade without `--force`): a reason
 * is given and no settings.
 *
 * @param rec The recommendation block (its `withheld` and `settings`).
 * @returns True when withheld.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { settingsWithheld } from "./setting_table.ts";
 * assert.equal(settingsWithheld({ withheld: "low grade", settings: null }), true);
 * assert.equal(settingsWithheld({ withheld: null, settings: null }), false);
 * ```
 */
export function settingsWithheld(
  rec: { withheld?: string | null; settings?: unknown | null },
): boolean {
  return rec.withheld != null && rec.settings == null;
}

/**
 * The three columns (current left out when the setting was not read).
 *
 * @param rec The recommendation block.
 * @returns The columns, in the order default, current, recommended.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { settingColumns } from "./setting_table.ts";
 * const point = (window: number | null, trigger: number, cost: number, saving: number) => ({
 *   autoCompactWindow: window, pctOverride: null, source: window === null ? "default" as const : "user" as const,
 *   key: null, effectiveWindow: window ?? 1e6, triggerTokens: trigger, costPerMillion: cost,
 *   timeShare: 0.01, curve: "interpolated" as const, savingVsCurrent: saving });
 * const cols = settingColumns({
 *   trigger: 120000, costPerMillion: { mean: 0.3, p10: 0.3, p90: 0.3 },
 *   timeShare: { mean: 0.02, p10: 0.02, p90: 0.02 },
 *   settings: { autoCompactWindow: 153000, env: {} }, resultingTrigger: 120000,
 *   current: point(300000, 267000, 0.4, 0), default: point(null, 967000, 0.5, -0.25),
 *   savingVsCurrent: 0.25, measuredOffset: null, contextWindow: 1e6 });
 * assert.deepEqual(cols.map((c) => c.name), ["default", "current", "recommended"]);
 * assert.equal(cols[2].savingVsCurrent, 0.25);
 * ```
 */
export function settingColumns(rec: SettingTableInput): SettingColumn[] {
  const from = (name: "default" | "current", p: SettingPoint): SettingColumn => ({
    name,
    autoCompactWindow: p.autoCompactWindow,
    pctOverride: p.pctOverride,
    source: p.source,
    triggerTokens: p.triggerTokens,
    costPerMillion: p.costPerMillion,
    timeShare: p.timeShare,
    savingVsCurrent: p.savingVsCurrent,
    withheld: false,
  });
  const columns = [from("default", rec.default)];
  if (rec.current !== null) columns.push(from("current", rec.current));
  const pct = rec.settings?.env.CLAUDE_AUTOCOMPACT_PCT_OVERRIDE;
  columns.push({
    name: "recommended",
    autoCompactWindow: rec.settings?.autoCompactWindow ?? null,
    pctOverride: pct === undefined ? null : Number(pct),
    source: "recommended",
    triggerTokens: rec.resultingTrigger ?? rec.trigger,
    costPerMillion: rec.costPerMillion?.mean ?? null,
    timeShare: rec.timeShare?.mean ?? null,
    savingVsCurrent: rec.savingVsCurrent,
    withheld: settingsWithheld(rec),
  });
  return columns;
}

const _k = (v: number | null) =>
  v === null ? "n/a" : v >= 1e6 ? `${+(v / 1e6).toFixed(2)}M` : `${+(v / 1000).toFixed(1)}K`;
const _usd = (v: number | null) => (v === null ? "n/a" : `$${v.toFixed(3)}`);
const _pct = (v: number | null) => (v === null ? "n/a" : `${(v * 100).toFixed(1)}%`);

/** Where a setting came from, in words. */
export function settingSourceText(source: string, key: string | null = null): string {
  const where: Record<string, string> = {
    managed: "managed settings",
    file: "the --settings file",
    local: "the project's .claude/settings.local.json",
    project: "the project's .claude/settings.json",
    user: "your settings.json",
    env: "the environment",
    default: "nothing set (Claude Code's default)",
    recommended: "this analysis",
  };
  const how = key === "env"
    ? " (its env block)"
    : key === "modelSettings"
    ? " (modelSettings, per model)"
    : "";
  return `${where[source] ?? source}${source === "env" ? "" : how}`;
}

/**
 * The table as text lines.
 *
 * @param rec The recommendation block.
 * @returns Lines (a header, then one row per quantity).
 */
export function settingTableLines(rec: SettingTableInput): string[] {
  const cols = settingColumns(rec);
  const cell = (s: string) => s.padStart(14);
  const row = (label: string, f: (c: SettingColumn) => string) =>
    `  ${label.padEnd(20)}${cols.map((c) => cell(f(c))).join("")}`;
  const lines = [
    row("", (c) => c.name),
    row(
      "autoCompactWindow",
      (c) =>
        c.withheld
          ? "withheld"
          : c.autoCompactWindow === null
          ? (c.name === "default" ? `(${_k(rec.default.effectiveWindow)})` : "none")
          : String(c.autoCompactWindow),
    ),
    row(
      "pct override",
      (c) => (c.withheld ? "withheld" : c.pctOverride === null ? "-" : `${c.pctOverride}%`),
    ),
    row("trigger", (c) => _k(c.triggerTokens)),
    row("cost per 1M", (c) => _usd(c.costPerMillion)),
    row("time share", (c) => _pct(c.timeShare)),
    row("saving vs current", (c) => (c.name === "current" ? "-" : _pct(c.savingVsCurrent))),
  ];
  const outside = [rec.default, rec.current].filter((p) => p !== null && p.curve === "outside");
  if (outside.length > 0) {
    lines.push(
      `  (n/a: ${outside.map((p) => _k(p!.triggerTokens)).join(" and ")} lies outside the ` +
        `replayed grid; widen it with --trigger-from/--trigger-to to price it)`,
    );
  }
  return lines;
}

/**
 * Whether the setting in use took effect, in one English sentence (null when nothing was read).
 *
 * @param rec The recommendation block.
 * @returns The sentence, or null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tookEffectSentence } from "./setting_table.ts";
 * const m = { status: "measured" as const, since: "2026-09-01T00:00:00.000Z",
 *   sinceSource: "settingsFile" as const, compactions: 54, medianInputTokens: 267900,
 *   window: 300000, expectedTriggerTokens: 267000, offsetTokens: 32100,
 *   assumedOffsetTokens: 33000, differenceTokens: -900, tookEffect: true,
 *   usedForRecommendation: false };
 * assert.match(tookEffectSentence(m)!, /^Yes: the 54 automatic compactions since 2026-09-01/);
 * ```
 */
export function tookEffectSentence(m: MeasuredOffset | null): string | null {
  if (m === null) return null;
  const since = m.since === null
    ? "in the whole history"
    : `since ${m.since.slice(0, 10)}${
      m.sinceSource === "settingsFile" ? " (when the settings file last changed)" : " (--since)"
    }`;
  switch (m.status) {
    case "noWindow":
      return "Whether the setting took effect cannot be told: no window is known.";
    case "noDate":
      return "Whether the setting took effect cannot be told: the window comes from the " +
        "environment, whose change time is unknown; give --since DATE (when you set it).";
    case "tooFew":
      return `Whether the setting took effect cannot be told yet: ${m.compactions} automatic ` +
        `compaction${m.compactions === 1 ? "" : "s"} ${since}, at least 5 are needed.`;
  }
  const median = _k(m.medianInputTokens);
  if (m.offsetTokens === null) {
    return m.tookEffect
      ? `Yes: the ${m.compactions} automatic compactions ${since} have a median C of ${median}, ` +
        `within 5K of the ${_k(m.expectedTriggerTokens)} the percentage override should give.`
      : `No: the ${m.compactions} automatic compactions ${since} have a median C of ${median}, ` +
        `not the ${_k(m.expectedTriggerTokens)} the percentage override should give.`;
  }
  const head = `the ${m.compactions} automatic compactions ${since} have a median C of ${median}` +
    ` against a window of ${_k(m.window)}: an offset of ${_k(m.offsetTokens)} (assumed: ` +
    `${_k(m.assumedOffsetTokens)})`;
  if (!m.tookEffect) {
    return `No: ${head}, far from any offset the arithmetic allows, so the compactions do not ` +
      `follow this window (another setting, a release that ignores it, or a window the model ` +
      `caps).`;
  }
  return m.usedForRecommendation
    ? `Yes, with another offset: ${head}; the recommended window uses the measured offset.`
    : `Yes: ${head}, within 5K of the assumed one.`;
}

/**
 * Default | current | recommended as a Markdown table with the sentence on whether the setting
 * took effect, for a notebook (`await Deno.jupyter.md\`${settingTableMarkdown(rec)}\``): notebook
 * 06 shows it beside its own figures.
 *
 * @param rec The recommendation block of an analysis (`analyzeTrigger(…).report.recommendation`,
 * with `settings: readSettingsSnapshot(…)` among the options for the current column).
 * @returns Markdown text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { settingTableMarkdown } from "./setting_table.ts";
 * const point = { autoCompactWindow: null, pctOverride: null, source: "default" as const,
 *   key: null, effectiveWindow: 1e6, triggerTokens: 967000, costPerMillion: null,
 *   timeShare: null, curve: "outside" as const, savingVsCurrent: null };
 * const md = settingTableMarkdown({
 *   trigger: 120000, costPerMillion: { mean: 0.3, p10: 0.3, p90: 0.3 },
 *   timeShare: { mean: 0.02, p10: 0.02, p90: 0.02 },
 *   settings: { autoCompactWindow: 153000, env: {} }, resultingTrigger: 120000,
 *   current: null, default: point, savingVsCurrent: null, measuredOffset: null,
 *   contextWindow: 1e6 });
 * assert.match(md, /^\| \| default \| recommended \|$/m);
 * assert.match(md, /^\| trigger \| 967K \| 120K \|$/m);
 * ```
 */
export function settingTableMarkdown(rec: SettingTableInput): string {
  const cols = settingColumns(rec);
  const row = (label: string, f: (c: SettingColumn) => string) =>
    `| ${label} | ${cols.map(f).join(" | ")} |`;
  const lines = [
    `| | ${cols.map((c) => c.name).join(" | ")} |`,
    `|---|${cols.map(() => "---:").join("|")}|`,
    row(
      "autoCompactWindow",
      (c) =>
        c.autoCompactWindow === null
          ? (c.name === "default" ? `not set (${_k(rec.default.effectiveWindow)})` : "none")
          : String(c.autoCompactWindow),
    ),
    row("pct override", (c) => (c.pctOverride === null ? "–" : `${c.pctOverride}%`)),
    row("set in", (c) => settingSourceText(c.source)),
    row("trigger", (c) => _k(c.triggerTokens)),
    row("cost per 1M", (c) => _usd(c.costPerMillion)),
    row("time share", (c) => _pct(c.timeShare)),
    row("saving vs current", (c) => (c.name === "current" ? "–" : _pct(c.savingVsCurrent))),
  ];
  const sentence = tookEffectSentence(rec.measuredOffset);
  if (sentence !== null) lines.push("", sentence);
  return lines.join("\n");
}
