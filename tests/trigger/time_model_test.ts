import assert from "node:assert/strict";
import { fitTimeModel } from "../../lib/trigger/time_model.ts";

const close = (a: number, b: number, tol = 1e-9) =>
  assert.ok(Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${a} vs ${b}`);

function table(c: number[], g: number[], t: number[]) {
  return {
    length: c.length,
    inputTokens: Float64Array.from(c),
    summaryTokens: Float64Array.from(g),
    durationSeconds: Float64Array.from(t),
  };
}

Deno.test("time fit against values worked out by hand", () => {
  // C (in units of 100K tokens to keep the arithmetic small) = [1, 2, 3, 4] -> C = 1e5·that,
  // G = [1, 0, 1, 0] ·1000, t = [3, 4, 8, 8] s.
  // In the small units: Σc² = 30, Σcg = 4, Σg² = 2, Σct = 67, Σgt = 11, det = 44,
  // a' = 90/44 s per unit C, b' = 62/44 s per unit G (see tests/stats/least_squares_test.ts).
  // Back to tokens: a = a'/1e5, b = b'/1000 -> v = 1000·44/62.
  // R² = 1 − (880/1936)/20.75.
  const fit = fitTimeModel(table([1e5, 2e5, 3e5, 4e5], [1000, 0, 1000, 0], [3, 4, 8, 8]));
  close(fit.both.a, 90 / 44 / 1e5);
  close(fit.both.v, 1000 * 44 / 62);
  close(fit.both.rSquared, 1 - 880 / 1936 / 20.75);
  assert.equal(fit.both.n, 4);
  // Summary only: b = Σgt/Σg² = 11/2 per unit G -> v = 1000/5.5; predictions 5.5, 0, 5.5, 0;
  // SS_res = 2.5² + 16 + 2.5² + 64 = 92.5 -> R² = 1 − 92.5/20.75 (negative).
  close(fit.summaryOnly.v, 1000 / 5.5);
  close(fit.summaryOnly.rSquared, 1 - 92.5 / 20.75);
  assert.ok(fit.summaryOnly.rSquared < 0);
  // Input only: a = 67/30 per unit C; predictions 67/30·[1,2,3,4];
  // residuals: 3 − 2.2333 = .7667, 4 − 4.4667 = −.4667, 8 − 6.7 = 1.3, 8 − 8.9333 = −.9333
  // SS_res = (23² + 14² + 39² + 28²)/900 = (529 + 196 + 1521 + 784)/900 = 3030/900
  close(fit.inputOnly.a, 67 / 30 / 1e5);
  close(fit.inputOnly.rSquared, 1 - 3030 / 900 / 20.75);
});

Deno.test("compactions without a duration, C or G are left out of the fit", () => {
  const full = fitTimeModel(table([1e5, 2e5, 3e5, 4e5], [1000, 0, 1000, 0], [3, 4, 8, 8]));
  const padded = fitTimeModel(
    table([1e5, 2e5, 9e9, 3e5, NaN, 4e5], [1000, 0, 5, 1000, 7, 0], [3, 4, NaN, 8, 100, 8]),
  );
  assert.deepEqual(padded, full);
});

Deno.test("degenerate time fits are named errors, never a silent zero", () => {
  assert.throws(() => fitTimeModel(table([], [], [])), /none of the 0 compactions/);
  assert.throws(
    () => fitTimeModel(table([1e5, 2e5], [1, 2], [NaN, NaN])),
    /none of the 2 compactions has a duration/,
  );
  assert.throws(
    () => fitTimeModel(table([2e5, 2e5, 2e5], [1, 2, 3], [1, 2, 3])),
    /all 3 timed compactions have the same input size/,
  );
  // G proportional to C: singular normal equations.
  assert.throws(
    () => fitTimeModel(table([1e5, 2e5, 3e5], [10, 20, 30], [1, 2, 4])),
    (e: Error) => e instanceof RangeError && /singular/.test(e.message),
  );
  assert.throws(() => fitTimeModel(table([1e5, 2e5], [1, 2], [5, 5])), /same duration/);
});

Deno.test("fitTimeModel: precomputed compactions stay out of the fit", () => {
  // Three on t = 0.0001·C + G/50 exactly, one precomputed (0.4 s) that would bend it: the fit
  // is the exact one on three points (a = 0.0001, v = 50, R² = 1).
  const inputTokens = Float64Array.of(100_000, 150_000, 200_000, 180_000);
  const summaryTokens = Float64Array.of(2_000, 3_000, 1_000, 2_500);
  const durationSeconds = Float64Array.of(50, 75, 40, 0.4);
  const fit = fitTimeModel({
    inputTokens,
    summaryTokens,
    durationSeconds,
    precomputed: Uint8Array.of(0, 0, 0, 1),
    length: 4,
  });
  assert.equal(fit.both.n, 3);
  assert.ok(Math.abs(fit.both.a - 0.0001) < 1e-12);
  assert.ok(Math.abs(fit.both.v - 50) < 1e-9);
});
