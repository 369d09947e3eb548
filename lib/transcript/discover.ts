/**
 * Corpus discovery (analysis-spec §1): which transcript files a list of paths names.
 *
 * A directory is walked recursively for `*.jsonl`; symbolic links are not followed (a link named
 * directly on the command line is, since the user asked for it). The result is sorted byte-wise
 * by full path, so every run reads files in the same order.
 *
 * @module
 */

import { childPath, joinPath, resolvePath } from "./paths.ts";

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
 * Lists the transcript files named by `paths` (files taken as given, directories walked), resolved
 * to absolute paths, de-duplicated and sorted byte-wise.
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
  const found = new Set<string>();
  for (const path of paths) {
    const absolute = resolvePath(path);
    let info: Deno.FileInfo;
    try {
      info = await Deno.stat(absolute);
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) {
        throw new Deno.errors.NotFound(`No such file or directory: ${path}`);
      }
      throw error;
    }
    if (info.isDirectory) await walk(absolute, found);
    else found.add(absolute);
  }
  // Byte-wise order of the UTF-8 paths, each encoded once.
  const encoder = new TextEncoder();
  return [...found]
    .map((path) => ({ path, bytes: encoder.encode(path) }))
    .sort((a, b) => compareBytes(a.bytes, b.bytes))
    .map(({ path }) => path);
}

async function walk(dir: string, found: Set<string>): Promise<void> {
  // Sub-directories are walked concurrently: the file system answers several reads at once.
  const subdirectories: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isSymlink) continue;
    const path = childPath(dir, entry.name);
    if (entry.isDirectory) subdirectories.push(path);
    else if (entry.isFile && entry.name.endsWith(".jsonl")) found.add(path);
  }
  await Promise.all(subdirectories.map((sub) => walk(sub, found)));
}
