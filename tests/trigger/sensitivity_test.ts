import assert from "node:assert/strict";
import { generateCorpus } from "../../data-synthetic/generate_corpus.ts";
import { PROFILES } from "../../data-synthetic/profiles.ts";
import { corpusFromText } from "../../lib/transcript/mod.ts";
import {
  analyzeTrigger,
  blockSizeSweep,
  buildSteps,
  drawWorkloads,
  fitSummaryModel,
  priceCurves,
  replayWorkloads,
  repriceSweep,
} from "../../lib/trigger/mod.ts";

// Hand-made sums: workloads 0 (observed) and 1 (resampled) identical; triggers 10, 20, 30.
// With ω = 1, β = 1, ρ = 0, p_m = 1 and D = 1, cost = U + α·(K + ΣC):
//   trigger 10: U = 100, K = 0,    ΣC = 1000 → 100 + 1000α
//   trigger 20: U = 50,  K = 500,  ΣC = 0    → 50 + 500α
//   trigger 30: U = 0,   K = 1500, ΣC = 0    → 1500α
// Time share with a = 0 and W = 100 s: ΣG/v / (100 + ΣG/v), ΣG = 100, 50, 0.
const twice = (...v: number[]) => Float64Array.from([...v, ...v]);
const sums = {
  workloads: 2,
  triggers: Float64Array.of(10, 20, 30),
  contextTokens: twice(100, 550, 1500),
  cachedTokens: twice(0, 500, 1500),
  compactions: twice(2, 0, 0),
  compactionInputTokens: twice(1000, 0, 0),
  summaryTokens: twice(100, 50, 0),
  outputTokens: Float64Array.of(0, 0),
  workSeconds: Float64Array.of(100, 100),
};
const inputs = {
  prices: { alpha: 0.1, rho: 0, omega: 1, inputUsdPerMillion: 1 },
  beta: 1,
  a: 0,
  v: 1,
  billedTokens: 1,
};

Deno.test("repriceSweep over α: curves and lowest points by hand", () => {
  const sweep = repriceSweep(sums, inputs, "alpha", [0.01, 0.1, 0.05]);
  assert.equal(sweep.measure, "costPerMillion");
  const close = (a: ArrayLike<number>, b: number[]) =>
    b.forEach((v, i) => assert.ok(Math.abs(a[i] - v) < 1e-9, `${a[i]} != ${v}`));
  close(sweep.curves[0].mean, [110, 55, 15]);
  close(sweep.curves[1].mean, [200, 100, 150]);
  assert.equal(sweep.curves[0].markerTrigger, 30);
  assert.equal(sweep.curves[1].markerTrigger, 20);
  assert.ok(Math.abs(sweep.curves[1].markerValue - 100) < 1e-9);
  // α = 0.05: 150, 75, 75: a tie, the first (lower) trigger is marked.
  assert.equal(sweep.curves[2].markerTrigger, 20);
});

Deno.test("repriceSweep at the inputs' own value equals priceCurves", () => {
  const sweep = repriceSweep(sums, inputs, "rho", [0]);
  assert.deepEqual(sweep.curves[0].mean, priceCurves(sums, inputs).costPerMillion.mean);
});

Deno.test("repriceSweep over v: time shares by hand, marked at the lowest-cost trigger", () => {
  const sweep = repriceSweep(sums, inputs, "v", [1, 2]);
  assert.equal(sweep.measure, "timeShare");
  // v = 1: 100/200, 50/150, 0; v = 2: 50/150, 25/125, 0.
  const [one, two] = sweep.curves;
  [0.5, 1 / 3, 0].forEach((v, i) => assert.ok(Math.abs(one.mean[i] - v) < 1e-12));
  [1 / 3, 0.2, 0].forEach((v, i) => assert.ok(Math.abs(two.mean[i] - v) < 1e-12));
  // The cost at α = 0.1 is lowest at trigger 20, whatever v.
  assert.equal(one.markerTrigger, 20);
  assert.equal(two.markerTrigger, 20);
  assert.ok(Math.abs(two.markerValue - 0.2) < 1e-12);
});

