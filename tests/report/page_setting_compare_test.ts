/**
 * The page's default | current | recommended table, the sentence on whether the setting took
 * effect (both languages), and the timeline's mark of the setting's change. The fixture's
 * recommendation is 80K at $1.100 (tests/report/_fixture.ts); the other numbers are set here and
 * the expected cells worked by hand in the comments.
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { renderReport } from "../../lib/report/render_report.ts";
import { fixtureInputs, fixtureReport, fixtureSums } from "./_fixture.ts";
import type { MeasuredOffset, SettingPoint } from "../../lib/trigger/setting_comparison.ts";

function _page(edit: (r: ReturnType<typeof fixtureReport>) => void = () => {}, extra = {}) {
  const sums = fixtureSums();
  const inputs = fixtureInputs();
  const report = fixtureReport(sums, inputs);
  edit(report);
  const html = renderReport({ report, sums, inputs, script: "void 0;", ...extra });
  return parseHTML(html).document;
}

function _text(el: Element | null): string {
  return (el?.textContent ?? "").replace(/\s+/g, " ").trim();
}

const CURRENT: SettingPoint = {
  autoCompactWindow: 300_000,
  pctOverride: null,
  source: "user",
  key: "autoCompactWindow",
  effectiveWindow: 200_000,
  triggerTokens: 167_000,
  costPerMillion: 1.375,
  timeShare: 0.02,
  curve: "interpolated",
  savingVsCurrent: 0,
};

const OFFSET: MeasuredOffset = {
  status: "measured",
  since: "2026-11-03T09:00:00.000Z",
  sinceSource: "settingsFile",
  compactions: 12,
  medianInputTokens: 168_200,
  window: 200_000,
  expectedTriggerTokens: 167_000,
  offsetTokens: 31_800,
  assumedOffsetTokens: 33_000,
  differenceTokens: -1_200,
  tookEffect: true,
  usedForRecommendation: false,
};

Deno.test("compare: three columns with their costs and savings, in both languages", () => {
  const document = _page((r) => {
    r.recommendation.current = CURRENT;
    // 1 − 1.1 / 1.375 = 0.2.
    r.recommendation.savingVsCurrent = 0.2;
    r.recommendation.measuredOffset = OFFSET;
  });
  const en = document.querySelector("#setting .l-en table.setting-compare")!;
  const rows = [...en.querySelectorAll("tbody tr")].map((tr) =>
    [...tr.children].map((c) => _text(c))
  );
  assert.deepEqual(
    [...en.querySelectorAll("thead th")].map((c) => _text(c)),
    ["", "default", "current", "recommended"],
  );
  // The fixture's 200K window: default 167K; its recommendation 80K + 33,000 = 113,000.
  assert.deepEqual(rows[0], ["autoCompactWindow", "not set (200,000)", "300,000", "113,000"]);
  assert.deepEqual(rows[2], ["set in", "nothing set", "your settings.json", "this analysis"]);
  assert.deepEqual(rows[3], ["trigger", "167K", "167K", "80K"]);
  assert.deepEqual(rows[4].slice(2), ["$1.375", "$1.100"]);
  assert.deepEqual(rows[6].slice(2), ["–", "20.0%"]);
  const sentence = _text(document.querySelector("#setting .l-en .took-effect"));
  assert.equal(
    sentence,
    "Did it take effect? Yes: the 12 automatic compactions since 2026-11-03 (when the settings " +
      "file last changed) have a median C of 168.2K against a window of 200K: an offset of " +
      "31.8K, within 5K of the assumed 33K.",
  );
  const zh = document.querySelector("#setting .l-zh")!;
  assert.deepEqual(
    [...zh.querySelectorAll("table.setting-compare thead th")].map((c) => _text(c)),
    ["", "默认", "当前", "推荐"],
  );
  assert.match(
    _text(zh.querySelector(".took-effect")),
    /生效了：自 2026-11-03（设置文件最后修改的时间）以来的 12 次自动压缩/,
  );
});

Deno.test("compare: a setting that did not take effect, and one not read", () => {
  const no = _page((r) => {
    r.recommendation.current = CURRENT;
    r.recommendation.measuredOffset = {
      ...OFFSET,
      medianInputTokens: 16_200,
      offsetTokens: 183_800,
      differenceTokens: 150_800,
      tookEffect: false,
    };
  });
  assert.match(_text(no.querySelector("#setting .l-en .took-effect")), /^Did it take effect\? No:/);
  assert.match(_text(no.querySelector("#setting .l-zh .took-effect")), /没有/);
  // The fixture reads no settings: default and recommended only, and the page says so.
  const unread = _page();
  const heads = [...unread.querySelectorAll("#setting .l-en table.setting-compare thead th")];
  assert.deepEqual(heads.map((c) => _text(c)), ["", "default", "recommended"]);
  assert.match(_text(unread.querySelector("#setting .l-en")), /were not read for this page/);
  assert.equal(unread.querySelector("#setting .took-effect"), null);
});

Deno.test("timeline: the setting's change is said and drawn as a rule in both languages", () => {
  const day = 86_400_000;
  const rows = [0, 1, 2, 3].map((d) => ({
    timeMs: Date.UTC(2026, 10, 1) + d * day,
    inputTokens: 167_500,
    trigger: "auto" as const,
    model: "m",
  }));
  const changed = Date.UTC(2026, 10, 2, 12);
  const document = _page(undefined, {
    timeline: {
      rows,
      unplaced: 0,
      configuredLevel: 167_000,
      autoCompactWindow: 200_000,
      settingChangedMs: changed,
    },
  });
  const en = document.querySelector("#timeline .l-en")!;
  assert.match(_text(en), /The dotted vertical line marks 2026-11-02, when the setting in use/);
  assert.match(en.innerHTML, />changed<\/text>/);
  assert.match(en.innerHTML, />setting last changed</);
  assert.match(document.querySelector("#timeline .l-zh")!.innerHTML, />修改<\/text>/);
  // A change outside the dates drawn is said but not drawn.
  const outside = _page(undefined, {
    timeline: {
      rows,
      unplaced: 0,
      configuredLevel: 167_000,
      settingChangedMs: Date.UTC(2027, 0, 1),
    },
  });
  assert.doesNotMatch(outside.querySelector("#timeline .l-en")!.innerHTML, />changed<\/text>/);
});
