/**
 * A small chart of a sensitivity sweep: one mean curve per value of the swept parameter
 * (cost per 1M tokens, or the share of time compacting), each with a dot where it is marked
 * (the lowest cost). Draws the curves and markers it is given; finds no minimum itself.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { CONTEXT_FIGURE_COLORS } from "./context_figure.ts";
import { type LegendItem, renderSvg, type RenderSvgOptions } from "./render.ts";

/** One curve of the sweep (the shape of `SensitivityCurve` in lib/trigger). */
export interface SensitivityFigureCurve {
  /** The parameter's value. */
  value: number;
  /** One value per trigger: USD per 1M tokens, or a share 0…1. */
  mean: ArrayLike<number>;
  /** Trigger of the dot, tokens (NaN: no dot). */
  markerTrigger: number;
  /** Value of the dot (NaN: no dot). */
  markerValue: number;
}

/** A sweep to draw (the shape of `SensitivitySweep` in lib/trigger). */
export interface SensitivityFigureSweep {
  /** `alpha`, `rho`, `v`, `blockSize`, or another name (printed as is). */
  parameter: string;
  /** What the curves hold. */
  measure: "costPerMillion" | "timeShare";
  /** Triggers, tokens. */
  triggers: ArrayLike<number>;
  /** At most 10 curves. */
  curves: readonly SensitivityFigureCurve[];
}

/** Labels, highlight and size of {@linkcode sensitivityFigure}. */
export interface SensitivityFigureOptions
  extends Pick<RenderSvgOptions, "width" | "plotHeight" | "charWidth" | "fontFamily"> {
  /** Title. @default {`Sensitivity to ${name of the parameter}`} */
  title?: string;
  /** Subtitle. @default {undefined} */
  subtitle?: string;
  /** The value the analysis uses: its curve is drawn thicker and marked `(used)`. @default {undefined} */
  usedValue?: number;
}

const NAMES: Record<string, string> = {
  alpha: "α (cached / uncached input price)",
  rho: "ρ (output / uncached input price)",
  v: "v (summary tokens per second)",
  blockSize: "block size (steps)",
};
const SYMBOLS: Record<string, string> = { alpha: "α", rho: "ρ", v: "v", blockSize: "block" };

const DASHES = ["7 4", "2 3", "10 3 2 3", "4 4"];

/** Solid for the used curve, else one of four dash patterns by curve index. */
function _dash(used: boolean, k: number): string {
  return used ? "none" : DASHES[k % DASHES.length];
}

function _tokens(value: number): string {
  if (Math.abs(value) >= 1e6) return `${+(value / 1e6).toFixed(2)}M`;
  if (Math.abs(value) >= 1e3) return `${+(value / 1e3).toFixed(1)}K`;
  return String(value);
}

/**
 * Draws the curves of a sweep, one colour per value, a dot at each curve's marker, and a legend
 * naming each value with its marker trigger.
 *
 * @param sweep Triggers and curves.
 * @param options Labels, the used value, size.
 * @returns A standalone SVG document string.
 * @throws {RangeError} With no curve, more than 10, or a curve whose length differs from the
 * triggers'.
 *
 * @example Two values of α
 * ```ts
 * import { sensitivityFigure } from "./sensitivity_figure.ts";
 * import assert from "node:assert/strict";
 *
 * const svg = sensitivityFigure({
 *   parameter: "alpha", measure: "costPerMillion", triggers: [10_000, 20_000, 30_000],
 *   curves: [
 *     { value: 0.05, mean: [0.9, 0.7, 0.8], markerTrigger: 20_000, markerValue: 0.7 },
 *     { value: 0.1, mean: [1.0, 0.95, 1.1], markerTrigger: 20_000, markerValue: 0.95 },
 *   ],
 * }, { usedValue: 0.05 });
 * assert.match(svg, />α = 0.05 \(used\): lowest at 20K<\/text>/);
 * ```
 */
