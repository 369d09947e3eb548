/**
 * The reader's edges: files on disk (or text in memory) → {@linkcode Corpus}.
 *
 * @module
 */

import { assembleCorpus, type AssembleOptions } from "./assemble_corpus.ts";
import { discoverTranscripts } from "./discover.ts";
import { splitLines } from "./jsonl.ts";
import { type FileParse, FileParser } from "./parse_file.ts";
import { fileError, parseTranscriptFile } from "./parse_transcript_file.ts";
import { warmUpParser } from "./warm_up.ts";

export { parseTranscriptFile };
import type { Corpus } from "./tables.ts";

/** Options of {@linkcode readCorpus}. */
export interface ReadCorpusOptions extends Omit<AssembleOptions, "bytes"> {
  /** Called after each file with the number of files done, the total and the bytes so far. */
  onProgress?: (filesDone: number, filesTotal: number, bytes: number) => void;
  /**
   * Threads that parse, the calling thread included: with `workers: 2` the calling thread and one
   * worker thread share the files. The corpus is assembled in path order either way, so the result
   * is identical. When left to the default, corpora under 32 MB are parsed on the calling thread
   * alone (starting a worker would cost more than it saves).
   * @default {navigator.hardwareConcurrency, at most 4}
   */
  workers?: number;
}

const PARALLEL_MIN_BYTES = 32 * 1024 * 1024;
/** Corpora from this size on are read after {@linkcode warmUpParser} (it pays off from here). */
const WARM_UP_MIN_BYTES = 4 * 1024 * 1024;

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
  const sizes = await Promise.all(files.map(async (f) => {
    try {
      return (await Deno.stat(f)).size;
    } catch (error) {
      throw fileError(f, error);
    }
  }));
  const total = sizes.reduce((a, b) => a + b, 0);
  const workers = Math.min(
    options.workers ?? Math.min(4, navigator.hardwareConcurrency ?? 1),
    files.length,
  );
  const parses: FileParse[] = new Array(files.length);
  let bytes = 0;
  let done = 0;
  const finished = (index: number, parse: FileParse, size: number) => {
    parses[index] = parse;
    bytes += size;
    done++;
    options.onProgress?.(done, files.length, bytes);
  };
  if (workers <= 1 || (options.workers === undefined && total < PARALLEL_MIN_BYTES)) {
    if (total >= WARM_UP_MIN_BYTES) warmUpParser({ assemble: true });
    for (const [i, file] of files.entries()) {
      let result;
      try {
        result = await parseTranscriptFile(file);
      } catch (error) {
        throw fileError(file, error);
      }
      finished(i, result.parse, result.bytes);
    }
  } else {
    await _parseInWorkers(files, sizes, workers, finished);
  }
  return assembleCorpus(parses, { ...options, bytes });
}

/** Files a worker holds at once: one parsing, one waiting, so it never waits for the caller. */
const WORKER_BACKLOG = 2;

/**
 * Parses files on the calling thread and `threads − 1` worker threads, largest files first, from
 * one shared queue: whoever is free takes the next file. The calling thread parses between
 * messages (each file's `Deno.open` lets the event loop deliver the workers' results and feed
 * them), and each worker holds {@linkcode WORKER_BACKLOG} files so it does not wait meanwhile.
 */
async function _parseInWorkers(
  files: string[],
  sizes: number[],
  threads: number,
  finished: (index: number, parse: FileParse, bytes: number) => void,
): Promise<void> {
  const queue = files.map((_, i) => i).sort((a, b) => sizes[b] - sizes[a] || a - b);
  const pool: Worker[] = [];
  let failure: unknown;
  let outstanding = 0;
  let wake: (() => void) | undefined;
  const settle = () => {
    wake?.();
    wake = undefined;
  };
  const feed = (worker: Worker) => {
    const next = queue.shift();
    if (next === undefined) return;
    outstanding++;
    worker.postMessage({ index: next, path: files[next] });
  };
  try {
    for (let w = 1; w < threads; w++) {
      const worker = new Worker(new URL("./parse_worker.ts", import.meta.url).href, {
        type: "module",
      });
      pool.push(worker);
      worker.onmessage = (event) => {
        outstanding--;
        const data = event.data;
        if (failure !== undefined) return settle();
        if (data.error) {
          const ErrorClass = data.error.name === "NotFound"
            ? Deno.errors.NotFound
            : data.error.name === "PermissionDenied"
            ? Deno.errors.PermissionDenied
            : Error;
          failure = fileError(files[data.index], new ErrorClass(data.error.message));
          return settle();
        }
        finished(data.index, data.parse, data.bytes);
        feed(worker);
        settle();
      };
      worker.onerror = (event) => {
        event.preventDefault();
        failure ??= new Error(`Cannot parse transcripts: a worker failed: ${event.message}`);
        outstanding = 0;
        settle();
      };
      for (let k = 0; k < WORKER_BACKLOG; k++) feed(worker);
    }
    // While the workers start (and warm up the same way), this thread warms up its parser.
    warmUpParser({ assemble: true });
    // The calling thread takes its share from the same queue.
    while (failure === undefined) {
      const next = queue.shift();
      if (next === undefined) break;
      try {
        const result = await parseTranscriptFile(files[next]);
        finished(next, result.parse, result.bytes);
      } catch (error) {
        failure = fileError(files[next], error);
      }
    }
    while (failure === undefined && outstanding > 0) {
      await new Promise<void>((resolve) => (wake = resolve));
    }
    if (failure !== undefined) throw failure;
  } finally {
    pool.forEach((worker) => worker.terminate());
  }
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
