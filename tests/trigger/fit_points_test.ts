import assert from "node:assert/strict";
import { fitTimeModel, summaryFitPoints, timeFitPoints } from "../../lib/trigger/mod.ts";

const close = (a: number, b: number, tol = 1e-9) =>
  assert.ok(Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${a} != ${b}`);

Deno.test("timeFitPoints: values and residuals of the two-regressor fit, by hand", () => {
  // a = 0.002 s/token, v = 20 tokens/s: 0.002·5000 + 400/20 = 30; 0.002·8000 + 100/20 = 21.
  const points = timeFitPoints(
    {
      length: 2,
      inputTokens: Float64Array.of(5000, 8000),
      summaryTokens: Float64Array.of(400, 100),
      durationSeconds: Float64Array.of(33, 20),
    },
    {
      both: { a: 0.002, v: 20, rSquared: 0.5, n: 2 },
      summaryOnly: { v: 16, rSquared: 0.4, n: 2 },
      inputOnly: { a: 0.004, rSquared: -0.1, n: 2 },
    },
  );
  close(points.fittedBoth[0], 30);
  close(points.fittedBoth[1], 21);
  close(points.residualBoth[0], 3);
  close(points.residualBoth[1], -1);
  assert.deepEqual(points.inputOnlyLine, { intercept: 0, slope: 0.004 });
  assert.deepEqual(points.summaryOnlyLine, { intercept: 0, slope: 1 / 16 });
});

Deno.test("timeFitPoints: residuals of a least-squares fit are orthogonal to C and G", () => {
  // Noisy data: the normal equations make Σ r·C = Σ r·G = 0 whatever the noise.
  const inputTokens = Float64Array.of(12000, 16000, 16500, 15800, 9000, 17000);
  const summaryTokens = Float64Array.of(900, 1500, 600, 1200, 700, 2000);
  const noise = [4, -7, 3, 9, -2, -5];
  const durationSeconds = inputTokens.map((c, i) => 0.001 * c + summaryTokens[i] / 9 + noise[i]);
  const compactions = { length: 6, inputTokens, summaryTokens, durationSeconds };
  const model = fitTimeModel(compactions);
  const points = timeFitPoints(compactions, model);
  let rc = 0, rg = 0, scale = 0;
  for (let i = 0; i < points.length; i++) {
    rc += points.residualBoth[i] * inputTokens[i];
    rg += points.residualBoth[i] * summaryTokens[i];
    scale += Math.abs(points.residualBoth[i]) * inputTokens[i];
  }
  assert.ok(Math.abs(rc) < 1e-9 * scale, `Σ r·C = ${rc}`);
  assert.ok(Math.abs(rg) < 1e-9 * scale, `Σ r·G = ${rg}`);
  // Residuals are not all zero: the noise is there.
  assert.ok(points.residualBoth.some((r) => Math.abs(r) > 1));
});

Deno.test("timeFitPoints keeps only rows with duration, C and G, in table order", () => {
  const points = timeFitPoints(
    {
      length: 4,
      inputTokens: Float64Array.of(1, NaN, 3, 4),
      summaryTokens: Float64Array.of(10, 20, NaN, 40),
      durationSeconds: Float64Array.of(5, 6, 7, NaN),
    },
    {
      both: { a: 1, v: 10, rSquared: 0, n: 1 },
      summaryOnly: { v: 1, rSquared: 0, n: 1 },
      inputOnly: { a: 1, rSquared: 0, n: 1 },
    },
  );
  assert.equal(points.length, 1);
  assert.deepEqual([...points.inputTokens], [1]);
  assert.deepEqual([...points.fittedBoth], [2]); // 1·1 + 10/10
});

Deno.test("summaryFitPoints keeps timed and untimed compactions with C and G", () => {
  const points = summaryFitPoints(
    {
      length: 4,
      inputTokens: Float64Array.of(100, 200, NaN, 400),
      summaryTokens: Float64Array.of(10, NaN, 30, 40),
    },
    { g0: 5, g1: 0.1 },
  );
  assert.equal(points.length, 2);
  assert.deepEqual([...points.inputTokens], [100, 400]);
  assert.deepEqual([...points.summaryTokens], [10, 40]);
  assert.deepEqual(points.line, { intercept: 5, slope: 0.1 });
});
