/**
 * Number formatting for the report page, identical on the server and in the browser: no
 * `toLocaleString` (its output depends on the locale of the machine), so the same numbers give
 * the same text everywhere.
 *
 * @module
 */

/** How {@linkcode formatNumber} writes a number. */
export type NumberStyle =
  /** Thousands separated by commas, rounded to `digits` decimals: `45,170`. */
  | "grouped"
  /** Tokens with a K or M suffix: `267.9K`, `1.2M`. */
  | "tokens"
  /** A fraction as a percentage with `digits` decimals: `0.034` → `3.4%`. */
  | "percent"
  /** US dollars with `digits` decimals: `$1.23`. */
  | "usd"
  /** `digits` significant digits, no exponent for ordinary magnitudes: `0.0512`, `63.3`. */
  | "significant";

/** Options of {@linkcode formatNumber}. */
export interface FormatNumberOptions {
  /** The style. @default {"grouped"} */
  style?: NumberStyle;
  /**
   * Decimals ("grouped", "percent", "usd") or significant digits ("significant").
   * @default {0 for "grouped", 1 for "percent", 2 for "usd", 3 for "significant"}
   */
  digits?: number;
}

/** What {@linkcode formatNumber} writes for null, NaN and infinities. */
export const MISSING_NUMBER = "–";

function _grouped(value: number, digits: number): string {
  const fixed = Math.abs(value).toFixed(digits);
  const [whole, fraction] = fixed.split(".");
  let out = "";
  for (let i = 0; i < whole.length; i++) {
    if (i > 0 && (whole.length - i) % 3 === 0) out += ",";
    out += whole[i];
  }
  const sign = value < 0 && Number(fixed) !== 0 ? "-" : "";
  return sign + out + (fraction === undefined ? "" : "." + fraction);
}

function _tokens(value: number): string {
  const abs = Math.abs(value);
  // Totals of hundreds of millions: one decimal, grouped ("1,926.9M", not "1926.86M").
  if (abs >= 99_995_000) return `${_grouped(value / 1e6, 1)}M`;
  if (abs >= 1e6) return `${+(value / 1e6).toFixed(2)}M`;
  if (abs >= 1e3) return `${+(value / 1e3).toFixed(1)}K`;
  return String(Math.round(value));
}

function _significant(value: number, digits: number): string {
  if (value === 0) return "0";
  const rounded = +value.toPrecision(digits);
  const abs = Math.abs(rounded);
  if (abs >= 1e21 || abs < 1e-6) return rounded.toPrecision(digits);
  if (abs >= 1) return String(rounded);
  const decimals = digits - 1 - Math.floor(Math.log10(abs));
  return String(+rounded.toFixed(Math.min(decimals, 20)));
}

/**
 * Formats a number for the report, the same way in every locale and runtime.
 *
 * @param value The number; null, NaN and ±Infinity give {@linkcode MISSING_NUMBER}.
 * @param options Style and digits.
 * @returns The text.
 *
 * @example Each style
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatNumber } from "./format_number.ts";
 *
 * assert.equal(formatNumber(45170), "45,170");
 * assert.equal(formatNumber(6736.04e6, { style: "grouped" }), "6,736,040,000");
 * assert.equal(formatNumber(267900, { style: "tokens" }), "267.9K");
 * assert.equal(formatNumber(1_200_000, { style: "tokens" }), "1.2M");
 * assert.equal(formatNumber(1_926_863_499, { style: "tokens" }), "1,926.9M");
 * assert.equal(formatNumber(0.0342, { style: "percent" }), "3.4%");
 * assert.equal(formatNumber(1.2345, { style: "usd" }), "$1.23");
 * assert.equal(formatNumber(0.000123456, { style: "significant" }), "0.000123");
 * assert.equal(formatNumber(null), "–");
 * ```
 */
export function formatNumber(value: number | null, options: FormatNumberOptions = {}): string {
  if (value === null || !Number.isFinite(value)) return MISSING_NUMBER;
  const { style = "grouped" } = options;
  switch (style) {
    case "grouped":
      return _grouped(value, options.digits ?? 0);
    case "tokens":
      return _tokens(value);
    case "percent":
      return _grouped(value * 100, options.digits ?? 1) + "%";
    case "usd":
      return (value < 0 ? "-$" : "$") + _grouped(Math.abs(value), options.digits ?? 2);
    case "significant":
      return _significant(value, options.digits ?? 3);
  }
}
