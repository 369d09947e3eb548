/**
 * The page's new blocks: the recommended setting with its saving and spread, helpers in the
 * session totals, the timeline section and its notes. Expected numbers worked by hand in the
 * comments.
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { renderReport } from "../../lib/report/render_report.ts";
import { fixtureInputs, fixtureReport, fixtureSums } from "./_fixture.ts";

function _page(edit: (r: ReturnType<typeof fixtureReport>) => void = () => {}, extra = {}) {
  const sums = fixtureSums();
  const inputs = fixtureInputs();
  const report = fixtureReport(sums, inputs);
  edit(report);
  const html = renderReport({ report, sums, inputs, script: "void 0;", ...extra });
  return { html, document: parseHTML(html).document };
}

function _text(el: Element | null): string {
  return (el?.textContent ?? "").replace(/\s+/g, " ").trim();
}

Deno.test("setting: the snippet, the environment line, the saving and the spread, in both languages", () => {
  const { document } = _page((r) => {
    // Mean 1.1 at 80K against 1.375 at the observed 267.9K: 1 − 1.1 / 1.375 = 0.2 → 20.0%.
    r.recommendation.atObservedTrigger = {
      trigger: 267_900,
      costPerMillion: 1.375,
      timeShare: 0.02,
      between: [260_000, 280_000],
    };
    r.recommendation.savingVsObservedTrigger = 0.2;
    r.steadyState.argminSpread = {
      p10: 60_000,
      p50: 80_000,
      p90: 120_000,
      method: "sessions-and-blocks",
      draws: 4,
      workloads: 4,
      seed: 1,
    };
    r.steadyState.argminSpreadBlocks = { p10: 60_000, p50: 80_000, p90: 120_000, workloads: 4 };
  });
  const en = document.querySelector("#setting .l-en")!;
  const zh = document.querySelector("#setting .l-zh")!;
  // 80K + 33,000 = 113,000 lies inside 100,000 … 200,000: the window alone.
  for (const block of [en, zh]) {
    assert.equal(
      _text(block.querySelector("pre.settings-json")),
      '{ "autoCompactWindow": 113000 }',
    );
    assert.equal(
      _text(block.querySelector("pre.env-line")),
      "CLAUDE_CODE_AUTO_COMPACT_WINDOW=113000",
    );
  }
  assert.match(_text(en), /Recommended trigger: 80K, the cheapest one \(\$1\.100 per 1M tokens/);
  assert.match(
    _text(en),
    /Against the observed 267\.9K \(\$1\.375 per 1M tokens, 2\.0% of agent time\) that is 20\.0% less/,
  );
  assert.match(
    _text(en),
    /with other sessions like these, the cheapest trigger lies between 60K and 120K \(10th–90th percentile, median 80K, 4 session draws/,
  );
  assert.match(_text(en), /a default: give --context-window/);
  assert.match(_text(zh), /每 100 万 token 便宜 20\.0%/);
  assert.match(_text(zh), /落在 60K 到 120K 之间/);
  // The spread beside the replay's lowest cost, too.
  assert.match(
    _text(document.querySelector("#steady-state .l-en")),
    /each resampled workload60K–120K/,
  );
});

Deno.test("setting: a budget nobody meets, and a trigger beyond the window", () => {
  const none = _page((r) => {
    r.recommendation.trigger = null;
    r.recommendation.maxTimeShare = 0.01;
  }).document;
  assert.match(_text(none.querySelector("#setting .l-en")), /within 1\.0%: there is no setting/);
  assert.equal(none.querySelector("#setting pre"), null);
  const far = _page((r) => {
    r.recommendation.kind = "notReachable";
    r.recommendation.settings = { autoCompactWindow: null, env: {} };
  }).document;
  assert.match(
    _text(far.querySelector("#setting .l-en")),
    /Not reachable for this model: .* 200,000 tokens/,
  );
});

Deno.test("sessions: helpers join the totals and are listed apart", () => {
  const { document } = _page((r) => {
    r.corpus.sessions = { main: 3, subagent: 39, helper: 2 };
  });
  // 3 + 39 + 2 = 44.
  assert.match(_text(document.querySelector("header .lede .l-en")), /in 44 sessions/);
  assert.match(
    _text(document.querySelector("#corpus .l-en")),
    /44 \(3 main conversations, 39 subagent sessions, 2 helper agents\)/,
  );
  assert.match(_text(document.querySelector("#corpus .l-zh")), /2 个辅助代理/);
});

Deno.test("timeline: drawn in each language, the configured window and the unplaced count said", () => {
  const rows = [
    { timeMs: Date.UTC(2026, 10, 2), inputTokens: 260_000, trigger: "auto" as const, model: "m" },
    { timeMs: Date.UTC(2026, 10, 4), inputTokens: 140_000, trigger: "auto" as const, model: "m" },
  ];
  const { document } = _page(undefined, {
    timeline: { rows, unplaced: 3, configuredLevel: 137_000, autoCompactWindow: 170_000 },
  });
  const en = document.querySelector("#timeline .l-en")!;
  const zh = document.querySelector("#timeline .l-zh")!;
  // One drawing for wide screens and one for phones (the style sheet shows one of them).
  assert.equal(en.querySelectorAll(".timeline-wide > svg").length, 1);
  assert.equal(en.querySelectorAll(".timeline-narrow > svg").length, 1);
  assert.match(_text(en), /autoCompactWindow = 170,000 gives: 137K/);
  assert.match(_text(en), /3 compactions without a time or a size are not drawn/);
  assert.match(_text(en.querySelector("svg")), /Compactions over time/);
  assert.match(_text(zh.querySelector("svg")), /压缩随时间的变化/);
  const empty = _page(undefined, { timeline: { rows: [], unplaced: 0 } }).document;
  assert.match(_text(empty.querySelector("#timeline .l-en")), /nothing to draw/);
  assert.equal(empty.querySelector("#timeline svg"), null);
  // Without timeline data, no section.
  assert.equal(_page().document.getElementById("timeline"), null);
});
