import assert from "node:assert/strict";
import type { BlockPlan } from "../../lib/stats/block_resample.ts";
import { priceCurves } from "../../lib/trigger/price_curves.ts";
import type { Prices, PriceTier } from "../../lib/trigger/prices.ts";
import { replayWorkloads } from "../../lib/trigger/replay.ts";
import { replayWorkloadsParallel } from "../../lib/trigger/replay_parallel.ts";
import type { StepColumns } from "../../lib/trigger/steps.ts";
import { drawWorkloads } from "../../lib/trigger/workloads.ts";
import { Pcg32 } from "../../lib/stats/pcg32.ts";

const tier = (above: number, f: number, out: number): PriceTier => ({
  aboveInputTokens: above,
  input: f,
  cacheWrite5m: f,
  cacheWrite1h: f,
  cacheRead: f,
  output: out,
  uncached: f,
});

Deno.test("a tiered price, worked by hand: one session across the 200K threshold", () => {
  // x0 = 150K (c 0, y 100); +100K -> 250K (c 0.5, y 200), above the 200K threshold;
  // +100K -> 350K >= T = 320K: compaction C = 350K (above), G = 10K, then x = R = 30K (c_post 0,
  // y 300), below.
  const steps: StepColumns = {
    length: 3,
    sessions: 1,
    start: Uint32Array.of(0),
    count: Uint32Array.of(3),
    growth: Float64Array.of(150_000, 100_000, 100_000),
    cachedShare: Float64Array.of(0, 0.5, 0.9),
    output: Float64Array.of(100, 200, 300),
    gapSeconds: Float64Array.of(0, 10, 10),
    compacted: new Uint8Array(3),
  };
  const plan: BlockPlan = {
    segmentStart: Uint32Array.of(1),
    segmentLength: Uint32Array.of(2),
    groupOffset: Uint32Array.of(0, 1),
  } as BlockPlan;
  const sums = replayWorkloads(steps, [plan], {
    triggers: [320_000],
    model: { g0: 10_000, g1: 0, postPrefix: 20_000, cPost: 0 },
    tierThresholds: [200_000],
  });
  assert.deepEqual(Array.from(sums.tiers!.contextTokens), [250_000]);
  assert.deepEqual(Array.from(sums.tiers!.cachedTokens), [125_000]);
  assert.deepEqual(Array.from(sums.tiers!.outputTokens), [200]);
  assert.deepEqual(Array.from(sums.tiers!.compactionInputTokens), [350_000]);
  assert.deepEqual(Array.from(sums.tiers!.summaryTokens), [10_000]);
  // α 0.1, ρ 5, ω 1, p_m $3; above 200K all input categories ×2, output ×1.5; β 0.5.
  // r0: 150000·1 + 100·5 = 150500
  // r1 (tier): 125000·2 + 125000·0.2 + 200·7.5 = 250000 + 25000 + 1500 = 276500
  // call (tier): 175000·2 + 175000·0.2 + 10000·7.5 = 350000 + 35000 + 75000 = 460000
  // r2: 30000·1 + 300·5 = 31500
  // total 918500 p_m-tokens; × $3 per million / D (1e6 tokens) × 1e6 = 2.7555 per million
  const prices: Prices = {
    alpha: 0.1,
    rho: 5,
    omega: 1,
    inputUsdPerMillion: 3,
    tiers: [tier(200_000, 2, 1.5)],
  };
  const curves = priceCurves(sums, { prices, beta: 0.5, a: 0, v: 1, billedTokens: 1e6 });
  assert.ok(Math.abs(curves.observed.costPerMillion[0] - 2.7555) < 1e-12);
  // The same sums at a flat price: 150500 + (125000 + 12500 + 1000) + (175000 + 17500 + 50000)
  // + 31500 = 563000 -> 1.689
  const flat = priceCurves(sums, {
    prices: { ...prices, tiers: [] },
    beta: 0.5,
    a: 0,
    v: 1,
    billedTokens: 1e6,
  });
  assert.ok(Math.abs(flat.observed.costPerMillion[0] - 1.689) < 1e-12);
  // Tiers the sums were not replayed with are refused, not silently flat.
  assert.throws(
    () =>
      priceCurves(sums, {
        prices: { ...prices, tiers: [tier(100_000, 2, 2)] },
        beta: 0.5,
        a: 0,
        v: 1,
        billedTokens: 1e6,
      }),
    /Cannot price tiers above 100000 tokens: the replay kept sums above 200000/,
  );
});

