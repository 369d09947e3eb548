/**
 * The reader's edges: files on disk (or text in memory) → {@linkcode Corpus}.
 *
 * @module
 */

import { assembleCorpus, type AssembleOptions } from "./assemble_corpus.ts";
import { discoverTranscriptFiles, UnreadablePathError } from "./discover.ts";
import { splitLines } from "./jsonl.ts";
import { type FileParse, FileParser } from "./parse_file.ts";
import { PARALLEL_MIN_BYTES, runFilePool } from "./file_pool.ts";
import {
  fileError,
  type ParsedTranscriptFile,
  parseTranscriptFile,
  type ParseTranscriptOptions,
} from "./parse_transcript_file.ts";
import type { FileMeasurement } from "../readcost/file_measure.ts";
import { emptyFileFetches } from "./file_fetches.ts";
import type { Corpus } from "./tables.ts";
import { warmUpParser } from "./warm_up.ts";
import { newFetchKey } from "./fetch_targets.ts";

export { parseTranscriptFile };

/** Options of {@linkcode readCorpus}. */
export interface ReadCorpusOptions extends Omit<AssembleOptions, "bytes" | "paths"> {
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
  /**
   * Gather each tool call's fetch target (docs/method.md, Cost of forgetting) into
   * {@linkcode Corpus.fetches}, as hashes under a key drawn for this call and never output.
   * `true`: in every file. `"compacted"`: only where the rework windows look (they look only at
   * sessions with a compaction), the same windows for less reading: in every file that holds a
   * compaction, and in every file that shares a request with one of those (a resumed copy); the
   * other files are read without them (see {@linkcode filesNeedingFetchTargets}).
   * @default {false}
   */
  fetchTargets?: boolean | "compacted";
  /**
   * {@linkcode readFileParses} only: also measure each file's read cost (lib/readcost), from the
   * same read, with this candidate threshold, characters. @default {undefined} (none)
   */
  readCostMinChars?: number;
}

/** What {@linkcode readFileParses} read. */
export interface FileParses {
  /** Each file's parse, in reading order. */
  parses: FileParse[];
  /** Bytes read. */
  bytes: number;
  /** The files, in reading order (byte-wise path order). */
  files: string[];
  /** Names skipped while the files were discovered, as not UTF-8. */
  undecodableNames: number;
  /** Each file's read-cost measurement, in the same order, when `readCostMinChars` was given. */
  readCosts?: FileMeasurement[];
}

/** Corpora from this size on are read after {@linkcode warmUpParser} (it pays off from here). */
const WARM_UP_MIN_BYTES = 4 * 1024 * 1024;

/** The warm-up of this thread: the parser's, then the corpus assembly's on its parses. */
function _warmUpReader(): void {
  const parses = warmUpParser();
  if (parses.length > 0) assembleCorpus(parses);
}

/**
 * Reads a corpus: discovers `*.jsonl` under `paths` (docs/method.md, Input), parses every file in
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
  return corpusOfParses(await readFileParses(paths, options), options);
}

/**
 * The corpus of a read ({@linkcode readFileParses}): what {@linkcode readCorpus} returns.
 *
 * @param read The parses.
 * @param options Model filter and idle limit (the reading options are not used).
 * @returns The corpus.
 */
export function corpusOfParses(read: FileParses, options: ReadCorpusOptions = {}): Corpus {
  const { parses, bytes, files, undecodableNames } = read;
  const corpus = assembleCorpus(parses, { ...options, bytes, paths: files });
  corpus.diagnostics.undecodableNames = undecodableNames;
  return corpus;
}

