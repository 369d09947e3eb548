/**
 * What the command-line faces share: exit codes, error reporting, progress on stderr.
 *
 * @module
 */

import type { Corpus } from "../lib/transcript/tables.ts";
import { modelFilterEmptyMessage } from "../lib/transcript/model_filter_message.ts";
import { UnreadablePathError } from "../lib/transcript/discover.ts";
import { OutputError } from "../lib/io/stdout.ts";
import { countText } from "../lib/io/count_text.ts";
import { formatNumber } from "../lib/report/format_number.ts";
import { OutputFolderError } from "../lib/io/output_folder.ts";

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
  if (error instanceof OutputError || error instanceof OutputFolderError) return EXIT.outputFailed;
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

/** Least time between two rewrites of a progress line, ms (the last one is always written). */
export const PROGRESS_INTERVAL_MS = 100;

/** Where a progress line goes; {@linkcode progressReporter}'s default is stderr and the clock. */
export interface ProgressOutput {
  /** Whether the line is shown at all. @default {Deno.stderr.isTerminal()} */
  terminal: boolean;
  /** Writes text. @default {Deno.stderr.writeSync} */
  write: (text: string) => void;
  /** The time, ms. @default {performance.now} */
  now: () => number;
}

function _stderr(): ProgressOutput {
  const encoder = new TextEncoder();
  return {
    terminal: Deno.stderr.isTerminal(),
    write: (text) => void Deno.stderr.writeSync(encoder.encode(text)),
    now: () => performance.now(),
  };
}

/**
 * A line rewritten in place (`\r`), at most every {@linkcode PROGRESS_INTERVAL_MS}: a tree of
 * 20,000 files read in 6 s wrote 20,000 lines to the terminal before. The first and the last
 * (done = total, ended by a newline) are always written.
 */
