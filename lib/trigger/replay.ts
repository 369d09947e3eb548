/**
 * Replay of workloads at triggers, keeping token sums so prices and v can change afterwards
 * (docs/method.md, Replay).
 *
 * @module
 */
import type { BlockPlan } from "../stats/block_resample.ts";
import type { StepColumns } from "./steps.ts";

/** What a compaction at input C does, as the replay needs it. */
export interface ReplayCompactionModel {
  /** G(C) = max(minSummaryTokens, g0 + g1·C): intercept, tokens. */
  g0: number;
  /** Slope, tokens per token. */
  g1: number;
  /** Floor of G(C), tokens (the smallest measured G where a line is used). @default {0} */
  minSummaryTokens?: number;
  /** P: context after a compaction is R(C) = P + G(C), tokens. */
  postPrefix: number;
  /** Cached share of the request right after a compaction. */
  cPost: number;
}

/**
 * The rework after each replayed compaction (docs/method.md, "Cost of forgetting: in the replay
 * and the closed form"): what the agent fetches again because the compaction made it forget.
 */
export interface ReplayRework {
  /**
   * ΔW(C) = max(0, w0 + w1·C): tokens fetched again, added to the context right after the
   * compaction and carried until the next one. Intercept w0, tokens.
   */
  tokensIntercept: number;
  /** Slope w1 of ΔW(C), tokens per token of C (0: a constant ΔW). @default {0} */
  tokensPerInputToken?: number;
  /**
   * ΔN: extra requests right after each compaction (may be fractional), each billed at the
   * post-compaction context R(C) + ΔW(C) with cached share c_post and output
   * `outputTokensPerRequest`.
   */
  requests: number;
  /** y of each extra request (the analysis takes the median output), tokens. */
  outputTokensPerRequest: number;
  /** Work seconds of each extra request (the analysis takes the mean per step), s. */
  workSecondsPerRequest: number;
}

/** What {@linkcode ReplaySums.rework} carries: the rework replayed and its requests per cell. */
export interface ReworkSums extends Required<ReplayRework> {
  /** Per cell: Σ ΔN over the cell's compactions, requests. */
  extraRequests: Float64Array;
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
  /**
   * The same sums over only the requests and compactions whose input exceeds each price-tier
   * threshold, so tiered prices re-price without a replay; absent when the replay was given no
   * threshold.
   */
  tiers?: TierSums;
  /**
   * Present on the sums of a replay with rework (`withRework`): the rework and its extra
   * requests per cell. Their context and cached tokens are in `contextTokens` and `cachedTokens`
   * (and the tier sums); their output and work seconds are priced from `extraRequests`.
   */
  rework?: ReworkSums;
  /**
   * The same replay with rework after every compaction, from the same run (same workloads,
   * same triggers; `outputTokens` and `workSeconds` are the same arrays); absent when the replay
   * was given no rework.
   */
  withRework?: ReplaySums;
}

/**
 * Replay sums above price-tier thresholds. Per-threshold arrays are indexed
 * `j · cells + k · triggers + t` (cells = workloads × triggers): threshold j's sums over the
 * ordinary requests billed at x > θ_j and the compactions with C > θ_j.
 */
export interface TierSums {
  /** Thresholds θ_j, tokens, strictly ascending. */
  thresholds: Float64Array;
  /** Σ x over ordinary requests with x > θ_j, tokens. */
  contextTokens: Float64Array;
  /** Σ c·x over them, tokens. */
  cachedTokens: Float64Array;
  /** Σ y over them, tokens. */
  outputTokens: Float64Array;
  /** Σ C over compactions with C > θ_j, tokens. */
  compactionInputTokens: Float64Array;
  /** Σ G over them, tokens. */
  summaryTokens: Float64Array;
}

/**
 * Zeroed replay sums for `workloads` workloads at `triggers`.
 *
 * @param workloads Number of workloads.
 * @param triggers The triggers, tokens (kept as given).
 * @param tierThresholds Price-tier thresholds, tokens, ascending; none or empty: no tier sums.
 * @returns Sums with every cell 0.
 *
 * @example
 * ```ts
 * import { emptyReplaySums } from "./replay.ts";
 * import assert from "node:assert/strict";
 * const sums = emptyReplaySums(2, Float64Array.of(1e5, 2e5));
 * assert.equal(sums.contextTokens.length, 4);
 * assert.equal(sums.workSeconds.length, 2);
 * ```
 */
