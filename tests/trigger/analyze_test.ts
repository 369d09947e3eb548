import assert from "node:assert/strict";
import { corpusFromText } from "../../lib/transcript/mod.ts";
import {
  type AnalyzeOptions,
  analyzeTrigger,
  MissingModelInputsError,
} from "../../lib/trigger/analyze.ts";
import type { Corpus } from "../../lib/transcript/tables.ts";
import { syntheticTranscripts } from "./_transcripts.ts";
import { makeCorpus } from "./_corpus.ts";

const corpus = corpusFromText(syntheticTranscripts());
/** The document alone. */
const run = async (c: Corpus, o?: AnalyzeOptions) => (await analyzeTrigger(c, o)).report;
const small = { workloads: 6, triggerFrom: 60000, triggerTo: 300000, triggerStep: 20000 };

Deno.test("same corpus and seed give byte-identical JSON; another seed does not", async () => {
  const a = JSON.stringify(await run(corpus, small));
  const b = JSON.stringify(await run(corpusFromText(syntheticTranscripts()), small));
  assert.equal(a, b);
  const c = JSON.stringify(await run(corpus, { ...small, seed: 2 }));
  assert.notEqual(a, c);
  assert.equal(JSON.parse(c).options.seed, 2);
});

Deno.test("the document carries the schema's fields, checks and steady state", async () => {
  const r = await run(corpus, small);
  assert.equal(r.schemaVersion, 1);
  assert.deepEqual(Object.keys(r), [
    "schemaVersion",
    "lowConfidence",
    "options",
    "corpus",
    "fit",
    "prices",
    "timeModel",
    "rework",
    "replay",
    "checks",
    "steadyState",
    "recommendation",
    "precomputedCompactions",
    "diagnostics",
  ]);
  assert.equal(r.corpus.compactions.auto, 9);
  assert.equal(r.fit.timeModelSource, "fit");
  assert.ok(r.fit.both !== null && r.fit.both.rSquared > 0.9);
  // The grid: 60K … 300K by 20K (none at or below R(T)).
  assert.deepEqual(r.replay.map((p) => p.trigger), [
    60000,
    80000,
    100000,
    120000,
    140000,
    160000,
    180000,
    200000,
    220000,
    240000,
    260000,
    280000,
    300000,
  ]);
  for (const p of r.replay) {
    assert.ok(p.costPerMillion.p10! <= p.costPerMillion.mean! + 1e-12);
    assert.ok(p.costPerMillion.mean! <= p.costPerMillion.p90! + 1e-12);
    assert.ok(p.timeShare.mean! >= 0 && p.timeShare.mean! < 1);
  }
  // Fewer compactions at higher triggers.
  assert.ok(r.replay[0].compactions.mean! > r.replay[12].compactions.mean!);
  assert.equal(r.checks.permuteKeepsGrowth?.mismatches, 0);
  assert.ok(r.checks.replayAtObservedTrigger !== null);
  const ratio = r.checks.replayAtObservedTrigger.ratioToObservedBill;
  assert.ok(Math.abs(ratio - 1) <= 0.05, `ratio ${ratio}`);
  assert.equal(r.options.compactionStepShare, "previous");
  assert.ok(r.steadyState.tStarTokens! > 0);
  assert.equal(
    r.steadyState.ratio,
    r.steadyState.tStarTokens! / r.steadyState.replayArgminTokens!,
  );
});

