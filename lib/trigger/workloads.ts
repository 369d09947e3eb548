/**
 * Workloads: the observed history and its block-bootstrap resamples (docs/method.md, Resampling).
 *
 * @module
 */
import { type BlockMethod, type BlockPlan, resampleBlocks } from "../stats/block_resample.ts";
import { Pcg32 } from "../stats/pcg32.ts";
import type { StepColumns } from "./steps.ts";

/** Options of {@linkcode drawWorkloads}. */
export interface WorkloadOptions {
  /** Number of resampled workloads K (workload 0, the observed history, comes on top). @default {100} */
  workloads?: number;
  /** Resampling method. @default {"permute"} */
  method?: BlockMethod;
  /** Steps per block. @default {8} */
  blockSize?: number;
  /** Seed; workload k draws from PCG32 stream k of this seed. Integer in [0, 2⁵³). @default {1} */
  seed?: number;
}

/** Defaults of {@linkcode WorkloadOptions}. */
export const DEFAULT_WORKLOAD_OPTIONS: Required<WorkloadOptions> = {
  workloads: 100,
  method: "permute",
  blockSize: 8,
  seed: 1,
};

/**
 * Workload k is `plans[k]`: per session, the segments of step rows replayed in order after the
 * session's start row. Plan 0 is the observed order (one segment per session).
 */
export interface Workloads {
  /** One plan per workload, 0 … K. */
  plans: BlockPlan[];
}

/**
 * The observed workload plus K resamples, stored as block plans over the shared step rows
 * (memory ∝ blocks × workloads, never requests × workloads). Workload k ≥ 1 uses
 * `new Pcg32(seed, k)`, so any one workload can be redrawn alone.
 *
 * @param steps Step columns (only `sessions`, `start`, `count` are read).
 * @param options Count, method, block size, seed.
 * @returns The workloads.
 * @throws {RangeError} When `workloads` is not a positive integer, or on a bad block size,
 * method or seed.
 *
 * @example Permuted workloads keep every session's steps
 * ```ts
 * import assert from "node:assert/strict";
 * import { drawWorkloads } from "./workloads.ts";
 *
 * const steps = { sessions: 1, start: Uint32Array.of(0), count: Uint32Array.of(21) };
 * const { plans } = drawWorkloads(steps, { workloads: 3 });
 * assert.equal(plans.length, 4);
 * assert.deepEqual([...plans[0].segmentStart], [1]); // observed: rows 1…20 in order
 * assert.equal(plans[2].segmentLength.reduce((a, b) => a + b, 0), 20);
 * ```
 */
export function drawWorkloads(
  steps: Pick<StepColumns, "sessions" | "start" | "count">,
  options: WorkloadOptions = {},
): Workloads {
  const { workloads, method, blockSize, seed } = { ...DEFAULT_WORKLOAD_OPTIONS, ...options };
  if (!Number.isInteger(workloads) || workloads < 1) {
    throw new RangeError(
      `Cannot draw workloads: count must be a positive integer, got ${workloads}`,
    );
  }
  const streams = Array.from({ length: workloads }, (_, i) => new Pcg32(seed, i + 1));
  return drawWorkloadBatch(steps, streams, { method, blockSize });
}

/**
 * The workloads of a batch of sessions, drawn from PRNG streams that the caller keeps between
 * batches: workload k + 1 draws from `streams[k]`. Block plans draw session after session, so
 * batches of consecutive sessions, drawn in order from the same streams, give the plans that
 * {@linkcode drawWorkloads} gives for all the sessions at once (lib/pool/streamed_analysis.ts
 * replays a pool this way, one batch in memory at a time).
 *
 * @param steps Step columns of the batch (only `sessions`, `start`, `count` are read).
 * @param streams One PRNG per resampled workload (advanced by the draws).
 * @param options Method and block size.
 * @returns The workloads: the observed one, then one per stream.
 *
 * @example Two batches from the same streams equal one draw
 * ```ts
 * import assert from "node:assert/strict";
 * import { drawWorkloadBatch, drawWorkloads } from "./workloads.ts";
 * import { Pcg32 } from "../stats/pcg32.ts";
 *
 * const all = { sessions: 2, start: Uint32Array.of(0, 21), count: Uint32Array.of(21, 13) };
 * const whole = drawWorkloads(all, { workloads: 2 }).plans[2];
 * const streams = [new Pcg32(1, 1), new Pcg32(1, 2)];
 * drawWorkloadBatch({ sessions: 1, start: Uint32Array.of(0), count: Uint32Array.of(21) }, streams);
 * const second = drawWorkloadBatch(
 *   { sessions: 1, start: Uint32Array.of(0), count: Uint32Array.of(13) }, streams).plans[2];
 * // The second session's blocks, shifted by its start row (21) in the whole corpus.
 * const tail = whole.groupOffset[1];
 * assert.deepEqual([...second.segmentStart].map((r) => r + 21), [...whole.segmentStart.slice(tail)]);
 * ```
 */
export function drawWorkloadBatch(
  steps: Pick<StepColumns, "sessions" | "start" | "count">,
  streams: readonly Pcg32[],
  options: Pick<WorkloadOptions, "method" | "blockSize"> = {},
): Workloads {
  const { method, blockSize } = { ...DEFAULT_WORKLOAD_OPTIONS, ...options };
  const n = steps.sessions;
  const groupStart = new Uint32Array(n);
  const groupLength = new Uint32Array(n);
  for (let s = 0; s < n; s++) {
    groupStart[s] = steps.start[s] + 1;
    groupLength[s] = steps.count[s] - 1;
  }
  const groups = { start: groupStart, length: groupLength };
  const plans: BlockPlan[] = [_observedPlan(groups)];
  for (const stream of streams) plans.push(resampleBlocks(groups, stream, { method, blockSize }));
  return { plans };
}

function _observedPlan(groups: { start: Uint32Array; length: Uint32Array }): BlockPlan {
  const n = groups.start.length;
  const starts: number[] = [];
  const lengths: number[] = [];
  const groupOffset = new Uint32Array(n + 1);
  for (let s = 0; s < n; s++) {
    groupOffset[s] = starts.length;
    if (groups.length[s] > 0) {
      starts.push(groups.start[s]);
      lengths.push(groups.length[s]);
    }
  }
  groupOffset[n] = starts.length;
  return {
    segmentStart: Uint32Array.from(starts),
    segmentLength: Uint32Array.from(lengths),
    groupOffset,
  };
}
