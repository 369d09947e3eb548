/**
 * The compaction-trigger analysis (docs/method.md, from Compaction time model to
 * Steady-state optimum): cost model, compaction time and
 * summary models, block-bootstrap workloads, replay at every trigger, re-pricing into curves
 * with percentile bands, the observed-bill checks and the steady-state T*.
 *
 * @example Replay once, re-price twice
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_PRICES, drawWorkloads, priceCurves, replayWorkloads } from "./mod.ts";
 *
 * const steps = {
 *   length: 4, sessions: 1, start: Uint32Array.of(0), count: Uint32Array.of(4),
 *   growth: Float64Array.of(50000, 30000, 30000, 30000),
 *   cachedShare: Float64Array.of(0, 0.9, 0.9, 0.9), output: Float64Array.of(100, 100, 100, 100),
 *   gapSeconds: Float64Array.of(0, 10, 10, 10), compacted: new Uint8Array(4),
 * };
 * const { plans } = drawWorkloads(steps, { workloads: 2, blockSize: 1 });
 * const sums = replayWorkloads(steps, plans, {
 *   triggers: [100000], model: { g0: 5000, g1: 0, postPrefix: 10000, cPost: 0.5 },
 * });
 * const inputs = { prices: DEFAULT_PRICES, beta: 0.9, a: 1e-4, v: 80, billedTokens: 440400 };
 * const base = priceCurves(sums, inputs).observed.costPerMillion[0];
 * const cheap = priceCurves(sums, { ...inputs, prices: { ...DEFAULT_PRICES, alpha: 0.01 } });
 * assert.ok(cheap.observed.costPerMillion[0] < base);
 * ```
 *
 * @module
 */
export * from "./prices.ts";
export * from "./request_cost.ts";
export * from "./time_model.ts";
export * from "./summary_model.ts";
export * from "./steps.ts";
export * from "./workloads.ts";
export * from "./trigger_grid.ts";
export * from "./replay.ts";
export * from "./replay_parallel.ts";
export * from "./price_curves.ts";
export * from "./observed_bill.ts";
export * from "./steady_state.ts";
export * from "./rework_input.ts";
export * from "./argmin_trigger.ts";
export * from "./analyze.ts";
export * from "./auto_compact_setting.ts";
export * from "./budget_trigger.ts";
export * from "./fit_points.ts";
export * from "./context_trace.ts";
export * from "./block_view.ts";
export * from "./growth_check.ts";
export * from "./workload_comparison.ts";
export * from "./sensitivity.ts";
export * from "./analyze_models.ts";
export * from "./compaction_timeline.ts";
export * from "./constrained_time_fit.ts";
export * from "./near_optimal.ts";
export * from "./support.ts";
export * from "./session_bootstrap.ts";
export * from "./confidence.ts";
export * from "./prefer_trigger.ts";
export * from "./range_answer.ts";
export * from "./setting_comparison.ts";
export * from "./setting_table.ts";