Deno.test("the step across a real compaction: previous by default, kept on request", async () => {
  // The transcripts compact at 0.97–1.03 × 150K, so the replay at the observed trigger (the
  // median C) does not compact at about half of the real compactions. "kept" bills those steps
  // at the cold share 12000 / (12000 + G) the real compaction left: the replay lands more than
  // 5% above the observed bill (1.076 here); "previous" keeps the warm share (1.009 here).
  const spec = await run(corpus, { ...small, compactionStepShare: "kept" });
  const warm = await run(corpus, small);
  assert.equal(spec.options.compactionStepShare, "kept");
  assert.equal(warm.options.compactionStepShare, "previous");
  const ratio = (r: typeof spec) => r.checks.replayAtObservedTrigger!.ratioToObservedBill;
  assert.ok(ratio(spec) > 1.05, `kept: ${ratio(spec)}`);
  assert.ok(Math.abs(ratio(warm) - 1) <= 0.05, `previous: ${ratio(warm)}`);
  // Only the cached share differs: the observed bill, growth and compaction counts do not.
  assert.deepEqual(spec.checks.observedBill, warm.checks.observedBill);
  assert.deepEqual(
    spec.replay.map((p) => p.compactions.mean),
    warm.replay.map((p) => p.compactions.mean),
  );
});

Deno.test("a grid entirely at or below R(T) is a named error", async () => {
  await assert.rejects(
    () => analyzeTrigger(corpus, { ...small, triggerFrom: 10000, triggerTo: 15000 }),
    /every trigger of the grid 10000…15000 tokens is at or below/,
  );
});

Deno.test("price options re-price without changing the replay", async () => {
  const base = await run(corpus, small);
  const cheap = await run(corpus, { ...small, alpha: 0.025, omega: 1 });
  assert.equal(cheap.prices.alpha, 0.025);
  assert.equal(cheap.prices.omega, 1);
  for (let t = 0; t < base.replay.length; t++) {
    assert.equal(cheap.replay[t].compactions.mean, base.replay[t].compactions.mean);
    assert.ok(cheap.replay[t].costPerMillion.mean! < base.replay[t].costPerMillion.mean!);
  }
});

Deno.test("degenerate corpora: named errors, and a and v by option instead of the fit", async () => {
  await assert.rejects(() => analyzeTrigger(makeCorpus([])), /no requests/);
  // One compaction, no duration: the time fit cannot run.
  const one = makeCorpus([{
    requests: [{ r: 100000, y: 10 }, { r: 150000, y: 10, gap: 5 }, {
      r: 20000,
      w5: 9000,
      y: 10,
      gap: 5,
    }],
    compactions: [{ before: 2, inputTokens: 160000, summaryTokens: 9000 }],
  }]);
  await assert.rejects(() => analyzeTrigger(one, { workloads: 2 }), /Cannot fit time model/);
  const r = await run(one, { workloads: 2, a: 1e-4, v: 80 });
  assert.equal(r.fit.timeModelSource, "options");
  assert.match(r.fit.timeModelError!, /the 1 compaction does not have a duration/);
  assert.equal(r.fit.both, null);
  assert.equal(r.timeModel.vTokensPerSecond, 80);
  assert.equal(r.fit.summaryModel.method, "median");
  await assert.rejects(() => analyzeTrigger(one, { a: -1, v: 80 }), RangeError);
  const none = makeCorpus([{ requests: [{ r: 1000 }, { r: 2000, gap: 1 }] }]);
  await assert.rejects(
    () => analyzeTrigger(none, { a: 1e-4, v: 80 }),
    (e) =>
      e instanceof MissingModelInputsError &&
      /the corpus has no compaction of model "test-model"/.test(e.message) &&
      e.missing.join() === "summaryTokens,postPrefix,beta,cPost",
  );
});

// One session, no compaction, by hand: x = 10000 (c 0), 30000 (c 1/3), 50000 (c 3/5), y = 100
// each, gaps 10 and 20 s. Only 5m cache writes are uncached: ω = 1.25.
// D = Σ(x + y) = 90000 + 300 = 90300.
const noCompaction = makeCorpus([{
  requests: [
    { w5: 10000, y: 100 },
    { r: 10000, w5: 20000, y: 100, gap: 10 },
    { r: 30000, w5: 20000, y: 100, gap: 20 },
  ],
}]);
const byHand = { summaryTokens: 8000, postPrefix: 20000, beta: 0.9, cPost: 0.3 };

