/**
 * Writes a settings file safely and undoes it: the I/O edge of `deno task setting --write` and
 * `--revert`. Touches only the settings file, its backups beside it (`<name>.bak-<UTC time>`)
 * and a temporary file beside it that is renamed over it.
 *
 * - **Refusals before anything is written:** a file that is not a JSON object
 *   ({@linkcode MalformedSettingsError}); a read-only file or folder
 *   ({@linkcode ReadOnlySettingsError}). Read-only is decided from the permission bits (no write
 *   bit for anyone), not by trying: a process run as root may write a file whose bits forbid
 *   it, and the user's read-only mark should still hold. A write that the system refuses
 *   anyway is reported the same way.
 * - **A missing folder** (`~/.claude`, a project's `.claude`) is created.
 * - **Backup, then atomic write:** the file's exact bytes are copied to a new backup first
 *   (a file that did not exist gets an empty `<name>.bak-<time>.absent` marker), then the new
 *   text is written to a temporary file in the same folder, given the old file's permission
 *   bits, and renamed over it, so a reader sees the old file or the new one, never a part.
 * - **Revert:** the newest backup's bytes go back the same way (a marker: the file is removed).
 *   Backups are kept.
 *
 * @module
 */

import { editSettingsText, type SettingsEdit } from "./edit_settings_text.ts";
import { parseSettingsText } from "./read_settings.ts";
import { unifiedDiff } from "./settings_diff.ts";

/** The settings file is not a JSON object: nothing is written. */
export class MalformedSettingsError extends Error {
  /**
   * @param path The file.
   * @param reason Why it cannot be used.
   */
  constructor(readonly path: string, reason: string) {
    super(`${path} is ${reason}; fix it or move it away, nothing was written`);
    this.name = "MalformedSettingsError";
  }
}

/** The settings file (or its folder) is read-only, or the system refused the write. */
export class ReadOnlySettingsError extends Error {
  /**
   * @param path The file.
   * @param reason What is read-only.
   */
  constructor(readonly path: string, reason: string) {
    super(`${path}: ${reason}; nothing was written`);
    this.name = "ReadOnlySettingsError";
  }
}

/** There is no backup to restore. */
export class NoBackupError extends Deno.errors.NotFound {
  /** @param path The settings file. */
  constructor(readonly path: string) {
    super(`no backup of ${path} (${_base(path)}.bak-*) to restore`);
    this.name = "NoBackupError";
  }
}

/** What a write would do. */
export interface SettingsWritePlan {
  /** The settings file. */
  path: string;
  /** Its bytes now (null: it does not exist). */
  beforeBytes: Uint8Array | null;
  /** Its text now ("" when it does not exist). */
  before: string;
  /** The text that would be written. */
  after: string;
  /** The change as a unified diff (empty: no change). */
  diff: string[];
}

function _base(path: string): string {
  return path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
}

function _dir(path: string): string {
  const cut = Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\"));
  return cut < 0 ? "." : cut === 0 ? path.slice(0, 1) : path.slice(0, cut);
}

async function _bytes(path: string): Promise<Uint8Array | null> {
  try {
    return await Deno.readFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return null;
    throw error;
  }
}

/**
 * Reads the settings file and works out the new text and the diff; writes nothing.
 *
 * @param path The settings file (need not exist).
 * @param edit The keys to change.
 * @returns The plan.
 * @throws {MalformedSettingsError} When the file is not a JSON object.
 */
export async function planSettingsWrite(
  path: string,
  edit: SettingsEdit,
): Promise<SettingsWritePlan> {
  const beforeBytes = await _bytes(path);
  const before = beforeBytes === null ? null : new TextDecoder().decode(beforeBytes);
  if (before !== null) {
    const { error } = parseSettingsText(before);
    if (error !== null) throw new MalformedSettingsError(path, error);
  }
  const after = editSettingsText(before, edit);
  return {
    path,
    beforeBytes,
    before: before ?? "",
    after,
    diff: unifiedDiff(before ?? "", after, [
      before === null ? "/dev/null" : path,
      `${path} (proposed)`,
    ]),
  };
}

/**
 * Refuses when the file or its folder is read-only (see the module notes).
 *
 * @param path The settings file.
 * @throws {ReadOnlySettingsError} When no write bit is set on the file, or on the folder the
 * backup and the temporary file go into.
 */
export async function checkWritable(path: string): Promise<void> {
  const bits = async (p: string) => {
    try {
      return (await Deno.stat(p)).mode;
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return undefined;
      throw error;
    }
  };
  const file = await bits(path);
  if (file != null && (file & 0o222) === 0) {
    throw new ReadOnlySettingsError(path, "the file is read-only (no write permission bit)");
  }
  // A folder that does not exist yet is created in the nearest one that does.
  let folder = _dir(path);
  let dir = await bits(folder);
  while (dir === undefined && _dir(folder) !== folder) {
    folder = _dir(folder);
    dir = await bits(folder);
  }
  if (dir != null && (dir & 0o222) === 0) {
    throw new ReadOnlySettingsError(
      path,
      `the folder ${folder} is read-only (no write permission bit)`,
    );
  }
}

