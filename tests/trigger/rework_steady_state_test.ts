import assert from "node:assert/strict";
import { steadyStateSolution } from "../../lib/trigger/steady_state.ts";
import { replayWorkloads } from "../../lib/trigger/replay.ts";
import { priceCurves } from "../../lib/trigger/price_curves.ts";
import { argminTrigger } from "../../lib/trigger/argmin_trigger.ts";
import type { StepColumns } from "../../lib/trigger/steps.ts";

const PRICES = { alpha: 0.1, rho: 5, omega: 1, inputUsdPerMillion: 1 };

Deno.test("T* with rework, worked by hand", () => {
  // B = ω(1 − β) + αβ = 0.1 (β = 1). R = P + G = 12000 + 8000 = 20000, ΔW = 10000: R' = 30000.
  // Q_rw = [1·(1 − 0.3) + 0.1·0.3]·30000 + 5·100 = 0.73·30000 + 500 = 22400.
  // K = 0.1·30000 + 5·8000 + 3·22400 = 3000 + 40000 + 67200 = 110200.
  // T* = 30000 + √(2·500·110200 / 0.1) = 30000 + √1.102e9.
  const s = steadyStateSolution({
    postContext: 0,
    summaryTokens: 0,
    meanGrowth: 500,
    beta: 1,
    summaryModel: { g0: 8000, g1: 0, postPrefix: 12000 },
    rework: { tokensIntercept: 10000, requests: 3, outputTokensPerRequest: 100, cPost: 0.3 },
  }, PRICES);
  assert.ok(Math.abs(s.tStarTokens - (30000 + Math.sqrt(1.102e9))) < 1e-6);
  assert.equal(s.reworkTokens, 10000);
  assert.equal(s.postContextTokens, 20000);
  // No rework: the published formula, bit for bit (0.1·20000 + 5·8000 = 42000).
  const plain = steadyStateSolution({
    postContext: 0,
    summaryTokens: 0,
    meanGrowth: 500,
    beta: 1,
    summaryModel: { g0: 8000, g1: 0, postPrefix: 12000 },
  }, PRICES);
  assert.equal(plain.tStarTokens, 20000 + Math.sqrt((2 * 500 * (0.1 * 20000 + 5 * 8000)) / 0.1));
  assert.equal(plain.reworkTokens, 0);
});

/** One long session growing by `delta` every request, all cached (c = 1), output 100. */
function steadySession(n: number, x0: number, delta: number): StepColumns {
  const growth = new Float64Array(n).fill(delta);
  growth[0] = x0;
  return {
    length: n,
    sessions: 1,
    start: Uint32Array.of(0),
    count: Uint32Array.of(n),
    growth,
    cachedShare: new Float64Array(n).fill(1),
    output: new Float64Array(n).fill(100),
    gapSeconds: new Float64Array(n).fill(10),
    compacted: new Uint8Array(n),
  };
}

