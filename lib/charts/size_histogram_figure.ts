/**
 * How large tool results are, per kind of tool: one row of bars per kind over power-of-two bins
 * of characters, on a shared logarithmic axis, with the candidate threshold marked. Draws the
 * bins it is given (as `sizeHistogram` of the read-cost measurement makes them); counts nothing.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { renderSvg, type RenderSvgOptions } from "./render.ts";

/** One bin: results with `lowerChars ≤ size < upperChars`. */
export interface SizeHistogramBin {
  /** Lower bound, characters (0 for the bin of empty results). */
  lowerChars: number;
  /** Upper bound (exclusive), characters. */
  upperChars: number;
  /** Results in the bin. */
  results: number;
}

/** Labels, marker and size of {@linkcode sizeHistogramFigure}. */
export interface SizeHistogramFigureOptions
  extends Pick<RenderSvgOptions, "width" | "charWidth" | "fontFamily"> {
  /** Title. @default {"How large tool results are"} */
  title?: string;
  /** Subtitle. @default {undefined} */
  subtitle?: string;
  /** A size to mark in every row with a dashed rule, characters. @default {undefined} */
  thresholdChars?: number;
  /** Label of that rule. @default {"candidate threshold"} */
  thresholdLabel?: string;
  /** Height of one kind's row, px. @default {64} */
  rowHeight?: number;
  /** Bar colour. @default {"#4269d0"} */
  color?: string;
}

function _chars(value: number): string {
  if (value >= 1 << 20) return `${value / (1 << 20)}M`;
  if (value >= 1024) return `${value / 1024}K`;
  return String(value);
}

/**
 * Draws the result-size histograms, one row per kind, in the order of `histograms`' keys.
 * Bins are drawn on a log₂ axis of characters; the bin of empty results (`[0, 1)`) is drawn at
 * `[0.5, 1)` so it stays visible. Kinds without any result get no row (say so in the subtitle
 * when it matters).
 *
 * @param histograms Kind → bins (ascending). At least one kind.
 * @param options Threshold marker, labels, size.
 * @returns A standalone SVG document string.
 * @throws {RangeError} With no kind, or when no kind has a result.
 *
 * @example Two kinds and the 8,000-character threshold
 * ```ts
 * import { sizeHistogramFigure } from "./size_histogram_figure.ts";
 * import assert from "node:assert/strict";
 *
 * const svg = sizeHistogramFigure({
 *   "bulk-read": [{ lowerChars: 4096, upperChars: 8192, results: 3 },
 *                 { lowerChars: 8192, upperChars: 16384, results: 1 }],
 *   search: [{ lowerChars: 64, upperChars: 128, results: 9 }],
 * }, { thresholdChars: 8000 });
 * assert.match(svg, />bulk-read<\/text>/);
 * assert.match(svg, />candidate threshold 8,000 chars<\/text>/);
 * ```
 */
export function sizeHistogramFigure(
  histograms: Readonly<Record<string, readonly SizeHistogramBin[]>>,
  options: SizeHistogramFigureOptions = {},
): string {
  const kinds = Object.keys(histograms);
  if (kinds.length === 0) throw new RangeError("Cannot draw size histogram: no kinds given");
  const {
    title = "How large tool results are",
    subtitle,
    thresholdChars,
    thresholdLabel = "candidate threshold",
    rowHeight = 64,
    color = "#4269d0",
    ...size
  } = options;
  const rows: { kind: string; x1: number; x2: number; results: number }[] = [];
  let maxUpper = thresholdChars ?? 1;
  let minLower = thresholdChars ?? Infinity;
  for (const kind of kinds) {
    for (const bin of histograms[kind]) {
      if (bin.results <= 0) continue;
      rows.push({
        kind,
        x1: bin.lowerChars === 0 ? 0.5 : bin.lowerChars,
        x2: bin.upperChars,
        results: bin.results,
      });
      maxUpper = Math.max(maxUpper, bin.upperChars);
      minLower = Math.min(minLower, bin.lowerChars === 0 ? 0.5 : bin.lowerChars);
    }
  }
  const shown = kinds.filter((kind) => rows.some((r) => r.kind === kind));
  if (rows.length === 0) {
    throw new RangeError(`Cannot draw size histogram: no results in ${kinds.length} kinds`);
  }
  const ticks: number[] = [];
  for (let t = 1; t <= maxUpper; t *= 4) if (t >= minLower) ticks.push(t);
  const right = thresholdChars !== undefined &&
    Math.log2(thresholdChars) > (Math.log2(minLower) + Math.log2(maxUpper)) / 2;
  const marginTop = thresholdChars === undefined ? 8 : 24;
  const marks: Plot.Markish[] = [
    Plot.frame({ stroke: "#ddd" }),
    Plot.rectY(rows, {
      x1: "x1",
      x2: "x2",
      y: "results",
      fy: "kind",
      fill: color,
      inset: 0.5,
      title: (d: { x1: number; x2: number; results: number }) =>
        `${d.results} results of ${_chars(d.x1 < 1 ? 0 : d.x1)}–${_chars(d.x2)} characters`,
    }),
    Plot.ruleY([0]),
  ];
  if (thresholdChars !== undefined) {
    marks.push(
      Plot.ruleX([thresholdChars], { stroke: "#555", strokeDasharray: "5 4", strokeWidth: 1.5 }),
      Plot.text([thresholdChars], {
        x: (d: number) => d,
        fy: () => shown[0],
        frameAnchor: "top",
        dy: -12,
        dx: right ? -4 : 4,
        textAnchor: right ? "end" : "start",
        text: () => `${thresholdLabel} ${thresholdChars.toLocaleString("en-US")} chars`,
        fill: "#555",
        fontSize: 11,
        fontWeight: "bold",
      }),
    );
  }
  marks.push(
    Plot.axisX({
      ticks,
      tickFormat: _chars,
      label: "Result size (characters, log scale)",
      labelAnchor: "center",
      labelArrow: "none",
      fontSize: 11,
    }),
    Plot.axisY({ ticks: 3, label: null, fontSize: 10 }),
    Plot.axisFy({ label: null, anchor: "left", dx: -28, fontSize: 11, textAnchor: "end" }),
  );
  return renderSvg(
    {
      marginLeft: 130,
      marginRight: 20,
      marginTop,
      marginBottom: 46,
      x: { type: "log", base: 2, domain: [minLower, maxUpper] },
      y: { insetTop: 4 },
      fy: { domain: shown, padding: 0.15 },
      marks,
    },
    {
      title,
      subtitle,
      plotHeight: marginTop + 46 + rowHeight * shown.length,
      ...size,
    },
  );
}