/**
 * Reads once and assembles one corpus per model: every model with at least one included
 * session (a session of that model alone), most requests first (ties: alphabetically). Models
 * whose requests all sit in sessions shared with another model are listed apart.
 *
 * @param paths Files and directories.
 * @param options Idle limit, progress, workers (`model` is ignored).
 * @param alsoModels More target models to assemble from the same read (`undefined`: the model
 *   with the most requests), returned in `also` in this order. @default {[]}
 * @returns The corpora and the models left without a session, with their request counts;
 *   `overall`, the corpus of the model with the most requests (the first corpus when it has a
 *   session; otherwise what the files held, e.g. for an empty-sample message); and `also`.
 * @throws As {@linkcode readCorpus}.
 *
 * @example Two models, one session each
 * ```ts
 * import { readCorpusPerModel } from "./read_corpus.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * const line = (id: string, model: string) =>
 *   `{"type":"assistant","uuid":"${id}","requestId":"${id}","timestamp":"2026-01-01T00:00:00Z",` +
 *   `"message":{"id":"${id}","model":"${model}","usage":{"input_tokens":3,"output_tokens":1}}}\n`;
 * await Deno.writeTextFile(`${dir}/a.jsonl`, line("a", "opus"));
 * await Deno.writeTextFile(`${dir}/b.jsonl`, line("b", "sonnet") + line("c", "sonnet"));
 * const { corpora } = await readCorpusPerModel([dir]);
 * assert.deepEqual(corpora.map((c) => c.model), ["sonnet", "opus"]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function readCorpusPerModel(
  paths: string[],
  options: ReadCorpusOptions = {},
  alsoModels: readonly (string | undefined)[] = [],
): Promise<CorporaPerModel> {
  return corporaOfParses(await readFileParses(paths, options), options, alsoModels);
}

/** What {@linkcode readCorpusPerModel} returns. */
export interface CorporaPerModel {
  /** One corpus per model with a session of its own, most requests first. */
  corpora: Corpus[];
  /** The models whose requests all sit in sessions shared with another model. */
  withoutSession: { model: string; requests: number }[];
  /** The corpus of the model with the most requests (`corpora[0]` when that one has a session). */
  overall: Corpus;
  /** The corpora of `alsoModels`, in their order. */
  also: Corpus[];
}

/**
 * The corpora of a read ({@linkcode readFileParses}) per model: what
 * {@linkcode readCorpusPerModel} returns.
 *
 * @param read The parses.
 * @param options Idle limit (the reading options and `model` are not used).
 * @param alsoModels As {@linkcode readCorpusPerModel}.
 * @returns As {@linkcode readCorpusPerModel}.
 */
export function corporaOfParses(
  read: FileParses,
  options: ReadCorpusOptions = {},
  alsoModels: readonly (string | undefined)[] = [],
): CorporaPerModel {
  const { parses, bytes, files, undecodableNames } = read;
  const { model: _ignored, ...rest } = options;
  const assemble = (model?: string) => {
    const corpus = assembleCorpus(parses, { ...rest, model, bytes, paths: files });
    corpus.diagnostics.undecodableNames = undecodableNames;
    return corpus;
  };
  const first = assemble();
  const counts = first.diagnostics.requestsByModel;
  const models = Object.keys(counts).sort((a, b) =>
    counts[b] - counts[a] || (a < b ? -1 : a > b ? 1 : 0)
  );
  const corpora: Corpus[] = [];
  const withoutSession: { model: string; requests: number }[] = [];
  for (const model of models) {
    const corpus = model === first.model ? first : assemble(model);
    if (corpus.sessions.length > 0) corpora.push(corpus);
    else withoutSession.push({ model, requests: counts[model] });
  }
  // Nothing returned holds the parses: they can go once the caller has the corpora.
  return { corpora, withoutSession, overall: first, also: alsoModels.map((m) => assemble(m)) };
}

/**
 * The parse of every transcript under `paths`, in byte-wise path order, before assembly: what
 * {@linkcode readCorpus} assembles (once, or once per model).
 *
 * @param paths Files and directories.
 * @param options Progress callback and workers.
 * @returns The parses, the bytes read, the files in reading order and the names skipped as not
 *   UTF-8.
 * @throws As {@linkcode readCorpus}.
 */
