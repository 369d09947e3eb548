/**
 * One transcript file from disk → {@linkcode FileParse}: what a parsing thread runs per file. Its
 * own module so that a worker loads only the parser, not discovery or assembly.
 *
 * @module
 */

import { readLines } from "./jsonl.ts";
import { CompactionMet, type FileParse, FileParser, type FileParserOptions } from "./parse_file.ts";

/** Options of {@linkcode parseTranscriptFile}. */
export interface ParseTranscriptOptions extends Pick<FileParserOptions, "fetchTargets"> {
  /**
   * With `fetchTargets`: gather them only when the file holds a compaction. The file is read
   * without them; at its first `compact_boundary` it is read again from its start with them. A
   * file without one comes back with no `fetches` and `fetchTargetsSkipped` set.
   * @default {false}
   */
  onlyWithCompaction?: boolean;
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
): Promise<{ parse: FileParse; bytes: number }> {
  if (options.fetchTargets !== undefined && options.onlyWithCompaction) {
    try {
      const { parse, bytes } = await _parse(path, { stopAtCompaction: true });
      return { parse: { ...parse, fetchTargetsSkipped: true }, bytes };
    } catch (error) {
      if (!(error instanceof CompactionMet)) throw error;
    }
  }
  return _parse(path, { fetchTargets: options.fetchTargets });
}

async function _parse(
  path: string,
  options: FileParserOptions,
): Promise<{ parse: FileParse; bytes: number }> {
  const parser = new FileParser(options);
  const result = await readLines(path, (b, s, e, n) => parser.onLine(b, s, e, n));
  parser.addBlankLines(result.blankLines);
  parser.addOversizedLines(result.oversizedLines);
  return { parse: parser.finish(), bytes: result.bytes };
}
