/**
 * Seeded randomness for the reader's tests: mulberry32, a small 32-bit generator (its seed is
 * recorded in each test), and an integer helper.
 *
 * @module
 */

/** A generator of numbers in [0, 1). */
export type Rand = () => number;

/** mulberry32 seeded with `seed`. */
export function mulberry32(seed: number): Rand {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [lo, hi]. */
export const int = (rand: Rand, lo: number, hi: number): number =>
  lo + Math.floor(rand() * (hi - lo + 1));
