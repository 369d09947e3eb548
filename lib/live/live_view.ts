/**
 * What a live block shows for one position of its controls (docs/method.md, Live blocks in the
 * notebooks): the stored replay sums of the chosen variant re-priced with the analysis' own
 * `priceCurves` at the controls' v, α and ρ, the cheapest trigger, T*, and the figure as Plot
 * options (the charts' `triggerPlot`). Pure: the block's script in the browser, the PNG drawn in
 * Deno and the browser test all call this one function.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import { type TriggerPlot, triggerPlot, type TriggerPlotLabels } from "../charts/trigger_plot.ts";
import {
  HEADLINE_TOLERANCE,
  type NearOptimalRange,
  nearOptimalRanges,
} from "../trigger/near_optimal.ts";
import { argminTrigger } from "../trigger/argmin_trigger.ts";
import { priceCurves, type PricingInputs, type TriggerCurves } from "../trigger/price_curves.ts";
import type { ReplaySums } from "../trigger/replay.ts";
import { type SteadyStateInputs, steadyStateTrigger } from "../trigger/steady_state.ts";

/** The controls' position. */
export interface LiveControls {
  /** Summary tokens written per second. */
  v: number;
  /** α = p_c / p_m. */
  alpha: number;
  /** ρ = p_o / p_m. */
  rho: number;
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

/** Colours and opacity of the two zones the live figure adds behind the curves. */
export const LIVE_ZONE_COLORS = {
  nearOptimal: "#2ca02c",
  extrapolated: "#888888",
  opacity: 0.12,
} as const;

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
  /** The figure as Plot options with its legend. */
  plot: TriggerPlot;
}

/** Runs of consecutive flagged triggers. */
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

/** A zone from one grid trigger to another, widened by half a step inside the grid. */
function _zone(triggers: ArrayLike<number>, from: number, to: number) {
  const n = triggers.length;
  const half = n > 1 ? (triggers[1] - triggers[0]) / 2 : 0;
  return { x1: Math.max(triggers[0], from - half), x2: Math.min(triggers[n - 1], to + half) };
}

/**
 * The view at one position of the controls.
 *
 * @param sums Replay sums of the chosen variant (block size).
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
  sums: ReplaySums,
  context: LiveContext,
  controls: LiveControls,
): LiveView {
  const base = context.inputs;
  const inputs: PricingInputs = {
    ...base,
    v: controls.v,
    prices: { ...base.prices, alpha: controls.alpha, rho: controls.rho },
  };
  const curves = priceCurves(sums, inputs);
  const best = argminTrigger(curves.triggers, curves.costPerMillion.mean);
  const t = context.steadyState === null
    ? NaN
    : steadyStateTrigger(context.steadyState, inputs.prices);
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
  const figure = triggerPlot({
    triggers: curves.triggers,
    costPerMillion: curves.costPerMillion,
    timeShare: curves.timeShare,
    observedTrigger: context.observedTrigger,
    optimumTrigger: best?.trigger ?? null,
    steadyStateTrigger: tStar,
    tierThreshold: context.tierThreshold,
    labels: context.labels,
  });
  // The zones go behind everything triggerPlot draws; their rects span the frame's height.
  const zones: Plot.Markish[] = [];
  const legend = [...figure.legend];
  if (extrapolatedZones.length > 0) {
    zones.push(
      Plot.rect(extrapolatedZones.map((z) => _zone(curves.triggers, z.fromTokens, z.toTokens)), {
        x1: "x1",
        x2: "x2",
        fill: LIVE_ZONE_COLORS.extrapolated,
        fillOpacity: LIVE_ZONE_COLORS.opacity,
        className: "extrapolated-zone",
      }),
    );
    legend.push({
      label: "Extrapolated: few sessions reach it, or far from the measured compactions",
      color: LIVE_ZONE_COLORS.extrapolated,
      swatch: "band",
    });
  }
  if (nearOptimal !== null) {
    zones.push(Plot.rect([_zone(curves.triggers, nearOptimal.fromTokens, nearOptimal.toTokens)], {
      x1: "x1",
      x2: "x2",
      fill: LIVE_ZONE_COLORS.nearOptimal,
      fillOpacity: LIVE_ZONE_COLORS.opacity,
      className: "near-optimal",
    }));
    legend.push({
      label: "Within 2% of the lowest mean cost",
      color: LIVE_ZONE_COLORS.nearOptimal,
      swatch: "band",
    });
  }
  const marks = figure.options.marks ?? [];
  const plot: TriggerPlot = { options: { ...figure.options, marks: [...zones, ...marks] }, legend };
  return { inputs, curves, best, tStar, nearOptimal, extrapolatedZones, plot };
}
