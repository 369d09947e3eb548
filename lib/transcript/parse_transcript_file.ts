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
 * class), otherwise `error` itself.
 */
export function fileError(file: string, error: unknown): unknown {
  if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.PermissionDenied) {
    return new (error.constructor as typeof Error)(`Cannot read ${file}: ${error.message}`);
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
