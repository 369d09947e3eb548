/**
 * POSIX path normalisation for the fetch targets, written here so that the parse workers need
 * no `node:path`: loading Node's compatibility layer cost each worker about 13 ms of start-up.
 *
 * @module
 */

/**
 * Normalises a POSIX path as `node:path`'s `posix.normalize` does: repeated `/` and `.` segments
 * go, `..` removes the segment before it (above the root of an absolute path it is dropped; at
 * the start of a relative one it is kept), a trailing `/` is kept, and an empty result is `.`.
 *
 * @param path A POSIX path.
 * @returns The normalised path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { normalizePosixPath } from "./posix_normalize.ts";
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
  const trailing = path.endsWith("/");
  const kept: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment !== "..") kept.push(segment);
    else if (kept.length > 0 && kept[kept.length - 1] !== "..") kept.pop();
    else if (!absolute) kept.push("..");
  }
  let out = kept.join("/");
  if (out === "" && !absolute) out = ".";
  if (out !== "" && trailing) out += "/";
  return absolute ? `/${out}` : out;
}