Deno.test("no compaction: the error names exactly what is missing, never what was given", async () => {
  const missing = async (options: Parameters<typeof analyzeTrigger>[1]) => {
    try {
      await run(noCompaction, options);
    } catch (error) {
      assert.ok(error instanceof MissingModelInputsError && error instanceof RangeError);
      assert.match(error.message, /no compaction/);
      return error.missing.join(" ");
    }
    return "";
  };
  assert.equal(await missing({}), "a v summaryTokens postPrefix beta cPost");
  assert.equal(await missing({ a: 1e-4, v: 80 }), "summaryTokens postPrefix beta cPost");
  assert.equal(await missing({ v: 80, beta: 0.9, summaryTokens: 8000 }), "a postPrefix cPost");
  assert.equal(await missing({ ...byHand, a: 1e-4 }), "v");
  assert.equal(await missing({ ...byHand, a: 1e-4, v: 80, workloads: 2 }), "");
  for (const bad of [{ beta: 1.5 }, { cPost: -0.1 }, { summaryTokens: NaN }, { postPrefix: -1 }]) {
    await assert.rejects(
      () => analyzeTrigger(noCompaction, { ...byHand, a: 1e-4, v: 80, ...bad }),
      {
        name: "RangeError",
        message: /Invalid option/,
      },
    );
  }
});

Deno.test("no compaction, the compaction model given by hand: a replay worked by hand", async () => {
  const r = await run(noCompaction, {
    ...byHand,
    a: 1e-4,
    v: 80,
    workloads: 2,
    triggerFrom: 40000,
    triggerTo: 40000,
  });
  assert.deepEqual(r.fit.compactionModelSource, {
    summaryTokens: "options",
    postPrefix: "options",
    beta: "options",
    cPost: "options",
  });
  assert.equal(
    r.fit.compactionModelError,
    'Cannot fit summary model: the corpus has no compaction of model "test-model"',
  );
  assert.equal(r.fit.timeModelSource, "options");
  assert.deepEqual(r.fit.summaryModel, {
    kind: "constant",
    reason: "G given as an option",
    g0: 8000,
    g1: 0,
    rSquared: null,
    tStatistic: null,
    criticalT: null,
    line: null,
    minSummaryTokens: 0,
    n: 0,
    method: "options",
  });
  assert.equal(r.fit.postPrefix, 20000);
  assert.equal(r.fit.beta, 0.9);
  assert.equal(r.fit.cPost, 0.3);
  assert.deepEqual(
    [r.options.summaryTokens, r.options.postPrefix, r.options.beta, r.options.cPost],
    [8000, 20000, 0.9, 0.3],
  );
  // Steady state: R̃ = P + G = 28000, G̃ = 8000.
  assert.equal(r.steadyState.inputs.postContextTokens, 28000);
  assert.equal(r.steadyState.inputs.summaryTokens, 8000);
  // T = 40000, workload 0: x = 10000 (c 0), 30000 (c 1/3), then 50000 ≥ T: C = 50000,
  // G = 8000, x = P + G = 28000 at c_post 0.3. Σx = 68000, Σcx = 10000 + 8400 = 18400.
  // Compaction input 50000 at β 0.9: 5000 uncached, 45000 cached; output Σy + G = 300 + 8000.
  // J / p_m = 1.25·(68000 − 18400 + 5000) + 0.05·(18400 + 45000) + 5·8300
  //         = 68250 + 3170 + 41500 = 112920 -> 5 · 112920 / 90300 USD per million.
  const [p] = r.replay;
  assert.equal(p.trigger, 40000);
  assert.equal(p.observed.compactions, 1);
  assert.ok(Math.abs(p.observed.costPerMillion - 5 * 112920 / 90300) < 1e-12);
  // t_c = a·C + G/v = 5 + 100 = 105 s; W = 30 s -> S = 105 / 135.
  assert.ok(Math.abs(p.observed.timeShare - 105 / 135) < 1e-12);
  // Observed bill: 1.25·50000 + 0.05·40000 + 5·300 = 66000, no compaction to add.
  assert.ok(Math.abs(r.checks.observedBill.costPerMillion - 5 * 66000 / 90300) < 1e-12);
  assert.equal(r.checks.replayAtObservedTrigger, null);
});