function _stamp(now: Date): string {
  return now.toISOString().replace(/[-:]/g, "");
}

/** Creates `path` with `bytes`, failing if it exists. */
async function _createNew(path: string, bytes: Uint8Array): Promise<boolean> {
  try {
    await Deno.writeFile(path, bytes, { createNew: true });
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.AlreadyExists) return false;
    throw error;
  }
}

/** Writes bytes over `path` through a temporary file in the same folder and a rename. */
async function _atomicWrite(path: string, bytes: Uint8Array, mode: number | null): Promise<void> {
  const temp = `${_dir(path)}/.${_base(path)}.tmp-${Deno.pid}-${_stamp(new Date())}`;
  try {
    await Deno.writeFile(temp, bytes, { createNew: true, mode: mode ?? 0o644 });
    if (mode !== null && Deno.build.os !== "windows") await Deno.chmod(temp, mode);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}

function _refused(path: string, error: unknown): never {
  if (error instanceof Deno.errors.PermissionDenied || error instanceof Deno.errors.NotCapable) {
    throw new ReadOnlySettingsError(
      path,
      `the system refused the write (${(error as Error).message})`,
    );
  }
  throw error;
}

/**
 * Applies a plan: backup, then the atomic write (see the module notes).
 *
 * @param plan From {@linkcode planSettingsWrite}.
 * @param now The time in the backup's name. @default {new Date()}
 * @returns The backup's path.
 * @throws {ReadOnlySettingsError} When the file or folder is read-only or the write is refused.
 * @throws {Error} When the file changed since the plan was made (nothing written).
 */
export async function applySettingsWrite(
  plan: SettingsWritePlan,
  now: Date = new Date(),
): Promise<{ backup: string }> {
  await checkWritable(plan.path);
  const current = await _bytes(plan.path);
  const same = current === null
    ? plan.beforeBytes === null
    : plan.beforeBytes !== null && current.length === plan.beforeBytes.length &&
      current.every((b, i) => b === plan.beforeBytes![i]);
  if (!same) throw new Error(`${plan.path} changed while the change was prepared; run again`);
  let mode: number | null = null;
  if (current !== null) mode = (await Deno.stat(plan.path)).mode ?? null;
  let backup = "";
  try {
    await Deno.mkdir(_dir(plan.path), { recursive: true });
    const stamp = _stamp(now);
    for (let n = 0;; n++) {
      const name = `${plan.path}.bak-${stamp}${n === 0 ? "" : `-${n}`}` +
        (current === null ? ".absent" : "");
      if (await _createNew(name, current ?? new Uint8Array())) {
        backup = name;
        break;
      }
    }
    await _atomicWrite(plan.path, new TextEncoder().encode(plan.after), mode);
  } catch (error) {
    _refused(plan.path, error);
  }
  return { backup };
}

/**
 * The newest backup of a settings file (names sort by their UTC time), or null.
 *
 * @param path The settings file.
 * @returns The backup's path, or null when there is none.
 */
export async function latestBackup(path: string): Promise<string | null> {
  const prefix = `${_base(path)}.bak-`;
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(_dir(path))) {
      if (entry.isFile && entry.name.startsWith(prefix)) names.push(entry.name);
    }
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return null;
    throw error;
  }
  if (names.length === 0) return null;
  // `<time>` then an optional `-<n>` and `.absent`: order by time, then by n.
  const key = (name: string) => {
    const m = /^(\d{8}T\d{6}\.\d{3}Z)(?:-(\d+))?/.exec(name.slice(prefix.length));
    return m === null ? ["", 0] as const : [m[1], Number(m[2] ?? 0)] as const;
  };
  names.sort((a, b) => {
    const [ta, na] = key(a), [tb, nb] = key(b);
    return ta < tb ? -1 : ta > tb ? 1 : na - nb;
  });
  return `${_dir(path)}/${names[names.length - 1]}`;
}

/**
 * Restores the newest backup byte for byte (a `.absent` marker removes the file).
 *
 * @param path The settings file.
 * @returns The backup restored, and the bytes now in place (null: the file was removed).
 * @throws {NoBackupError} When there is no backup.
 * @throws {ReadOnlySettingsError} When the file or folder is read-only or the write is refused.
 */
export async function revertSettings(
  path: string,
): Promise<{ backup: string; restored: Uint8Array | null; before: Uint8Array | null }> {
  const backup = await latestBackup(path);
  if (backup === null) throw new NoBackupError(path);
  await checkWritable(path);
  const before = await _bytes(path);
  try {
    if (backup.endsWith(".absent")) {
      await Deno.remove(path).catch((error) => {
        if (!(error instanceof Deno.errors.NotFound)) throw error;
      });
      return { backup, restored: null, before };
    }
    const bytes = await Deno.readFile(backup);
    const mode = before === null ? null : (await Deno.stat(path)).mode ?? null;
    await _atomicWrite(path, bytes, mode);
    return { backup, restored: bytes, before };
  } catch (error) {
    _refused(path, error);
  }
}
