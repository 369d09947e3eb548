import assert from "node:assert/strict";
import { Pcg32 } from "../../lib/stats/pcg32.ts";

// Independent reference: the C algorithm of pcg32_random_r / pcg32_srandom_r written with
// BigInt (64-bit state kept exactly), not the 32-bit-halves arithmetic of the library.
function referencePcg32(seed: bigint, stream: bigint): () => number {
  const mask = (1n << 64n) - 1n;
  const mul = 6364136223846793005n;
  let state = 0n;
  const inc = ((stream << 1n) | 1n) & mask;
  const step = () => {
    state = (state * mul + inc) & mask;
  };
  step();
  state = (state + seed) & mask;
  step();
  return () => {
    const old = state;
    step();
    const xorshifted = Number((((old >> 18n) ^ old) >> 27n) & 0xffffffffn);
    const rot = Number(old >> 59n);
    return ((xorshifted >>> rot) | (xorshifted << ((32 - rot) & 31))) >>> 0;
  };
}

Deno.test("Pcg32 matches the published pcg32-demo output for (42, 54)", () => {
  const prng = new Pcg32(42, 54);
  const got = Array.from({ length: 6 }, () => prng.nextUint32());
  assert.deepEqual(got, [0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e]);
});

Deno.test("Pcg32 agrees with a BigInt reference for large seeds and streams", () => {
  for (
    const [seed, stream] of [[0, 0], [1, 100], [2 ** 40 + 12345, 2 ** 33 + 7], [2 ** 53 - 1, 3]]
  ) {
    const prng = new Pcg32(seed, stream);
    const ref = referencePcg32(BigInt(seed), BigInt(stream));
    for (let i = 0; i < 1000; i++) assert.equal(prng.nextUint32(), ref(), `seed ${seed} draw ${i}`);
  }
});

Deno.test("Pcg32 streams differ and seeds are validated", () => {
  assert.notEqual(new Pcg32(1, 1).nextUint32(), new Pcg32(1, 2).nextUint32());
  assert.throws(() => new Pcg32(-1), RangeError);
  assert.throws(() => new Pcg32(1.5), RangeError);
});

Deno.test("Pcg32.nextBelow is in range and roughly uniform", () => {
  const prng = new Pcg32(9, 9);
  const counts = new Array(5).fill(0);
  for (let i = 0; i < 5000; i++) counts[prng.nextBelow(5)]++;
  // Each expected 1000, sd ≈ √(5000·0.2·0.8) ≈ 28; 6 sd bound.
  for (const c of counts) assert.ok(Math.abs(c - 1000) < 170, `count ${c}`);
  assert.throws(() => prng.nextBelow(0), RangeError);
});

Deno.test("Pcg32.nextFloat is in [0, 1) with mean near 1/2", () => {
  const prng = new Pcg32(3, 4);
  let sum = 0;
  for (let i = 0; i < 10000; i++) {
    const u = prng.nextFloat();
    assert.ok(u >= 0 && u < 1);
    sum += u;
  }
  // sd of the mean = √(1/12 / 10000) ≈ 0.0029; 6 sd bound.
  assert.ok(Math.abs(sum / 10000 - 0.5) < 0.018);
});
