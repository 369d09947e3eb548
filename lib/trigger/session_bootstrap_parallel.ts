/**
 * The session-level bootstrap ({@linkcode sessionBootstrapArgmin}) on worker threads. The
 * threads take draws one at a time from a counter in shared memory and write each draw's argmin
 * into its slot, so the result is the same for any number of workers and for any thread that
 * took a draw. Worth it because the bootstrap replays one whole workload per draw (100 by
 * default), about as much work as the main replay, and needs nothing from it: the analysis runs
 * the two side by side, and the calling thread takes the draws left once its replay is done
 * ({@linkcode startSessionBootstrap}), so neither waits long for the other.
 *
 * @module
 */
import {
  DEFAULT_SESSION_DRAWS,
  type SessionBootstrap,
  sessionBootstrapArgmin,
  sessionBootstrapDraws,
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
  const started = startSessionBootstrap(steps, options);
  // Nothing else to do here: this thread takes draws beside the workers at once.
  started.help();
  return await started.result;
}

/** A bootstrap under way: see {@linkcode startSessionBootstrap}. */
export interface StartedSessionBootstrap {
  /**
   * Takes the draws no thread has taken yet, on the calling thread, until none is left
   * (synchronous). Call it when the calling thread has nothing else to do; `result` does not
   * need it (the workers take every draw), it only gets there sooner.
   * @returns The draws this call took.
   */
  help(): number;
  /** The bootstrap, once every draw is done. */
  result: Promise<SessionBootstrap>;
}

/**
 * Starts {@linkcode sessionBootstrapArgmin} on `workers` worker threads and returns at once.
 * Each thread, the calling one when it {@linkcode StartedSessionBootstrap.help}s, takes the next
 * draw number from a counter in shared memory and writes that draw's argmin into its slot; each
 * draw depends only on its number and the seed, so the result does not depend on which thread
 * took which draw. With no worker (or options the single-threaded bootstrap rejects) the draws
 * run on the calling thread when `result` is awaited or `help` is called, whichever comes first.
 *
 * @param steps Step columns of the corpus.
 * @param options As {@linkcode sessionBootstrapArgmin}, and `workers` (default 0).
 * @returns The bootstrap under way.
 * @throws {RangeError} When `workers` is not a non-negative integer (the other options' errors
 * reject `result`, with the single-threaded messages).
 */
export function startSessionBootstrap(
  steps: StepColumns,
  options: SessionBootstrapOptions & { workers?: number },
): StartedSessionBootstrap {
  const { workers = 0, ...rest } = options;
  if (!Number.isInteger(workers) || workers < 0) {
    throw new RangeError(
      `Cannot draw sessions: workers must be a non-negative integer, got ${workers}`,
    );
  }
  const draws = rest.draws ?? DEFAULT_SESSION_DRAWS;
  const n = Number.isInteger(draws) && draws > 0 ? Math.min(workers, draws) : 0;
  // No worker, or options the single-threaded bootstrap rejects (with its own message).
  if (n < 1 || rest.kinds.length !== steps.sessions) {
    let run: Promise<SessionBootstrap> | undefined;
    // Run once, when first asked for; a rejected promise carries the bootstrap's own error.
    // Returns the draws this call made: all of them the first time it succeeds, else none.
    const here = (): number => {
      if (run !== undefined) return 0;
      try {
        run = Promise.resolve(sessionBootstrapArgmin(steps, rest));
        return draws;
      } catch (error) {
        run = Promise.reject(error);
        run.catch(() => {}); // awaited through `result`
        return 0;
      }
    };
    return {
      help: here,
      get result() {
        here();
        return run!;
      },
    };
  }
  // next[0]: the next draw number to take (1-based); argmins[b − 1]: draw b's.
  const next = new Int32Array(new SharedArrayBuffer(4));
  next[0] = 1;
  const argmins = new Float64Array(new SharedArrayBuffer(8 * draws));
  const columns = stepColumnsOnly(steps);
  const plain = {
    ...rest,
    kinds: Array.from(rest.kinds),
    triggers: Float64Array.from(rest.triggers),
    tierThresholds: Float64Array.from(rest.tierThresholds ?? []),
  };
  const finished = Promise.all(
    Array.from({ length: n }, (_, i) =>
      new Promise<void>((resolve, reject) => {
        const worker = new Worker(
          new URL("./session_bootstrap_worker.ts", import.meta.url).href,
          { type: "module" },
        );
        worker.onmessage = () => {
          worker.terminate();
          resolve();
        };
        worker.onerror = (event: ErrorEvent) => {
          event.preventDefault();
          worker.terminate();
          reject(new Error(`Session bootstrap worker ${i} failed: ${event.message}`));
        };
        worker.postMessage({ steps: columns, options: plain, draws, next, argmins });
      })),
  );
  return {
    help: () => takeSessionDraws(steps, rest, draws, next, argmins),
    result: finished.then(() => summarizeSessionBootstrap(argmins.slice(), rest.seed ?? 1)),
  };
}

/**
 * Takes draws from the shared counter until none is left, writing each draw's argmin into its
 * slot: what each thread of {@linkcode startSessionBootstrap} runs.
 *
 * @param steps Step columns of the corpus.
 * @param options As {@linkcode sessionBootstrapArgmin} (`draws` is not read).
 * @param draws Draws in all.
 * @param next The shared counter: the next draw number to take, 1-based.
 * @param argmins The shared argmins, one slot per draw.
 * @returns The number of draws this thread took.
 *
 * @example Alone, one thread takes every draw
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_PRICES } from "./prices.ts";
 * import { sessionBootstrapDraws } from "./session_bootstrap.ts";
 * import { takeSessionDraws } from "./session_bootstrap_parallel.ts";
 *
 * const steps = {
 *   length: 8, sessions: 2, start: Uint32Array.of(0, 4), count: Uint32Array.of(4, 4),
 *   growth: Float64Array.of(40000, 30000, 50000, 10000, 20000, 60000, 30000, 40000),
 *   cachedShare: new Float64Array(8).fill(0.9), output: new Float64Array(8).fill(100),
 *   gapSeconds: new Float64Array(8).fill(10), compacted: new Uint8Array(8),
 * };
 * const options = {
 *   kinds: [0, 0], triggers: [60000, 100000, 300000], blockSize: 1,
 *   model: { g0: 5000, g1: 0, postPrefix: 10000, cPost: 0.5 },
 *   inputs: { prices: DEFAULT_PRICES, beta: 0.9, a: 1e-4, v: 80, billedTokens: 1e6 },
 * };
 * const next = Int32Array.of(1), argmins = new Float64Array(4);
 * assert.equal(takeSessionDraws(steps, options, 4, next, argmins), 4);
 * assert.deepEqual(argmins, sessionBootstrapDraws(steps, options, 1, 5));
 * assert.equal(takeSessionDraws(steps, options, 4, next, argmins), 0); // none left
 * ```
 */
export function takeSessionDraws(
  steps: StepColumns,
  options: SessionBootstrapOptions,
  draws: number,
  next: Int32Array,
  argmins: Float64Array,
): number {
  let taken = 0;
  for (;;) {
    const b = Atomics.add(next, 0, 1);
    if (b > draws) return taken;
    argmins[b - 1] = sessionBootstrapDraws(steps, options, b, b + 1)[0];
    taken++;
  }
}
