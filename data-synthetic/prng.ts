/**
 * The generator's own seeded PRNG: xoshiro128** (Blackman & Vigna, "Scrambled linear
 * pseudorandom number generators", 2018), seeded through SplitMix32.
 *
 * Why this one here: the generator draws a few million numbers per corpus on the hot path, and
 * xoshiro128** needs only 32-bit shifts, xors and `Math.imul`, which JavaScript does natively
 * (a 64-bit LCG such as PCG32 must emulate 64-bit multiplication in 16-bit limbs). Its 128-bit
 * state has period 2¹²⁸ − 1, far beyond any corpus. Independent streams come from hashing
 * `(seed, stream)` with SplitMix32 into the state, so each session draws from its own sequence
 * and adding a session never shifts the numbers of the others. It is kept inside
 * `data-synthetic/` on purpose: the generator must not depend on the toolkit it exercises.
 *
 * @module
 */

/** Seeded random numbers with the distributions the generator uses. */
export class Prng {
  #a = 0;
  #b = 0;
  #c = 0;
  #d = 0;

  /**
   * Creates a generator for one `(seed, stream)` pair.
   *
   * @param seed Any integer in [0, 2³²) (other numbers are reduced with `>>> 0`).
   * @param stream Stream selector, any integer in [0, 2³²); different streams are independent.
   * @throws {RangeError} when `seed` or `stream` is not a finite number.
   *
   * @example Same seed and stream, same numbers
   * ```ts
   * import { Prng } from "./prng.ts";
   * import assert from "node:assert/strict";
   * const a = new Prng(1, 7), b = new Prng(1, 7), c = new Prng(1, 8);
   * const x = a.nextUint32();
   * assert.equal(x, b.nextUint32());
   * assert.notEqual(x, c.nextUint32());
   * ```
   */
  constructor(seed: number, stream = 0) {
    if (!Number.isFinite(seed) || !Number.isFinite(stream)) {
      throw new RangeError(
        `Cannot seed the PRNG: seed ${seed} and stream ${stream} must be finite`,
      );
    }
    let s = (seed >>> 0) ^ Math.imul(stream >>> 0, 0x9e3779b9);
    s = (s + Math.imul((stream >>> 0) + 0x7f4a7c15, 0x85ebca6b)) >>> 0;
    const next = () => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.#a = next();
    this.#b = next();
    this.#c = next();
    this.#d = next();
    if ((this.#a | this.#b | this.#c | this.#d) === 0) this.#d = 1;
  }

  /**
   * Next uniform integer in [0, 2³²).
   *
   * @returns The integer.
   *
   * @example
   * ```ts
   * import { Prng } from "./prng.ts";
   * import assert from "node:assert/strict";
   * const x = new Prng(3).nextUint32();
   * assert.ok(Number.isInteger(x) && x >= 0 && x < 2 ** 32);
   * ```
   */
  nextUint32(): number {
    const result = Math.imul(rotl(Math.imul(this.#b, 5), 7), 9) >>> 0;
    const t = this.#b << 9;
    this.#c ^= this.#a;
    this.#d ^= this.#b;
    this.#b ^= this.#c;
    this.#a ^= this.#d;
    this.#c ^= t;
    this.#d = rotl(this.#d, 11);
    return result;
  }

  /**
   * Next uniform float in [0, 1) (32 random bits).
   *
   * @returns The float.
   *
   * @example
   * ```ts
   * import { Prng } from "./prng.ts";
   * import assert from "node:assert/strict";
   * const u = new Prng(3).next();
   * assert.ok(u >= 0 && u < 1);
   * ```
   */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /**
   * Uniform integer in [min, max] (both included).
   *
   * @param min Smallest value.
   * @param max Largest value.
   * @returns The integer.
   *
   * @example
   * ```ts
   * import { Prng } from "./prng.ts";
   * import assert from "node:assert/strict";
   * const p = new Prng(5);
   * for (let i = 0; i < 100; i++) {
   *   const k = p.int(2, 4);
   *   assert.ok(k >= 2 && k <= 4);
   * }
   * ```
   */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /**
   * True with probability `p`.
   *
   * @param p Probability in [0, 1].
   * @returns The outcome.
   *
   * @example
   * ```ts
   * import { Prng } from "./prng.ts";
   * import assert from "node:assert/strict";
   * assert.equal(new Prng(1).chance(0), false);
   * assert.equal(new Prng(1).chance(1), true);
   * ```
   */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /**
   * Standard normal deviate (Box–Muller, one of the pair used).
   *
   * @returns A draw from N(0, 1).
   *
   * @example
   * ```ts
   * import { Prng } from "./prng.ts";
   * import assert from "node:assert/strict";
   * const p = new Prng(9);
   * let sum = 0;
   * for (let i = 0; i < 20000; i++) sum += p.normal();
   * assert.ok(Math.abs(sum / 20000) < 0.05); // mean 0, standard error 0.007
   * ```
   */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /**
   * Log-normal deviate given by its median and log-scale spread.
   *
   * @param median Median of the distribution.
   * @param sigma Standard deviation of the logarithm.
   * @returns The draw.
   *
   * @example
   * ```ts
   * import { Prng } from "./prng.ts";
   * import assert from "node:assert/strict";
   * assert.equal(new Prng(1).lognormal(50, 0), 50);
   * ```
   */
  lognormal(median: number, sigma: number): number {
    return median * Math.exp(sigma * this.normal());
  }

  /**
   * Picks an index with probability proportional to its weight.
   *
   * @param weights Non-negative weights, at least one positive.
   * @returns The chosen index.
   *
   * @example
   * ```ts
   * import { Prng } from "./prng.ts";
   * import assert from "node:assert/strict";
   * assert.equal(new Prng(1).weighted([0, 3, 0]), 1);
   * ```
   */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let u = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      u -= weights[i];
      if (u < 0 && weights[i] > 0) return i;
    }
    for (let i = weights.length - 1; i >= 0; i--) if (weights[i] > 0) return i;
    return 0;
  }

  /**
   * Lower-case hexadecimal string of `n` random digits.
   *
   * @param n Number of digits.
   * @returns The string.
   *
   * @example
   * ```ts
   * import { Prng } from "./prng.ts";
   * import assert from "node:assert/strict";
   * assert.match(new Prng(1).hex(16), /^[0-9a-f]{16}$/);
   * ```
   */
  hex(n: number): string {
    let out = "";
    while (out.length < n) out += this.nextUint32().toString(16).padStart(8, "0");
    return out.slice(0, n);
  }

  /**
   * Random string of `n` characters from `alphabet`.
   *
   * @param n Length.
   * @param alphabet Characters to draw from.
   * @returns The string.
   *
   * @example
   * ```ts
   * import { Prng } from "./prng.ts";
   * import assert from "node:assert/strict";
   * assert.match(new Prng(1).chars(5, "ab"), /^[ab]{5}$/);
   * ```
   */
  chars(n: number, alphabet: string): string {
    let out = "";
    for (let i = 0; i < n; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }

  /**
   * A version-4 UUID.
   *
   * @returns The UUID string.
   *
   * @example
   * ```ts
   * import { Prng } from "./prng.ts";
   * import assert from "node:assert/strict";
   * assert.match(new Prng(1).uuid(), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
   * ```
   */
  uuid(): string {
    const h = this.hex(32);
    const variant = "89ab"[this.nextUint32() & 3];
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${
      h.slice(20, 32)
    }`;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
