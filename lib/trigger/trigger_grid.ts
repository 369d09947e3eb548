/**
 * The grid of triggers the replay runs at.
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
  model: { g0: number; g1: number; postPrefix: number },
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
