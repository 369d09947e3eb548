/**
 * Shares side by side: one group of horizontal bars per row (e.g. per kind of tool result),
 * one bar per series (e.g. one-shot and carried tokens), each labelled with its value. Draws
 * the percentages it is given; sums and divides nothing.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { type LegendItem, renderSvg, type RenderSvgOptions } from "./render.ts";

/** One group of bars. */
export interface ShareBarRow {
  /** Group label, e.g. `bulk-read`. */
  label: string;
  /** One value per series, percent (null: unknown, no bar). */
  values: readonly (number | null)[];
}

/** Series, labels and size of {@linkcode shareBarsFigure}. */
export interface ShareBarsFigureOptions
  extends Pick<RenderSvgOptions, "width" | "charWidth" | "fontFamily"> {
  /** Series names, one per value of a row (at most 4). */
  series: readonly string[];
  /** Title. @default {undefined} */
  title?: string;
  /** Subtitle. @default {undefined} */
  subtitle?: string;
  /** X-axis label. @default {"% of observed input tokens"} */
  xLabel?: string;
  /** Height of one group, px. @default {40} */
  rowHeight?: number;
  /** Digits after the decimal point of the bar labels. @default {2} */
  digits?: number;
}

/**
 * Series colours, CSS hex: light blue, dark blue, then orange and green.
 *
 * @example
 * ```ts
 * import { SHARE_BARS_COLORS } from "./share_bars_figure.ts";
 * import assert from "node:assert/strict";
 * assert.equal(SHARE_BARS_COLORS.length, 4);
 * ```
 */
export const SHARE_BARS_COLORS = ["#97bbf5", "#4269d0", "#ff725c", "#3ca951"] as const;

/**
 * Draws one group of bars per row, one bar per series, with the value printed at each bar's
 * end.
 *
 * @param rows Groups, drawn top to bottom in the order given.
 * @param options Series names (required), labels, size.
 * @returns A standalone SVG document string.
 * @throws {RangeError} With no row, no series or more than four, or a row whose number of
 * values differs from the number of series.
 *
 * @example One-shot and carried shares of two kinds
 * ```ts
 * import { shareBarsFigure } from "./share_bars_figure.ts";
 * import assert from "node:assert/strict";
 *
 * const svg = shareBarsFigure(
 *   [{ label: "bulk-read", values: [0.5, 9.87] }, { label: "search", values: [0.11, 2.17] }],
 *   { series: ["one-shot", "carried"] },
 * );
 * assert.match(svg, />9.87%<\/text>/);
 * assert.match(svg, />carried<\/text>/);
 * ```
 */
export function shareBarsFigure(
  rows: readonly ShareBarRow[],
  options: ShareBarsFigureOptions,
): string {
  const {
    series,
    title,
    subtitle,
    xLabel = "% of observed input tokens",
    rowHeight = 40,
    digits = 2,
    ...size
  } = options;
  if (rows.length === 0) throw new RangeError("Cannot draw share bars: no rows given");
  if (series.length === 0 || series.length > SHARE_BARS_COLORS.length) {
    throw new RangeError(
      `Cannot draw share bars: need 1 to ${SHARE_BARS_COLORS.length} series, got ${series.length}`,
    );
  }
  const bars: { row: string; series: string; value: number; color: string }[] = [];
  for (const r of rows) {
    if (r.values.length !== series.length) {
      throw new RangeError(
        `Cannot draw share bars: row "${r.label}" has ${r.values.length} values for ` +
          `${series.length} series`,
      );
    }
    r.values.forEach((value, s) => {
      if (value !== null && Number.isFinite(value)) {
        bars.push({ row: r.label, series: series[s], value, color: SHARE_BARS_COLORS[s] });
      }
    });
  }
  const legend: LegendItem[] = series.map((name, s) => ({
    label: name,
    color: SHARE_BARS_COLORS[s],
    swatch: "band",
  }));
  const high = Math.max(0, ...bars.map((b) => b.value));
  const longest = Math.max(...rows.map((r) => r.label.length));
  const marginLeft = Math.min(260, Math.max(90, 16 + longest * 6.6));
  return renderSvg(
    {
      marginLeft,
      marginRight: 56,
      marginTop: 8,
      marginBottom: 46,
      x: { domain: [0, high > 0 ? high * 1.08 : 1], nice: true },
      y: { domain: [...series], padding: 0.1, axis: null },
      fy: { domain: rows.map((r) => r.label), padding: 0.15 },
      marks: [
        Plot.gridX({ stroke: "#000", strokeOpacity: 0.08 }),
        Plot.barX(bars, {
          x: "value",
          y: "series",
          fy: "row",
          fill: (d: { color: string }) => d.color,
        }),
        Plot.text(bars, {
          x: "value",
          y: "series",
          fy: "row",
          text: (d: { value: number }) => `${d.value.toFixed(digits)}%`,
          textAnchor: "start",
          dx: 4,
          fontSize: 10,
          fill: "#333",
        }),
        Plot.ruleX([0]),
        Plot.axisX({
          label: xLabel,
          labelAnchor: "center",
          labelArrow: "none",
          tickFormat: (d: number) => `${d}%`,
          fontSize: 11,
        }),
        Plot.axisFy({ label: null, anchor: "left", fontSize: 11, textAnchor: "end" }),
      ],
    },
    { title, subtitle, legend, plotHeight: 54 + rowHeight * rows.length, ...size },
  );
}
