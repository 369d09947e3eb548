/**
 * The step columns (docs/method.md, Steps), laid over the request table's rows.
 *
 * A choice, written down (docs/method.md, Choices): a step that crosses a real compaction gets
 * the cached share c_{i−1} of the request before it (`compactionStepShare: "previous"`, the
 * default), not its own c_i (`"kept"`, the reproduced method's rule, still selectable). Why:
 * where the replay does not compact at that step (a real compaction below the replayed trigger),
 * `"kept"` bills a whole pre-compaction context C at the low cached share that the real
 * compaction left behind, while without a compaction the cache would have been warm, and the
 * replay of the observed history at the observed trigger then lands above the observed bill
 * (compare `deno task analyze data-synthetic/full` with and without `--compaction-step-share
 * kept`). A replay that does compact at that step bills it with c_post under either rule, so the
 * choice only matters where the replayed history and the real one part ways.
 *
 * @module
 */
import type { Corpus } from "../transcript/tables.ts";

/**
 * Step columns indexed by request row. Row `start[s]` of session s is its start request r₀
 * (growth holds x₀); rows `start[s] + 1 … start[s] + count[s] − 1` are its steps 1 … n.
 * Only `growth` is new; the other columns are the request table's own arrays (not copied;
 * `cachedShare` is a copy when some step crosses a real compaction and `compactionStepShare` is
 * `"previous"`, the default).
 */
export interface StepColumns {
  /** Number of rows (requests). */
  length: number;
  /** Sessions. */
  sessions: number;
  /** First row of each session (its start request). */
  start: Uint32Array;
  /** Rows of each session (1 + number of steps). */
  count: Uint32Array;
  /** d_i = x_i − x_{i−1}, tokens; max(0, C − x_{i−1}) after a real compaction; x₀ on start rows. */
  growth: Float64Array;
  /** c_i (start rows: c₀; after a real compaction c_{i−1} by default, see the module notes). */
  cachedShare: Float64Array;
  /** y_i, tokens (start rows: y₀). */
  output: Float64Array;
  /** Work-time gap before the request, seconds (0 on start rows and when idle). */
  gapSeconds: Float64Array;
  /** 1 where a real compaction lies in the gap before the request, else 0. */
  compacted: Uint8Array;
}

/** Options of {@linkcode buildSteps}. */
export interface BuildStepsOptions {
  /**
   * Cached share of a step that follows a real compaction. `"previous"` (the default, a documented
   * choice; see the module notes): c_{i−1}, the warm share the request would have had had the
   * compaction not happened. `"kept"` (the reproduced method's rule): its own c_i, which is low
   * because the real compaction emptied the cache. A replay that does compact at that step uses
   * c_post either way.
   *
   * @default {"previous"}
   */
  compactionStepShare?: "kept" | "previous";
}

/** Defaults of {@linkcode BuildStepsOptions}. */
export const DEFAULT_BUILD_STEPS_OPTIONS: Required<BuildStepsOptions> = {
  compactionStepShare: "previous",
};

/**
 * Builds the step columns from a corpus. A step after a real compaction gets
 * d = max(0, C − x_{i−1}) (its growth before the compaction); when C is unknown it gets 0.
 * O(requests).
 *
 * @param corpus The reader's tables.
 * @param options Cached share of the steps after real compactions (default c_{i−1}).
 * @returns The step columns.
 *
 * @example Growth, and a step across a compaction
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildSteps } from "./steps.ts";
 * import type { Corpus } from "../transcript/tables.ts";
 *
 * const corpus = {
 *   requests: {
 *     length: 3,
 *     context: Float64Array.from([100, 250, 40]),
 *     cachedShare: Float64Array.from([0, 0.5, 0.2]),
 *     output: Float64Array.from([1, 2, 3]),
 *     gapSeconds: Float64Array.from([0, 10, 20]),
 *     compactionBefore: Int32Array.from([-1, -1, 0]),
 *   },
 *   sessions: { length: 1, firstRequest: Uint32Array.of(0), requestCount: Uint32Array.of(3) },
 *   compactions: { inputTokens: Float64Array.of(300) },
 * } as unknown as Corpus;
 * const steps = buildSteps(corpus);
 * assert.deepEqual([...steps.growth], [100, 150, 50]); // 300 − 250 = 50 before the compaction
 * assert.deepEqual([...steps.cachedShare], [0, 0.5, 0.5]); // default "previous": c₁ = 0.5
 * const spec = buildSteps(corpus, { compactionStepShare: "kept" });
 * assert.deepEqual([...spec.cachedShare], [0, 0.5, 0.2]); // "kept": its own c₂ = 0.2
 * ```
 */
