/**
 * The automatic-compaction setting in effect, from the settings layers and the environment, the
 * way Claude Code resolves it (docs/method.md, "The setting in use"). Pure: the layers are read
 * elsewhere (read_settings.ts).
 *
 * The window:
 * 1. `CLAUDE_CODE_AUTO_COMPACT_WINDOW`: the `env` block of the highest layer that sets it (a
 *    settings file's `env` is applied over the process environment), else the process
 *    environment;
 * 2. else the highest layer that sets `modelSettings.<model>.autoCompactWindow` or
 *    `autoCompactWindow`; within one file the per-model entry wins over the top-level key.
 *    (`modelSettings` is named only by third-party sources; it is read when present and never
 *    created.)
 * 3. else the default: no window set, the model's own context window.
 *
 * `"auto"` is the default too. The percentage override `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE` is read
 * like the window's variable. Values that are not numbers are ignored and named in `problems`.
 *
 * @module
 */

import type { SettingsSource } from "./settings_paths.ts";

/** The environment variable of the window. */
export const WINDOW_VARIABLE = "CLAUDE_CODE_AUTO_COMPACT_WINDOW";
/** The environment variable of the percentage override. */
export const PCT_VARIABLE = "CLAUDE_AUTOCOMPACT_PCT_OVERRIDE";

/** One settings layer as read. */
export interface SettingsLayer {
  /** Which layer. */
  source: SettingsSource;
  /** The file (for messages; never written into a report). Managed: the base file. */
  path: string;
  /** Whether the file (or, for managed, any of its files) exists. */
  exists: boolean;
  /** The parsed object; null when absent, unreadable or not a JSON object. */
  doc: Record<string, unknown> | null;
  /** Why `doc` is null although the file exists (not valid JSON, not an object, unreadable). */
  error: string | null;
  /** Last modification, ms since the epoch (managed: the newest of its files); null: unknown. */
  mtimeMs: number | null;
}

/** The layers (highest precedence first) and the process environment's two variables. */
export interface SettingsSnapshot {
  /** Layers in precedence order (see settings_paths.ts); absent files included. */
  layers: SettingsLayer[];
  /** The process environment's values of the two variables (undefined: unset). */
  environment: { autoCompactWindow?: string; pctOverride?: string };
  /**
   * Compactions after this time, ms since the epoch, measure the offset (`--since`); null or
   * undefined: after the modification time of the file the window comes from.
   */
  sinceMs?: number | null;
}

/** Where the setting in effect came from. */
export type SettingOrigin = SettingsSource | "env" | "default";

/** The setting in effect for one model. */
export interface CurrentSetting {
  /** The window as set, tokens (null: not set, or `"auto"`). */
  autoCompactWindow: number | null;
  /** The percentage override, 0 < pct ≤ 100 (null: not set). */
  pctOverride: number | null;
  /** Where the window came from (`env`: the process environment; `default`: nowhere). */
  source: SettingOrigin;
  /**
   * How it was set there: the `autoCompactWindow` key, the per-model entry
   * (`modelSettings.<model>.autoCompactWindow`), or the environment variable (the process's or
   * a file's `env` block); null for the default.
   */
  key: "autoCompactWindow" | "modelSettings" | "env" | null;
  /** Where the percentage override came from (null: not set). */
  pctSource: SettingsSource | "env" | null;
  /**
   * When it was last changed, ms since the epoch: `sinceMs` when given, else the modification
   * time of the file it came from; null for the environment and the default.
   */
  changedAtMs: number | null;
  /** Where `changedAtMs` came from: `--since`, the file's modification time, or nowhere. */
  changedAtSource: "since" | "settingsFile" | null;
  /** The file it came from (messages only; null for the environment and the default). */
  path: string | null;
  /** Values ignored and files that could not be used, in words (no paths). */
  problems: string[];
}

function _number(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string" || value.trim() === "") return null;
  const n = Number(value.trim().replaceAll("_", ""));
  return Number.isFinite(n) ? n : null;
}

function _object(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? value as Record<string, unknown>
    : null;
}

interface _Found {
  value: unknown;
  layer: SettingsLayer | null;
  key: CurrentSetting["key"];
}

/** A variable from the highest layer's `env` block, else from the process environment. */
function _variable(
  snapshot: SettingsSnapshot,
  name: string,
  processValue: string | undefined,
): _Found | null {
  for (const layer of snapshot.layers) {
    const env = _object(layer.doc?.env);
    if (env !== null && Object.hasOwn(env, name)) return { value: env[name], layer, key: "env" };
  }
  return processValue === undefined ? null : { value: processValue, layer: null, key: "env" };
}

function _changed(
  since: number | null,
  mtimeMs: number | null,
): Pick<CurrentSetting, "changedAtMs" | "changedAtSource"> {
  if (since !== null) return { changedAtMs: since, changedAtSource: "since" };
  if (mtimeMs !== null) return { changedAtMs: mtimeMs, changedAtSource: "settingsFile" };
  return { changedAtMs: null, changedAtSource: null };
}

