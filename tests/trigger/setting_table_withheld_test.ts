/**
 * Default | current | recommended when the recommendation's settings are withheld (a low grade
 * without --force): its window and override read "withheld", not "none" beside a trigger of
 * 20K, in the text table and on the report page. Hand-made recommendation blocks.
 */
import assert from "node:assert/strict";
import { settingColumns, settingTableLines } from "../../lib/trigger/setting_table.ts";
import { settingCompareSection } from "../../lib/report/page_setting_compare.ts";
import { TEXTS } from "../../lib/report/texts.ts";
import type { PageContext } from "../../lib/report/page_markup.ts";

const point = (window: number | null, trigger: number, cost: number, saving: number) => ({
  autoCompactWindow: window,
  pctOverride: null,
  source: window === null ? "default" as const : "user" as const,
  key: null,
  effectiveWindow: window ?? 1e6,
  triggerTokens: trigger,
  costPerMillion: cost,
  timeShare: 0.01,
  curve: "interpolated" as const,
  savingVsCurrent: saving,
});

const rec = (
  settings: { autoCompactWindow: number | null; env: Record<string, string> } | null,
) => ({
  trigger: 20000,
  costPerMillion: { mean: 0.712, p10: 0.71, p90: 0.72 },
  timeShare: { mean: 0.142, p10: 0.14, p90: 0.15 },
  settings,
  resultingTrigger: 20000,
  current: point(null, 967000, 1.344, 0),
  default: point(null, 967000, 1.344, 0),
  savingVsCurrent: 0.47,
  measuredOffset: null,
  contextWindow: 1e6,
  withheld: settings === null ? "The settings are withheld: the answer's confidence is low" : null,
});

Deno.test("setting table: a withheld recommendation says so; a given one shows its window", () => {
  const withheld = settingTableLines(rec(null));
  assert.match(withheld[1], /^ {2}autoCompactWindow +\(1M\) +none +withheld$/);
  assert.match(withheld[2], /^ {2}pct override +- +- +withheld$/);
  assert.match(withheld[3], /^ {2}trigger +967K +967K +20K$/);
  assert.deepEqual(settingColumns(rec(null)).map((c) => c.withheld), [false, false, true]);
  // Given (say with --force): its own window, and "-" for no override.
  const given = settingTableLines(rec({ autoCompactWindow: 53000, env: {} }));
  assert.match(given[1], /^ {2}autoCompactWindow +\(1M\) +none +53000$/);
  assert.match(given[2], /^ {2}pct override +- +- +-$/);
  // A recommendation without settings and without a withheld reason (none to give): "none".
  const none = settingTableLines({ ...rec(null), withheld: null });
  assert.match(none[1], / none +none$/);
});

Deno.test("setting table on the page: the withheld cells in both languages", () => {
  const context = { report: { recommendation: rec(null) } } as unknown as PageContext;
  const en = settingCompareSection(TEXTS.en, context);
  assert.equal(en.split("withheld (low confidence)").length - 1, 2, en);
  const zh = settingCompareSection(TEXTS.zh, context);
  assert.equal(zh.split("暂不给出（置信度低）").length - 1, 2, zh);
  const given = settingCompareSection(TEXTS.en, {
    report: { recommendation: rec({ autoCompactWindow: 53000, env: {} }) },
  } as unknown as PageContext);
  assert.ok(!given.includes("withheld"), given);
  assert.match(given, /53,000/);
});
