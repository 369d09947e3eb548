/**
 * How sure the recommended trigger is, as a grade with its reasons (docs/method.md, Confidence
 * grade).
 *
 * @module
 */

import { countText } from "../io/count_text.ts";

/** The grades, from firm to not to be acted on. */
export type ConfidenceGrade = "high" | "medium" | "low";

/** What lowers the grade. */
export type ConfidenceReasonCode =
  | "fewTimedCompactions"
  | "weakTimeFit"
  | "fewSessionsAtTrigger"
  | "wideNearOptimalRange"
  | "atGridEdge"
  | "extrapolated"
  | "someTimedCompactions"
  | "spreadBeyondRange"
  | "reworkNotMeasured"
  | "noRecommendation";

/** One reason, with the figure that triggered it and the threshold it missed. */
export interface ConfidenceReason {
  /** What it is about. */
  code: ConfidenceReasonCode;
  /** The grade this reason alone allows at most. */
  level: "medium" | "low";
  /** The measured figure (count, R², share; null when there is none). */
  value: number | null;
  /** The threshold it missed (null when there is none). */
  threshold: number | null;
  /** The reason and what more data would settle it, in English. */
  message: string;
}

/**
 * The reasons to show a reader: all of them, except a medium reason that only repeats a low one
 * about the same count ("3 timed compactions (30 or more …)" beside "only 3 timed compactions (at
 * least 10 …)"). The document keeps every reason; the texts show these.
 *
 * @param confidence The grade and its reasons.
 * @returns The reasons, in their order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { confidenceGrade, shownReasons } from "./confidence.ts";
 * const c = confidenceGrade({
 *   timedCompactions: 4, timeFitRSquared: 0.9, trigger: 100000, sessionsAtTrigger: 40,
 *   outsideMeasuredInput: false, atGridEdge: false,
 *   range: { fromTokens: 90000, toTokens: 110000 }, grid: { fromTokens: 40000, toTokens: 400000 },
 *   spread: { p10: 90000, p90: 110000 }, reworkMeasured: true,
 * });
 * assert.deepEqual(shownReasons(c).map((r) => r.code), ["fewTimedCompactions"]);
 * ```
 */
export function shownReasons(confidence: Confidence): ConfidenceReason[] {
  const codes = new Set(confidence.reasons.map((r) => r.code));
  return confidence.reasons.filter((r) =>
    !(r.code === "someTimedCompactions" && codes.has("fewTimedCompactions"))
  );
}

/** The grade and its reasons. */
export interface Confidence {
  grade: ConfidenceGrade;
  /** Every reason that lowered the grade, lowest level first (empty for `high`). */
  reasons: ConfidenceReason[];
}

/** Thresholds of {@linkcode confidenceGrade}. */
export const CONFIDENCE_THRESHOLDS = Object.freeze({
  /** Fewer timed compactions: low. */
  lowTimedCompactions: 10,
  /** Fewer timed compactions: at most medium. */
  mediumTimedCompactions: 30,
  /** A time fit R² below this: low. */
  lowRSquared: 0.5,
  /** Fewer sessions reaching the recommended trigger: low. */
  lowSessions: 5,
  /** A 2% range wider than this share of the grid: low. */
  lowRangeShareOfGrid: 0.5,
});

/** Inputs of {@linkcode confidenceGrade}. */
export interface ConfidenceInputs {
  /** Compactions the time fit used. */
  timedCompactions: number;
  /** R² of the time model used (null when a and v were both given: not measured). */
  timeFitRSquared: number | null;
  /** The recommended trigger, tokens (null: nothing recommended). */
  trigger: number | null;
  /** Sessions whose observed context reached the recommended trigger. */
  sessionsAtTrigger: number;
  /** The recommended trigger lies outside the measured compaction inputs by more than 25%. */
  outsideMeasuredInput: boolean;
  /** The cheapest mean cost is on the grid's first or last trigger. */
  atGridEdge: boolean;
  /** The 2% near-optimal range, tokens (null: none). */
  range: { fromTokens: number; toTokens: number } | null;
  /** The grid's first and last trigger, tokens. */
  grid: { fromTokens: number; toTokens: number };
  /** The session-level argmin spread p10–p90, tokens (null: not computed). */
  spread: { p10: number; p90: number } | null;
  /** Rework after compactions was measured and is in the curves. */
  reworkMeasured: boolean;
}

/**
 * Grades the answer. `low` when any of: fewer than 10 timed compactions; time fit R² below 0.5;
 * fewer than 5 sessions reaching the recommended trigger; the 2% range wider than half the grid;
 * the optimum on the grid's edge; the recommended trigger outside the measured compaction inputs
 * by more than 25%; nothing recommended. Else `medium` when any of: fewer than 30 timed
 * compactions; the session-level argmin spread reaching outside the 2% range; rework not
 * measured. Else `high`.
 *
 * @param inputs The figures the grade is made of.
 * @returns The grade and every reason that lowered it.
 *
 * @example Four timed compactions are too few, whatever else holds
 * ```ts
 * import assert from "node:assert/strict";
 * import { confidenceGrade } from "./confidence.ts";
 *
 * const c = confidenceGrade({
 *   timedCompactions: 4, timeFitRSquared: 0.9, trigger: 100000, sessionsAtTrigger: 40,
 *   outsideMeasuredInput: false, atGridEdge: false,
 *   range: { fromTokens: 90000, toTokens: 110000 }, grid: { fromTokens: 40000, toTokens: 400000 },
 *   spread: { p10: 90000, p90: 110000 }, reworkMeasured: true,
 * });
 * assert.equal(c.grade, "low");
 * assert.deepEqual(c.reasons.map((r) => r.code), ["fewTimedCompactions", "someTimedCompactions"]);
 * ```
 */
