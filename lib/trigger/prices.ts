/**
 * Prices of the cost model (analysis-spec §3), as ratios to the uncached input price.
 *
 * @module
 */

/** The price parameters of one model. All are inputs; J is linear in each of them. */
export interface Prices {
  /** α = p_c / p_m: cached input price over uncached input price. Dimensionless. */
  alpha: number;
  /** ρ = p_o / p_m: output price over uncached input price. Dimensionless. */
  rho: number;
  /** p_m: uncached (plain) input price, USD per million tokens. */
  inputUsdPerMillion: number;
  /**
   * ω: price multiplier of an uncached token (1 plain input, 1.25 a 5-minute cache write, 2 a
   * 1-hour write, weighted by what was written). Dimensionless; the analysis takes it from the
   * corpus (§1) unless given.
   */
  omega: number;
}

/**
 * The seed model's prices: α = 0.05, ρ = 5, p_m = 5 USD per million input tokens, and ω = 1.25
 * (all uncached tokens written to the 5-minute cache) as a stand-in until the corpus gives ω.
 *
 * @example Prices in USD per million for the seed's model
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_PRICES } from "./prices.ts";
 *
 * assert.equal(DEFAULT_PRICES.alpha * DEFAULT_PRICES.inputUsdPerMillion, 0.25); // cache read
 * assert.equal(DEFAULT_PRICES.rho * DEFAULT_PRICES.inputUsdPerMillion, 25); // output
 * ```
 */
export const DEFAULT_PRICES: Readonly<Prices> = Object.freeze({
  alpha: 0.05,
  rho: 5,
  inputUsdPerMillion: 5,
  omega: 1.25,
});

/**
 * Checks a price object: every field finite, α, ρ and ω ≥ 0, p_m > 0.
 *
 * @param prices The prices to check.
 * @returns The same prices.
 * @throws {RangeError} Naming the first field out of range.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkPrices, DEFAULT_PRICES } from "./prices.ts";
 *
 * assert.throws(() => checkPrices({ ...DEFAULT_PRICES, alpha: -1 }), RangeError);
 * ```
 */
export function checkPrices(prices: Prices): Prices {
  for (const key of ["alpha", "rho", "omega"] as const) {
    if (!(Number.isFinite(prices[key]) && prices[key] >= 0)) {
      throw new RangeError(
        `Invalid prices: ${key} must be a finite number >= 0, got ${prices[key]}`,
      );
    }
  }
  if (!(Number.isFinite(prices.inputUsdPerMillion) && prices.inputUsdPerMillion > 0)) {
    throw new RangeError(
      `Invalid prices: inputUsdPerMillion must be > 0, got ${prices.inputUsdPerMillion}`,
    );
  }
  return prices;
}