Deno.test("T* with and without rework lands on the replay's argmin in a steady-growth session", () => {
  // Why the closed form is exact here up to the grid: with c = c_post = 1 every ordinary token
  // costs α per request, as the closed form assumes. A cycle of m requests starting at R' costs
  // (B·R' + ρG + ΔN·Q_rw)/m + αΔm/2 + const per request, minimal at m* = √(2K/(αΔ)), i.e.
  // T = R' + m*·Δ = T*. The replay compacts at the first request with x ≥ T, so its argmin is
  // the grid trigger of the best whole m: within (T* − 2Δ, T* + Δ], plus one grid step.
  const delta = 500;
  const steps = steadySession(40001, 20000, delta);
  const plan = {
    segmentStart: Uint32Array.of(1),
    segmentLength: Uint32Array.of(40000),
    groupOffset: Uint32Array.of(0, 1),
  };
  const gridStep = 500;
  const triggers = Array.from({ length: 260 }, (_, i) => 32000 + gridStep * i);
  for (
    const c of [
      { g1: 0, w1: 0, deltaW: 10000, deltaN: 3 },
      { g1: 0.02, w1: 0.05, deltaW: 6000, deltaN: 2 },
    ]
  ) {
    const model = { g0: 8000, g1: c.g1, postPrefix: 12000, cPost: 1 };
    const sums = replayWorkloads(steps, [plan], {
      triggers,
      model,
      rework: {
        tokensIntercept: c.deltaW,
        tokensPerInputToken: c.w1,
        requests: c.deltaN,
        outputTokensPerRequest: 100,
        workSecondsPerRequest: 10,
      },
    });
    const inputs = { prices: PRICES, beta: 1, a: 0, v: 1, billedTokens: 1e6 };
    const without = priceCurves(sums, inputs).observed.costPerMillion;
    const withRework = priceCurves(sums.withRework!, inputs).observed.costPerMillion;
    const argWithout = argminTrigger(Float64Array.from(triggers), without)!.trigger;
    const argWith = argminTrigger(Float64Array.from(triggers), withRework)!.trigger;
    const base = {
      postContext: 0,
      summaryTokens: 0,
      meanGrowth: delta,
      beta: 1,
      summaryModel: { g0: 8000, g1: c.g1, postPrefix: 12000 },
    };
    const tWithout = steadyStateSolution(base, PRICES).tStarTokens;
    const tWith = steadyStateSolution({
      ...base,
      rework: {
        tokensIntercept: c.deltaW,
        tokensPerInputToken: c.w1,
        requests: c.deltaN,
        outputTokensPerRequest: 100,
        cPost: 1,
      },
    }, PRICES).tStarTokens;
    const tolerance = 2 * delta + gridStep;
    if (c.g1 === 0 && c.w1 === 0) {
      assert.ok(Math.abs(argWithout - tWithout) <= tolerance, `${argWithout} vs ${tWithout}`);
      assert.ok(Math.abs(argWith - tWith) <= tolerance, `${argWith} vs ${tWith}`);
      // The rework moves the optimum up by more than the tolerance, and both agree on how far.
      assert.ok(tWith - tWithout > 4 * tolerance, `shift ${tWith - tWithout}`);
      assert.ok(
        Math.abs((argWith - argWithout) - (tWith - tWithout)) <= 2 * tolerance,
        `shift ${argWith - argWithout} vs ${tWith - tWithout}`,
      );
    } else {
      // With slopes, T* is the method's fixed point (R', G, ΔW taken at T*, their derivatives
      // in T left out), so it lies above the true optimum. The true optimum here, computed
      // independently: the continuous cost per request
      //   f(T) = Δ·K(T)/u + α·u/2 + α·R'(T),  u = T − R'(T),
      // minimised by a fine scan; the replay's argmin must sit on it, and T* within 5%.
      const optimum = (rw: boolean) => {
        let best = NaN, low = Infinity;
        for (let t = 32000; t < 160000; t += 10) {
          const g = 8000 + c.g1 * t;
          const w = rw ? c.deltaW + c.w1 * t : 0;
          const after = 12000 + g + w;
          const k = 0.1 * after + 5 * g + (rw ? c.deltaN * (0.1 * after + 5 * 100) : 0);
          const u = t - after;
          if (u <= 0) continue;
          const f = (delta * k) / u + (0.1 * u) / 2 + 0.1 * after;
          if (f < low) [low, best] = [f, t];
        }
        return best;
      };
      assert.ok(Math.abs(argWithout - optimum(false)) <= tolerance, `${argWithout}`);
      assert.ok(Math.abs(argWith - optimum(true)) <= tolerance, `${argWith}`);
      assert.ok(tWith >= argWith && tWith - argWith <= 0.05 * tWith, `${argWith} vs ${tWith}`);
      assert.ok(argWith - argWithout > 4 * tolerance, `shift ${argWith - argWithout}`);
    }
  }
});
