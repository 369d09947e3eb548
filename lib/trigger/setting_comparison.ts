/**
 * Default | current | recommended: what the setting in use and Claude Code's default cost on the
 * replay's curves beside the recommendation, and the offset between the window in use and the
 * automatic compactions measured since it was set (docs/method.md, "The setting in use",
 * "Measured offset"). Pure: the setting is read elsewhere (lib/settings).
 *
 * - **Trigger of a setting:** the window W (`autoCompactWindow`, or the default: the model's
 *   context window) is held within 100,000 … 1,000,000 and capped at the model's window; the
 *   trigger is `W − min(maxOutput, 20,000) − 13,000`, lowered by the percentage override to
 *   `floor((W − 20,000) × pct / 100)` when that is lower (auto_compact_setting.ts).
 * - **Cost there:** the mean curves, linear between the two grid triggers around it. Above the
 *   grid, when no replayed session compacts at the grid's last trigger (mean and observed
 *   compactions 0), nothing compacts above it either and the last point's values hold exactly;
 *   otherwise (and below the grid) the cost is unknown (null).
 * - **Measured offset:** with a known window, no percentage override, and at least
 *   {@linkcode MIN_OFFSET_COMPACTIONS} automatic compactions with a time and C after the setting
 *   last changed: `W − median C`. It counts as the setting having taken effect when it lies
 *   within 0 … 2 × 33,000 (a window the compactions do not follow gives an offset far outside);
 *   when it then differs from 33,000 by more than {@linkcode OFFSET_TOLERANCE_TOKENS} the
 *   recommended window is computed with it.
 *
 * @module
 */

import { COMPACTION_TRIGGER, type CompactionTable } from "../transcript/tables.ts";
import type { CurrentSetting, SettingOrigin } from "../settings/effective_setting.ts";
import { AUTO_COMPACT_ARITHMETIC, autoCompactSetting } from "./auto_compact_setting.ts";

/** Fewest automatic compactions after a change that measure an offset. */
export const MIN_OFFSET_COMPACTIONS = 5;
/** A measured offset this far (tokens) from the assumed one replaces it. */
export const OFFSET_TOLERANCE_TOKENS = 5_000;
/** The assumed distance from window to trigger: min(maxOutput, 20,000) + 13,000, tokens. */
export const ASSUMED_OFFSET_TOKENS = AUTO_COMPACT_ARITHMETIC.outputReserveCap +
  AUTO_COMPACT_ARITHMETIC.buffer;

/** A replay point as the comparison reads it (the document's `replay[]`). */
export interface CurvePoint {
  trigger: number;
  costPerMillion: { mean: number | null };
  timeShare: { mean: number | null };
  compactions: { mean: number | null };
  observed: { compactions: number };
}

/** One column of default | current | recommended. */
export interface SettingPoint {
  /** The window as set, tokens (null: not set, the default). */
  autoCompactWindow: number | null;
  /** The percentage override (null: none). */
  pctOverride: number | null;
  /** Where it came from (`default`: nothing set). */
  source: SettingOrigin;
  /** Which key or variable set the window (null: the default). */
  key: CurrentSetting["key"];
  /** The window Claude Code uses: held within 100,000 … 1,000,000 and the model's window. */
  effectiveWindow: number;
  /**
   * The automatic trigger that window gives under the assumed arithmetic (for the current
   * setting, with the measured offset when that is used), tokens.
   */
  triggerTokens: number;
  /** Mean cost per million tokens there (null: outside the replayed grid). */
  costPerMillion: number | null;
  /** Mean share of agent time spent compacting there (null: outside the grid). */
  timeShare: number | null;
  /**
   * How the curves were read: `interpolated` (inside the grid), `flat` (above it, where nothing
   * compacts), `outside` (unknown).
   */
  curve: "interpolated" | "flat" | "outside";
  /** 1 − this cost / the current setting's cost (null: either unknown). */
  savingVsCurrent: number | null;
}

