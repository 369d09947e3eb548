/**
 * The grid of triggers the replay runs at.
 *
 * The default grid covers the observed trigger (docs/method.md, Curves): it starts at 40K or
 * lower, at most half the observed trigger rounded down to whole steps but never below
 * {@linkcode MIN_DEFAULT_TRIGGER}, and ends at 1M or higher, at least twice the observed trigger
 * rounded up to whole steps. A bound given by option is kept as given.
 *
 * @module
 */
import { summaryTokensAt } from "./summary_model.ts";

/** Options of {@linkcode triggerGrid}. */
export interface TriggerGridOptions {
  /** First trigger, tokens. @default {40000} */
  from?: number;
  /** Last trigger (included when on the grid), tokens. @default {1000000} */
  to?: number;
  /** Grid spacing, tokens. @default {10000} */
  step?: number;
}

/** Defaults of {@linkcode TriggerGridOptions}: 40K to 1M tokens in steps of 10K. */
export const DEFAULT_TRIGGER_GRID: Required<TriggerGridOptions> = {
  from: 40_000,
  to: 1_000_000,
  step: 10_000,
};

/** The lowest first trigger the default grid takes when it widens for a small observed trigger. */
export const MIN_DEFAULT_TRIGGER = 10_000;

/**
 * The grid's bounds: the given ones, and for a bound not given the default widened to cover the
 * observed trigger (see the module notes).
 *
 * @param observedTrigger The observed trigger, tokens (null or NaN: nothing to cover).
 * @param options Bounds and spacing given by option (undefined or null: the default).
 * @returns from, to and step, tokens.
 *
 * @example The committed sample's 16.3K and the published corpus's 267.9K
 * ```ts
 * import assert from "node:assert/strict";
 * import { coveringTriggerGrid } from "./trigger_grid.ts";
 *
 * // half of 16300 is 8150 -> 0 in whole steps of 10000 -> raised to 10000; twice it is far below 1M
 * assert.deepEqual(coveringTriggerGrid(16300), { from: 10000, to: 1000000, step: 10000 });
 * // half of 267900 is 133950, above 40000: the default start stays
 * assert.deepEqual(coveringTriggerGrid(267900), { from: 40000, to: 1000000, step: 10000 });
 * // twice 620000 is 1240000 -> the grid ends there
 * assert.equal(coveringTriggerGrid(620000).to, 1240000);
 * ```
 */
export function coveringTriggerGrid(
  observedTrigger: number | null,
  options: { from?: number | null; to?: number | null; step?: number | null } = {},
): Required<TriggerGridOptions> {
  const step = options.step ?? DEFAULT_TRIGGER_GRID.step;
  let from = options.from ?? DEFAULT_TRIGGER_GRID.from;
  let to = options.to ?? DEFAULT_TRIGGER_GRID.to;
  const observed = observedTrigger ?? NaN;
  if (Number.isFinite(observed) && observed > 0 && step > 0) {
    if (options.from === undefined || options.from === null) {
      const half = Math.floor(observed / 2 / step + 1e-9) * step;
      from = Math.min(from, Math.max(MIN_DEFAULT_TRIGGER, half));
    }
    if (options.to === undefined || options.to === null) {
      to = Math.max(to, Math.ceil((2 * observed) / step - 1e-9) * step);
    }
  }
  return { from, to, step };
}

/**
 * Triggers `from, from + step, …, ≤ to`, leaving out points at or below R(T) = P + G(T) (a
 * compaction there would not shrink the context). Points are computed as `from + i·step`, so
 * there is no accumulated rounding.
 *
 * @param model P and the summary model G(C).
 * @param options Range and spacing, tokens.
 * @returns The triggers, ascending.
 * @throws {RangeError} When from, to or step is not finite, step ≤ 0 or to < from.
 *
 * @example R(T) = 30000 + 8000 leaves out 40K? No: 40000 > 38000
 * ```ts
 * import assert from "node:assert/strict";
 * import { triggerGrid } from "./trigger_grid.ts";
 *
 * const model = { g0: 8000, g1: 0, postPrefix: 30000 };
 * assert.deepEqual([...triggerGrid(model, { from: 30000, to: 60000 })], [40000, 50000, 60000]);
 * ```
 */
export function triggerGrid(
  model: { g0: number; g1: number; minSummaryTokens?: number; postPrefix: number },
  options: TriggerGridOptions = {},
): Float64Array {
  const { from, to, step } = { ...DEFAULT_TRIGGER_GRID, ...options };
  if (![from, to, step].every(Number.isFinite) || step <= 0 || to < from || from <= 0) {
    throw new RangeError(
      `Invalid trigger grid: need 0 < from ≤ to and step > 0, got from ${from}, to ${to}, ` +
        `step ${step}`,
    );
  }
  const out: number[] = [];
  const n = Math.floor((to - from) / step + 1e-9);
  for (let i = 0; i <= n; i++) {
    const t = from + i * step;
    if (t > model.postPrefix + summaryTokensAt(model, t)) out.push(t);
  }
  return Float64Array.from(out);
}
