/**
 * A running compensated sum, for sums built up across loops.
 *
 * @module
 */

/**
 * A running Neumaier-compensated sum: add terms one at a time, read {@linkcode value}.
 *
 * @example Accumulate terms of very different size
 * ```ts
 * import assert from "node:assert/strict";
 * import { NeumaierAccumulator } from "./neumaier_accumulator.ts";
 *
 * const acc = new NeumaierAccumulator();
 * for (const v of [1, 1e100, 1, -1e100]) acc.add(v);
 * assert.equal(acc.value, 2);
 * ```
 */
export class NeumaierAccumulator {
  #sum = 0;
  #comp = 0;

  /**
   * Adds one term.
   *
   * @param v The term.
   * @returns Nothing.
   *
   * @example Add two terms
   * ```ts
   * import assert from "node:assert/strict";
   * import { NeumaierAccumulator } from "./neumaier_accumulator.ts";
   *
   * const acc = new NeumaierAccumulator();
   * acc.add(0.5);
   * acc.add(0.25);
   * assert.equal(acc.value, 0.75);
   * ```
   */
  add(v: number): void {
    const s = this.#sum;
    const t = s + v;
    if (Math.abs(s) >= Math.abs(v)) this.#comp += (s - t) + v;
    else this.#comp += (v - t) + s;
    this.#sum = t;
  }

  /** The compensated sum of the terms added so far. */
  get value(): number {
    return this.#sum + this.#comp;
  }
}