export function emptyReplaySums(
  workloads: number,
  triggers: Float64Array,
  tierThresholds?: Float64Array,
  rework?: ReplayRework,
): ReplaySums {
  const cells = workloads * triggers.length;
  const sums: ReplaySums = {
    workloads,
    triggers,
    contextTokens: new Float64Array(cells),
    cachedTokens: new Float64Array(cells),
    compactions: new Float64Array(cells),
    compactionInputTokens: new Float64Array(cells),
    summaryTokens: new Float64Array(cells),
    outputTokens: new Float64Array(workloads),
    workSeconds: new Float64Array(workloads),
  };
  if (tierThresholds !== undefined && tierThresholds.length > 0) {
    const n = tierThresholds.length * cells;
    sums.tiers = {
      thresholds: tierThresholds,
      contextTokens: new Float64Array(n),
      cachedTokens: new Float64Array(n),
      outputTokens: new Float64Array(n),
      compactionInputTokens: new Float64Array(n),
      summaryTokens: new Float64Array(n),
    };
  }
  if (rework !== undefined) {
    const other = emptyReplaySums(workloads, triggers, tierThresholds);
    other.outputTokens = sums.outputTokens;
    other.workSeconds = sums.workSeconds;
    other.rework = { ...checkReplayRework(rework), extraRequests: new Float64Array(cells) };
    sums.withRework = other;
  }
  return sums;
}

/**
 * The rework with its optional slope filled in, checked.
 *
 * @param rework The rework.
 * @returns A copy with `tokensPerInputToken` set (0 when absent).
 * @throws {RangeError} When a number is not finite, or ΔN, y or the work seconds are negative.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkReplayRework } from "./replay.ts";
 * const r = checkReplayRework({
 *   tokensIntercept: 9000, requests: 3, outputTokensPerRequest: 400, workSecondsPerRequest: 20,
 * });
 * assert.equal(r.tokensPerInputToken, 0);
 * ```
 */
export function checkReplayRework(rework: ReplayRework): Required<ReplayRework> {
  const r = { tokensPerInputToken: 0, ...rework };
  for (
    const [name, value, min] of [
      ["tokensIntercept", r.tokensIntercept, -Infinity],
      ["tokensPerInputToken", r.tokensPerInputToken, -Infinity],
      ["requests", r.requests, 0],
      ["outputTokensPerRequest", r.outputTokensPerRequest, 0],
      ["workSecondsPerRequest", r.workSecondsPerRequest, 0],
    ] as const
  ) {
    if (!(Number.isFinite(value) && value >= min)) {
      throw new RangeError(
        `Cannot replay with rework: ${name} must be a finite number${
          min === 0 ? " >= 0" : ""
        }, got ${value}`,
      );
    }
  }
  return {
    tokensIntercept: r.tokensIntercept,
    tokensPerInputToken: r.tokensPerInputToken,
    requests: r.requests,
    outputTokensPerRequest: r.outputTokensPerRequest,
    workSecondsPerRequest: r.workSecondsPerRequest,
  };
}

/** Options of {@linkcode replayWorkloads}. */
export interface ReplayOptions {
  /** Triggers T, tokens, any order. */
  triggers: ArrayLike<number>;
  /** The compaction model. */
  model: ReplayCompactionModel;
  /**
   * Price-tier thresholds θ_j, tokens, strictly ascending: the sums are also kept over the
   * requests and compactions whose input exceeds each (see {@linkcode TierSums}).
   * @default {[]} (a flat price: no tier sums, and no extra work)
   */
  tierThresholds?: ArrayLike<number>;
  /**
   * Rework after every compaction: when given, the sums with it are kept beside those without
   * (`withRework`), from the same run. @default {undefined} (no rework: the published replay)
   */
  rework?: ReplayRework;
  /**
   * With a rework: false replays only the sums with it and returns them as the sums (their
   * `rework` set, no `withRework`), for a caller that needs no curve without rework (the
   * session bootstrap). @default {true}
   */
  keepWithoutRework?: boolean;
  /** Called after each workload with (done, total). */
  onProgress?: (done: number, total: number) => void;
}

// Positions per chunk of the scan for the next compaction.
const CHUNK_BITS = 5;
const CHUNK = 1 << CHUNK_BITS;
const CHUNK_MASK = CHUNK - 1;

