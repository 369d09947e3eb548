/**
 * The one definition of the trigger figure: cost per 1M tokens against the compaction trigger
 * with its p10–p90 band on the left axis, the share of agent time spent compacting in orange on
 * a right axis, and the observed trigger, the lowest-cost trigger and the steady-state T*
 * marked. It builds Observable Plot options and touches no DOM, so the same figure is drawn on
 * the server (`triggerFigure`: linkedom, standalone SVG, PNG) and in the report page (the
 * browser's DOM, redrawn as the sliders move).
 *
 * Plot has no second y axis, so the time share is mapped linearly onto the cost scale (share 0
 * at the bottom of the cost axis, the right axis' top share at its top) and a right axis with
 * share labels is drawn at the mapped positions. The figure draws the numbers it is given; it
 * computes no statistic and finds no optimum itself.
 *
 * Each line, band and marker carries a class (`cost-mean`, `cost-band`, `time-share-mean`,
 * `time-share-band`, `optimum`, `observed-rule`, `near-optimal`, `extrapolated`,
 * `extrapolated-hatch`, …) so that a test or a style sheet can find it.
 *
 * Two zones can be drawn behind and over the curves (docs/method.md, Near-optimal ranges and
 * Support and the extrapolated zone): the triggers within 2% of the lowest mean cost, shaded
 * green behind the curves, and the extrapolated triggers, faded with a white veil and hatched
 * in grey over them.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import type { LegendItem } from "./render.ts";
import { cutAtTop } from "./cut_at_top.ts";

/** A mean with its 10th and 90th percentile, one entry per trigger; NaN: unknown. */
export interface TriggerBandColumns {
  mean: ArrayLike<number>;
  p10: ArrayLike<number>;
  p90: ArrayLike<number>;
}

/** What {@linkcode triggerPlot} draws: curves as columns, one entry per trigger. */
export interface TriggerFigureView {
  /** Triggers in ascending order, tokens. */
  triggers: ArrayLike<number>;
  /** Cost per 1M billed tokens, USD. */
  costPerMillion: TriggerBandColumns;
  /** Share of agent time spent compacting, 0…1. */
  timeShare: TriggerBandColumns;
  /** Trigger level seen in the transcripts, tokens: a dashed grey rule. Drawn when in range. */
  observedTrigger?: number | null;
  /** Trigger of the lowest mean cost, tokens: a green rule and a dot on the cost curve. */
  optimumTrigger?: number | null;
  /** Steady-state T*, tokens: a dotted purple rule. Drawn when in range. */
  steadyStateTrigger?: number | null;
  /** Texts drawn in the figure, e.g. another language's. @default {TRIGGER_PLOT_LABELS} */
  labels?: Partial<TriggerPlotLabels>;
  /**
   * Input size above which the model's price rises to a higher tier, tokens: a dash-dot red
   * rule (the cheapest trigger can sit just below it). Drawn when in range.
   */
  tierThreshold?: number | null;
  /**
   * Triggers whose mean cost is within 2% of the lowest, tokens: a green zone behind the
   * curves. Drawn when inside the trigger range. @default {none}
   */
  nearOptimalRange?: { fromTokens: number; toTokens: number } | null;
  /**
   * One flag per trigger: true where the trigger is extrapolated (few sessions reach it, or the
   * compaction models were not measured near it): each run is faded and hatched, reaching
   * halfway to its neighbours. @default {none}
   */
  extrapolated?: ArrayLike<boolean> | null;
  /**
   * The mean cost per 1M tokens without the rework after each compaction (docs/method.md, Cost
   * of forgetting), one entry per trigger: a thin dashed line in the cost's colour beside the
   * cost with rework. Null or absent: not drawn (the curves carry no rework).
   */
  costWithoutRework?: ArrayLike<number> | null;
  /**
   * The trigger of the lowest mean cost without rework, tokens: a thin dashed green rule and a
   * hollow dot on the dashed line. Drawn when in range and `costWithoutRework` is given.
   */
  optimumWithoutReworkTrigger?: number | null;
}

