import assert from "node:assert/strict";
import { buildSteps } from "../../lib/trigger/steps.ts";
import { drawWorkloads } from "../../lib/trigger/workloads.ts";
import { replayWorkloads } from "../../lib/trigger/replay.ts";
import { priceCurves } from "../../lib/trigger/price_curves.ts";
import { makeCorpus } from "./_corpus.ts";

const close = (a: number, b: number, tol = 1e-12) =>
  assert.ok(Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${a} vs ${b}`);

// Session A (main): x = 10000, 30000, 60000, 80000; c = 0, 1/3, 1/2, 3/4; y = 100…400;
// gaps 10, 20, 30 s. Session B (sub-agent): x = 5000, 50000; c = 0, 0.1; y = 50, 60; gap 40 s.
const corpus = makeCorpus([
  {
    requests: [
      { w5: 10000, y: 100 },
      { r: 10000, w5: 20000, y: 200, gap: 10 },
      { r: 30000, w5: 30000, y: 300, gap: 20 },
      { r: 60000, w5: 20000, y: 400, gap: 30 },
    ],
  },
  { subagent: true, requests: [{ w5: 5000, y: 50 }, { r: 5000, w5: 45000, y: 60, gap: 40 }] },
]);
const model = { g0: 2000, g1: 0.01, postPrefix: 8000, cPost: 0.2 };
const prices = { alpha: 0.05, rho: 5, omega: 1.25, inputUsdPerMillion: 5 };
// D = Σ(x + y) = 180000 + 55000 + 1110 = 236110
const inputs = { prices, beta: 0.9, a: 1e-4, v: 50, billedTokens: 236110 };

Deno.test("replay of a hand-made workload: token sums worked by hand", () => {
  const steps = buildSteps(corpus);
  const { plans } = drawWorkloads(steps, { workloads: 1 });
  const sums = replayWorkloads(steps, [plans[0]], { triggers: [50000, 100000], model });
  // T = 50000. A: 10000 (c 0); 30000 (c 1/3); 60000 ≥ T -> C = 60000, G = 2000 + 600 = 2600,
  // x = 8000 + 2600 = 10600 (c 0.2); 10600 + 20000 = 30600 (c 0.75).
  //   Σx = 81200, Σcx = 0 + 10000 + 2120 + 22950 = 35070.
  // B: 5000 (c 0); 50000 ≥ T -> C = 50000, G = 2500, x = 10500 (c 0.2): Σx = 15500, Σcx = 2100.
  close(sums.contextTokens[0], 96700);
  close(sums.cachedTokens[0], 37170);
  assert.equal(sums.compactions[0], 2);
  close(sums.compactionInputTokens[0], 110000);
  close(sums.summaryTokens[0], 5100);
  // T = 100000: never reached. Σx = 180000 + 55000, Σcx = 100000 + 5000.
  close(sums.contextTokens[1], 235000);
  close(sums.cachedTokens[1], 105000);
  assert.equal(sums.compactions[1], 0);
  assert.equal(sums.outputTokens[0], 1110);
  assert.equal(sums.workSeconds[0], 100);
});

Deno.test("cost per million and time share of the hand-made workload", () => {
  const steps = buildSteps(corpus);
  const { plans } = drawWorkloads(steps, { workloads: 1 });
  const sums = replayWorkloads(steps, [plans[0]], { triggers: [50000, 100000], model });
  const curves = priceCurves(sums, inputs);
  // T = 50000: U = 96700 − 37170 = 59530; compaction input 110000 at β 0.9: 11000 uncached,
  // 99000 cached. 1.25·(59530 + 11000) + 0.05·(37170 + 99000) + 5·(1110 + 5100)
  // = 88162.5 + 6808.5 + 31050 = 126021 -> 5·126021 / 236110 USD per million.
  close(curves.observed.costPerMillion[0], 5 * 126021 / 236110);
  // T = 100000: 1.25·130000 + 0.05·105000 + 5·1110 = 173300.
  close(curves.observed.costPerMillion[1], 5 * 173300 / 236110);
  // Time: Σt_c = 1e-4·110000 + 5100/50 = 11 + 102 = 113 s; W = 100 s -> S = 113/213.
  close(curves.observed.timeShare[0], 113 / 213);
  assert.equal(curves.observed.timeShare[1], 0);
  assert.equal(curves.observed.compactions[0], 2);
});

Deno.test("a real compaction step carries its growth up to C, not the drop", () => {
  const withCompaction = makeCorpus([{
    requests: [
      { r: 100000, y: 1 },
      { r: 150000, y: 1, gap: 5 },
      { r: 20000, w5: 10000, y: 1, gap: 5 }, // after a real compaction with C = 170000
      { r: 30000, w5: 5000, y: 1, gap: 5 },
    ],
    compactions: [{ before: 2, inputTokens: 170000, summaryTokens: 9000, durationSeconds: 40 }],
  }]);
  const steps = buildSteps(withCompaction);
  // d = x0, 50000, max(0, 170000 − 150000) = 20000, 35000 − 30000 = 5000
  assert.deepEqual([...steps.growth], [100000, 50000, 20000, 5000]);
  assert.deepEqual([...steps.compacted], [0, 0, 1, 0]);
  const { plans } = drawWorkloads(steps, { workloads: 1 });
  // At T = 1e6 nothing compacts: x = 100000, 150000, 170000, 175000. The real cached shares
  // are c = 1, 1, 20000/30000 = 2/3, 30000/35000 = 6/7. By default ("previous") the step after
  // the real compaction takes c₁ = 1 instead of its own 2/3:
  //   Σcx = 100000 + 150000 + 170000·1 + 175000·6/7 = 100000 + 150000 + 170000 + 150000 = 570000.
  assert.deepEqual([...steps.cachedShare].slice(0, 3), [1, 1, 1]);
  assert.equal(withCompaction.requests.cachedShare[2], 2 / 3, "the corpus is not modified");
  const sums = replayWorkloads(steps, [plans[0]], { triggers: [1e6], model });
  close(sums.contextTokens[0], 595000);
  close(sums.cachedTokens[0], 570000);
  // "kept" (the reproduced method's rule) keeps c₂ = 2/3:
  //   Σcx = 100000 + 150000 + 170000·2/3 + 150000 = 400000 + 340000/3 = 513333.33…
  const kept = buildSteps(withCompaction, { compactionStepShare: "kept" });
  assert.equal(kept.cachedShare, withCompaction.requests.cachedShare, "kept copies nothing");
  const keptSums = replayWorkloads(kept, [plans[0]], { triggers: [1e6], model });
  close(keptSums.contextTokens[0], 595000);
  close(keptSums.cachedTokens[0], 400000 + 340000 / 3);
  // At T = 160000 the replay compacts at that step (x = 170000 ≥ T) and uses c_post = 0.2 under
  // either rule: C = 170000, G = 2000 + 1700 = 3700, x = 8000 + 3700 = 11700, then
  // 11700 + 5000 = 16700 at c = 6/7. Σcx = 100000 + 150000 + 0.2·11700 + 16700·6/7.
  const both = [steps, kept].map((s) =>
    replayWorkloads(s, [plans[0]], { triggers: [160000], model }).cachedTokens[0]
  );
  close(both[0], 250000 + 2340 + 16700 * 6 / 7);
  close(both[1], both[0]);
  assert.throws(
    // deno-lint-ignore no-explicit-any
    () => buildSteps(withCompaction, { compactionStepShare: "x" as any }),
    RangeError,
  );
});

Deno.test("the context never goes below zero and triggers must be positive", () => {
  const shrinking = makeCorpus([{ requests: [{ r: 1000 }, { r: 100 }, { r: 5000 }] }]);
  const steps = buildSteps(shrinking);
  // Reverse the two steps by hand: d = +4900 then −900 -> x = 1000, 5900, 5000.
  const plan = {
    segmentStart: Uint32Array.of(2, 1),
    segmentLength: Uint32Array.of(1, 1),
    groupOffset: Uint32Array.of(0, 2),
  };
  const sums = replayWorkloads(steps, [plan], { triggers: [1e6], model });
  close(sums.contextTokens[0], 1000 + 5900 + 5000);
  // A step of −5000 from 1000 would go negative: x is floored at 0.
  const neg = makeCorpus([{ requests: [{ r: 1000 }, { r: 100 }, { r: 5000 }] }]);
  const s2 = buildSteps(neg);
  s2.growth[1] = -5000;
  const sums2 = replayWorkloads(s2, [drawWorkloads(s2, { workloads: 1 }).plans[0]], {
    triggers: [1e6],
    model,
  });
  close(sums2.contextTokens[0], 1000 + 0 + 4900);
  assert.throws(() => replayWorkloads(steps, [plan], { triggers: [0], model }), RangeError);
});
