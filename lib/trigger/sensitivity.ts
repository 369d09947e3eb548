/**
 * Sensitivity of the trigger curves (docs/method.md, Replay): α, ρ and v change only the pricing,
 * so the stored replay sums are re-priced for each value without replaying; the block size changes
 * the workloads, so each value is resampled and replayed again.
 *
 * @module
 */
import type { BlockMethod } from "../stats/block_resample.ts";
import { checkPrices } from "./prices.ts";
import { priceCurves, type PricingInputs } from "./price_curves.ts";
import { type ReplayCompactionModel, type ReplaySums, replayWorkloads } from "./replay.ts";
import type { StepColumns } from "./steps.ts";
import { DEFAULT_WORKLOAD_OPTIONS, drawWorkloads } from "./workloads.ts";

/** What a sweep varies: a price ratio, the summary writing speed, or the block size. */
export type SensitivityParameter = "alpha" | "rho" | "v" | "blockSize";

/** The parameters {@linkcode repriceSweep} can vary without replaying. */
export type RepriceParameter = "alpha" | "rho" | "v";

/** One value of the swept parameter and its curve. */
export interface SensitivityCurve {
  /** The parameter's value. */
  value: number;
  /** Mean over workloads 1 … K per trigger: cost per 1M tokens (USD), or time share (0…1). */
  mean: Float64Array;
  /**
   * Trigger of the lowest mean cost, tokens (first one on ties; NaN when no cost is finite).
   * For a time-share sweep this is still the lowest-cost trigger, where the share is read.
   */
  markerTrigger: number;
  /** `mean` at `markerTrigger` (NaN when that is NaN). */
  markerValue: number;
}

/** A sweep: one curve per value, all on the same triggers. */
export interface SensitivitySweep {
  /** What was varied. */
  parameter: SensitivityParameter;
  /** What the curves hold: cost per 1M tokens, or (for v) the share of time compacting. */
  measure: "costPerMillion" | "timeShare";
  /** Triggers, tokens. */
  triggers: Float64Array;
  /** One curve per value, in the order given. */
  curves: SensitivityCurve[];
}

function _argmin(triggers: Float64Array, values: Float64Array): number {
  let best = Infinity;
  let at = NaN;
  for (let t = 0; t < values.length; t++) {
    if (values[t] < best) {
      best = values[t];
      at = triggers[t];
    }
  }
  return at;
}

function _valueAt(triggers: Float64Array, values: Float64Array, trigger: number): number {
  const t = triggers.indexOf(trigger);
  return t >= 0 ? values[t] : NaN;
}

/**
 * Re-prices stored replay sums once per value of α, ρ or v (everything else as in `inputs`).
 * For α and ρ the curves are the mean cost per 1M tokens, marked at their lowest point; v
 * leaves the cost unchanged, so its curves are the mean time share, marked at the lowest-cost
 * trigger. Nothing is replayed: O(values × workloads × triggers × log workloads).
 *
 * @param sums Replay sums (workload 0 observed, 1 … K resampled; at least one resampled).
 * @param inputs The pricing inputs the sweep starts from.
 * @param parameter `alpha`, `rho` or `v`.
 * @param values The values to try (α, ρ ≥ 0; v > 0).
 * @returns The sweep.
 * @throws {RangeError} On an unknown parameter or a value out of range.
 *
 * @example Cheaper cached input moves the lowest cost to a higher trigger
 * ```ts
 * import assert from "node:assert/strict";
 * import { drawWorkloads, replayWorkloads, repriceSweep } from "./mod.ts";
 *
 * const n = 200;
 * const steps = {
 *   length: n, sessions: 1, start: Uint32Array.of(0), count: Uint32Array.of(n),
 *   growth: Float64Array.from({ length: n }, (_, i) => (i === 0 ? 2000 : 500)),
 *   cachedShare: new Float64Array(n).fill(0.95), output: new Float64Array(n).fill(50),
 *   gapSeconds: new Float64Array(n).fill(20), compacted: new Uint8Array(n),
 * };
 * const { plans } = drawWorkloads(steps, { workloads: 4 });
 * const triggers = Array.from({ length: 10 }, (_, i) => 10000 + 5000 * i);
 * const sums = replayWorkloads(steps, plans, {
 *   triggers, model: { g0: 1500, g1: 0, postPrefix: 3000, cPost: 0.2 },
 * });
 * const inputs = { prices: { alpha: 0.1, rho: 5, omega: 1.25, inputUsdPerMillion: 5 },
 *   beta: 0.95, a: 1e-4, v: 20, billedTokens: 1e7 };
 * const sweep = repriceSweep(sums, inputs, "alpha", [0.2, 0.02]);
 * assert.ok(sweep.curves[1].markerTrigger > sweep.curves[0].markerTrigger);
 * ```
 */
