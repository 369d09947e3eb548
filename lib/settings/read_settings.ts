/**
 * Reads the settings layers (settings_paths.ts) into a {@linkcode SettingsSnapshot}: the I/O
 * edge of lib/settings. Reads only those files (and lists `managed-settings.d/`); writes
 * nothing. An absent file is an absent layer; one that is not a JSON object is kept with its
 * error (a count and a reason, never a crash).
 *
 * Managed fragments: `managed-settings.json` is the base, then each `*.json` of
 * `managed-settings.d/` (names starting with `.` skipped) in name order is merged over it: a
 * later scalar wins, objects merge key by key, arrays are joined without repeats.
 *
 * @module
 */

import { type SettingsLayer, type SettingsSnapshot } from "./effective_setting.ts";
import { type SettingsPaths, settingsPaths, type SettingsPathsInput } from "./settings_paths.ts";

/** A settings file's text and modification time, or why it could not be read. */
export interface SettingsFileRead {
  /** Whether the file exists. */
  exists: boolean;
  /** Its text (null when absent or unreadable). */
  text: string | null;
  /** Modification time, ms since the epoch (null: absent or unknown). */
  mtimeMs: number | null;
  /** Why it could not be read although it exists (null otherwise). */
  error: string | null;
}

/**
 * Reads one settings file.
 *
 * @param path The file.
 * @returns Its text and modification time, or that it is absent, or why it could not be read.
 */
export async function readSettingsFile(path: string): Promise<SettingsFileRead> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotADirectory) {
      return { exists: false, text: null, mtimeMs: null, error: null };
    }
    return { exists: true, text: null, mtimeMs: null, error: (error as Error).message };
  }
  if (!info.isFile) {
    return { exists: true, text: null, mtimeMs: null, error: "not a regular file" };
  }
  try {
    const text = await Deno.readTextFile(path);
    return { exists: true, text, mtimeMs: info.mtime?.getTime() ?? null, error: null };
  } catch (error) {
    return { exists: true, text: null, mtimeMs: null, error: (error as Error).message };
  }
}

/**
 * Parses a settings file's text: a JSON object, or why not.
 *
 * @param text The file's text.
 * @returns The object, or the reason it is not one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSettingsText } from "./read_settings.ts";
 * assert.deepEqual(parseSettingsText('{"a": 1}'), { doc: { a: 1 }, error: null });
 * assert.equal(parseSettingsText("[1]").error, "not a JSON object");
 * assert.match(parseSettingsText("{").error!, /^not valid JSON/);
 * ```
 */
export function parseSettingsText(
  text: string,
): { doc: Record<string, unknown> | null; error: string | null } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { doc: null, error: `not valid JSON (${(error as Error).message})` };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return { doc: null, error: "not a JSON object" };
  }
  return { doc: value as Record<string, unknown>, error: null };
}

/**
 * Merges `over` onto `base` as managed fragments merge (see the module notes).
 *
 * @param base The earlier file's object.
 * @param over The later file's object.
 * @returns A new object.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergeSettings } from "./read_settings.ts";
 * assert.deepEqual(
 *   mergeSettings({ a: 1, env: { X: "1" }, l: [1, 2] }, { a: 2, env: { Y: "2" }, l: [2, 3] }),
 *   { a: 2, env: { X: "1", Y: "2" }, l: [1, 2, 3] },
 * );
 * ```
 */
export function mergeSettings(
  base: Record<string, unknown>,
  over: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prior = out[key];
    if (Array.isArray(prior) && Array.isArray(value)) {
      const seen = new Set(prior.map((v) => JSON.stringify(v)));
      out[key] = [...prior, ...value.filter((v) => !seen.has(JSON.stringify(v)))];
    } else if (_isObject(prior) && _isObject(value)) {
      out[key] = mergeSettings(prior, value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

function _isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

async function _layer(source: SettingsLayer["source"], path: string): Promise<SettingsLayer> {
  const read = await readSettingsFile(path);
  if (!read.exists || read.text === null) {
    return { source, path, exists: read.exists, doc: null, error: read.error, mtimeMs: null };
  }
  const { doc, error } = parseSettingsText(read.text);
  return { source, path, exists: true, doc, error, mtimeMs: read.mtimeMs };
}

async function _managed(paths: SettingsPaths): Promise<SettingsLayer | null> {
  if (paths.managed === null) return null;
  const base = await _layer("managed", paths.managed);
  const names: string[] = [];
  if (paths.managedFragments !== null) {
    try {
      for await (const entry of Deno.readDir(paths.managedFragments)) {
        if (entry.isFile && entry.name.endsWith(".json") && !entry.name.startsWith(".")) {
          names.push(entry.name);
        }
      }
    } catch (error) {
      if (!(error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotADirectory)) {
        return { ...base, error: `managed-settings.d: ${(error as Error).message}` };
      }
    }
  }
  // Name order by code unit, the same on every system.
  names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let doc = base.doc;
  let mtimeMs = base.mtimeMs;
  const errors = base.error === null ? [] : [`managed-settings.json: ${base.error}`];
  let exists = base.exists;
  for (const name of names) {
    const fragment = await _layer("managed", `${paths.managedFragments}/${name}`);
    exists = true;
    if (fragment.doc === null) {
      errors.push(`managed-settings.d/${name}: ${fragment.error}`);
      continue;
    }
    doc = mergeSettings(doc ?? {}, fragment.doc);
    if (fragment.mtimeMs !== null) mtimeMs = Math.max(mtimeMs ?? -Infinity, fragment.mtimeMs);
  }
  return {
    source: "managed",
    path: paths.managed,
    exists,
    doc,
    error: errors.length === 0 ? null : errors.join("; "),
    mtimeMs,
  };
}

function _defined(
  values: { autoCompactWindow?: string; pctOverride?: string },
): SettingsSnapshot["environment"] {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/** Options of {@linkcode readSettingsSnapshot}. */
export interface ReadSettingsOptions extends Omit<SettingsPathsInput, "home" | "configDir"> {
  /** Environment look-up (HOME, USERPROFILE, CLAUDE_CONFIG_DIR and the two variables). */
  env: (name: string) => string | undefined;
  /** Compactions after this time measure the offset (`--since`). @default {null} */
  sinceMs?: number | null;
}

/**
 * Reads every layer and the environment's two variables.
 *
 * @param options Environment, working directory, system, `--settings FILE`, `--since`.
 * @returns The snapshot, layers in precedence order (absent ones included).
 */
export async function readSettingsSnapshot(
  options: ReadSettingsOptions,
): Promise<SettingsSnapshot> {
  const { env, sinceMs = null, ...where } = options;
  const paths = settingsPaths({
    ...where,
    home: env("HOME") ?? env("USERPROFILE"),
    configDir: env("CLAUDE_CONFIG_DIR"),
  });
  const layers: SettingsLayer[] = [];
  const managed = await _managed(paths);
  if (managed !== null) layers.push(managed);
  for (const source of ["file", "local", "project", "user"] as const) {
    const path = paths[source];
    if (path !== null) layers.push(await _layer(source, path));
  }
  return {
    layers,
    // Spelled out (WINDOW_VARIABLE, PCT_VARIABLE) so that the tasks' --allow-env lists can be
    // checked against the sources (tests/cli/task_permissions_test.ts).
    environment: _defined({
      autoCompactWindow: env("CLAUDE_CODE_AUTO_COMPACT_WINDOW"),
      pctOverride: env("CLAUDE_AUTOCOMPACT_PCT_OVERRIDE"),
    }),
    sinceMs,
  };
}
