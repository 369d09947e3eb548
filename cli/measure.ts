/**
 * `deno task measure`: estimates how much input context comes from tool results and large file
 * reads, from Claude Code transcripts (seed `read-cost-measurement.txt`, analysis-spec §4).
 *
 * Reads only the files and directories it is given (no home-directory scan), opens them
 * read-only, writes nothing, makes no network calls and reads no environment variables: it runs
 * under `deno run --allow-read cli/measure.ts`. Run with `--help` for flags and exit codes.
 *
 * @module
 */

import { parseArgs } from "node:util";
import {
  DEFAULT_READ_COST_OPTIONS,
  formatReadCostText,
  InputPathError,
  measureReadCost,
} from "../lib/readcost/mod.ts";

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

Inputs: files and directories. Directories are shallow: only *.jsonl files directly inside
are read, so sub-agent transcripts (<session>/subagents/) are included only when their
directories or files are named. Repeated paths are resolved and de-duplicated. Use -- before
a path that starts with a dash. Transcripts live under
\${CLAUDE_CONFIG_DIR:-$HOME/.claude}/projects/; nothing is scanned automatically.

Options:
  -h, --help         Show this help and exit. (default: off)
      --json         Write one JSON document (schemaVersion 1) instead of text. (default: off)
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
  4  an input path cannot be read (permission, not a file or directory, read error)
  5  unexpected error (for example stdout closed early); the message says what

Permissions: read only (deno run --allow-read). No environment variables are read, nothing is
written, no network is used.
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
  try {
    const { values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: {
        help: { type: "boolean", short: "h" },
        json: { type: "boolean" },
        "min-turns": { type: "string", multiple: true },
        "min-chars": { type: "string", multiple: true },
      },
    });
    if (values.help) {
      io.stdout(HELP);
      return EXIT.ok;
    }
    json = values.json === true;
    minTurns = _positiveInteger(
      "--min-turns",
      values["min-turns"],
      DEFAULT_READ_COST_OPTIONS.minTurns,
    );
    minChars = _positiveInteger(
      "--min-chars",
      values["min-chars"],
      DEFAULT_READ_COST_OPTIONS.minChars,
    );
    paths = positionals;
    if (paths.length === 0) throw new RangeError("no input path given");
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`measure: invalid arguments: ${message}\nRun with --help for usage.\n`);
    return EXIT.invalidArguments;
  }

  try {
    return await _run(paths, json, minTurns, minChars, io);
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

async function _run(
  paths: string[],
  json: boolean,
  minTurns: number,
  minChars: number,
  io: MeasureIo,
): Promise<number> {
  const measured = await measureReadCost(paths, { minTurns, minChars });
  const { report } = measured;
  const malformed = report.diagnostics.skippedMalformedLines;
  if (report.files.included === 0 || report.tokens.observedInputTokens === 0) {
    const why = report.files.included === 0
      ? `none of ${report.files.read} files has at least ${minTurns} usage-bearing ` +
        `assistant messages (--min-turns)`
      : `the ${report.files.included} qualifying files observed 0 input tokens`;
    io.stderr(
      `measure: empty usable sample: ${why}; ${malformed} malformed lines skipped.\n`,
    );
    return EXIT.emptySample;
  }
  if (malformed > 0) {
    io.stderr(`measure: skipped ${malformed} malformed lines (see diagnostics).\n`);
  }
  const names = report.diagnostics.skippedUndecodableNames;
  if (names > 0) {
    io.stderr(`measure: skipped ${names} file name${names === 1 ? "" : "s"} not valid UTF-8.\n`);
  }
  io.stdout(json ? JSON.stringify(report, null, 2) + "\n" : formatReadCostText(report));
  return EXIT.ok;
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
