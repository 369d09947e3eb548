/**
 * The price catalog: what a model costs per token and how large its context window is, from the
 * maintained offline catalog `@pydantic/genai-prices` (a pinned dependency, see deno.json), so
 * prices are not typed by hand (docs/method.md, Prices).
 *
 * Choices, written down:
 * - A model id is matched the way the catalog matches it (its provider and model match rules,
 *   with its own fallbacks such as a date suffix written `-YYYYMMDD`), through its `calcPrice`.
 * - Where the catalog keeps several price periods for a model (e.g. a long-context surcharge
 *   that ended on a date), the newest period is used: the price in force now, which is what a
 *   setting chosen today will be billed at. Periods bound to a time of day are not used. The
 *   choice reads no clock, so the same catalog gives the same prices on every machine and day.
 * - A tier is a threshold on a request's whole input x (uncached + cache writes + cache reads):
 *   a request whose x exceeds it is billed at the tier's price in every category, as the
 *   catalog's own `calcPrice` bills it.
 *
 * @module
 */
import { calcPrice, type ModelInfo as CatalogModel } from "@pydantic/genai-prices";

/** Name and pinned version of the catalog package (checked against deno.json in the tests). */
export const PRICE_CATALOG = Object.freeze({ name: "@pydantic/genai-prices", version: "0.1.8" });

/** Per-token prices of one tier, USD per million tokens; a price the catalog lacks is absent. */
export interface TokenPrices {
  /** Uncached (plain) input. */
  input: number;
  /** Output. */
  output: number;
  /** Cache read (a cache hit). */
  cacheRead?: number;
  /** 5-minute cache write. */
  cacheWrite5m?: number;
  /** 1-hour cache write. */
  cacheWrite1h?: number;
}

/** A higher price tier: a request whose input exceeds `aboveInputTokens` pays `prices`. */
export interface PriceTier {
  /** The threshold on the request's whole input x, tokens (x > threshold pays this tier). */
  aboveInputTokens: number;
  /** The tier's prices, USD per million tokens. */
  prices: TokenPrices;
}

/** What the catalog says of one model. */
export interface ModelInfo {
  /** The catalog's own id of the model (e.g. "claude-opus-5-5"). */
  catalogId: string;
  /** The model's name for people (e.g. "Claude Opus 5.5"); the catalog id when it has none. */
  displayName: string;
  /** Context window, tokens; NaN when the catalog does not give one. */
  contextWindow: number;
  /** Prices of the base tier (a request at or below every threshold). */
  prices: TokenPrices;
  /** Higher tiers by ascending threshold; empty for a flat price. */
  tiers: PriceTier[];
}

type _Price = number | { base: number; tiers: { start: number; price: number }[] } | undefined;
type _PriceTable = Record<string, _Price>;

const _KEYS = {
  input: "input_mtok",
  output: "output_mtok",
  cacheRead: "cache_read_mtok",
  cacheWrite5m: "cache_write_mtok",
  cacheWrite1h: "cache_write_1h_mtok",
} as const;

/**
 * Looks a model up in the catalog.
 *
 * @param modelId The model id as the transcripts write it (e.g. "claude-opus-4-5-20251101").
 * @returns The model's display name, context window and prices, or undefined when the catalog
 * does not know the model or gives it no input and output price.
 *
 * @example Claude Opus 5.5: a cache hit at 0.05 times the base input price, a 1M window
 * ```ts
 * import assert from "node:assert/strict";
 * import { modelInfo } from "./catalog.ts";
 *
 * const opus = modelInfo("claude-opus-5-5")!;
 * assert.equal(opus.displayName, "Claude Opus 5.5");
 * assert.equal(opus.contextWindow, 1_000_000);
 * assert.equal(opus.prices.cacheRead! / opus.prices.input, 0.05);
 * assert.equal(modelInfo("no-such-model"), undefined);
 * ```
 */
export function modelInfo(modelId: string): ModelInfo | undefined {
  const id = String(modelId).trim();
  if (id === "") return undefined;
  let found;
  try {
    found = calcPrice({ input_tokens: 0, output_tokens: 0 }, id, { timestamp: new Date(0) });
  } catch {
    return undefined;
  }
  if (!found) return undefined;
  const model = found.model;
  const table = _newestPeriod(model);
  if (table === undefined) return undefined;
  const base = _pricesAt(table, -Infinity);
  if (base === undefined) return undefined;
  const thresholds = new Set<number>();
  for (const key of Object.values(_KEYS)) {
    const value = table[key];
    if (typeof value === "object") { for (const t of value.tiers) thresholds.add(t.start); }
  }
  const tiers: PriceTier[] = [...thresholds].sort((a, b) => a - b).map((threshold) => ({
    aboveInputTokens: threshold,
    prices: _pricesAt(table, threshold)!,
  }));
  return {
    catalogId: model.id,
    displayName: model.name ?? model.id,
    contextWindow: typeof model.context_window === "number" ? model.context_window : NaN,
    prices: base,
    tiers,
  };
}

/** The price table of the newest period bound to no time of day. */
function _newestPeriod(model: CatalogModel): _PriceTable | undefined {
  if (!Array.isArray(model.prices)) return model.prices as _PriceTable;
  let best: _PriceTable | undefined;
  let bestStart = -Infinity;
  for (const period of model.prices) {
    const c = period.constraint;
    const start = c === undefined
      ? -Infinity
      : c.type === "start_date"
      ? Date.parse(c.start_date)
      : NaN;
    if (Number.isNaN(start)) continue;
    if (best === undefined || start >= bestStart) {
      best = period.prices as _PriceTable;
      bestStart = start;
    }
  }
  return best;
}

/** Prices of a request whose input lies just above `threshold` (−∞: the base tier). */
function _pricesAt(table: _PriceTable, threshold: number): TokenPrices | undefined {
  const at = (key: string): number | undefined => {
    const value = table[key];
    if (value === undefined) return undefined;
    if (typeof value === "number") return value;
    let price = value.base;
    for (const t of value.tiers) if (threshold >= t.start) price = t.price;
    return price;
  };
  const input = at(_KEYS.input);
  const output = at(_KEYS.output);
  if (input === undefined || output === undefined || !(input > 0)) return undefined;
  const prices: TokenPrices = { input, output };
  for (const key of ["cacheRead", "cacheWrite5m", "cacheWrite1h"] as const) {
    const value = at(_KEYS[key]);
    if (value !== undefined) prices[key] = value;
  }
  return prices;
}
