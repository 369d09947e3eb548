import assert from "node:assert/strict";
import { steadyStateSolution, steadyStateTrigger } from "../../lib/trigger/steady_state.ts";

const prices = { alpha: 0.05, rho: 5, omega: 1.25, inputUsdPerMillion: 5 };

Deno.test("a constant G: R = P + G, one evaluation of the formula", () => {
  // P 50000, G 8000 -> R 58000; β 0.99: B = 1.25·0.01 + 0.05·0.99 = 0.062;
  // K = 0.062·58000 + 5·8000 = 3596 + 40000 = 43596; Δ 2000:
  // T* = 58000 + √(2·2000·43596/0.05) = 58000 + √3487680000.
  const s = steadyStateSolution({
    postContext: 1,
    summaryTokens: 1,
    meanGrowth: 2000,
    beta: 0.99,
    summaryModel: { g0: 8000, g1: 0, postPrefix: 50000 },
  }, prices);
  assert.equal(s.postContextTokens, 58000);
  assert.equal(s.summaryTokens, 8000);
  assert.ok(Math.abs(s.tStarTokens - (58000 + Math.sqrt(3487680000))) < 1e-6);
});

Deno.test("a line: T* is the fixed point T = R(T) + √(2Δ(B·R(T) + ρG(T))/α)", () => {
  const model = { g0: 2000, g1: 0.02, postPrefix: 50000 };
  const s = steadyStateSolution(
    { postContext: 58000, summaryTokens: 8000, meanGrowth: 2000, beta: 0.99, summaryModel: model },
    prices,
  );
  const g = 2000 + 0.02 * s.tStarTokens;
  const r = 50000 + g;
  const b = 1.25 * 0.01 + 0.05 * 0.99;
  const rhs = r + Math.sqrt((2 * 2000 * (b * r + 5 * g)) / 0.05);
  assert.ok(Math.abs(s.tStarTokens - rhs) < 1e-6 * rhs, `${s.tStarTokens} vs ${rhs}`);
  assert.ok(Math.abs(s.summaryTokens - g) < 1e-6);
  // Floored at 9000: then G(T*) = 9000 whenever 2000 + 0.02·T* < 9000 (T* < 350000).
  const floored = steadyStateSolution(
    {
      postContext: 0,
      summaryTokens: 0,
      meanGrowth: 2000,
      beta: 0.99,
      summaryModel: { ...model, minSummaryTokens: 9000 },
    },
    prices,
  );
  assert.equal(floored.summaryTokens, 9000);
  assert.equal(floored.postContextTokens, 59000);
});

Deno.test("without a model the given R and G are used; Δ ≤ 0 leaves T* undefined", () => {
  // B = 0.05 (β 1, ω 1); K = 0.05·20000 + 5·8000 = 41000; √(2·2000·41000/0.05) = √3.28e9.
  const t = steadyStateTrigger(
    { postContext: 20000, summaryTokens: 8000, meanGrowth: 2000, beta: 1 },
    { ...prices, omega: 1 },
  );
  assert.ok(Math.abs(t - (20000 + Math.sqrt(3.28e9))) < 1e-6);
  assert.ok(
    Number.isNaN(
      steadyStateTrigger({ postContext: 1, summaryTokens: 1, meanGrowth: 0, beta: 1 }, prices),
    ),
  );
});
