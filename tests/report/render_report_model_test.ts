/**
 * What the caller passes beside the analysis: the model's display name (page title, heading, in
 * both languages, for the bundled corpus's model and for another model; the raw id without
 * one), the synthetic flag, and the read-cost section.
 */
import assert from "node:assert/strict";
import { generateCorpus } from "../../data-synthetic/generate_corpus.ts";
import { PROFILES } from "../../data-synthetic/profiles.ts";
import { corpusFromText } from "../../lib/transcript/mod.ts";
import { analyzeTrigger } from "../../lib/trigger/analyze.ts";
import { renderReport } from "../../lib/report/render_report.ts";
import { fixtureInputs, fixtureReadCost, fixtureReport, fixtureSums } from "./_fixture.ts";

const SCRIPT = "void 0;";
const DATA_OPEN = '<script type="application/json" id="report-data">';

function _data(html: string) {
  const start = html.indexOf(DATA_OPEN) + DATA_OPEN.length;
  return JSON.parse(html.slice(start, html.indexOf("</script>", start)));
}

/** The small synthetic corpus, its model id swapped for `model` when given. */
async function _analysis(model?: string) {
  let files = [...generateCorpus(PROFILES.small, 1)];
  if (model !== undefined) {
    files = files.map((f) => ({
      ...f,
      text: f.text.replaceAll('"claude-opus-5-5"', `"${model}"`),
    }));
  }
  return await analyzeTrigger(corpusFromText(files, model ? { model } : {}), {
    workloads: 3,
    triggerTo: 200_000,
    a: 1e-4, // given: the small profile has too few compactions to fit the time model
    v: 80,
  });
}

Deno.test("display name: the bundled corpus's model and another model, in both languages", async () => {
  const bundled = await _analysis();
  assert.equal(bundled.report.corpus.model, "claude-opus-5-5");
  const html = renderReport({ ...bundled, script: SCRIPT, modelDisplayName: "Claude Opus 5.5" });
  assert.match(
    html,
    /<title>When should Claude Opus 5\.5 compact\? \| Context Compaction Threshold<\/title>/,
  );
  assert.match(html, /<h1><span class="l-en" lang="en">When should Claude Opus 5\.5 compact\?/);
  assert.match(html, /<span class="l-zh" lang="zh-Hans">Claude Opus 5\.5 何时该压缩上下文？/);
  assert.match(html, /<td>Claude Opus 5\.5 <span class="note">\(claude-opus-5-5\)<\/span>/);
  assert.equal(_data(html).modelDisplayName, "Claude Opus 5.5");

  const other = await _analysis("claude-sonnet-5-1");
  assert.equal(other.report.corpus.model, "claude-sonnet-5-1");
  assert.ok(other.report.corpus.requests > 0);
  const html2 = renderReport({ ...other, script: SCRIPT, modelDisplayName: "Claude Sonnet 5.1" });
  assert.match(html2, /<title>When should Claude Sonnet 5\.1 compact\?/);
  assert.match(html2, /Claude Sonnet 5\.1 何时该压缩上下文？/);
  assert.doesNotMatch(html2, /Claude Opus|claude-opus/);
  assert.match(html2, /\d+ real requests of Claude Sonnet 5\.1/);

  // Without a display name: the raw id, and no display name in the data.
  const raw = renderReport({ ...other, script: SCRIPT });
  assert.match(raw, /<title>When should claude-sonnet-5-1 compact\?/);
  assert.equal(_data(raw).modelDisplayName, undefined);
  // A blank name counts as none.
  assert.match(
    renderReport({ ...other, script: SCRIPT, modelDisplayName: "  " }),
    /<title>When should claude-sonnet-5-1 compact\?/,
  );
});

function _input() {
  const sums = fixtureSums();
  const inputs = fixtureInputs();
  return { report: fixtureReport(sums, inputs), sums, inputs, script: SCRIPT };
}

