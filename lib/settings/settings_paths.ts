/**
 * Where Claude Code keeps the settings files that can set the automatic-compaction window, in
 * the order it lets them win (docs/method.md, "The setting in use"):
 *
 * 1. managed: `managed-settings.json` in the system folder (`/etc/claude-code` on Linux and WSL,
 *    `/Library/Application Support/ClaudeCode` on macOS, `C:\Program Files\ClaudeCode` on
 *    Windows), then every `*.json` of `managed-settings.d/` beside it in name order, later
 *    fragments over earlier ones (a leading `.` is skipped);
 * 2. file: the file named by `--settings FILE`;
 * 3. local: `.claude/settings.local.json` of the working directory;
 * 4. project: `.claude/settings.json` of the working directory;
 * 5. user: `settings.json` in `CLAUDE_CONFIG_DIR` (its first entry when it is a comma-separated
 *    list), else in `~/.claude` (in the home folder itself, the project file is this file and
 *    counts once, as the user's).
 *
 * Pure: paths are built from the values given; nothing is read.
 *
 * @module
 */

/** Where a settings layer comes from, highest precedence first. */
export type SettingsSource = "managed" | "file" | "local" | "project" | "user";

/** The order in which the layers win: earlier entries override later ones. */
export const SETTINGS_PRECEDENCE: readonly SettingsSource[] = Object.freeze([
  "managed",
  "file",
  "local",
  "project",
  "user",
]);

/** Inputs of {@linkcode settingsPaths}. */
export interface SettingsPathsInput {
  /** The home folder (`HOME`, else `USERPROFILE`); undefined: no user file. */
  home?: string;
  /** `CLAUDE_CONFIG_DIR` as set (undefined or empty: not set). */
  configDir?: string;
  /** The working directory, for the project files; undefined: no project files. */
  cwd?: string;
  /** `Deno.build.os`. @default {Deno.build.os} */
  os?: typeof Deno.build.os;
  /** The `--settings FILE` path, absolute; undefined: none. */
  settingsFile?: string;
  /** The managed-settings folder. @default {the system's, see managedSettingsFolder} */
  managedFolder?: string | null;
}

/** The paths of every layer, and of the managed fragments' folder. */
export interface SettingsPaths {
  /** The managed base file (null on a system without one). */
  managed: string | null;
  /** The folder of managed fragments (`managed-settings.d`), null with no managed folder. */
  managedFragments: string | null;
  /** `--settings FILE`, or null. */
  file: string | null;
  /** `<cwd>/.claude/settings.local.json`, or null without a working directory. */
  local: string | null;
  /** `<cwd>/.claude/settings.json`, or null without a working directory. */
  project: string | null;
  /** The user's `settings.json`, or null without a home folder or config folder. */
  user: string | null;
}

/** The managed-settings folder of each system (null: none known). */
export function managedSettingsFolder(os: typeof Deno.build.os): string | null {
  if (os === "darwin") return "/Library/Application Support/ClaudeCode";
  if (os === "windows") return "C:\\Program Files\\ClaudeCode";
  if (os === "linux" || os === "freebsd" || os === "netbsd") {
    return "/etc/claude-code";
  }
  return null;
}

function _join(dir: string, ...names: string[]): string {
  const sep = dir.includes("\\") && !dir.includes("/") ? "\\" : "/";
  return [dir.replace(/[\\/]+$/, ""), ...names].join(sep);
}

/**
 * The settings files' paths (see the module notes for the order).
 *
 * @param input Home, `CLAUDE_CONFIG_DIR`, working directory, system, `--settings`.
 * @returns One path per layer (null where that layer has none).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { settingsPaths } from "./settings_paths.ts";
 *
 * const p = settingsPaths({ home: "/home/me", cwd: "/work/app", os: "linux" });
 * assert.equal(p.user, "/home/me/.claude/settings.json");
 * assert.equal(p.local, "/work/app/.claude/settings.local.json");
 * assert.equal(p.managed, "/etc/claude-code/managed-settings.json");
 * assert.equal(p.managedFragments, "/etc/claude-code/managed-settings.d");
 * // CLAUDE_CONFIG_DIR replaces ~/.claude (its first entry when it is a list).
 * const q = settingsPaths({ home: "/home/me", configDir: "/cfg/a, /cfg/b", os: "linux" });
 * assert.equal(q.user, "/cfg/a/settings.json");
 * assert.equal(q.project, null);
 * ```
 */
export function settingsPaths(input: SettingsPathsInput): SettingsPaths {
  const os = input.os ?? Deno.build.os;
  const folder = input.managedFolder === undefined
    ? managedSettingsFolder(os)
    : input.managedFolder;
  const first = input.configDir?.split(",").map((e) => e.trim()).find((e) => e !== "");
  const configDir = first !== undefined && input.home && (first === "~" || first.startsWith("~/"))
    ? input.home + first.slice(1)
    : first;
  const userDir = configDir ?? (input.home ? _join(input.home, ".claude") : undefined);
  const user = userDir === undefined ? null : _join(userDir, "settings.json");
  const project = input.cwd ? _join(input.cwd, ".claude", "settings.json") : null;
  return {
    managed: folder === null ? null : _join(folder, "managed-settings.json"),
    managedFragments: folder === null ? null : _join(folder, "managed-settings.d"),
    file: input.settingsFile ?? null,
    local: input.cwd ? _join(input.cwd, ".claude", "settings.local.json") : null,
    // Run in the home folder, the project file is the user file: one layer, the user's.
    project: project === user ? null : project,
    user,
  };
}
