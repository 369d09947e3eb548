import assert from "node:assert/strict";
import { corpusFromText, readCorpus, readCorpusPerModel } from "../../lib/transcript/mod.ts";
import { analyzeModels, analyzeTrigger } from "../../lib/trigger/mod.ts";
import { syntheticTranscripts } from "./_transcripts.ts";
import { renderReport } from "../../lib/report/render_report.ts";
import { fixtureInputs, fixtureReport, fixtureSums } from "../report/_fixture.ts";

const options = { workloads: 4, triggerStep: 20000, a: 1e-4, v: 80 };

/** Model A: 3 sessions compacting near 150K; model B: 2 sessions near 100K; one of them only. */
function twoModels() {
  const a = syntheticTranscripts({ model: "model-a", sessions: 3 });
  const b = syntheticTranscripts({ model: "model-b", sessions: 2, trigger: 100000, seed: 2 }).map((
    f,
  ) => ({
    path: f.path.replace("/p/", "/q/"),
    text: f.text.replaceAll("00000000-0000-4000", "11111111-0000-4000").replaceAll("msg_", "msgB_")
      .replaceAll("req_", "reqB_"),
  }));
  return [...a, ...b];
}

Deno.test("read once, one corpus per model, equal to reading with that model's filter", async () => {
  const dir = await Deno.makeTempDir();
  try {
    for (const f of twoModels()) {
      await Deno.mkdir(`${dir}${f.path.slice(0, f.path.lastIndexOf("/"))}`, { recursive: true });
      await Deno.writeTextFile(`${dir}${f.path}`, f.text);
    }
    const models = [undefined, "model-b", "\u0000no model"];
    const { corpora, withoutSession, overall, also } = await readCorpusPerModel([dir], {}, models);
    assert.deepEqual(corpora.map((c) => c.model), ["model-a", "model-b"]); // more requests first
    assert.deepEqual(withoutSession, []);
    for (const c of corpora) {
      const alone = await readCorpus([dir], { model: c.model });
      assert.deepEqual(c.requests, alone.requests);
      assert.deepEqual(c.compactions, alone.compactions);
      assert.deepEqual(c.diagnostics, alone.diagnostics);
    }
    // Other targets from the same read, as a read of its own gives them (export uses it for a
    // model no session has), and the model with the most requests.
    assert.equal(overall, corpora[0]);
    assert.equal(also.length, 3);
    for (const [i, model] of models.entries()) {
      const again = also[i];
      const alone = await readCorpus([dir], { model });
      assert.equal(again.model, alone.model);
      assert.deepEqual(again.requests, alone.requests);
      assert.deepEqual(again.sessions, alone.sessions);
      assert.deepEqual(again.diagnostics, alone.diagnostics);
    }
    assert.equal(also[2].requests.length, 0);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("each model analysed on its own, then compared", async () => {
  const files = twoModels();
  const corpora = ["model-a", "model-b"].map((model) => corpusFromText(files, { model }));
  const { report, analyses } = await analyzeModels(corpora, options);
  assert.deepEqual(Object.keys(report), [
    "schemaVersion",
    "options",
    "models",
    "comparison",
    "modelsWithoutSession",
  ]);
  assert.deepEqual(report.models.map((m) => m.model), ["model-a", "model-b"]);
  assert.deepEqual(report.options, options);
  for (const [i, corpus] of corpora.entries()) {
    const entry = report.models[i];
    assert.ok("analysis" in entry);
    // The same document as the model's own analysis: its own D, ω, fits and curves.
    const alone = (await analyzeTrigger(corpus, options)).report;
    assert.equal(JSON.stringify(entry.analysis), JSON.stringify(alone));
    assert.equal(analyses[i]!.report.corpus.billedTokens, alone.corpus.billedTokens);
    const row = report.comparison[i];
    assert.equal(row.model, corpus.model);
    assert.equal(row.sessions, corpus.sessions.length);
    assert.equal(row.requests, alone.corpus.requests);
    assert.equal(row.billedTokens, alone.corpus.billedTokens);
    assert.equal(row.observedTrigger, alone.corpus.observedTrigger);
    assert.equal(row.cheapestTrigger, alone.steadyState.replayArgminTokens);
    const at = alone.replay.find((p) => p.trigger === row.cheapestTrigger)!;
    assert.deepEqual(row.cheapestCostPerMillion, at.costPerMillion);
    assert.deepEqual(row.timeShareAtCheapest, at.timeShare);
    assert.equal(row.tStarTokens, alone.steadyState.tStarTokens);
    assert.equal(row.savingVsObservedTrigger, alone.recommendation.savingVsObservedTrigger);
    // Each model graded on its own (--model all grades each model).
    assert.equal(row.confidence, alone.steadyState.confidence.grade);
    assert.equal(
      row.dollars?.per30DaysUsd ?? null,
      alone.recommendation.dollars?.per30DaysUsd ?? null,
    );
    assert.equal(row.error, null);
  }
  // The two models differ (different triggers): their observed triggers do too.
  assert.ok(report.comparison[0].observedTrigger! > report.comparison[1].observedTrigger!);
});

Deno.test("a model that cannot be fitted says why and has no curves", async () => {
  const files = twoModels();
  const corpora = ["model-a", "model-b"].map((model) => corpusFromText(files, { model }));
  // Without a and v, model B's two sessions give a time fit; make B fail by a corpus with no
  // compaction: keep only its first 20 lines (before the first compaction near 100K).
  const short = files.filter((f) => f.path.startsWith("/q/")).map((f) => ({
    path: f.path,
    text: f.text.split("\n").slice(0, 20).join("\n") + "\n",
  }));
  const noCompaction = corpusFromText(short, { model: "model-b" });
  assert.equal(noCompaction.compactions.length, 0);
  const { report, analyses } = await analyzeModels([corpora[0], noCompaction], options);
  const b = report.models[1];
  assert.ok("error" in b);
  assert.deepEqual(b.error.missing, ["summaryTokens", "postPrefix", "beta", "cPost"]);
  assert.match(b.error.message, /no compaction of model "model-b"/);
  // The reasons alone: the message without its advice to give the options.
  assert.equal(b.error.reasons.length, 1);
  assert.match(b.error.reasons[0], /no compaction of model "model-b"/);
  assert.doesNotMatch(b.error.reasons.join(), /as options instead/);
  assert.equal(analyses[1], null);
  const row = report.comparison[1];
  assert.equal(row.requests, noCompaction.requests.length);
  assert.equal(row.cheapestTrigger, null);
  assert.equal(row.cheapestCostPerMillion, null);
  assert.match(row.error!, /no compaction/);
  // Given the missing inputs, it is analysed.
  const given = await analyzeModels([noCompaction], {
    ...options,
    summaryTokens: 8000,
    postPrefix: 20000,
    beta: 0.99,
    cPost: 0.3,
  });
  assert.ok("analysis" in given.report.models[0]);
});

Deno.test("a model without compactions still gets its prices, corpus figures and observed bill", async () => {
  const files = twoModels().filter((f) => f.path.startsWith("/q/")).map((f) => ({
    path: f.path,
    text: f.text.split("\n").slice(0, 20).join("\n") + "\n",
  }));
  const corpus = corpusFromText(files, { model: "model-b" });
  assert.equal(corpus.compactions.length, 0);
  const prices = {
    alpha: 0.1,
    rho: 5,
    inputUsdPerMillion: 3,
    omega: 1,
    cacheWrite5m: 1.25,
    cacheWrite1h: 2,
  };
  const { report } = await analyzeModels([corpus], { ...options, ...prices });
  const entry = report.models[0];
  assert.ok("error" in entry && "withoutCurves" in entry);
  const w = entry.withoutCurves!;
  // Corpus figures: as the reader's tables count them.
  assert.equal(w.corpus.requests, corpus.requests.length);
  assert.equal(w.corpus.compactions.auto + w.corpus.compactions.manual, 0);
  // Prices as given, with their sources.
  assert.equal(w.prices.alpha, 0.1);
  assert.equal(w.prices.rho, 5);
  assert.equal(w.prices.inputUsdPerMillion, 3);
  assert.equal(w.prices.sources.alpha, "option");
  // The observed bill, by hand: p_m · Σ(u + 1.25 w5 + 2 w1h + α r + ρ y) / Σ(x + y) per million.
  const r = corpus.requests;
  let cost = 0, billed = 0;
  for (let i = 0; i < r.length; i++) {
    cost += r.input[i] + 1.25 * r.cacheWrite5m[i] + 2 * r.cacheWrite1h[i] +
      0.1 * r.cacheRead[i] + 5 * r.output[i];
    billed += r.input[i] + r.cacheWrite5m[i] + r.cacheWrite1h[i] + r.cacheRead[i] + r.output[i];
  }
  const expected = 3 * cost / billed;
  assert.ok(Math.abs(w.observedBill!.costPerMillion - expected) < 1e-9 * expected);
  assert.equal(w.observedBill!.compactionCostPerMillion, 0);
  // What is missing for curves, by option name.
  assert.deepEqual(entry.error.missing, ["summaryTokens", "postPrefix", "beta", "cPost"]);
  // The page says it: the bill as computed above ($ with three decimals), the flags by name.
  const fixture = fixtureReport(fixtureSums(), fixtureInputs());
  const html = renderReport({
    report: fixture,
    sums: fixtureSums(),
    inputs: fixtureInputs(),
    script: "void 0;",
    models: { report },
  });
  assert.match(html, new RegExp(`an observed bill of \\$${expected.toFixed(3)} per 1M tokens`));
  assert.match(html, /The curves need --summary-tokens, --post-prefix, --beta, --c-post\./);
  assert.match(html, /实际账单为每百万 token \$/);
});

Deno.test("the per-model document records no settings file: no path, no contents", async () => {
  // A user's settings.json can hold secrets (an env block with keys); the setting in use is given
  // per model (recommendation.current), the files themselves never.
  const files = twoModels();
  const corpora = ["model-a", "model-b"].map((model) => corpusFromText(files, { model }));
  const settings = {
    layers: [{
      source: "user" as const,
      path: "/home/someone/.claude/settings.json",
      exists: true,
      doc: { autoCompactWindow: 400000, env: { ANTHROPIC_API_KEY: "sk-secret-QZX" } },
      error: null,
      mtimeMs: 0,
    }],
    environment: {},
  };
  const { report } = await analyzeModels(corpora, { ...options, settings });
  const json = JSON.stringify(report);
  assert.ok(!json.includes("sk-secret-QZX"), "a settings value reached the document");
  assert.ok(!json.includes("/home/someone"), "a settings path reached the document");
  assert.ok(!("settings" in report.options));
  // The setting in use is still read from it, per model.
  const first = report.models[0];
  assert.ok("analysis" in first);
  assert.equal(first.analysis.recommendation.current?.autoCompactWindow, 400000);
});
