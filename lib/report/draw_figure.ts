/**
 * The page's figure: cost per 1M tokens against the compaction trigger with its p10–p90 band,
 * the share of agent time spent compacting in orange on a right axis, and the observed trigger,
 * the lowest-cost trigger and the steady-state T* marked. Drawn by Observable Plot into the
 * browser's DOM (or any DOM given, such as linkedom's in tests).
 *
 * Plot has no second y axis, so the time share is mapped linearly onto the cost scale (share 0
 * at the bottom of the cost axis, the right axis' top share at its top) and a right axis with
 * share labels is drawn at the mapped positions. The figure draws the numbers it is given; it
 * computes no statistic and finds no optimum itself.
 *
 * Each line and band carries a class (`cost-mean`, `cost-band`, `time-share-mean`,
 * `time-share-band`, `optimum`, …) so a test can find it.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import { formatNumber } from "./format_number.ts";

/** A mean with its 10th and 90th percentile, one entry per trigger. */
export interface FigureBand {
  mean: ArrayLike<number>;
  p10: ArrayLike<number>;
  p90: ArrayLike<number>;
}

/** What {@linkcode drawFigure} draws. */
export interface FigureView {
  /** Triggers in ascending order, tokens. */
  triggers: ArrayLike<number>;
  /** Cost per 1M billed tokens, USD. */
  costPerMillion: FigureBand;
  /** Share of agent time spent compacting, 0…1. */
  timeShare: FigureBand;
  /** Trigger level seen in the transcripts, tokens: a dashed grey rule. */
  observedTrigger?: number | null;
  /** Trigger of the lowest mean cost, tokens: a green rule and a dot on the cost curve. */
  optimumTrigger?: number | null;
  /** Steady-state T*, tokens: a dotted purple rule. */
  steadyStateTrigger?: number | null;
}

/** Size and DOM of {@linkcode drawFigure}. */
export interface DrawFigureOptions {
  /** Width, px. @default {880} */
  width?: number;
  /** Height, px. @default {440} */
  height?: number;
  /** The DOM to draw into. @default {globalThis.document} */
  document?: Document;
}

/** Colours of the page's figure (as the published figure: blue cost, orange time share). */
export const FIGURE_COLORS = {
  cost: "#1f77b4",
  timeShare: "#e8710a",
  observed: "#555555",
  optimum: "#2ca02c",
  steadyState: "#9467bd",
} as const;

function _niceStep(span: number, count: number): number {
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
  return 10 * power;
}

function _decimals(step: number): number {
  return Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
}

function _check(view: FigureView): number {
  const n = view.triggers.length;
  if (n < 2) {
    throw new RangeError(`Cannot draw the figure: need at least 2 triggers, got ${n}`);
  }
  for (
    const [name, band] of [["costPerMillion", view.costPerMillion], [
      "timeShare",
      view.timeShare,
    ]] as const
  ) {
    for (const key of ["mean", "p10", "p90"] as const) {
      if (band[key].length !== n) {
        throw new RangeError(
          `Cannot draw the figure: ${name}.${key} has ${band[key].length} values for ${n} triggers`,
        );
      }
    }
  }
  return n;
}

/**
 * Draws the figure from curves that are already computed.
 *
 * @param view Triggers, the two bands and the markers.
 * @param options Width, height and the DOM.
 * @returns The `<svg>` element Plot made (not attached to the document).
 * @throws {RangeError} When there are fewer than 2 triggers or the lengths differ.
 *
 * @example Drawn into linkedom's DOM
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseHTML } from "linkedom";
 * import { drawFigure } from "./draw_figure.ts";
 *
 * const { document } = parseHTML("<!doctype html><html><body></body></html>");
 * const band = (...mean: number[]) => ({ mean, p10: mean.map((m) => m * 0.9), p90: mean.map((m) => m * 1.1) });
 * const svg = drawFigure({
 *   triggers: [100_000, 200_000, 300_000],
 *   costPerMillion: band(1.4, 1.1, 1.2),
 *   timeShare: band(0.12, 0.05, 0.03),
 *   optimumTrigger: 200_000,
 * }, { document: document as unknown as Document });
 * assert.ok(svg.querySelector('g.cost-mean path'));
 * assert.match(svg.outerHTML, />lowest cost 200K</);
 * ```
 */
