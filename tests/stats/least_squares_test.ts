import assert from "node:assert/strict";
import { fitLine, fitThroughOrigin, neumaierSum, rSquared } from "../../lib/stats/mod.ts";

const close = (a: number, b: number, tol = 1e-10) =>
  assert.ok(Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${a} vs ${b}`);

Deno.test("two-regressor fit through the origin, worked by hand", () => {
  // x1 = [1, 2, 3, 4], x2 = [1, 0, 1, 0], y = [3, 4, 8, 8]
  // Σx1² = 30, Σx1x2 = 4, Σx2² = 2, Σx1y = 3 + 8 + 24 + 32 = 67, Σx2y = 3 + 8 = 11
  // det = 30·2 − 16 = 44; a = (67·2 − 4·11)/44 = 90/44; b = (30·11 − 4·67)/44 = 62/44
  const x1 = [1, 2, 3, 4];
  const x2 = [1, 0, 1, 0];
  const y = [3, 4, 8, 8];
  const fit = fitThroughOrigin([x1, x2], y);
  close(fit.coefficients[0], 90 / 44);
  close(fit.coefficients[1], 62 / 44);
  // Predictions: 152/44, 180/44, 332/44, 360/44; residuals ·44: -20, -4, 20, -8
  // SS_res = (400 + 16 + 400 + 64)/1936 = 880/1936; ȳ = 5.75, SS_tot = 7.5625 + 3.0625 + 5.0625·2 = 20.75
  close(fit.rSquared, 1 - 880 / 1936 / 20.75);
  assert.equal(fit.n, 4);
});

Deno.test("through-origin R² is negative when the line misses the mean", () => {
  // x = [10, 11, 12], y = [3, 1, 2]: b = (30 + 11 + 24)/(100 + 121 + 144) = 65/365
  // ŷ = 650/365, 715/365, 780/365; ȳ = 2, SS_tot = 2
  const b = 65 / 365;
  const ssRes = (3 - 10 * b) ** 2 + (1 - 11 * b) ** 2 + (2 - 12 * b) ** 2;
  const fit = fitThroughOrigin([[10, 11, 12]], [3, 1, 2]);
  close(fit.coefficients[0], b);
  close(fit.rSquared, 1 - ssRes / 2);
  assert.ok(fit.rSquared < 0);
});

Deno.test("degenerate through-origin systems raise named errors", () => {
  assert.throws(() => fitThroughOrigin([[1, 2, 3], [2, 4, 6]], [1, 2, 4]), /singular/);
  assert.throws(() => fitThroughOrigin([[0, 0], [1, 2]], [1, 2]), /regressor 1 is zero/);
  assert.throws(() => fitThroughOrigin([], [1]), TypeError);
  assert.throws(() => fitThroughOrigin([[1, 2]], [1]), TypeError);
  assert.throws(() => fitThroughOrigin([[]], []), /no observations/);
  assert.throws(() => fitThroughOrigin([[1, 2]], [5, 5]), /all 2 observed values are equal/);
});

Deno.test("fitLine with intercept, worked by hand", () => {
  // x = [1, 2, 3, 4], y = [2, 3, 5, 6]: x̄ 2.5, ȳ 4, Sxy = 1.5·2 + 0.5·1 + 0.5·1 + 1.5·2 = 7,
  // Sxx = 5 -> slope 1.4, intercept 4 − 3.5 = 0.5; ŷ = 1.9, 3.3, 4.7, 6.1,
  // SS_res = .01 + .09 + .09 + .01 = .2, SS_tot = 4 + 1 + 1 + 4 = 10 -> R² = 0.98
  const fit = fitLine([1, 2, 3, 4], [2, 3, 5, 6]);
  close(fit.slope, 1.4);
  close(fit.intercept, 0.5);
  close(fit.rSquared, 0.98);
  // se² = SS_res/(n − 2)/Sxx = 0.1/5 = 0.02 -> t = 1.4/√0.02 = 9.899494936611665
  // (R: summary(lm(y ~ x)) gives t value 9.89949493661165)
  close(fit.slopeTStatistic, 1.4 / Math.sqrt(0.02));
  assert.ok(Number.isNaN(fitLine([1, 2], [3, 5]).slopeTStatistic), "no degree of freedom");
  assert.equal(fitLine([1, 2, 3], [3, 5, 7]).slopeTStatistic, Infinity);
  assert.throws(() => fitLine([2, 2, 2], [1, 2, 3]), /all 3 x values are equal/);
  assert.throws(() => fitLine([1], [1]), RangeError);
});

Deno.test("rSquared and neumaierSum", () => {
  assert.equal(rSquared([1, 2, 3], [1, 2, 3]), 1);
  assert.throws(() => rSquared([1, 2], [1]), TypeError);
  const many = new Float64Array(100001).fill(0.1);
  many[0] = 1e16;
  // 1e16 + 100000·0.1 = 1e16 + 10000 exactly representable; naive adding loses every 0.1.
  assert.equal(neumaierSum(many), 1e16 + 10000);
});