function _throttled(
  out: ProgressOutput,
  line: (done: number, total: number, bytes: number) => string,
): (done: number, total: number, bytes?: number) => void {
  let last = -Infinity;
  return (done, total, bytes = 0) => {
    const now = out.now();
    if (done !== total && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    const text = `\r${line(done, total, bytes)}`;
    out.write(done === total ? `${text}\n` : text);
  };
}

/**
 * A progress callback for reading, rewriting one stderr line, only when stderr is a terminal.
 *
 * @param command Name shown before the figures.
 * @param output Where the line goes (tests); default: stderr.
 * @returns A `(done, total, bytes)` callback, or undefined when stderr is not a terminal:
 *   `command: 1,234/20,720 files, 5,454 MB`.
 */
export function progressReporter(
  command: string,
  output: ProgressOutput = _stderr(),
): ((done: number, total: number, bytes: number) => void) | undefined {
  if (!output.terminal) return undefined;
  return _throttled(
    output,
    (done, total, bytes) =>
      `${command}: ${formatNumber(done)}/${formatNumber(total)} files, ${
        formatNumber(Math.round(bytes / 1e6))
      } MB`,
  );
}

/**
 * A progress callback for the replay, rewriting one stderr line (the caller installs it only
 * when stderr is a terminal).
 *
 * @param command Name shown before the figures.
 * @param output Where the line goes (tests); default: stderr.
 * @returns A `(done, total)` callback: `command: replayed done/total workloads`.
 */
export function replayProgressReporter(
  command: string,
  output: ProgressOutput = _stderr(),
): (done: number, total: number) => void {
  return _throttled(output, (done, total) => `${command}: replayed ${done}/${total} workloads`);
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
  const filtered = modelFilterEmptyMessage(corpus);
  if (filtered !== undefined) return `${command}: empty sample: ${filtered}`;
  const d = corpus.diagnostics;
  const leftOut = d.excludedSessions.otherModel + d.excludedSessions.noTargetModel;
  const byModel = Object.entries(d.requestsByModel);
  const facts = [
    countText(d.malformedLines, "malformed line"),
    countText(d.oversizedLines, "oversized line"),
    `${countText(leftOut, "session")} left out`,
    byModel.length === 0
      ? "no request names a model"
      : `requests by model: ${byModel.map(([m, n]) => `${m} ${formatNumber(n)}`).join(", ")}`,
  ];
  const gave = `${countText(corpus.files, "file")} gave no request of ` +
    `${corpus.model ? `model ${corpus.model}` : "any model"} (${facts.join(", ")})`;
  // A file named directly that is not a .jsonl and gave nothing is most likely no transcript.
  const named = paths.filter((p) => !p.toLowerCase().endsWith(".jsonl") && _isFile(p));
  if (named.length > 0 && named.length === paths.length) {
    return `${command}: ${named.join(", ")} ${named.length === 1 ? "is" : "are"} not a ` +
      `transcript (*.jsonl): ${gave}`;
  }
  return `${command}: empty sample: ${gave}`;
}

function _isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/**
 * Sessions of every kind, the total first: main, sub-agent and helper (Claude Code's own side
 * sessions, counted apart), as every text output says them.
 *
 * @param s The session counts.
 * @returns e.g. "562 sessions (8 main + 547 sub-agent + 7 helper)".
 */
export function sessionsText(s: { main: number; subagent: number; helper?: number }): string {
  const helper = s.helper ?? 0;
  return `${countText(s.main + s.subagent + helper, "session")} (${formatNumber(s.main)} main + ` +
    `${formatNumber(s.subagent)} sub-agent + ${formatNumber(helper)} helper)`;
}

/** The toolkit's version, printed by `--version` on every command. */
export const VERSION = "0.12.0";

/** One option of {@linkcode parseCommandLine}. */
export interface OptionSpec {
  /** `string` takes a value (the next argument, whatever it starts with, or `--name=value`). */
  type: "string" | "boolean";
  /** One-letter alias, e.g. `h` for `-h`. @default {undefined} */
  short?: string;
  /** The option may be given more than once (its values are collected). @default {false} */
  multiple?: boolean;
}

/** A command line the toolkit cannot take; its message is the toolkit's own words. */
export class UsageError extends Error {
  /** @param message What is wrong, in one line. */
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** What {@linkcode parseCommandLine} found. */
export interface ParsedCommandLine {
  /** Per option name: its value (string), true (boolean), or the values (`multiple`). */
  values: Record<string, string | boolean | string[] | undefined>;
  /** Arguments that are not options, in order (everything after `--` is one). */
  positionals: string[];
}

/**
 * Parses a command line by a table of options, with errors in the toolkit's own words.
 *
 * Unlike `node:util`'s `parseArgs`, a string option takes the next argument as its value even
 * when it starts with a dash (`--alpha -1` gives "-1", which the command then rejects or accepts
 * as a number), and messages name the option as typed. A lone `-` is a positional (stdin or
 * stdout where a command accepts it). Every command has `--help`/`-h` and `--version` in its table.
 *
 * @param args The arguments.
 * @param options The option table, by long name.
 * @param allowPositionals Whether positionals are accepted. @default {true}
 * @returns The values and positionals.
 * @throws {UsageError} for an unknown option, a missing value, a value given to a flag, a repeated
 *   option that is not `multiple`, or a positional where none is accepted.
 *
 * @example
 * ```ts
 * import { parseCommandLine } from "./_shared.ts";
 * import assert from "node:assert/strict";
 * const spec = { alpha: { type: "string" as const }, json: { type: "boolean" as const } };
 * const { values, positionals } = parseCommandLine(["--alpha", "-1", "--json", "dir"], spec);
 * assert.deepEqual(values, { alpha: "-1", json: true });
 * assert.deepEqual(positionals, ["dir"]);
 * assert.throws(() => parseCommandLine(["--bogus"], spec), /unknown option --bogus/);
 * ```
 */
export function parseCommandLine(
  args: readonly string[],
  options: Record<string, OptionSpec>,
  allowPositionals = true,
): ParsedCommandLine {
  const values: ParsedCommandLine["values"] = {};
  const positionals: string[] = [];
  const byShort = new Map<string, string>();
  for (const [name, spec] of Object.entries(options)) if (spec.short) byShort.set(spec.short, name);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--") {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (arg === "-" || !arg.startsWith("-")) {
      positionals.push(arg);
      continue;
    }
    let name: string | undefined;
    let inline: string | undefined;
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      name = arg.slice(2, eq < 0 ? undefined : eq);
      inline = eq < 0 ? undefined : arg.slice(eq + 1);
      if (!Object.hasOwn(options, name)) name = undefined;
    } else if (arg.length === 2) {
      name = byShort.get(arg[1]);
    }
    const shown = inline === undefined ? arg : arg.slice(0, arg.indexOf("="));
    if (name === undefined) {
      throw new UsageError(
        `unknown option ${shown}` +
          (arg.startsWith("--") ? "" : " (a path starting with a dash goes after --)"),
      );
    }
    const spec = options[name];
    let value: string | boolean;
    if (spec.type === "boolean") {
      if (inline !== undefined) throw new UsageError(`${shown} takes no value, got "${inline}"`);
      value = true;
    } else if (inline !== undefined) {
      value = inline;
    } else if (i + 1 < args.length) {
      value = args[++i];
    } else {
      throw new UsageError(`${shown} needs a value`);
    }
    if (spec.multiple) {
      const list = (values[name] as string[] | undefined) ?? [];
      list.push(String(value));
      values[name] = list;
    } else if (values[name] !== undefined && spec.type === "string") {
      throw new UsageError(`${shown} was given twice; give it once`);
    } else {
      values[name] = value;
    }
  }
  if (!allowPositionals && positionals.length > 0) {
    throw new UsageError(`unexpected argument "${positionals[0]}"`);
  }
  return { values, positionals };
}

