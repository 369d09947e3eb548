/**
 * Prices per model from a maintained catalog: display names, context windows, per-token prices
 * and tiers, and the resolution of α, ρ, p_m, ω and the write multipliers with their sources
 * (docs/method.md, Prices).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { modelInfo, resolvePrices } from "./mod.ts";
 *
 * assert.equal(modelInfo("claude-opus-5-5")?.displayName, "Claude Opus 5.5");
 * assert.equal(resolvePrices("claude-opus-5-5").prices.rho, 5);
 * ```
 *
 * @module
 */
export * from "./catalog.ts";
export * from "./resolve_prices.ts";
export * from "./prices_file.ts";
