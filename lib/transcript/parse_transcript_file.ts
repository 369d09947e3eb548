/**
 * One transcript file from disk → {@linkcode FileParse}: what a parsing thread runs per file. Its
 * own module so that a worker loads only the parser, not discovery or assembly.
 *
 * @module
 */

import { readLines } from "./jsonl.ts";
import { CompactionMet, type FileParse, FileParser, type FileParserOptions } from "./parse_file.ts";
// The read-cost rules read no bytes: they are the sink this reader feeds (./read_cost_sink.ts),
// so one read of a file can give both the corpus's facts and its read-cost measurement.
import { type FileMeasurement, ReadCostRules } from "../readcost/file_measure.ts";

/** Options of {@linkcode parseTranscriptFile}. */
export interface ParseTranscriptOptions extends Pick<FileParserOptions, "fetchTargets"> {
  /**
   * With `fetchTargets`: gather them only when the file holds a compaction. The file is read
   * without them; at its first `compact_boundary` it is read again from its start with them. A
   * file without one comes back with no `fetches` and `fetchTargetsSkipped` set.
   * @default {false}
   */
  onlyWithCompaction?: boolean;
  /**
   * Also measure the file's read cost (lib/readcost, as `deno task measure` does) from the same
   * read: the candidate threshold, characters (`minChars` of its options).
   * @default {undefined} (no read-cost measurement)
   */
  readCostMinChars?: number;
}

/** What {@linkcode parseTranscriptFile} returns. */
export interface ParsedTranscriptFile {
  /** What the file holds. */
  parse: FileParse;
  /** The file's size, bytes. */
  bytes: number;
  /** Its read-cost measurement, when asked for (`readCostMinChars`). */
  readCost?: FileMeasurement;
}

/**
 * `error` with the file's path in its message when it is a not-found or permission error (same
 * class), otherwise `error` itself. Deno ends its message with the call and the quoted path
 * ("…: open '/a/b.jsonl'"); that tail is dropped, so the path is said once, first.
 *
 * @example
 * ```ts
 * import { fileError } from "./parse_transcript_file.ts";
 * import assert from "node:assert/strict";
 * const denied = new Deno.errors.PermissionDenied("Permission denied (os error 13): open '/a.jsonl'");
 * const error = fileError("/a.jsonl", denied) as Error;
 * assert.ok(error instanceof Deno.errors.PermissionDenied);
 * assert.equal(error.message, "Cannot read /a.jsonl: Permission denied (os error 13)");
 * assert.equal((fileError("/b.jsonl", denied) as Error).message,
 *   "Cannot read /b.jsonl: Permission denied (os error 13): open '/a.jsonl'");
 * ```
 */
export function fileError(file: string, error: unknown): unknown {
  if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.PermissionDenied) {
    const tail = error.message.lastIndexOf(": ", error.message.length - file.length - 2);
    const message = error.message.endsWith(`'${file}'`) && tail > 0
      ? error.message.slice(0, tail)
      : error.message;
    return new (error.constructor as typeof Error)(`Cannot read ${file}: ${message}`);
  }
  return error;
}

/**
 * Parses one file from disk (read-only).
 *
 * @param path Transcript file.
 * @param options Parser options (fetch targets; the corpus's facts are always gathered).
 * @returns What the file holds, and its size in bytes.
 */
export async function parseTranscriptFile(
  path: string,
  options: ParseTranscriptOptions = {},
): Promise<ParsedTranscriptFile> {
  const minChars = options.readCostMinChars;
  if (options.fetchTargets !== undefined && options.onlyWithCompaction) {
    try {
      const read = await _parse(path, { stopAtCompaction: true }, minChars);
      return { ...read, parse: { ...read.parse, fetchTargetsSkipped: true } };
    } catch (error) {
      if (!(error instanceof CompactionMet)) throw error;
    }
  }
  // Read again from the start: a new parser and new read-cost rules see every line once.
  return _parse(path, { fetchTargets: options.fetchTargets }, minChars);
}

async function _parse(
  path: string,
  options: FileParserOptions,
  readCostMinChars: number | undefined,
): Promise<ParsedTranscriptFile> {
  const rules = readCostMinChars === undefined
    ? undefined
    : new ReadCostRules({ minChars: readCostMinChars });
  const parser = new FileParser(rules === undefined ? options : { ...options, readCost: rules });
  const result = await readLines(path, (b, s, e, n) => parser.onLine(b, s, e, n));
  parser.addBlankLines(result.blankLines);
  parser.addOversizedLines(result.oversizedLines);
  const parse = parser.finish();
  if (rules === undefined) return { parse, bytes: result.bytes };
  // As `deno task measure` measures a file (lib/readcost/measure_paths.ts).
  const { lines, malformedLines } = parse.counts;
  const readCost = {
    ...rules.finish(lines, malformedLines),
    oversizedLines: result.oversizedLines,
  };
  return { parse, bytes: result.bytes, readCost };
}
