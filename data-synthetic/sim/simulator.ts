/**
 * The state shared by every part of one corpus run: profile, seed, the expected aggregates being
 * accumulated, the text pool, the stream counter, the stratified compaction deviates, and the
 * queue of finished files.
 *
 * @module
 */

import { ExpectedAccumulator } from "../expected.ts";
import { normalQuantile } from "../normal_quantile.ts";
import { Prng } from "../prng.ts";
import type { Profile } from "../profiles.ts";
import { TextPool, type VirtualFile } from "../text_pool.ts";

/** The model of every included session. */
export const TARGET_MODEL = "claude-opus-5-5";
/** Model of the other-model main sessions. */
export const OTHER_MAIN_MODEL = "claude-sonnet-4-6";
/** Model of the other-model sub-agents. */
export const OTHER_SUB_MODEL = "claude-haiku-4-5-20251001";
/** Idle limit of the work time, seconds (the reader's default). */
export const IDLE_LIMIT_SECONDS = 300;

/** One file of a generated corpus, path relative to the corpus folder. */
export interface CorpusFile {
  /** Relative path, `/`-separated, e.g. `projects/-home-dev-app/<id>.jsonl`. */
  path: string;
  /** Full content. */
  text: string;
}

/** Project roots of the virtual source trees, one per project folder. */
export const PROJECT_ROOTS = [
  "/home/dev/projects/ledger-api",
  "/home/dev/projects/web_client",
  "/Users/sam/src/data.pipeline",
  "/home/dev/tools/cli-kit",
  "/home/dev/projects/notebook-server",
  "/srv/work/ingest.v2",
];

/** The state of one corpus run. */
export class Simulator {
  /** The ground truth, accumulated while writing. */
  readonly acc = new ExpectedAccumulator(TARGET_MODEL);
  /** Source trees and prose. */
  readonly pool: TextPool;
  /** Stream 0: the plan and the left-out sessions' ids. */
  readonly prng: Prng;
  /** Finished files not yet yielded. */
  readonly out: CorpusFile[] = [];
  /** Project folder (cwd) of each project. */
  readonly roots: string[];
  /** `startDate` of the profile, ms. */
  readonly startMs: number;
  /** Compactions written so far (all sessions); picks the rarer boundary variants. */
  compactionsWritten = 0;
  #streams = 1;
  // The shapes added on top of the simulated work (helpers, compaction calls, variants) draw from
  // streams of their own, so adding one leaves every other byte of the corpus as it was.
  #shapeStreams = 0x4000_0000;
  // The late-2026 shapes of era E (sim/late_shapes.ts) draw from streams of their own too, apart
  // from the other shapes', so adding them left every other shape as it was.
  #lateStreams = 0x6000_0000;
  #compactions = 0;
  #offsetSummary: number;
  #offsetNoise: number;

  /**
   * @param profile The profile.
   * @param seed The seed.
   */
  constructor(readonly profile: Profile, readonly seed: number) {
    this.prng = new Prng(seed, 0);
    // Up to six projects, one source tree each; beyond that, further folders share the six
    // trees, as worktrees and clones of a few repositories do.
    const trees = PROJECT_ROOTS.slice(0, Math.min(profile.projects, PROJECT_ROOTS.length));
    this.roots = Array.from(
      { length: profile.projects },
      (_, k) => k < trees.length ? trees[k] : `${trees[k % trees.length]}-${k}`,
    );
    this.pool = new TextPool(seed, trees, {
      fileLinesMedian: profile.fileLinesMedian,
      fileLinesMax: profile.fileLinesMax,
    });
    this.startMs = Date.parse(profile.startDate);
    this.#offsetSummary = this.prng.next();
    this.#offsetNoise = this.prng.next();
  }

  /**
   * Normal deviates for the k-th compaction's summary length and time noise. They are
   * stratified, not independent draws: the quantiles come from two Weyl sequences
   * (k·(√5−1)/2 and k·(√2−1) modulo 1, offset by the seed), which fill the unit square evenly.
   * A corpus of a few hundred compactions then has the nominal spread of G and ε, so the R² of
   * the time fit lands near its population value for every seed instead of moving by ±0.03.
   */
  compactionDeviates(): [number, number] {
    const k = this.#compactions++;
    const frac = (v: number) => v - Math.floor(v);
    const clamp = (u: number) => Math.min(1 - 1e-9, Math.max(1e-9, u));
    return [
      normalQuantile(clamp(frac(this.#offsetSummary + k * 0.6180339887498949))),
      normalQuantile(clamp(frac(this.#offsetNoise + k * 0.41421356237309515))),
    ];
  }

  nextPrng(): Prng {
    return new Prng(this.seed, this.#streams++);
  }

  /**
   * The virtual files of a project's source tree.
   *
   * @param project Project index.
   * @returns Its files.
   */
  filesOf(project: number): VirtualFile[] {
    return this.pool.files[project % this.pool.files.length];
  }

  /**
   * A fresh stream for one added shape (see the field comment).
   *
   * @returns A new stream.
   */
  shapePrng(): Prng {
    return new Prng(this.seed, this.#shapeStreams++);
  }

  /**
   * A fresh stream for one era-E session's late-2026 shapes (see the field comment).
   * @returns A new stream.
   */
  latePrng(): Prng {
    return new Prng(this.seed, this.#lateStreams++);
  }

  /**
   * Prose of `tokens` tokens (4 characters each).
   *
   * @param g The stream to draw from.
   * @param tokens Tokens wanted.
   * @returns JSON-escaped prose.
   */
  prose(g: Prng, tokens: number): string {
    return this.pool.proseOf(g, Math.max(4, Math.round(tokens) * 4));
  }

  /** Yields the finished files in the order they were queued. */
  *drain(): Generator<CorpusFile> {
    while (this.out.length > 0) yield this.out.shift()!;
  }
}
