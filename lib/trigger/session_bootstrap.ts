/**
 * The cheapest trigger's uncertainty from the sessions a user happens to have (docs/method.md,
 * Session-level bootstrap): draw sessions with replacement within each kind, reshuffle blocks
 * inside every drawn session as the workloads do, replay, and take each draw's cheapest trigger.
 *
 * The block reshuffle alone (workloads.ts) keeps every session, and with `permute` every
 * session's total growth, so its argmin spread only says how much the order of a session's steps
 * matters. Drawing the sessions too asks what another set of sessions like these would give.
 *
 * @module
 */
import { type BlockMethod, resampleBlocks } from "../stats/block_resample.ts";
import { Pcg32 } from "../stats/pcg32.ts";
import { quantileType7 } from "../stats/quantile.ts";
import { cellCostPerMillion, type PricingInputs } from "./price_curves.ts";
import { type ReplayCompactionModel, type ReplayRework, replayWorkloads } from "./replay.ts";
import type { StepColumns } from "./steps.ts";

/**
 * Draw b uses PCG32 stream `SESSION_BOOTSTRAP_STREAM + b` of the seed: far above the workload
 * streams 1 … K, so the draws never share a sequence with a workload.
 */
export const SESSION_BOOTSTRAP_STREAM = 2 ** 32;

/** Default number of session draws. */
export const DEFAULT_SESSION_DRAWS = 100;

/** Options of {@linkcode sessionBootstrapArgmin}. */
export interface SessionBootstrapOptions {
  /** Session kinds, one per step session (0 main, 1 sub-agent, 2 helper). */
  kinds: ArrayLike<number>;
  /** Triggers, tokens, ascending. */
  triggers: ArrayLike<number>;
  /** The compaction model of the replay. */
  model: ReplayCompactionModel;
  /** Price-tier thresholds, tokens. @default {[]} */
  tierThresholds?: ArrayLike<number>;
  /**
   * Rework after each compaction: each draw's cheapest trigger is then that of its cost with
   * rework (the curve the answer uses). @default {undefined} (none)
   */
  rework?: ReplayRework;
  /** Prices, β and D to price each draw with (a and v are not used). */
  inputs: PricingInputs;
  /** Draws. @default {100} */
  draws?: number;
  /** Seed. @default {1} */
  seed?: number;
  /** Block method inside each drawn session. @default {"permute"} */
  method?: BlockMethod;
  /** Steps per block. @default {8} */
  blockSize?: number;
}

/** The draws and the spread of their cheapest triggers. */
export interface SessionBootstrap {
  /** `"sessions-and-blocks"`: sessions drawn within kind, then blocks reshuffled in each. */
  method: "sessions-and-blocks";
  /** Draws made. */
  draws: number;
  /** Seed of the draws. */
  seed: number;
  /** Cheapest trigger of each draw, tokens (NaN when a draw's costs are all unknown). */
  argmins: Float64Array;
  /** Percentiles (type 7) of the finite argmins, tokens (NaN when none). */
  p10: number;
  p50: number;
  p90: number;
}

/**
 * The sessions of draw b: for each kind in the order main, sub-agent, helper, as many draws
 * with replacement from that kind's sessions as it has (`prng.nextBelow`), in draw order.
 * Exposed so the draws can be reproduced from the seed.
 *
 * @param kinds Kind of each session.
 * @param prng The draw's generator (`new Pcg32(seed, SESSION_BOOTSTRAP_STREAM + b)`).
 * @returns Indices of the drawn sessions.
 *
 * @example Within kind: a main session is only ever replaced by a main session
 * ```ts
 * import assert from "node:assert/strict";
 * import { Pcg32 } from "../stats/pcg32.ts";
 * import { drawSessions } from "./session_bootstrap.ts";
 *
 * const drawn = drawSessions([0, 1, 1, 1], new Pcg32(1, 2 ** 32 + 1));
 * assert.equal(drawn.length, 4);
 * assert.equal(drawn[0], 0);
 * assert.ok(drawn.slice(1).every((s) => s >= 1));
 * ```
 */
