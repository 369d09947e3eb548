/**
 * The input of every reading command: the paths the user typed (resolved where the user stands),
 * or the default transcript folders, then the transcript files they name, filtered by `--since`,
 * `--until`, `--project`. The same file list feeds every analysis of one run.
 *
 * @module
 */

import { countText } from "../lib/io/count_text.ts";
import { formatNumber } from "../lib/report/format_number.ts";
import { callerPath } from "../lib/transcript/default_roots.ts";
import {
  type SelectedTranscripts,
  selectTranscripts,
} from "../lib/transcript/select_transcripts.ts";
import { checkFilter, type TranscriptFilter } from "../lib/transcript/transcript_filter.ts";
import type { Corpus } from "../lib/transcript/tables.ts";
import {
  corpusOfParses,
  type ReadCorpusOptions,
  readFileParses,
} from "../lib/transcript/read_corpus.ts";
import type { FileMeasurement } from "../lib/readcost/file_measure.ts";
import { EXIT, readerWarnings, UsageError } from "./_shared.ts";

/** The files of one run, and how they were chosen. */
export type SelectedInput = SelectedTranscripts;

/**
 * The filter named by the parsed options, checked.
 *
 * @param values Parsed option values (`since`, `until`, `project`).
 * @returns The checked filter.
 * @throws {UsageError} for a bad date, since after until, or an empty project.
 */
export function filterFromValues(
  values: Record<string, string | boolean | string[] | undefined>,
): TranscriptFilter {
  const pick = (name: string) => typeof values[name] === "string" ? values[name] : undefined;
  try {
    return checkFilter({ since: pick("since"), until: pick("until"), project: pick("project") });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * Resolves, discovers and filters the input of a reading command.
 *
 * @param positionals Paths as typed (relative ones are meant from where the user stands).
 * @param filter The checked filter.
 * @returns The files to read and the record of how they were chosen.
 * @throws {Deno.errors.NotFound} for a path that does not exist, or when no path is given and no
 *   default transcript folder exists (the message names the folders looked at).
 */
export async function selectInput(
  positionals: readonly string[],
  filter: TranscriptFilter,
): Promise<SelectedInput> {
  // Typed paths are the user's (INIT_CWD under deno task); none: the default folders.
  return await selectTranscripts(positionals.map((p) => callerPath(p)), filter);
}

/**
 * {@linkcode selectInput}, then the end of the run when the filter left no file (its message
 * on stderr, exit 1).
 *
 * @param command The command's name.
 * @param positionals Paths as typed.
 * @param filter The checked filter.
 * @returns The selected input, or the exit code.
 * @throws {Deno.errors.NotFound} As {@linkcode selectInput}.
 */
export async function selectInputOrExit(
  command: string,
  positionals: readonly string[],
  filter: TranscriptFilter,
): Promise<SelectedInput | number> {
  const input = await selectInput(positionals, filter);
  const filteredOut = filteredOutMessage(command, input);
  if (filteredOut) {
    console.error(filteredOut);
    return EXIT.emptySample;
  }
  return input;
}

/**
 * Reads the corpus of the selected files, counts the names skipped while they were discovered
 * into its diagnostics, and prints the reader's warnings on stderr. Whether the corpus has a
 * request is the caller's to check (with `emptySampleMessage`), in its own order of checks.
 *
 * @param command Name shown before the warnings.
 * @param input The selected input.
 * @param options The reader's options.
 * @returns The corpus.
 */
export async function readInputCorpus(
  command: string,
  input: SelectedInput,
  options: ReadCorpusOptions,
): Promise<Corpus> {
  return (await readInputFiles(command, input, options)).corpus;
}

/**
 * {@linkcode readInputCorpus}, and what else the same read gave: each file's read-cost
 * measurement (with `readCostMinChars`) and the bytes read. The parses themselves are not kept.
 *
 * @param command Name shown before the warnings.
 * @param input The selected input.
 * @param options The reader's options.
 * @returns The corpus, the measurements (in reading order) and the bytes read.
 */
export async function readInputFiles(
  command: string,
  input: SelectedInput,
  options: ReadCorpusOptions,
): Promise<{ corpus: Corpus; readCosts?: FileMeasurement[]; bytes: number }> {
  const read = await readFileParses(input.files, options);
  const corpus = corpusOfParses(read, options);
  // The files were discovered before reading: their skipped names join the diagnostics.
  corpus.diagnostics.undecodableNames += input.undecodableNames;
  for (const warning of readerWarnings(command, corpus)) console.error(warning);
  return { corpus, readCosts: read.readCosts, bytes: read.bytes };
}

/**
 * The message when the filter left no file, or undefined when some file is left.
 *
 * @param command The command's name.
 * @param input The selected input.
 * @returns One line for stderr, or undefined.
 */
export function filteredOutMessage(command: string, input: SelectedInput): string | undefined {
  if (input.files.length > 0 || input.found === 0) return undefined;
  const f = input.filters;
  const rule = [
    f.since === null ? "" : `--since ${f.since}`,
    f.until === null ? "" : `--until ${f.until}`,
    f.project === null ? "" : `--project ${JSON.stringify(f.project)}`,
  ].filter((s) => s !== "").join(" ");
  return `${command}: empty sample: ${rule} left out ${
    input.found === 1
      ? "the only transcript file"
      : `all ${formatNumber(input.found)} transcript files`
  } (${countText(f.leftOut.sessions, "session")} with ${
    f.leftOut.sessions === 1 ? "its" : "their"
  } sub-agents, ${formatNumber(f.leftOut.undatedSessions)} without a timestamp)`;
}

/**
 * One text line saying what the filter kept, or "" when no filter was given.
 *
 * @param filters The filter record.
 * @returns e.g. `Filter: --since 2026-01-01 --project "app": left out 12 files (5 sessions with
 * their sub-agents)`.
 */
export function filterLine(filters: SelectedInput["filters"]): string {
  const rule = [
    filters.since === null ? "" : `--since ${filters.since}`,
    filters.until === null ? "" : `--until ${filters.until}`,
    filters.project === null ? "" : `--project ${JSON.stringify(filters.project)}`,
  ].filter((s) => s !== "").join(" ");
  if (rule === "") return "";
  const l = filters.leftOut;
  // A session here is a main transcript with its folder of sub-agents (the filter keeps or
  // drops them whole), not the corpus line's count by kind: said so, as the numbers differ.
  return `Filter: ${rule}: left out ${countText(l.files, "file")} (${
    countText(l.sessions, "session")
  } with ${l.sessions === 1 ? "its" : "their"} sub-agents` +
    `${l.undatedSessions > 0 ? `, ${formatNumber(l.undatedSessions)} without a timestamp` : ""})`;
}