/**
 * Replays every workload at every trigger. Per session: x = x₀, request 0 billed with
 * (x₀, c₀, y₀); then for each step in the workload's order x = max(0, x + d); when x ≥ T a
 * compaction happens (C = x, G = G(C), x = R(C) = P + G, and this request's cached share is
 * c_post), at most one per request; the request is billed with (x, c, y).
 *
 * How it is fast: between two compactions the context is x_m = base + D_m, with D the
 * cumulative growth along the workload's order, so the sums Σx and Σc·x over a whole
 * compaction cycle come from prefix sums of D, c and c·D, and the next compaction is the first
 * m with D_m ≥ T − base, found by scanning D with whole chunks of 32 positions skipped by their
 * maximum. A cycle in which x would go below 0 (where the floor max(0, ·) matters; chunk minima
 * tell) is walked step by step instead. Per workload this costs O(steps) to build the prefix
 * sums (one reused scratch buffer, O(steps), whatever the number of workloads) and
 * O(32 + cycle length / 32) per replayed compaction, instead of O(steps) per trigger. Sums are compensated (Neumaier) across
 * sessions; within a cycle they are exact differences of prefix sums.
 *
 * @param steps Step columns.
 * @param plans Workload plans (e.g. from {@linkcode drawWorkloads}); every plan must cover
 * each session's steps once in length (all four resampling methods do).
 * @param options Triggers and compaction model.
 * @returns The token sums.
 * @throws {RangeError} When a trigger is not a positive finite number.
 * @throws {TypeError} When a plan's length for a session differs from the session's steps.
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
  const thresholds = Float64Array.from(options.tierThresholds ?? []);
  for (let j = 0; j < thresholds.length; j++) {
    if (!(Number.isFinite(thresholds[j]) && thresholds[j] > (j > 0 ? thresholds[j - 1] : 0))) {
      throw new RangeError(
        `Cannot replay: tier thresholds must be positive token counts in ascending order, got ` +
          `${Array.from(thresholds).join(", ")}`,
      );
    }
  }
  const { g0, g1, postPrefix, cPost } = options.model;
  const gMin = Math.max(0, options.model.minSummaryTokens ?? 0);
  const nK = plans.length;
  const nT = triggers.length;
  const nS = steps.sessions;
  const nTh = thresholds.length;
  const both = emptyReplaySums(nK, triggers, thresholds, options.rework);
  // The variants replayed: without rework (it adds 0 tokens and bills 1 request per compaction,
  // so its sums are the published replay's), and with it when a rework is given; with
  // `keepWithoutRework: false` only the latter, returned as the sums themselves.
  const only = options.rework !== undefined && options.keepWithoutRework === false;
  const out = only ? both.withRework! : both;
  const variants = only ? [out] : both.withRework === undefined ? [out] : [out, both.withRework];
  const rw = both.withRework?.rework;
  const cells = nK * nT;
  const growth = steps.growth;
  const share = steps.cachedShare;
  const output = steps.output;
  const gap = steps.gapSeconds;
  const start = steps.start;
  // Positions: session s's steps occupy positions first[s] … first[s + 1] − 1 in every workload.
  const first = new Uint32Array(nS + 1);
  for (let s = 0; s < nS; s++) first[s + 1] = first[s] + steps.count[s] - 1;
  const n = first[nS];
  const nChunks = (n >>> CHUNK_BITS) + 1;
  // Scratch, reused by every workload: O(steps), independent of the workload count.
  const shareAt = new Float64Array(n); // c in workload order
  const cum = new Float64Array(n); // D_m: growth summed from the session start through m
  const sumD = new Float64Array(n); // Σ D within the session through m
  const sumC = new Float64Array(n); // Σ c
  const sumCD = new Float64Array(n); // Σ c·D
  const chunkMax = new Float64Array(nChunks); // max D over positions [j·32, j·32 + 32)
  const chunkMin = new Float64Array(nChunks);
  const row = new Uint32Array(n);
  // Per session, the path without any compaction (with the floor): Σx, Σc·x and its peak.
  const freeX = new Float64Array(nS);
  const freeCX = new Float64Array(nS);
  const peak = new Float64Array(nS);
  // Per session, 1 when a step of it shrinks the context (growth < 0): D is then not monotone,
  // and its cycles are scanned instead of searched (after a compaction x ≥ 0, so with D
  // non-decreasing the floor at 0 cannot matter).
  const shrinks = new Uint8Array(nS);
  // Sessions by ascending peak, and compensated prefix sums of their free paths: the sessions
  // that never reach T are added in O(log sessions) per trigger.
  const byPeak = new Uint32Array(nS);
  const sortedPeak = new Float64Array(nS);
  const prefixX = new Float64Array(nS + 1);
  const prefixCX = new Float64Array(nS + 1);
  // Tiers only (empty without a threshold): y in workload order and its prefix sums; per
  // session and threshold the free path's sums above θ_j (x, c·x, y), and their prefix sums
  // by ascending peak; per cell and threshold the accumulated sums above θ_j.
  const tn = nTh > 0 ? n : 0;
  const outAt = new Float64Array(tn);
  const prefY = new Float64Array(tn);
  const freeAX = new Float64Array(nTh * nS);
  const freeACX = new Float64Array(nTh * nS);
  const freeAY = new Float64Array(nTh * nS);
  const prefixAX = new Float64Array(nTh * (nS + 1));
  const prefixACX = new Float64Array(nTh * (nS + 1));
  const prefixAY = new Float64Array(nTh * (nS + 1));
  const aX = new Float64Array(nTh), aCX = new Float64Array(nTh), aY = new Float64Array(nTh);
  const aC = new Float64Array(nTh), aG = new Float64Array(nTh);
  // What _addAbove reads and adds to (an object, so the hot loop's own locals stay
  // uncaptured by any closure).
  const above: _Above = {
    thresholds,
    cum,
    sumD,
    sumC,
    sumCD,
    prefY,
    chunkMin,
    chunkMax,
    aX,
    aCX,
    aY,
  };

  // What _fillWorkload reads and fills (a function of its own for the same reason).
  const fill: _WorkloadScratch = {
    sessionSums: new Float64Array(2),
    byPeak,
    chunkMax,
    chunkMin,
    cum,
    first,
    freeACX,
    freeAX,
    freeAY,
    freeCX,
    freeX,
    gap,
    growth,
    n,
    nChunks,
    nS,
    nTh,
    outAt,
    output,
    peak,
    prefY,
    prefixACX,
    prefixAX,
    prefixAY,
    prefixCX,
    prefixX,
    row,
    share,
    shareAt,
    shrinks,
    sortedPeak,
    start,
    sumC,
    sumCD,
    sumD,
    thresholds,
  };
  // What _replayTrigger reads (one object, so the hot loop is a function of its own: V8
  // optimizes a function called thousands of times, where one long loop only gets on-stack
  // replacement code that deoptimizes each time the loop it entered exits).
  const trig: _TriggerScratch = {
    aX,
    aCX,
    aY,
    aC,
    aG,
    above,
    byPeak,
    cPost,
    chunkMax,
    chunkMin,
    cum,
    first,
    g0,
    g1,
    gMin,
    growth,
    nS,
    nTh,
    outAt,
    output,
    postPrefix,
    prefixACX,
    prefixAX,
    prefixAY,
    prefixCX,
    prefixX,
    row,
    share,
    shareAt,
    shrinks,
    sortedPeak,
    start,
    sumC,
    sumCD,
    sumD,
    thresholds,
  };
  const res = new Float64Array(5);

  for (let k = 0; k < nK; k++) {
    const plan = plans[k];
    _fillWorkload(fill, plan, k, out);

    for (let v = 0; v < variants.length; v++) {
      const into = variants[v];
      const variant = into.rework === undefined ? 0 : 1;
      const w0 = variant === 0 ? 0 : rw!.tokensIntercept;
      const w1 = variant === 0 ? 0 : rw!.tokensPerInputToken;
      const extra = variant === 0 ? 0 : rw!.requests;
      const bills = 1 + extra; // the request after a compaction and its ΔN extra requests
      const extraY = variant === 0 ? 0 : extra * rw!.outputTokensPerRequest;
      for (let ti = 0; ti < nT; ti++) {
        const T = triggers[ti];
        _replayTrigger(trig, T, variant, w0, w1, bills, extraY, res);
        const accX = res[0], accCX = res[1], nc = res[2], accC = res[3], accG = res[4];
        const cell = k * nT + ti;
        into.contextTokens[cell] = accX;
        into.cachedTokens[cell] = accCX;
        into.compactions[cell] = nc;
        into.compactionInputTokens[cell] = accC;
        into.summaryTokens[cell] = accG;
        if (variant !== 0) into.rework!.extraRequests[cell] = extra * nc;
        const tiers = into.tiers;
        for (let j = 0; j < nTh; j++) {
          const at = j * cells + cell;
          tiers!.contextTokens[at] = aX[j];
          tiers!.cachedTokens[at] = aCX[j];
          tiers!.outputTokens[at] = aY[j];
          tiers!.compactionInputTokens[at] = aC[j];
          tiers!.summaryTokens[at] = aG[j];
        }
      }
    }
    options.onProgress?.(k + 1, nK);
  }
  return out;
}

/** The columns and scratch {@linkcode _fillWorkload} reads and fills (see replayWorkloads). */
interface _WorkloadScratch {
  /** A session's output tokens and work seconds, as _fillSession leaves them. */
  sessionSums: Float64Array;
  byPeak: Uint32Array;
  chunkMax: Float64Array;
  chunkMin: Float64Array;
  cum: Float64Array;
  first: Uint32Array;
  freeACX: Float64Array;
  freeAX: Float64Array;
  freeAY: Float64Array;
  freeCX: Float64Array;
  freeX: Float64Array;
  gap: Float64Array;
  growth: Float64Array;
  n: number;
  nChunks: number;
  nS: number;
  nTh: number;
  outAt: Float64Array;
  output: Float64Array;
  peak: Float64Array;
  prefY: Float64Array;
  prefixACX: Float64Array;
  prefixAX: Float64Array;
  prefixAY: Float64Array;
  prefixCX: Float64Array;
  prefixX: Float64Array;
  row: Uint32Array;
  share: Float64Array;
  shareAt: Float64Array;
  shrinks: Uint8Array;
  sortedPeak: Float64Array;
  start: Uint32Array;
  sumC: Float64Array;
  sumCD: Float64Array;
  sumD: Float64Array;
  thresholds: Float64Array;
}