export function confidenceGrade(inputs: ConfidenceInputs): Confidence {
  const t = CONFIDENCE_THRESHOLDS;
  const reasons: ConfidenceReason[] = [];
  const low = (
    code: ConfidenceReasonCode,
    value: number | null,
    threshold: number | null,
    m: string,
  ) => reasons.push({ code, level: "low", value, threshold, message: m });
  const medium = (
    code: ConfidenceReasonCode,
    value: number | null,
    threshold: number | null,
    m: string,
  ) => reasons.push({ code, level: "medium", value, threshold, message: m });
  const k = (x: number) => `${Math.round(x / 1000)}K`;

  if (inputs.timedCompactions < t.lowTimedCompactions) {
    low(
      "fewTimedCompactions",
      inputs.timedCompactions,
      t.lowTimedCompactions,
      `only ${inputs.timedCompactions} timed compactions (at least ${t.lowTimedCompactions} ` +
        `would fit the compaction time)`,
    );
  }
  if (inputs.timeFitRSquared !== null && !(inputs.timeFitRSquared >= t.lowRSquared)) {
    low(
      "weakTimeFit",
      Number.isFinite(inputs.timeFitRSquared) ? inputs.timeFitRSquared : null,
      t.lowRSquared,
      `the compaction time fit explains little (R² ${
        Number.isFinite(inputs.timeFitRSquared) ? inputs.timeFitRSquared.toFixed(2) : "unknown"
      }, below ${t.lowRSquared}); more timed compactions of varied size would settle it`,
    );
  }
  if (inputs.trigger === null) {
    low("noRecommendation", null, null, "no trigger is recommended");
  } else {
    if (inputs.sessionsAtTrigger < t.lowSessions) {
      low(
        "fewSessionsAtTrigger",
        inputs.sessionsAtTrigger,
        t.lowSessions,
        `only ${countText(inputs.sessionsAtTrigger, "session")} reached ${
          k(inputs.trigger)
        } tokens ` +
          `(at least ${t.lowSessions} would show how contexts grow there)`,
      );
    }
    if (inputs.outsideMeasuredInput) {
      low(
        "extrapolated",
        inputs.trigger,
        null,
        `${k(inputs.trigger)} lies more than 25% outside the compaction sizes measured; ` +
          `compactions near it would settle the time and summary models there`,
      );
    }
  }
  if (inputs.atGridEdge) {
    low(
      "atGridEdge",
      inputs.trigger,
      null,
      "the cheapest trigger is on the edge of the grid: the optimum may lie beyond it " +
        "(widen the grid with --trigger-from/--trigger-to)",
    );
  }
  const gridWidth = inputs.grid.toTokens - inputs.grid.fromTokens;
  if (inputs.range !== null && gridWidth > 0) {
    const share = (inputs.range.toTokens - inputs.range.fromTokens) / gridWidth;
    if (share > t.lowRangeShareOfGrid) {
      low(
        "wideNearOptimalRange",
        share,
        t.lowRangeShareOfGrid,
        `triggers from ${k(inputs.range.fromTokens)} to ${k(inputs.range.toTokens)} all cost ` +
          `within 2% (${Math.round(share * 100)}% of the grid): the data hardly tell them apart`,
      );
    }
  }
  if (inputs.timedCompactions < t.mediumTimedCompactions) {
    medium(
      "someTimedCompactions",
      inputs.timedCompactions,
      t.mediumTimedCompactions,
      `${inputs.timedCompactions} timed compactions (${t.mediumTimedCompactions} or more ` +
        `would make the time fit firm)`,
    );
  }
  if (
    inputs.spread !== null && inputs.range !== null &&
    (inputs.spread.p10 < inputs.range.fromTokens || inputs.spread.p90 > inputs.range.toTokens)
  ) {
    medium(
      "spreadBeyondRange",
      null,
      null,
      `with other sessions like these the cheapest trigger could be ${k(inputs.spread.p10)}–` +
        `${k(inputs.spread.p90)}, beyond the 2% range ${k(inputs.range.fromTokens)}–` +
        `${k(inputs.range.toTokens)}; more sessions would narrow it`,
    );
  }
  if (!inputs.reworkMeasured) {
    medium(
      "reworkNotMeasured",
      null,
      null,
      "the curves leave out the rework after a compaction (re-reading what was lost), which " +
        "would favour higher triggers (fewer compactions)",
    );
  }
  reasons.sort((x, y) => (x.level === y.level ? 0 : x.level === "low" ? -1 : 1));
  const grade: ConfidenceGrade = reasons.some((r) => r.level === "low")
    ? "low"
    : reasons.length > 0
    ? "medium"
    : "high";
  return { grade, reasons };
}

/**
 * Why the settings are withheld on a low grade: the low reasons' messages, in the words the
 * in-memory analysis uses (lib/trigger/range_answer.ts), for the streamed pool analysis.
 *
 * @param confidence A low grade.
 * @returns The sentence.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { withheldMessage } from "./confidence.ts";
 * const c = { grade: "low" as const, reasons: [{ code: "atGridEdge" as const, level: "low" as const,
 *   value: null, threshold: null, message: "on the edge" }] };
 * assert.equal(withheldMessage(c),
 *   "The settings are withheld: the answer's confidence is low (on the edge). Run with --force " +
 *     "to print them anyway.");
 * ```
 */
export function withheldMessage(confidence: Confidence): string {
  return `The settings are withheld: the answer's confidence is low (${
    confidence.reasons.filter((r) => r.level === "low").map((r) => r.message).join("; ")
  }). Run with --force to print them anyway.`;
}
