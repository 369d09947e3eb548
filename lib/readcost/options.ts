/**
 * Thresholds of the read-cost measurement and their defaults (docs/method.md, Read-cost measurement).
 *
 * @module
 */

/** Thresholds of the read-cost measurement. */
export interface ReadCostOptions {
  /**
   * A file qualifies (is included) when it has at least this many unique usage-bearing
   * assistant messages. Positive integer, messages.
   * @default {5}
   */
  minTurns?: number;
  /**
   * A non-error bulk-read result is a candidate when its text has at least this many
   * characters (UTF-16 code units). Positive integer, characters.
   * @default {8000}
   */
  minChars?: number;
}

/** The defaults of {@linkcode ReadCostOptions}, in one place. */
export const DEFAULT_READ_COST_OPTIONS: Readonly<Required<ReadCostOptions>> = Object.freeze({
  minTurns: 5,
  minChars: 8000,
});

/**
 * Fills defaults and checks every threshold is a positive safe integer.
 *
 * @param options Thresholds; missing ones take {@linkcode DEFAULT_READ_COST_OPTIONS}.
 * @returns The complete thresholds.
 * @throws {TypeError} when a threshold is not a number.
 * @throws {RangeError} when a threshold is not a positive safe integer.
 *
 * @example
 * ```ts
 * import { resolveReadCostOptions } from "./options.ts";
 * import assert from "node:assert/strict";
 * assert.deepEqual(resolveReadCostOptions({ minChars: 4000 }), { minTurns: 5, minChars: 4000 });
 * assert.throws(() => resolveReadCostOptions({ minTurns: 0 }), RangeError);
 * ```
 */
export function resolveReadCostOptions(options: ReadCostOptions = {}): Required<ReadCostOptions> {
  const {
    minTurns = DEFAULT_READ_COST_OPTIONS.minTurns,
    minChars = DEFAULT_READ_COST_OPTIONS.minChars,
  } = options;
  for (const [name, value] of [["minTurns", minTurns], ["minChars", minChars]] as const) {
    if (typeof value !== "number") {
      throw new TypeError(`Cannot use ${name}: expected a number, got ${typeof value}`);
    }
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new RangeError(`Cannot use ${name}: expected a positive integer, got ${value}`);
    }
  }
  return { minTurns, minChars };
}