/**
 * Fills the scratch columns of replayWorkloads for workload k (its steps in plan order, their
 * prefix sums, each session's free path, the sessions by peak and the chunk extremes of D),
 * and writes the workload's output tokens and work seconds into `out`.
 */
function _fillWorkload(f: _WorkloadScratch, plan: BlockPlan, k: number, out: ReplaySums): void {
  const {
    byPeak,
    chunkMax,
    chunkMin,
    cum,
    freeACX,
    freeAX,
    freeAY,
    freeCX,
    freeX,
    n,
    nChunks,
    nS,
    nTh,
    peak,
    prefixACX,
    prefixAX,
    prefixAY,
    prefixCX,
    prefixX,
    sortedPeak,
  } = f;
  const segStart = plan.segmentStart;
  const segLength = plan.segmentLength;
  const offset = plan.groupOffset;
  let sumY = 0, compY = 0, sumW = 0, compW = 0;
  const sums = f.sessionSums;
  for (let s = 0; s < nS; s++) {
    _fillSession(f, segStart, segLength, offset, s, k);
    const sy = sums[0], sw = sums[1];
    let t = sumY + sy;
    compY += Math.abs(sumY) >= Math.abs(sy) ? (sumY - t) + sy : (sy - t) + sumY;
    sumY = t;
    t = sumW + sw;
    compW += Math.abs(sumW) >= Math.abs(sw) ? (sumW - t) + sw : (sw - t) + sumW;
    sumW = t;
  }
  out.outputTokens[k] = sumY + compY;
  out.workSeconds[k] = sumW + compW;
  for (let s = 0; s < nS; s++) byPeak[s] = s;
  byPeak.sort((p, q) => peak[p] - peak[q] || p - q);
  {
    let ax = 0, cx = 0, acx = 0, ccx = 0;
    for (let j = 0; j < nS; j++) {
      const s = byPeak[j];
      sortedPeak[j] = peak[s];
      const vx = freeX[s];
      let u = ax + vx;
      cx += Math.abs(ax) >= Math.abs(vx) ? (ax - u) + vx : (vx - u) + ax;
      ax = u;
      const vcx = freeCX[s];
      u = acx + vcx;
      ccx += Math.abs(acx) >= Math.abs(vcx) ? (acx - u) + vcx : (vcx - u) + acx;
      acx = u;
      prefixX[j + 1] = ax + cx;
      prefixCX[j + 1] = acx + ccx;
    }
    for (let t = 0; t < nTh; t++) {
      const at = t * (nS + 1);
      for (let j = 0; j < nS; j++) {
        const s = byPeak[j];
        prefixAX[at + j + 1] = prefixAX[at + j] + freeAX[t * nS + s];
        prefixACX[at + j + 1] = prefixACX[at + j] + freeACX[t * nS + s];
        prefixAY[at + j + 1] = prefixAY[at + j] + freeAY[t * nS + s];
      }
    }
  }
  // Chunk maxima and minima of D (chunks may straddle sessions; scans check bounds).
  for (let j = 0; j < nChunks; j++) {
    let mx = -Infinity, mn = Infinity;
    for (let m = j << CHUNK_BITS, end = Math.min(n, m + CHUNK); m < end; m++) {
      const v = cum[m];
      if (v > mx) mx = v;
      if (v < mn) mn = v;
    }
    chunkMax[j] = mx;
    chunkMin[j] = mn;
  }
}

