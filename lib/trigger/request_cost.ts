/**
 * The one cost formula of the analysis: what a request's token categories cost, in multiples of
 * the plain input price p_m, at the price tier of its input (docs/method.md, Prices). The
 * observed bill prices real requests and compaction calls with it; the replay's curves price
 * their token sums with it.
 *
 * @module
 */
import type { Prices } from "./prices.ts";

/**
 * Today's 5-minute cache-write ratio, for prices that do not carry their own (a model the
 * catalog does not know; hand-made prices in examples).
 */
export const DEFAULT_CACHE_WRITE_5M = 1.25;
/** Today's 1-hour cache-write ratio, for prices that do not carry their own. */
export const DEFAULT_CACHE_WRITE_1H = 2;

/** Token counts of one request (or a sum of requests) by billing category. */
export interface TokenCategories {
  /** Plain (uncached) input u. */
  input: number;
  /** 5-minute cache writes w5. */
  cacheWrite5m: number;
  /** 1-hour cache writes w1h. */
  cacheWrite1h: number;
  /** Uncached tokens whose split into u, w5, w1h is not known (the replay's), priced at ω. */
  uncached: number;
  /** Cache reads r (the replay's cached tokens c·x). */
  cacheRead: number;
  /** Output y (a compaction call's summary G). */
  output: number;
}

/** The price of each category at one tier, in multiples of the base tier's p_m. */
export type CategoryWeights = TokenCategories;

/**
 * The weight of each token category at a tier: plain input 1, a 5-minute write
 * `cacheWrite5m`, a 1-hour write `cacheWrite1h`, an uncached token of unknown kind ω, a cache
 * read α, output ρ, each times the tier's factor for that category.
 *
 * @param prices The prices (write multipliers default to 1.25 and 2 when absent).
 * @param tier 0 for the base tier, j for `prices.tiers[j − 1]`.
 * @returns Multiples of p_m.
 * @throws {RangeError} When the tier does not exist.
 *
 * @example Input above 200K at twice the price, output at 1.5 times
 * ```ts
 * import assert from "node:assert/strict";
 * import { categoryWeights } from "./request_cost.ts";
 *
 * const tier = { aboveInputTokens: 200_000, input: 2, cacheWrite5m: 2, cacheWrite1h: 2,
 *   cacheRead: 2, output: 1.5, uncached: 2 };
 * const prices = { alpha: 0.1, rho: 5, omega: 1.2, inputUsdPerMillion: 3, tiers: [tier] };
 * assert.deepEqual(categoryWeights(prices, 1), {
 *   input: 2, cacheWrite5m: 2.5, cacheWrite1h: 4, uncached: 2.4, cacheRead: 0.2, output: 7.5,
 * });
 * ```
 */
export function categoryWeights(prices: Prices, tier = 0): CategoryWeights {
  const w5 = prices.cacheWrite5m ?? DEFAULT_CACHE_WRITE_5M;
  const w1h = prices.cacheWrite1h ?? DEFAULT_CACHE_WRITE_1H;
  if (tier === 0) {
    return {
      input: 1,
      cacheWrite5m: w5,
      cacheWrite1h: w1h,
      uncached: prices.omega,
      cacheRead: prices.alpha,
      output: prices.rho,
    };
  }
  const t = prices.tiers?.[tier - 1];
  if (t === undefined) {
    throw new RangeError(`Cannot price tier ${tier}: the prices have ${prices.tiers?.length ?? 0}`);
  }
  return {
    input: t.input,
    cacheWrite5m: w5 * t.cacheWrite5m,
    cacheWrite1h: w1h * t.cacheWrite1h,
    uncached: prices.omega * t.uncached,
    cacheRead: prices.alpha * t.cacheRead,
    output: prices.rho * t.output,
  };
}

