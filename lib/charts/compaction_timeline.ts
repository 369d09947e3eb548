/**
 * The compaction timeline ("did the setting take effect?"): each measured compaction's input
 * size C against its date, automatic, manual and unknown-trigger compactions in their own colour
 * and shape, one panel per model when there are several, the configured trigger level as a
 * dashed rule and the date the setting last changed as a dotted vertical rule, when given. A changed `autoCompactWindow` shows as the automatic dots moving to the
 * new level from the day it was set. Draws the rows it is given (built by
 * `compactionTimelineRows` of lib/trigger); computes nothing. Dates are drawn in UTC, so the same
 * rows give the same SVG on every machine.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { type LegendItem, renderSvg, type RenderSvgOptions } from "./render.ts";

/** One compaction to draw (the shape of lib/trigger's `CompactionTimelineRow`). */
export interface CompactionTimelinePoint {
  /** Boundary time, ms since the Unix epoch. */
  timeMs: number;
  /** C: the compaction's input, tokens. */
  inputTokens: number;
  /** How it was triggered. */
  trigger: "auto" | "manual" | "unknown" | "other";
  /** Model name: one panel per distinct name when there are several. */
  model: string;
}

/** Texts of the timeline, e.g. another language's. */
export interface CompactionTimelineLabels {
  /** X-axis label. */
  axisX: string;
  /** Y-axis label. */
  axisY: string;
  /** Legend of automatic compactions. */
  legendAuto: string;
  /** Legend of manual (`/compact`) compactions. */
  legendManual: string;
  /** Legend of compactions whose trigger was not recorded. */
  legendUnknown: string;
  /** Legend of compactions of another trigger (neither auto nor manual, e.g. idle compaction). */
  legendOther: string;
  /** Legend of the configured level's rule. */
  legendConfigured: string;
  /** Text beside the rule; the level (e.g. `267K`) is appended. */
  markConfigured: string;
  /** Legend of the vertical rule at the setting's last change. @default {"setting last changed"} */
  legendChanged?: string;
  /** Text beside that rule. @default {"changed"} */
  markChanged?: string;
}

/**
 * English texts of the timeline.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { COMPACTION_TIMELINE_LABELS } from "./compaction_timeline.ts";
 * assert.equal(COMPACTION_TIMELINE_LABELS.legendAuto, "automatic");
 * ```
 */
export const COMPACTION_TIMELINE_LABELS: Readonly<CompactionTimelineLabels> = {
  axisX: "Date of the compaction (UTC)",
  axisY: "Compaction input C (tokens)",
  legendAuto: "automatic",
  legendManual: "manual (/compact)",
  legendUnknown: "trigger not recorded",
  legendOther: "other trigger (e.g. idle)",
  legendConfigured: "configured trigger level",
  markConfigured: "configured",
  legendChanged: "setting last changed",
  markChanged: "changed",
};

/**
 * Colours of the timeline, CSS hex: automatic blue, manual orange, unknown grey, other trigger
 * purple, the configured level green.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { COMPACTION_TIMELINE_COLORS } from "./compaction_timeline.ts";
 * assert.equal(COMPACTION_TIMELINE_COLORS.auto, "#4269d0");
 * ```
 */
export const COMPACTION_TIMELINE_COLORS = {
  auto: "#4269d0",
  manual: "#ff725c",
  unknown: "#9a9a9a",
  other: "#a463f2",
  configured: "#3ca951",
} as const;