/**
 * Fills session s's share of the scratch columns of workload k (see {@linkcode _fillWorkload}),
 * and its output tokens and work seconds into `f.sessionSums`. A function of its own so that
 * its loop is optimized as a whole function, called once per session.
 */
function _fillSession(
  f: _WorkloadScratch,
  segStart: Uint32Array,
  segLength: Uint32Array,
  offset: Uint32Array,
  s: number,
  k: number,
): void {
  const {
    cum,
    first,
    freeACX,
    freeAX,
    freeAY,
    freeCX,
    freeX,
    gap,
    growth,
    nS,
    nTh,
    outAt,
    output,
    peak,
    prefY,
    row,
    share,
    shareAt,
    shrinks,
    start,
    sumC,
    sumCD,
    sumD,
    thresholds,
  } = f;
  let pos = first[s];
  let d = 0, sd = 0, sc = 0, scd = 0, sy = output[start[s]], sw = 0, syw = 0;
  let x = growth[start[s]], fx = x, fcx = share[start[s]] * x, mx = -Infinity;
  // (A negative first context counts too: the floor could then matter from the start.)
  let shrink = x < 0 ? 1 : 0;
  for (let j = 0; j < nTh; j++) {
    const above = x > thresholds[j];
    freeAX[j * nS + s] = above ? x : 0;
    freeACX[j * nS + s] = above ? share[start[s]] * x : 0;
    freeAY[j * nS + s] = above ? output[start[s]] : 0;
  }
  for (let g = offset[s], gEnd = offset[s + 1]; g < gEnd; g++) {
    for (let r = segStart[g], end = r + segLength[g]; r < end; r++) {
      const c = share[r];
      const dr = growth[r];
      if (dr < 0) shrink = 1;
      x += dr;
      if (x < 0) x = 0;
      if (x > mx) mx = x;
      fx += x;
      fcx += c * x;
      d += dr;
      sd += d;
      sc += c;
      scd += c * d;
      sy += output[r];
      sw += gap[r];
      row[pos] = r;
      shareAt[pos] = c;
      cum[pos] = d;
      sumD[pos] = sd;
      sumC[pos] = sc;
      sumCD[pos] = scd;
      if (nTh > 0) {
        const y = output[r];
        syw += y;
        outAt[pos] = y;
        prefY[pos] = syw;
        for (let j = 0; j < nTh && x > thresholds[j]; j++) {
          freeAX[j * nS + s] += x;
          freeACX[j * nS + s] += c * x;
          freeAY[j * nS + s] += y;
        }
      }
      pos++;
    }
  }
  if (pos !== first[s + 1]) {
    throw new TypeError(
      `Cannot replay: workload ${k} has ${pos - first[s]} steps for session ${s}, ` +
        `expected ${first[s + 1] - first[s]}`,
    );
  }
  freeX[s] = fx;
  freeCX[s] = fcx;
  peak[s] = mx;
  shrinks[s] = shrink;
  f.sessionSums[0] = sy;
  f.sessionSums[1] = sw;
}