/** The `--version` and `--help`/`-h` options, in the table of every command. */
export const HELP_OPTIONS: Record<string, OptionSpec> = {
  version: { type: "boolean" },
  help: { type: "boolean", short: "h" },
};

/** The `--since`, `--until`, `--project` options, in the table of every reading command. */
export const FILTER_OPTIONS: Record<string, OptionSpec> = {
  since: { type: "string" },
  until: { type: "string" },
  project: { type: "string" },
};

/** The `--help` lines of {@linkcode FILTER_OPTIONS}. */
export const FILTER_HELP =
  `  --since DATE            Only sessions that started on or after DATE (YYYY-MM-DD, UTC).
  --until DATE            Only sessions that started on or before DATE (YYYY-MM-DD, UTC).
  --project TEXT          Only project folders whose name contains TEXT (case ignored).
                          A session is kept or left out whole (its sub-agents with it); the
                          JSON records the filter and what it left out in options.filters.`;

/** The `--version` and `--help` lines every command ends its option list with. */
export const COMMON_HELP = `  --version               Print the toolkit's version and exit.
  -h, --help              Show this help.`;

/**
 * Prints a usage error in the toolkit's words (with the pointer to `--help`).
 *
 * @param command The command's name.
 * @param error What was thrown by the parsing or a value check.
 * @returns {@linkcode EXIT.invalidArguments}.
 */
export function usageExit(command: string, error: unknown): number {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${command}: ${message}\nRun \`deno task ${command} --help\` for usage.`);
  return EXIT.invalidArguments;
}

/**
 * Answers `--help` (the command's help text) and `--version` (its version line) on stdout, in
 * that order of precedence, before any other work.
 *
 * @param command The command's name, for the version line.
 * @param values The parsed flags.
 * @param help The command's help text.
 * @returns `EXIT.ok` when one of the two was asked and answered; null to go on.
 *
 * @example Neither flag: go on
 * ```ts
 * import assert from "node:assert/strict";
 * import { helpOrVersion } from "./_shared.ts";
 * assert.equal(helpOrVersion("corpus", {}, "usage"), null);
 * ```
 */
export function helpOrVersion(
  command: string,
  values: Record<string, unknown>,
  help: string,
): number | null {
  if (values.help) {
    console.log(help);
    return EXIT.ok;
  }
  if (values.version) {
    console.log(versionLine(command));
    return EXIT.ok;
  }
  return null;
}

/** How {@linkcode commandLineOrExit} reads one command's line. */
export interface CommandLineSpec<T> {
  /** The command's own options; {@linkcode HELP_OPTIONS} are added. */
  options: Record<string, OptionSpec>;
  /** The command's help text, printed by `--help`. */
  help: string;
  /**
   * The command's checks of the parsed line before `--help` is answered (a bad value is a usage
   * error even beside `--help`); what it returns is handed back as `checked`.
   */
  check: (line: ParsedCommandLine) => T;
  /** Whether positionals are accepted. @default {true} */
  allowPositionals?: boolean;
}

/**
 * The start of every command but `measure` (which writes through its own io): parses the
 * command line by the command's option table, runs its checks, and answers `--help` and
 * `--version`. A parse or check failure is a usage error (the message, the pointer to `--help`,
 * exit 2).
 *
 * @param command The command's name.
 * @param args The arguments.
 * @param spec The options, the help text, the checks.
 * @returns The parsed line and what the checks returned; or the exit code to end with (usage
 *   error, or `--help`/`--version` answered).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { commandLineOrExit } from "./_shared.ts";
 * const spec = {
 *   options: { json: { type: "boolean" as const } },
 *   help: "usage",
 *   check: () => "checked",
 * };
 * const read = commandLineOrExit("corpus", ["--json", "dir"], spec);
 * assert.ok(typeof read !== "number");
 * assert.deepEqual(read.line.positionals, ["dir"]);
 * assert.equal(read.checked, "checked");
 * ```
 */
export function commandLineOrExit<T>(
  command: string,
  args: readonly string[],
  spec: CommandLineSpec<T>,
): { line: ParsedCommandLine; checked: T } | number {
  let line: ParsedCommandLine;
  let checked: T;
  try {
    line = parseCommandLine(
      args,
      { ...spec.options, ...HELP_OPTIONS },
      spec.allowPositionals ?? true,
    );
    checked = spec.check(line);
  } catch (error) {
    return usageExit(command, error);
  }
  return helpOrVersion(command, line.values, spec.help) ?? { line, checked };
}

/**
 * The `--version` line.
 *
 * @param command The command's name.
 * @returns e.g. `corpus 0.12.0 (deno 2.9.6)`.
 */
export function versionLine(command: string): string {
  return `${command} ${VERSION} (deno ${Deno.version.deno})`;
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
