/**
 * The published figure of the trigger analysis as a standalone SVG (for notebooks, the demo and
 * PNG files): the figure of {@linkcode triggerPlot} drawn from the analysis' replay points, with
 * a title, a subtitle and a legend above it. The report page draws the same `triggerPlot` in the
 * browser.
 *
 * @module
 */

import { renderSvg, type RenderSvgOptions } from "./render.ts";
import { triggerPlot, type TriggerPlotLabels } from "./trigger_plot.ts";

export {
  TRIGGER_FIGURE_COLORS,
  TRIGGER_PLOT_LABELS,
  type TriggerBandColumns,
  type TriggerFigureView,
  type TriggerPlot,
  triggerPlot,
  type TriggerPlotLabels,
} from "./trigger_plot.ts";

/** A mean with its 10th and 90th percentile over resampled workloads; null: unknown. */
export interface TriggerBand {
  mean: number | null;
  p10: number | null;
  p90: number | null;
}

/**
 * One trigger of the replay, as in the trigger analysis JSON (`replay[i]`;
 * docs/schema/analyze.schema.json). A point with an unknown (null) cost or time share value is left
 * out of the figure.
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
  /** The trigger's support: an extrapolated trigger is faded and hatched. @default {none} */
  support?: { extrapolated: boolean };
  /**
   * The cost without the rework after each compaction (the analysis'
   * `costPerMillionWithoutRework`): when it differs from `costPerMillion` at some trigger, its
   * mean is drawn as a thin dashed line. @default {none}
   */
  costPerMillionWithoutRework?: TriggerBand;
}

/** Markers, labels and size of {@linkcode triggerFigure}. */
export interface TriggerFigureOptions
  extends Pick<RenderSvgOptions, "width" | "plotHeight" | "charWidth" | "fontFamily"> {
  /**
   * Trigger level seen in the transcripts, tokens: a dashed grey rule (when inside the replay's
   * trigger range, as every marker). Null or undefined: none. @default {undefined}
   */
  observedTrigger?: number | null;
  /** Trigger of the lowest mean replay cost, tokens: a green rule and dot. @default {undefined} */
  optimumTrigger?: number | null;
  /** Steady-state approximation T*, tokens: a dotted purple rule. @default {undefined} */
  steadyStateTrigger?: number | null;
  /**
   * Input size above which the price rises to a higher tier (the analysis'
   * `prices.tierThresholdTokens`), tokens: a dash-dot red rule. @default {undefined}
   */
  tierThreshold?: number | null;
  /**
   * Triggers within 2% of the lowest mean cost (the analysis' `recommendation.nearOptimal` or
   * its `steadyState.nearOptimal` at 0.02): a green zone. @default {undefined}
   */
  nearOptimalRange?: { fromTokens: number; toTokens: number } | null;
  /**
   * Trigger of the lowest mean cost without rework (the analysis'
   * `steadyState.replayArgminWithoutReworkTokens`), tokens: a thin dashed green rule and a hollow
   * dot, drawn with the dashed line. @default {undefined}
   */
  optimumWithoutReworkTrigger?: number | null;
  /** Model name for the default title. @default {"the model"} */
  modelName?: string;
  /** Title. @default {`When should ${modelName} compact?`} */
  title?: string;
  /**
   * Subtitle.
   * @default {"Mean over resampled workloads; bands span the 10th to 90th percentile"}
   */
  subtitle?: string;
  /** Axis, marker and legend texts, e.g. another language's. @default {TRIGGER_PLOT_LABELS} */
  labels?: Partial<TriggerPlotLabels>;
}

/** A replay point whose six drawn values are all known. */
interface _CompletePoint {
  trigger: number;
  costPerMillion: { mean: number; p10: number; p90: number };
  timeShare: { mean: number; p10: number; p90: number };
  support?: { extrapolated: boolean };
  costPerMillionWithoutRework?: TriggerBand;
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
    tierThreshold,
    nearOptimalRange,
    optimumWithoutReworkTrigger,
    modelName = "the model",
    title = `When should ${modelName} compact?`,
    subtitle = "Mean over resampled workloads; bands span the 10th to 90th percentile",
    labels,
    ...size
  } = options;
  const points = _complete(replay).sort((a, b) => a.trigger - b.trigger);
  const column = (pick: (p: _CompletePoint) => number) => Float64Array.from(points, pick);
  const band = (pick: (p: _CompletePoint) => _CompletePoint["costPerMillion"]) => ({
    mean: column((p) => pick(p).mean),
    p10: column((p) => pick(p).p10),
    p90: column((p) => pick(p).p90),
  });
  const figure = triggerPlot({
    triggers: column((p) => p.trigger),
    costPerMillion: band((p) => p.costPerMillion),
    timeShare: band((p) => p.timeShare),
    observedTrigger,
    optimumTrigger,
    steadyStateTrigger,
    labels,
    tierThreshold,
    nearOptimalRange,
    extrapolated: points.every((p) => p.support !== undefined)
      ? points.map((p) => p.support!.extrapolated)
      : null,
    costWithoutRework: _withoutRework(points),
    optimumWithoutReworkTrigger,
  });
  return renderSvg(figure.options, { title, subtitle, legend: figure.legend, ...size });
}

/** The mean cost without rework per point, when some point's differs from its cost; else null. */
function _withoutRework(points: _CompletePoint[]): Float64Array | null {
  const differs = points.some((p) =>
    p.costPerMillionWithoutRework !== undefined &&
    p.costPerMillionWithoutRework.mean !== p.costPerMillion.mean
  );
  if (!differs) return null;
  return Float64Array.from(points, (p) => p.costPerMillionWithoutRework?.mean ?? NaN);
}