Deno.test("given parts override fitted ones, one by one, and the document says which", async () => {
  const fitted = await run(corpus, small);
  assert.deepEqual(fitted.fit.compactionModelSource, {
    summaryTokens: "fit",
    postPrefix: "fit",
    beta: "fit",
    cPost: "fit",
  });
  assert.equal(fitted.fit.compactionModelError, null);
  assert.equal(fitted.options.beta, null);
  const r = await run(corpus, { ...small, beta: 0.5, summaryTokens: 7000 });
  assert.deepEqual(r.fit.compactionModelSource, {
    summaryTokens: "options",
    postPrefix: "fit",
    beta: "options",
    cPost: "fit",
  });
  assert.equal(r.fit.compactionModelError, null, "the corpus could have given them");
  assert.equal(r.fit.beta, 0.5);
  assert.equal(r.fit.summaryModel.method, "options");
  assert.equal(r.fit.summaryModel.g0, 7000);
  assert.equal(r.fit.postPrefix, fitted.fit.postPrefix);
  assert.equal(r.fit.cPost, fitted.fit.cPost);
  // The steady state uses the given G: G̃ = 7000, R̃ = P + 7000.
  assert.equal(r.steadyState.inputs.summaryTokens, 7000);
  assert.equal(r.steadyState.inputs.postContextTokens, fitted.fit.postPrefix + 7000);
  assert.equal(r.steadyState.inputs.beta, 0.5);
  // A lower β makes every compaction dearer: the curves move, the compaction counts only with G.
  const betaOnly = await run(corpus, { ...small, beta: 0.5 });
  for (let t = 0; t < fitted.replay.length; t++) {
    assert.equal(betaOnly.replay[t].compactions.mean, fitted.replay[t].compactions.mean);
    assert.ok(betaOnly.replay[t].costPerMillion.mean! > fitted.replay[t].costPerMillion.mean!);
  }
});

Deno.test("compactions without summaries: only G and P are missing, and the time model", async () => {
  // Two compactions with C, duration and the requests around them, but no summary: G(C), P and
  // the time fit (which needs G) cannot be fitted; β and c_post can.
  const session = (c: number) => ({
    requests: [{ r: c - 2000, w5: 1000, y: 1 }, { r: 5000, w5: 20000, y: 1, gap: 30 }],
    compactions: [{ before: 1, inputTokens: c, durationSeconds: 20 }],
  });
  const bare = makeCorpus([session(150000), session(170000)]);
  await assert.rejects(
    () => analyzeTrigger(bare, { workloads: 2 }),
    (e) =>
      e instanceof MissingModelInputsError &&
      e.missing.join() === "a,v,summaryTokens,postPrefix" &&
      /Cannot fit time model: none of the 2 compactions has a duration/.test(e.message) &&
      /none of the 2 compactions has both an input size and a summary/.test(e.message),
  );
  const r = await run(bare, {
    workloads: 2,
    a: 1e-4,
    v: 80,
    summaryTokens: 6000,
    postPrefix: 19000,
  });
  assert.deepEqual(r.fit.compactionModelSource, {
    summaryTokens: "options",
    postPrefix: "options",
    beta: "fit",
    cPost: "fit",
  });
  assert.match(r.fit.compactionModelError!, /none of the 2 compactions has both an input size/);
  // β = median of 148000/149000 and 168000/169000; c_post = 5000/25000 twice.
  assert.equal(r.fit.beta, (148000 / 149000 + 168000 / 169000) / 2);
  assert.equal(r.fit.cPost, 0.2);
});

