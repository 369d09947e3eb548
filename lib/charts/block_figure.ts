/**
 * How the block bootstrap cuts and shuffles a session: one row of bars per workload, a bar per
 * step (its growth d), coloured and numbered by the observed block the step belongs to. Draws
 * the steps it is given (as `blockView` lays them out); resamples nothing.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { CONTEXT_FIGURE_COLORS } from "./context_figure.ts";
import { renderSvg, type RenderSvgOptions } from "./render.ts";

/** One row of the figure: a session's steps in one workload's order. */
export interface BlockRow {
  /** Row label, e.g. `observed order` or `workload 1`. */
  label: string;
  /** Growth d of each step, tokens, in the row's order. */
  growth: ArrayLike<number>;
  /** Observed block of each step (0-based), as many as `growth`. */
  block: ArrayLike<number>;
}

/** Labels and size of {@linkcode blockFigure}. */
export interface BlockFigureOptions
  extends Pick<RenderSvgOptions, "width" | "charWidth" | "fontFamily"> {
  /** Title. @default {"How blocks are cut and shuffled"} */
  title?: string;
  /** Subtitle. @default {undefined} */
  subtitle?: string;
  /** Height of one row, px. @default {150} */
  rowHeight?: number;
}

function _tokens(value: number): string {
  if (Math.abs(value) >= 1e3) return `${+(value / 1e3).toFixed(1)}K`;
  return String(value);
}

/**
 * Draws each row's steps as bars coloured by observed block (colours repeat after 10 blocks;
 * each run of one block is labelled `b1`, `b2`, … above the bars).
 *
 * @param rows One to four rows, each with as many blocks as growth values.
 * @param options Labels and size.
 * @returns A standalone SVG document string.
 * @throws {RangeError} With no row or more than four, a row without steps, or lengths that
 * differ.
 *
 * @example Observed order and a permutation of three blocks
 * ```ts
 * import { blockFigure } from "./block_figure.ts";
 * import assert from "node:assert/strict";
 *
 * const svg = blockFigure([
 *   { label: "observed order", growth: [10, 20, 30, 40, 50], block: [0, 0, 1, 1, 2] },
 *   { label: "workload 1", growth: [50, 10, 20, 30, 40], block: [2, 0, 0, 1, 1] },
 * ]);
 * assert.match(svg, />workload 1<\/text>/);
 * assert.match(svg, />b3<\/text>/);
 * ```
 */
export function blockFigure(rows: readonly BlockRow[], options: BlockFigureOptions = {}): string {
  if (rows.length === 0 || rows.length > 4) {
    throw new RangeError(`Cannot draw block figure: need 1 to 4 rows, got ${rows.length}`);
  }
  const {
    title = "How blocks are cut and shuffled",
    subtitle,
    rowHeight = 150,
    ...size
  } = options;
  const bars: { row: string; x1: number; x2: number; growth: number; block: number }[] = [];
  const labels: { row: string; x: number; text: string; block: number }[] = [];
  let steps = 0;
  for (const r of rows) {
    if (r.growth.length === 0 || r.growth.length !== r.block.length) {
      throw new RangeError(
        `Cannot draw block figure: row "${r.label}" has ${r.growth.length} steps and ` +
          `${r.block.length} blocks`,
      );
    }
    steps = Math.max(steps, r.growth.length);
    let runStart = 0;
    for (let i = 0; i < r.growth.length; i++) {
      bars.push({
        row: r.label,
        x1: i + 0.55,
        x2: i + 1.45,
        growth: r.growth[i],
        block: r.block[i],
      });
      if (i === r.growth.length - 1 || r.block[i + 1] !== r.block[i]) {
        labels.push({
          row: r.label,
          x: (runStart + i) / 2 + 1,
          text: `b${r.block[i] + 1}`,
          block: r.block[i],
        });
        runStart = i + 1;
      }
    }
  }
  const color = (b: number) => CONTEXT_FIGURE_COLORS[b % CONTEXT_FIGURE_COLORS.length];
  const order = rows.map((r) => r.label);
  return renderSvg(
    {
      marginLeft: 165,
      marginRight: 20,
      marginTop: 8,
      marginBottom: 46,
      x: { domain: [0.5, steps + 0.5] },
      y: { nice: true, insetTop: 18 },
      fy: { domain: order, padding: 0.12 },
      marks: [
        Plot.frame({ stroke: "#ddd" }),
        Plot.rectY(bars, {
          x1: "x1",
          x2: "x2",
          y: "growth",
          fy: "row",
          fill: (d: { block: number }) => color(d.block),
        }),
        Plot.ruleY([0], { stroke: "#333" }),
        Plot.text(labels, {
          x: "x",
          fy: "row",
          frameAnchor: "top",
          dy: 9,
          text: "text",
          fill: (d: { block: number }) => color(d.block),
          fontSize: 11,
          fontWeight: "bold",
        }),
        Plot.axisX({
          label: "Step in the workload's order",
          labelAnchor: "center",
          labelArrow: "none",
          fontSize: 11,
        }),
        Plot.axisY({ ticks: 3, label: null, tickFormat: _tokens, fontSize: 10 }),
        Plot.axisFy({ label: null, anchor: "left", dx: -42, fontSize: 11, textAnchor: "end" }),
      ],
    },
    { title, subtitle, plotHeight: 54 + rowHeight * rows.length, ...size },
  );
}
