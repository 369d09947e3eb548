/**
 * `resolve` and `join` for the reader's discovery, without `node:path` on POSIX systems: importing
 * the first `node:` module costs a thread noticeable start-up time (Node compatibility is set up
 * on demand), paid again by every worker that reaches it. On Windows, where paths have
 * drives and two separators, `node:path` is used as is.
 *
 * @module
 */

const nodePath = Deno.build.os === "windows" ? await import("node:path") : undefined;

/** The path separator of this system. */
export const SEPARATOR: string = nodePath?.sep ?? "/";

/** `path` normalised: no empty or `.` segments, `..` cancelling the segment before it. */
function _normalize(path: string, absolute: boolean): string {
  const out: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (!absolute) out.push("..");
      continue;
    }
    out.push(segment);
  }
  const joined = out.join("/");
  return absolute ? `/${joined}` : joined || ".";
}

/**
 * The absolute, normalised form of `path` against the working directory, as `node:path`'s
 * `resolve(path)` gives it (no trailing separator, symbolic links left alone).
 *
 * @param path A file or directory path.
 * @param cwd The directory a relative path starts from. @default {Deno.cwd()}
 *
 * @example
 * ```ts
 * import { resolvePath } from "./paths.ts";
 * import assert from "node:assert/strict";
 * if (Deno.build.os !== "windows") {
 *   assert.equal(resolvePath("b/../c/", "/a"), "/a/c");
 *   assert.equal(resolvePath("/x//y/."), "/x/y");
 * }
 * ```
 */
export function resolvePath(path: string, cwd?: string): string {
  if (nodePath) return cwd === undefined ? nodePath.resolve(path) : nodePath.resolve(cwd, path);
  const full = path.startsWith("/") ? path : `${cwd ?? Deno.cwd()}/${path}`;
  return _normalize(full, true);
}

/**
 * `parts` joined with the separator and normalised, as `node:path`'s `join` (without its trailing
 * separator).
 *
 * @example
 * ```ts
 * import { joinPath } from "./paths.ts";
 * import assert from "node:assert/strict";
 * if (Deno.build.os !== "windows") {
 *   assert.equal(joinPath("/home/me/", ".claude", "projects"), "/home/me/.claude/projects");
 *   assert.equal(joinPath("cfg", "projects"), "cfg/projects");
 * }
 * ```
 */
export function joinPath(...parts: string[]): string {
  if (nodePath) return nodePath.join(...parts);
  const joined = parts.filter((part) => part !== "").join("/");
  return _normalize(joined, joined.startsWith("/"));
}

/**
 * `name` (a directory entry's name) in the directory `dir`, which {@linkcode resolvePath} made: a
 * concatenation, for the walk over every entry of a corpus.
 */
export function childPath(dir: string, name: string): string {
  return dir.endsWith(SEPARATOR) ? dir + name : dir + SEPARATOR + name;
}
