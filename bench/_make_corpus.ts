/**
 * The corpora of the reader benchmark, written by the synthetic generator (seed 1) into a
 * folder: `full` (the published study's corpus: few, large files, ~62 requests per MB) and
 * `real-shaped` (shaped like a real ~/.claude/projects measured on a user's machine: 2,791 files
 * in 2,075 folders, 578 MB, file sizes p10 10 KB, median 69 KB, p90 724 KB, ~150 requests per MB;
 * the machine's: 2,800 files in 2,001 folders, 575 MB, p10 1.2 KB, median 61 KB, p90 650 KB). The
 * reader's cost grows per file, per folder and per record, so the bench times both.
 *
 * @module
 */

import { PROFILES } from "../data-synthetic/profiles.ts";
import { writeCorpus } from "../data-synthetic/write_corpus.ts";

/** The corpus shapes the bench times. */
export const BENCH_SHAPES = ["full", "real-shaped"] as const;

/** One of {@linkcode BENCH_SHAPES}. */
export type BenchShape = typeof BENCH_SHAPES[number];

/**
 * Writes the corpus of `shape` into `dir` (`dir/projects/…` and `dir/manifest.json`).
 *
 * @param dir Corpus folder (created when missing).
 * @param shape Which corpus.
 * @returns Bytes of the files written.
 *
 * @example
 * ```ts
 * import { BENCH_SHAPES } from "./_make_corpus.ts";
 * import assert from "node:assert/strict";
 * assert.deepEqual([...BENCH_SHAPES], ["full", "real-shaped"]);
 * ```
 */
export async function makeBenchCorpus(dir: string, shape: BenchShape): Promise<number> {
  const manifest = await writeCorpus({ profile: PROFILES[shape], seed: 1, dir });
  return manifest.bytes;
}
