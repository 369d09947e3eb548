/**
 * Input paths of the read-cost measurement: files and shallow directories, resolved and
 * de-duplicated (docs/method.md, Read-cost measurement: its inputs). This is an I/O edge: it only
 * stats and lists, read-only.
 *
 * - A named file is used whatever its name.
 * - A named directory contributes the entries directly inside it whose name ends in `.jsonl`
 *   (case-sensitive) and that are files (symbolic links followed), in code-unit order of name.
 *   Sub-directories are not entered, so sub-agent transcripts (`<session>/subagents/…`) are
 *   included only when their folders or files are named.
 * - Every file is identified by its real path (`Deno.realPath`: relative paths, `.`/`..` and
 *   symbolic links resolved); a file reached twice is used once, at its first place. Copies of a
 *   transcript at different real paths are distinct files.
 * - Only regular files are read: a named path that is neither a regular file nor a directory (a
 *   FIFO, a device, a socket) or a symbolic-link loop fails as `unreadable`; a directory entry
 *   that is not a regular file is left out.
 * - A directory entry whose name is not valid UTF-8 cannot be opened through Deno's lossy listing
 *   (it replaces such bytes with U+FFFD): it is skipped and counted, never fatal.
 * - A path that does not exist fails as `missing`; a path that cannot be listed or stat'ed, is
 *   neither a file nor a directory, or a `.jsonl` entry that cannot be stat'ed (a broken link)
 *   fails as `unreadable`. Messages name the path (filesystem errors may; reports never do).
 *
 * @module
 */

import { join, resolve } from "node:path";
import { UNREPRESENTABLE_NAME, unrepresentableName } from "../io/unrepresentable_name.ts";

/** Why an input path failed. */
export type InputPathFailure = "missing" | "unreadable";

/** An input path that cannot be used; `reason` tells which failure. */
export class InputPathError extends Error {
  /** `missing` (does not exist) or `unreadable` (exists, cannot be read). */
  readonly reason: InputPathFailure;
  /** The path as given or found. */
  readonly path: string;

  /**
   * @param reason Which failure.
   * @param path The path that failed.
   * @param detail What the file system said.
   */
  constructor(reason: InputPathFailure, path: string, detail: string) {
    super(
      reason === "missing"
        ? `Cannot read input: path does not exist: ${path}`
        : `Cannot read input: ${detail}: ${path}`,
    );
    this.name = "InputPathError";
    this.reason = reason;
    this.path = path;
  }
}

/** Classifies a file-system error of `path` as an {@linkcode InputPathError}. */
export function toInputPathError(error: unknown, path: string): InputPathError {
  if (error instanceof Deno.errors.NotFound) {
    return unrepresentableName(path)
      ? new InputPathError("unreadable", path, UNREPRESENTABLE_NAME)
      : new InputPathError("missing", path, "");
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new InputPathError("unreadable", path, detail);
}

async function _stat(path: string): Promise<Deno.FileInfo> {
  try {
    return await Deno.stat(path);
  } catch (error) {
    throw toInputPathError(error, path);
  }
}

/** What {@linkcode expandInputs} found. */
export interface ExpandedInputs {
  /** Real paths of the files, de-duplicated, in input order (directory entries sorted). */
  files: string[];
  /** Directory entries whose name is not valid UTF-8, skipped. */
  undecodableNames: number;
}

/**
 * Expands input paths to the list of transcript files to read.
 *
 * @param paths Files and directories, as given on the command line.
 * @returns Real paths of the files, de-duplicated, in input order (directory entries sorted).
 * @throws {InputPathError} for the first path that is missing or unreadable.
 * @throws {TypeError} when `paths` is not an array of strings.
 *
 * @example
 * ```ts
 * import { expandInputPaths } from "./input_paths.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/b.jsonl`, "");
 * await Deno.writeTextFile(`${dir}/a.jsonl`, "");
 * await Deno.writeTextFile(`${dir}/notes.txt`, "");
 * await Deno.mkdir(`${dir}/sub`);
 * await Deno.writeTextFile(`${dir}/sub/c.jsonl`, "");
 * const files = await expandInputPaths([dir, `${dir}/b.jsonl`, `${dir}/sub/../a.jsonl`]);
 * assert.deepEqual(files.map((f) => f.slice(f.lastIndexOf("/") + 1)), ["a.jsonl", "b.jsonl"]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function expandInputPaths(paths: readonly string[]): Promise<string[]> {
  return (await expandInputs(paths)).files;
}

/**
 * {@linkcode expandInputPaths} with the count of skipped names.
 *
 * @param paths Files and directories, as given on the command line.
 * @returns The files and the count of entries skipped for a name that is not UTF-8.
 * @throws {InputPathError} for the first path that is missing or unreadable.
 * @throws {TypeError} when `paths` is not an array of strings.
 *
 * @example
 * ```ts
 * import { expandInputs } from "./input_paths.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/a.jsonl`, "");
 * const { files, undecodableNames } = await expandInputs([dir]);
 * assert.equal(files.length, 1);
 * assert.equal(undecodableNames, 0);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function expandInputs(paths: readonly string[]): Promise<ExpandedInputs> {
  if (!Array.isArray(paths) || paths.some((p) => typeof p !== "string")) {
    throw new TypeError("Cannot expand input paths: expected an array of strings");
  }
  let undecodableNames = 0;
  const candidates: string[] = [];
  for (const given of paths) {
    const path = resolve(given);
    const info = await _stat(path);
    if (info.isFile) {
      candidates.push(path);
    } else if (info.isDirectory) {
      const names: string[] = [];
      try {
        for await (const entry of Deno.readDir(path)) {
          if (entry.name.endsWith(".jsonl")) names.push(entry.name);
        }
      } catch (error) {
        throw toInputPathError(error, path);
      }
      names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (const name of names) {
        const entry = join(path, name);
        let entryInfo: Deno.FileInfo;
        try {
          entryInfo = await Deno.stat(entry);
        } catch (error) {
          // The listing decoded a name that is not UTF-8 lossily: it leads nowhere now.
          if (error instanceof Deno.errors.NotFound && name.includes("\uFFFD")) {
            undecodableNames++;
            continue;
          }
          throw new InputPathError(
            "unreadable",
            entry,
            error instanceof Error ? error.message : String(error),
          );
        }
        if (entryInfo.isFile) candidates.push(entry);
      }
    } else {
      throw new InputPathError("unreadable", path, "not a regular file or directory");
    }
  }
  const seen = new Set<string>();
  const files: string[] = [];
  for (const candidate of candidates) {
    let real: string;
    try {
      real = await Deno.realPath(candidate);
    } catch (error) {
      throw toInputPathError(error, candidate);
    }
    if (seen.has(real)) continue;
    seen.add(real);
    files.push(real);
  }
  return { files, undecodableNames };
}