export function drawFigure(view: FigureView, options: DrawFigureOptions = {}): SVGSVGElement {
  const n = _check(view);
  const { width = 880, height = 440, document = globalThis.document } = options;
  const cost = view.costPerMillion;
  const share = view.timeShare;

  let costLow = Infinity, costHigh = -Infinity, shareHigh = 0;
  for (let i = 0; i < n; i++) {
    for (const c of [cost.mean[i], cost.p10[i], cost.p90[i]]) {
      if (Number.isFinite(c)) {
        costLow = Math.min(costLow, c);
        costHigh = Math.max(costHigh, c);
      }
    }
    for (const s of [share.mean[i], share.p10[i], share.p90[i]]) {
      if (Number.isFinite(s)) shareHigh = Math.max(shareHigh, s);
    }
  }
  if (!Number.isFinite(costLow)) costLow = costHigh = 0;
  if (costHigh === costLow) costHigh = costLow + Math.max(Math.abs(costLow) * 0.1, 0.01);
  const costStep = _niceStep(costHigh - costLow, 6);
  const y0 = Math.floor(costLow / costStep) * costStep;
  const y1 = Math.ceil(costHigh / costStep) * costStep;
  const costTicks: number[] = [];
  for (let k = 0; y0 + k * costStep <= y1 + costStep * 1e-9; k++) costTicks.push(y0 + k * costStep);

  const shareStep = _niceStep(shareHigh > 0 ? shareHigh : 0.01, 4);
  const shareTop = Math.max(shareStep, Math.ceil(shareHigh / shareStep - 1e-9) * shareStep);
  const toCost = (s: number) => y0 + (s / shareTop) * (y1 - y0);
  const shareTicks = new Map<number, string>();
  const shareDigits = _decimals(shareStep * 100);
  for (let k = 0; k * shareStep <= shareTop + shareStep * 1e-9; k++) {
    shareTicks.set(
      toCost(k * shareStep),
      formatNumber(k * shareStep, { style: "percent", digits: shareDigits }),
    );
  }

  const rows = [];
  for (let i = 0; i < n; i++) {
    rows.push({
      trigger: view.triggers[i],
      cost: cost.mean[i],
      cost10: cost.p10[i],
      cost90: cost.p90[i],
      share: toCost(share.mean[i]),
      share10: toCost(share.p10[i]),
      share90: toCost(share.p90[i]),
    });
  }

  const xMin = view.triggers[0], xMax = view.triggers[n - 1];
  const inside = (x: number | null | undefined): x is number =>
    typeof x === "number" && Number.isFinite(x) && x >= xMin && x <= xMax;
  const markers: { x: number; text: string; color: string; dash: string; label: string }[] = [];
  if (inside(view.observedTrigger)) {
    markers.push({
      x: view.observedTrigger,
      text: `observed ${formatNumber(view.observedTrigger, { style: "tokens" })}`,
      color: FIGURE_COLORS.observed,
      dash: "5 4",
      label: "observed",
    });
  }
  if (inside(view.optimumTrigger)) {
    markers.push({
      x: view.optimumTrigger,
      text: `lowest cost ${formatNumber(view.optimumTrigger, { style: "tokens" })}`,
      color: FIGURE_COLORS.optimum,
      dash: "none",
      label: "optimum",
    });
  }
  if (inside(view.steadyStateTrigger)) {
    markers.push({
      x: view.steadyStateTrigger,
      text: `T* ≈ ${formatNumber(view.steadyStateTrigger, { style: "tokens" })}`,
      color: FIGURE_COLORS.steadyState,
      dash: "2 3",
      label: "steady-state",
    });
  }
  const labelRow = 15;
  const marginTop = 14 + labelRow * Math.max(1, markers.length);
  const optimumRow = inside(view.optimumTrigger)
    ? rows.find((r) => r.trigger === view.optimumTrigger)
    : undefined;

  const marks: Plot.Markish[] = [
    Plot.gridY(costTicks, { stroke: "#000", strokeOpacity: 0.08 }),
    Plot.areaY(rows, {
      x: "trigger",
      y1: "share10",
      y2: "share90",
      fill: FIGURE_COLORS.timeShare,
      fillOpacity: 0.18,
      className: "time-share-band",
    }),
    Plot.areaY(rows, {
      x: "trigger",
      y1: "cost10",
      y2: "cost90",
      fill: FIGURE_COLORS.cost,
      fillOpacity: 0.22,
      className: "cost-band",
    }),
    Plot.lineY(rows, {
      x: "trigger",
      y: "cost",
      stroke: FIGURE_COLORS.cost,
      strokeWidth: 2.5,
      className: "cost-mean",
    }),
    Plot.lineY(rows, {
      x: "trigger",
      y: "share",
      stroke: FIGURE_COLORS.timeShare,
      strokeWidth: 2.5,
      className: "time-share-mean",
    }),
    ...markers.flatMap((m, i) => {
      const right = m.x > xMin + 0.6 * (xMax - xMin);
      return [
        Plot.ruleX([m.x], {
          stroke: m.color,
          strokeWidth: 1.5,
          strokeDasharray: m.dash,
          className: `${m.label}-rule`,
        }),
        Plot.text([m.x], {
          x: (d: number) => d,
          frameAnchor: "top",
          dy: -(marginTop - 8) + labelRow * i + labelRow / 2,
          dx: right ? -4 : 4,
          textAnchor: right ? "end" : "start",
          text: () => m.text,
          fill: m.color,
          fontSize: 12,
          fontWeight: "bold",
          className: `${m.label}-label`,
        }),
      ];
    }),
    ...(optimumRow
      ? [
        Plot.dot([optimumRow], {
          x: "trigger",
          y: "cost",
          r: 5.5,
          fill: FIGURE_COLORS.optimum,
          stroke: "white",
          strokeWidth: 1.5,
          className: "optimum",
        }),
      ]
      : []),
    Plot.axisX({
      label: "Compaction trigger (tokens of context)",
      labelAnchor: "center",
      labelArrow: "none",
      labelOffset: 36,
      tickFormat: (d: number) => formatNumber(d, { style: "tokens" }),
      fontSize: 12,
    }),
    Plot.axisY(costTicks, {
      label: "Cost per 1M tokens (USD)",
      labelAnchor: "center",
      labelOffset: 58,
      labelArrow: "none",
      tickFormat: (d: number) => "$" + d.toFixed(_decimals(costStep)),
      fontSize: 12,
      color: FIGURE_COLORS.cost,
    }),
    Plot.axisY([...shareTicks.keys()], {
      anchor: "right",
      label: "Time spent compacting (% of agent time)",
      labelAnchor: "center",
      labelOffset: 58,
      labelArrow: "none",
      tickFormat: (d: number) => shareTicks.get(d) ?? "",
      fontSize: 12,
      color: FIGURE_COLORS.timeShare,
    }),
  ];

  return Plot.plot({
    document,
    width,
    height,
    marginTop,
    marginLeft: 76,
    marginRight: 76,
    marginBottom: 48,
    x: { domain: [xMin, xMax] },
    y: { domain: [y0, y1] },
    style: { fontSize: "12px", overflow: "visible" },
    marks,
  }) as SVGSVGElement;
}
