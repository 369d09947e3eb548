/**
 * The published figure of the trigger analysis: cost per 1M tokens against the compaction
 * trigger with its p10–p90 band on the left axis, the share of agent time spent compacting in
 * orange on a right axis, and the observed trigger and the optimum marked.
 *
 * Plot has no second y-axis, so the time share is mapped linearly onto the cost scale (share 0 at
 * the bottom of the cost axis, the right axis' top share at its top) and a right axis with share
 * labels is drawn at the mapped positions. The figure draws the numbers it is given; it computes
 * no statistic and finds no optimum itself.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { type LegendItem, renderSvg, type RenderSvgOptions } from "./render.ts";

/** A mean with its 10th and 90th percentile over resampled workloads; null: unknown. */
export interface TriggerBand {
  mean: number | null;
  p10: number | null;
  p90: number | null;
}

/**
 * One trigger of the replay, as in the trigger analysis JSON (`replay[i]`, analysis-spec §5).
 * A point with an unknown (null) cost or time share value is left out of the figure.
 */
export interface TriggerReplayPoint {
  /** Compaction trigger, tokens of context. */
  trigger: number;
  /** Replay cost per 1M billed tokens of the real history, USD. */
  costPerMillion: TriggerBand;
  /** Share of agent time spent compacting, a fraction in [0, 1]. */
  timeShare: TriggerBand;
  /** Compactions per workload (not drawn). */
  compactions?: { mean: number | null };
  /** The real history replayed at this trigger (not drawn). */
  observed?: { costPerMillion: number; timeShare: number };
}

/** Markers, labels and size of {@linkcode triggerFigure}. */
export interface TriggerFigureOptions
  extends Pick<RenderSvgOptions, "width" | "plotHeight" | "charWidth" | "fontFamily"> {
  /** Trigger level seen in the transcripts, tokens: a dashed grey rule. @default {undefined} */
  observedTrigger?: number;
  /** Trigger of the lowest mean replay cost, tokens: a green rule and dot. @default {undefined} */
  optimumTrigger?: number;
  /** Steady-state approximation T*, tokens: a dotted purple rule. @default {undefined} */
  steadyStateTrigger?: number;
  /** Model name for the default title. @default {"the model"} */
  modelName?: string;
  /** Title. @default {`When should ${modelName} compact?`} */
  title?: string;
  /**
   * Subtitle.
   * @default {"Mean over resampled workloads; bands span the 10th to 90th percentile"}
   */
  subtitle?: string;
}

/**
 * Colours of the figure (blue cost, orange time share, as published), CSS hex.
 *
 * @example
 * ```ts
 * import { TRIGGER_FIGURE_COLORS } from "./trigger_figure.ts";
 * import assert from "node:assert/strict";
 * assert.equal(TRIGGER_FIGURE_COLORS.timeShare, "#ff7f0e");
 * ```
 */
export const TRIGGER_FIGURE_COLORS = {
  cost: "#1f77b4",
  timeShare: "#ff7f0e",
  observed: "#555555",
  optimum: "#2ca02c",
  steadyState: "#9467bd",
} as const;

/** A "nice" step (1, 2 or 5 × 10^k) splitting `span` into about `count` parts. */
function _niceStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

/** Digits after the decimal point needed to print multiples of `step`. */
function _decimals(step: number): number {
  return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}

/** `267900` → `"267.9K"`, `1200000` → `"1.2M"`. */
function _tokens(value: number): string {
  if (Math.abs(value) >= 1e6) return `${+(value / 1e6).toFixed(2)}M`;
  if (Math.abs(value) >= 1e3) return `${+(value / 1e3).toFixed(1)}K`;
  return String(value);
}

/** A replay point whose six drawn values are all known. */
interface _CompletePoint {
  trigger: number;
  costPerMillion: { mean: number; p10: number; p90: number };
  timeShare: { mean: number; p10: number; p90: number };
}

/** The points with every drawn value known; throws on malformed values or too few points. */
function _complete(replay: readonly TriggerReplayPoint[]): _CompletePoint[] {
  const kept: _CompletePoint[] = [];
  for (const [i, p] of replay.entries()) {
    const values = [
      p.trigger,
      p.costPerMillion?.mean,
      p.costPerMillion?.p10,
      p.costPerMillion?.p90,
      p.timeShare?.mean,
      p.timeShare?.p10,
      p.timeShare?.p90,
    ];
    if (
      !Number.isFinite(p.trigger) ||
      values.some((v) => v !== null && (typeof v !== "number" || !Number.isFinite(v)))
    ) {
      throw new TypeError(
        `Cannot draw trigger figure: replay[${i}] needs a finite trigger and finite or null ` +
          `costPerMillion {mean, p10, p90} and timeShare {mean, p10, p90}`,
      );
    }
    if (values.every((v) => v !== null)) kept.push(p as _CompletePoint);
  }
  if (kept.length < 2) {
    throw new RangeError(
      `Cannot draw trigger figure: need at least 2 triggers with known values, got ` +
        `${kept.length} of ${replay.length}`,
    );
  }
  return kept;
}

