import assert from "node:assert/strict";
import type { BlockPlan } from "../../lib/stats/block_resample.ts";
import { buildSteps, type StepColumns } from "../../lib/trigger/steps.ts";
import { drawWorkloads } from "../../lib/trigger/workloads.ts";
import { replayWorkloads } from "../../lib/trigger/replay.ts";
import { priceCurves } from "../../lib/trigger/price_curves.ts";
import type { Prices } from "../../lib/trigger/prices.ts";
import { makeCorpus, randomSessions } from "./_corpus.ts";

/**
 * Reference: replays one plan at one trigger and prices it directly, request by request, with
 * the cost written out (no token sums): the independent computation the re-pricing must match.
 */
function directCost(
  steps: StepColumns,
  plan: BlockPlan,
  trigger: number,
  m: { g0: number; g1: number; postPrefix: number; cPost: number; beta: number },
  prices: Prices,
  a: number,
  v: number,
): { usd: number; seconds: number; work: number } {
  const { alpha, rho, omega, inputUsdPerMillion: pm } = prices;
  const q = (x: number, c: number, y: number) =>
    pm * 1e-6 * ((omega * (1 - c) + alpha * c) * x + rho * y);
  let usd = 0, seconds = 0, work = 0;
  for (let s = 0; s < steps.sessions; s++) {
    const first = steps.start[s];
    let x = steps.growth[first];
    usd += q(x, steps.cachedShare[first], steps.output[first]);
    for (let g = plan.groupOffset[s]; g < plan.groupOffset[s + 1]; g++) {
      for (let j = 0; j < plan.segmentLength[g]; j++) {
        const row = plan.segmentStart[g] + j;
        x = Math.max(0, x + steps.growth[row]);
        let c = steps.cachedShare[row];
        work += steps.gapSeconds[row];
        if (x >= trigger) {
          const G = Math.max(0, m.g0 + m.g1 * x);
          // Compaction call: input C with cached share β, output G.
          usd += q(x, m.beta, G);
          seconds += a * x + G / v;
          x = m.postPrefix + G;
          c = m.cPost;
        }
        usd += q(x, c, steps.output[row]);
      }
    }
  }
  return { usd, seconds, work };
}

Deno.test("re-pricing stored sums equals a full replay priced at the new prices", () => {
  const corpus = makeCorpus(randomSessions(4, 6, 60));
  const steps = buildSteps(corpus);
  const { plans } = drawWorkloads(steps, { workloads: 4, seed: 11, blockSize: 3 });
  const m = { g0: 3000, g1: 0.02, postPrefix: 15000, cPost: 0.3, beta: 0.85 };
  const triggers = [40000, 80000, 150000, 400000];
  const sums = replayWorkloads(steps, plans, { triggers, model: m });
  const d = 1e8;
  const variants: { prices: Prices; a: number; v: number }[] = [
    { prices: { alpha: 0.05, rho: 5, omega: 1.3, inputUsdPerMillion: 5 }, a: 1e-4, v: 80 },
    { prices: { alpha: 0.1, rho: 4, omega: 1.3, inputUsdPerMillion: 3 }, a: 2e-4, v: 30 },
    { prices: { alpha: 0.02, rho: 8, omega: 2, inputUsdPerMillion: 15 }, a: 5e-5, v: 200 },
  ];
  let compacted = 0;
  for (const { prices, a, v } of variants) {
    const curves = priceCurves(sums, { prices, beta: m.beta, a, v, billedTokens: d });
    for (let t = 0; t < triggers.length; t++) {
      const ref = directCost(steps, plans[0], triggers[t], m, prices, a, v);
      const cost = ref.usd / d * 1e6;
      assert.ok(Math.abs(curves.observed.costPerMillion[t] - cost) < 1e-9 * cost);
      const share = ref.seconds / (ref.work + ref.seconds);
      assert.ok(Math.abs(curves.observed.timeShare[t] - share) < 1e-12);
      if (ref.seconds > 0) compacted++;
      // Resampled workloads: the band mean is the mean of the direct costs.
      let mean = 0;
      for (let k = 1; k < plans.length; k++) {
        mean += directCost(steps, plans[k], triggers[t], m, prices, a, v).usd / d * 1e6;
      }
      mean /= plans.length - 1;
      assert.ok(Math.abs(curves.costPerMillion.mean[t] - mean) < 1e-9 * mean);
    }
  }
  assert.ok(compacted > 0, "the test corpus must reach some triggers");
});
