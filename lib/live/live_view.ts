/**
 * What a live block shows for one position of its controls (docs/method.md, Live blocks in the
 * notebooks): the stored replay sums of the chosen variant re-priced with the analysis' own
 * `priceCurves` at the controls' v, α and ρ, the cheapest trigger, T*, and the figure as Plot
 * options (the charts' `triggerPlot`). Pure: the block's script in the browser, the PNG drawn in
 * Deno and the browser test all call this one function.
 *
 * @module
 */
import { type TriggerPlot, triggerPlot, type TriggerPlotLabels } from "../charts/trigger_plot.ts";
import {
  HEADLINE_TOLERANCE,
  type NearOptimalRange,
  nearOptimalRanges,
} from "../trigger/near_optimal.ts";
import { argminTrigger } from "../trigger/argmin_trigger.ts";
import { priceCurves, type PricingInputs, type TriggerCurves } from "../trigger/price_curves.ts";
import type { ReplaySums } from "../trigger/replay.ts";
import type { LiveReplay } from "./live_data.ts";
import { type SteadyStateInputs, steadyStateTrigger } from "../trigger/steady_state.ts";

/** The controls' position. */
export interface LiveControls {
  /** Summary tokens written per second. */
  v: number;
  /** α = p_c / p_m. */
  alpha: number;
  /** ρ = p_o / p_m. */
  rho: number;
  /**
   * Rework scale: 0 the replay without rework, 1 with the rework measured (or given); between
   * and beyond, the two replays' sums mixed linearly. Ignored without a rework replay.
   * @default {1}
   */
  rework?: number;
}

/** What stays fixed while the controls move. */
export interface LiveContext {
  /** The analysis' prices, β, a, v and D (v, α and ρ are replaced by the controls'). */
  inputs: PricingInputs;
  /** Inputs of the steady-state T* (null: T* is not drawn). */
  steadyState: SteadyStateInputs | null;
  /** Trigger level seen in the transcripts, tokens (null: none). */
  observedTrigger: number | null;
  /** Lowest price-tier threshold, tokens (null: a flat price). */
  tierThreshold: number | null;
  /** Texts of the figure. @default {the charts' English labels} */
  labels?: Partial<TriggerPlotLabels>;
  /**
   * Per trigger: whether it lies in the extrapolated zone (few sessions reach it, or it is far
   * outside the measured compaction inputs; the analysis' `replay[].support.extrapolated`).
   * Absent or null: no zone drawn.
   */
  extrapolated?: boolean[] | null;
}

/** One view of a live block. */
export interface LiveView {
  /** The pricing inputs at the controls. */
  inputs: PricingInputs;
  /** The re-priced curves. */
  curves: TriggerCurves;
  /** Trigger of the lowest mean cost and its index (null: no finite cost). */
  best: { index: number; trigger: number } | null;
  /** Steady-state T*, tokens (null: unknown or not finite). */
  tStar: number | null;
  /** Triggers within 2% of the cheapest mean cost (null: no finite cost). */
  nearOptimal: NearOptimalRange | null;
  /** Runs of extrapolated triggers, tokens (empty: none, or not known). */
  extrapolatedZones: { fromTokens: number; toTokens: number }[];
  /** The figure as Plot options with its legend (the 2% range and the zone included). */
  plot: TriggerPlot;
}

const _CELLS = [
  "contextTokens",
  "cachedTokens",
  "compactions",
  "compactionInputTokens",
  "summaryTokens",
] as const;
const _TIER_CELLS = [
  "contextTokens",
  "cachedTokens",
  "outputTokens",
  "compactionInputTokens",
  "summaryTokens",
] as const;

/**
 * The sums at a rework scale s: every per-cell sum x0 + s·(x1 − x0) between the replay without
 * rework (x0) and the one with it (x1), the extra requests s times theirs, the per-workload sums
 * and the rework's per-request figures as they are. Exact at s = 0 and s = 1 (the two stored
 * replays); elsewhere a linear mix, since a replay at another rework would also move when the
 * compactions happen.
 *
 * @param without The replay without rework.
 * @param withRework The same replay with rework.
 * @param scale s, ≥ 0.
 * @returns Replay sums (with the rework member when s > 0).
 *
 * @example Halfway
 * ```ts
 * import assert from "node:assert/strict";
 * import { reworkMix } from "./live_view.ts";
 *
 * const cell = (x: number) => Float64Array.of(x);
 * const base = { workloads: 1, triggers: cell(1e4), contextTokens: cell(100), cachedTokens: cell(0),
 *   compactions: cell(2), compactionInputTokens: cell(10), summaryTokens: cell(4),
 *   outputTokens: cell(5), workSeconds: cell(9) };
 * const rework = { ...base, contextTokens: cell(140), compactions: cell(3) };
 * const half = reworkMix(base, rework, 0.5);
 * assert.deepEqual([half.contextTokens[0], half.compactions[0]], [120, 2.5]);
 * ```
 */
export function reworkMix(without: ReplaySums, withRework: ReplaySums, scale: number): ReplaySums {
  if (scale === 0) return without;
  if (scale === 1) return withRework;
  const mix = (a: Float64Array, b: Float64Array) => a.map((x, i) => x + scale * (b[i] - x));
  const out = { ...withRework } as ReplaySums;
  for (const key of _CELLS) out[key] = mix(without[key], withRework[key]);
  if (without.tiers !== undefined && withRework.tiers !== undefined) {
    const tiers = { ...withRework.tiers };
    for (const key of _TIER_CELLS) tiers[key] = mix(without.tiers[key], withRework.tiers[key]);
    out.tiers = tiers;
  }
  const rework = (withRework as unknown as { rework?: { extraRequests: Float64Array } }).rework;
  if (rework !== undefined) {
    (out as unknown as { rework: unknown }).rework = {
      ...rework,
      extraRequests: rework.extraRequests.map((x) => scale * x),
    };
  }
  return out;
}

