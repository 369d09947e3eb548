import assert from "node:assert/strict";
import { corpusFromText } from "../../lib/transcript/mod.ts";
import { type AnalyzeOptions, analyzeTrigger } from "../../lib/trigger/analyze.ts";
import { priceCurves } from "../../lib/trigger/price_curves.ts";
import { steadyStateSolution } from "../../lib/trigger/steady_state.ts";
import { syntheticTranscripts } from "./_transcripts.ts";

const corpus = corpusFromText(syntheticTranscripts());
const small = { workloads: 6, triggerFrom: 60000, triggerTo: 300000, triggerStep: 20000 };
const run = async (o: AnalyzeOptions) => (await analyzeTrigger(corpus, { ...small, ...o }));

/**
 * The published method's values on this corpus: tests/trigger/fixtures/published_method_small.json
 * was written by the analysis before rework existed (main at 0125b62, the same script's fields:
 * replay, steadyState's T*, argmin, spread and ratio, and the recommendation's numbers).
 */
const published = JSON.parse(
  await Deno.readTextFile(new URL("./fixtures/published_method_small.json", import.meta.url)),
);

/** The fields of the fixture, taken from a document the same way. */
function publishedFields(r: Awaited<ReturnType<typeof run>>["report"], without: boolean) {
  return {
    replay: r.replay.map((p) => {
      const { costPerMillionWithoutRework, timeShareWithoutRework, ...rest } = p;
      // Every other field of the point as the published analysis wrote it.
      return without
        ? {
          ...rest,
          costPerMillion: costPerMillionWithoutRework,
          timeShare: timeShareWithoutRework,
        }
        : rest;
    }),
    steadyState: {
      tStarTokens: without ? r.steadyState.tStarWithoutReworkTokens : r.steadyState.tStarTokens,
      replayArgminTokens: without
        ? r.steadyState.replayArgminWithoutReworkTokens
        : r.steadyState.replayArgminTokens,
      argminSpread: r.steadyState.argminSpread,
      ratio: r.steadyState.ratio,
    },
    recommendation: {
      trigger: r.recommendation.trigger,
      costPerMillion: r.recommendation.costPerMillion,
      timeShare: r.recommendation.timeShare,
      savingVsObservedTrigger: r.recommendation.savingVsObservedTrigger,
      atObservedTrigger: r.recommendation.atObservedTrigger,
    },
  };
}

Deno.test("--rework off reproduces the published method byte for byte, with = without", async () => {
  const { report } = await run({ rework: "off" });
  assert.equal(JSON.stringify(publishedFields(report, false)), JSON.stringify(published));
  assert.equal(JSON.stringify(publishedFields(report, true)), JSON.stringify(published));
  assert.equal(report.rework!.source, "off");
  assert.equal(report.rework!.applied, null);
  assert.equal(report.steadyState.inputs.reworkTokens, 0);
});

Deno.test("auto without fetch targets: source none with its reason, the published curves", async () => {
  const { report, sums } = await run({});
  assert.equal(report.options.rework, "auto");
  assert.equal(report.rework!.source, "none");
  assert.match(report.rework!.reason!, /fetch targets/);
  assert.equal(report.rework!.windowRequests, 30);
  assert.equal(sums.withRework, undefined);
  assert.equal(JSON.stringify(publishedFields(report, false)), JSON.stringify(published));
});

Deno.test("given rework: the curve moves, the curve without it stays the published one", async () => {
  const { report, sums, inputs, steadyState } = await run({
    reworkTokens: 12000,
    reworkRequests: 4,
  });
  const r = report.rework!;
  assert.equal(r.source, "option");
  assert.deepEqual(r.tokensPerCompaction, { estimate: 12000, low: 12000, high: 12000 });
  assert.equal(r.applied!.tokensIntercept, 12000);
  assert.equal(r.applied!.requests, 4);
  // Without rework: the published values, from the same run.
  const fields = publishedFields(report, true);
  assert.equal(
    JSON.stringify(fields.replay.map((p) => [p.trigger, p.costPerMillion, p.timeShare])),
    JSON.stringify(
      published.replay.map((
        p: typeof fields.replay[number],
      ) => [p.trigger, p.costPerMillion, p.timeShare]),
    ),
  );
  assert.equal(fields.steadyState.tStarTokens, published.steadyState.tStarTokens);
  assert.equal(fields.steadyState.replayArgminTokens, published.steadyState.replayArgminTokens);
  // With rework every point costs more, and the time share is higher where anything compacts.
  for (let i = 0; i < report.replay.length; i++) {
    const p = report.replay[i];
    assert.ok(p.costPerMillion.mean! > p.costPerMillionWithoutRework!.mean!, `${p.trigger}`);
    if (p.compactions.mean! > 0) assert.ok(p.timeShare.mean! > p.timeShareWithoutRework!.mean!);
  }
  // The document's curves are the re-priced sums with rework; T* is the closed form's with it.
  const again = priceCurves(sums.withRework!, inputs);
  assert.deepEqual(
    report.replay.map((p) => p.costPerMillion.mean),
    Array.from(again.costPerMillion.mean),
  );
  assert.equal(
    report.steadyState.tStarTokens,
    steadyStateSolution(steadyState!, inputs.prices).tStarTokens,
  );
  assert.ok(report.steadyState.tStarTokens! > report.steadyState.tStarWithoutReworkTokens!);
  // The recommendation follows the curve with rework.
  assert.equal(report.recommendation.trigger, report.steadyState.replayArgminTokens);
  assert.ok(
    report.steadyState.replayArgminTokens! >= report.steadyState.replayArgminWithoutReworkTokens!,
  );
});

