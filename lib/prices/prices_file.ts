/**
 * The prices file of `--prices FILE`: a JSON object with the fields of the analysis JSON's
 * `prices` (so a user can copy them back and edit them), each optional, each overriding the
 * catalog's value, for every model; and `models`, the same fields per model id (the id of the
 * transcripts or the catalog's), which win over the top-level ones for that model:
 *
 * ```json
 * {
 *   "alpha": 0.05, "rho": 5, "inputUsdPerMillion": 4, "omega": 1.3,
 *   "cacheWrite5m": 1.25, "cacheWrite1h": 2,
 *   "tiers": [{ "aboveInputTokens": 200000, "input": 2, "cacheWrite5m": 2, "cacheWrite1h": 2,
 *     "cacheRead": 2, "output": 1.5 }],
 *   "models": { "claude-sonnet-4-5": { "inputUsdPerMillion": 2.5 } }
 * }
 * ```
 *
 * α, ρ, ω and the write multipliers are ratios to p_m; `inputUsdPerMillion` is p_m in USD per
 * million tokens; a tier's factors are its price of each category over the base price of that
 * category (`uncached`, optional, is derived from the corpus when left out); `"tiers": []`
 * makes the price flat. Unknown fields are errors, so a typo is not silently ignored.
 *
 * @module
 */
import { modelInfo } from "./catalog.ts";
import { PRICE_NUMBER_FIELDS, type PriceOverrides, type PriceTierInput } from "./resolve_prices.ts";

const _TIER_FIELDS = [
  "aboveInputTokens",
  "input",
  "cacheWrite5m",
  "cacheWrite1h",
  "cacheRead",
  "output",
  "uncached",
] as const;

/**
 * Reads the overrides of one model from a prices file's text.
 *
 * @param text The file's text (JSON).
 * @param modelId The model the analysis is for.
 * @returns The overrides: the top-level fields, then the model's own entry over them.
 * @throws {RangeError} Naming the field, when the text is not JSON of that shape or a value
 * is not a finite number ≥ 0 (p_m and thresholds > 0).
 *
 * @example A flat override for all models, and one model's own p_m
 * ```ts
 * import assert from "node:assert/strict";
 * import { pricesFromFile } from "./prices_file.ts";
 *
 * const text = '{"rho": 6, "models": {"claude-opus-5-5": {"inputUsdPerMillion": 3}}}';
 * assert.deepEqual(pricesFromFile(text, "claude-opus-5-5"), { rho: 6, inputUsdPerMillion: 3 });
 * assert.deepEqual(pricesFromFile(text, "other"), { rho: 6 });
 * assert.throws(() => pricesFromFile('{"alpah": 1}', "m"), /unknown field "alpah"/);
 * ```
 */
export function pricesFromFile(text: string, modelId: string): PriceOverrides {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new RangeError(`Invalid prices file: not JSON (${(error as Error).message})`);
  }
  const top = _overrides(data, "the file", true);
  const models = (data as { models?: unknown }).models;
  if (models === undefined) return top;
  if (!_isObject(models)) throw new RangeError(`Invalid prices file: "models" must be an object`);
  const catalogId = modelInfo(modelId)?.catalogId;
  const key = Object.hasOwn(models, modelId)
    ? modelId
    : catalogId !== undefined && Object.hasOwn(models, catalogId)
    ? catalogId
    : undefined;
  if (key === undefined) return top;
  return { ...top, ..._overrides(models[key], `models["${key}"]`, false) };
}

function _isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function _overrides(data: unknown, where: string, top: boolean): PriceOverrides {
  if (!_isObject(data)) throw new RangeError(`Invalid prices file: ${where} must be an object`);
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(data)) {
    if (field === "models" && top) continue;
    if (field === "tiers") {
      if (!Array.isArray(value)) {
        throw new RangeError(`Invalid prices file: ${where}: "tiers" must be a list`);
      }
      out.tiers = value.map((t, i) => _tier(t, `${where}: tiers[${i}]`));
      continue;
    }
    if (!(PRICE_NUMBER_FIELDS as readonly string[]).includes(field)) {
      throw new RangeError(
        `Invalid prices file: ${where} has an unknown field "${field}" (known: ` +
          `${[...PRICE_NUMBER_FIELDS, "tiers", ...(top ? ["models"] : [])].join(", ")})`,
      );
    }
    out[field] = _number(value, `${where}: "${field}"`, field === "inputUsdPerMillion");
  }
  return out as PriceOverrides;
}

function _tier(data: unknown, where: string): PriceTierInput {
  if (!_isObject(data)) throw new RangeError(`Invalid prices file: ${where} must be an object`);
  const out: Record<string, number> = {};
  for (const [field, value] of Object.entries(data)) {
    if (!(_TIER_FIELDS as readonly string[]).includes(field)) {
      throw new RangeError(
        `Invalid prices file: ${where} has an unknown field "${field}" (known: ` +
          `${_TIER_FIELDS.join(", ")})`,
      );
    }
    out[field] = _number(value, `${where}: "${field}"`, field === "aboveInputTokens");
  }
  for (const field of _TIER_FIELDS) {
    if (field !== "uncached" && out[field] === undefined) {
      throw new RangeError(`Invalid prices file: ${where} lacks "${field}"`);
    }
  }
  return out as unknown as PriceTierInput;
}

function _number(value: unknown, where: string, positive: boolean): number {
  if (
    typeof value !== "number" || !Number.isFinite(value) || value < 0 || (positive && value === 0)
  ) {
    throw new RangeError(
      `Invalid prices file: ${where} must be a finite number ${positive ? "> 0" : ">= 0"}, got ` +
        `${JSON.stringify(value)}`,
    );
  }
  return value;
}
