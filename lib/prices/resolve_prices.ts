/**
 * The prices one model's analysis uses, each with where it came from: a value given by flag or
 * prices file (`option`), the price catalog (`catalog`), the published figure's values for its
 * model when the catalog lacks them (`seed`), the corpus (`corpus`, ω only), or the
 * documented defaults (`default`) (docs/method.md, Prices).
 *
 * From the catalog: p_m is the plain input price; α = cache read / p_m; ρ = output / p_m; the
 * write multipliers are the 5-minute and 1-hour cache-write prices over p_m; a tier's factors
 * are its price of each category over the base price of that category. ω blends the plain input
 * and the two write multipliers by what the corpus wrote (1 when it wrote no uncached token).
 *
 * @module
 */
import { DEFAULT_PRICES, type Prices, type PriceTier } from "../trigger/prices.ts";
import { categoryWeights, weightedTokens } from "../trigger/request_cost.ts";
import { modelInfo, PRICE_CATALOG, type TokenPrices } from "./catalog.ts";

/** Where a price came from. */
export type PriceSource = "option" | "catalog" | "seed" | "default" | "corpus";

/** The published figure's model: it keeps that figure's prices where the catalog lacks them. */
export const SEED_MODEL_ID = "claude-opus-5-5";

/** The published figure's prices of its model (α 0.05, ρ 5, p_m $5 per million). */
export const SEED_PRICES: Readonly<Omit<Prices, "omega">> = Object.freeze({
  alpha: 0.05,
  rho: 5,
  inputUsdPerMillion: 5,
  cacheWrite5m: 1.25,
  cacheWrite1h: 2,
  tiers: [],
});

/** A tier as given by hand: `uncached` may be left out (it is then derived). */
export type PriceTierInput = Omit<PriceTier, "uncached"> & { uncached?: number };

/** Values given by the user (flags, a prices file); each overrides the catalog's. */
export interface PriceOverrides {
  alpha?: number;
  rho?: number;
  inputUsdPerMillion?: number;
  omega?: number;
  cacheWrite5m?: number;
  cacheWrite1h?: number;
  /** The tiers, replacing the catalog's (an empty list: a flat price). */
  tiers?: readonly PriceTierInput[];
}

/** Uncached tokens the corpus wrote, by kind (Σu, Σw5, Σw1h), for ω and a tier's blend. */
export interface UncachedMix {
  input: number;
  cacheWrite5m: number;
  cacheWrite1h: number;
}

/**
 * The fields of {@linkcode Prices} that hold one number (α, ρ, p_m, ω, the cache-write
 * multipliers): the ones a prices file (prices_file.ts) and the analysis's single-value price
 * options may set, so both name the same fields.
 */
export const PRICE_NUMBER_FIELDS = Object.freeze(
  [
    "alpha",
    "rho",
    "inputUsdPerMillion",
    "omega",
    "cacheWrite5m",
    "cacheWrite1h",
  ] as const,
);

/** The fields of {@linkcode Prices} that carry a source: the numbers and the tiers. */
export const PRICE_FIELDS = Object.freeze([...PRICE_NUMBER_FIELDS, "tiers"] as const);

/** Result of {@linkcode resolvePrices}. */
export interface ResolvedPrices {
  /** The prices, every field set. */
  prices: Required<Prices>;
  /** Where each came from. */
  sources: Record<(typeof PRICE_FIELDS)[number], PriceSource>;
  /** The catalog's entry: its id, name and window (null when the catalog lacks the model). */
  catalogModel: { catalogId: string; displayName: string; contextWindow: number | null } | null;
  /** The catalog package and version the prices were read from. */
  catalog: { name: string; version: string };
  /** The lowest tier threshold, tokens, or null for a flat price (the figure draws it). */
  tierThresholdTokens: number | null;
}

/**
 * Resolves the prices of one model: the overrides, else the catalog, else (for the published
 * figure's model) that figure's values, else the defaults of {@linkcode DEFAULT_PRICES}; ω as
 * given, else from the corpus's mix, else 1.
 *
 * @param modelId The model id of the transcripts.
 * @param overrides Values given by flag or file. @default {{}}
 * @param mix Uncached tokens by kind, for ω and the blend of a tier's input-side factors;
 * without it ω is 1 unless given.
 * @returns The prices with their sources.
 * @throws {RangeError} When an override is out of range (see `checkPrices`).
 *
 * @example Claude Opus 5.5 from the catalog: α 0.05, ρ 5, p_m $4 per million
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolvePrices } from "./resolve_prices.ts";
 *
 * const r = resolvePrices("claude-opus-5-5", { rho: 6 }, {
 *   input: 0, cacheWrite5m: 300, cacheWrite1h: 100,
 * });
 * assert.equal(r.prices.alpha, 0.05);
 * assert.equal(r.sources.alpha, "catalog");
 * assert.equal(r.prices.rho, 6);
 * assert.equal(r.sources.rho, "option");
 * assert.equal(r.prices.inputUsdPerMillion, 4);
 * assert.equal(r.prices.omega, (1.25 * 300 + 2 * 100) / 400);
 * ```
 */