/** Every text {@linkcode triggerPlot} draws: axis labels, marker labels, legend entries. */
export interface TriggerPlotLabels {
  axisX: string;
  axisCost: string;
  axisShare: string;
  /** Marker labels, followed by the trigger ("observed 267.9K"). */
  markObserved: string;
  markOptimum: string;
  markTStar: string;
  legendCost: string;
  legendShare: string;
  legendObserved: string;
  legendOptimum: string;
  legendTStar: string;
  /** The price-tier rule's label and legend entry. */
  markTier: string;
  legendTier: string;
  /** Legend entries of the two zones. */
  legendNearOptimal: string;
  legendExtrapolated: string;
  /** The cost without rework (thin dashed), its optimum's label and legend entry. */
  legendCostWithoutRework: string;
  markOptimumWithoutRework: string;
  legendOptimumWithoutRework: string;
}

/**
 * The figure's English texts (the default of {@linkcode TriggerFigureView.labels}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TRIGGER_PLOT_LABELS } from "./trigger_plot.ts";
 *
 * assert.equal(TRIGGER_PLOT_LABELS.markOptimum, "lowest cost");
 * ```
 */
export const TRIGGER_PLOT_LABELS: Readonly<TriggerPlotLabels> = {
  axisX: "Compaction trigger (tokens of context)",
  axisCost: "Cost per 1M tokens (USD)",
  axisShare: "Time spent compacting (% of agent time)",
  markObserved: "observed",
  markOptimum: "lowest cost",
  markTStar: "T* ≈",
  legendCost: "Cost per 1M tokens, USD (left axis)",
  legendShare: "Share of agent time spent compacting (right axis)",
  legendObserved: "Observed trigger",
  legendOptimum: "Lowest replay cost",
  legendTStar: "Steady-state T*",
  markTier: "higher price above",
  legendTier: "Higher price tier above this input",
  legendNearOptimal: "Within 2% of the lowest cost",
  legendExtrapolated: "Extrapolated (few sessions, or compaction sizes not measured)",
  legendCostWithoutRework: "Cost per 1M tokens without the re-reads after each compaction",
  markOptimumWithoutRework: "lowest without re-reads",
  legendOptimumWithoutRework: "Lowest cost without the re-reads",
};

/** The trigger figure as Plot options, with the legend that names what it draws. */
export interface TriggerPlot {
  /**
   * Options for `Plot.plot`: marks, scales, margins and style. Add `width`, `height` and, away
   * from a browser, `document`.
   */
  options: Plot.PlotOptions;
  /** One item per drawn series and marker, for a legend drawn beside the plot. */
  legend: LegendItem[];
}

/**
 * Colours of the trigger figure, CSS hex: blue cost, orange time share (dark enough for
 * readable text on white), grey observed trigger, green optimum, purple T*, red price-tier
 * threshold.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TRIGGER_FIGURE_COLORS } from "./trigger_plot.ts";
 *
 * assert.equal(TRIGGER_FIGURE_COLORS.timeShare, "#e8710a");
 * ```
 */
export const TRIGGER_FIGURE_COLORS = {
  cost: "#1f77b4",
  timeShare: "#e8710a",
  observed: "#555555",
  optimum: "#2ca02c",
  steadyState: "#9467bd",
  tierThreshold: "#c0392b",
  nearOptimal: "#2ca02c",
  extrapolated: "#7f7f7f",
} as const;

/** Band fill opacity, line width and font size of the figure. */
const STYLE = {
  costBandOpacity: 0.2,
  timeShareBandOpacity: 0.15,
  lineWidth: 2.5,
  fontSize: 12,
  /** Height of one marker label row in the top margin, px. */
  labelRow: 15,
} as const;

