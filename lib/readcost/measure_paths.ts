/**
 * The read-cost measurement of files and directories: the library entry point for notebooks
 * and the CLI. This is the I/O edge: it expands the paths (`input_paths.ts`), streams each file
 * through the shared reader (`lib/transcript/jsonl.ts` `readLines`) into a `FileMeasurer`, and
 * combines the measurements (`report.ts`, `result_sizes.ts`). Files are opened read-only and
 * nothing is written.
 *
 * @module
 */

import { readLines } from "../transcript/jsonl.ts";
import { PARALLEL_MIN_BYTES, runFilePool } from "../transcript/file_pool.ts";
import { feedWarmUpLines, WARM_UP_ROUNDS } from "../transcript/warm_up.ts";
import { type FileMeasurement, FileMeasurer } from "./file_measure.ts";
import { expandInputs, toInputPathError } from "./input_paths.ts";
import { type ReadCostOptions, resolveReadCostOptions } from "./options.ts";
import { buildReadCostReport, type ReadCostReport } from "./report.ts";
import { RESULT_KINDS, type ResultKind } from "./classify.ts";
import {
  collectResultSizes,
  type ResultSizes,
  type SizeBin,
  sizeHistogram,
} from "./result_sizes.ts";

/** Options of {@linkcode measureReadCost}: the thresholds, and threads. */
export interface MeasureReadCostOptions extends ReadCostOptions {
  /**
   * Threads that measure, the calling thread included; files are measured independently and
   * reported in input order, so the result does not depend on it. When left to the default,
   * inputs under 32 MB are measured on the calling thread alone.
   * @default {navigator.hardwareConcurrency, at most 4}
   */
  workers?: number;
}

/** What {@linkcode measureReadCost} returns: the report and the per-kind result sizes. */
export interface ReadCostMeasurement {
  /** The report exactly as `deno task measure --json` prints it. */
  report: ReadCostReport;
  /** Per kind, the text size of every result of included files, ascending (no text). */
  sizes: ResultSizes;
  /** Per kind, {@linkcode sizeHistogram} of `sizes` (power-of-two bins of characters). */
  histograms: Record<ResultKind, SizeBin[]>;
  /** Bytes read, over all files (for throughput figures). */
  bytes: number;
}

