/**
 * From a trigger to the Claude Code setting that puts its automatic compaction there
 * (docs/method.md, From a trigger to a setting).
 *
 * Claude Code compacts automatically once the context reaches
 * `window − min(maxOutput, 20,000) − 13,000` tokens, where `window` is `autoCompactWindow` in
 * settings.json (100,000 … 1,000,000), overridden by the environment variable
 * `CLAUDE_CODE_AUTO_COMPACT_WINDOW`, and capped at the model's own context window. The
 * environment variable `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE` can only lower the trigger, to
 * `floor(effective × pct / 100)` with `effective = window − min(maxOutput, 20,000)`. This
 * arithmetic comes from public analyses of releases and has changed between releases, so every
 * recommendation carries it and a caveat.
 *
 * So for a trigger T: `autoCompactWindow = T + 33,000` when that lies within 100,000 … the
 * model's window; below, the smallest window (100,000) with the percentage override that brings
 * its trigger down to T; above, not reachable for this model.
 *
 * The replay's trigger is this threshold: it compacts before the first request whose context
 * reaches T. A measured compaction's C is the context at that request, so it lies above the
 * threshold by part of the last request's growth: the published corpus's observed 267.9K (a median
 * C) is what a 300,000 window gives (threshold 300,000 − 20,000 − 13,000 = 267,000, plus that
 * overshoot).
 *
 * @module
 */

/** The constants of Claude Code's automatic-compaction arithmetic (see the module notes). */
export const AUTO_COMPACT_ARITHMETIC = Object.freeze({
  /** Output reserve: min(max output tokens, this), tokens. */
  outputReserveCap: 20_000,
  /** Safety buffer below the effective window, tokens. */
  buffer: 13_000,
  /** Smallest `autoCompactWindow`, tokens. */
  minWindow: 100_000,
  /** Largest `autoCompactWindow`, tokens. */
  maxWindow: 1_000_000,
});

/** The context window assumed when the model's own is not known, tokens. */
export const DEFAULT_CONTEXT_WINDOW = 200_000;

/** Options of {@linkcode autoCompactSetting}. */
export interface AutoCompactSettingOptions {
  /** The model's context window, tokens. @default {200000} */
  contextWindow?: number;
  /** The model's maximum output tokens (only min(it, 20,000) matters). @default {Infinity} */
  maxOutputTokens?: number;
  /**
   * A measured distance from window to trigger, tokens, in place of min(maxOutput, 20,000) +
   * 13,000 when the window alone reaches the trigger (docs/method.md, "Measured offset").
   * @default {undefined}
   */
  measuredReserveTokens?: number;
}

/** The setting for one trigger. */
export interface AutoCompactSetting {
  /** The trigger asked for, tokens. */
  trigger: number;
  /** The model's context window used, tokens. */
  contextWindow: number;
  /** min(max output, 20,000) + 13,000: the distance from window to trigger, tokens. */
  reserveTokens: number;
  /**
   * `"window"`: autoCompactWindow alone; `"percentOverride"`: the smallest window with the
   * percentage override; `"notReachable"`: above what the model's window allows.
   */
  kind: "window" | "percentOverride" | "notReachable";
  /** What goes into settings.json (`env` holds the percentage override, if any). */
  settings: { autoCompactWindow: number | null; env: Record<string, string> };
  /** The same as environment lines (`NAME=value`), empty when not reachable. */
  environment: string[];
  /** The trigger the setting gives, tokens (null when not reachable). */
  resultingTrigger: number | null;
  /** The arithmetic, in words and numbers. */
  arithmetic: string;
  /** That the arithmetic has changed between releases, and how to check. */
  caveat: string;
}

/** The caveat every recommendation carries. */
export const AUTO_COMPACT_CAVEAT =
  "Claude Code's compaction arithmetic comes from public analyses of its releases and has " +
  "changed between releases (in some, a window below 200,000 or the percentage override had no " +
  "effect); after a few sessions, check that the automatic compactions moved (their C by date).";

const _n = (v: number) => Math.round(v).toLocaleString("en-US");

/**
 * The Claude Code setting that puts automatic compaction at `trigger` (see the module notes).
 *
 * @param trigger T, tokens (> 0).
 * @param options The model's context window and maximum output.
 * @returns The setting, its environment lines, the arithmetic and the caveat.
 * @throws {RangeError} When the trigger or the window is not a positive number.
 *
 * @example 130K on a 200K model, 50K (below the range), 190K (above it)
 * ```ts
 * import assert from "node:assert/strict";
 * import { autoCompactSetting } from "./auto_compact_setting.ts";
 *
 * const s = autoCompactSetting(130000);
 * assert.equal(s.settings.autoCompactWindow, 163000); // 130,000 + 20,000 + 13,000
 * assert.deepEqual(s.environment, ["CLAUDE_CODE_AUTO_COMPACT_WINDOW=163000"]);
 * // 100,000 − 20,000 = 80,000 effective; 50,000 / 80,000 = 62.5%
 * const low = autoCompactSetting(50000);
 * assert.equal(low.kind, "percentOverride");
 * assert.equal(low.settings.env.CLAUDE_AUTOCOMPACT_PCT_OVERRIDE, "62.5");
 * assert.equal(autoCompactSetting(190000).kind, "notReachable"); // 223,000 > 200,000
 * ```
 */
