/**
 * `deno task measure`: estimates how much input context comes from tool results and large file
 * reads, from Claude Code transcripts (docs/method.md, Read-cost measurement).
 *
 * Reads only the files and directories it is given (no home-directory scan), opens them
 * read-only, writes nothing and makes no network calls. The one environment variable it reads is
 * `INIT_CWD`, where granted (`deno task measure` grants it), to take relative paths from where the
 * user stands; it runs under `deno run --allow-read cli/measure.ts` too. Directories are shallow
 * unless `--recursive`. Run with `--help` for flags and exit codes.
 *
 * @module
 */

import { countText } from "../lib/io/count_text.ts";
import {
  DEFAULT_READ_COST_OPTIONS,
  expandInputs,
  formatReadCostText,
  InputPathError,
  measureReadCost,
} from "../lib/readcost/mod.ts";
import { callerPath } from "../lib/transcript/default_roots.ts";
import { discoverTranscriptFiles } from "../lib/transcript/discover.ts";
import {
  type FilterResult,
  filterTranscriptFiles,
  type TranscriptFilter,
} from "../lib/transcript/transcript_filter.ts";
import { FILTER_OPTIONS, HELP_OPTIONS, parseCommandLine, versionLine } from "./_shared.ts";
import { filterFromValues } from "./_input.ts";

/** Exit codes of {@linkcode main}. */
export const EXIT = Object.freeze({
  /** The report was written. */
  ok: 0,
  /** No file qualified, or the qualifying files observed no input tokens. */
  emptySample: 1,
  /** Unknown flag, bad flag value, or no input path. */
  invalidArguments: 2,
  /** An input path does not exist. */
  missingPath: 3,
  /** An input path exists but cannot be read (permissions, not a file or directory, I/O). */
  unreadableFile: 4,
  /** Anything else went wrong (a failed write to stdout, or a bug); the message says what. */
  unexpected: 5,
});

/** Where {@linkcode main} writes: `stdout` gets data, `stderr` messages. */
export interface MeasureIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** The `--help` text. */
export const HELP = `Usage: deno task measure [options] [--] <file-or-directory>...

Estimates how much input context comes from tool results and large file reads, from
Claude Code transcripts (*.jsonl). Output is aggregates only: no transcript text, tool
inputs, file paths or session ids.

Inputs: files and directories; relative paths are taken from where you run the command.
Directories are shallow: only *.jsonl files directly inside are read, so sub-agent
transcripts (<session>/subagents/) are included only when their directories or files are
named, or with --recursive. Repeated paths are resolved and de-duplicated. Use -- before
a path that starts with a dash. Transcripts live under
\${CLAUDE_CONFIG_DIR:-$HOME/.claude}/projects/; nothing is scanned automatically.

Options:
  -h, --help         Show this help and exit. (default: off)
      --version      Print the toolkit's version and exit. (default: off)
      --json         Write one JSON document (schemaVersion 1) instead of text. (default: off)
      --recursive    Walk directories recursively for *.jsonl, sub-agents included (symbolic
                     links not followed). (default: off, shallow)
      --since DATE   Only sessions that started on or after DATE (YYYY-MM-DD, UTC). (default: none)
      --until DATE   Only sessions that started on or before DATE (YYYY-MM-DD, UTC). (default: none)
      --project TEXT Only project folders whose name contains TEXT, case ignored. (default: none)
                     A session is kept or left out whole; the JSON records the filter in
                     options.filters.
      --min-turns N  A file qualifies with at least N usage-bearing assistant messages;
                     positive integer. (default: ${DEFAULT_READ_COST_OPTIONS.minTurns})
      --min-chars N  A non-error bulk read is a candidate with at least N characters of text
                     (UTF-16 code units); positive integer. (default: ${DEFAULT_READ_COST_OPTIONS.minChars})

Numbers: observed input tokens = input + cache creation + cache read (output apart); one-shot
payload = ceil(characters / 4) per tool result; carried payload = one-shot x later assistant
messages until a compact_boundary or end of file. Malformed lines are skipped and counted.

Exit codes:
  0  report written
  1  empty usable sample (no file has enough assistant messages, or no input tokens observed)
  2  invalid arguments (unknown flag, value not a positive integer, no input path)
  3  an input path does not exist
  4  an input path cannot be read (permission, not a regular file or directory such as a
     FIFO or device, a symbolic-link loop, a name that cannot be represented, read error)
  5  unexpected error (for example stdout closed early); the message says what

Permissions: read (deno run --allow-read), and INIT_CWD where granted. Nothing is written, no
network is used.
`;