/**
 * Draws the trigger figure from replay results.
 *
 * @param replay One point per trigger, in any order; at least two with every value known.
 * @param options Markers (observed, optimum, steady state), title, size.
 * @returns A standalone SVG document string (see `renderSvg`); `svgToPng` makes it a PNG.
 *
 * @example Three triggers, observed and optimum marked
 * ```ts
 * import { triggerFigure } from "./trigger_figure.ts";
 * import assert from "node:assert/strict";
 *
 * const band = (mean: number) => ({ mean, p10: mean * 0.95, p90: mean * 1.05 });
 * const svg = triggerFigure(
 *   [
 *     { trigger: 100_000, costPerMillion: band(1.4), timeShare: band(0.12) },
 *     { trigger: 200_000, costPerMillion: band(1.1), timeShare: band(0.05) },
 *     { trigger: 300_000, costPerMillion: band(1.2), timeShare: band(0.03) },
 *   ],
 *   { observedTrigger: 267_900, optimumTrigger: 200_000, modelName: "Claude" },
 * );
 * assert.match(svg, />When should Claude compact\?<\/text>/);
 * assert.match(svg, />observed 267.9K<\/text>/);
 * assert.match(svg, />lowest cost 200K<\/text>/);
 * ```
 */
export function triggerFigure(
  replay: readonly TriggerReplayPoint[],
  options: TriggerFigureOptions = {},
): string {
  const {
    observedTrigger,
    optimumTrigger,
    steadyStateTrigger,
    modelName = "the model",
    title = `When should ${modelName} compact?`,
    subtitle = "Mean over resampled workloads; bands span the 10th to 90th percentile",
    ...size
  } = options;
  const points = _complete(replay).sort((a, b) => a.trigger - b.trigger);

  // Left axis: a nice cost domain around every drawn cost value.
  let costLow = Infinity, costHigh = -Infinity, shareHigh = 0;
  for (const p of points) {
    const c = p.costPerMillion, s = p.timeShare;
    costLow = Math.min(costLow, c.p10, c.mean, c.p90);
    costHigh = Math.max(costHigh, c.p10, c.mean, c.p90);
    shareHigh = Math.max(shareHigh, s.p10, s.mean, s.p90);
  }
  if (costHigh === costLow) costHigh = costLow + Math.max(Math.abs(costLow) * 0.1, 0.01);
  const costStep = _niceStep(costHigh - costLow, 6);
  const y0 = Math.floor(costLow / costStep) * costStep;
  const y1 = Math.ceil(costHigh / costStep) * costStep;
  const costTicks: number[] = [];
  for (let k = 0; y0 + k * costStep <= y1 + costStep * 1e-9; k++) costTicks.push(y0 + k * costStep);

  // Right axis: share 0 … shareTop mapped onto y0 … y1.
  const shareStep = _niceStep(shareHigh > 0 ? shareHigh : 0.01, 5);
  const shareTop = Math.max(shareStep, Math.ceil(shareHigh / shareStep - 1e-9) * shareStep);
  const toCost = (share: number) => y0 + (share / shareTop) * (y1 - y0);
  const shareTicks = new Map<number, string>();
  const shareDigits = Math.max(0, _decimals(shareStep * 100));
  for (let k = 0; k * shareStep <= shareTop + shareStep * 1e-9; k++) {
    shareTicks.set(toCost(k * shareStep), `${(k * shareStep * 100).toFixed(shareDigits)}%`);
  }
  const rows = points.map((p) => ({
    trigger: p.trigger,
    cost: p.costPerMillion.mean,
    cost10: p.costPerMillion.p10,
    cost90: p.costPerMillion.p90,
    share: toCost(p.timeShare.mean),
    share10: toCost(p.timeShare.p10),
    share90: toCost(p.timeShare.p90),
  }));

  // Marker rules, each with its own label row in the top margin.
  const xMin = points[0].trigger, xMax = points[points.length - 1].trigger;
  const markers: { x: number; text: string; color: string; dash: string }[] = [];
  const legend: LegendItem[] = [
    {
      label: "Cost per 1M tokens, USD (left axis)",
      color: TRIGGER_FIGURE_COLORS.cost,
      swatch: "band",
    },
    {
      label: "Share of agent time spent compacting (right axis)",
      color: TRIGGER_FIGURE_COLORS.timeShare,
      swatch: "band",
    },
  ];
  if (observedTrigger !== undefined) {
    markers.push({
      x: observedTrigger,
      text: `observed ${_tokens(observedTrigger)}`,
      color: TRIGGER_FIGURE_COLORS.observed,
      dash: "5 4",
    });
    legend.push({
      label: "Observed trigger",
      color: TRIGGER_FIGURE_COLORS.observed,
      swatch: "dashed",
    });
  }
  if (optimumTrigger !== undefined) {
    markers.push({
      x: optimumTrigger,
      text: `lowest cost ${_tokens(optimumTrigger)}`,
      color: TRIGGER_FIGURE_COLORS.optimum,
      dash: "none",
    });
    legend.push({
      label: "Lowest replay cost",
      color: TRIGGER_FIGURE_COLORS.optimum,
      swatch: "dot",
    });
  }
  if (steadyStateTrigger !== undefined) {
    markers.push({
      x: steadyStateTrigger,
      text: `T* ≈ ${_tokens(steadyStateTrigger)}`,
      color: TRIGGER_FIGURE_COLORS.steadyState,
      dash: "2 3",
    });
    legend.push({
      label: "Steady-state T*",
      color: TRIGGER_FIGURE_COLORS.steadyState,
      swatch: "dashed",
    });
  }
  const labelRow = 14;
  const marginTop = 12 + labelRow * markers.length;
  const optimumRow = optimumTrigger === undefined
    ? undefined
    : rows.find((r) => r.trigger === optimumTrigger);

  const marks: Plot.Markish[] = [
    Plot.gridY(costTicks, { stroke: "#000", strokeOpacity: 0.08 }),
    Plot.areaY(rows, {
      x: "trigger",
      y1: "share10",
      y2: "share90",
      fill: TRIGGER_FIGURE_COLORS.timeShare,
      fillOpacity: 0.15,
    }),
    Plot.areaY(rows, {
      x: "trigger",
      y1: "cost10",
      y2: "cost90",
      fill: TRIGGER_FIGURE_COLORS.cost,
      fillOpacity: 0.2,
    }),
    Plot.lineY(rows, {
      x: "trigger",
      y: "cost",
      stroke: TRIGGER_FIGURE_COLORS.cost,
      strokeWidth: 2,
    }),
    Plot.lineY(rows, {
      x: "trigger",
      y: "share",
      stroke: TRIGGER_FIGURE_COLORS.timeShare,
      strokeWidth: 2,
    }),
    ...markers.flatMap((m, i) => {
      const right = m.x > xMin + 0.7 * (xMax - xMin);
      return [
        Plot.ruleX([m.x], {
          stroke: m.color,
          strokeWidth: 1.5,
          strokeDasharray: m.dash,
        }),
        Plot.text([m.x], {
          x: (d: number) => d,
          frameAnchor: "top",
          dy: -(marginTop - 6) + labelRow * i + labelRow / 2,
          dx: right ? -4 : 4,
          textAnchor: right ? "end" : "start",
          text: () => m.text,
          fill: m.color,
          fontSize: 11,
          fontWeight: "bold",
        }),
      ];
    }),
    ...(optimumRow
      ? [
        Plot.dot([optimumRow], {
          x: "trigger",
          y: "cost",
          r: 5,
          fill: TRIGGER_FIGURE_COLORS.optimum,
          stroke: "white",
        }),
      ]
      : []),
    Plot.axisX({
      label: "Compaction trigger (tokens of context)",
      labelAnchor: "center",
      labelArrow: "none",
      tickFormat: _tokens,
      fontSize: 11,
    }),
    Plot.axisY(costTicks, {
      label: "Cost per 1M tokens (USD)",
      labelAnchor: "center",
      labelOffset: 54,
      labelArrow: "none",
      tickFormat: (d: number) => d.toFixed(_decimals(costStep)),
      fontSize: 11,
      color: TRIGGER_FIGURE_COLORS.cost,
    }),
    Plot.axisY([...shareTicks.keys()], {
      anchor: "right",
      label: "Time spent compacting (% of agent time)",
      labelAnchor: "center",
      labelOffset: 60,
      labelArrow: "none",
      tickFormat: (d: number) => shareTicks.get(d) ?? "",
      fontSize: 11,
      color: TRIGGER_FIGURE_COLORS.timeShare,
    }),
  ];

  return renderSvg(
    {
      marginTop,
      marginLeft: 70,
      marginRight: 78,
      marginBottom: 46,
      x: { domain: [xMin, xMax] },
      y: { domain: [y0, y1] },
      marks,
    },
    { title, subtitle, legend, ...size },
  );
}