Deno.test("synthetic: the page says synthetic, not real requests, in both languages", () => {
  const synthetic = renderReport({ ..._input(), synthetic: true });
  assert.match(synthetic, /Replayed from 2,000 synthetic requests in 42 sessions/);
  assert.match(synthetic, /2,000 个合成请求/);
  assert.match(synthetic, /id="synthetic-note"/);
  assert.match(synthetic, /<strong>Synthetic requests\.<\/strong>/);
  assert.doesNotMatch(synthetic, /real requests|Real requests|真实请求/);

  const real = renderReport(_input());
  assert.match(real, /Replayed from 2,000 real requests/);
  assert.match(real, /2,000 个真实请求/);
  assert.doesNotMatch(real, /id="synthetic-note"|synthetic requests/);
});

Deno.test("the answer sentence and the grid-edge warning are on the page before the script runs", () => {
  const html = renderReport(_input());
  // The fixture's cheapest trigger is 80K; the observed 267.9K is compared at its own level
  // (the curves interpolated between the grid's 260K and 280K, as the analysis does).
  assert.match(
    html,
    /<span class="answer-text">Compacting at 80K instead of 267\.9K costs [\d.]+% less per 1M tokens/,
  );
  assert.match(html, /<span class="answer-text">在 80K 而不是 267\.9K 压缩/);
  assert.match(html, /<p id="grid-edge" class="warning" hidden>/);

  const edge = _input();
  // Make the last trigger the cheapest: the warning shows, naming the upper end (400K).
  const last = edge.report.replay[edge.report.replay.length - 1];
  last.costPerMillion = { mean: 0.01, p10: 0.01, p90: 0.01 };
  // As the analysis would flag it (the fixture's own curves have the optimum inside).
  edge.report.steadyState.argminAtGridEdge = true;
  const shown = renderReport(edge);
  assert.match(shown, /<p id="grid-edge" class="warning">/);
  assert.match(shown, /upper end of the trigger range \(400K\)/);
  // The analysis' own flag, when it says false, wins.
  (edge.report.steadyState as { argminAtGridEdge?: boolean }).argminAtGridEdge = false;
  assert.match(renderReport(edge), /<p id="grid-edge" class="warning" hidden>/);
});

Deno.test("read cost: the section shows the measurement when given, and only then", () => {
  // fixtureReadCost: 100 tokens one-shot, 100 carried, of 200 observed input tokens.
  const readCost = fixtureReadCost();
  const all = readCost.allResults;
  assert.equal(all.results, 1);
  const html = renderReport({ ..._input(), readCost });
  const section = html.slice(html.indexOf('<section id="read-cost"'), html.indexOf("<footer>"));
  assert.match(section, /<h2>What reading tool results costs<\/h2>/);
  assert.match(section, /<h2>读取工具结果的成本<\/h2>/);
  assert.match(section, /Files read: 1; sessions included \(at least 1 assistant messages\): 1/);
  assert.match(section, /Observed input tokens: 200;/);
  // Shares: one-shot and carried tokens over 200 observed input tokens.
  const pct = (x: number) => `${(x / 2).toFixed(1)}%`; // 100 × x / 200, one decimal
  assert.match(
    section,
    new RegExp(
      `<strong>all results</strong></th><td class="num">1</td><td class="num">${all.oneShotTokens} \\(${
        pct(all.oneShotTokens).replace(".", "\\.")
      }\\)</td><td class="num">${all.carriedTokens} \\(${
        pct(all.carriedTokens).replace(".", "\\.")
      }\\)`,
    ),
  );
  assert.doesNotMatch(renderReport(_input()), /id="read-cost"/);
});

Deno.test("a block length chosen from the data is said in both languages", () => {
  const given = renderReport(_input());
  assert.doesNotMatch(given, /Politis–White/);
  const auto = _input();
  const o = auto.report.options as { blockSize: number; blockSizeChosen?: unknown };
  o.blockSize = 19;
  // The shape of the analysis' record of the choice (only its presence matters to the page).
  o.blockSizeChosen = { blockSize: { permute: 19, moving: 19, circular: 19, stationary: 16 } };
  const html = renderReport(auto);
  assert.match(html, /The block length, 19, was chosen from the data: the Politis–White rule/);
  assert.match(html, /块长 19 是由数据选定的/);
});