export function buildSteps(
  corpus: Pick<Corpus, "requests" | "sessions" | "compactions">,
  options: BuildStepsOptions = {},
): StepColumns {
  const { compactionStepShare } = { ...DEFAULT_BUILD_STEPS_OPTIONS, ...options };
  if (compactionStepShare !== "kept" && compactionStepShare !== "previous") {
    throw new RangeError(
      `Cannot build steps: compactionStepShare must be "kept" or "previous", got ` +
        `"${compactionStepShare}"`,
    );
  }
  const { requests, sessions, compactions } = corpus;
  let cachedShare = requests.cachedShare;
  const growth = new Float64Array(requests.length);
  const compacted = new Uint8Array(requests.length);
  const x = requests.context;
  for (let s = 0; s < sessions.length; s++) {
    const first = sessions.firstRequest[s];
    const end = first + sessions.requestCount[s];
    growth[first] = x[first];
    for (let row = first + 1; row < end; row++) {
      const comp = requests.compactionBefore[row];
      if (comp >= 0) {
        compacted[row] = 1;
        if (compactionStepShare === "previous") {
          if (cachedShare === requests.cachedShare) cachedShare = Float64Array.from(cachedShare);
          cachedShare[row] = requests.cachedShare[row - 1];
        }
        const c = compactions.inputTokens[comp];
        growth[row] = Number.isFinite(c) ? Math.max(0, c - x[row - 1]) : 0;
      } else {
        growth[row] = x[row] - x[row - 1];
      }
    }
  }
  return {
    length: requests.length,
    sessions: sessions.length,
    start: sessions.firstRequest,
    count: sessions.requestCount,
    growth,
    cachedShare,
    output: requests.output,
    gapSeconds: requests.gapSeconds,
    compacted,
  };
}

/**
 * The step columns alone, as a fresh plain object: what a worker is sent (an object typed as
 * {@linkcode StepColumns} may carry more fields, which structured cloning would copy too).
 *
 * @param steps The columns.
 * @returns A plain object holding the same column arrays (not copies).
 *
 * @example
 * ```ts
 * import { buildSteps, stepColumnsOnly } from "./steps.ts";
 * import { corpusFromText } from "../transcript/read_corpus.ts";
 * import assert from "node:assert/strict";
 * const steps = buildSteps(corpusFromText([]));
 * const only = stepColumnsOnly({ ...steps, extra: 1 } as typeof steps);
 * assert.deepEqual(Object.keys(only).length, 9);
 * assert.equal(only.growth, steps.growth);
 * ```
 */
export function stepColumnsOnly(steps: StepColumns): StepColumns {
  return {
    length: steps.length,
    sessions: steps.sessions,
    start: steps.start,
    count: steps.count,
    growth: steps.growth,
    cachedShare: steps.cachedShare,
    output: steps.output,
    gapSeconds: steps.gapSeconds,
    compacted: steps.compacted,
  };
}

/**
 * Δ: the mean growth d over the steps (not start rows) that contain no compaction, tokens per
 * request. NaN when there is no such step.
 *
 * @param steps Step columns.
 * @returns Mean growth per request, tokens.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { meanGrowth } from "./steps.ts";
 *
 * const steps = {
 *   sessions: 1, start: Uint32Array.of(0), count: Uint32Array.of(4),
 *   growth: Float64Array.of(500, 10, 30, 999), compacted: Uint8Array.of(0, 0, 0, 1),
 * };
 * assert.equal(meanGrowth(steps), 20);
 * ```
 */
export function meanGrowth(
  steps: Pick<StepColumns, "sessions" | "start" | "count" | "growth" | "compacted">,
): number {
  let sum = 0;
  let comp = 0;
  let n = 0;
  for (let s = 0; s < steps.sessions; s++) {
    const end = steps.start[s] + steps.count[s];
    for (let row = steps.start[s] + 1; row < end; row++) {
      if (steps.compacted[row]) continue;
      const v = steps.growth[row];
      const t = sum + v;
      comp += Math.abs(sum) >= Math.abs(v) ? (sum - t) + v : (v - t) + sum;
      sum = t;
      n++;
    }
  }
  return n > 0 ? (sum + comp) / n : NaN;
}
