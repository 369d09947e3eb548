/**
 * Where the transcripts are when no path is given, and how a path the user typed is meant.
 *
 * The default input follows ccusage, so both tools read the same folders:
 * - `CLAUDE_CONFIG_DIR` set: a comma-separated list of Claude config folders. Each entry is a
 *   folder that is itself named `projects` (taken as it is) or a config folder holding a
 *   `projects/` folder (`<dir>/projects`). `~` is expanded. Entries that give no folder are
 *   named in the error when none gives one.
 * - Otherwise `~/.config/claude/projects` and `~/.claude/projects` (newer releases write the
 *   first, older the second): those that exist, both when both do.
 *
 * A relative path the user typed is meant from where the user stands: under `deno task` that is
 * `INIT_CWD` (the task runs in the repository root), otherwise the working directory.
 *
 * @module
 */

import { joinPath, resolvePath } from "./paths.ts";

/** Reads an environment variable; undefined when unset (or not permitted). */
export type EnvLookup = (name: string) => string | undefined;

/** Options of {@linkcode defaultTranscriptRoots}. */
export interface DefaultRootsOptions {
  /** Environment look-up. @default {Deno.env.get, undefined where env access is not granted} */
  env?: EnvLookup;
  /** Whether a path is an existing directory. @default {a `Deno.statSync` check} */
  isDirectory?: (path: string) => boolean;
}

/** No default transcript folder exists; the message names every place looked at. */
export class NoTranscriptRootError extends Deno.errors.NotFound {
  /** The folders looked at, in order. */
  readonly tried: readonly string[];

  /**
   * @param tried The folders looked at.
   * @param source What named them (`CLAUDE_CONFIG_DIR` or the defaults).
   */
  constructor(tried: readonly string[], source: string) {
    super(
      `No transcript folder found (${source}): looked at ${tried.join(", ")}; ` +
        `name a folder or file of transcripts as PATH`,
    );
    this.name = "NoTranscriptRootError";
    this.tried = tried;
  }
}

/**
 * `Deno.env.get`, answering undefined instead of prompting or throwing where the variable is not
 * granted (`measure` runs with `--allow-env=INIT_CWD` only).
 *
 * @param name The variable.
 * @returns Its value, or undefined.
 *
 * @example
 * ```ts
 * import { grantedEnv } from "./default_roots.ts";
 * import assert from "node:assert/strict";
 * assert.equal(typeof (grantedEnv("PATH") ?? ""), "string");
 * ```
 */
