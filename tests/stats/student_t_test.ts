import assert from "node:assert/strict";
import { studentTCdf, studentTQuantile } from "../../lib/stats/mod.ts";

const close = (a: number, b: number, tol: number) =>
  assert.ok(Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${a} vs ${b}`);

Deno.test("t quantiles match R's qt", () => {
  // R 4.2 (Debian bookworm r-base-core), options(digits = 15):
  //   qt(0.975, c(1, 2, 3, 5, 8, 10, 30, 100, 258, 1e4))
  //   qt(0.9, 4); qt(0.025, 8); qt(0.999, 2)
  // Printed tables (e.g. Fisher & Yates) give the same to 3 decimals: 12.706, 4.303, 3.182,
  // 2.571, 2.306, 2.228, 2.042, 1.984.
  const expected: [number, number, number][] = [
    [0.975, 1, 12.70620473617469],
    [0.975, 2, 4.30265272974946],
    [0.975, 3, 3.18244630528371],
    [0.975, 5, 2.57058183563631],
    [0.975, 8, 2.30600413520417],
    [0.975, 10, 2.22813885198627],
    [0.975, 30, 2.04227245630124],
    [0.975, 100, 1.98397151852355],
    [0.975, 258, 1.9692013862339],
    [0.975, 1e4, 1.96020123989063],
    [0.9, 4, 1.53320627405894],
    [0.025, 8, -2.30600413520417],
    [0.999, 2, 22.3271247701199],
  ];
  for (const [p, df, q] of expected) close(studentTQuantile(p, df), q, 1e-10);
  assert.equal(studentTQuantile(0.5, 7), 0);
});

Deno.test("t distribution function matches R's pt", () => {
  // R: pt(2.5, 7) = 0.979503890707124; pt(-1.3, 3.5) = 0.136297707902185
  close(studentTCdf(2.5, 7), 0.979503890707124, 1e-12);
  close(studentTCdf(-1.3, 3.5), 0.136297707902185, 1e-12);
  // With 1 degree of freedom t is Cauchy: P(T ≤ 1) = 1/2 + atan(1)/π = 0.75 exactly.
  close(studentTCdf(1, 1), 0.75, 1e-13);
  assert.equal(studentTCdf(Infinity, 3), 1);
  assert.equal(studentTCdf(-Infinity, 3), 0);
});

Deno.test("quantile and distribution function invert each other", () => {
  for (const df of [1, 2.5, 9, 40]) {
    for (const p of [0.01, 0.2, 0.6, 0.95, 0.995]) {
      close(studentTCdf(studentTQuantile(p, df), df), p, 1e-12);
    }
  }
});

Deno.test("bad arguments are named", () => {
  assert.throws(() => studentTQuantile(1, 5), /p must lie strictly between 0 and 1, got 1/);
  assert.throws(() => studentTQuantile(0.5, 0), /degrees of freedom must be > 0, got 0/);
  assert.throws(() => studentTCdf(NaN, 3), RangeError);
  assert.throws(() => studentTCdf(1, NaN), /degrees of freedom/);
});