/** Runs of consecutive flagged triggers, tokens. */
function _runs(triggers: ArrayLike<number>, flags: readonly boolean[]) {
  const runs: { fromTokens: number; toTokens: number }[] = [];
  for (let i = 0; i < triggers.length; i++) {
    if (!flags[i]) continue;
    let j = i;
    while (j + 1 < triggers.length && flags[j + 1]) j++;
    runs.push({ fromTokens: triggers[i], toTokens: triggers[j] });
    i = j;
  }
  return runs;
}

/**
 * T*'s inputs with their rework (when they carry one: ΔW's intercept and slope, ΔN) times the
 * rework scale, so that T* follows the rework control as the curves do.
 */
function _scaledSteadyState(inputs: SteadyStateInputs, scale: number): SteadyStateInputs {
  const rework = (inputs as { rework?: Record<string, number> }).rework;
  if (rework === undefined || scale === 1) return inputs;
  return {
    ...inputs,
    rework: {
      ...rework,
      tokensIntercept: (rework.tokensIntercept ?? 0) * scale,
      tokensPerInputToken: (rework.tokensPerInputToken ?? 0) * scale,
      requests: (rework.requests ?? 0) * scale,
    },
  } as SteadyStateInputs;
}

/**
 * The view at one position of the controls.
 *
 * @param replay Replay sums of the chosen variant (block size), or the variant's replay with
 * and without rework (`controls.rework` mixes them).
 * @param context Fixed inputs and markers.
 * @param controls v, α, ρ.
 * @returns Inputs, curves, cheapest trigger, T* and the figure.
 * @throws {RangeError} From `priceCurves` (D not positive, tiers the sums lack).
 *
 * @example Dearer output moves nothing here (no compaction), but the view follows the controls
 * ```ts
 * import assert from "node:assert/strict";
 * import { liveView } from "./live_view.ts";
 *
 * const sums = {
 *   workloads: 2, triggers: Float64Array.of(1e4, 2e4),
 *   contextTokens: Float64Array.of(9e5, 1e6, 9e5, 1e6), cachedTokens: Float64Array.of(0, 0, 0, 0),
 *   compactions: Float64Array.of(0, 0, 0, 0), compactionInputTokens: Float64Array.of(0, 0, 0, 0),
 *   summaryTokens: Float64Array.of(0, 0, 0, 0), outputTokens: Float64Array.of(0, 0),
 *   workSeconds: Float64Array.of(1, 1),
 * };
 * const prices = { alpha: 0.1, rho: 5, omega: 1, inputUsdPerMillion: 2 };
 * const inputs = { prices, beta: 0.9, a: 1e-4, v: 50, billedTokens: 1e6 };
 * const view = liveView(sums, { inputs, steadyState: null, observedTrigger: null,
 *   tierThreshold: null }, { v: 50, alpha: 0.1, rho: 10 });
 * assert.equal(view.inputs.prices.rho, 10);
 * assert.equal(view.best?.trigger, 1e4); // 9e5 tokens cost less than 1e6
 * assert.equal(view.curves.costPerMillion.mean[0], 1.8); // 2 · 9e5 / 1e6
 * ```
 */
export function liveView(
  replay: ReplaySums | LiveReplay,
  context: LiveContext,
  controls: LiveControls,
): LiveView {
  const scale = "sums" in replay && replay.rework !== null ? controls.rework ?? 1 : 1;
  const sums = "sums" in replay
    ? replay.rework === null ? replay.sums : reworkMix(replay.sums, replay.rework, scale)
    : replay;
  const base = context.inputs;
  const inputs: PricingInputs = {
    ...base,
    v: controls.v,
    prices: { ...base.prices, alpha: controls.alpha, rho: controls.rho },
  };
  const curves = priceCurves(sums, inputs);
  const without = "sums" in replay && replay.rework !== null && scale !== 0
    ? priceCurves(replay.sums, inputs)
    : null;
  const best = argminTrigger(curves.triggers, curves.costPerMillion.mean);
  const steady = context.steadyState === null
    ? null
    : _scaledSteadyState(context.steadyState, scale);
  const t = steady === null ? NaN : steadyStateTrigger(steady, inputs.prices);
  const tStar = Number.isFinite(t) ? t : null;
  const nearOptimal = nearOptimalRanges(
    curves.triggers,
    curves.costPerMillion.mean,
    [HEADLINE_TOLERANCE],
  )[0] ?? null;
  const flags = context.extrapolated;
  const extrapolatedZones = flags && flags.length === curves.triggers.length
    ? _runs(curves.triggers, flags)
    : [];
  const plot = triggerPlot({
    triggers: curves.triggers,
    costPerMillion: curves.costPerMillion,
    timeShare: curves.timeShare,
    observedTrigger: context.observedTrigger,
    optimumTrigger: best?.trigger ?? null,
    steadyStateTrigger: tStar,
    tierThreshold: context.tierThreshold,
    labels: context.labels,
    nearOptimalRange: nearOptimal,
    extrapolated: flags ?? null,
    // With rework in the curves, the published method's cost beside them (a thin dashed line).
    costWithoutRework: without?.costPerMillion.mean ?? null,
    optimumWithoutReworkTrigger: without === null
      ? null
      : argminTrigger(without.triggers, without.costPerMillion.mean)?.trigger ?? null,
  });
  return { inputs, curves, best, tStar, nearOptimal, extrapolatedZones, plot };
}