export function grantedEnv(name: string): string | undefined {
  try {
    if (Deno.permissions.querySync({ name: "env", variable: name }).state !== "granted") {
      return undefined;
    }
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
}

function _isDirectory(path: string): boolean {
  try {
    return Deno.statSync(path).isDirectory;
  } catch {
    return false;
  }
}

/**
 * `~` and `~/…` with the home folder (`HOME`, else `USERPROFILE`); other paths unchanged.
 *
 * @param path A path as typed.
 * @param env Environment look-up. @default {grantedEnv}
 * @returns The path with the home folder in place of `~`.
 *
 * @example
 * ```ts
 * import { expandHome } from "./default_roots.ts";
 * import assert from "node:assert/strict";
 * const env = (name: string) => (name === "HOME" ? "/home/me" : undefined);
 * assert.equal(expandHome("~/.claude/projects", env), "/home/me/.claude/projects");
 * assert.equal(expandHome("~", env), "/home/me");
 * assert.equal(expandHome("a/~b", env), "a/~b");
 * ```
 */
export function expandHome(path: string, env: EnvLookup = grantedEnv): string {
  if (path !== "~" && !path.startsWith("~/")) return path;
  const home = env("HOME") ?? env("USERPROFILE");
  if (!home) throw new Error(`Cannot expand "${path}": HOME is not set`);
  return home + path.slice(1);
}

/**
 * A path the user typed, absolute: `~` expanded, then resolved against `INIT_CWD` (set by
 * `deno task` and npm to where the user ran the task) or else the working directory.
 *
 * @param path A path as typed (`-` for stdin/stdout is the caller's business, not passed here).
 * @param env Environment look-up. @default {grantedEnv}
 * @returns The absolute path.
 *
 * @example
 * ```ts
 * import { callerPath } from "./default_roots.ts";
 * import assert from "node:assert/strict";
 * const env = (name: string) => ({ INIT_CWD: "/home/me/notes", HOME: "/home/me" })[name];
 * if (Deno.build.os !== "windows") {
 *   assert.equal(callerPath("../data/x.jsonl", env), "/home/me/data/x.jsonl");
 *   assert.equal(callerPath("/abs", env), "/abs");
 *   assert.equal(callerPath("~/out", env), "/home/me/out");
 * }
 * ```
 */
export function callerPath(path: string, env: EnvLookup = grantedEnv): string {
  const expanded = expandHome(path, env);
  const base = env("INIT_CWD") || undefined;
  return resolvePath(expanded, base);
}

/**
 * The transcript folders to read when no path is given (see the module doc for the rule).
 *
 * @param options Environment and file-system look-ups (for tests).
 * @returns One or more existing folders, in the order of the rule.
 * @throws {NoTranscriptRootError} when none exists; the message names each folder looked at.
 *
 * @example
 * ```ts
 * import { defaultTranscriptRoots } from "./default_roots.ts";
 * import assert from "node:assert/strict";
 * const dirs = new Set(["/cfg/a/projects", "/cfg/b/projects", "/home/me/.claude/projects"]);
 * const isDirectory = (p: string) => dirs.has(p);
 * // A list; an entry that is itself `projects/` is taken as it is.
 * const env = (name: string) =>
 *   ({ CLAUDE_CONFIG_DIR: "/cfg/a, /cfg/b/projects", HOME: "/home/me" })[name];
 * assert.deepEqual(defaultTranscriptRoots({ env, isDirectory }), ["/cfg/a/projects", "/cfg/b/projects"]);
 * // Unset: the two default places that exist.
 * const home = (name: string) => (name === "HOME" ? "/home/me" : undefined);
 * assert.deepEqual(defaultTranscriptRoots({ env: home, isDirectory }), ["/home/me/.claude/projects"]);
 * ```
 */
export function defaultTranscriptRoots(options: DefaultRootsOptions = {}): string[] {
  const env = options.env ?? grantedEnv;
  const isDirectory = options.isDirectory ?? _isDirectory;
  const config = env("CLAUDE_CONFIG_DIR")?.trim();
  const roots: string[] = [];
  const tried: string[] = [];
  const add = (path: string) => {
    if (!roots.includes(path)) roots.push(path);
  };
  if (config) {
    for (const entry of config.split(",").map((e) => e.trim()).filter((e) => e !== "")) {
      const dir = callerPath(entry, env);
      const inside = joinPath(dir, "projects");
      if (dir.split(/[\\/]/).pop() === "projects" && isDirectory(dir)) add(dir);
      else if (isDirectory(inside)) add(inside);
      else tried.push(inside);
    }
    if (roots.length === 0) throw new NoTranscriptRootError(tried, "CLAUDE_CONFIG_DIR");
    return roots;
  }
  const home = env("HOME") ?? env("USERPROFILE");
  if (!home) {
    throw new NoTranscriptRootError(
      ["~/.config/claude/projects", "~/.claude/projects"],
      "HOME unset",
    );
  }
  for (
    const dir of [
      joinPath(home, ".config", "claude", "projects"),
      joinPath(home, ".claude", "projects"),
    ]
  ) {
    if (isDirectory(dir)) add(dir);
    else tried.push(dir);
  }
  if (roots.length === 0) throw new NoTranscriptRootError(tried, "CLAUDE_CONFIG_DIR unset");
  return roots;
}

/**
 * The corpus paths of a notebook's parameter cell: the paths given (`~` expanded, relative ones
 * against the working directory, which is the notebook's folder), or the default transcript
 * folders when none is given (an empty string or list means "none").
 *
 * @param paths One path, a list of paths, or nothing.
 * @param options Environment and file-system look-ups (for tests).
 * @returns Absolute paths to read.
 * @throws {NoTranscriptRootError} when no path is given and no default folder exists.
 *
 * @example
 * ```ts
 * import { notebookCorpusPaths } from "./default_roots.ts";
 * import assert from "node:assert/strict";
 * const env = (name: string) => (name === "HOME" ? "/home/me" : undefined);
 * assert.deepEqual(notebookCorpusPaths("~/.claude/projects", { env }), ["/home/me/.claude/projects"]);
 * const isDirectory = (p: string) => p === "/home/me/.claude/projects";
 * assert.deepEqual(notebookCorpusPaths("", { env, isDirectory }), ["/home/me/.claude/projects"]);
 * ```
 */
export function notebookCorpusPaths(
  paths?: string | readonly string[],
  options: DefaultRootsOptions = {},
): string[] {
  const env = options.env ?? grantedEnv;
  const given = (typeof paths === "string" ? [paths] : [...(paths ?? [])])
    .map((p) => p.trim()).filter((p) => p !== "");
  if (given.length === 0) return defaultTranscriptRoots(options);
  return given.map((p) => resolvePath(expandHome(p, env)));
}