export function repriceSweep(
  sums: ReplaySums,
  inputs: PricingInputs,
  parameter: RepriceParameter,
  values: readonly number[],
): SensitivitySweep {
  if (parameter !== "alpha" && parameter !== "rho" && parameter !== "v") {
    throw new RangeError(
      `Cannot re-price: parameter must be "alpha", "rho" or "v", got "${parameter}"`,
    );
  }
  const base = priceCurves(sums, inputs);
  const costArgmin = _argmin(base.triggers, base.costPerMillion.mean);
  const curves = values.map((value) => {
    if (parameter === "v") {
      if (!(Number.isFinite(value) && value > 0)) {
        throw new RangeError(`Cannot re-price: v must be a positive number, got ${value}`);
      }
      const mean = priceCurves(sums, { ...inputs, v: value }).timeShare.mean;
      return {
        value,
        mean,
        markerTrigger: costArgmin,
        markerValue: _valueAt(base.triggers, mean, costArgmin),
      };
    }
    const prices = checkPrices({ ...inputs.prices, [parameter]: value });
    const mean = priceCurves(sums, { ...inputs, prices }).costPerMillion.mean;
    const at = _argmin(base.triggers, mean);
    return { value, mean, markerTrigger: at, markerValue: _valueAt(base.triggers, mean, at) };
  });
  return {
    parameter,
    measure: parameter === "v" ? "timeShare" : "costPerMillion",
    triggers: base.triggers,
    curves,
  };
}

/** What {@linkcode blockSizeSweep} resamples and replays with. */
export interface BlockSizeSweepOptions {
  /** Triggers, tokens. */
  triggers: ArrayLike<number>;
  /** The compaction model (G(C), P, c_post). */
  model: ReplayCompactionModel;
  /** Prices, β, a, v and D. */
  inputs: PricingInputs;
  /** Resampled workloads K per block size. @default {100} */
  workloads?: number;
  /** Resampling method. @default {"permute"} */
  method?: BlockMethod;
  /** Seed (the same for every block size). @default {1} */
  seed?: number;
}

/**
 * Resamples and replays once per block size and prices each: mean cost per 1M tokens per
 * trigger, marked at its lowest point. O(block sizes × workloads × steps).
 *
 * @param steps Step columns.
 * @param blockSizes The block sizes to try, steps (positive integers).
 * @param options Triggers, compaction model, pricing inputs, workloads, method, seed.
 * @returns The sweep (`parameter: "blockSize"`).
 * @throws {RangeError} On a bad block size, workload count, method or seed.
 *
 * @example Block size 1 and a block as long as the session (which cannot reorder anything)
 * ```ts
 * import assert from "node:assert/strict";
 * import { blockSizeSweep, drawWorkloads, priceCurves, replayWorkloads } from "./mod.ts";
 *
 * const n = 60;
 * const steps = {
 *   length: n, sessions: 1, start: Uint32Array.of(0), count: Uint32Array.of(n),
 *   growth: Float64Array.from({ length: n }, (_, i) => (i === 0 ? 1000 : (i * 37) % 900)),
 *   cachedShare: new Float64Array(n).fill(0.9), output: new Float64Array(n).fill(20),
 *   gapSeconds: new Float64Array(n).fill(30), compacted: new Uint8Array(n),
 * };
 * const model = { g0: 500, g1: 0, postPrefix: 1000, cPost: 0.3 };
 * const inputs = { prices: { alpha: 0.1, rho: 5, omega: 1.25, inputUsdPerMillion: 5 },
 *   beta: 0.9, a: 1e-4, v: 20, billedTokens: 1e6 };
 * const sweep = blockSizeSweep(steps, [1, 59], { triggers: [5000, 8000], model, inputs, workloads: 3 });
 * // One block of 59 steps: every workload is the observed history.
 * const observed = replayWorkloads(steps, drawWorkloads(steps, { workloads: 1 }).plans.slice(0, 1),
 *   { triggers: [5000, 8000], model });
 * assert.equal(sweep.curves[1].mean[0], priceCurves(observed, inputs).observed.costPerMillion[0]);
 * ```
 */
export function blockSizeSweep(
  steps: StepColumns,
  blockSizes: readonly number[],
  options: BlockSizeSweepOptions,
): SensitivitySweep {
  const {
    triggers,
    model,
    inputs,
    workloads = DEFAULT_WORKLOAD_OPTIONS.workloads,
    method = DEFAULT_WORKLOAD_OPTIONS.method,
    seed = DEFAULT_WORKLOAD_OPTIONS.seed,
  } = options;
  const grid = Float64Array.from(triggers);
  const curves = blockSizes.map((blockSize) => {
    const { plans } = drawWorkloads(steps, { workloads, method, blockSize, seed });
    const sums = replayWorkloads(steps, plans, {
      triggers: grid,
      model,
      tierThresholds: (inputs.prices.tiers ?? []).map((t) => t.aboveInputTokens),
    });
    const mean = priceCurves(sums, inputs).costPerMillion.mean;
    const at = _argmin(grid, mean);
    return { value: blockSize, mean, markerTrigger: at, markerValue: _valueAt(grid, mean, at) };
  });
  return { parameter: "blockSize", measure: "costPerMillion", triggers: grid, curves };
}
