/**
 * `resolve`, `join`, `dirname` and `basename` for the reader and the command lines' input and
 * output checks, without `node:path` on POSIX systems: importing
 * the first `node:` module costs a thread noticeable start-up time (Node compatibility is set up
 * on demand), paid again by every worker that reaches it. On Windows, where paths have
 * drives and two separators, `node:path` is used as is.
 *
 * @module
 */

const nodePath = Deno.build.os === "windows" ? await import("node:path") : undefined;

/** The path separator of this system. */
export const SEPARATOR: string = nodePath?.sep ?? "/";

/**
 * Normalises a POSIX path as `node:path`'s `posix.normalize` does, on every system (transcripts'
 * tool calls name POSIX paths): repeated `/` and `.` segments go, `..` removes the segment before
 * it (above the root of an absolute path it is dropped; at the start of a relative one it is
 * kept), a trailing `/` is kept, and an empty result is `.`.
 *
 * @param path A POSIX path.
 * @returns The normalised path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { normalizePosixPath } from "./paths.ts";
 *
 * assert.equal(normalizePosixPath("/p//src/./a/../b.ts"), "/p/src/b.ts");
 * assert.equal(normalizePosixPath("/.."), "/");
 * assert.equal(normalizePosixPath("a/../../b/"), "../b/");
 * assert.equal(normalizePosixPath(""), ".");
 * ```
 */
export function normalizePosixPath(path: string): string {
  if (path === "") return ".";
  const absolute = path.startsWith("/");
  const kept: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment !== "..") kept.push(segment);
    else if (kept.length > 0 && kept[kept.length - 1] !== "..") kept.pop();
    else if (!absolute) kept.push("..");
  }
  let out = kept.join("/");
  if (out === "" && !absolute) out = ".";
  if (out !== "" && path.endsWith("/")) out += "/";
  return absolute ? `/${out}` : out;
}

/** `path` normalised without a trailing separator (the root stays `/`). */
function _normalize(path: string): string {
  const normal = normalizePosixPath(path);
  return normal.length > 1 && normal.endsWith("/") ? normal.slice(0, -1) : normal;
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
  return _normalize(full);
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
  return _normalize(parts.filter((part) => part !== "").join("/"));
}

/**
 * The directory part of `path`, as `node:path`'s `dirname`.
 *
 * @example
 * ```ts
 * import { dirnamePath } from "./paths.ts";
 * import assert from "node:assert/strict";
 * if (Deno.build.os !== "windows") {
 *   assert.equal(dirnamePath("/a/b/"), "/a");
 *   assert.equal(dirnamePath("b.json"), ".");
 * }
 * ```
 */
export function dirnamePath(path: string): string {
  if (nodePath) return nodePath.dirname(path);
  if (path === "") return ".";
  // The separator before the last part (trailing separators are not a part); the separators
  // before it are kept, as node:path keeps them.
  let end = -1;
  let inPart = false;
  for (let i = path.length - 1; i >= 1; i--) {
    if (path[i] !== "/") inPart = true;
    else if (inPart) {
      end = i;
      break;
    }
  }
  if (end === -1) return path.startsWith("/") ? "/" : ".";
  if (end === 1 && path.startsWith("/")) return "//";
  return path.slice(0, end);
}

/**
 * The last part of `path`, as `node:path`'s `basename` (without its suffix argument).
 *
 * @example
 * ```ts
 * import { basenamePath } from "./paths.ts";
 * import assert from "node:assert/strict";
 * if (Deno.build.os !== "windows") assert.equal(basenamePath("/a/b.jsonl/"), "b.jsonl");
 * ```
 */
export function basenamePath(path: string): string {
  if (nodePath) return nodePath.basename(path);
  let end = path.length;
  while (end > 0 && path[end - 1] === "/") end--;
  return path.slice(path.lastIndexOf("/", end - 1) + 1, end);
}

/**
 * `name` (a directory entry's name) in the directory `dir`, which {@linkcode resolvePath} made: a
 * concatenation, for the walk over every entry of a corpus.
 */
export function childPath(dir: string, name: string): string {
  return dir.endsWith(SEPARATOR) ? dir + name : dir + SEPARATOR + name;
}