/**
 * The tier a request's input x falls in: the number of tier thresholds it exceeds.
 *
 * @param inputTokens The request's whole input x (uncached + cache writes + cache reads).
 * @param prices The prices.
 * @returns 0 for the base tier, j for `prices.tiers[j − 1]`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { priceTierOf } from "./request_cost.ts";
 *
 * const tier = { aboveInputTokens: 200_000, input: 2, cacheWrite5m: 2, cacheWrite1h: 2,
 *   cacheRead: 2, output: 1.5, uncached: 2 };
 * const prices = { alpha: 0.1, rho: 5, omega: 1, inputUsdPerMillion: 3, tiers: [tier] };
 * assert.equal(priceTierOf(200_000, prices), 0); // at the threshold: still the base tier
 * assert.equal(priceTierOf(200_001, prices), 1);
 * ```
 */
export function priceTierOf(inputTokens: number, prices: Prices): number {
  const tiers = prices.tiers;
  if (tiers === undefined) return 0;
  let j = 0;
  while (j < tiers.length && inputTokens > tiers[j].aboveInputTokens) j++;
  return j;
}

/**
 * Σ weight × tokens over the six categories: a request's cost in multiples of p_m (USD per
 * token × 10⁶ / p_m). The one formula both the observed bill and the replay's curves use.
 *
 * @param tokens Tokens by category.
 * @param weights The weights of {@linkcode categoryWeights} (or a difference of two).
 * @returns Weighted tokens.
 *
 * @example 100K context, 90% cached, 1K output at α 0.05, ρ 5, ω 1.25, p_m $5 per million
 * ```ts
 * import assert from "node:assert/strict";
 * import { categoryWeights, weightedTokens } from "./request_cost.ts";
 * import { DEFAULT_PRICES } from "./prices.ts";
 *
 * const tokens = { input: 0, cacheWrite5m: 0, cacheWrite1h: 0, uncached: 10_000,
 *   cacheRead: 90_000, output: 1_000 };
 * // 1.25·10000 + 0.05·90000 + 5·1000 = 22000; × $5 per million = $0.11
 * const w = weightedTokens(tokens, categoryWeights(DEFAULT_PRICES));
 * assert.ok(Math.abs(w - 22_000) < 1e-9);
 * ```
 */
export function weightedTokens(tokens: TokenCategories, weights: CategoryWeights): number {
  return weights.input * tokens.input + weights.cacheWrite5m * tokens.cacheWrite5m +
    weights.cacheWrite1h * tokens.cacheWrite1h + weights.uncached * tokens.uncached +
    weights.cacheRead * tokens.cacheRead + weights.output * tokens.output;
}

/**
 * The weights of tier j minus those of tier j − 1: what a token above threshold j costs on top
 * of the tier below, so that sums kept "above each threshold" price the tiers incrementally.
 *
 * @param prices The prices.
 * @param tier j ≥ 1.
 * @returns The difference, multiples of p_m.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { tierIncrement } from "./request_cost.ts";
 *
 * const tier = { aboveInputTokens: 200_000, input: 2, cacheWrite5m: 2, cacheWrite1h: 2,
 *   cacheRead: 2, output: 1.5, uncached: 2 };
 * const prices = { alpha: 0.1, rho: 5, omega: 1, inputUsdPerMillion: 3, tiers: [tier] };
 * assert.equal(tierIncrement(prices, 1).output, 2.5); // 5·1.5 − 5
 * ```
 */
export function tierIncrement(prices: Prices, tier: number): CategoryWeights {
  const hi = categoryWeights(prices, tier);
  const lo = categoryWeights(prices, tier - 1);
  return {
    input: hi.input - lo.input,
    cacheWrite5m: hi.cacheWrite5m - lo.cacheWrite5m,
    cacheWrite1h: hi.cacheWrite1h - lo.cacheWrite1h,
    uncached: hi.uncached - lo.uncached,
    cacheRead: hi.cacheRead - lo.cacheRead,
    output: hi.output - lo.output,
  };
}
