/**
 * A scatter plot with an optional straight line drawn over it: measured points against a fitted
 * line (compaction time against input or summary size, residuals against fitted values). The
 * line comes as its intercept and slope; the figure draws it across the x range and fits
 * nothing itself.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { type LegendItem, renderSvg, type RenderSvgOptions } from "./render.ts";

/** A line to draw: y = intercept + slope·x. */
export interface ScatterLine {
  /** Value at x = 0, in y units. */
  intercept: number;
  /** Change of y per unit of x. */
  slope: number;
  /** Legend text, e.g. `input size alone: t = a·C, R² = 0.08`. */
  label: string;
}

/** How axis ticks are printed: token counts (`16K`), or plain numbers. */
export type ScatterTickFormat = "tokens" | "number";

/** Labels, line, scales and size of {@linkcode scatterFigure}. */
export interface ScatterFigureOptions
  extends Pick<RenderSvgOptions, "width" | "plotHeight" | "charWidth" | "fontFamily"> {
  /** Title. @default {undefined} */
  title?: string;
  /** Subtitle. @default {undefined} */
  subtitle?: string;
  /** X-axis label. @default {"x"} */
  xLabel?: string;
  /** Y-axis label. @default {"y"} */
  yLabel?: string;
  /** Tick format of the x axis. @default {"number"} */
  xFormat?: ScatterTickFormat;
  /** Tick format of the y axis. @default {"number"} */
  yFormat?: ScatterTickFormat;
  /** Legend text of the points. @default {"measured"} */
  pointLabel?: string;
  /** A line drawn across the x range. @default {undefined} */
  line?: ScatterLine;
  /** A dashed horizontal rule at y = 0 (for residuals). @default {false} */
  zeroRule?: boolean;
  /** Start the x axis at 0 (shows where a line through the origin starts). @default {false} */
  xFromZero?: boolean;
  /** Start the y axis at 0. @default {false} */
  yFromZero?: boolean;
}

/**
 * Colours of the figure, CSS hex: points blue, line orange-red.
 *
 * @example
 * ```ts
 * import { SCATTER_FIGURE_COLORS } from "./scatter_figure.ts";
 * import assert from "node:assert/strict";
 * assert.equal(SCATTER_FIGURE_COLORS.points, "#4269d0");
 * ```
 */
export const SCATTER_FIGURE_COLORS = { points: "#4269d0", line: "#ff725c" } as const;

function _tokens(value: number): string {
  if (Math.abs(value) >= 1e6) return `${+(value / 1e6).toFixed(2)}M`;
  if (Math.abs(value) >= 1e3) return `${+(value / 1e3).toFixed(1)}K`;
  return String(+value.toFixed(2));
}

function _format(kind: ScatterTickFormat): (d: number) => string {
  return kind === "tokens" ? _tokens : (d: number) => d.toLocaleString("en-US");
}

/**
 * Draws points (x[i], y[i]) and, when given, a line across the x range.
 *
 * @param x X values, one per point.
 * @param y Y values, as many as `x`.
 * @param options Labels, line, scales, size.
 * @returns A standalone SVG document string.
 * @throws {RangeError} When the lengths differ or there is no point with finite x and y.
 *
 * @example Three points and a line through the origin
 * ```ts
 * import { scatterFigure } from "./scatter_figure.ts";
 * import assert from "node:assert/strict";
 *
 * const svg = scatterFigure([10_000, 16_000, 17_000], [60, 150, 120], {
 *   xLabel: "Compaction input C (tokens)",
 *   yLabel: "Compaction time (s)",
 *   xFormat: "tokens",
 *   line: { intercept: 0, slope: 0.008, label: "t = a·C" },
 *   xFromZero: true,
 * });
 * assert.match(svg, />t = a·C<\/text>/);
 * assert.match(svg, />Compaction input C \(tokens\)<\/text>/);
 * ```
 */
export function scatterFigure(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  options: ScatterFigureOptions = {},
): string {
  if (x.length !== y.length) {
    throw new RangeError(
      `Cannot draw scatter figure: ${x.length} x values but ${y.length} y values`,
    );
  }
  const {
    title,
    subtitle,
    xLabel = "x",
    yLabel = "y",
    xFormat = "number",
    yFormat = "number",
    pointLabel = "measured",
    line,
    zeroRule = false,
    xFromZero = false,
    yFromZero = false,
    ...size
  } = options;
  const points: { x: number; y: number }[] = [];
  for (let i = 0; i < x.length; i++) {
    if (Number.isFinite(x[i]) && Number.isFinite(y[i])) points.push({ x: x[i], y: y[i] });
  }
  if (points.length === 0) {
    throw new RangeError(
      `Cannot draw scatter figure: none of the ${x.length} points has a finite x and y`,
    );
  }
  let xLow = Infinity, xHigh = -Infinity;
  for (const p of points) {
    xLow = Math.min(xLow, p.x);
    xHigh = Math.max(xHigh, p.x);
  }
  if (xFromZero) xLow = Math.min(0, xLow);
  if (xHigh === xLow) xHigh = xLow + Math.max(1, Math.abs(xLow) * 0.1);
  const pad = (xHigh - xLow) * 0.03;
  const lineFrom = xFromZero ? xLow : xLow - pad;
  const lineTo = xHigh + pad;
  const legend: LegendItem[] = [
    { label: pointLabel, color: SCATTER_FIGURE_COLORS.points, swatch: "dot" },
  ];
  const marks: Plot.Markish[] = [
    Plot.gridY({ stroke: "#000", strokeOpacity: 0.08 }),
  ];
  if (zeroRule) {
    marks.push(Plot.ruleY([0], { stroke: "#555", strokeDasharray: "5 4", strokeWidth: 1.5 }));
  }
  if (line) {
    marks.push(
      Plot.line(
        [lineFrom, lineTo].map((v) => ({ x: v, y: line.intercept + line.slope * v })),
        { x: "x", y: "y", stroke: SCATTER_FIGURE_COLORS.line, strokeWidth: 2 },
      ),
    );
    legend.push({ label: line.label, color: SCATTER_FIGURE_COLORS.line });
  }
  marks.push(
    Plot.dot(points, {
      x: "x",
      y: "y",
      r: 4,
      fill: SCATTER_FIGURE_COLORS.points,
      fillOpacity: 0.75,
      stroke: "white",
      strokeWidth: 0.8,
    }),
    Plot.axisX({
      label: xLabel,
      labelAnchor: "center",
      labelArrow: "none",
      tickFormat: _format(xFormat),
      fontSize: 11,
    }),
    Plot.axisY({
      label: yLabel,
      labelAnchor: "center",
      labelArrow: "none",
      labelOffset: 54,
      tickFormat: _format(yFormat),
      fontSize: 11,
    }),
  );
  return renderSvg(
    {
      marginLeft: 70,
      marginRight: 24,
      marginBottom: 46,
      marginTop: 16,
      x: { domain: [lineFrom, lineTo] },
      y: { nice: true, zero: yFromZero },
      marks,
    },
    { title, subtitle, legend, width: 640, plotHeight: 340, ...size },
  );
}