export async function readFileParses(
  paths: string[],
  options: ReadCorpusOptions = {},
): Promise<FileParses> {
  const { files, undecodableNames, namedSizes } = await discoverTranscriptFiles(paths);
  // Synchronous: thousands of awaited stats cost more in thread hand-offs than the stats.
  const sizes = files.map((f) => {
    // Files named directly (the CLIs hand over files they discovered) had their `stat` read just now.
    const named = namedSizes.get(f);
    if (named !== undefined) return named;
    let info: Deno.FileInfo;
    try {
      info = Deno.statSync(f);
    } catch (error) {
      throw fileError(f, error);
    }
    // Checked again here, just before the file is opened: only regular files are read.
    if (!info.isFile) throw new UnreadablePathError(f, "not a regular file or directory");
    return info.size;
  });
  const total = sizes.reduce((a, b) => a + b, 0);
  const workers = Math.min(
    options.workers ?? Math.min(4, navigator.hardwareConcurrency ?? 1),
    files.length,
  );
  const parses: FileParse[] = new Array(files.length);
  const minChars = options.readCostMinChars;
  const readCosts: FileMeasurement[] | undefined = minChars === undefined
    ? undefined
    : new Array(files.length);
  const parserOptions: ParseTranscriptOptions = {
    ...(options.fetchTargets
      ? { fetchTargets: newFetchKey(), onlyWithCompaction: options.fetchTargets === "compacted" }
      : {}),
    ...(minChars === undefined ? {} : { readCostMinChars: minChars }),
  };
  let bytes = 0;
  let done = 0;
  const finished = (index: number, read: Omit<ParsedTranscriptFile, "bytes">, size: number) => {
    parses[index] = read.parse;
    if (readCosts !== undefined) readCosts[index] = read.readCost!;
    bytes += size;
    done++;
    options.onProgress?.(done, files.length, bytes);
  };
  if (workers <= 1 || (options.workers === undefined && total < PARALLEL_MIN_BYTES)) {
    if (total >= WARM_UP_MIN_BYTES) _warmUpReader();
    for (const [i, file] of files.entries()) {
      let result;
      try {
        result = await parseTranscriptFile(file, parserOptions);
      } catch (error) {
        throw fileError(file, error);
      }
      finished(i, result, result.bytes);
    }
  } else {
    await runFilePool({
      files,
      sizes,
      threads: workers,
      worker: new URL("./parse_worker.ts", import.meta.url),
      init: parserOptions,
      here: async (path) => {
        const { bytes, ...value } = await parseTranscriptFile(path, parserOptions);
        return { value, bytes };
      },
      // While the workers start (and warm up the same way), this thread warms up its parser.
      beforeHere: () => _warmUpReader(),
      finished,
      fileError,
    });
  }
  if (parserOptions.onlyWithCompaction) {
    // Read again for their fetch targets only: the read-cost measurements of the first read hold.
    await _addFetchTargets(parses, files, { fetchTargets: parserOptions.fetchTargets });
  }
  return readCosts === undefined
    ? { parses, bytes, files, undecodableNames }
    : { parses, bytes, files, undecodableNames, readCosts };
}

/**
 * Reads again, with fetch targets, each file read without them that shares a request with a
 * file read with them (until none is left), then gives the others an empty fetch list.
 */
async function _addFetchTargets(
  parses: FileParse[],
  files: readonly string[],
  options: ParseTranscriptOptions,
): Promise<void> {
  for (;;) {
    const again = filesNeedingFetchTargets(parses);
    if (again.length === 0) break;
    for (const i of again) {
      try {
        parses[i] = (await parseTranscriptFile(files[i], options)).parse;
      } catch (error) {
        throw fileError(files[i], error);
      }
    }
  }
  for (const [i, parse] of parses.entries()) {
    if (parse.fetchTargetsSkipped) parses[i] = { ...parse, fetches: emptyFileFetches() };
  }
}

/**
 * The files read without fetch targets ({@linkcode FileParse.fetchTargetsSkipped}) that share a
 * request key with a file read with them. A session's rows come from its own file's blocks, and
 * the copies of a block in other files map onto its row: with every copy read, the fetches on
 * the rows of the sessions with a compaction are the same as with every file read.
 *
 * @param parses The files' parses.
 * @returns Their indices, ascending.
 *
 * @example
 * ```ts
 * import { filesNeedingFetchTargets } from "./read_corpus.ts";
 * import assert from "node:assert/strict";
 * const blocks = (keys: string[]) => ({ key: keys }) as never;
 * assert.deepEqual(filesNeedingFetchTargets([
 *   { blocks: blocks(["m1", "m2"]) },
 *   { blocks: blocks(["m2"]), fetchTargetsSkipped: true },
 *   { blocks: blocks(["m3"]), fetchTargetsSkipped: true },
 * ] as never), [1]);
 * ```
 */
export function filesNeedingFetchTargets(parses: readonly FileParse[]): number[] {
  const keys = new Set<string>();
  for (const parse of parses) {
    if (!parse.fetchTargetsSkipped) { for (const key of parse.blocks.key) keys.add(key); }
  }
  const out: number[] = [];
  for (const [i, parse] of parses.entries()) {
    if (parse.fetchTargetsSkipped && parse.blocks.key.some((key) => keys.has(key))) out.push(i);
  }
  return out;
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
  options: Omit<AssembleOptions, "bytes" | "paths"> & Pick<ReadCorpusOptions, "fetchTargets"> = {},
): Corpus {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  let bytes = 0;
  const { fetchTargets, ...assemble } = options;
  const key = fetchTargets ? newFetchKey() : undefined;
  const parses = sorted.map(({ text }) => {
    const parser = new FileParser({ fetchTargets: key });
    const result = splitLines(text, (b, s, e, n) => parser.onLine(b, s, e, n));
    parser.addBlankLines(result.blankLines);
    parser.addOversizedLines(result.oversizedLines);
    bytes += result.bytes;
    return parser.finish();
  });
  return assembleCorpus(parses, { ...assemble, bytes, paths: sorted.map((f) => f.path) });
}