Deno.test("repriceSweep rejects unknown parameters and bad values", () => {
  // deno-lint-ignore no-explicit-any
  assert.throws(() => repriceSweep(sums, inputs, "omega" as any, [1]), /must be "alpha"/);
  assert.throws(() => repriceSweep(sums, inputs, "v", [0]), /v must be a positive number/);
  assert.throws(() => repriceSweep(sums, inputs, "alpha", [-1]), /alpha must be/);
});

// One session of 120 steps with uneven growth.
const n = 121;
const steps = {
  length: n,
  sessions: 1,
  start: Uint32Array.of(0),
  count: Uint32Array.of(n),
  growth: Float64Array.from({ length: n }, (_, i) => (i === 0 ? 3000 : 100 + ((i * 53) % 700))),
  cachedShare: new Float64Array(n).fill(0.9),
  output: new Float64Array(n).fill(40),
  gapSeconds: new Float64Array(n).fill(15),
  compacted: new Uint8Array(n),
};
const model = { g0: 800, g1: 0.02, postPrefix: 2000, cPost: 0.4 };
const realInputs = {
  prices: { alpha: 0.05, rho: 5, omega: 1.3, inputUsdPerMillion: 5 },
  beta: 0.95,
  a: 1e-3,
  v: 9,
  billedTokens: 3e6,
};
const triggers = [8000, 12000, 16000, 20000, 30000];

Deno.test("blockSizeSweep resamples and replays once per block size", () => {
  const sweep = blockSizeSweep(steps, [1, 8], {
    triggers,
    model,
    inputs: realInputs,
    workloads: 20,
    seed: 4,
  });
  assert.equal(sweep.parameter, "blockSize");
  for (const [i, blockSize] of [1, 8].entries()) {
    const { plans } = drawWorkloads(steps, { workloads: 20, blockSize, seed: 4 });
    const expected = priceCurves(replayWorkloads(steps, plans, { triggers, model }), realInputs);
    assert.deepEqual(sweep.curves[i].mean, expected.costPerMillion.mean);
    const mean = [...expected.costPerMillion.mean];
    assert.equal(sweep.curves[i].markerTrigger, triggers[mean.indexOf(Math.min(...mean))]);
  }
  // Different block sizes give different workloads, so (here) different curves.
  assert.notDeepEqual(sweep.curves[0].mean, sweep.curves[1].mean);
  assert.throws(
    () => blockSizeSweep(steps, [0], { triggers, model, inputs: realInputs }),
    /blockSize must be a positive integer/,
  );
});

Deno.test("sweeps reproduce the analysis' own curves at the values it used", async () => {
  // The notebook's wiring: steps and summary model built as the analysis builds them, re-priced
  // and re-replayed at the analysis' own α and block size, must give its mean cost curve.
  const files: { path: string; text: string }[] = [];
  const it = generateCorpus(PROFILES.small, 1);
  for (let step = it.next(); !step.done; step = it.next()) files.push(step.value);
  const corpus = corpusFromText(files);
  const options = { workloads: 6, blockSize: 4, seed: 3, triggerStep: 20000, a: 1e-4, v: 80 };
  const run = await analyzeTrigger(corpus, options);
  const mean = run.report.replay.map((p) => p.costPerMillion.mean);
  const alpha = repriceSweep(run.sums, run.inputs, "alpha", [run.inputs.prices.alpha]);
  assert.deepEqual([...alpha.curves[0].mean], mean);
  assert.equal(alpha.curves[0].markerTrigger, run.report.steadyState.replayArgminTokens);
  const blocks = blockSizeSweep(buildSteps(corpus), [4], {
    triggers: run.sums.triggers,
    model: fitSummaryModel(corpus.compactions),
    inputs: run.inputs,
    workloads: 6,
    seed: 3,
  });
  assert.deepEqual([...blocks.curves[0].mean], mean);
});