/**
 * Measures transcripts on disk.
 *
 * @param paths Files and directories (directories shallow: `*.jsonl` directly inside).
 * @param options Thresholds (see `ReadCostOptions`) and threads.
 * @returns The report, result sizes and their histograms, and bytes read.
 * @throws {InputPathError} when a path is missing or a file cannot be read.
 * @throws {RangeError} when a threshold is not a positive integer.
 *
 * @example
 * ```ts
 * import { measureReadCost } from "./measure_paths.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * const line = (id: string) =>
 *   JSON.stringify({ type: "assistant", message: { id, usage: { cache_read_input_tokens: 50 } } });
 * await Deno.writeTextFile(`${dir}/s.jsonl`, [line("a"), line("b")].join("\n") + "\n");
 * const { report, sizes, histograms } = await measureReadCost([dir], { minTurns: 2 });
 * assert.equal(report.files.included, 1);
 * assert.equal(report.tokens.observedInputTokens, 100);
 * assert.deepEqual(sizes["bulk-read"], []);
 * assert.deepEqual(histograms.search, []);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function measureReadCost(
  paths: readonly string[],
  options: MeasureReadCostOptions = {},
): Promise<ReadCostMeasurement> {
  const thresholds = resolveReadCostOptions(options);
  const { files, undecodableNames } = await expandInputs(paths);
  warmUpMeasurer();
  const measurements: FileMeasurement[] = new Array(files.length);
  let bytes = 0;
  const finished = (index: number, measurement: FileMeasurement, size: number) => {
    measurements[index] = measurement;
    bytes += size;
  };
  const measureHere = async (file: string) => {
    const measurer = new FileMeasurer({ minChars: thresholds.minChars });
    const read = await readLines(file, measurer.addLine);
    return {
      value: { ...measurer.finish(), oversizedLines: read.oversizedLines },
      bytes: read.bytes,
    };
  };
  const threads = Math.min(
    options.workers ?? Math.min(4, navigator.hardwareConcurrency ?? 1),
    files.length,
  );
  let sizes: number[] = [];
  if (threads > 1) {
    sizes = await Promise.all(files.map(async (file) => {
      try {
        return (await Deno.stat(file)).size;
      } catch (error) {
        throw toInputPathError(error, file);
      }
    }));
  }
  const total = sizes.reduce((a, b) => a + b, 0);
  if (threads > 1 && (options.workers !== undefined || total >= PARALLEL_MIN_BYTES)) {
    await runFilePool({
      files,
      sizes,
      threads,
      worker: new URL("./measure_worker.ts", import.meta.url),
      init: { minChars: thresholds.minChars },
      here: measureHere,
      finished,
      fileError: (file, error) => toInputPathError(error, file),
    });
  } else {
    for (const [i, file] of files.entries()) {
      let result;
      try {
        result = await measureHere(file);
      } catch (error) {
        throw toInputPathError(error, file);
      }
      finished(i, result.value, result.bytes);
    }
  }
  return readCostOfMeasurements(measurements, thresholds, { bytes, undecodableNames });
}

/**
 * The measurement of files measured already, one by one, in input order: by
 * {@linkcode measureReadCost}, or by the transcript reader in the same read as the corpus
 * (`readFileParses` with `readCostMinChars`, as `deno task report` reads).
 *
 * @param measurements Each file's measurement, in input order.
 * @param options Thresholds (`minChars` must be the one the files were measured with).
 * @param read Bytes read and the names skipped as not UTF-8 (both default to 0).
 * @returns As {@linkcode measureReadCost}.
 * @throws {RangeError} when a threshold is not a positive integer.
 *
 * @example
 * ```ts
 * import { readCostOfMeasurements } from "./measure_paths.ts";
 * import { measureTranscript } from "./file_measure.ts";
 * import assert from "node:assert/strict";
 * const line = (id: string) =>
 *   JSON.stringify({ type: "assistant", message: { id, usage: { cache_read_input_tokens: 50 } } });
 * const file = measureTranscript([line("a"), line("b")].join("\n"));
 * const { report } = readCostOfMeasurements([file], { minTurns: 2 });
 * assert.equal(report.files.included, 1);
 * assert.equal(report.tokens.observedInputTokens, 100);
 * ```
 */
export function readCostOfMeasurements(
  measurements: readonly FileMeasurement[],
  options: ReadCostOptions = {},
  read: { bytes?: number; undecodableNames?: number } = {},
): ReadCostMeasurement {
  const thresholds = resolveReadCostOptions(options);
  const sizesByKind = collectResultSizes(measurements, thresholds);
  const histograms = {} as Record<ResultKind, SizeBin[]>;
  for (const kind of RESULT_KINDS) histograms[kind] = sizeHistogram(sizesByKind[kind]);
  const report = buildReadCostReport(measurements, thresholds);
  report.diagnostics.skippedUndecodableNames = read.undecodableNames ?? 0;
  return {
    report,
    sizes: sizesByKind,
    histograms,
    bytes: read.bytes ?? 0,
  };
}

let warmed = false;

/**
 * Once per thread, the reader's synthetic warm-up file through a throw-away measurer, so that V8
 * compiles the per-line code with every branch already seen (see ../transcript/warm_up.ts).
 */
export function warmUpMeasurer(): void {
  if (warmed) return;
  warmed = true;
  for (let r = 0; r < WARM_UP_ROUNDS; r++) {
    const measurer = new FileMeasurer({ minChars: 1 });
    feedWarmUpLines(measurer.addLine, r);
    measurer.finish();
  }
}