Deno.test("one and two compactions: G(C) is the median G", async () => {
  const session = (c: number, g: number) => ({
    requests: [{ r: c - 2000, w5: 1000, y: 1 }, { r: 5000, w5: 15000 + g, y: 1, gap: 30 }],
    compactions: [{ before: 1, inputTokens: c, summaryTokens: g, durationSeconds: 20 }],
  });
  // One compaction: the time fit has one point (singular); G(C) = G = 9000, P = 20000 − 0.
  const one = await run(makeCorpus([session(160000, 9000)]), {
    workloads: 2,
    a: 1e-4,
    v: 80,
  });
  assert.deepEqual(one.fit.summaryModel, {
    kind: "constant",
    reason: "only 1 compaction with C and G (a line needs at least 10)",
    g0: 9000,
    g1: 0,
    rSquared: null,
    tStatistic: null,
    criticalT: null,
    line: null,
    minSummaryTokens: 0,
    n: 1,
    method: "median",
  });
  assert.equal(one.fit.postPrefix, 20000); // R − G = (5000 + 15000 + 9000) − 9000
  assert.equal(one.fit.timeModelSource, "options");
  // Two compactions: median of 6000 and 10000 = 8000; P = 20000 both times.
  const two = await run(makeCorpus([session(150000, 6000), session(200000, 10000)]), {
    workloads: 2,
    a: 1e-4,
    v: 80,
  });
  // The line through (150000, 6000) and (200000, 10000) is fitted (g1 = 4000/50000 = 0.08) but
  // two compactions are too few to use it.
  assert.equal(two.fit.summaryModel.kind, "constant");
  assert.equal(two.fit.summaryModel.g0, 8000);
  assert.equal(two.fit.summaryModel.g1, 0);
  assert.ok(Math.abs(two.fit.summaryModel.line!.g1 - 0.08) < 1e-12);
  assert.equal(two.fit.summaryModel.n, 2);
  assert.equal(two.fit.postPrefix, 20000);
});

Deno.test("the replay on two worker threads gives the same document", async () => {
  const one = JSON.stringify(await run(corpus, { ...small, method: "moving" }));
  const two = JSON.stringify(
    await run(corpus, { ...small, method: "moving", threads: 2 }),
  );
  assert.equal(two, one);
});

Deno.test("a fitted v <= 0 is constrained away (NNLS), and a given v refits a", async () => {
  // Durations fall as summaries grow: t = 0.0002·C − G/500 -> the exact fit gives v = −500.
  // t = 34, 50, 36, 52 s. Worked by hand (python): ΣC² = 2.389e11, ΣCt = 4.264e7, so the
  // input-only fit is a = 4.264e7 / 2.389e11 = 1.78485e-4 with SS_res 45.41; the summary-only
  // fit (b = ΣGt/ΣG² = 0.01118) leaves SS_res 2781.7, so NNLS keeps input only (v = ∞).
  const rows = [[200000, 3000], [260000, 1000], [230000, 5000], [280000, 2000]];
  const corpus = makeCorpus(rows.map(([c, g]) => ({
    requests: [{ r: c - 1000, y: 1 }, { r: 1000, w5: 20000 + g, y: 1, gap: 5 }],
    compactions: [{
      before: 1,
      inputTokens: c,
      summaryTokens: g,
      durationSeconds: 0.0002 * c - g / 500,
    }],
  })));
  const fitted = await run(corpus, { workloads: 2 });
  assert.ok(Math.abs(fitted.fit.both!.v + 500) < 1e-6, `${fitted.fit.both!.v}`);
  assert.equal(fitted.fit.constrained!.method, "input only");
  assert.ok(Math.abs(fitted.fit.constrained!.a - 4.264e7 / 2.389e11) < 1e-15);
  assert.equal(fitted.fit.constrained!.v, null); // v = ∞: summary size adds no time
  assert.equal(fitted.timeModel.aSecondsPerToken, fitted.fit.constrained!.a);
  // R² of the used fit: SS_tot = Σ(t − 43)² = 260, 1 − 45.4115 / 260 = 0.82534.
  assert.ok(Math.abs(fitted.fit.constrained!.rSquared! - 0.8253405) < 1e-6);
  // v given: a = ΣC(t − G/500) / ΣC² = (4.264e7 − 2.57e9 / 500) / 2.389e11.
  const r = await run(corpus, { workloads: 2, v: 500 });
  assert.ok(Math.abs(r.fit.both!.v + 500) < 1e-6);
  assert.equal(r.timeModel.vTokensPerSecond, 500);
  assert.equal(r.fit.constrained!.method, "v given");
  assert.ok(Math.abs(r.timeModel.aSecondsPerToken - (4.264e7 - 2.57e9 / 500) / 2.389e11) < 1e-15);
  assert.equal(r.fit.timeModelSource, "fit and options");
});

