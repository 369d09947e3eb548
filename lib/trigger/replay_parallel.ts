/**
 * The replay of {@linkcode replayWorkloads}, spread over worker threads.
 *
 * @module
 */
import type { BlockPlan } from "../stats/block_resample.ts";
import { emptyReplaySums, type ReplayOptions, type ReplaySums, replayWorkloads } from "./replay.ts";
import { type StepColumns, stepColumnsOnly } from "./steps.ts";

const _TIER_COLUMNS = [
  "contextTokens",
  "cachedTokens",
  "outputTokens",
  "compactionInputTokens",
  "summaryTokens",
] as const;

/** Options of {@linkcode replayWorkloadsParallel}. */
export interface ParallelReplayOptions extends ReplayOptions {
  /**
   * Worker threads; 1 replays on the calling thread. Workloads are split into contiguous
   * ranges, one per thread, and the sums are merged by workload index, so the result does not
   * depend on the thread count.
   *
   * @default {1}
   */
  threads?: number;
}

/**
 * Replays the workloads on `threads` worker threads (each receives a copy of the step columns,
 * O(requests), and its plans) and returns the same sums as {@linkcode replayWorkloads}.
 *
 * @param steps Step columns.
 * @param plans Workload plans.
 * @param options Triggers, compaction model, threads, progress.
 * @returns The token sums, identical to the single-threaded replay.
 * @throws {RangeError} When `threads` is not a positive integer, or as {@linkcode replayWorkloads}.
 *
 * @example Two threads give the same sums as one
 * ```ts
 * import assert from "node:assert/strict";
 * import { replayWorkloadsParallel } from "./replay_parallel.ts";
 * import { replayWorkloads } from "./replay.ts";
 * import { drawWorkloads } from "./workloads.ts";
 *
 * const steps = {
 *   length: 4, sessions: 1, start: Uint32Array.of(0), count: Uint32Array.of(4),
 *   growth: Float64Array.of(50000, 30000, 40000, 30000),
 *   cachedShare: Float64Array.of(0, 0.9, 0.8, 0.9), output: Float64Array.of(1, 2, 3, 4),
 *   gapSeconds: Float64Array.of(0, 10, 10, 10), compacted: new Uint8Array(4),
 * };
 * const { plans } = drawWorkloads(steps, { workloads: 3, blockSize: 1 });
 * const options = { triggers: [90000], model: { g0: 5000, g1: 0, postPrefix: 1e4, cPost: 0.5 } };
 * const two = await replayWorkloadsParallel(steps, plans, { ...options, threads: 2 });
 * assert.deepEqual(two, replayWorkloads(steps, plans, options));
 * ```
 */
export async function replayWorkloadsParallel(
  steps: StepColumns,
  plans: BlockPlan[],
  options: ParallelReplayOptions,
): Promise<ReplaySums> {
  const { threads = 1, onProgress, ...rest } = options;
  if (!Number.isInteger(threads) || threads < 1) {
    throw new RangeError(`Cannot replay: threads must be a positive integer, got ${threads}`);
  }
  const n = Math.min(threads, plans.length);
  if (n <= 1) return replayWorkloads(steps, plans, options);
  const triggers = Float64Array.from(rest.triggers);
  const nT = triggers.length;
  // Validate once here, with the same message as the single-threaded replay.
  const tierThresholds = Float64Array.from(rest.tierThresholds ?? []);
  replayWorkloads(steps, [], { triggers, model: rest.model, tierThresholds, rework: rest.rework });
  const bounds = Array.from({ length: n + 1 }, (_, i) => Math.round((i * plans.length) / n));
  const done = new Array(n).fill(0);
  const parts = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      new Promise<ReplaySums>((resolve, reject) => {
        const worker = new Worker(new URL("./replay_worker.ts", import.meta.url).href, {
          type: "module",
        });
        worker.onmessage = (event: MessageEvent) => {
          if (event.data.sums) {
            worker.terminate();
            resolve(event.data.sums);
          } else {
            done[i] = event.data.progress;
            onProgress?.(done.reduce((a, b) => a + b, 0), plans.length);
          }
        };
        worker.onerror = (event: ErrorEvent) => {
          event.preventDefault();
          worker.terminate();
          reject(new Error(`Replay worker ${i} failed: ${event.message}`));
        };
        worker.postMessage({
          steps: stepColumnsOnly(steps),
          plans: plans.slice(bounds[i], bounds[i + 1]),
          triggers,
          model: rest.model,
          tierThresholds,
          rework: rest.rework,
        });
      })),
  );
  const out = emptyReplaySums(plans.length, triggers, tierThresholds, rest.rework);
  parts.forEach((part, i) => {
    _merge(out, part, bounds[i], bounds[i + 1], nT, tierThresholds.length);
    if (out.withRework !== undefined) {
      _merge(out.withRework, part.withRework!, bounds[i], bounds[i + 1], nT, tierThresholds.length);
    }
  });
  return out;
}

/** Copies a part (workloads at … end − 1) into the whole (per-cell columns; per workload once). */
function _merge(
  out: ReplaySums,
  part: ReplaySums,
  at: number,
  end: number,
  nT: number,
  thresholds: number,
): void {
  const cells = out.workloads * nT;
  {
    out.contextTokens.set(part.contextTokens, at * nT);
    out.cachedTokens.set(part.cachedTokens, at * nT);
    out.compactions.set(part.compactions, at * nT);
    out.compactionInputTokens.set(part.compactionInputTokens, at * nT);
    out.summaryTokens.set(part.summaryTokens, at * nT);
    out.outputTokens.set(part.outputTokens, at);
    out.workSeconds.set(part.workSeconds, at);
    if (out.rework !== undefined) out.rework.extraRequests.set(part.rework!.extraRequests, at * nT);
    if (out.tiers !== undefined) {
      const partCells = (end - at) * nT;
      for (const key of _TIER_COLUMNS) {
        for (let j = 0; j < thresholds; j++) {
          out.tiers[key].set(
            part.tiers![key].subarray(j * partCells, (j + 1) * partCells),
            j * cells + at * nT,
          );
        }
      }
    }
  }
}
