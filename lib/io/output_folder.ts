/**
 * A command's output folder written as a unit. The files are written into a temporary folder
 * inside the output folder (so that each move at the end is a rename on one file system) and
 * moved into place only when all of them are written; a run that fails or is interrupted before
 * that leaves the folder as it was. The folder is checked, by creating that temporary folder,
 * before any analysis runs, so an output that cannot be written fails at once.
 *
 * Why inside rather than beside `--out`: beside it needs the parent folder writable too, which
 * `--out /tmp` (parent `/`) or a shared parent would refuse; inside it needs exactly what the
 * output itself needs.
 *
 * Every failure of the folder is an {@linkcode OutputFolderError} (the commands exit 5 for it),
 * with the file system's reason and without Deno's advice on permission flags.
 *
 * @module
 */

import { basenamePath, dirnamePath, joinPath, resolvePath } from "../transcript/paths.ts";

/** The output folder cannot be made or written. */
export class OutputFolderError extends Error {
  /** The folder as the user typed it. */
  readonly path: string;

  /**
   * @param path The folder as typed.
   * @param reason Why, in one line.
   */
  constructor(path: string, reason: string) {
    super(`--out ${path}: ${reason}`);
    this.name = "OutputFolderError";
    this.path = path;
  }
}

/**
 * The file system's reason of `error`, in one line: Deno's message without the path it appends
 * after the system call, and a refusal of Deno's permission checks (`/proc`, `/dev`, `/sys` need
 * `--allow-all` for any write) said as what it is.
 */
function _reason(error: unknown): string {
  if (error instanceof Deno.errors.NotCapable) {
    return "not an ordinary folder: Deno writes nothing under /proc, /dev or /sys";
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/(\(os error \d+\)):.*$/s, "$1")
    .replace(/,?\s*run again with the --allow-\S+ flag.*$/s, "");
}

/** A staged output: write into {@linkcode StagedOutput.path}, then commit or discard. */
export interface StagedOutput {
  /** The output folder, absolute. */
  readonly folder: string;
  /** Where file `name` is written until the commit. */
  path(name: string): string;
  /** Writes text to file `name` of the staged set. @throws {OutputFolderError} */
  writeText(name: string, text: string): Promise<void>;
  /** Writes bytes to file `name` of the staged set. @throws {OutputFolderError} */
  write(name: string, bytes: Uint8Array): Promise<void>;
  /**
   * Moves every staged file into the folder (replacing files of the same name), removes the
   * files named in `stale` from the folder, and removes the temporary folder.
   * @throws {OutputFolderError}
   */
  commit(stale?: readonly string[]): Promise<string[]>;
  /** Removes the temporary folder, and the folders this run made while they are empty. */
  discardSync(): void;
  /** The names already moved by a commit under way (for a message on interruption). */
  readonly moved: readonly string[];
}

/**
 * Checks the output folder and opens a staged set of files in it: the folder is created when
 * missing (with its parents), then a temporary folder `.partial-*` inside it.
 *
 * @param folder The folder (resolved against the working directory).
 * @param typed The folder as the user typed it, for messages. @default {folder}
 * @returns The staged output.
 * @throws {OutputFolderError} When `folder` is a file, or cannot be created or written.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { stageOutputFolder } from "./output_folder.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/a.txt`, "old");
 * const staged = await stageOutputFolder(dir);
 * await staged.writeText("a.txt", "new");
 * assert.equal(await Deno.readTextFile(`${dir}/a.txt`), "old"); // not yet
 * await staged.commit();
 * assert.equal(await Deno.readTextFile(`${dir}/a.txt`), "new");
 * assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["a.txt"]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function stageOutputFolder(folder: string, typed = folder): Promise<StagedOutput> {
  try {
    return Promise.resolve(_stage(folder, typed));
  } catch (error) {
    return Promise.reject(error);
  }
}

function _stage(folder: string, typed: string): StagedOutput {
  const absolute = resolvePath(folder);
  // The folders this run creates, deepest first (removed again when the run writes nothing).
  const created: string[] = [];
  // Synchronous calls: an interruption cannot fall between making a folder and returning it.
  try {
    const info = Deno.statSync(absolute);
    if (!info.isDirectory) throw new OutputFolderError(typed, "exists and is not a folder");
  } catch (error) {
    if (error instanceof OutputFolderError) throw error;
    if (!(error instanceof Deno.errors.NotFound)) {
      throw new OutputFolderError(typed, _reason(error));
    }
    for (let f = absolute; !_exists(f) && dirnamePath(f) !== f; f = dirnamePath(f)) created.push(f);
    try {
      Deno.mkdirSync(absolute, { recursive: true });
    } catch (inner) {
      throw new OutputFolderError(typed, `cannot be created: ${_reason(inner)}`);
    }
  }
  let temporary: string;
  try {
    temporary = Deno.makeTempDirSync({ dir: absolute, prefix: ".partial-" });
  } catch (error) {
    _removeEmpty(created);
    throw new OutputFolderError(typed, `cannot be written: ${_reason(error)}`);
  }
  const moved: string[] = [];
  const fail = (name: string, error: unknown) =>
    new OutputFolderError(typed, `cannot write ${name}: ${_reason(error)}`);
  return {
    folder: absolute,
    moved,
    path: (name) => joinPath(temporary, name),
    async writeText(name, text) {
      try {
        await Deno.writeTextFile(joinPath(temporary, name), text);
      } catch (error) {
        throw fail(name, error);
      }
    },
    async write(name, bytes) {
      try {
        await Deno.writeFile(joinPath(temporary, name), bytes);
      } catch (error) {
        throw fail(name, error);
      }
    },
    async commit(stale = []) {
      const names = [...Deno.readDirSync(temporary)].map((e) => e.name).sort();
      for (const name of names) {
        try {
          await Deno.rename(joinPath(temporary, name), joinPath(absolute, name));
        } catch (error) {
          throw new OutputFolderError(typed, `cannot move ${name} into place: ${_reason(error)}`);
        }
        moved.push(name);
      }
      for (const name of stale) {
        await Deno.remove(joinPath(absolute, basenamePath(name))).catch((error) => {
          if (!(error instanceof Deno.errors.NotFound)) throw fail(name, error);
        });
      }
      await Deno.remove(temporary, { recursive: true }).catch(() => {});
      return names;
    },
    discardSync() {
      try {
        Deno.removeSync(temporary, { recursive: true });
      } catch {
        // Already gone (a commit finished) or not removable: nothing more to do.
      }
      _removeEmpty(created);
    },
  };
}

/** Removes each folder, deepest first, while it is empty. */
function _removeEmpty(folders: readonly string[]): void {
  for (const folder of folders) {
    try {
      Deno.removeSync(folder); // fails unless empty
    } catch {
      return; // not empty, or gone: leave it and those above
    }
  }
}

function _exists(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
