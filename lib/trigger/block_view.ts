/**
 * How a workload cut one session into blocks: each step's growth in the workload's order with
 * the observed block it came from (docs/method.md, Resampling). For the picture of the resampling.
 *
 * @module
 */
import type { BlockPlan } from "../stats/block_resample.ts";
import { workloadRows } from "./context_trace.ts";
import type { StepColumns } from "./steps.ts";

/** One session of one workload, step by step. */
export interface BlockView {
  /** Growth d of each step in the workload's order, tokens. */
  growth: Float64Array;
  /**
   * Observed block of each step: ⌊(step number − 1) / blockSize⌋, numbering the session's steps
   * 1 … n in observed order, so block 0 holds steps 1 … blockSize.
   */
  block: Uint32Array;
}

/**
 * Lays out one session of one workload by block. With the observed plan the blocks come in
 * order 0, 0, …, 1, 1, …; with a `permute` plan of the same block size they come shuffled but
 * whole.
 *
 * @param steps Step columns.
 * @param plan The workload.
 * @param session Session index.
 * @param blockSize Steps per block, as the workloads were drawn with.
 * @returns Growth and observed block per step.
 * @throws {RangeError} When `session` is not a session index or `blockSize` is not a positive
 * integer.
 *
 * @example A 5-step session in blocks of 2, the last two blocks first
 * ```ts
 * import assert from "node:assert/strict";
 * import { blockView } from "./block_view.ts";
 *
 * const steps = { sessions: 1, start: Uint32Array.of(0),
 *   growth: Float64Array.of(1000, 10, 20, 30, 40, 50) };
 * const plan = { segmentStart: Uint32Array.of(5, 3, 1), segmentLength: Uint32Array.of(1, 2, 2),
 *   groupOffset: Uint32Array.of(0, 3) };
 * const view = blockView(steps, plan, 0, 2);
 * assert.deepEqual([...view.growth], [50, 30, 40, 10, 20]);
 * assert.deepEqual([...view.block], [2, 1, 1, 0, 0]);
 * ```
 */
export function blockView(
  steps: Pick<StepColumns, "sessions" | "start" | "growth">,
  plan: BlockPlan,
  session: number,
  blockSize: number,
): BlockView {
  if (!Number.isInteger(blockSize) || blockSize < 1) {
    throw new RangeError(`Invalid block size: expected a positive integer, got ${blockSize}`);
  }
  const rows = workloadRows(steps, plan, session);
  const first = steps.start[session] + 1;
  const growth = new Float64Array(rows.length);
  const block = new Uint32Array(rows.length);
  rows.forEach((row, i) => {
    growth[i] = steps.growth[row];
    block[i] = Math.floor((row - first) / blockSize);
  });
  return { growth, block };
}