/**
 * The three markers, in label-row order: rule dash, label and legend text (keys of the labels)
 * and class name.
 */
const _MARKERS = [
  {
    key: "observedTrigger",
    name: "observed",
    text: "markObserved",
    color: TRIGGER_FIGURE_COLORS.observed,
    dash: "5 4",
    legend: "legendObserved",
    swatch: "dashed",
  },
  {
    key: "optimumTrigger",
    name: "optimum",
    text: "markOptimum",
    color: TRIGGER_FIGURE_COLORS.optimum,
    dash: "none",
    legend: "legendOptimum",
    swatch: "dot",
  },
  {
    key: "optimumWithoutReworkTrigger",
    name: "optimum-without-rework",
    text: "markOptimumWithoutRework",
    color: TRIGGER_FIGURE_COLORS.optimum,
    dash: "3 3",
    legend: "legendOptimumWithoutRework",
    swatch: "dashed",
  },
  {
    key: "steadyStateTrigger",
    name: "steady-state",
    text: "markTStar",
    color: TRIGGER_FIGURE_COLORS.steadyState,
    dash: "2 3",
    legend: "legendTStar",
    swatch: "dotted",
  },
  {
    key: "tierThreshold",
    name: "tier-threshold",
    text: "markTier",
    color: TRIGGER_FIGURE_COLORS.tierThreshold,
    dash: "8 3 2 3",
    legend: "legendTier",
    swatch: "dashed",
  },
] as const;

/**
 * The zones in data coordinates: the near-optimal range (clipped to the trigger range), the
 * extrapolated runs (each reaching halfway to the next trigger, and to the edges at the ends),
 * and the hatch lines over those runs: diagonals 1/40 of the trigger range apart, clipped to
 * each run.
 */
function _zones(view: TriggerFigureView, xMin: number, xMax: number, y0: number, y1: number) {
  const near: { x1: number; x2: number }[] = [];
  const r = view.nearOptimalRange;
  if (r && Number.isFinite(r.fromTokens) && Number.isFinite(r.toTokens)) {
    const x1 = Math.max(xMin, r.fromTokens), x2 = Math.min(xMax, r.toTokens);
    // A one-point range still shows: a thin zone around its trigger.
    const pad = x1 === x2 ? (xMax - xMin) / 200 : 0;
    if (x1 <= x2) near.push({ x1: Math.max(xMin, x1 - pad), x2: Math.min(xMax, x2 + pad) });
  }
  const extrapolated: { x1: number; x2: number }[] = [];
  const flags = view.extrapolated;
  const t = view.triggers;
  const n = t.length;
  if (flags && flags.length === n) {
    for (let i = 0; i < n; i++) {
      if (!flags[i]) continue;
      let j = i;
      while (j + 1 < n && flags[j + 1]) j++;
      extrapolated.push({
        x1: i === 0 ? xMin : (t[i - 1] + t[i]) / 2,
        x2: j === n - 1 ? xMax : (t[j] + t[j + 1]) / 2,
      });
      i = j;
    }
  }
  const hatch: { x1: number; y1: number; x2: number; y2: number }[] = [];
  const spacing = (xMax - xMin) / 40;
  const run = 2 * spacing; // x advance of one diagonal from the bottom to the top
  for (const z of extrapolated) {
    for (let start = z.x1 - run; start < z.x2; start += spacing) {
      // The diagonal x(u) = start + u·run, y(u) = y0 + u·(y1 − y0), u in [0, 1], clipped to z.
      const u0 = Math.max(0, (z.x1 - start) / run), u1 = Math.min(1, (z.x2 - start) / run);
      if (u1 <= u0) continue;
      hatch.push({
        x1: start + u0 * run,
        y1: y0 + u0 * (y1 - y0),
        x2: start + u1 * run,
        y2: y0 + u1 * (y1 - y0),
      });
    }
  }
  return { near, extrapolated, hatch };
}