/** The measured distance between the window in use and the automatic compactions. */
export interface MeasuredOffset {
  /**
   * `measured`; `noWindow` (no window known); `noDate` (the setting's change time is unknown:
   * give --since); `tooFew` (fewer than 5 automatic compactions since).
   */
  status: "measured" | "noWindow" | "noDate" | "tooFew";
  /** Compactions counted from this time, ISO-8601 UTC (null: all of them). */
  since: string | null;
  /** Where that time came from: `--since`, the settings file's modification time, or none. */
  sinceSource: "since" | "settingsFile" | null;
  /** Automatic compactions with a time and C since then. */
  compactions: number;
  /** Their median C, tokens (null: none). */
  medianInputTokens: number | null;
  /** The effective window, tokens (null: unknown). */
  window: number | null;
  /** The trigger the setting should give, tokens (null: unknown). */
  expectedTriggerTokens: number | null;
  /** window − median C, tokens (null: not measured, or under a percentage override). */
  offsetTokens: number | null;
  /** The assumed offset, tokens (33,000). */
  assumedOffsetTokens: number;
  /** offsetTokens − assumedOffsetTokens (null: not measured). */
  differenceTokens: number | null;
  /**
   * Whether the compactions follow the setting: the offset within 0 … 66,000, or under a
   * percentage override the median C within 5,000 of the expected trigger (null: not measured).
   */
  tookEffect: boolean | null;
  /** Whether the recommended window was computed with the measured offset. */
  usedForRecommendation: boolean;
}

/** The comparison's part of the `recommendation` block. */
export interface SettingComparison {
  /** The setting in use (null: not read, e.g. a library call without one). */
  current: SettingPoint | null;
  /** Claude Code's default (no setting). */
  default: SettingPoint;
  /** 1 − recommended cost / the current setting's cost (null: either unknown). */
  savingVsCurrent: number | null;
  /** The offset measured on the compactions since the setting changed (null: no setting read). */
  measuredOffset: MeasuredOffset | null;
}

/**
 * The effective window and trigger of a setting (see the module notes).
 *
 * @param autoCompactWindow The window as set (null: the default, the model's window).
 * @param pctOverride The percentage override (null: none).
 * @param contextWindow The model's context window, tokens.
 * @returns The window used and the trigger, tokens.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { settingTrigger } from "./setting_comparison.ts";
 * assert.deepEqual(settingTrigger(300000, null, 1e6), { window: 300000, trigger: 267000 });
 * assert.deepEqual(settingTrigger(null, null, 200000), { window: 200000, trigger: 167000 });
 * // 500,000 on a 200K model is capped; 60% of (200,000 − 20,000) = 108,000.
 * assert.deepEqual(settingTrigger(500000, 60, 200000), { window: 200000, trigger: 108000 });
 * ```
 */
export function settingTrigger(
  autoCompactWindow: number | null,
  pctOverride: number | null,
  contextWindow: number,
): { window: number; trigger: number } {
  const { minWindow, maxWindow, outputReserveCap, buffer } = AUTO_COMPACT_ARITHMETIC;
  const asked = autoCompactWindow ?? contextWindow;
  const window = Math.min(Math.max(asked, minWindow), maxWindow, contextWindow);
  let trigger = window - outputReserveCap - buffer;
  if (pctOverride !== null) {
    trigger = Math.min(trigger, Math.floor((window - outputReserveCap) * (pctOverride / 100)));
  }
  return { window, trigger };
}

/**
 * The mean curves at a trigger (see the module notes).
 *
 * @param replay The replay points, triggers ascending.
 * @param trigger Tokens.
 * @returns Mean cost and time share, and how they were read.
 *
 * @example Halfway between two points; above a grid where nothing compacts
 * ```ts
 * import assert from "node:assert/strict";
 * import { curveAt } from "./setting_comparison.ts";
 * const point = (trigger: number, cost: number, n: number) => ({ trigger,
 *   costPerMillion: { mean: cost }, timeShare: { mean: cost / 100 }, compactions: { mean: n },
 *   observed: { compactions: n } });
 * const replay = [point(100000, 2, 3), point(200000, 3, 0)];
 * assert.deepEqual(curveAt(replay, 150000), { costPerMillion: 2.5, timeShare: 0.025, curve: "interpolated" });
 * assert.deepEqual(curveAt(replay, 967000), { costPerMillion: 3, timeShare: 0.03, curve: "flat" });
 * assert.equal(curveAt(replay, 50000).curve, "outside");
 * ```
 */
