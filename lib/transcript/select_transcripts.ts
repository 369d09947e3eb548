/**
 * The transcript files of one run, as the commands and the notebooks choose them: the paths given
 * (or the default transcript folders), every `*.jsonl` under them, then the filter. One list, so
 * the trigger analysis and the read-cost measurement of a run see the same files.
 *
 * @module
 */

import { type DefaultRootsOptions, notebookCorpusPaths } from "./default_roots.ts";
import { discoverTranscriptFiles } from "./discover.ts";
import {
  type FilterResult,
  filterTranscriptFiles,
  type TranscriptFilter,
} from "./transcript_filter.ts";

/** What {@linkcode selectTranscripts} chose. */
export interface SelectedTranscripts {
  /** The folders and files read, absolute. */
  paths: string[];
  /** Transcript files kept by the filter, sorted byte-wise (the reader's order). */
  files: string[];
  /** Transcript files found before the filter. */
  found: number;
  /** File and folder names skipped because they are not valid UTF-8 (counted, never shown). */
  undecodableNames: number;
  /** The filter as the JSON outputs record it (`options.filters`). */
  filters: FilterResult["filters"];
}

/**
 * Chooses the transcript files of a run. In a notebook's parameter cell: `corpusPath` may start
 * with `~`, be relative to the notebook's folder, or be empty for the default folders.
 *
 * @param paths One path or a list; relative ones against the working directory, `~` expanded;
 *   none (or empty) for the default transcript folders (`CLAUDE_CONFIG_DIR`, else
 *   `~/.config/claude/projects` and `~/.claude/projects`).
 * @param filter `since`, `until` (UTC dates, inclusive) and `project`. @default {{}}
 * @param options Environment and file-system look-ups (for tests).
 * @returns The files to read and how they were chosen.
 * @throws {Deno.errors.NotFound} for a missing path, or when no default folder exists.
 *
 * @example
 * ```ts
 * import { selectTranscripts } from "./select_transcripts.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * await Deno.mkdir(`${dir}/app`);
 * await Deno.writeTextFile(`${dir}/app/s.jsonl`, "");
 * await Deno.writeTextFile(`${dir}/app/t.jsonl`, "");
 * const { files, filters } = await selectTranscripts(dir, { project: "app" });
 * assert.equal(files.length, 2);
 * assert.equal(filters.project, "app");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function selectTranscripts(
  paths?: string | readonly string[],
  filter: TranscriptFilter = {},
  options: DefaultRootsOptions = {},
): Promise<SelectedTranscripts> {
  const absolute = notebookCorpusPaths(paths, options);
  const discovered = await discoverTranscriptFiles(absolute);
  const { files, filters } = await filterTranscriptFiles(discovered.files, filter);
  return {
    paths: absolute,
    files,
    found: discovered.files.length,
    undecodableNames: discovered.undecodableNames,
    filters,
  };
}