/** Title, marker, texts and size of {@linkcode compactionTimelineFigure}. */
export interface CompactionTimelineOptions
  extends Pick<RenderSvgOptions, "width" | "charWidth" | "fontFamily"> {
  /**
   * The configured trigger level, tokens of context (e.g. the `autoCompactWindow` in use minus
   * its reserve): a dashed green rule across every panel. Null or undefined: none.
   * @default {undefined}
   */
  configuredLevel?: number | null;
  /**
   * When the setting in use last changed, ms since the epoch: a dotted vertical rule there (the
   * automatic compactions after it should sit at `configuredLevel`). Null or undefined: none;
   * outside the dates drawn: none.
   * @default {undefined}
   */
  changedAtMs?: number | null;
  /** Title. @default {"Compactions over time"} */
  title?: string;
  /** Subtitle. @default {"Each dot is one compaction: its input size C on the day it ran"} */
  subtitle?: string;
  /** Axis and legend texts. @default {COMPACTION_TIMELINE_LABELS} */
  labels?: Partial<CompactionTimelineLabels>;
  /** Height of one model's panel, px. @default {300} */
  panelHeight?: number;
  /**
   * Text of a date tick, e.g. another language's (the date is UTC).
   * @default {Plot's English ticks ("Sep", "2", "6 AM"…)}
   */
  dateTick?: (date: Date) => string;
}

function _tokens(value: number): string {
  if (Math.abs(value) >= 1e6) return `${+(value / 1e6).toFixed(2)}M`;
  if (Math.abs(value) >= 1e3) return `${+(value / 1e3).toFixed(1)}K`;
  return String(+value.toFixed(2));
}

const _TRIGGERS = ["auto", "manual", "unknown", "other"] as const;
// Shape by trigger as well as colour, so the kinds stay apart in grey print and for readers who
// do not tell blue from orange.
const _SYMBOL = {
  auto: "circle",
  manual: "triangle",
  unknown: "diamond",
  other: "square",
} as const;
const _SWATCH = { auto: "dot", manual: "triangle", unknown: "diamond", other: "square" } as const;

/**
 * Draws the compaction timeline.
 *
 * @param rows The compactions, in any order; at least one with a finite time and C.
 * @param options Configured level, texts, size.
 * @returns A standalone SVG document string (see `renderSvg`); `svgToPng` makes it a PNG.
 * @throws {RangeError} When no row has a finite time and C.
 *
 * @example Two automatic compactions and a manual one, the configured level marked
 * ```ts
 * import assert from "node:assert/strict";
 * import { compactionTimelineFigure } from "./compaction_timeline.ts";
 *
 * const day = 86_400_000;
 * const svg = compactionTimelineFigure([
 *   { timeMs: 0, inputTokens: 267_000, trigger: "auto", model: "Claude Opus 5.5" },
 *   { timeMs: day, inputTokens: 90_000, trigger: "manual", model: "Claude Opus 5.5" },
 *   { timeMs: 2 * day, inputTokens: 130_000, trigger: "auto", model: "Claude Opus 5.5" },
 * ], { configuredLevel: 130_000 });
 * assert.match(svg, />configured 130K<\/text>/);
 * assert.match(svg, />manual \(\/compact\)<\/text>/);
 * ```
 */
