/**
 * Whether a path the user typed names a file whose name is not valid UTF-8. Deno hands such a
 * command-line argument to the program with U+FFFD in place of the bytes it cannot decode, so the
 * path leads nowhere although the file exists: the program cannot represent the name, and no
 * string it could build would open that file. The commands say so (exit 4) instead of "no such
 * file".
 *
 * The rule, for a path that was not found: take its components from the root; at the first one
 * that does not exist, the name is unrepresentable when that component holds U+FFFD and its
 * folder lists an entry of the same (lossily decoded) name. A name that really holds U+FFFD
 * exists and is read; a path with U+FFFD that matches no entry is simply missing.
 *
 * @module
 */

import { dirnamePath, resolvePath, SEPARATOR } from "../transcript/paths.ts";

/**
 * Whether `path` (not found) names an entry that exists under a name that is not UTF-8.
 *
 * @param path The path as typed or resolved.
 * @returns True when the first missing component holds U+FFFD and its folder lists it lossily.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unrepresentableName } from "./unrepresentable_name.ts";
 * const dir = await Deno.makeTempDir();
 * assert.equal(unrepresentableName(`${dir}/absent-\uFFFD.jsonl`), false);
 * assert.equal(unrepresentableName(`${dir}/absent.jsonl`), false);
 * await Deno.remove(dir);
 * ```
 */
export function unrepresentableName(path: string): boolean {
  if (!path.includes("\uFFFD")) return false;
  const absolute = resolvePath(path);
  // The first missing component: walk up until the parent exists.
  let missing = absolute;
  while (dirnamePath(missing) !== missing && !_exists(dirnamePath(missing))) {
    missing = dirnamePath(missing);
  }
  const name = missing.slice(missing.lastIndexOf(SEPARATOR) + 1);
  if (!name.includes("\uFFFD") || _exists(missing)) return false;
  try {
    for (const entry of Deno.readDirSync(dirnamePath(missing))) {
      if (entry.name === name) return true;
    }
  } catch {
    return false; // a folder we cannot list: we cannot tell, so the path is just missing
  }
  return false;
}

/** Why such a path cannot be read, after its path (the commands print it and exit 4). */
export const UNREPRESENTABLE_NAME = "the name cannot be represented: it is not valid UTF-8 on " +
  "disk, and the program receives it with U+FFFD in place of those bytes; rename the file to " +
  "read it";

function _exists(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
