import assert from "node:assert/strict";
import { corpusFromText } from "../../lib/transcript/mod.ts";
import { analyzeTrigger, analyzeTriggerParallel } from "../../lib/trigger/analyze.ts";
import { syntheticTranscripts } from "./_transcripts.ts";
import { makeCorpus } from "./_corpus.ts";

const corpus = corpusFromText(syntheticTranscripts());
const small = { workloads: 6, triggerFrom: 60000, triggerTo: 300000, triggerStep: 20000 };

Deno.test("same corpus and seed give byte-identical JSON; another seed does not", () => {
  const a = JSON.stringify(analyzeTrigger(corpus, small));
  const b = JSON.stringify(analyzeTrigger(corpusFromText(syntheticTranscripts()), small));
  assert.equal(a, b);
  const c = JSON.stringify(analyzeTrigger(corpus, { ...small, seed: 2 }));
  assert.notEqual(a, c);
  assert.equal(JSON.parse(c).options.seed, 2);
});

Deno.test("the document carries the §5 fields, checks and steady state", () => {
  const r = analyzeTrigger(corpus, small);
  assert.equal(r.schemaVersion, 1);
  assert.deepEqual(Object.keys(r), [
    "schemaVersion",
    "options",
    "corpus",
    "fit",
    "prices",
    "timeModel",
    "replay",
    "checks",
    "steadyState",
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

Deno.test("the step across a real compaction: previous by default, kept on request", () => {
  // The transcripts compact at 0.97–1.03 × 150K, so the replay at the observed trigger (the
  // median C) does not compact at about half of the real compactions. "kept" bills those steps
  // at the cold share 12000 / (12000 + G) the real compaction left: the replay lands more than
  // 5% above the observed bill (1.076 here); "previous" keeps the warm share (1.009 here).
  const spec = analyzeTrigger(corpus, { ...small, compactionStepShare: "kept" });
  const warm = analyzeTrigger(corpus, small);
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

Deno.test("a grid entirely at or below R(T) is a named error", () => {
  assert.throws(
    () => analyzeTrigger(corpus, { ...small, triggerFrom: 10000, triggerTo: 15000 }),
    /every trigger of the grid 10000…15000 tokens is at or below/,
  );
});

Deno.test("price options re-price without changing the replay", () => {
  const base = analyzeTrigger(corpus, small);
  const cheap = analyzeTrigger(corpus, { ...small, alpha: 0.025, omega: 1 });
  assert.equal(cheap.prices.alpha, 0.025);
  assert.equal(cheap.prices.omega, 1);
  for (let t = 0; t < base.replay.length; t++) {
    assert.equal(cheap.replay[t].compactions.mean, base.replay[t].compactions.mean);
    assert.ok(cheap.replay[t].costPerMillion.mean! < base.replay[t].costPerMillion.mean!);
  }
});

Deno.test("degenerate corpora: named errors, and a and v by option instead of the fit", () => {
  assert.throws(() => analyzeTrigger(makeCorpus([])), /no requests/);
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
  assert.throws(() => analyzeTrigger(one, { workloads: 2 }), /Cannot fit time model/);
  const r = analyzeTrigger(one, { workloads: 2, a: 1e-4, v: 80 });
  assert.equal(r.fit.timeModelSource, "options");
  assert.match(r.fit.timeModelError!, /none of the 1 compactions has a duration/);
  assert.equal(r.fit.both, null);
  assert.equal(r.timeModel.vTokensPerSecond, 80);
  assert.equal(r.fit.summaryModel.method, "median");
  assert.throws(() => analyzeTrigger(one, { a: -1, v: 80 }), RangeError);
  const none = makeCorpus([{ requests: [{ r: 1000 }, { r: 2000, gap: 1 }] }]);
  assert.throws(() => analyzeTrigger(none, { a: 1e-4, v: 80 }), /Cannot fit summary model/);
});

Deno.test("the replay on two worker threads gives the same document", async () => {
  const one = JSON.stringify(analyzeTrigger(corpus, { ...small, method: "moving" }));
  const two = JSON.stringify(
    await analyzeTriggerParallel(corpus, { ...small, method: "moving", threads: 2 }),
  );
  assert.equal(two, one);
});

Deno.test("a fitted v <= 0 is refused with a named error, unless v is given", () => {
  // Durations fall as summaries grow: t = 0.0001·C − G/100 -> the fit gives v = −100.
  const rows = [[200000, 3000], [260000, 1000], [230000, 5000], [280000, 2000]];
  const corpus = makeCorpus(rows.map(([c, g]) => ({
    requests: [{ r: c - 1000, y: 1 }, { r: 1000, w5: 20000 + g, y: 1, gap: 5 }],
    compactions: [{
      before: 1,
      inputTokens: c,
      summaryTokens: g,
      durationSeconds: 0.0001 * c - g / 100,
    }],
  })));
  assert.throws(() => analyzeTrigger(corpus, { workloads: 2 }), /v = -100(\.0*\d*)? tokens\/s/);
  const r = analyzeTrigger(corpus, { workloads: 2, v: 50 });
  assert.ok(Math.abs(r.fit.both!.v + 100) < 1e-6);
  assert.equal(r.timeModel.vTokensPerSecond, 50);
  assert.equal(r.fit.timeModelSource, "fit and options");
});