/** The columns and scratch {@linkcode _replayTrigger} reads (see replayWorkloads). */
interface _TriggerScratch {
  aX: Float64Array;
  aCX: Float64Array;
  aY: Float64Array;
  aC: Float64Array;
  aG: Float64Array;
  above: _Above;
  byPeak: Uint32Array;
  cPost: number;
  chunkMax: Float64Array;
  chunkMin: Float64Array;
  cum: Float64Array;
  first: Uint32Array;
  g0: number;
  g1: number;
  gMin: number;
  growth: Float64Array;
  nS: number;
  nTh: number;
  outAt: Float64Array;
  output: Float64Array;
  postPrefix: number;
  prefixACX: Float64Array;
  prefixAX: Float64Array;
  prefixAY: Float64Array;
  prefixCX: Float64Array;
  prefixX: Float64Array;
  row: Uint32Array;
  share: Float64Array;
  shareAt: Float64Array;
  shrinks: Uint8Array;
  sortedPeak: Float64Array;
  start: Uint32Array;
  sumC: Float64Array;
  sumCD: Float64Array;
  sumD: Float64Array;
  thresholds: Float64Array;
}

/**
 * Replays one workload (its scratch columns filled) at trigger T, in one variant (0: without
 * rework; 1: with ΔW = w0 + w1·C re-read tokens, and `bills` requests billed after each
 * compaction carrying `extraY` extra output tokens). Writes Σx, Σc·x, compactions, ΣC and ΣG
 * (compensated across sessions) into `res`, and the tier sums into the scratch's aX … aG.
 */
