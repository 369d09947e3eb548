/**
 * Replay of workloads at triggers, keeping token sums so prices and v can change afterwards
 * (analysis-spec §3).
 *
 * @module
 */
import type { BlockPlan } from "../stats/block_resample.ts";
import type { StepColumns } from "./steps.ts";

/** What a compaction at input C does, as the replay needs it. */
export interface ReplayCompactionModel {
  /** G(C) = max(0, g0 + g1·C): intercept, tokens. */
  g0: number;
  /** Slope, tokens per token. */
  g1: number;
  /** P: context after a compaction is R(C) = P + G(C), tokens. */
  postPrefix: number;
  /** Cached share of the request right after a compaction. */
  cPost: number;
}

/**
 * Token sums of every (workload, trigger) pair. Per-pair arrays are indexed `k · triggers + t`.
 * Everything J and the time share need, for any α, ρ, p_m, ω, β, a and v.
 */
export interface ReplaySums {
  /** Number of workloads replayed. */
  workloads: number;
  /** The triggers, tokens. */
  triggers: Float64Array;
  /** Σ x over ordinary requests, tokens. */
  contextTokens: Float64Array;
  /** Σ c·x over ordinary requests (K), tokens; uncached U = contextTokens − cachedTokens. */
  cachedTokens: Float64Array;
  /** N_c. */
  compactions: Float64Array;
  /** Σ C over replayed compactions, tokens. */
  compactionInputTokens: Float64Array;
  /** Σ G over replayed compactions, tokens. */
  summaryTokens: Float64Array;
  /** Per workload: Σ y over its requests (Y; does not depend on the trigger), tokens. */
  outputTokens: Float64Array;
  /** Per workload: Σ of its steps' work-time gaps (W_k), seconds. */
  workSeconds: Float64Array;
}