Deno.test("the default grid covers the observed trigger and the cheapest point on its edge is flagged", async () => {
  // The test transcripts compact near 150K: half is 75000 > 40000 and twice is 300000 < 1M, so
  // the default grid stays 40K … 1M; a corpus compacting near 30K starts at 10K (half = 15000 ->
  // 10000 in whole steps of 10000) and keeps 10000 in the document's options.
  const r = await run(corpus, { workloads: 4 });
  assert.equal(r.options.triggerFrom, 40000);
  assert.equal(r.options.triggerTo, 1_000_000);
  const low = corpusFromText(syntheticTranscripts({ trigger: 30000, requestsPerSession: 60 }));
  const lowR = await run(low, { workloads: 4, triggerTo: 200000 });
  assert.ok(lowR.corpus.observedTrigger! < 40000, `${lowR.corpus.observedTrigger}`);
  assert.equal(lowR.options.triggerFrom, 10000);
  assert.equal(lowR.replay[0].trigger > lowR.corpus.observedTrigger! / 2 - 10000, true);
  // The flag is exactly "the argmin is the first or the last replayed trigger".
  for (const doc of [r, lowR]) {
    const triggers = doc.replay.map((p) => p.trigger);
    const arg = doc.steadyState.replayArgminTokens;
    assert.equal(
      doc.steadyState.argminAtGridEdge,
      arg === triggers[0] || arg === triggers[triggers.length - 1],
    );
  }
  // A one-point grid: its only point is both edges.
  const one = await run(corpus, { ...small, triggerFrom: 200000, triggerTo: 200000 });
  assert.equal(one.steadyState.argminAtGridEdge, true);
  // Cached input as dear as uncached (α = 1): holding context costs most, the smallest trigger
  // wins, on the edge; the recommended setting is then the percentage override below 67K.
  const dear = await run(corpus, { ...small, alpha: 1 });
  assert.equal(dear.steadyState.replayArgminTokens, 60000);
  assert.equal(dear.steadyState.argminAtGridEdge, true);
  assert.equal(dear.recommendation.kind, "percentOverride");
});