/** The cost axis ends at the highest cost up to this many times the lowest mean cost. */
const COST_CAP = 4;

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
  return String(Math.round(value));
}

function _check(view: TriggerFigureView): number {
  const n = view.triggers.length;
  if (n < 2) {
    throw new RangeError(`Cannot draw the trigger figure: need at least 2 triggers, got ${n}`);
  }
  const bands = [["costPerMillion", view.costPerMillion], ["timeShare", view.timeShare]] as const;
  for (const [name, band] of bands) {
    for (const key of ["mean", "p10", "p90"] as const) {
      if (band[key].length !== n) {
        throw new RangeError(
          `Cannot draw the trigger figure: ${name}.${key} has ${band[key].length} values for ` +
            `${n} triggers`,
        );
      }
    }
  }
  return n;
}

/**
 * Builds the trigger figure from curves that are already computed.
 *
 * @param view Triggers, the two bands and the markers.
 * @returns Plot options (without size and DOM) and the legend items.
 * @throws {RangeError} When there are fewer than 2 triggers or the lengths differ.
 *
 * @example Drawn into linkedom's DOM
 * ```ts
 * import assert from "node:assert/strict";
 * import * as Plot from "@observablehq/plot";
 * import { parseHTML } from "linkedom";
 * import { triggerPlot } from "./trigger_plot.ts";
 *
 * const { document } = parseHTML("<!doctype html><html><body></body></html>");
 * const band = (...mean: number[]) => ({
 *   mean, p10: mean.map((m) => m * 0.9), p90: mean.map((m) => m * 1.1),
 * });
 * const figure = triggerPlot({
 *   triggers: [100_000, 200_000, 300_000],
 *   costPerMillion: band(1.4, 1.1, 1.2),
 *   timeShare: band(0.12, 0.05, 0.03),
 *   optimumTrigger: 200_000,
 * });
 * const svg = Plot.plot({
 *   ...figure.options, width: 640, height: 360, document: document as unknown as Document,
 * });
 * assert.ok(svg.querySelector("g.cost-mean path"));
 * assert.match(svg.outerHTML, />lowest cost 200K</);
 * assert.equal(figure.legend.length, 3); // cost, time share, lowest cost
 * ```
 */