const POSITIVE_INTEGER = /^[0-9]+$/;

function _positiveInteger(flag: string, values: string[] | undefined, fallback: number): number {
  if (values === undefined || values.length === 0) return fallback;
  if (values.length > 1) {
    throw new RangeError(`${flag} was given ${values.length} times; give it once`);
  }
  const text = values[0];
  const value = Number(text);
  if (!POSITIVE_INTEGER.test(text) || !Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`${flag} must be a positive integer, got "${text}"`);
  }
  return value;
}

const encoder = new TextEncoder();

function _writeAll(file: { writeSync(p: Uint8Array): number }, text: string): void {
  const bytes = encoder.encode(text);
  let written = 0;
  while (written < bytes.length) written += file.writeSync(bytes.subarray(written));
}

const STANDARD_IO: MeasureIo = {
  stdout: (text) => _writeAll(Deno.stdout, text),
  stderr: (text) => _writeAll(Deno.stderr, text),
};

/**
 * Runs the command line.
 *
 * @param args Command-line arguments (without the program name).
 * @param io Where to write; standard output and error by default.
 * @returns The exit code, one of {@linkcode EXIT}.
 *
 * @example Invalid arguments
 * ```ts
 * import { EXIT, main } from "./measure.ts";
 * import assert from "node:assert/strict";
 * const err: string[] = [];
 * const io = { stdout: () => {}, stderr: (t: string) => void err.push(t) };
 * assert.equal(await main(["--min-turns", "0", "x"], io), EXIT.invalidArguments);
 * assert.match(err.join(""), /--min-turns must be a positive integer/);
 * ```
 */
export async function main(args: string[], io: MeasureIo = STANDARD_IO): Promise<number> {
  let json: boolean;
  let minTurns: number;
  let minChars: number;
  let paths: string[];
  let recursive: boolean;
  let filter: TranscriptFilter;
  try {
    const { values, positionals } = parseCommandLine(args, {
      ...HELP_OPTIONS,
      json: { type: "boolean" },
      recursive: { type: "boolean" },
      "min-turns": { type: "string", multiple: true },
      "min-chars": { type: "string", multiple: true },
      ...FILTER_OPTIONS,
    });
    if (values.help) {
      io.stdout(HELP);
      return EXIT.ok;
    }
    if (values.version) {
      io.stdout(versionLine("measure") + "\n");
      return EXIT.ok;
    }
    json = values.json === true;
    recursive = values.recursive === true;
    minTurns = _positiveInteger(
      "--min-turns",
      values["min-turns"] as string[] | undefined,
      DEFAULT_READ_COST_OPTIONS.minTurns,
    );
    minChars = _positiveInteger(
      "--min-chars",
      values["min-chars"] as string[] | undefined,
      DEFAULT_READ_COST_OPTIONS.minChars,
    );
    filter = filterFromValues(values);
    paths = positionals;
    if (paths.length === 0) throw new RangeError("no input path given");
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`measure: invalid arguments: ${message}\nRun with --help for usage.\n`);
    return EXIT.invalidArguments;
  }

  try {
    return await _run(paths, { json, minTurns, minChars, recursive, filter }, io);
  } catch (error) {
    if (error instanceof InputPathError) {
      io.stderr(`measure: ${error.message}\n`);
      return error.reason === "missing" ? EXIT.missingPath : EXIT.unreadableFile;
    }
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    try {
      io.stderr(`measure: unexpected error: ${message}\n`);
    } catch {
      // stderr is gone too; the exit code still tells.
    }
    return EXIT.unexpected;
  }
}