export function drawSessions(kinds: ArrayLike<number>, prng: Pcg32): number[] {
  const byKind = new Map<number, number[]>();
  for (let s = 0; s < kinds.length; s++) {
    const list = byKind.get(kinds[s]) ?? [];
    list.push(s);
    byKind.set(kinds[s], list);
  }
  const drawn: number[] = [];
  for (const kind of [...byKind.keys()].sort((a, b) => a - b)) {
    const members = byKind.get(kind)!;
    for (let i = 0; i < members.length; i++) drawn.push(members[prng.nextBelow(members.length)]);
  }
  return drawn;
}

/**
 * Runs the session-level bootstrap: per draw b = 1 … B, draw the sessions
 * ({@linkcode drawSessions}), reshuffle blocks inside each drawn session with the same
 * generator (`resampleBlocks`), replay that one workload at every trigger, price it and keep
 * its cheapest trigger (the first strict minimum). O(B × replay of one workload).
 *
 * @param steps Step columns of the corpus.
 * @param options Kinds, triggers, model, prices, draws, seed, block method and size.
 * @returns The argmin of each draw and their percentiles.
 * @throws {RangeError} When `draws` is not a positive integer, or the kinds do not match the
 * sessions.
 *
 * @example One session growing 30K a step: every draw is that session, argmin fixed
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_PRICES } from "./prices.ts";
 * import { sessionBootstrapArgmin } from "./session_bootstrap.ts";
 *
 * const steps = {
 *   length: 6, sessions: 1, start: Uint32Array.of(0), count: Uint32Array.of(6),
 *   growth: Float64Array.of(40000, 30000, 30000, 30000, 30000, 30000),
 *   cachedShare: new Float64Array(6).fill(0.9), output: new Float64Array(6).fill(100),
 *   gapSeconds: new Float64Array(6).fill(10), compacted: new Uint8Array(6),
 * };
 * const boot = sessionBootstrapArgmin(steps, {
 *   kinds: [0], triggers: [60000, 100000, 300000], draws: 3,
 *   model: { g0: 5000, g1: 0, postPrefix: 10000, cPost: 0.5 },
 *   inputs: { prices: DEFAULT_PRICES, beta: 0.9, a: 1e-4, v: 80, billedTokens: 1e6 },
 * });
 * assert.equal(boot.argmins.length, 3);
 * assert.equal(boot.p10, boot.p90); // one session: nothing to draw differently
 * ```
 */
export function sessionBootstrapArgmin(
  steps: StepColumns,
  options: SessionBootstrapOptions,
): SessionBootstrap {
  const draws = options.draws ?? DEFAULT_SESSION_DRAWS;
  const seed = options.seed ?? 1;
  if (!Number.isInteger(draws) || draws < 1) {
    throw new RangeError(`Cannot draw sessions: draws must be a positive integer, got ${draws}`);
  }
  if (options.kinds.length !== steps.sessions) {
    throw new RangeError(
      `Cannot draw sessions: ${options.kinds.length} kinds for ${steps.sessions} sessions`,
    );
  }
  return summarizeSessionBootstrap(sessionBootstrapDraws(steps, options, 1, draws + 1), seed);
}