export function triggerPlot(view: TriggerFigureView): TriggerPlot {
  const n = _check(view);
  const C = TRIGGER_FIGURE_COLORS;
  const cost = view.costPerMillion;
  const share = view.timeShare;
  const L = { ...TRIGGER_PLOT_LABELS, ...view.labels };

  // The cost without rework, when drawn (same length as the triggers).
  const without = view.costWithoutRework ?? null;
  if (without !== null && without.length !== n) {
    throw new RangeError(
      `Cannot draw the trigger figure: costWithoutRework has ${without.length} values for ` +
        `${n} triggers`,
    );
  }
  // Left axis: a nice cost domain around every known cost value up to COST_CAP × the lowest mean
  // cost; a higher one (a trigger so low that the re-reads after each compaction fill the
  // context again at once) leaves the top of the plot (cut there) rather than squash the curves.
  let lowestMean = Infinity;
  for (let i = 0; i < n; i++) {
    if (Number.isFinite(cost.mean[i]) && cost.mean[i] < lowestMean) lowestMean = cost.mean[i];
  }
  const cap = lowestMean > 0 && Number.isFinite(lowestMean) ? COST_CAP * lowestMean : Infinity;
  let costLow = Infinity, costHigh = -Infinity, shareHigh = 0, clipped = false;
  for (let i = 0; i < n; i++) {
    for (const c of [cost.mean[i], cost.p10[i], cost.p90[i], without?.[i] ?? NaN]) {
      if (c > cap) clipped = true;
      else if (Number.isFinite(c)) {
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

  // Right axis: share 0 … shareTop mapped onto y0 … y1.
  const shareStep = _niceStep(shareHigh > 0 ? shareHigh : 0.01, 5);
  const shareTop = Math.max(shareStep, Math.ceil(shareHigh / shareStep - 1e-9) * shareStep);
  const toCost = (s: number) => y0 + (s / shareTop) * (y1 - y0);
  const shareTicks = new Map<number, string>();
  const shareDigits = _decimals(shareStep * 100);
  for (let k = 0; k * shareStep <= shareTop + shareStep * 1e-9; k++) {
    shareTicks.set(toCost(k * shareStep), `${(k * shareStep * 100).toFixed(shareDigits)}%`);
  }

  const rows = Array.from({ length: n }, (_, i) => ({
    trigger: view.triggers[i],
    cost: cost.mean[i],
    cost10: cost.p10[i],
    cost90: cost.p90[i],
    share: toCost(share.mean[i]),
    share10: toCost(share.p10[i]),
    share90: toCost(share.p90[i]),
    costWithout: without?.[i] ?? NaN,
  }));

  // Markers inside the trigger range, each with its own label row in the top margin.
  const xMin = view.triggers[0], xMax = view.triggers[n - 1];
  const inside = (x: number | null | undefined): x is number =>
    typeof x === "number" && Number.isFinite(x) && x >= xMin && x <= xMax;
  const legend: LegendItem[] = [
    { label: L.legendCost, color: C.cost, swatch: "band" },
    { label: L.legendShare, color: C.timeShare, swatch: "band" },
  ];
  if (without !== null) {
    legend.push({ label: L.legendCostWithoutRework, color: C.cost, swatch: "dashed" });
  }
  const markers = _MARKERS.flatMap((marker) => {
    const x = marker.key === "optimumWithoutReworkTrigger" && without === null
      ? null
      : view[marker.key];
    return inside(x) ? [{ ...marker, x, text: `${L[marker.text]} ${_tokens(x)}` }] : [];
  });
  for (const m of markers) legend.push({ label: L[m.legend], color: m.color, swatch: m.swatch });
  const { labelRow, fontSize, lineWidth } = STYLE;
  const marginTop = 14 + labelRow * Math.max(1, markers.length);
  const optimumRow = inside(view.optimumTrigger)
    ? rows.find((r) => r.trigger === view.optimumTrigger && Number.isFinite(r.cost))
    : undefined;
  const optimumWithoutRow = without !== null && inside(view.optimumWithoutReworkTrigger)
    ? rows.find((r) =>
      r.trigger === view.optimumWithoutReworkTrigger && Number.isFinite(r.costWithout)
    )
    : undefined;

  const zones = _zones(view, xMin, xMax, y0, y1);
  if (zones.near.length > 0) {
    legend.push({ label: L.legendNearOptimal, color: C.nearOptimal, swatch: "band" });
  }
  if (zones.extrapolated.length > 0) {
    legend.push({ label: L.legendExtrapolated, color: C.extrapolated, swatch: "band" });
  }

  type Column = keyof (typeof rows)[number];
  // A cost above the axis is cut at its top in the data rather than clipped: the same drawing,
  // and the PNG renderer draws a clip path as a mask over the whole canvas (cut_at_top.ts).
  const drawn = clipped
    ? cutAtTop(rows, {
      clamp: ["cost10", "cost90", "share10", "share90"],
      gap: ["cost", "costWithout", "share"],
    }, y1)
    : rows;
  const band = (y1: Column, y2: Column, fill: string, fillOpacity: number, className: string) =>
    Plot.areaY(drawn, { x: "trigger", y1, y2, fill, fillOpacity, className });
  const line = (y: Column, stroke: string, className: string) =>
    Plot.lineY(drawn, { x: "trigger", y, stroke, strokeWidth: lineWidth, className });

  const marks: Plot.Markish[] = [
    ...(zones.near.length > 0
      ? [
        Plot.rectX(zones.near, {
          x1: "x1",
          x2: "x2",
          y1: y0,
          y2: y1,
          fill: C.nearOptimal,
          fillOpacity: 0.12,
          className: "near-optimal",
        }),
      ]
      : []),
    Plot.gridY(costTicks, { stroke: "#000", strokeOpacity: 0.08 }),
    band("share10", "share90", C.timeShare, STYLE.timeShareBandOpacity, "time-share-band"),
    band("cost10", "cost90", C.cost, STYLE.costBandOpacity, "cost-band"),
    line("cost", C.cost, "cost-mean"),
    ...(without === null ? [] : [
      Plot.lineY(drawn, {
        x: "trigger",
        y: "costWithout",
        stroke: C.cost,
        strokeWidth: 1.2,
        strokeDasharray: "5 3",
        className: "cost-without-rework",
      }),
    ]),
    line("share", C.timeShare, "time-share-mean"),
    ...(zones.extrapolated.length > 0
      ? [
        Plot.rectX(zones.extrapolated, {
          x1: "x1",
          x2: "x2",
          y1: y0,
          y2: y1,
          fill: "white",
          fillOpacity: 0.55,
          className: "extrapolated",
        }),
        Plot.link(zones.hatch, {
          x1: "x1",
          y1: "y1",
          x2: "x2",
          y2: "y2",
          stroke: C.extrapolated,
          strokeOpacity: 0.45,
          strokeWidth: 1,
          className: "extrapolated-hatch",
        }),
      ]
      : []),
    ...markers.flatMap((m, i) => {
      const right = m.x > xMin + 0.6 * (xMax - xMin);
      return [
        Plot.ruleX([m.x], {
          stroke: m.color,
          strokeWidth: 1.5,
          strokeDasharray: m.dash,
          className: `${m.name}-rule`,
        }),
        Plot.text([m.x], {
          x: (d: number) => d,
          frameAnchor: "top",
          dy: -(marginTop - 8) + labelRow * i + labelRow / 2,
          dx: right ? -4 : 4,
          textAnchor: right ? "end" : "start",
          text: () => m.text,
          fill: m.color,
          fontSize,
          fontWeight: "bold",
          className: `${m.name}-label`,
        }),
      ];
    }),
    ...(optimumWithoutRow
      ? [
        Plot.dot([optimumWithoutRow], {
          x: "trigger",
          y: "costWithout",
          r: 4.5,
          fill: "white",
          stroke: C.optimum,
          strokeWidth: 1.5,
          className: "optimum-without-rework",
        }),
      ]
      : []),
    ...(optimumRow
      ? [
        Plot.dot([optimumRow], {
          x: "trigger",
          y: "cost",
          r: 5.5,
          fill: C.optimum,
          stroke: "white",
          strokeWidth: 1.5,
          className: "optimum",
        }),
      ]
      : []),
    Plot.axisX({
      label: L.axisX,
      labelAnchor: "center",
      labelArrow: "none",
      labelOffset: 36,
      tickFormat: _tokens,
      fontSize,
    }),
    Plot.axisY(costTicks, {
      label: L.axisCost,
      labelAnchor: "center",
      labelOffset: 58,
      labelArrow: "none",
      tickFormat: (d: number) => "$" + d.toFixed(_decimals(costStep)),
      fontSize,
      color: C.cost,
    }),
    Plot.axisY([...shareTicks.keys()], {
      anchor: "right",
      label: L.axisShare,
      labelAnchor: "center",
      labelOffset: 58,
      labelArrow: "none",
      tickFormat: (d: number) => shareTicks.get(d) ?? "",
      fontSize,
      color: C.timeShare,
    }),
  ];

  return {
    options: {
      marginTop,
      marginLeft: 76,
      marginRight: 76,
      marginBottom: 48,
      x: { domain: [xMin, xMax] },
      y: { domain: [y0, y1] },
      style: { fontSize: `${fontSize}px`, overflow: "visible" },
      marks,
    },
    legend,
  };
}
