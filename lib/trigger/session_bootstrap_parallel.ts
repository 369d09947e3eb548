/**
 * The session-level bootstrap ({@linkcode sessionBootstrapArgmin}) on worker threads: the draws
 * are split into contiguous ranges, one per worker, and concatenated in draw order, so the result
 * is the same for any number of workers. Worth it because the bootstrap replays one whole
 * workload per draw (100 by default), about as much work as the main replay, and needs nothing
 * from it: the analysis runs the two side by side.
 *
 * @module
 */
import {
  DEFAULT_SESSION_DRAWS,
  type SessionBootstrap,
  sessionBootstrapArgmin,
  type SessionBootstrapOptions,
  summarizeSessionBootstrap,
} from "./session_bootstrap.ts";
import { type StepColumns, stepColumnsOnly } from "./steps.ts";

/**
 * Below this much work (steps × draws × triggers) {@linkcode bootstrapWorkers} asks for no
 * worker: starting one (about 50 ms) would cost more than the draws. The full synthetic corpus
 * is about 4·10⁸, the committed sample about 10⁷.
 */
export const PARALLEL_MIN_WORK = 5e7;

/**
 * How many workers the analysis gives the bootstrap: none for little work or on one core (the
 * draws then run on the calling thread), else `threads` (at least 1, so that the draws run beside
 * a replay on the calling thread).
 *
 * @param work Steps × draws × triggers.
 * @param threads The replay's threads.
 * @param cores Cores of the machine. @default {navigator.hardwareConcurrency}
 * @returns Workers, 0 for none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bootstrapWorkers } from "./session_bootstrap_parallel.ts";
 * assert.equal(bootstrapWorkers(1e6, 1, 2), 0);
 * assert.equal(bootstrapWorkers(4e8, 1, 2), 1);
 * assert.equal(bootstrapWorkers(4e8, 2, 2), 2);
 * assert.equal(bootstrapWorkers(4e8, 1, 1), 0);
 * ```
 */
export function bootstrapWorkers(
  work: number,
  threads: number,
  cores: number = navigator.hardwareConcurrency ?? 1,
): number {
  if (work < PARALLEL_MIN_WORK || cores < 2) return 0;
  return Math.max(1, threads);
}

/**
 * {@linkcode sessionBootstrapArgmin} on `workers` worker threads (0: on the calling thread).
 *
 * @param steps Step columns of the corpus.
 * @param options As {@linkcode sessionBootstrapArgmin}, and `workers` (default 0).
 * @returns The same bootstrap as {@linkcode sessionBootstrapArgmin}, whatever `workers`.
 * @throws {RangeError} As {@linkcode sessionBootstrapArgmin}; when `workers` is not a
 * non-negative integer.
 *
 * @example Two workers give what the calling thread gives
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_PRICES } from "./prices.ts";
 * import { sessionBootstrapArgmin } from "./session_bootstrap.ts";
 * import { sessionBootstrapArgminParallel } from "./session_bootstrap_parallel.ts";
 *
 * const steps = {
 *   length: 8, sessions: 2, start: Uint32Array.of(0, 4), count: Uint32Array.of(4, 4),
 *   growth: Float64Array.of(40000, 30000, 50000, 10000, 20000, 60000, 30000, 40000),
 *   cachedShare: new Float64Array(8).fill(0.9), output: new Float64Array(8).fill(100),
 *   gapSeconds: new Float64Array(8).fill(10), compacted: new Uint8Array(8),
 * };
 * const options = {
 *   kinds: [0, 0], triggers: [60000, 100000, 300000], draws: 5, blockSize: 1,
 *   model: { g0: 5000, g1: 0, postPrefix: 10000, cPost: 0.5 },
 *   inputs: { prices: DEFAULT_PRICES, beta: 0.9, a: 1e-4, v: 80, billedTokens: 1e6 },
 * };
 * const two = await sessionBootstrapArgminParallel(steps, { ...options, workers: 2 });
 * assert.deepEqual(two, sessionBootstrapArgmin(steps, options));
 * ```
 */
export async function sessionBootstrapArgminParallel(
  steps: StepColumns,
  options: SessionBootstrapOptions & { workers?: number },
): Promise<SessionBootstrap> {
  const { workers = 0, ...rest } = options;
  if (!Number.isInteger(workers) || workers < 0) {
    throw new RangeError(
      `Cannot draw sessions: workers must be a non-negative integer, got ${workers}`,
    );
  }
  const draws = rest.draws ?? DEFAULT_SESSION_DRAWS;
  const n = Number.isInteger(draws) && draws > 0 ? Math.min(workers, draws) : 0;
  // No worker, or options the single-threaded bootstrap rejects (with its own message).
  if (n < 1 || rest.kinds.length !== steps.sessions) return sessionBootstrapArgmin(steps, rest);
  const bounds = Array.from({ length: n + 1 }, (_, i) => 1 + Math.round((i * draws) / n));
  const columns = stepColumnsOnly(steps);
  const plain = {
    ...rest,
    kinds: Array.from(rest.kinds),
    triggers: Float64Array.from(rest.triggers),
    tierThresholds: Float64Array.from(rest.tierThresholds ?? []),
  };
  const parts = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      new Promise<Float64Array>((resolve, reject) => {
        const worker = new Worker(
          new URL("./session_bootstrap_worker.ts", import.meta.url).href,
          { type: "module" },
        );
        worker.onmessage = (event: MessageEvent) => {
          worker.terminate();
          resolve(event.data.argmins);
        };
        worker.onerror = (event: ErrorEvent) => {
          event.preventDefault();
          worker.terminate();
          reject(new Error(`Session bootstrap worker ${i} failed: ${event.message}`));
        };
        worker.postMessage({ steps: columns, options: plain, from: bounds[i], to: bounds[i + 1] });
      })),
  );
  const argmins = new Float64Array(draws);
  parts.forEach((part, i) => argmins.set(part, bounds[i] - 1));
  return summarizeSessionBootstrap(argmins, rest.seed ?? 1);
}