/**
 * The setting in effect for `model` (see the module notes for the order).
 *
 * @param snapshot The layers and the environment.
 * @param model The model id the per-model entries are looked up by (exact match).
 * @returns The window, the percentage override, where they came from, and what was ignored.
 *
 * @example The user file sets a window; the environment's variable wins over it
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveSetting } from "./effective_setting.ts";
 *
 * const user = { source: "user" as const, path: "/h/.claude/settings.json", exists: true,
 *   doc: { autoCompactWindow: 300000 }, error: null, mtimeMs: 1000 };
 * const one = resolveSetting({ layers: [user], environment: {} }, "m");
 * assert.deepEqual([one.autoCompactWindow, one.source, one.key, one.changedAtMs],
 *   [300000, "user", "autoCompactWindow", 1000]);
 * const env = resolveSetting({ layers: [user], environment: { autoCompactWindow: "250000" } }, "m");
 * assert.deepEqual([env.autoCompactWindow, env.source, env.changedAtMs], [250000, "env", null]);
 * ```
 */
export function resolveSetting(snapshot: SettingsSnapshot, model: string): CurrentSetting {
  const problems: string[] = [];
  for (const layer of snapshot.layers) {
    if (layer.error !== null) problems.push(`${layer.source} settings ignored: ${layer.error}`);
  }
  let found = _variable(snapshot, WINDOW_VARIABLE, snapshot.environment.autoCompactWindow);
  let window: number | null = null;
  if (found !== null) {
    window = _number(found.value);
    if (window === null) {
      problems.push(`${WINDOW_VARIABLE}=${JSON.stringify(found.value)} is not a number (ignored)`);
      found = null;
    }
  }
  if (found === null) {
    for (const layer of snapshot.layers) {
      const perModel = _object(_object(layer.doc?.modelSettings)?.[model]);
      const candidates: [unknown, CurrentSetting["key"]][] = [];
      if (perModel !== null && Object.hasOwn(perModel, "autoCompactWindow")) {
        candidates.push([perModel.autoCompactWindow, "modelSettings"]);
      }
      if (layer.doc !== null && Object.hasOwn(layer.doc, "autoCompactWindow")) {
        candidates.push([layer.doc.autoCompactWindow, "autoCompactWindow"]);
      }
      for (const [value, key] of candidates) {
        if (value === "auto") {
          found = { value, layer, key };
          break;
        }
        const n = _number(value);
        if (n === null || typeof value !== "number") {
          problems.push(
            `${layer.source} settings: ${
              key === "modelSettings" ? `modelSettings.${model}.` : ""
            }` +
              `autoCompactWindow ${JSON.stringify(value)} is not a number (ignored)`,
          );
          continue;
        }
        found = { value, layer, key };
        window = n;
        break;
      }
      if (found !== null) break;
    }
  }
  const pctFound = _variable(snapshot, PCT_VARIABLE, snapshot.environment.pctOverride);
  let pct: number | null = null;
  if (pctFound !== null) {
    const n = _number(pctFound.value);
    if (n === null || !(n > 0 && n <= 100)) {
      problems.push(
        `${PCT_VARIABLE}=${JSON.stringify(pctFound.value)} is not a number from 0 to ` +
          `100 (ignored)`,
      );
    } else pct = n;
  }
  const since = snapshot.sinceMs ?? null;
  if (found === null || found.value === "auto") {
    return {
      autoCompactWindow: null,
      pctOverride: pct,
      source: found === null ? "default" : found.layer!.source,
      key: found === null ? null : found.key,
      pctSource: pct === null ? null : (pctFound!.layer?.source ?? "env"),
      ..._changed(since, found === null ? null : found.layer!.mtimeMs),
      path: found === null ? null : found.layer!.path,
      problems,
    };
  }
  return {
    autoCompactWindow: window,
    pctOverride: pct,
    source: found.layer?.source ?? "env",
    key: found.key,
    pctSource: pct === null ? null : (pctFound!.layer?.source ?? "env"),
    ..._changed(since, found.layer?.mtimeMs ?? null),
    path: found.layer?.path ?? null,
    problems,
  };
}

/**
 * The keys a managed layer sets that decide the window or the percentage override: a user or
 * project file cannot override them (see the module notes).
 *
 * @param snapshot The layers.
 * @param model The model id of per-model entries.
 * @returns Key paths such as `autoCompactWindow` or `env.CLAUDE_CODE_AUTO_COMPACT_WINDOW`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { managedOverrides } from "./effective_setting.ts";
 *
 * const managed = { source: "managed" as const, path: "/etc/claude-code/managed-settings.json",
 *   exists: true, doc: { env: { CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: "70" } }, error: null,
 *   mtimeMs: 0 };
 * assert.deepEqual(managedOverrides({ layers: [managed], environment: {} }, "m"),
 *   ["env.CLAUDE_AUTOCOMPACT_PCT_OVERRIDE"]);
 * ```
 */
export function managedOverrides(snapshot: SettingsSnapshot, model: string): string[] {
  const keys: string[] = [];
  for (const layer of snapshot.layers) {
    if (layer.source !== "managed" || layer.doc === null) continue;
    if (Object.hasOwn(layer.doc, "autoCompactWindow")) keys.push("autoCompactWindow");
    const perModel = _object(_object(layer.doc.modelSettings)?.[model]);
    if (perModel !== null && Object.hasOwn(perModel, "autoCompactWindow")) {
      keys.push(`modelSettings.${model}.autoCompactWindow`);
    }
    const env = _object(layer.doc.env);
    for (const name of [WINDOW_VARIABLE, PCT_VARIABLE]) {
      if (env !== null && Object.hasOwn(env, name)) keys.push(`env.${name}`);
    }
  }
  return keys;
}