function _replayTrigger(
  c: _TriggerScratch,
  T: number,
  variant: number,
  w0: number,
  w1: number,
  bills: number,
  extraY: number,
  res: Float64Array,
): void {
  const {
    aX,
    aCX,
    aY,
    aC,
    aG,
    above,
    byPeak,
    cPost,
    chunkMax,
    chunkMin,
    cum,
    first,
    g0,
    g1,
    gMin,
    growth,
    nS,
    nTh,
    outAt,
    output,
    postPrefix,
    prefixACX,
    prefixAX,
    prefixAY,
    prefixCX,
    prefixX,
    row,
    share,
    shareAt,
    shrinks,
    sortedPeak,
    start,
    sumC,
    sumCD,
    sumD,
    thresholds,
  } = c;
  // Sessions byPeak[0 … free − 1] never reach T.
  let lowJ = 0, highJ = nS;
  while (lowJ < highJ) {
    const mid = (lowJ + highJ) >>> 1;
    if (sortedPeak[mid] < T) lowJ = mid + 1;
    else highJ = mid;
  }
  const free = lowJ;
  let accX = prefixX[free], cmpX = 0, accCX = prefixCX[free], cmpCX = 0;
  let nc = 0, accC = 0, cmpC = 0, accG = 0, cmpG = 0;
  for (let j = 0; j < nTh; j++) {
    const at = j * (nS + 1) + free;
    aX[j] = prefixAX[at];
    aCX[j] = prefixACX[at];
    aY[j] = prefixAY[at];
    aC[j] = aG[j] = 0;
  }
  for (let j = free; j < nS; j++) {
    const s = byPeak[j];
    const x0 = growth[start[s]];
    let sx = x0;
    let scx = share[start[s]] * x0;
    for (let t = 0; t < nTh && x0 > thresholds[t]; t++) {
      aX[t] += x0;
      aCX[t] += share[start[s]] * x0;
      aY[t] += output[start[s]];
    }
    let sC = 0, sG = 0;
    const lo = first[s];
    const monotone = shrinks[s] === 0;
    const hi = first[s + 1];
    let i = lo; // next step position
    let x = x0; // context before step i
    while (i < hi) {
      const dPrev = i > lo ? cum[i - 1] : 0;
      const base = x - dPrev; // x_m = base + D_m while no compaction and no floor
      // First position a in [i, hi) with D_a ≥ T − base (hi: none), and min D on [i, a).
      const need = T - base;
      let a = i;
      let low = Infinity;
      // D never falls in this session: the first crossing is found by a galloping search,
      // and the floor never matters (D_m ≥ D_{i−1} ≥ −base on the whole cycle).
      if (monotone) a = _firstAtLeast(cum, i, hi, need);
      else {
        for (;;) {
          if (a >= hi) break;
          if (
            (a & CHUNK_MASK) === 0 && a + CHUNK <= hi && chunkMax[a >>> CHUNK_BITS] < need
          ) {
            const mn = chunkMin[a >>> CHUNK_BITS];
            if (mn < low) low = mn;
            a += CHUNK;
            continue;
          }
          const v = cum[a];
          if (v >= need) break;
          if (v < low) low = v;
          a++;
        }
      }
      // The floor at 0 matters on [i, a) only if min D there < −base.
      const floored = low < -base;
      if (floored) {
        // Walk step by step until the next compaction or the session's end.
        let m = i;
        for (; m < hi; m++) {
          x += growth[row[m]];
          if (x < 0) x = 0;
          if (x >= T) break;
          sx += x;
          scx += shareAt[m] * x;
          for (let t = 0; t < nTh && x > thresholds[t]; t++) {
            aX[t] += x;
            aCX[t] += shareAt[m] * x;
            aY[t] += outAt[m];
          }
        }
        if (m === hi) break;
        a = m;
      } else if (a > i) {
        const last = a - 1;
        const cnt = a - i;
        const dBefore = i > lo ? sumD[i - 1] : 0;
        const cBefore = i > lo ? sumC[i - 1] : 0;
        const cdBefore = i > lo ? sumCD[i - 1] : 0;
        sx += cnt * base + (sumD[last] - dBefore);
        scx += base * (sumC[last] - cBefore) + (sumCD[last] - cdBefore);
        x = base + cum[last];
        if (nTh > 0) {
          if (monotone) _addAboveMonotone(above, i, a, lo, base, T);
          else _addAbove(above, i, a, lo, base, T);
        }
      }
      if (a >= hi) break;
      // Compaction before the request at position a.
      if (!floored) x = base + cum[a];
      let G = g0 + g1 * x;
      if (G < gMin) G = gMin;
      nc++;
      sC += x;
      sG += G;
      for (let t = 0; t < nTh && x > thresholds[t]; t++) {
        aC[t] += x;
        aG[t] += G;
      }
      const inputC = x;
      x = postPrefix + G;
      if (variant !== 0) {
        // ΔW(C) re-read tokens join the context; ΔN extra requests are billed at it.
        let w = w0 + w1 * inputC;
        if (w < 0) w = 0;
        x += w;
      }
      if (x < 0) x = 0;
      sx += bills * x;
      scx += bills * (cPost * x);
      for (let t = 0; t < nTh && x > thresholds[t]; t++) {
        aX[t] += bills * x;
        aCX[t] += bills * (cPost * x);
        aY[t] += outAt[a] + extraY;
      }
      i = a + 1;
    }
    let u = accX + sx;
    cmpX += Math.abs(accX) >= Math.abs(sx) ? (accX - u) + sx : (sx - u) + accX;
    accX = u;
    u = accCX + scx;
    cmpCX += Math.abs(accCX) >= Math.abs(scx) ? (accCX - u) + scx : (scx - u) + accCX;
    accCX = u;
    u = accC + sC;
    cmpC += Math.abs(accC) >= Math.abs(sC) ? (accC - u) + sC : (sC - u) + accC;
    accC = u;
    u = accG + sG;
    cmpG += Math.abs(accG) >= Math.abs(sG) ? (accG - u) + sG : (sG - u) + accG;
    accG = u;
  }
  res[0] = accX + cmpX;
  res[1] = accCX + cmpCX;
  res[2] = nc;
  res[3] = accC + cmpC;
  res[4] = accG + cmpG;
}

