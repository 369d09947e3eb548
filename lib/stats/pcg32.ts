/**
 * PCG32 (O'Neill, "PCG: A Family of Simple Fast Space-Efficient Statistically Good Algorithms
 * for Random Number Generation", 2014), the `pcg32_random_r` variant: 64-bit LCG state,
 * XSH-RR output, 32-bit results.
 *
 * Why PCG32 rather than a library generator: it is a dozen lines with published test vectors
 * (`pcg32-demo`), so results can be checked independently of this code; and its selectable stream
 * (the odd increment) gives each bootstrap workload `k` an independent sequence from one `(seed,
 * k)` pair, which is exactly how the analysis seeds its workloads (docs/method.md, Resampling). The
 * 64-bit state is kept as two unsigned 32-bit halves so that no BigInt is needed on the hot path.
 *
 * @module
 */

/** A seeded source of uniform 32-bit integers. */
export interface Prng {
  /** Next uniform integer in [0, 2³²). */
  nextUint32(): number;
  /** Next uniform float in [0, 1) with 53 random bits (two draws). */
  nextFloat(): number;
  /** Next uniform integer in [0, bound), without modulo bias (`pcg32_boundedrand_r`). */
  nextBelow(bound: number): number;
}

// Multiplier 6364136223846793005 = 0x5851F42D_4C957F2D.
const MUL_HI = 0x5851f42d;
const MUL_LO = 0x4c957f2d;

/**
 * The PCG32 generator, seeded like the reference `pcg32_srandom_r(initstate, initseq)`.
 *
 * Seeds are non-negative integers below 2⁵³ (they are split into two 32-bit halves).
 *
 * @example Reference output of `pcg32-demo` (initstate 42, initseq 54)
 * ```ts
 * import assert from "node:assert/strict";
 * import { Pcg32 } from "./pcg32.ts";
 *
 * const prng = new Pcg32(42, 54);
 * assert.equal(prng.nextUint32(), 0xa15c02b7);
 * assert.equal(prng.nextUint32(), 0x7b47f409);
 * ```
 */
export class Pcg32 implements Prng {
  #hi = 0;
  #lo = 0;
  #incHi = 0;
  #incLo = 0;

  /**
   * Creates a generator.
   *
   * @param seed Initial state (`initstate`), an integer in [0, 2⁵³).
   * @param stream Stream selector (`initseq`), an integer in [0, 2⁵³); different streams give
   * independent sequences for the same seed.
   */
  constructor(seed: number, stream = 0) {
    _checkSeed("seed", seed);
    _checkSeed("stream", stream);
    // inc = (initseq << 1) | 1, modulo 2^64.
    const sHi = Math.floor(stream / 0x100000000) >>> 0;
    const sLo = stream >>> 0;
    this.#incHi = ((sHi << 1) | (sLo >>> 31)) >>> 0;
    this.#incLo = ((sLo << 1) | 1) >>> 0;
    this.#hi = 0;
    this.#lo = 0;
    this.#step();
    const seedHi = Math.floor(seed / 0x100000000) >>> 0;
    const seedLo = seed >>> 0;
    const lo = this.#lo + seedLo;
    this.#lo = lo >>> 0;
    this.#hi = (this.#hi + seedHi + (lo > 0xffffffff ? 1 : 0)) >>> 0;
    this.#step();
  }

  #step(): void {
    // state = state * MUL + inc (mod 2^64), with 16-bit limbs for the low product.
    const alo = this.#lo;
    const ahi = this.#hi;
    const a0 = alo & 0xffff;
    const a1 = alo >>> 16;
    const b0 = MUL_LO & 0xffff;
    const b1 = MUL_LO >>> 16;
    const p00 = a0 * b0;
    const p01 = a0 * b1;
    const p10 = a1 * b0;
    const p11 = a1 * b1;
    const mid = (p00 >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
    const lo = (((mid & 0xffff) << 16) | (p00 & 0xffff)) >>> 0;
    const carry = p11 + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16);
    const hi = (carry + Math.imul(alo, MUL_HI) + Math.imul(ahi, MUL_LO)) >>> 0;
    const sumLo = lo + this.#incLo;
    this.#lo = sumLo >>> 0;
    this.#hi = (hi + this.#incHi + (sumLo > 0xffffffff ? 1 : 0)) >>> 0;
  }

  /**
   * Next uniform integer in [0, 2³²).
   *
   * @returns An unsigned 32-bit integer.
   *
   * @example Values are 32-bit unsigned
   * ```ts
   * import assert from "node:assert/strict";
   * import { Pcg32 } from "./pcg32.ts";
   *
   * const v = new Pcg32(1).nextUint32();
   * assert.ok(Number.isInteger(v) && v >= 0 && v < 2 ** 32);
   * ```
   */
  nextUint32(): number {
    const hi = this.#hi;
    const lo = this.#lo;
    this.#step();
    // xorshifted = uint32(((old >> 18) ^ old) >> 27); rot = old >> 59.
    const shHi = hi >>> 18;
    const shLo = ((lo >>> 18) | (hi << 14)) >>> 0;
    const xHi = (shHi ^ hi) >>> 0;
    const xLo = (shLo ^ lo) >>> 0;
    const xorshifted = ((xLo >>> 27) | (xHi << 5)) >>> 0;
    const rot = hi >>> 27;
    return ((xorshifted >>> rot) | (xorshifted << ((32 - rot) & 31))) >>> 0;
  }

  /**
   * Next uniform float in [0, 1), built from 53 random bits.
   *
   * @returns A float in [0, 1).
   *
   * @example In range
   * ```ts
   * import assert from "node:assert/strict";
   * import { Pcg32 } from "./pcg32.ts";
   *
   * const u = new Pcg32(7, 3).nextFloat();
   * assert.ok(u >= 0 && u < 1);
   * ```
   */
  nextFloat(): number {
    const hi = this.nextUint32() >>> 5; // 27 bits
    const lo = this.nextUint32() >>> 6; // 26 bits
    return (hi * 67108864 + lo) / 9007199254740992;
  }

  /**
   * Next uniform integer in [0, bound) by rejection (no modulo bias), as `pcg32_boundedrand_r`.
   *
   * @param bound Exclusive upper bound, an integer in [1, 2³²].
   * @returns An integer in [0, bound).
   *
   * @example A die roll
   * ```ts
   * import assert from "node:assert/strict";
   * import { Pcg32 } from "./pcg32.ts";
   *
   * const roll = new Pcg32(1).nextBelow(6);
   * assert.ok(roll >= 0 && roll < 6);
   * ```
   */
  nextBelow(bound: number): number {
    if (!Number.isInteger(bound) || bound < 1 || bound > 0x100000000) {
      throw new RangeError(`Cannot draw below ${bound}: bound must be an integer in [1, 2^32]`);
    }
    if (bound === 0x100000000) return this.nextUint32();
    const threshold = (0x100000000 - bound) % bound;
    for (;;) {
      const r = this.nextUint32();
      if (r >= threshold) return r % bound;
    }
  }
}

function _checkSeed(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0 || value > Number.MAX_SAFE_INTEGER) {
    throw new RangeError(
      `Cannot seed PCG32: ${name} must be an integer in [0, 2^53), got ${value}`,
    );
  }
}