export function compactionTimelineFigure(
  rows: readonly CompactionTimelinePoint[],
  options: CompactionTimelineOptions = {},
): string {
  const {
    configuredLevel,
    changedAtMs,
    title = "Compactions over time",
    subtitle = "Each dot is one compaction: its input size C on the day it ran",
    labels,
    panelHeight = 300,
    dateTick,
    ...size
  } = options;
  const L = { ...COMPACTION_TIMELINE_LABELS, ...labels };
  const points = rows
    .filter((r) => Number.isFinite(r.timeMs) && Number.isFinite(r.inputTokens))
    .map((r) => ({ ...r, date: new Date(r.timeMs) }));
  if (points.length === 0) {
    throw new RangeError(
      `Cannot draw compaction timeline: ${
        rows.length === 1
          ? "the 1 compaction does not have"
          : `none of the ${rows.length} compactions has`
      } a finite time and input size`,
    );
  }
  const models = [...new Set(points.map((p) => p.model))];
  const faceted = models.length > 1;
  const fy = faceted ? "model" : undefined;
  const present = _TRIGGERS.filter((t) => points.some((p) => p.trigger === t));
  const legendText = {
    auto: L.legendAuto,
    manual: L.legendManual,
    unknown: L.legendUnknown,
    other: L.legendOther,
  };
  const legend: LegendItem[] = present.map((t) => ({
    label: legendText[t],
    color: COMPACTION_TIMELINE_COLORS[t],
    // The legend shows each kind's own symbol, as the points draw it.
    swatch: _SWATCH[t],
  }));
  const level = configuredLevel != null && Number.isFinite(configuredLevel)
    ? configuredLevel
    : undefined;
  const high = Math.max(...points.map((p) => p.inputTokens), level ?? 0);
  const marks: Plot.Markish[] = [Plot.gridY({ stroke: "#000", strokeOpacity: 0.08 })];
  if (level !== undefined) {
    legend.push({
      label: L.legendConfigured,
      color: COMPACTION_TIMELINE_COLORS.configured,
      swatch: "dashed",
    });
    marks.push(
      Plot.ruleY([level], {
        stroke: COMPACTION_TIMELINE_COLORS.configured,
        strokeDasharray: "6 4",
        strokeWidth: 1.5,
      }),
      Plot.text([level], {
        y: (d: number) => d,
        frameAnchor: "left",
        text: (d: number) => `${L.markConfigured} ${_tokens(d)}`,
        textAnchor: "start",
        dx: 4,
        dy: -7,
        fontSize: 10,
        fill: COMPACTION_TIMELINE_COLORS.configured,
      }),
    );
  }
  const first = Math.min(...points.map((p) => p.timeMs));
  const lastTime = Math.max(...points.map((p) => p.timeMs));
  if (
    changedAtMs != null && Number.isFinite(changedAtMs) && changedAtMs >= first &&
    changedAtMs <= lastTime
  ) {
    const changed = new Date(changedAtMs);
    legend.push({
      label: L.legendChanged ?? COMPACTION_TIMELINE_LABELS.legendChanged!,
      color: COMPACTION_TIMELINE_COLORS.configured,
      swatch: "dashed",
    });
    marks.push(
      Plot.ruleX([changed], {
        stroke: COMPACTION_TIMELINE_COLORS.configured,
        strokeDasharray: "2 3",
        strokeWidth: 1.5,
      }),
      Plot.text([changed], {
        x: (d: Date) => d,
        frameAnchor: "top",
        text: () => L.markChanged ?? COMPACTION_TIMELINE_LABELS.markChanged!,
        textAnchor: "start",
        dx: 4,
        dy: 8,
        fontSize: 10,
        fill: COMPACTION_TIMELINE_COLORS.configured,
      }),
    );
  }
  for (const t of present) {
    marks.push(
      Plot.dot(points.filter((p) => p.trigger === t), {
        x: "date",
        y: "inputTokens",
        fy,
        r: 4.5,
        symbol: _SYMBOL[t],
        fill: COMPACTION_TIMELINE_COLORS[t],
        fillOpacity: 0.85,
        stroke: "white",
        strokeWidth: 0.8,
      }),
    );
  }
  marks.push(
    Plot.axisX({
      label: L.axisX,
      labelAnchor: "center",
      labelArrow: "none",
      fontSize: 11,
      ...(dateTick === undefined ? {} : { tickFormat: dateTick }),
    }),
    Plot.axisY({
      label: L.axisY,
      labelAnchor: "center",
      labelArrow: "none",
      labelOffset: 54,
      tickFormat: _tokens,
      fontSize: 11,
    }),
  );
  if (faceted) {
    marks.push(Plot.axisFy({ label: null, anchor: "right", fontSize: 11, textAnchor: "start" }));
  }
  const low = Math.min(...points.map((p) => p.timeMs));
  const last = Math.max(...points.map((p) => p.timeMs));
  // A single day (or a single compaction) still gets a readable axis: an hour either side.
  const pad = Math.max((last - low) * 0.03, 3_600_000);
  return renderSvg(
    {
      marginLeft: 70,
      marginRight: faceted ? 130 : 24,
      marginTop: 16,
      marginBottom: 46,
      x: { type: "utc", domain: [new Date(low - pad), new Date(last + pad)] },
      y: { domain: [0, high * 1.08], nice: true },
      fy: faceted ? { domain: models, padding: 0.12 } : undefined,
      symbol: { type: "identity" },
      marks,
    },
    {
      title,
      subtitle,
      legend,
      width: 720,
      plotHeight: 62 + panelHeight * models.length,
      ...size,
    },
  );
}