export function autoCompactSetting(
  trigger: number,
  options: AutoCompactSettingOptions = {},
): AutoCompactSetting {
  const { contextWindow = DEFAULT_CONTEXT_WINDOW, maxOutputTokens = Infinity } = options;
  if (!(Number.isFinite(trigger) && trigger > 0)) {
    throw new RangeError(
      `Cannot turn a trigger into a setting: trigger must be > 0, got ${trigger}`,
    );
  }
  if (!(Number.isFinite(contextWindow) && contextWindow > 0)) {
    throw new RangeError(
      `Cannot turn a trigger into a setting: context window must be > 0, got ${contextWindow}`,
    );
  }
  if (!(maxOutputTokens > 0)) {
    throw new RangeError(
      `Cannot turn a trigger into a setting: max output tokens must be > 0, got ${maxOutputTokens}`,
    );
  }
  const { outputReserveCap, buffer, minWindow, maxWindow } = AUTO_COMPACT_ARITHMETIC;
  const outputReserve = Math.min(maxOutputTokens, outputReserveCap);
  const measured = options.measuredReserveTokens;
  if (measured !== undefined && !(Number.isFinite(measured) && measured >= 0)) {
    throw new RangeError(
      `Cannot turn a trigger into a setting: measured reserve must be >= 0, got ${measured}`,
    );
  }
  const reserve = measured ?? outputReserve + buffer;
  const top = Math.min(contextWindow, maxWindow);
  const window = Math.ceil(trigger + reserve);
  const rule = measured === undefined
    ? `trigger = window - min(max output, ${_n(outputReserveCap)}) - ${_n(buffer)} = ` +
      `window - ${_n(outputReserve)} - ${_n(buffer)}`
    : `trigger = window - ${_n(measured)} (the offset measured on your own compactions, in ` +
      `place of the assumed ${_n(outputReserve + buffer)})`;
  const base = { trigger, contextWindow, reserveTokens: reserve, caveat: AUTO_COMPACT_CAVEAT };
  if (window > top) {
    return {
      ...base,
      kind: "notReachable",
      settings: { autoCompactWindow: null, env: {} },
      environment: [],
      resultingTrigger: null,
      arithmetic: `${rule}; ${_n(trigger)} would need a window of ${_n(window)}, above this ` +
        `model's ${_n(top)}: not reachable for this model (the highest automatic trigger is ` +
        `${_n(top - reserve)})`,
    };
  }
  if (window >= minWindow) {
    return {
      ...base,
      kind: "window",
      settings: { autoCompactWindow: window, env: {} },
      environment: [`CLAUDE_CODE_AUTO_COMPACT_WINDOW=${window}`],
      resultingTrigger: window - reserve,
      arithmetic: `${rule}; window = ${_n(trigger)} + ${_n(reserve)} = ${_n(window)}`,
    };
  }
  const effective = minWindow - outputReserve;
  const pct = Math.round((trigger / effective) * 10000) / 100;
  const resulting = Math.floor(effective * (pct / 100));
  return {
    ...base,
    kind: "percentOverride",
    settings: { autoCompactWindow: minWindow, env: { CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: `${pct}` } },
    environment: [
      `CLAUDE_CODE_AUTO_COMPACT_WINDOW=${minWindow}`,
      `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=${pct}`,
    ],
    resultingTrigger: resulting,
    arithmetic: `${rule}; ${_n(trigger)} + ${_n(reserve)} = ${_n(window)} is below the smallest ` +
      `window ${_n(minWindow)}, whose trigger is ${_n(minWindow - reserve)}; the percentage ` +
      `override lowers it to floor((${_n(minWindow)} - ${_n(outputReserve)}) x ${pct}%) = ` +
      `${_n(resulting)}`,
  };
}

/**
 * The settings.json text of a setting (two-space indentation), or null when not reachable.
 *
 * @param setting From {@linkcode autoCompactSetting}.
 * @returns JSON text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { autoCompactSetting, settingsSnippet } from "./auto_compact_setting.ts";
 *
 * assert.equal(settingsSnippet(autoCompactSetting(130000)), '{\n  "autoCompactWindow": 163000\n}');
 * ```
 */
export function settingsSnippet(setting: AutoCompactSetting): string | null {
  const { autoCompactWindow, env } = setting.settings;
  if (autoCompactWindow === null) return null;
  const doc: Record<string, unknown> = { autoCompactWindow };
  if (Object.keys(env).length > 0) doc.env = env;
  return JSON.stringify(doc, null, 2);
}
