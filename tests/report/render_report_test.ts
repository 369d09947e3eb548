import assert from "node:assert/strict";
import { renderReport } from "../../lib/report/render_report.ts";
import { reportData } from "../../lib/report/report_data.ts";
import type { TriggerReport } from "../../lib/trigger/analyze.ts";
import { fixtureInputs, fixtureReport, fixtureSums, PRIVATE_STRINGS } from "./_fixture.ts";

const SCRIPT = "globalThis.__pageScript = 1;";

function _input(report: TriggerReport = fixtureReport(), script = SCRIPT) {
  return { report, sums: fixtureSums(), inputs: fixtureInputs(), script };
}

/** The text of a script element as the HTML parser ends it: at the first `</script`. */
function _scriptText(html: string, open: string): string {
  const start = html.indexOf(open);
  assert.ok(start >= 0, `no ${open}`);
  const from = start + open.length;
  const end = html.toLowerCase().indexOf("</script", from);
  return html.slice(from, end);
}

const DATA_OPEN = '<script type="application/json" id="report-data">';
const MODULE_OPEN = '<script type="module">';

Deno.test("renderReport: one page with every section, sliders and the figure's place", () => {
  const html = renderReport(_input());
  assert.ok(html.startsWith('<!doctype html>\n<html lang="en" data-lang="en">'));
  assert.ok(html.endsWith("</html>\n"));
  for (
    const id of [
      "figure-section",
      "how-to-read",
      "mislead",
      "corpus",
      "fit",
      "checks",
      "steady-state",
      "method",
      "formula",
    ]
  ) {
    assert.match(html, new RegExp(`<section id="${id}"`), id);
  }
  for (const id of ["figure", "readout", "reset", "value-v", "value-alpha", "value-rho"]) {
    assert.match(html, new RegExp(`id="${id}"`), id);
  }
  assert.match(html, /<input type="range" id="slider-v" min="10" max="300" step="0.5" value="60">/);
  assert.match(html, /id="slider-alpha" min="0.005" max="0.3" step="0.001" value="0.05"/);
  assert.match(html, /id="slider-rho" min="1" max="15" step="0.1" value="5"/);
  assert.match(
    html,
    /<h1><span class="l-en" lang="en">When should claude-opus-5-5 compact\?<\/span>/,
  );
  assert.match(html, /<h2>How to read it<\/h2>/);
  assert.match(html, /<h2>Where this can mislead you<\/h2>/);
  assert.match(html, /are not confidence intervals/);
  assert.match(html, /T\* ≈ R \+ √\( 2Δ · \(BR \+ ρG\) \/ α \)/);
  // No network: no external script, style, image or font.
  assert.doesNotMatch(html, /\b(src|href)=|@import|url\(/);
  // The data, the script's texts and the script.
  assert.equal((html.match(/<script/g) ?? []).length, 3);
});

Deno.test("renderReport: the fit table, the corpus summary and the checks carry the numbers", () => {
  const html = renderReport(_input());
  const fit = html.slice(html.indexOf('<section id="fit"'), html.indexOf('<section id="checks"'));
  assert.match(
    fit,
    /Both <span class="note">t_c = a·C \+ G\/v<\/span><\/th><td class="num">0\.02<\/td><td class="num">60<\/td><td class="num">0\.73<\/td><td class="num">10<\/td>/,
  );
  assert.match(fit, /Summary size only.*?<td class="num">58\.2<\/td><td class="num">0\.69<\/td>/);
  assert.match(
    fit,
    /Input size only.*?<td class="num">0\.61<\/td><td class="num">–<\/td><td class="num">-0\.01<\/td>/,
  );
  const corpus = html.slice(
    html.indexOf('<section id="corpus"'),
    html.indexOf('<section id="fit"'),
  );
  assert.match(corpus, /42 \(3 main conversations, 39 subagent sessions\)/);
  assert.match(corpus, /2,000/);
  assert.match(corpus, /96\.4% cache reads/);
  assert.match(corpus, /267\.9K tokens/);
  assert.match(corpus, /sessions without a request of this model: 1;/);
  const checks = html.slice(
    html.indexOf('<section id="checks"'),
    html.indexOf('<section id="steady'),
  );
  assert.match(checks, /\$1\.234 per 1M/);
  assert.match(checks, /0\.972 × the observed bill/);
  assert.match(checks, /0 mismatches/);
  const steady = html.slice(
    html.indexOf('<section id="steady'),
    html.indexOf('<section id="method'),
  );
  assert.match(steady, /111\.9K/);
  assert.match(steady, /80K/);
});

Deno.test("renderReport: the embedded data is the sums and inputs, parseable", () => {
  const input = _input();
  const html = renderReport(input);
  const data = JSON.parse(_scriptText(html, DATA_OPEN));
  const expected = reportData(input.sums, input.inputs, {
    model: "claude-opus-5-5",
    steadyState: { postContext: 20_000, summaryTokens: 8_000, meanGrowth: 5_000, beta: 0.95 },
    observedTrigger: 267_900,
    extrapolated: input.report.replay.map((p) => p.support.extrapolated),
  });
  assert.deepEqual(data, JSON.parse(JSON.stringify(expected)));
  assert.equal(_scriptText(html, MODULE_OPEN), SCRIPT);
});

Deno.test("renderReport: the same input gives byte-identical HTML", () => {
  assert.equal(renderReport(_input()), renderReport(_input()));
});

Deno.test("renderReport: `</script>` and `<!--` in the script or the data cannot break the page", () => {
  const nasty = "</script><script>alert(1)</script><!--<SCRIPT>";
  const report = fixtureReport();
  report.corpus.model = nasty;
  const script = `globalThis.__nasty = ${JSON.stringify(nasty)}; globalThis.__re = /<\\/script>/i;`;
  const html = renderReport(_input(report, script));
  // Exactly the three closing tags of the page's own scripts (data, texts, script).
  assert.equal((html.match(/<\/script/gi) ?? []).length, 3);
  assert.doesNotMatch(html, /<!--/);
  // The data still parses to the same model name, and the script still means the same.
  assert.equal(JSON.parse(_scriptText(html, DATA_OPEN)).model, nasty);
  const g = globalThis as unknown as { __nasty?: string; __re?: RegExp };
  new Function(_scriptText(html, MODULE_OPEN))();
  assert.equal(g.__nasty, nasty);
  assert.ok(g.__re!.test("</SCRIPT>"));
  delete g.__nasty;
  delete g.__re;
  // The model name is escaped in the text.
  assert.match(
    html,
    /<h1><span class="l-en" lang="en">When should &lt;\/script&gt;&lt;script&gt;alert\(1\)/,
  );
});

Deno.test("renderReport: aggregates only, nothing from the reader's diagnostics", () => {
  const html = renderReport(_input());
  for (const s of PRIVATE_STRINGS) assert.ok(!html.includes(s), s);
  assert.doesNotMatch(html, /malformedExamples|recordTypes|requestsByModel/);
});

Deno.test("renderReport: unknown numbers show as a dash, and T* is not embedded without Δ", () => {
  const report = fixtureReport();
  report.corpus.observedTrigger = null;
  report.fit.both = null;
  report.fit.timeModelSource = "options";
  report.fit.timeModelError = "Cannot fit time model: all 3 compactions have the same input size";
  report.fit.meanGrowthTokens = null;
  report.checks.replayAtObservedTrigger = null;
  report.checks.permuteKeepsGrowth = null;
  report.steadyState = {
    ...report.steadyState,
    tStarTokens: null,
    ratio: null,
    inputs: { ...report.steadyState.inputs, meanGrowthTokens: null },
  };
  const html = renderReport(_input(report));
  const data = JSON.parse(_scriptText(html, DATA_OPEN));
  assert.equal(data.steadyState, null);
  assert.equal(data.observedTrigger, null);
  assert.match(
    html,
    /Both <span class="note">[^<]*<\/span><\/th><td class="num">–<\/td><td class="num">–<\/td><td class="num">not fitted/,
  );
  assert.match(html, /The fit failed: Cannot fit time model: all 3 compactions/);
  assert.match(html, /No trigger was observed/);
  assert.match(html, /none seen/);
  assert.doesNotMatch(html, /Resampling keeps growth/);
  assert.doesNotMatch(html.slice(0, html.indexOf(DATA_OPEN)), /NaN|undefined|null/);
});

Deno.test("renderReport: the summary-size model reads as a formula, signs included", () => {
  const report = fixtureReport();
  report.fit.summaryModel = {
    ...report.fit.summaryModel,
    g0: 12_570,
    g1: -0.0166,
    rSquared: 0,
    n: 257,
    method: "linear",
  };
  assert.match(
    renderReport(_input(report)),
    /G\(C\) = 12,570 − 0\.0166 · C tokens, least squares on 257 compactions, R² = 0\.00/,
  );
  report.fit.summaryModel = {
    ...report.fit.summaryModel,
    g0: 8_000,
    g1: 0,
    rSquared: null,
    n: 2,
    method: "median",
  };
  assert.match(renderReport(_input(report)), /G = 8,000 tokens, the median of 2 compactions/);
});

Deno.test("renderReport: parts of the compaction model given as options say so", () => {
  const report = fixtureReport();
  report.fit.summaryModel = {
    ...report.fit.summaryModel,
    g0: 8_000,
    g1: 0,
    rSquared: null,
    n: 0,
    method: "options",
  };
  report.fit.compactionModelSource = {
    summaryTokens: "options",
    postPrefix: "fit",
    beta: "options",
    cPost: "fit",
  };
  report.fit.compactionModelError = "Cannot fit summary model: <none>";
  const html = renderReport(_input(report));
  assert.match(html, /G = 8,000 tokens, given as an option/);
  assert.match(
    html,
    /β, cached share of the compaction input<\/th><td>[^<]*\(given as an option\)/,
  );
  assert.doesNotMatch(html, /G\(C\) tokens \(given as an option\)/, "P was fitted");
  assert.match(html, /Not fitted<\/th><td>Cannot fit summary model: &lt;none&gt;/);
});

Deno.test("renderReport: the method names the rule for a step across a real compaction", () => {
  // The fixture takes the analysis defaults ("previous"); "kept" is the reproduced method's literal rule.
  const method = (html: string) =>
    html.slice(html.indexOf('<section id="method"'), html.indexOf('<section id="formula"'));
  const byDefault = method(renderReport(_input()));
  assert.match(byDefault, /Across a recorded compaction/);
  assert.match(byDefault, /rule “previous”, the default/);
  const report = fixtureReport();
  report.options.compactionStepShare = "kept";
  const kept = method(renderReport(_input(report)));
  assert.match(kept, /rule “kept”, see docs\/method\.md/);
  assert.doesNotMatch(kept, /“previous”/);
});
