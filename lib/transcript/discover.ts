/**
 * Corpus discovery (analysis-spec §1): which transcript files a list of paths names.
 *
 * A directory is walked recursively for `*.jsonl`; symbolic links are not followed (a link named
 * directly on the command line is, since the user asked for it). The result is sorted byte-wise
 * by full path, so every run reads files in the same order.
 *
 * @module
 */

import { join, resolve } from "node:path";

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
  if (config) return join(config, "projects");
  const home = env("HOME");
  if (!home) {
    throw new Error("Cannot find the transcript folder: neither CLAUDE_CONFIG_DIR nor HOME is set");
  }
  return join(home, ".claude", "projects");
}

/** Compares strings by their UTF-8 bytes (not UTF-16 units, as `<` does). */
function compareBytes(a: string, b: string): number {
  const ea = new TextEncoder().encode(a);
  const eb = new TextEncoder().encode(b);
  const n = Math.min(ea.length, eb.length);
  for (let i = 0; i < n; i++) {
    if (ea[i] !== eb[i]) return ea[i] - eb[i];
  }
  return ea.length - eb.length;
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
    const absolute = resolve(path);
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
  return [...found].sort(compareBytes);
}

async function walk(dir: string, found: Set<string>): Promise<void> {
  for await (const entry of Deno.readDir(dir)) {
    if (entry.isSymlink) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory) await walk(path, found);
    else if (entry.isFile && entry.name.endsWith(".jsonl")) found.add(path);
  }
}