/**
 * The cheapest trigger of draws `from` … `to − 1` (1-based) of {@linkcode sessionBootstrapArgmin}:
 * each draw depends only on its own number and the seed, so ranges of draws computed apart (on
 * other threads) and concatenated in order equal the draws computed at once.
 *
 * @param steps Step columns of the corpus.
 * @param options As {@linkcode sessionBootstrapArgmin} (`draws` is not read).
 * @param from First draw, 1-based.
 * @param to One past the last draw.
 * @returns The argmin of each draw, tokens (NaN when a draw's costs are all unknown).
 * @throws {RangeError} When the kinds do not match the sessions, or the range is not one of
 * positive integers.
 *
 * @example Draws 1–2 and 3 apart equal draws 1–3 at once
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_PRICES } from "./prices.ts";
 * import { sessionBootstrapDraws } from "./session_bootstrap.ts";
 *
 * const steps = {
 *   length: 8, sessions: 2, start: Uint32Array.of(0, 4), count: Uint32Array.of(4, 4),
 *   growth: Float64Array.of(40000, 30000, 50000, 10000, 20000, 60000, 30000, 40000),
 *   cachedShare: new Float64Array(8).fill(0.9), output: new Float64Array(8).fill(100),
 *   gapSeconds: new Float64Array(8).fill(10), compacted: new Uint8Array(8),
 * };
 * const options = {
 *   kinds: [0, 0], triggers: [60000, 100000, 300000],
 *   model: { g0: 5000, g1: 0, postPrefix: 10000, cPost: 0.5 },
 *   inputs: { prices: DEFAULT_PRICES, beta: 0.9, a: 1e-4, v: 80, billedTokens: 1e6 },
 *   blockSize: 1,
 * };
 * const all = sessionBootstrapDraws(steps, options, 1, 4);
 * const parts = [...sessionBootstrapDraws(steps, options, 1, 3),
 *   ...sessionBootstrapDraws(steps, options, 3, 4)];
 * assert.deepEqual([...all], parts);
 * ```
 */
export function sessionBootstrapDraws(
  steps: StepColumns,
  options: SessionBootstrapOptions,
  from: number,
  to: number,
): Float64Array {
  const seed = options.seed ?? 1;
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from) {
    throw new RangeError(`Cannot draw sessions: draws ${from} … ${to - 1} are not a range`);
  }
  if (options.kinds.length !== steps.sessions) {
    throw new RangeError(
      `Cannot draw sessions: ${options.kinds.length} kinds for ${steps.sessions} sessions`,
    );
  }
  const triggers = Float64Array.from(options.triggers);
  const nT = triggers.length;
  const argmins = new Float64Array(to - from);
  for (let b = from; b < to; b++) {
    const prng = new Pcg32(seed, SESSION_BOOTSTRAP_STREAM + b);
    const drawn = drawSessions(options.kinds, prng);
    const start = Uint32Array.from(drawn, (s) => steps.start[s]);
    const count = Uint32Array.from(drawn, (s) => steps.count[s]);
    // The drawn sessions are views of the same rows (a session drawn twice reads them twice).
    const view: StepColumns = { ...steps, sessions: drawn.length, start, count };
    const groups = {
      start: Uint32Array.from(start, (s) => s + 1),
      length: Uint32Array.from(count, (c) => c - 1),
    };
    const plan = resampleBlocks(groups, prng, {
      method: options.method ?? "permute",
      blockSize: options.blockSize ?? 8,
    });
    const sums = replayWorkloads(view, [plan], {
      triggers,
      model: options.model,
      tierThresholds: options.tierThresholds,
      rework: options.rework,
      keepWithoutRework: false,
    });
    let best = Infinity, at = -1;
    for (let t = 0; t < nT; t++) {
      const c = cellCostPerMillion(sums, t, options.inputs);
      if (c < best) {
        best = c;
        at = t;
      }
    }
    argmins[b - from] = at < 0 ? NaN : triggers[at];
  }
  return argmins;
}

/**
 * The bootstrap of some draws' argmins: their percentiles (type 7) over the finite ones.
 *
 * @param argmins Cheapest trigger of each draw, tokens, in draw order (NaN: none).
 * @param seed The seed the draws were made with.
 * @returns The bootstrap.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { summarizeSessionBootstrap } from "./session_bootstrap.ts";
 * const boot = summarizeSessionBootstrap(Float64Array.of(3, NaN, 1, 2), 1);
 * assert.equal(boot.draws, 4);
 * assert.equal(boot.p50, 2); // of 1, 2, 3
 * ```
 */
export function summarizeSessionBootstrap(argmins: Float64Array, seed: number): SessionBootstrap {
  const draws = argmins.length;
  const sorted = argmins.filter((v) => !Number.isNaN(v)).sort();
  const q = (p: number) => (sorted.length > 0 ? quantileType7(sorted, p) : NaN);
  return {
    method: "sessions-and-blocks",
    draws,
    seed,
    argmins,
    p10: q(0.1),
    p50: q(0.5),
    p90: q(0.9),
  };
}