/** Random steps with large negative growth too, so the floor at 0 and the walk are exercised. */
function randomSteps(seed: number, sessions: number, maxSteps: number): StepColumns {
  const prng = new Pcg32(seed, 7);
  const growth: number[] = [], share: number[] = [], output: number[] = [], gap: number[] = [];
  const start: number[] = [], count: number[] = [];
  for (let s = 0; s < sessions; s++) {
    const n = 2 + prng.nextBelow(maxSteps);
    start.push(growth.length);
    count.push(n);
    for (let i = 0; i < n; i++) {
      const big = prng.nextBelow(10) === 0;
      growth.push(
        i === 0
          ? 20_000 + prng.nextBelow(200_000)
          : big
          ? -prng.nextBelow(150_000)
          : prng.nextBelow(25_000) - 2_000,
      );
      share.push(prng.nextFloat());
      output.push(prng.nextBelow(2_000));
      gap.push(prng.nextBelow(60));
    }
  }
  const length = growth.length;
  return {
    length,
    sessions,
    start: Uint32Array.from(start),
    count: Uint32Array.from(count),
    growth: Float64Array.from(growth),
    cachedShare: Float64Array.from(share),
    output: Float64Array.from(output),
    gapSeconds: Float64Array.from(gap),
    compacted: new Uint8Array(length),
  };
}

/**
 * Reference, sharing nothing with the fast replay: replays one plan at one trigger request by
 * request and prices each request and compaction call at the tier of its own input.
 */
function directCost(
  steps: StepColumns,
  plan: BlockPlan,
  trigger: number,
  m: { g0: number; g1: number; postPrefix: number; cPost: number; beta: number },
  prices: Prices,
): number {
  const q = (x: number, c: number, y: number) => {
    let f = { unc: 1, read: 1, out: 1 };
    for (const t of prices.tiers ?? []) {
      if (x > t.aboveInputTokens) f = { unc: t.uncached, read: t.cacheRead, out: t.output };
    }
    return prices.inputUsdPerMillion * 1e-6 *
      (prices.omega * f.unc * (1 - c) * x + prices.alpha * f.read * c * x +
        prices.rho * f.out * y);
  };
  let usd = 0;
  for (let s = 0; s < steps.sessions; s++) {
    const first = steps.start[s];
    let x = steps.growth[first];
    usd += q(x, steps.cachedShare[first], steps.output[first]);
    for (let g = plan.groupOffset[s]; g < plan.groupOffset[s + 1]; g++) {
      for (let j = 0; j < plan.segmentLength[g]; j++) {
        const row = plan.segmentStart[g] + j;
        x = Math.max(0, x + steps.growth[row]);
        let c = steps.cachedShare[row];
        if (x >= trigger) {
          const G = Math.max(0, m.g0 + m.g1 * x);
          usd += q(x, m.beta, G);
          x = Math.max(0, m.postPrefix + G);
          c = m.cPost;
        }
        usd += q(x, c, steps.output[row]);
      }
    }
  }
  return usd;
}

/** Type-7 quantile written out: h = (n − 1)p, interpolate between order statistics. */
function q7(values: number[], p: number): number {
  const v = [...values].sort((a, b) => a - b);
  const h = (v.length - 1) * p;
  const lo = Math.floor(h);
  return v[lo] + (h - lo) * ((v[Math.min(lo + 1, v.length - 1)]) - v[lo]);
}

