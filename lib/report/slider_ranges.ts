/**
 * Ranges of the v, α and ρ sliders around the analysis values, shared by the report page and the
 * notebooks' live blocks (lib/live/).
 *
 * @module
 */
import type { PricingInputs } from "../trigger/price_curves.ts";

/** A range input's bounds and step. */
export interface SliderRange {
  min: number;
  max: number;
  step: number;
}

function _floorNice(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  return Math.floor(x / p) * p;
}

function _ceilNice(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  return Math.ceil(x / p - 1e-9) * p;
}

function _round(x: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return +x.toFixed(decimals);
}

/**
 * Slider ranges around the analysis values (always containing them): v from a fifth to four
 * times its value, α from 0.005 (or less) to 0.3 (or twice α), ρ from 1 (or less) to 15 (or
 * twice ρ).
 *
 * @param inputs The analysis' pricing inputs.
 * @returns One range per slider.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sliderRanges } from "./slider_ranges.ts";
 *
 * const prices = { alpha: 0.1, rho: 5, omega: 1, inputUsdPerMillion: 5 };
 * const r = sliderRanges({ prices, beta: 1, a: 1e-4, v: 60, billedTokens: 1 });
 * assert.deepEqual(r.v, { min: 10, max: 300, step: 0.5 });
 * assert.deepEqual(r.rho, { min: 1, max: 15, step: 0.1 });
 * ```
 */
export function sliderRanges(
  inputs: PricingInputs,
): { v: SliderRange; alpha: SliderRange; rho: SliderRange } {
  const v = inputs.v, alpha = inputs.prices.alpha, rho = inputs.prices.rho;
  const vStep = v >= 20 ? 0.5 : v >= 2 ? 0.1 : _floorNice(v / 20);
  return {
    v: { min: _round(_floorNice(v / 5), vStep), max: _round(_ceilNice(v * 4), vStep), step: vStep },
    alpha: {
      min: _round(Math.min(0.005, alpha), 0.001),
      max: _round(Math.max(0.3, _ceilNice(alpha * 2)), 0.001),
      step: 0.001,
    },
    rho: {
      min: _round(Math.min(1, rho), 0.1),
      max: _round(Math.max(15, _ceilNice(rho * 2)), 0.1),
      step: 0.1,
    },
  };
}
