import assert from "node:assert/strict";
import { finiteMedian, quantileType7 } from "../../lib/stats/mod.ts";

Deno.test("quantileType7 matches R's quantile(type = 7)", () => {
  // R: quantile(c(1, 3, 4, 8, 20), c(0, .1, .25, .9, 1)) -> 1.0 1.8 3.0 15.2 20.0
  // (h = 4p: 0.4 -> 1 + 0.4·2 = 1.8; 1 -> 3; 3.6 -> 8 + 0.6·12 = 15.2)
  const xs = Float64Array.from([1, 3, 4, 8, 20]);
  const expected = [[0, 1], [0.1, 1.8], [0.25, 3], [0.9, 15.2], [1, 20]];
  for (const [p, q] of expected) assert.ok(Math.abs(quantileType7(xs, p) - q) < 1e-12, `p=${p}`);
});

Deno.test("quantileType7 of one value and bad input", () => {
  assert.equal(quantileType7([7], 0.9), 7);
  assert.throws(() => quantileType7([], 0.5), RangeError);
  assert.throws(() => quantileType7([1], 1.5), RangeError);
});

Deno.test("finiteMedian skips unknowns", () => {
  assert.equal(finiteMedian([5, NaN, 1, Infinity, 3]), 3);
  assert.equal(finiteMedian([10, 20, 30, 40], [1, 3]), 30);
});