/** Options of {@linkcode replayWorkloads}. */
export interface ReplayOptions {
  /** Triggers T, tokens, any order. */
  triggers: ArrayLike<number>;
  /** The compaction model. */
  model: ReplayCompactionModel;
  /** Called after each workload with (done, total). */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Replays every workload at every trigger. Per session: x = x₀, request 0 billed with
 * (x₀, c₀, y₀); then for each step in the workload's order x = max(0, x + d); when x ≥ T a
 * compaction happens (C = x, G = G(C), x = R(C) = P + G, and this request's cached share is
 * c_post), at most one per request; the request is billed with (x, c, y).
 *
 * Speed: sessions whose path never reaches T (its maximum without compaction is below T) are
 * added from one pre-pass per workload instead of being replayed, and the inner loop touches
 * only typed arrays. Sums within a session are plain; across sessions they are compensated
 * (Neumaier). O(workloads × (requests + triggers × steps of sessions that reach T)).
 *
 * @param steps Step columns.
 * @param plans Workload plans (e.g. from {@linkcode drawWorkloads}).
 * @param options Triggers and compaction model.
 * @returns The token sums.
 * @throws {RangeError} When a trigger is not a positive finite number.
 *
 * @example One session, 3 requests, trigger 250: worked by hand
 * ```ts
 * import assert from "node:assert/strict";
 * import { replayWorkloads } from "./replay.ts";
 *
 * const steps = {
 *   length: 3, sessions: 1, start: Uint32Array.of(0), count: Uint32Array.of(3),
 *   growth: Float64Array.of(100, 200, 50), cachedShare: Float64Array.of(0, 0.5, 0.5),
 *   output: Float64Array.of(1, 2, 3), gapSeconds: Float64Array.of(0, 10, 20),
 *   compacted: new Uint8Array(3),
 * };
 * const plan = { segmentStart: Uint32Array.of(1), segmentLength: Uint32Array.of(2),
 *   groupOffset: Uint32Array.of(0, 1) };
 * const sums = replayWorkloads(steps, [plan], {
 *   triggers: [250], model: { g0: 10, g1: 0, postPrefix: 20, cPost: 0 },
 * });
 * // x: 100; 300 ≥ 250 -> compaction C = 300, G = 10, x = 30 (c_post 0); then 80 (c 0.5)
 * assert.equal(sums.contextTokens[0], 100 + 30 + 80);
 * assert.equal(sums.cachedTokens[0], 40);
 * assert.equal(sums.compactions[0], 1);
 * assert.equal(sums.compactionInputTokens[0], 300);
 * ```
 */
export function replayWorkloads(
  steps: StepColumns,
  plans: BlockPlan[],
  options: ReplayOptions,
): ReplaySums {
  const triggers = Float64Array.from(options.triggers);
  for (const t of triggers) {
    if (!(Number.isFinite(t) && t > 0)) {
      throw new RangeError(`Cannot replay: triggers must be positive token counts, got ${t}`);
    }
  }
  const { g0, g1, postPrefix, cPost } = options.model;
  const nK = plans.length;
  const nT = triggers.length;
  const nS = steps.sessions;
  const cells = nK * nT;
  const out: ReplaySums = {
    workloads: nK,
    triggers,
    contextTokens: new Float64Array(cells),
    cachedTokens: new Float64Array(cells),
    compactions: new Float64Array(cells),
    compactionInputTokens: new Float64Array(cells),
    summaryTokens: new Float64Array(cells),
    outputTokens: new Float64Array(nK),
    workSeconds: new Float64Array(nK),
  };
  const growth = steps.growth;
  const share = steps.cachedShare;
  const output = steps.output;
  const gap = steps.gapSeconds;
  const start = steps.start;
  // Per-session results of the pre-pass without compaction (reused across workloads).
  const freeX = new Float64Array(nS);
  const freeCX = new Float64Array(nS);
  const peak = new Float64Array(nS);
  for (let k = 0; k < nK; k++) {
    const plan = plans[k];
    const segStart = plan.segmentStart;
    const segLength = plan.segmentLength;
    const offset = plan.groupOffset;
    let sumY = 0, compY = 0, sumW = 0, compW = 0;
    for (let s = 0; s < nS; s++) {
      const first = start[s];
      let x = growth[first];
      let sx = x;
      let scx = share[first] * x;
      let sy = output[first];
      let sw = 0;
      let mx = -Infinity;
      for (let g = offset[s], gEnd = offset[s + 1]; g < gEnd; g++) {
        for (let row = segStart[g], end = row + segLength[g]; row < end; row++) {
          x += growth[row];
          if (x < 0) x = 0;
          if (x > mx) mx = x;
          sx += x;
          scx += share[row] * x;
          sy += output[row];
          sw += gap[row];
        }
      }
      freeX[s] = sx;
      freeCX[s] = scx;
      peak[s] = mx;
      let t = sumY + sy;
      compY += Math.abs(sumY) >= Math.abs(sy) ? (sumY - t) + sy : (sy - t) + sumY;
      sumY = t;
      t = sumW + sw;
      compW += Math.abs(sumW) >= Math.abs(sw) ? (sumW - t) + sw : (sw - t) + sumW;
      sumW = t;
    }
    out.outputTokens[k] = sumY + compY;
    out.workSeconds[k] = sumW + compW;
    for (let ti = 0; ti < nT; ti++) {
      const T = triggers[ti];
      let accX = 0, cmpX = 0, accCX = 0, cmpCX = 0;
      let nc = 0, accC = 0, cmpC = 0, accG = 0, cmpG = 0;
      for (let s = 0; s < nS; s++) {
        let sx: number, scx: number;
        if (peak[s] < T) {
          sx = freeX[s];
          scx = freeCX[s];
        } else {
          const first = start[s];
          let x = growth[first];
          sx = x;
          scx = share[first] * x;
          let sC = 0, sG = 0;
          for (let g = offset[s], gEnd = offset[s + 1]; g < gEnd; g++) {
            for (let row = segStart[g], end = row + segLength[g]; row < end; row++) {
              x += growth[row];
              if (x < 0) x = 0;
              if (x >= T) {
                let G = g0 + g1 * x;
                if (G < 0) G = 0;
                nc++;
                sC += x;
                sG += G;
                x = postPrefix + G;
                if (x < 0) x = 0;
                sx += x;
                scx += cPost * x;
              } else {
                sx += x;
                scx += share[row] * x;
              }
            }
          }
          let u = accC + sC;
          cmpC += Math.abs(accC) >= Math.abs(sC) ? (accC - u) + sC : (sC - u) + accC;
          accC = u;
          u = accG + sG;
          cmpG += Math.abs(accG) >= Math.abs(sG) ? (accG - u) + sG : (sG - u) + accG;
          accG = u;
        }
        let u = accX + sx;
        cmpX += Math.abs(accX) >= Math.abs(sx) ? (accX - u) + sx : (sx - u) + accX;
        accX = u;
        u = accCX + scx;
        cmpCX += Math.abs(accCX) >= Math.abs(scx) ? (accCX - u) + scx : (scx - u) + accCX;
        accCX = u;
      }
      const cell = k * nT + ti;
      out.contextTokens[cell] = accX + cmpX;
      out.cachedTokens[cell] = accCX + cmpCX;
      out.compactions[cell] = nc;
      out.compactionInputTokens[cell] = accC + cmpC;
      out.summaryTokens[cell] = accG + cmpG;
    }
    options.onProgress?.(k + 1, nK);
  }
  return out;
}
