/**
 * The page's answer as a range: the grade first when low, the withheld snippet, the near-optimal
 * table, both spreads, the extrapolated zone, which figure is which, dollars, the time-budgeted
 * alternative, the checks' row and the note that the setting is for the analysis values.
 * Expected figures worked by hand in the comments.
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { renderReport } from "../../lib/report/render_report.ts";
import { answerSentence } from "../../lib/report/page_answer.ts";
import { pageScriptTexts } from "../../lib/report/page_script_texts.ts";
import { fixtureInputs, fixtureReport, fixtureSums } from "./_fixture.ts";

function _page(edit: (r: ReturnType<typeof fixtureReport>) => void = () => {}) {
  const sums = fixtureSums();
  const inputs = fixtureInputs();
  const report = fixtureReport(sums, inputs);
  edit(report);
  const html = renderReport({ report, sums, inputs, script: "void 0;" });
  return { html, document: parseHTML(html).document, report };
}

function _text(el: Element | null): string {
  return (el?.textContent ?? "").replace(/\s+/g, " ").trim();
}

Deno.test("range section: grade, ranges, both spreads and the extrapolated zone, in both languages", () => {
  const { document, report } = _page((r) => {
    r.steadyState.argminSpread = {
      p10: 60_000,
      p50: 80_000,
      p90: 120_000,
      method: "sessions-and-blocks",
      draws: 100,
      workloads: 100,
      seed: 1,
    };
    r.steadyState.argminSpreadBlocks = { p10: 80_000, p50: 80_000, p90: 80_000, workloads: 4 };
  });
  const en = document.querySelector("#range .l-en")!;
  const zh = document.querySelector("#range .l-zh")!;
  // The fixture's grade is medium (rework not measured): said, and no banner at the top.
  assert.match(_text(en.querySelector(".confidence-medium")), /^Confidence: medium: the curves/);
  assert.match(_text(zh.querySelector(".confidence-medium")), /^可信度：中：/);
  assert.equal(document.querySelector("#confidence"), null);
  // One table row per tolerance, from the fixture's own nearOptimal.
  const rows = [...en.querySelectorAll("table.near-optimal tbody tr")];
  assert.equal(rows.length, report.steadyState.nearOptimal.length);
  assert.equal(_text(rows[1].querySelector("th")), "2%");
  // The session spread and the block spread, apart.
  assert.match(
    _text(en.querySelector(".argmin-spread-sessions")),
    /100 draws, seed 1\), the cheapest trigger lies between 60K and 120K \(10th–90th percentile, median 80K\)/,
  );
  // Both block percentiles at 80K: one point, not "80K–80K".
  assert.match(_text(en.querySelector(".argmin-spread-blocks")), /4 workloads.*gives 80K: it/);
  assert.match(_text(zh.querySelector(".argmin-spread-sessions")), /100 次抽取/);
  // The fixture's support: extrapolated above 300K (triggers 320K … 400K).
  assert.match(_text(en.querySelector(".support")), /Extrapolated triggers.*: 320K–400K\./);
  assert.match(_text(en.querySelector(".support")), /\(150K–240K\)/);
  // The setting section says it does not move with the sliders.
  assert.match(
    _text(document.querySelector("#setting .l-en .setting-static")),
    /sliders above move the figure and the answer, not this setting/,
  );
  assert.ok(_text(document.querySelector("#setting .l-zh .setting-static")).includes("滑块"));
});

Deno.test("the session spread at one trigger reads 'lies at', in both languages", () => {
  const { document } = _page((r) => {
    r.steadyState.argminSpread = {
      p10: 30_000,
      p50: 30_000,
      p90: 30_000,
      method: "sessions-and-blocks",
      draws: 100,
      workloads: 100,
      seed: 1,
    };
    r.steadyState.argminSpreadBlocks = { p10: 20_000, p50: 30_000, p90: 40_000, workloads: 4 };
  });
  assert.match(
    _text(document.querySelector("#range .l-en .argmin-spread-sessions")),
    /the cheapest trigger lies at 30K \(10th–90th percentile, median 30K\)/,
  );
  assert.match(
    _text(document.querySelector("#range .l-zh .argmin-spread-sessions")),
    /最便宜的触发点落在 30K（第 10–90 百分位/,
  );
  assert.match(
    _text(document.querySelector("#range .l-en .argmin-spread-blocks")),
    /gives 20K–40K:/,
  );
});

Deno.test("a near-optimal range of one grid point is that point in the table", () => {
  const one = { fromTokens: 30_000, toTokens: 30_000, contiguous: true, holes: [], triggers: 1 };
  const { document } = _page((r) => {
    r.steadyState.nearOptimal = [
      { ...one, tolerance: 0.01 },
      { ...one, tolerance: 0.02 },
      { ...one, tolerance: 0.05, toTokens: 40_000, triggers: 2 },
    ];
  });
  const cells = [...document.querySelectorAll("#range .l-en table.near-optimal tbody tr")]
    .map((tr) => _text(tr.querySelectorAll("td")[0]));
  assert.deepEqual(cells, ["30K", "30K", "30K–40K"]);
});

Deno.test("a low grade: said first on the page, the snippet withheld, the curves still drawn", () => {
  const { document, html } = _page((r) => {
    r.steadyState.confidence = {
      grade: "low",
      reasons: [{
        code: "fewTimedCompactions",
        level: "low",
        value: 4,
        threshold: 10,
        message: "only 4 timed compactions",
      }],
    };
    r.recommendation.settings = null;
    r.recommendation.environment = [];
    r.recommendation.withheld = "The settings are withheld: ...";
  });
  const banner = document.querySelector("#confidence .l-en .confidence-low");
  assert.match(
    _text(banner),
    /^Confidence: low\. Do not act on this answer yet: only 4 timed compactions \(at least 10 would fit the compaction time\)\. The settings snippet is withheld/,
  );
  assert.match(
    _text(document.querySelector("#confidence .l-zh")),
    /可信度：低。.*只有 4 次计时的压缩/,
  );
  // The banner comes before the figure.
  assert.ok(html.indexOf('id="confidence"') < html.indexOf('id="figure"'));
  assert.equal(document.querySelector("pre.settings-json"), null);
  assert.match(_text(document.querySelector("#setting .l-en .setting-withheld")), /--force/);
  assert.ok(document.querySelector("#figure"));
});

Deno.test("which figure is which, dollars, the time-budgeted alternative and the bill row", () => {
  const { document } = _page((r) => {
    r.recommendation.atObservedTrigger = {
      trigger: 267_900,
      costPerMillion: 1.375,
      timeShare: 0.02,
      between: [260_000, 280_000],
    };
    r.recommendation.costPerMillion = { mean: 1.1, p10: 1, p90: 1.2 };
    r.recommendation.timeShare = { mean: 0.05, p10: 0.04, p90: 0.06 };
    // D = 250e6 tokens: 250 × (1.375 − 1.1) = $68.75 on the history; 10 days → $206.25 per 30.
    r.recommendation.dollars = { historyUsd: 68.75, historyDays: 10, per30DaysUsd: 206.25 };
    // 5% is more than twice 2%: within 4%, 200K at 1.2 → 1 − 1.2 / 1.375 = 12.7% less.
    r.recommendation.timeBudgeted = {
      maxTimeShare: 0.04,
      trigger: 200_000,
      costPerMillion: 1.2,
      timeShare: 0.035,
      savingVsObservedTrigger: 1 - 1.2 / 1.375,
    };
  });
  const en = document.querySelector("#range .l-en")!;
  // The fixture's replay at the observed trigger is $1.200 against a bill of $1.234.
  assert.match(
    _text(en.querySelector(".figures-which")),
    /recommended trigger \(\$1\.100 per 1M\) with the same mean at your observed trigger \(\$1\.375\)\. The replay of your own history at the observed trigger gives \$1\.200; your bill, priced from the transcripts, is \$1\.234/,
  );
  assert.match(_text(en.querySelector(".dollars")), /\$69 saved on this history \(10\.0 days/);
  assert.match(_text(en.querySelector(".dollars")), /\$206 per 30 days/);
  assert.match(
    _text(en.querySelector(".time-budgeted")),
    /\(5\.0% of agent time instead of 2\.0%\)\. Keeping it within 4%: 200K, 12\.7% less per 1M tokens \(3\.5% of agent time\)/,
  );
  assert.match(_text(document.querySelector("#range .l-zh .dollars")), /省下 \$69/);
  // The checks: the replay at 97.2% of the bill, with the reason.
  const row = [...document.querySelectorAll("#checks .l-en tr")].find((tr) =>
    _text(tr).startsWith("Replay against the bill")
  );
  assert.ok(row);
  assert.match(_text(row!), /97\.2%.*compacts exactly at the trigger/);
});

Deno.test("the answer sentence names the 2% range and the time share at its top", () => {
  // Cheapest 1.00 at 120K; within 1.02: 110K (1.015), 120K, 130K (1.01), 140K (1.02).
  const curves = {
    triggers: [100_000, 110_000, 120_000, 130_000, 140_000, 150_000],
    costMean: [1.05, 1.015, 1.0, 1.01, 1.02, 1.03],
    timeShareMean: [0.2, 0.15, 0.128, 0.112, 0.099, 0.09],
  };
  const en = answerSentence(pageScriptTexts().en, curves, null);
  assert.match(
    en,
    / Anything from 110K to 140K costs within 2% of the cheapest; compacting at 140K takes 9\.9% of agent time instead of 12\.8%\.$/,
  );
  assert.match(answerSentence(pageScriptTexts().zh, curves, null), /从 110K 到 140K/);
  // A one-trigger range adds nothing.
  const sharp = { ...curves, costMean: [1.5, 1.3, 1.0, 1.3, 1.5, 1.6] };
  assert.doesNotMatch(answerSentence(pageScriptTexts().en, sharp, null), /Anything from/);
});

Deno.test("the fit section shows the constrained fit used; v = ∞ still gives a working page", () => {
  const sums = fixtureSums();
  const inputs = { ...fixtureInputs(), v: Infinity };
  const report = fixtureReport(sums, fixtureInputs());
  report.fit.constrained = {
    a: 1.6e-4,
    v: null,
    rSquared: 0.6,
    n: 2,
    method: "input only",
    reason: "…",
  };
  report.timeModel.vTokensPerSecond = Infinity;
  const html = renderReport({ report, sums, inputs, script: "void 0;" });
  const { document } = parseHTML(html);
  const row = [...document.querySelectorAll("#fit .l-en tr")].find((tr) =>
    _text(tr).startsWith("Used: a ≥ 0 and v > 0")
  );
  assert.ok(row);
  // a in ms per 1K tokens: 1.6e-4 s/token → 0.16; v = ∞; R² 0.60; n 2.
  assert.match(_text(row!), /input size alone fits better0\.16∞0\.602$/);
  // The embedded data and the v slider carry a finite v (1e6 tokens/s).
  const data = JSON.parse(document.querySelector("#report-data")!.textContent!);
  assert.equal(data.inputs.v, 1e6);
  assert.equal(document.querySelector("#slider-v")!.getAttribute("value"), "1000000");
});
