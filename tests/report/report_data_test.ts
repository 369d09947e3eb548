import assert from "node:assert/strict";
import { replaySumsFromData, reportData } from "../../lib/report/report_data.ts";
import { fixtureInputs, fixtureSums } from "./_fixture.ts";
import { priceCurves } from "../../lib/trigger/price_curves.ts";

const context = { model: "m", steadyState: null, observedTrigger: 267_900 };

Deno.test("reportData: plain arrays that survive JSON exactly", () => {
  const sums = fixtureSums();
  const data = reportData(sums, fixtureInputs(), context);
  assert.ok(Array.isArray(data.sums.contextTokens));
  assert.equal(data.sums.contextTokens.length, sums.workloads * sums.triggers.length);
  const back = replaySumsFromData(JSON.parse(JSON.stringify(data)));
  assert.deepEqual(back, sums);
  assert.equal(JSON.stringify(data), JSON.stringify(reportData(sums, fixtureInputs(), context)));
});

Deno.test("reportData: copies the inputs instead of sharing them", () => {
  const inputs = fixtureInputs();
  const data = reportData(fixtureSums(), inputs, context);
  inputs.prices.alpha = 0.5;
  assert.equal(data.inputs.prices.alpha, 0.05);
});

Deno.test("reportData and replaySumsFromData: wrong lengths are RangeErrors naming the array", () => {
  const sums = fixtureSums();
  assert.throws(
    () => reportData({ ...sums, summaryTokens: new Float64Array(3) }, fixtureInputs(), context),
    /summaryTokens has 3 entries, expected 5 workloads × 19 triggers = 95/,
  );
  assert.throws(
    () => reportData({ ...sums, workSeconds: new Float64Array(1) }, fixtureInputs(), context),
    /workSeconds has 1 entries, expected one per workload \(5\)/,
  );
  const data = reportData(sums, fixtureInputs(), context);
  assert.throws(
    () => replaySumsFromData({ sums: { ...data.sums, workloads: 4 } }),
    RangeError,
  );
});

Deno.test("reportData: a tiered model's prices and tier sums survive JSON and re-price alike", () => {
  const flat = fixtureSums();
  const cells = flat.workloads * flat.triggers.length;
  // Above 200K: a fifth of each cell's context and cached tokens, a tenth of its output share,
  // and half of the compaction sums (made-up shares; only the round trip is under test).
  const part = (column: Float64Array, share: number) => column.map((v) => v * share);
  const sums = {
    ...flat,
    tiers: {
      thresholds: Float64Array.of(200_000),
      contextTokens: part(flat.contextTokens, 0.2),
      cachedTokens: part(flat.cachedTokens, 0.2),
      outputTokens: new Float64Array(cells).fill(100),
      compactionInputTokens: part(flat.compactionInputTokens, 0.5),
      summaryTokens: part(flat.summaryTokens, 0.5),
    },
  };
  const base = fixtureInputs();
  const tier = {
    aboveInputTokens: 200_000,
    input: 2,
    cacheWrite5m: 2,
    cacheWrite1h: 2,
    cacheRead: 2,
    output: 1.5,
    uncached: 2,
  };
  const inputs = {
    ...base,
    prices: { ...base.prices, cacheWrite5m: 1.25, cacheWrite1h: 2, tiers: [tier] },
  };
  const data = JSON.parse(JSON.stringify(reportData(sums, inputs, context)));
  assert.deepEqual(data.inputs.prices.tiers, [tier]);
  assert.equal(data.inputs.prices.cacheWrite1h, 2);
  assert.deepEqual(data.sums.tiers.thresholds, [200_000]);
  const back = replaySumsFromData(data);
  assert.deepEqual(back, sums);
  const fromPage = priceCurves(back, data.inputs);
  const fromAnalysis = priceCurves(sums, inputs);
  assert.deepEqual(fromPage.costPerMillion.mean, fromAnalysis.costPerMillion.mean);
  // The tier matters: without it every cell is cheaper.
  const flatCurves = priceCurves(flat, base);
  for (let i = 0; i < flat.triggers.length; i++) {
    assert.ok(fromPage.costPerMillion.mean[i] > flatCurves.costPerMillion.mean[i]);
  }
  // A flat model's data carries no tier fields.
  assert.equal(reportData(flat, base, context).sums.tiers, undefined);
  assert.equal(reportData(flat, base, context).inputs.prices.tiers, undefined);
});

Deno.test("reportData: the sums with rework survive JSON, per-workload columns shared", async () => {
  const { buildSteps } = await import("../../lib/trigger/steps.ts");
  const { drawWorkloads } = await import("../../lib/trigger/workloads.ts");
  const { replayWorkloads } = await import("../../lib/trigger/replay.ts");
  const { makeCorpus, randomSessions } = await import("../trigger/_corpus.ts");
  const steps = buildSteps(makeCorpus(randomSessions(3, 4, 80)));
  const { plans } = drawWorkloads(steps, { workloads: 3 });
  const sums = replayWorkloads(steps, plans, {
    triggers: [30000, 60000],
    model: { g0: 3000, g1: 0, postPrefix: 9000, cPost: 0.3 },
    tierThresholds: [40000],
    rework: {
      tokensIntercept: 5000,
      tokensPerInputToken: 0.01,
      requests: 2,
      outputTokensPerRequest: 200,
      workSecondsPerRequest: 8,
    },
  });
  const inputs = fixtureInputs();
  const data = JSON.parse(JSON.stringify(reportData(sums, inputs, context)));
  assert.equal(data.sums.withRework.outputTokens, undefined, "not carried twice");
  const back = replaySumsFromData(data);
  assert.ok(back.withRework!.outputTokens === back.outputTokens);
  assert.deepEqual(back.withRework, sums.withRework);
  assert.deepEqual(
    priceCurves(back.withRework!, inputs).costPerMillion.mean,
    priceCurves(sums.withRework!, inputs).costPerMillion.mean,
  );
});
