/**
 * One transcript file from disk → {@linkcode FileParse}: what a parsing thread runs per file. Its
 * own module so that a worker loads only the parser, not discovery or assembly.
 *
 * @module
 */

import { readLines } from "./jsonl.ts";
import { type FileParse, FileParser, type FileParserOptions } from "./parse_file.ts";

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
  options: Pick<FileParserOptions, "fetchTargets"> = {},
): Promise<{ parse: FileParse; bytes: number }> {
  const parser = new FileParser(options);
  const result = await readLines(path, (b, s, e, n) => parser.onLine(b, s, e, n));
  parser.addBlankLines(result.blankLines);
  parser.addOversizedLines(result.oversizedLines);
  return { parse: parser.finish(), bytes: result.bytes };
}
