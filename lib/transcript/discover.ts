/**
 * Corpus discovery (docs/method.md, Input): which transcript files a list of paths names.
 *
 * A directory is walked recursively for `*.jsonl`; symbolic links are not followed (a link named
 * directly on the command line is, since the user asked for it). The result is sorted byte-wise
 * by full path, so every run reads files in the same order.
 *
 * Only regular files are read (a FIFO would block the reader forever, a device such as
 * `/dev/zero` never ends): a named path that is neither a regular file nor a directory, or a
 * symbolic-link loop, fails with {@linkcode UnreadablePathError} (exit 4 in the commands); while
 * walking, other kinds are left out. A name that is not valid UTF-8 cannot be opened through
 * Deno's lossy listing: it is skipped and counted (`undecodableNames`), never fatal.
 *
 * @module
 */

import { childPath, joinPath, resolvePath } from "./paths.ts";
import { UNREPRESENTABLE_NAME, unrepresentableName } from "../io/unrepresentable_name.ts";

/**
 * The default transcript folder: `$CLAUDE_CONFIG_DIR/projects`, else `~/.claude/projects`.
 *
 * @param env Environment look-up (defaults to `Deno.env.get`).
 * @returns The folder path.
 * @throws {Error} when neither CLAUDE_CONFIG_DIR nor HOME is set.
 *
 * @example
 * ```ts
 * import { defaultProjectsDir } from "./discover.ts";
 * import assert from "node:assert/strict";
 * const env = (name: string) => ({ HOME: "/home/me" } as Record<string, string>)[name];
 * assert.equal(defaultProjectsDir(env), "/home/me/.claude/projects");
 * ```
 */
export function defaultProjectsDir(
  env: (name: string) => string | undefined = (name) => Deno.env.get(name),
): string {
  const config = env("CLAUDE_CONFIG_DIR");
  if (config) return joinPath(config, "projects");
  const home = env("HOME");
  if (!home) {
    throw new Error("Cannot find the transcript folder: neither CLAUDE_CONFIG_DIR nor HOME is set");
  }
  return joinPath(home, ".claude", "projects");
}

/** Compares UTF-8 encoded strings byte by byte (not by UTF-16 units, as `<` does). */
function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return a[i] - b[i];
  }
  return a.length - b.length;
}

/**
 * A path that exists but cannot be read as a transcript: not a regular file or directory (a FIFO,
 * a device, a socket), a symbolic-link loop, or another file-system error than "not found". The
 * commands exit 4 for it.
 */
export class UnreadablePathError extends Error {
  /** The path as given. */
  readonly path: string;

  /**
   * @param path The path as given.
   * @param detail Why it cannot be read.
   */
  constructor(path: string, detail: string) {
    super(`Cannot read ${path}: ${detail}`);
    this.name = "UnreadablePathError";
    this.path = path;
  }
}

/** What {@linkcode discoverTranscriptFiles} found. */
export interface DiscoveredFiles {
  /** Absolute file paths, de-duplicated, sorted byte-wise. */
  files: string[];
  /**
   * Entries met while walking whose name is not valid UTF-8, skipped (Deno's directory listing
   * replaces such bytes with U+FFFD, so the name cannot be opened again).
   */
  undecodableNames: number;
  /**
   * Size in bytes of each file named directly in `paths` (read by `stat` here already, so a caller
   * handed discovered files need not `stat` them again); files found by walking a folder are
   * not in it.
   */
  namedSizes: Map<string, number>;
}

