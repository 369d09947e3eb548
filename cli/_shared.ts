/**
 * What the command-line faces share: exit codes, error reporting, progress on stderr.
 *
 * @module
 */

import type { Corpus } from "../lib/transcript/tables.ts";
import { UnreadablePathError } from "../lib/transcript/discover.ts";
import { OutputError } from "../lib/io/stdout.ts";

/** Exit codes of every command, as documented in each `--help` and the README. */
export const EXIT = {
  ok: 0,
  emptySample: 1,
  invalidArguments: 2,
  missingPath: 3,
  unreadable: 4,
  /** The output could not be written (stdout closed early, disk full); as `measure`'s 5. */
  outputFailed: 5,
} as const;

/**
 * Prints an error to stderr and picks its exit code: a missing path → 3, an unreadable file → 4,
 * an output that could not be written → 5, anything else (a bad value, a failed fit) → 1 with its message.
 *
 * @param command Name shown before the message.
 * @param error What was thrown.
 * @returns The exit code.
 */
export function failureExit(command: string, error: unknown): number {
  const message = error instanceof Error ? error.message : String(error);
  try {
    console.error(`${command}: ${message}`);
  } catch {
    // stderr is gone too; the exit code still tells.
  }
  if (error instanceof OutputError) return EXIT.outputFailed;
  if (error instanceof Deno.errors.NotFound) return EXIT.missingPath;
  if (error instanceof Deno.errors.PermissionDenied || error instanceof Deno.errors.IsADirectory) {
    return EXIT.unreadable;
  }
  if (error instanceof Deno.errors.NotCapable) return EXIT.unreadable;
  // A FIFO, device or socket named as input, or a symbolic-link loop (discover.ts).
  if (error instanceof UnreadablePathError || error instanceof Deno.errors.FilesystemLoop) {
    return EXIT.unreadable;
  }
  return EXIT.emptySample;
}

/**
 * A progress callback that rewrites one stderr line, only when stderr is a terminal.
 *
 * @param command Name shown before the figures.
 * @returns A `(done, total, bytes)` callback, or undefined when stderr is not a terminal.
 */
export function progressReporter(
  command: string,
): ((done: number, total: number, bytes: number) => void) | undefined {
  if (!Deno.stderr.isTerminal()) return undefined;
  const encoder = new TextEncoder();
  return (done, total, bytes) => {
    const line = `\r${command}: ${done}/${total} files, ${(bytes / 1e6).toFixed(0)} MB`;
    Deno.stderr.writeSync(encoder.encode(done === total ? `${line}\n` : line));
  };
}

/**
 * The message for a corpus with no usable request: no transcript found at all, or what the files
 * held instead (malformed lines, sessions left out, requests by model).
 *
 * @param command Name shown before the message.
 * @param corpus The corpus read (only its counts are used).
 * @param paths The paths that were read (the user's own input).
 * @returns One line for stderr.
 */
export function emptySampleMessage(
  command: string,
  corpus: Corpus,
  paths: readonly string[],
): string {
  if (corpus.files === 0) {
    return `${command}: empty sample: no transcript (*.jsonl) found under ${paths.join(", ")}`;
  }
  const d = corpus.diagnostics;
  const leftOut = d.excludedSessions.otherModel + d.excludedSessions.noTargetModel;
  return `${command}: empty sample: ${corpus.files} files gave no request of ` +
    `${
      corpus.model ? `model ${corpus.model}` : "any model"
    } (${d.malformedLines} malformed lines, ${d.oversizedLines} oversized lines, ` +
    `${leftOut} sessions left out; requests by model: ${JSON.stringify(d.requestsByModel)})`;
}

/**
 * One warning line per kind of input the reader skipped without a diagnostic line of its own in
 * the text report (names that are not UTF-8), or an empty list. Counts only, never a name.
 *
 * @param command Name shown before the message.
 * @param corpus The corpus read.
 * @returns Lines for stderr.
 */
export function readerWarnings(command: string, corpus: Corpus): string[] {
  const n = corpus.diagnostics.undecodableNames;
  return n > 0
    ? [`${command}: skipped ${n} file or folder name${n === 1 ? "" : "s"} not valid UTF-8`]
    : [];
}