export function curveAt(
  replay: readonly CurvePoint[],
  trigger: number,
): { costPerMillion: number | null; timeShare: number | null; curve: SettingPoint["curve"] } {
  const outside = { costPerMillion: null, timeShare: null, curve: "outside" as const };
  const n = replay.length;
  if (n === 0 || trigger < replay[0].trigger) return outside;
  const last = replay[n - 1];
  if (trigger > last.trigger) {
    if (last.compactions.mean === 0 && last.observed.compactions === 0) {
      return {
        costPerMillion: last.costPerMillion.mean,
        timeShare: last.timeShare.mean,
        curve: "flat",
      };
    }
    return outside;
  }
  let hi = 0;
  while (replay[hi].trigger < trigger) hi++;
  const lo = replay[hi].trigger === trigger ? hi : hi - 1;
  const w = lo === hi
    ? 0
    : (trigger - replay[lo].trigger) / (replay[hi].trigger - replay[lo].trigger);
  const at = (a: number | null, b: number | null) =>
    a === null || b === null ? null : a + w * (b - a);
  return {
    costPerMillion: at(replay[lo].costPerMillion.mean, replay[hi].costPerMillion.mean),
    timeShare: at(replay[lo].timeShare.mean, replay[hi].timeShare.mean),
    curve: "interpolated",
  };
}

function _median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function _point(
  replay: readonly CurvePoint[],
  contextWindow: number,
  setting: Pick<CurrentSetting, "autoCompactWindow" | "pctOverride" | "source" | "key">,
): SettingPoint {
  const { window, trigger } = settingTrigger(
    setting.autoCompactWindow,
    setting.pctOverride,
    contextWindow,
  );
  return {
    autoCompactWindow: setting.autoCompactWindow,
    pctOverride: setting.pctOverride,
    source: setting.source,
    key: setting.key,
    effectiveWindow: window,
    triggerTokens: trigger,
    ...curveAt(replay, trigger),
    savingVsCurrent: null,
  };
}

/**
 * The offset between the window in use and the automatic compactions since it was set (see the
 * module notes).
 *
 * @param setting The setting in use.
 * @param contextWindow The model's context window, tokens.
 * @param compactions The corpus's compaction table (null: not available, e.g. from a document).
 * @returns The measurement, or why there is none.
 *
 * @example Five automatic compactions after the change, median C 267,900: offset 32,100
 * ```ts
 * import assert from "node:assert/strict";
 * import { measuredOffset } from "./setting_comparison.ts";
 * const setting = { autoCompactWindow: 300000, pctOverride: null, source: "user" as const,
 *   key: "autoCompactWindow" as const, pctSource: null, changedAtMs: 1000,
 *   changedAtSource: "settingsFile" as const, path: null,
 *   problems: [] };
 * const compactions = { length: 7, trigger: Uint8Array.of(0, 0, 0, 0, 0, 0, 1),
 *   timeMs: Float64Array.of(500, 2000, 3000, 4000, 5000, 6000, 7000),
 *   inputTokens: Float64Array.of(90000, 267000, 268500, 267900, 269000, 266000, 120000) };
 * const m = measuredOffset(setting, 1e6, compactions);
 * assert.deepEqual([m.status, m.compactions, m.medianInputTokens, m.offsetTokens, m.tookEffect],
 *   ["measured", 5, 267900, 32100, true]);
 * assert.equal(m.usedForRecommendation, false); // |32,100 − 33,000| ≤ 5,000
 * ```
 */