export function resolvePrices(
  modelId: string,
  overrides: PriceOverrides = {},
  mix?: UncachedMix,
): ResolvedPrices {
  const info = modelInfo(modelId);
  const seed = info === undefined && _isSeedModel(modelId);
  const fallback: PriceSource = seed ? "seed" : "default";
  const base = seed ? SEED_PRICES : DEFAULT_PRICES;
  const sources = {} as ResolvedPrices["sources"];
  const cat = info?.prices;
  // Ratios of decimal prices, to 12 significant digits (0.3 / 3 is 0.1, not 0.09999999999999999).
  const ratio = (price: number | undefined) =>
    cat !== undefined && price !== undefined ? _round(price / cat.input) : undefined;
  const pick = <K extends "alpha" | "rho" | "inputUsdPerMillion" | "cacheWrite5m" | "cacheWrite1h">(
    key: K,
    fromCatalog: number | undefined,
  ): number => {
    const given = overrides[key];
    if (given !== undefined) {
      sources[key] = "option";
      return given;
    }
    if (fromCatalog !== undefined) {
      sources[key] = "catalog";
      return fromCatalog;
    }
    sources[key] = fallback;
    return base[key]!;
  };
  const alpha = pick("alpha", ratio(cat?.cacheRead));
  const rho = pick("rho", ratio(cat?.output));
  const inputUsdPerMillion = pick("inputUsdPerMillion", cat?.input);
  const cacheWrite5m = pick("cacheWrite5m", ratio(cat?.cacheWrite5m));
  const cacheWrite1h = pick("cacheWrite1h", ratio(cat?.cacheWrite1h));

  const writes = { alpha, rho, inputUsdPerMillion, omega: 0, cacheWrite5m, cacheWrite1h };
  const uncached = mix === undefined ? 0 : mix.input + mix.cacheWrite5m + mix.cacheWrite1h;
  let omega: number;
  if (overrides.omega !== undefined) {
    omega = overrides.omega;
    sources.omega = "option";
  } else if (uncached > 0) {
    omega = _weightedUncached(mix!, writes, 1, 1, 1) / uncached;
    sources.omega = "corpus";
  } else {
    omega = 1;
    sources.omega = "default";
  }

  let given: readonly PriceTierInput[];
  if (overrides.tiers !== undefined) {
    given = overrides.tiers;
    sources.tiers = "option";
  } else if (info !== undefined) {
    given = info.tiers.map((t) => _catalogTier(info.prices, t.aboveInputTokens, t.prices));
    sources.tiers = "catalog";
  } else {
    given = [];
    sources.tiers = fallback;
  }
  const tiers: PriceTier[] = given.map((t) => ({
    aboveInputTokens: t.aboveInputTokens,
    input: t.input,
    cacheWrite5m: t.cacheWrite5m,
    cacheWrite1h: t.cacheWrite1h,
    cacheRead: t.cacheRead,
    output: t.output,
    uncached: t.uncached ?? _uncachedFactor(t, mix, writes),
  }));
  return {
    prices: { alpha, rho, inputUsdPerMillion, omega, cacheWrite5m, cacheWrite1h, tiers },
    sources,
    catalogModel: info === undefined ? null : {
      catalogId: info.catalogId,
      displayName: info.displayName,
      contextWindow: Number.isFinite(info.contextWindow) ? info.contextWindow : null,
    },
    catalog: { name: PRICE_CATALOG.name, version: PRICE_CATALOG.version },
    tierThresholdTokens: tiers.length > 0 ? tiers[0].aboveInputTokens : null,
  };
}

function _round(v: number): number {
  return Number(v.toPrecision(12));
}

function _isSeedModel(modelId: string): boolean {
  const id = modelId.trim().toLowerCase();
  return id === SEED_MODEL_ID || /^claude-opus-5-5-\d{8}$/.test(id);
}

/** Σ over the mix of each kind's weight times its factor (the one cost formula). */
function _weightedUncached(
  mix: UncachedMix,
  prices: Prices,
  fInput: number,
  f5m: number,
  f1h: number,
): number {
  const w = categoryWeights(prices);
  return weightedTokens({
    input: mix.input * fInput,
    cacheWrite5m: mix.cacheWrite5m * f5m,
    cacheWrite1h: mix.cacheWrite1h * f1h,
    uncached: 0,
    cacheRead: 0,
    output: 0,
  }, w);
}

/** A tier's factor on the replay's uncached tokens: its three input-side factors, blended. */
function _uncachedFactor(
  tier: PriceTierInput,
  mix: UncachedMix | undefined,
  prices: Prices,
): number {
  const flat = mix === undefined ? 0 : _weightedUncached(mix, prices, 1, 1, 1);
  if (!(flat > 0)) return tier.input;
  return _weightedUncached(mix!, prices, tier.input, tier.cacheWrite5m, tier.cacheWrite1h) / flat;
}

/** A catalog tier as factors over the base prices (a category without a base price: input's). */
function _catalogTier(base: TokenPrices, above: number, tier: TokenPrices): PriceTierInput {
  const input = _round(tier.input / base.input);
  const factor = (key: "cacheRead" | "cacheWrite5m" | "cacheWrite1h" | "output") => {
    const b = base[key], t = tier[key];
    return b !== undefined && t !== undefined && b > 0 ? _round(t / b) : input;
  };
  return {
    aboveInputTokens: above,
    input,
    cacheWrite5m: factor("cacheWrite5m"),
    cacheWrite1h: factor("cacheWrite1h"),
    cacheRead: factor("cacheRead"),
    output: factor("output"),
  };
}
