/**
 * The cost of one request, Q(x, c, y).
 *
 * @module
 */
import type { Prices } from "./prices.ts";

/**
 * Q(x, c, y) = p_m · ([ω(1 − c) + αc] · x + ρ · y): the seed's cost of one request with context
 * x tokens, cached share c and y output tokens, in USD.
 *
 * @param request Context tokens `context` (x), cached share `cachedShare` (c, 0…1) and output
 * tokens `output` (y).
 * @param prices α, ρ, ω and p_m (USD per million input tokens).
 * @returns The cost in USD.
 *
 * @example 100K context, 90% cached, 1K output at the seed's prices, ω = 1.25
 * ```ts
 * import assert from "node:assert/strict";
 * import { requestCost } from "./request_cost.ts";
 * import { DEFAULT_PRICES } from "./prices.ts";
 *
 * // 5e-6 · ((1.25·0.1 + 0.05·0.9)·100000 + 5·1000) = 5e-6 · (17000 + 5000) = 0.11
 * const q = requestCost({ context: 100_000, cachedShare: 0.9, output: 1_000 }, DEFAULT_PRICES);
 * assert.ok(Math.abs(q - 0.11) < 1e-12);
 * ```
 */
export function requestCost(
  request: { context: number; cachedShare: number; output: number },
  prices: Prices,
): number {
  const { context: x, cachedShare: c, output: y } = request;
  const { alpha, rho, omega, inputUsdPerMillion } = prices;
  return (inputUsdPerMillion / 1e6) * ((omega * (1 - c) + alpha * c) * x + rho * y);
}