export function measuredOffset(
  setting: CurrentSetting,
  contextWindow: number,
  compactions: Pick<CompactionTable, "length" | "trigger" | "timeMs" | "inputTokens"> | null,
): MeasuredOffset {
  const { window, trigger } = settingTrigger(
    setting.autoCompactWindow,
    setting.pctOverride,
    contextWindow,
  );
  const dated = setting.changedAtMs !== null;
  const since = setting.changedAtMs;
  const base: MeasuredOffset = {
    status: "noWindow",
    since: since === null ? null : new Date(since).toISOString(),
    sinceSource: setting.changedAtSource,
    compactions: 0,
    medianInputTokens: null,
    window,
    expectedTriggerTokens: trigger,
    offsetTokens: null,
    assumedOffsetTokens: ASSUMED_OFFSET_TOKENS,
    differenceTokens: null,
    tookEffect: null,
    usedForRecommendation: false,
  };
  if (compactions === null) return { ...base, window: null, expectedTriggerTokens: null };
  // The default has no change time: it held over the whole history. A window from the
  // environment has one only through --since.
  if (!dated && setting.source !== "default") return { ...base, status: "noDate" };
  const inputs: number[] = [];
  for (let i = 0; i < compactions.length; i++) {
    if (compactions.trigger[i] !== COMPACTION_TRIGGER.auto) continue;
    const t = compactions.timeMs[i], c = compactions.inputTokens[i];
    if (!Number.isFinite(t) || !Number.isFinite(c)) continue;
    if (since !== null && !(t >= since)) continue;
    inputs.push(c);
  }
  const counted = { ...base, compactions: inputs.length };
  if (inputs.length < MIN_OFFSET_COMPACTIONS) {
    return {
      ...counted,
      status: "tooFew",
      medianInputTokens: inputs.length === 0 ? null : _median(inputs),
    };
  }
  const median = _median(inputs);
  if (setting.pctOverride !== null) {
    return {
      ...counted,
      status: "measured",
      medianInputTokens: median,
      tookEffect: Math.abs(median - trigger) <= OFFSET_TOLERANCE_TOKENS,
    };
  }
  const offset = window - median;
  const difference = offset - ASSUMED_OFFSET_TOKENS;
  const tookEffect = offset >= 0 && offset <= 2 * ASSUMED_OFFSET_TOKENS;
  return {
    ...counted,
    status: "measured",
    medianInputTokens: median,
    offsetTokens: offset,
    differenceTokens: difference,
    tookEffect,
    usedForRecommendation: tookEffect && Math.abs(difference) > OFFSET_TOLERANCE_TOKENS,
  };
}

/** The recommendation fields a measured offset recomputes. */
export interface RecommendedSettingFields {
  trigger: number | null;
  costPerMillion: { mean: number | null } | null;
  contextWindow: number;
  kind: "window" | "percentOverride" | "notReachable" | null;
  /** Null when the analysis withholds it (a low confidence grade). */
  settings: { autoCompactWindow: number | null; env: Record<string, string> } | null;
  environment: string[];
  resultingTrigger: number | null;
  arithmetic: string | null;
}

/**
 * Adds default | current (and the measured offset) to a recommendation, and recomputes its
 * setting with the measured offset when that is used (see the module notes).
 *
 * @param recommendation The recommendation block.
 * @param replay The replay points, triggers ascending.
 * @param setting The setting in use (null: not read: `current` and `measuredOffset` are null).
 * @param compactions The compaction table for the offset (null: not available).
 * @returns A new recommendation with `current`, `default`, `savingVsCurrent`, `measuredOffset`.
 */
export function withSettingComparison<R extends RecommendedSettingFields>(
  recommendation: R,
  replay: readonly CurvePoint[],
  setting: CurrentSetting | null,
  compactions: Pick<CompactionTable, "length" | "trigger" | "timeMs" | "inputTokens"> | null,
): R & SettingComparison {
  const { contextWindow } = recommendation;
  const def = _point(replay, contextWindow, {
    autoCompactWindow: null,
    pctOverride: null,
    source: "default",
    key: null,
  });
  const current = setting === null ? null : _point(replay, contextWindow, setting);
  const offset = setting === null ? null : measuredOffset(setting, contextWindow, compactions);
  let out: R = recommendation;
  if (
    offset?.usedForRecommendation && recommendation.trigger !== null &&
    recommendation.settings !== null
  ) {
    const s = autoCompactSetting(recommendation.trigger, {
      contextWindow,
      measuredReserveTokens: offset.offsetTokens!,
    });
    out = {
      ...recommendation,
      kind: s.kind,
      settings: s.settings,
      environment: s.environment,
      resultingTrigger: s.resultingTrigger,
      arithmetic: s.arithmetic,
    };
  }
  if (current !== null && offset?.usedForRecommendation) {
    // The compactions follow the window at the measured offset: the current setting's trigger
    // is where they happen, and it is priced there.
    current.triggerTokens = current.effectiveWindow - offset.offsetTokens!;
    Object.assign(current, curveAt(replay, current.triggerTokens));
  }
  const saving = (cost: number | null, against: number | null) =>
    cost === null || against === null || against === 0 ? null : 1 - cost / against;
  const currentCost = current?.costPerMillion ?? null;
  if (current !== null) current.savingVsCurrent = saving(current.costPerMillion, currentCost);
  def.savingVsCurrent = saving(def.costPerMillion, currentCost);
  return {
    ...out,
    current,
    default: def,
    savingVsCurrent: saving(recommendation.costPerMillion?.mean ?? null, currentCost),
    measuredOffset: offset,
  };
}