/** The scratch arrays {@linkcode _addAbove} reads (see replayWorkloads) and its accumulators. */
interface _Above {
  thresholds: Float64Array;
  cum: Float64Array;
  sumD: Float64Array;
  sumC: Float64Array;
  sumCD: Float64Array;
  prefY: Float64Array;
  chunkMin: Float64Array;
  chunkMax: Float64Array;
  aX: Float64Array;
  aCX: Float64Array;
  aY: Float64Array;
}

/**
 * Adds the requests at positions [p, end) of a cycle (context base + D_m, no floor) above each
 * threshold θ_j below T to aX, aCX, aY: runs of positions above θ_j (whole chunks taken at once
 * by their minimum and maximum) are added from the prefix sums, one difference per run.
 */
function _addAbove(
  s: _Above,
  p: number,
  end: number,
  lo: number,
  base: number,
  T: number,
): void {
  const { thresholds, cum, chunkMin, chunkMax } = s;
  for (let j = 0; j < thresholds.length && thresholds[j] < T; j++) {
    const q = thresholds[j] - base;
    let m = p;
    let run = -1; // start of the current run above θ_j, or −1
    while (m < end) {
      if ((m & CHUNK_MASK) === 0 && m + CHUNK <= end) {
        const ch = m >>> CHUNK_BITS;
        if (chunkMin[ch] > q) {
          if (run < 0) run = m;
          m += CHUNK;
          continue;
        }
        if (chunkMax[ch] <= q) {
          if (run >= 0) _addRun(s, j, run, m, lo, base);
          run = -1;
          m += CHUNK;
          continue;
        }
      }
      if (cum[m] > q) {
        if (run < 0) run = m;
      } else if (run >= 0) {
        _addRun(s, j, run, m, lo, base);
        run = -1;
      }
      m++;
    }
    if (run >= 0) _addRun(s, j, run, end, lo, base);
  }
}

/**
 * The first position m in [from, to) with cum[m] ≥ need, `to` when none, for cum
 * non-decreasing on [from, to): gallops (1, 2, 4, … positions ahead), then bisects the last gap,
 * O(log of the distance) instead of a scan.
 */
function _firstAtLeast(cum: Float64Array, from: number, to: number, need: number): number {
  if (from >= to || cum[from] >= need) return from;
  let below = from; // cum[below] < need
  let step = 1;
  let probe = from + 1;
  while (probe < to && cum[probe] < need) {
    below = probe;
    step += step;
    probe = from + step;
  }
  let low = below + 1;
  let high = probe < to ? probe : to; // cum[high] ≥ need, or high = to
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (cum[mid] >= need) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** As {@linkcode _firstAtLeast} for cum[m] > above (strictly). */
function _firstAbove(cum: Float64Array, from: number, to: number, above: number): number {
  if (from >= to || cum[from] > above) return from;
  let below = from;
  let step = 1;
  let probe = from + 1;
  while (probe < to && cum[probe] <= above) {
    below = probe;
    step += step;
    probe = from + step;
  }
  let low = below + 1;
  let high = probe < to ? probe : to;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (cum[mid] > above) high = mid;
    else low = mid + 1;
  }
  return low;
}

/**
 * {@linkcode _addAbove} for a session whose D never falls: the positions above θ_j are one
 * suffix of the cycle, found by search and added as one run (the same run, so the same sums).
 */
function _addAboveMonotone(
  s: _Above,
  p: number,
  end: number,
  lo: number,
  base: number,
  T: number,
): void {
  const { thresholds, cum } = s;
  for (let j = 0; j < thresholds.length && thresholds[j] < T; j++) {
    const from = _firstAbove(cum, p, end, thresholds[j] - base);
    if (from < end) _addRun(s, j, from, end, lo, base);
  }
}

/** Adds positions [from, to) of one session (first position lo) at context base + D_m. */
function _addRun(s: _Above, j: number, from: number, to: number, lo: number, base: number) {
  const before = from > lo ? from - 1 : -1;
  const last = to - 1;
  const dS = s.sumD[last] - (before >= 0 ? s.sumD[before] : 0);
  const cS = s.sumC[last] - (before >= 0 ? s.sumC[before] : 0);
  const cdS = s.sumCD[last] - (before >= 0 ? s.sumCD[before] : 0);
  s.aX[j] += (to - from) * base + dS;
  s.aCX[j] += base * cS + cdS;
  s.aY[j] += s.prefY[last] - (before >= 0 ? s.prefY[before] : 0);
}
