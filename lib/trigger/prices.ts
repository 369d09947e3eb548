/**
 * Prices of the cost model (docs/method.md, Cost per million tokens and Prices), as ratios to the
 * uncached input price.
 *
 * @module
 */

/**
 * A higher price tier: a request (or compaction call) whose whole input x exceeds
 * `aboveInputTokens` is billed at this tier in every category. Each factor is the tier's price
 * of a category over the base tier's price of the same category (e.g. 2 for input above 200K
 * billed at twice the base price), so that re-pricing α, ρ, p_m or ω moves the tier with it.
 */
export interface PriceTier {
  /** Threshold on the request's input x, tokens; x above it pays this tier. */
  aboveInputTokens: number;
  /** Plain (uncached) input. */
  input: number;
  /** 5-minute cache write. */
  cacheWrite5m: number;
  /** 1-hour cache write. */
  cacheWrite1h: number;
  /** Cache read. */
  cacheRead: number;
  /** Output. */
  output: number;
  /**
   * The uncached tokens of the replay (plain input and cache writes, priced together at ω):
   * their tier price over their base price, weighted by what the corpus wrote (equal to
   * `input` when the three input-side factors are equal, as in the catalog).
   */
  uncached: number;
}

/** The price parameters of one model. All are inputs; J is linear in each of them. */
export interface Prices {
  /** α = p_c / p_m: cached input price over uncached input price. Dimensionless. */
  alpha: number;
  /** ρ = p_o / p_m: output price over uncached input price. Dimensionless. */
  rho: number;
  /** p_m: uncached (plain) input price, USD per million tokens. */
  inputUsdPerMillion: number;
  /**
   * ω: price multiplier of an uncached token (1 plain input, `cacheWrite5m` a 5-minute cache
   * write, `cacheWrite1h` a 1-hour write, weighted by what was written). Dimensionless; the
   * analysis takes it from the corpus unless given.
   */
  omega: number;
  /** 5-minute cache write price over p_m. @default {1.25} (today's ratio; the catalog's wins) */
  cacheWrite5m?: number;
  /** 1-hour cache write price over p_m. @default {2} (today's ratio; the catalog's wins) */
  cacheWrite1h?: number;
  /** Higher tiers by ascending threshold; absent or empty for a flat price. */
  tiers?: readonly PriceTier[];
}

/**
 * The published figure's model's prices: α = 0.05, ρ = 5, p_m = 5 USD per million input tokens, and ω = 1.25
 * (all uncached tokens written to the 5-minute cache) as a stand-in until the corpus gives ω;
 * cache writes at 1.25 (5 minutes) and 2 (1 hour) times p_m. These are the documented defaults
 * for a model the price catalog does not know (lib/prices/resolve_prices.ts), not constants of
 * the cost formula.
 *
 * @example Prices in USD per million for the published figure's model
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
  cacheWrite5m: 1.25,
  cacheWrite1h: 2,
  tiers: [],
});

/**
 * Checks a price object: every field finite, α, ρ, ω and the write multipliers ≥ 0, p_m > 0,
 * tiers by strictly ascending positive threshold with finite factors ≥ 0.
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
  for (const key of ["alpha", "rho", "omega", "cacheWrite5m", "cacheWrite1h"] as const) {
    if (key.startsWith("cache") && prices[key] === undefined) continue;
    if (!(Number.isFinite(prices[key]) && prices[key]! >= 0)) {
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
  let previous = 0;
  for (const [i, tier] of (prices.tiers ?? []).entries()) {
    if (!(Number.isFinite(tier.aboveInputTokens) && tier.aboveInputTokens > previous)) {
      throw new RangeError(
        `Invalid prices: tier ${i + 1} must have a threshold above ${previous} tokens, got ` +
          `${tier.aboveInputTokens}`,
      );
    }
    previous = tier.aboveInputTokens;
    for (const key of TIER_FACTORS) {
      if (!(Number.isFinite(tier[key]) && tier[key] >= 0)) {
        throw new RangeError(
          `Invalid prices: tier ${i + 1}'s ${key} must be a finite number >= 0, got ${tier[key]}`,
        );
      }
    }
  }
  return prices;
}

/** The factors of a {@linkcode PriceTier}, in the order its documents list them. */
export const TIER_FACTORS = Object.freeze(
  ["input", "cacheWrite5m", "cacheWrite1h", "cacheRead", "output", "uncached"] as const,
);