interface RunOptions {
  json: boolean;
  minTurns: number;
  minChars: number;
  recursive: boolean;
  filter: TranscriptFilter;
}

/** Sub-folders of a named folder that has no `*.jsonl` directly inside (for the hint). */
async function _folderHint(path: string): Promise<string | undefined> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(path);
  } catch {
    return undefined;
  }
  if (!info.isDirectory) return undefined;
  let subfolders = 0;
  try {
    for await (const entry of Deno.readDir(path)) {
      if (entry.isFile && entry.name.endsWith(".jsonl")) return undefined;
      if (entry.isDirectory) subfolders++;
    }
  } catch {
    return undefined;
  }
  if (subfolders === 0) return undefined;
  return `measure: hint: ${path} has no *.jsonl directly inside but ${subfolders} ` +
    `sub-folder${subfolders === 1 ? "" : "s"}; name them, or add --recursive\n`;
}

async function _run(given: string[], options: RunOptions, io: MeasureIo): Promise<number> {
  const { json, minTurns, minChars, recursive } = options;
  const paths = given.map((p) => callerPath(p));
  let files: string[];
  // Names that are not UTF-8 are skipped by either walk and counted in the diagnostics.
  let undecodableNames = 0;
  if (recursive) {
    try {
      ({ files, undecodableNames } = await discoverTranscriptFiles(paths));
    } catch (error) {
      const path = paths.find((p) => String((error as Error).message).includes(p)) ?? paths[0];
      throw error instanceof InputPathError ? error : _inputError(error, path);
    }
  } else {
    ({ files, undecodableNames } = await expandInputs(paths));
    for (const path of paths) {
      const hint = await _folderHint(path);
      if (hint) io.stderr(hint);
    }
  }
  const selected: FilterResult = await filterTranscriptFiles(files, options.filter);
  const measured = await measureReadCost(selected.files, { minTurns, minChars });
  const { report } = measured;
  report.diagnostics.skippedUndecodableNames += undecodableNames;
  const malformed = report.diagnostics.skippedMalformedLines;
  const oversized = report.diagnostics.skippedOversizedLines;
  if (report.files.included === 0 || report.tokens.observedInputTokens === 0) {
    const why = report.files.included === 0
      ? `${
        report.files.read === 1
          ? "the 1 file does not have"
          : `none of ${report.files.read} files has`
      } at least ${minTurns} usage-bearing assistant messages (--min-turns)`
      : `the ${countText(report.files.included, "qualifying file")} observed 0 input tokens`;
    io.stderr(
      `measure: empty usable sample: ${why}; ${malformed} malformed lines skipped` +
        `${oversized > 0 ? `, ${oversized} oversized lines (over 128 MiB) skipped` : ""}.\n`,
    );
    return EXIT.emptySample;
  }
  if (malformed > 0) {
    io.stderr(`measure: skipped ${malformed} malformed lines (see diagnostics).\n`);
  }
  if (oversized > 0) {
    io.stderr(`measure: skipped ${oversized} oversized lines (over 128 MiB; see diagnostics).\n`);
  }
  const names = report.diagnostics.skippedUndecodableNames;
  if (names > 0) {
    io.stderr(`measure: skipped ${names} file name${names === 1 ? "" : "s"} not valid UTF-8.\n`);
  }
  // The filter is recorded only when one was given, so an unfiltered document stays as it was.
  const filtered = selected.filters.since !== null || selected.filters.until !== null ||
    selected.filters.project !== null;
  const document = filtered ? { ...report, options: { filters: selected.filters } } : report;
  io.stdout(json ? JSON.stringify(document, null, 2) + "\n" : formatReadCostText(report));
  return EXIT.ok;
}

function _inputError(error: unknown, path: string): InputPathError {
  if (error instanceof Deno.errors.NotFound) return new InputPathError("missing", path, "");
  return new InputPathError(
    "unreadable",
    path,
    error instanceof Error ? error.message : String(error),
  );
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
