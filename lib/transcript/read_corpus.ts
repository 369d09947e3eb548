/**
 * The reader's edges: files on disk (or text in memory) → {@linkcode Corpus}.
 *
 * @module
 */

import { assembleCorpus, type AssembleOptions } from "./assemble_corpus.ts";
import { discoverTranscripts } from "./discover.ts";
import { readLines, splitLines } from "./jsonl.ts";
import { type FileParse, FileParser } from "./parse_file.ts";
import type { Corpus } from "./tables.ts";

/** Options of {@linkcode readCorpus}. */
export interface ReadCorpusOptions extends Omit<AssembleOptions, "bytes"> {
  /** Called after each file with the number of files done, the total and the bytes so far. */
  onProgress?: (filesDone: number, filesTotal: number, bytes: number) => void;
}

/**
 * Parses one file from disk (read-only).
 *
 * @param path Transcript file.
 * @returns What the file holds, and its size in bytes.
 */
export async function parseTranscriptFile(
  path: string,
): Promise<{ parse: FileParse; bytes: number }> {
  const parser = new FileParser();
  const result = await readLines(path, (b, s, e, n) => parser.onLine(b, s, e, n));
  parser.addBlankLines(result.blankLines);
  return { parse: parser.finish(), bytes: result.bytes };
}

/**
 * Reads a corpus: discovers `*.jsonl` under `paths` (analysis-spec §1), parses every file in
 * byte-wise path order and builds the tables. Files are only read.
 *
 * @param paths Files and directories.
 * @param options Model filter, idle limit, progress callback.
 * @returns The corpus.
 * @throws {Deno.errors.NotFound} naming a path that does not exist; other file-system errors
 * (e.g. permission) name the file.
 *
 * @example
 * ```ts
 * import { readCorpus } from "./read_corpus.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/s.jsonl`,
 *   '{"type":"assistant","uuid":"a","requestId":"r","timestamp":"2026-01-01T00:00:00Z",' +
 *   '"message":{"id":"m","model":"opus","usage":{"input_tokens":3,"output_tokens":1}}}\n');
 * const corpus = await readCorpus([dir]);
 * assert.equal(corpus.requests.length, 1);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function readCorpus(
  paths: string[],
  options: ReadCorpusOptions = {},
): Promise<Corpus> {
  const files = await discoverTranscripts(paths);
  const parses: FileParse[] = [];
  let bytes = 0;
  for (const [i, file] of files.entries()) {
    let result;
    try {
      result = await parseTranscriptFile(file);
    } catch (error) {
      if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.PermissionDenied) {
        throw new (error.constructor as typeof Error)(`Cannot read ${file}: ${error.message}`);
      }
      throw error;
    }
    parses.push(result.parse);
    bytes += result.bytes;
    options.onProgress?.(i + 1, files.length, bytes);
  }
  return assembleCorpus(parses, { ...options, bytes });
}

/**
 * The same as {@linkcode readCorpus} for in-memory files (tests, notebooks). Files are sorted
 * byte-wise by `path`, as on disk.
 *
 * @param files Transcript texts with the paths they would have.
 * @param options Model filter, idle limit.
 * @returns The corpus.
 *
 * @example
 * ```ts
 * import { corpusFromText } from "./read_corpus.ts";
 * import assert from "node:assert/strict";
 * const corpus = corpusFromText([{ path: "a.jsonl", text: "{bad\n" }]);
 * assert.equal(corpus.diagnostics.malformedLines, 1);
 * assert.equal(corpus.requests.length, 0);
 * ```
 */
export function corpusFromText(
  files: { path: string; text: string }[],
  options: Omit<AssembleOptions, "bytes"> = {},
): Corpus {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  let bytes = 0;
  const parses = sorted.map(({ text }) => {
    const parser = new FileParser();
    const result = splitLines(text, (b, s, e, n) => parser.onLine(b, s, e, n));
    parser.addBlankLines(result.blankLines);
    bytes += result.bytes;
    return parser.finish();
  });
  return assembleCorpus(parses, { ...options, bytes });
}
