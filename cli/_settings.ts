/**
 * Reads the Claude Code settings for a command (`analyze`, `report`, `setting`): the layers of
 * lib/settings from the user's home, `CLAUDE_CONFIG_DIR`, the working directory where the user
 * stands and `--settings FILE`, and the two environment variables. Reads those files only.
 *
 * @module
 */

import { readSettingsSnapshot, type SettingsSnapshot } from "../lib/settings/mod.ts";
import { callerPath, grantedEnv } from "../lib/transcript/default_roots.ts";

/** `--settings FILE` names no file (exit 3). */
export class SettingsFileMissingError extends Deno.errors.NotFound {
  /** @param path The path as typed. */
  constructor(readonly path: string) {
    super(`--settings: ${path} not found`);
    this.name = "SettingsFileMissingError";
  }
}

/** The `--help` line of `--settings`. */
export const SETTINGS_FLAG_HELP =
  `  --settings FILE         A Claude Code settings file to read as \`claude --settings FILE\`
                          does, above the project and user files (managed settings still win).
                          The setting in use is read from managed settings, this file,
                          .claude/settings.local.json and .claude/settings.json where you run
                          the command, settings.json in $CLAUDE_CONFIG_DIR or ~/.claude, and
                          the environment (docs/method.md, "The setting in use").`;

/**
 * Reads the settings snapshot.
 *
 * @param settingsPath `--settings FILE` as typed (undefined: none).
 * @param since `--since` as the filter holds it (`YYYY-MM-DD`; null: none).
 * @returns The snapshot.
 * @throws {SettingsFileMissingError} When `--settings` names no file.
 */
export async function readCliSettings(
  settingsPath: string | undefined,
  since: string | null,
): Promise<SettingsSnapshot> {
  const settingsFile = settingsPath === undefined ? undefined : callerPath(settingsPath);
  if (settingsFile !== undefined) {
    try {
      await Deno.stat(settingsFile);
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) throw new SettingsFileMissingError(settingsPath!);
      throw error;
    }
  }
  return await readSettingsSnapshot({
    env: grantedEnv,
    cwd: callerPath("."),
    settingsFile,
    sinceMs: since === null ? null : Date.parse(`${since}T00:00:00Z`),
  });
}
