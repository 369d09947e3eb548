/**
 * `--block-size auto`: the resampling block length chosen from the corpus's own steps
 * (docs/method.md, "Block length chosen from the data").
 *
 * The series is the context growth d_i of every step of every included session (the start
 * request r₀ is no step; a step across a real compaction keeps its d = max(0, C − x_{i−1}), as
 * the resampler sees it). Sessions are independent groups: autocovariances are pooled within
 * sessions, each centred on its own mean, never across a session's edge, with N the total
 * number of steps (see {@linkcode optimalBlockLength}). The Politis–White rule gives one length
 * for moving and circular blocks and one (mean) length for the stationary bootstrap; `permute`
 * (the default method, fixed-length blocks in random order) takes the fixed-length one. The
 * integer used is max(1, round(b)). A corpus with fewer than 2 steps cannot choose and keeps
 * the default length.
 *
 * @module
 */
import type { BlockMethod } from "../stats/block_resample.ts";
import {
  type BlockLengthEstimate,
  optimalBlockLength,
  roundBlockLength,
} from "../stats/block_length.ts";
import type { StepColumns } from "./steps.ts";
import { DEFAULT_WORKLOAD_OPTIONS } from "./workloads.ts";

/** What `--block-size auto` chose, as the trigger-analysis JSON records it. */
export interface AutoBlockSize {
  /** The rule. */
  rule: "politis-white-2004-ppw-2009";
  /** Integer block length per method (permute: the moving/circular one). */
  blockSize: Record<BlockMethod, number>;
  /** Real-valued lengths before rounding: stationary mean length, moving/circular length. */
  estimate: { stationary: number; circular: number } | null;
  /** m̂ and the window bandwidth M of the rule (null when it could not run). */
  lagOrder: number | null;
  bandwidth: number | null;
  /** Steps (N) and sessions with at least one step that the series holds. */
  steps: number;
  sessions: number;
}

/**
 * Chooses the block length of every method from the steps' growth series.
 *
 * @param steps The step columns (`sessions`, `start`, `count`, `growth` are read).
 * @returns The integer length per method, the real estimates and the series' size.
 *
 * @example Two sessions of strongly dependent growth want long blocks
 * ```ts
 * import assert from "node:assert/strict";
 * import { autoBlockSize } from "./auto_block_size.ts";
 *
 * const n = 200;
 * const growth = new Float64Array(2 * n);
 * for (let i = 1; i < n; i++) {
 *   growth[i] = 2000 + 1500 * Math.sin(i / 9); // session 0: slow waves of growth
 *   growth[n + i] = 1000 + 800 * Math.sin(i / 7); // session 1
 * }
 * const steps = {
 *   sessions: 2,
 *   start: Uint32Array.of(0, n),
 *   count: Uint32Array.of(n, n),
 *   growth,
 * };
 * const chosen = autoBlockSize(steps);
 * assert.equal(chosen.steps, 2 * (n - 1));
 * assert.ok(chosen.blockSize.circular > 8);
 * assert.equal(chosen.blockSize.permute, chosen.blockSize.moving);
 * ```
 */
export function autoBlockSize(
  steps: Pick<StepColumns, "sessions" | "start" | "count" | "growth">,
): AutoBlockSize {
  const start: number[] = [];
  const length: number[] = [];
  let total = 0;
  for (let s = 0; s < steps.sessions; s++) {
    const n = steps.count[s] - 1;
    if (n <= 0) continue;
    start.push(steps.start[s] + 1);
    length.push(n);
    total += n;
  }
  const estimate = total < 2 ? null : optimalBlockLength(steps.growth, { start, length });
  return autoBlockSizeFrom(estimate, total, start.length);
}

/**
 * What `--block-size auto` chose, from the rule's estimate (e.g. of pooled autocovariances
 * summed session by session, lib/stats/block_length.ts `blockLengthFromSums`).
 *
 * @param estimate The rule's lengths (null: fewer than 2 steps, the default size).
 * @param steps N, the steps the series holds.
 * @param sessions Sessions with at least one step.
 * @returns The choice, as the trigger-analysis JSON records it.
 */
export function autoBlockSizeFrom(
  estimate: BlockLengthEstimate | null,
  steps: number,
  sessions: number,
): AutoBlockSize {
  const base = { rule: "politis-white-2004-ppw-2009" as const, steps, sessions };
  if (estimate === null) {
    const b = DEFAULT_WORKLOAD_OPTIONS.blockSize;
    return {
      ...base,
      blockSize: { permute: b, moving: b, circular: b, stationary: b },
      estimate: null,
      lagOrder: null,
      bandwidth: null,
    };
  }
  const fixed = roundBlockLength(estimate.circular);
  return {
    ...base,
    blockSize: {
      permute: fixed,
      moving: fixed,
      circular: fixed,
      stationary: roundBlockLength(estimate.stationary),
    },
    estimate: { stationary: estimate.stationary, circular: estimate.circular },
    lagOrder: estimate.lagOrder,
    bandwidth: estimate.bandwidth,
  };
}
