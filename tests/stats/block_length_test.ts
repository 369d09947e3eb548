import assert from "node:assert/strict";
import { optimalBlockLength, roundBlockLength } from "../../lib/stats/block_length.ts";

// Expected values: tests/stats/block_length_reference.R, an independent hand implementation
// in R 4.2.2 (single series through R's own acf(); grouped series through a plain loop), run as
// `Rscript tests/stats/block_length_reference.R`, which printed
//   ar1(seed 12345, n 500, phi 0.7) : 17.0187608532 19.4816179393 9 18 500 68
//   white(seed 777, n 300)          : 1.40708180635 1.61070658417 1 2 300 52
//   ar1(seed 99, n 200, phi 0.97)   : 20.7525097943 23.7556935303 20 20 200 43
//   groups 120/80/200 phi 0.5       : 7.96665256659 9.11954065845 3 6 400 60
// as stationary, circular, m̂, M, N, B_max. Tolerance 1e-9 relative (printed to 12 digits).

/** Park–Miller minimal standard uniforms, as the R script draws them (exact in doubles). */
function lcg(seed: number, n: number): number[] {
  const out: number[] = [];
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (16807 * s) % 2147483647;
    out.push(s / 2147483647);
  }
  return out;
}

/** x_1 = e_1, x_i = φ·x_{i−1} + e_i with e = uniform − 0.5, as in the R script. */
function ar1(seed: number, n: number, phi: number): number[] {
  const e = lcg(seed, n).map((u) => u - 0.5);
  const x = [e[0]];
  for (let i = 1; i < n; i++) x.push(phi * x[i - 1] + e[i]);
  return x;
}

function close(actual: number, expected: number, what: string) {
  assert.ok(
    Math.abs(actual - expected) <= 1e-9 * Math.abs(expected),
    `${what}: ${actual} is not ${expected}`,
  );
}

Deno.test("block length: AR(1) with phi 0.7 matches the R reference", () => {
  const b = optimalBlockLength(ar1(12345, 500, 0.7));
  close(b.stationary, 17.0187608532, "stationary");
  close(b.circular, 19.4816179393, "circular");
  assert.equal(b.moving, b.circular);
  assert.deepEqual([b.lagOrder, b.bandwidth, b.observations, b.cap], [9, 18, 500, 68]);
});

Deno.test("block length: white noise gives short blocks, as in R", () => {
  const b = optimalBlockLength(ar1(777, 300, 0));
  close(b.stationary, 1.40708180635, "stationary");
  close(b.circular, 1.61070658417, "circular");
  assert.deepEqual([b.lagOrder, b.bandwidth, b.cap], [1, 2, 52]);
});

Deno.test("block length: no run of insignificant lags takes the largest significant lag", () => {
  // phi 0.97 on 200 values: every lag up to m_max = 20 is significant, so m̂ = 20, M = m_max.
  const b = optimalBlockLength(ar1(99, 200, 0.97));
  close(b.stationary, 20.7525097943, "stationary");
  close(b.circular, 23.7556935303, "circular");
  assert.deepEqual([b.lagOrder, b.bandwidth, b.cap], [20, 20, 43]);
});

Deno.test("block length: groups are pooled within groups, each on its own mean", () => {
  const parts = [ar1(1, 120, 0.5), ar1(2, 80, 0.5).map((v) => v + 1000), ar1(3, 200, 0.5)];
  parts[2] = parts[2].map((v) => v - 50);
  const values = [99, ...parts[0], ...parts[1], -7, ...parts[2]];
  const groups = { start: [1, 121, 202], length: [120, 80, 200] };
  const b = optimalBlockLength(values, groups);
  close(b.stationary, 7.96665256659, "stationary");
  close(b.circular, 9.11954065845, "circular");
  assert.deepEqual([b.lagOrder, b.bandwidth, b.observations, b.cap], [3, 6, 400, 60]);
  // Concatenating the groups instead would see the jumps of 1000 as dependence.
  assert.ok(optimalBlockLength(parts.flat()).stationary > 2 * b.stationary);
});

Deno.test("block length: a constant series has nothing to keep, and the cap holds", () => {
  const flat = optimalBlockLength(new Array(50).fill(3));
  assert.deepEqual([flat.stationary, flat.circular], [1, 1]);
  const capped = optimalBlockLength(ar1(12345, 500, 0.7), undefined, { bMax: 10 });
  assert.deepEqual([capped.stationary, capped.circular], [10, 10]);
});

Deno.test("block length: bad input is a RangeError that says what", () => {
  assert.throws(() => optimalBlockLength([1]), /at least 2 values, got 1/);
  assert.throws(() => optimalBlockLength([1, NaN, 2]), /value 1 is not a finite number/);
  assert.throws(
    () => optimalBlockLength([1, 2, 3], { start: [2], length: [5] }),
    /group 0 \(2 \+ 5\) lies outside the 3 values/,
  );
});

Deno.test("block length: rounding as R's round() and at least 1", () => {
  // R: round(c(0.4, 2.5, 3.5, 17.0187608532)) is 0 2 4 17; b.star then floors at 1.
  assert.deepEqual([0.4, 2.5, 3.5, 17.0187608532].map(roundBlockLength), [1, 2, 4, 17]);
});