Deno.test("tiered re-pricing equals a direct replay priced request by request; argmin spread", async () => {
  const steps = randomSteps(3, 12, 80);
  const { plans } = drawWorkloads(steps, { workloads: 12, seed: 5, blockSize: 4 });
  const m = { g0: 6000, g1: 0.01, postPrefix: 30_000, cPost: 0.3, beta: 0.9 };
  const triggers = [60_000, 110_000, 150_000, 210_000, 260_000, 400_000];
  const thresholds = [120_000, 200_000];
  const sums = replayWorkloads(steps, plans, { triggers, model: m, tierThresholds: thresholds });
  const two = await replayWorkloadsParallel(steps, plans, {
    triggers,
    model: m,
    tierThresholds: thresholds,
    threads: 2,
  });
  assert.deepEqual(two, sums);
  const d = 1e8;
  const variants: Prices[] = [
    {
      alpha: 0.1,
      rho: 5,
      omega: 1.3,
      inputUsdPerMillion: 3,
      tiers: [tier(120_000, 2, 1.5), tier(200_000, 4, 3)],
    },
    {
      alpha: 0.02,
      rho: 8,
      omega: 2,
      inputUsdPerMillion: 15,
      tiers: [tier(120_000, 1.2, 1), tier(200_000, 1.5, 1.1)],
    },
  ];
  let above = 0;
  for (let i = 0; i < sums.tiers!.contextTokens.length; i++) {
    if (sums.tiers!.contextTokens[i] > 0) above++;
  }
  assert.ok(above > 0, "the corpus must reach the tiers");
  for (const prices of variants) {
    const curves = priceCurves(sums, { prices, beta: m.beta, a: 1e-4, v: 50, billedTokens: d });
    const argmins: number[] = [];
    for (let k = 0; k < plans.length; k++) {
      let best = Infinity, bestT = NaN;
      for (let t = 0; t < triggers.length; t++) {
        const cost = directCost(steps, plans[k], triggers[t], m, prices) / d * 1e6;
        const got = k === 0
          ? curves.observed.costPerMillion[t]
          : priceCurves(sums, { prices, beta: m.beta, a: 1e-4, v: 50, billedTokens: d })
            .costPerMillion.mean[t];
        if (k === 0) assert.ok(Math.abs(got - cost) < 1e-9 * cost, `k 0 t ${t}`);
        if (cost < best) {
          best = cost;
          bestT = triggers[t];
        }
      }
      if (k > 0) argmins.push(bestT);
    }
    assert.deepEqual(Array.from(curves.argminByWorkload.triggers), argmins);
    assert.equal(curves.argminByWorkload.p10, q7(argmins, 0.1));
    assert.equal(curves.argminByWorkload.p50, q7(argmins, 0.5));
    assert.equal(curves.argminByWorkload.p90, q7(argmins, 0.9));
    // Band means equal the mean of the direct costs.
    for (let t = 0; t < triggers.length; t++) {
      let mean = 0;
      for (let k = 1; k < plans.length; k++) {
        mean += directCost(steps, plans[k], triggers[t], m, prices) / d * 1e6;
      }
      mean /= plans.length - 1;
      assert.ok(Math.abs(curves.costPerMillion.mean[t] - mean) < 1e-9 * mean);
    }
  }
});

Deno.test("the block-size sweep replays with the tiers of its prices", async () => {
  const { blockSizeSweep } = await import("../../lib/trigger/sensitivity.ts");
  const steps = randomSteps(4, 6, 40);
  const prices: Prices = {
    alpha: 0.1,
    rho: 5,
    omega: 1.3,
    inputUsdPerMillion: 3,
    tiers: [tier(150_000, 2, 1.5)],
  };
  const inputs = { prices, beta: 0.9, a: 1e-4, v: 50, billedTokens: 1e8 };
  const model = { g0: 6000, g1: 0, postPrefix: 30_000, cPost: 0.3 };
  const triggers = [120_000, 200_000];
  const sweep = blockSizeSweep(steps, [1000], { triggers, model, inputs, workloads: 1 });
  // One block longer than every session: the workload is the observed history.
  const { plans } = drawWorkloads(steps, { workloads: 1 });
  for (let t = 0; t < triggers.length; t++) {
    const direct = directCost(steps, plans[0], triggers[t], { ...model, beta: 0.9 }, prices);
    const cost = direct / 1e8 * 1e6;
    assert.ok(Math.abs(sweep.curves[0].mean[t] - cost) < 1e-9 * cost);
  }
});
