/**
 * Context size request by request, one line per session: the saw-tooth of growth and
 * compaction that the trigger analysis prices. Draws the series it is given; picks, sorts and
 * smooths nothing.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { type LegendItem, renderSvg, type RenderSvgOptions } from "./render.ts";

/** One session's context sizes in request order. */
export interface ContextSeries {
  /** Legend text, e.g. `main session 1` (no session ids in published charts). */
  label: string;
  /** Context x of each request, tokens, in order. */
  context: ArrayLike<number>;
}

/** Labels, marker and size of {@linkcode contextFigure}. */
export interface ContextFigureOptions
  extends Pick<RenderSvgOptions, "width" | "plotHeight" | "charWidth" | "fontFamily"> {
  /** Title. @default {"Context size, request by request"} */
  title?: string;
  /** Subtitle. @default {undefined} */
  subtitle?: string;
  /** A trigger level to mark with a dashed rule and label, tokens. @default {undefined} */
  triggerLevel?: number;
  /** Label of that rule. @default {"observed trigger"} */
  triggerLabel?: string;
}

/**
 * Line colours, in series order (Observable's 10-colour scheme), CSS hex; also the most series
 * one figure takes.
 *
 * @example
 * ```ts
 * import { CONTEXT_FIGURE_COLORS } from "./context_figure.ts";
 * import assert from "node:assert/strict";
 * assert.equal(CONTEXT_FIGURE_COLORS.length, 10);
 * ```
 */
export const CONTEXT_FIGURE_COLORS = [
  "#4269d0",
  "#efb118",
  "#ff725c",
  "#6cc5b0",
  "#3ca951",
  "#ff8ab7",
  "#a463f2",
  "#97bbf5",
  "#9c6b4e",
  "#9498a0",
] as const;

function _tokens(value: number): string {
  if (Math.abs(value) >= 1e6) return `${+(value / 1e6).toFixed(2)}M`;
  if (Math.abs(value) >= 1e3) return `${+(value / 1e3).toFixed(1)}K`;
  return String(value);
}

/**
 * Draws context size against request number, one line per series.
 *
 * @param series One entry per session (at most 10, one colour each).
 * @param options Title, trigger marker, size.
 * @returns A standalone SVG document string.
 * @throws {RangeError} With no series, more than 10, or a series without requests.
 *
 * @example Two sessions and the trigger
 * ```ts
 * import { contextFigure } from "./context_figure.ts";
 * import assert from "node:assert/strict";
 *
 * const svg = contextFigure(
 *   [
 *     { label: "main session 1", context: [20_000, 90_000, 160_000, 30_000, 80_000] },
 *     { label: "main session 2", context: new Float64Array([15_000, 60_000, 120_000]) },
 *   ],
 *   { triggerLevel: 150_000 },
 * );
 * assert.match(svg, />main session 2<\/text>/);
 * assert.match(svg, />observed trigger 150K<\/text>/);
 * ```
 */
export function contextFigure(
  series: readonly ContextSeries[],
  options: ContextFigureOptions = {},
): string {
  if (series.length === 0 || series.length > CONTEXT_FIGURE_COLORS.length) {
    throw new RangeError(
      `Cannot draw context figure: need 1 to ${CONTEXT_FIGURE_COLORS.length} series, got ` +
        series.length,
    );
  }
  const {
    title = "Context size, request by request",
    subtitle,
    triggerLevel,
    triggerLabel = "observed trigger",
    ...size
  } = options;
  const rows: { request: number; context: number; series: number }[] = [];
  let top = triggerLevel ?? 0;
  series.forEach((s, k) => {
    if (s.context.length === 0) {
      throw new RangeError(`Cannot draw context figure: series "${s.label}" has no requests`);
    }
    for (let i = 0; i < s.context.length; i++) {
      rows.push({ request: i + 1, context: s.context[i], series: k });
      if (s.context[i] > top) top = s.context[i];
    }
  });
  const legend: LegendItem[] = series.map((s, k) => ({
    label: s.label,
    color: CONTEXT_FIGURE_COLORS[k],
  }));
  const marks: Plot.Markish[] = [
    Plot.gridY({ stroke: "#000", strokeOpacity: 0.08 }),
    Plot.ruleY([0]),
    ...series.map((_, k) =>
      Plot.lineY(rows.filter((r) => r.series === k), {
        x: "request",
        y: "context",
        stroke: CONTEXT_FIGURE_COLORS[k],
        strokeWidth: 1.5,
      })
    ),
  ];
  if (triggerLevel !== undefined) {
    marks.push(
      Plot.ruleY([triggerLevel], { stroke: "#555", strokeDasharray: "5 4", strokeWidth: 1.5 }),
      Plot.text([triggerLevel], {
        y: (d: number) => d,
        frameAnchor: "right",
        textAnchor: "end",
        dy: -7,
        dx: -4,
        text: () => `${triggerLabel} ${_tokens(triggerLevel)}`,
        fill: "#555",
        stroke: "white",
        strokeWidth: 4,
        paintOrder: "stroke",
        fontSize: 11,
        fontWeight: "bold",
      }),
    );
  }
  marks.push(
    Plot.axisX({
      label: "Request number in the session",
      labelAnchor: "center",
      labelArrow: "none",
      fontSize: 11,
    }),
    Plot.axisY({
      label: "Context (tokens)",
      labelAnchor: "center",
      labelArrow: "none",
      labelOffset: 54,
      tickFormat: _tokens,
      fontSize: 11,
    }),
  );
  return renderSvg(
    {
      marginLeft: 70,
      marginRight: 24,
      marginBottom: 46,
      marginTop: 16,
      y: { domain: [0, top * 1.05], nice: true },
      marks,
    },
    { title, subtitle, legend, ...size },
  );
}