Deno.test("the recommendation: cheapest, or cheapest within the time budget, and its setting", async () => {
  // From 80K on, the cheapest trigger leaves a window within 100,000 … 1,000,000.
  // force: the test corpus is too small for a firm grade; the setting itself is tested here.
  const grid = { ...small, triggerFrom: 80000, force: true };
  const r = await run(corpus, { ...grid, contextWindow: 1_000_000 });
  const rec = r.recommendation;
  assert.equal(rec.kind, "window");
  assert.equal(rec.basis, "cheapest");
  assert.equal(rec.trigger, r.steadyState.replayArgminTokens);
  assert.equal(rec.contextWindowSource, "option");
  assert.equal(r.options.contextWindow, 1_000_000);
  assert.equal(rec.settings!.autoCompactWindow, rec.trigger! + 33000);
  assert.deepEqual(rec.environment, [`CLAUDE_CODE_AUTO_COMPACT_WINDOW=${rec.trigger! + 33000}`]);
  // Saving against the observed trigger: the mean cost there, linear between its grid
  // neighbours, worked out here from the document's own curve.
  const obs = r.corpus.observedTrigger!;
  const hi = r.replay.findIndex((p) => p.trigger >= obs);
  const [p, q] = [r.replay[hi - 1], r.replay[hi]];
  const w = (obs - p.trigger) / (q.trigger - p.trigger);
  const there = p.costPerMillion.mean! + w * (q.costPerMillion.mean! - p.costPerMillion.mean!);
  assert.ok(Math.abs(rec.atObservedTrigger!.costPerMillion - there) < 1e-12);
  assert.deepEqual(rec.atObservedTrigger!.between, [p.trigger, q.trigger]);
  assert.ok(
    Math.abs(rec.savingVsObservedTrigger! - (1 - rec.costPerMillion!.mean! / there)) < 1e-12,
  );

  // A budget: the cheapest point whose mean time share is at most it, found here by a plain scan.
  const shares = r.replay.map((p) => p.timeShare.mean!);
  const budget = (shares[0] + shares[shares.length - 1]) / 2;
  let expected = -1;
  for (let i = 0; i < r.replay.length; i++) {
    if (
      shares[i] <= budget &&
      (expected < 0 || r.replay[i].costPerMillion.mean! < r.replay[expected].costPerMillion.mean!)
    ) expected = i;
  }
  const b = await run(corpus, { ...grid, maxTimeShare: budget });
  assert.equal(b.options.maxTimeShare, budget);
  assert.equal(b.recommendation.basis, "timeBudget");
  assert.equal(b.recommendation.trigger, r.replay[expected].trigger);
  assert.ok(b.recommendation.timeShare!.mean! <= budget);
  // The replay and the unconstrained argmin do not move.
  assert.equal(b.steadyState.replayArgminTokens, r.steadyState.replayArgminTokens);
  // No trigger within the budget: why, and nothing recommended.
  const none = await run(corpus, { ...small, maxTimeShare: 0 });
  assert.equal(none.recommendation.trigger, null);
  assert.equal(none.recommendation.settings!.autoCompactWindow, null);
  assert.match(
    none.recommendation.budgetError!,
    /no trigger of the grid has a mean time share of at most 0\.0%/,
  );
  await assert.rejects(() => analyzeTrigger(corpus, { ...small, maxTimeShare: 2 }), /maxTimeShare/);
  await assert.rejects(
    () => analyzeTrigger(corpus, { ...small, contextWindow: -1 }),
    /contextWindow/,
  );
  // The default window is 200,000: a trigger above 167,000 is not reachable there.
  const high = await run(corpus, { ...small, triggerFrom: 180000, triggerTo: 300000, force: true });
  assert.equal(high.recommendation.contextWindowSource, "default");
  assert.equal(high.recommendation.kind, "notReachable");
  assert.equal(high.recommendation.settings!.autoCompactWindow, null);
});

Deno.test("a grid no session reaches: flat curves, no compaction, no setting recommended", async () => {
  // noCompaction peaks at x = 50000; a grid of 100K…200K is never reached: every replayed
  // request is billed as observed, the curve is flat with 0 compactions, and its "cheapest"
  // point (the first of equal means) would change nothing if configured.
  const r = await run(noCompaction, {
    ...byHand,
    a: 1e-4,
    v: 80,
    workloads: 2,
    triggerFrom: 100000,
    triggerTo: 200000,
    triggerStep: 50000,
  });
  assert.ok(r.replay.every((p) => p.compactions.mean === 0));
  assert.equal(r.recommendation.trigger, null);
  assert.equal(r.recommendation.settings!.autoCompactWindow, null);
  assert.match(r.recommendation.budgetError!, /no replayed session reaches 100000 tokens/);
});
