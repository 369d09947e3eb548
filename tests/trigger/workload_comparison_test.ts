import assert from "node:assert/strict";
import {
  cellCostPerMillion,
  compareWorkloads,
  drawWorkloads,
  replayWorkloads,
} from "../../lib/trigger/mod.ts";

// Two sessions. Session 0: x₀ = 1000, steps +4000, +4000, −2000, +4000 (peak 11000 without
// compaction). Session 1: x₀ = 500, steps +100, +100. Work gaps of 900 s per step.
const steps = {
  length: 8,
  sessions: 2,
  start: Uint32Array.of(0, 5),
  count: Uint32Array.of(5, 3),
  growth: Float64Array.of(1000, 4000, 4000, -2000, 4000, 500, 100, 100),
  cachedShare: Float64Array.of(0, 0.9, 0.9, 0.9, 0.9, 0, 0.5, 0.5),
  output: Float64Array.of(10, 10, 10, 10, 10, 10, 10, 10),
  gapSeconds: Float64Array.of(0, 900, 900, 900, 900, 0, 900, 900),
  compacted: new Uint8Array(8),
};
const model = { g0: 200, g1: 0, postPrefix: 800, cPost: 0.3 };
const inputs = {
  prices: { alpha: 0.1, rho: 5, omega: 1, inputUsdPerMillion: 5 },
  beta: 0.9,
  a: 0.001,
  v: 10,
  billedTokens: 1e5,
};

Deno.test("compareWorkloads: observed history by hand at trigger 8000", () => {
  const { plans } = drawWorkloads(steps, { workloads: 1 });
  const [w] = compareWorkloads(steps, plans, [0], { trigger: 8000, model, inputs });
  // Session 0: 1000, 5000, 9000 ≥ 8000 → compaction C = 9000, G = 200, x = P + G = 1000;
  // then −2000 floors at 0, then 4000. Session 1 stays below. One compaction of 9000 input.
  assert.equal(w.compactions, 1);
  assert.equal(w.steps, 6);
  assert.equal(w.totalGrowthTokens, 10200); // 10000 + 200
  assert.equal(w.workHours, 6 * 900 / 3600);
  assert.equal(w.peakContextTokens, 11000);
  // Time share: t_c = 0.001·9000 + 200/10 = 29 s over W = 5400 s.
  assert.ok(Math.abs(w.timeShare - 29 / (5400 + 29)) < 1e-12);
});

Deno.test("compareWorkloads agrees with replayWorkloads and cellCostPerMillion", () => {
  const { plans } = drawWorkloads(steps, { workloads: 6, blockSize: 1, seed: 2 });
  const figures = compareWorkloads(steps, plans, [3, 0, 5], { trigger: 6000, model, inputs });
  assert.deepEqual(figures.map((f) => f.workload), [3, 0, 5]);
  const sums = replayWorkloads(steps, plans, { triggers: [6000], model });
  for (const f of figures) {
    assert.equal(f.compactions, sums.compactions[f.workload]);
    assert.equal(f.costPerMillion, cellCostPerMillion(sums, f.workload, inputs));
    assert.equal(f.totalGrowthTokens, 10200); // permute keeps it
  }
});

Deno.test("compareWorkloads rejects a workload without a plan", () => {
  const { plans } = drawWorkloads(steps, { workloads: 2 });
  assert.throws(
    () => compareWorkloads(steps, plans, [0, 3], { trigger: 8000, model, inputs }),
    /no workload 3 \(there are 0…2\)/,
  );
});