Deno.test("rework options are checked", async () => {
  await assert.rejects(() => run({ reworkTokens: 1000 }), /given together/);
  await assert.rejects(() => run({ reworkTokens: -1, reworkRequests: 1 }), />= 0/);
  await assert.rejects(() => run({ rework: "off", reworkTokens: 1, reworkRequests: 1 }), /off/);
  await assert.rejects(() => run({ reworkWindow: 0 }), /positive integer/);
});

Deno.test("the answer sentence says how far rework moved the cheapest trigger", async () => {
  const { answerSentence } = await import("../../lib/trigger/answer_sentence.ts");
  const off = (await run({ rework: "off" })).report;
  assert.doesNotMatch(answerSentence(off), /re-reads/);
  const given = (await run({ reworkTokens: 30000, reworkRequests: 6 })).report;
  const s = given.steadyState;
  const k = (v: number) => `${Number((v / 1000).toFixed(1))}K`;
  const sentence = answerSentence(given);
  if (s.replayArgminTokens === s.replayArgminWithoutReworkTokens) {
    assert.match(sentence, /does not move the cheapest trigger/);
  } else {
    const shift = s.replayArgminTokens! - s.replayArgminWithoutReworkTokens!;
    assert.ok(
      sentence.endsWith(
        ` moves the cheapest trigger from ${k(s.replayArgminWithoutReworkTokens!)} ` +
          `${shift > 0 ? "up" : "down"} by ${k(Math.abs(shift))}.`,
      ),
      sentence,
    );
  }
});

Deno.test("auto on a corpus read with fetch targets: measured, replayed, both curves", async () => {
  const { readCorpus } = await import("../../lib/transcript/mod.ts");
  const { estimateRework } = await import("../../lib/rework/estimate.ts");
  const sample = new URL("../../data-synthetic/sample/", import.meta.url).pathname;
  const read = await readCorpus([sample], { fetchTargets: true });
  const options = { workloads: 4, sessionDraws: 0 };
  const { report } = await analyzeTrigger(read, options);
  const w = report.rework!;
  // The estimate is the estimator's own, called directly.
  const direct = estimateRework(read, { windowRequests: 30, seed: 1 });
  assert.equal(direct.source, "measured");
  assert.equal(w.source, "measured");
  assert.deepEqual(w.tokensPerCompaction, direct.tokensPerCompaction);
  assert.deepEqual(w.requestsPerCompaction, direct.requestsPerCompaction);
  assert.equal(w.naiveTokensPerCompaction, direct.naiveTokensPerCompaction);
  // A constant ΔW (the sample's C has no spread): the mean, floored at 0, and ΔN likewise.
  assert.equal(direct.growth!.kind, "constant");
  assert.equal(w.applied!.tokensIntercept, Math.max(0, direct.tokensPerCompaction!.estimate));
  assert.equal(w.applied!.requests, Math.max(0, direct.requestsPerCompaction!.estimate));
  assert.equal(report.steadyState.inputs.reworkTokens, w.applied!.tokensIntercept);
  for (const p of report.replay) {
    if (p.compactions.mean! > 0) {
      assert.ok(p.costPerMillion.mean! > p.costPerMillionWithoutRework!.mean!, `${p.trigger}`);
    } else {
      assert.equal(p.costPerMillion.mean, p.costPerMillionWithoutRework!.mean);
    }
  }
  // The same corpus with rework off: the curves without rework, and nothing else moves them.
  const off = (await analyzeTrigger(read, { ...options, rework: "off" })).report;
  assert.deepEqual(
    off.replay.map((p) => p.costPerMillion),
    report.replay.map((p) => p.costPerMillionWithoutRework),
  );
  assert.equal(off.steadyState.tStarTokens, report.steadyState.tStarWithoutReworkTokens);
});
