/**
 * Dollars of token totals at a model's catalog prices: what the analysis of one model leaves out
 * (advisor passes, sessions of another model) said in money where the catalog knows the model
 * (docs/method.md, Advisor and Model filter).
 *
 * @module
 */

import { modelInfo } from "./catalog.ts";

/** Token totals by category, tokens (the reader's `TokenTotals` without its count). */
export interface CategoryTotals {
  input: number;
  cacheWrite5m: number;
  cacheWrite1h: number;
  cacheRead: number;
  output: number;
}

/**
 * The standard cache prices relative to the plain input price, for a catalog entry that lacks
 * one: cache read 0.1, 5-minute write 1.25, 1-hour write 2.
 */
const STANDARD = { cacheRead: 0.1, cacheWrite5m: 1.25, cacheWrite1h: 2 } as const;

/**
 * USD of `totals` at the catalog's base-tier prices of `modelId`, or null when the catalog does
 * not know the model. Totals are sums over many requests, so a higher tier (priced by each
 * request's own input) cannot be told: the base tier is a lower bound for a tiered model.
 *
 * @param totals Tokens by category.
 * @param modelId The model id as the transcripts write it.
 * @returns Dollars, or null.
 *
 * @example Claude Opus 5.5: the catalog's $4 per million in, $0.20 cache read, $20 out
 * ```ts
 * import assert from "node:assert/strict";
 * import { catalogDollars } from "./usage_dollars.ts";
 * const usd = catalogDollars(
 *   { input: 1_000_000, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 1_000_000, output: 100_000 },
 *   "claude-opus-5-5",
 * );
 * assert.ok(Math.abs(usd! - (4 + 0.2 + 2)) < 1e-12);
 * assert.equal(catalogDollars({ input: 1, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0, output: 0 }, "no-such-model"), null);
 * ```
 */
export function catalogDollars(totals: CategoryTotals, modelId: string): number | null {
  const info = modelInfo(modelId);
  if (info === undefined) return null;
  const p = info.prices;
  const per = (tokens: number, price: number) => tokens * price / 1e6;
  return per(totals.input, p.input) +
    per(totals.cacheWrite5m, p.cacheWrite5m ?? STANDARD.cacheWrite5m * p.input) +
    per(totals.cacheWrite1h, p.cacheWrite1h ?? STANDARD.cacheWrite1h * p.input) +
    per(totals.cacheRead, p.cacheRead ?? STANDARD.cacheRead * p.input) +
    per(totals.output, p.output);
}