/**
 * Lists the transcript files named by `paths` (files taken as given, directories walked), resolved
 * to absolute paths, de-duplicated and sorted byte-wise.
 *
 * Only regular files are read: a named path is `stat`ed before anything opens it, and one that is
 * neither a regular file nor a directory (a FIFO, which would block the reader forever, a device
 * such as a link to `/dev/zero`, a socket) fails; so does a symbolic-link loop. While walking,
 * entries that are not regular files are left out, and entries whose name is not valid UTF-8
 * are skipped and counted.
 *
 * @param paths Files and directories.
 * @returns The files and the count of skipped names.
 * @throws {Deno.errors.NotFound} naming the first path that does not exist.
 * @throws {UnreadablePathError} for a named path that exists but is not a regular file or
 * directory, or cannot be `stat`ed.
 *
 * @example
 * ```ts
 * import { discoverTranscriptFiles } from "./discover.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/s.jsonl`, "");
 * const found = await discoverTranscriptFiles([dir]);
 * assert.deepEqual(found.files, [`${dir}/s.jsonl`]);
 * assert.equal(found.undecodableNames, 0);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function discoverTranscriptFiles(paths: string[]): Promise<DiscoveredFiles> {
  try {
    return Promise.resolve(_discover(paths));
  } catch (error) {
    return Promise.reject(error);
  }
}

function _discover(paths: string[]): DiscoveredFiles {
  const found = new Set<string>();
  const namedSizes = new Map<string, number>();
  const walkState = { undecodableNames: 0 };
  for (const path of paths) {
    const absolute = resolvePath(path);
    let info: Deno.FileInfo;
    try {
      info = Deno.statSync(absolute);
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) {
        if (unrepresentableName(absolute)) {
          throw new UnreadablePathError(path, UNREPRESENTABLE_NAME);
        }
        throw new Deno.errors.NotFound(`No such file or directory: ${path}`);
      }
      if (error instanceof Deno.errors.FilesystemLoop) {
        throw new UnreadablePathError(path, "too many levels of symbolic links");
      }
      if (error instanceof Deno.errors.PermissionDenied) throw error;
      throw new UnreadablePathError(path, (error as Error).message);
    }
    if (info.isDirectory) walk(absolute, found, walkState);
    else if (info.isFile) {
      found.add(absolute);
      namedSizes.set(absolute, info.size);
    } else throw new UnreadablePathError(path, "not a regular file or directory");
  }
  // Byte-wise order of the UTF-8 paths, each encoded once.
  const encoder = new TextEncoder();
  const files = [...found]
    .map((path) => ({ path, bytes: encoder.encode(path) }))
    .sort((a, b) => compareBytes(a.bytes, b.bytes))
    .map(({ path }) => path);
  return { files, undecodableNames: walkState.undecodableNames, namedSizes };
}

/**
 * The files of {@linkcode discoverTranscriptFiles}, without the count of skipped names.
 *
 * @param paths Files and directories.
 * @returns Absolute file paths.
 * @throws {Deno.errors.NotFound} naming the first path that does not exist.
 *
 * @example
 * ```ts
 * import { discoverTranscripts } from "./discover.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * await Deno.mkdir(`${dir}/p/s/subagents`, { recursive: true });
 * await Deno.writeTextFile(`${dir}/p/s.jsonl`, "");
 * await Deno.writeTextFile(`${dir}/p/s/subagents/agent-a.jsonl`, "");
 * await Deno.writeTextFile(`${dir}/p/s/subagents/agent-a.meta.json`, "{}");
 * const files = await discoverTranscripts([dir]);
 * assert.deepEqual(files.map((f) => f.slice(dir.length)), ["/p/s.jsonl", "/p/s/subagents/agent-a.jsonl"]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function discoverTranscripts(paths: string[]): Promise<string[]> {
  return (await discoverTranscriptFiles(paths)).files;
}

/**
 * Whether a listed name may have lost bytes that are not UTF-8 (the listing decodes names
 * lossily); then `lstat` tells whether the name still leads to the entry.
 */
function _undecodable(name: string, path: string): boolean {
  if (!name.includes("\uFFFD")) return false;
  try {
    Deno.lstatSync(path);
    return false; // a name that really holds U+FFFD
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return true;
    throw error;
  }
}

/**
 * Synchronous listing: a real `~/.claude/projects` holds hundreds of small folders, and an
 * awaited listing per folder ran on another thread while this one idled (slower overall than
 * listing them one after another here).
 */
function walk(
  dir: string,
  found: Set<string>,
  state: { undecodableNames: number },
): void {
  for (const entry of Deno.readDirSync(dir)) {
    if (entry.isSymlink) continue;
    // Only directories and regular files (a FIFO, socket or device is neither).
    if (!entry.isDirectory && !(entry.isFile && entry.name.endsWith(".jsonl"))) continue;
    const path = childPath(dir, entry.name);
    if (_undecodable(entry.name, path)) {
      state.undecodableNames++;
      continue;
    }
    if (entry.isDirectory) walk(path, found, state);
    else found.add(path);
  }
}
