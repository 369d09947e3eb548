/**
 * Output paths that would be unsafe to write: a command's output (`--requests FILE`, a report's
 * `--out DIR`, …) must never land on a path the command reads, nor on a `.jsonl` file, so that
 * a slip of the keyboard cannot overwrite a transcript.
 *
 * The rules, checked before anything is written:
 * - a name ending in `.jsonl` (any case) is refused, as given and after symbolic links are
 *   resolved (a link named `out.csv` that points at a transcript is that transcript);
 * - a path that is, after `.`/`..` and symbolic links are resolved, or by device and inode (a
 *   hard link), one of the input paths as named (a file or a directory) is refused;
 * - `-` (standard output) is always fine.
 *
 * Files found by walking an input directory are all `*.jsonl`, so the first rule covers them.
 * This is an I/O edge: it only `stat`s.
 *
 * @module
 */

import { basenamePath, dirnamePath, resolvePath } from "../transcript/paths.ts";

async function _real(path: string): Promise<string | undefined> {
  try {
    return await Deno.realPath(path);
  } catch {
    return undefined;
  }
}

async function _stat(path: string): Promise<Deno.FileInfo | undefined> {
  try {
    return await Deno.stat(path);
  } catch {
    return undefined;
  }
}

const _isJsonl = (path: string) => basenamePath(path).toLowerCase().endsWith(".jsonl");

/**
 * Why `path` must not be written by a command that reads `inputs`, or `undefined` when it may.
 *
 * @param path The output path, as given (relative to the working directory), or `-`.
 * @param inputs The command's input files and directories, as given.
 * @returns A one-line reason (naming the path the user typed), or `undefined`.
 *
 * @example
 * ```ts
 * import { checkOutputPath } from "./output_path.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/s.jsonl`, "");
 * assert.match((await checkOutputPath(`${dir}/s.jsonl`, [dir]))!, /\.jsonl file/);
 * assert.equal(await checkOutputPath(`${dir}/requests.csv`, [dir]), undefined);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function checkOutputPath(
  path: string,
  inputs: readonly string[],
): Promise<string | undefined> {
  if (path === "-") return undefined;
  const absolute = resolvePath(path);
  // The real path of the output: the file itself when it exists, else its folder's real path.
  const real = await _real(absolute) ??
    resolvePath(
      basenamePath(absolute),
      await _real(dirnamePath(absolute)) ?? dirnamePath(absolute),
    );
  if (_isJsonl(absolute) || _isJsonl(real)) {
    return `${path} is a .jsonl file: outputs are never written to transcript files`;
  }
  const info = await _stat(real);
  for (const input of inputs) {
    const inputAbsolute = resolvePath(input);
    const inputReal = await _real(inputAbsolute) ?? inputAbsolute;
    if (inputReal === real || inputAbsolute === absolute) {
      return `${path} is an input of this command: outputs are never written to a path it reads`;
    }
    if (info !== undefined && info.ino !== null && info.dev !== null) {
      const inputInfo = await _stat(inputReal);
      if (inputInfo?.ino === info.ino && inputInfo.dev === info.dev) {
        return `${path} is an input of this command (a hard link): outputs are never written ` +
          `to a path it reads`;
      }
    }
  }
  return undefined;
}