export function sensitivityFigure(
  sweep: SensitivityFigureSweep,
  options: SensitivityFigureOptions = {},
): string {
  const { curves, triggers, parameter, measure } = sweep;
  if (curves.length === 0 || curves.length > CONTEXT_FIGURE_COLORS.length) {
    throw new RangeError(
      `Cannot draw sensitivity figure: need 1 to ${CONTEXT_FIGURE_COLORS.length} curves, got ` +
        curves.length,
    );
  }
  const {
    title = `Sensitivity to ${NAMES[parameter] ?? parameter}`,
    subtitle,
    usedValue,
    ...size
  } = options;
  const symbol = SYMBOLS[parameter] ?? parameter;
  const share = measure === "timeShare";
  const rows: { trigger: number; value: number; curve: number }[] = [];
  const dots: { trigger: number; value: number; curve: number }[] = [];
  const legend: LegendItem[] = [];
  curves.forEach((c, k) => {
    if (c.mean.length !== triggers.length) {
      throw new RangeError(
        `Cannot draw sensitivity figure: curve ${symbol} = ${c.value} has ${c.mean.length} ` +
          `values for ${triggers.length} triggers`,
      );
    }
    for (let t = 0; t < triggers.length; t++) {
      if (Number.isFinite(c.mean[t])) {
        rows.push({ trigger: triggers[t], value: c.mean[t], curve: k });
      }
    }
    const marked = Number.isFinite(c.markerTrigger) && Number.isFinite(c.markerValue);
    if (marked) dots.push({ trigger: c.markerTrigger, value: c.markerValue, curve: k });
    const where = !marked
      ? ""
      : share
      ? `: ${(c.markerValue * 100).toFixed(1)}% at the lowest-cost trigger ${
        _tokens(c.markerTrigger)
      }`
      : `: lowest at ${_tokens(c.markerTrigger)}`;
    legend.push({
      label: `${symbol} = ${+c.value.toPrecision(3)}${
        c.value === usedValue ? " (used)" : ""
      }${where}`,
      color: CONTEXT_FIGURE_COLORS[k],
      swatch: c.value === usedValue ? "line" : "dashed",
    });
  });
  const marks: Plot.Markish[] = [
    Plot.gridY({ stroke: "#000", strokeOpacity: 0.08 }),
    // The used curve first (thick, solid), the others over it, dashed, so curves that
    // coincide stay visible.
    ...[...curves.keys()]
      .sort((p, q) => Number(curves[q].value === usedValue) - Number(curves[p].value === usedValue))
      .map((k) =>
        Plot.lineY(rows.filter((r) => r.curve === k), {
          x: "trigger",
          y: "value",
          stroke: CONTEXT_FIGURE_COLORS[k],
          strokeWidth: curves[k].value === usedValue ? 3.5 : 1.8,
          strokeDasharray: _dash(curves[k].value === usedValue, k),
        })
      ),
    Plot.dot(dots, {
      x: "trigger",
      y: "value",
      r: 4.5,
      fill: (d: { curve: number }) => CONTEXT_FIGURE_COLORS[d.curve],
      stroke: "white",
      strokeWidth: 1.2,
    }),
    Plot.axisX({
      label: "Compaction trigger (tokens of context)",
      labelAnchor: "center",
      labelArrow: "none",
      tickFormat: _tokens,
      fontSize: 11,
    }),
    Plot.axisY({
      label: share ? "Time spent compacting (%)" : "Cost per 1M tokens (USD)",
      labelAnchor: "center",
      labelArrow: "none",
      labelOffset: 54,
      tickFormat: share ? (d: number) => `${+(d * 100).toFixed(1)}%` : undefined,
      fontSize: 11,
    }),
  ];
  return renderSvg(
    {
      marginLeft: 70,
      marginRight: 24,
      marginBottom: 46,
      marginTop: 12,
      y: { nice: true, zero: share },
      marks,
    },
    { title, subtitle, legend, width: 720, plotHeight: 260, ...size },
  );
}
