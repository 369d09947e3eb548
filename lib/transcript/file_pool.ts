/**
 * Files spread over threads: the calling thread and worker threads take files from one shared
 * queue, largest first, and every result is handed back with its file's index, so the caller can
 * keep path order whatever the number of threads. Used by the reader and by the read-cost
 * measurement, each with its own worker module that calls {@linkcode serveFilePool}.
 *
 * The queue is a counter in shared memory: each thread claims the next file itself
 * (`Atomics.add`), so no thread waits for another to hand it work. Handing files out by message
 * instead (a round trip per file between threads) left a worker idle on small files: a real
 * `~/.claude/projects` holds thousands of files of a few KB, each parsed faster than a message
 * crosses threads. Results travel back in batches for the same reason.
 *
 * Worker protocol (private to this module). In: one `{ files, order, claim, init }` message:
 * the paths, the queue (file indices, largest first), the shared counter (an `Int32Array` over a
 * `SharedArrayBuffer`) and the caller's `init` value. Out: `{ results: [{ index, value, bytes }] }`
 * batches, `{ failure: { index, name, message } }` where `name` is the error's class name
 * (`NotFound` and `PermissionDenied` are rebuilt as `Deno.errors` classes), and one `{ done }`
 * when the queue is empty.
 *
 * @module
 */

/**
 * Inputs below this size are read on the calling thread alone unless threads are asked for:
 * starting a worker (about 50 ms here) would cost more than it saves.
 */
export const PARALLEL_MIN_BYTES = 32 * 1024 * 1024;

/** A worker posts its results once it holds this many bytes of files, or {@linkcode BATCH_FILES}. */
const BATCH_BYTES = 1 << 20;
/** Files per batch at most (see {@linkcode BATCH_BYTES}). */
const BATCH_FILES = 64;
/**
 * The calling thread lets the event loop turn (delivering the workers' batches, and with them
 * progress) at most this often, milliseconds: a turn costs about as much as a small file.
 */
const TURN_EVERY_MS = 4;

/** What {@linkcode runFilePool} needs. */
export interface FilePoolOptions<T> {
  files: readonly string[];
  /** Size of each file, bytes (the queue takes the largest first). */
  sizes: readonly number[];
  /** Threads, the calling thread included (at least 2). */
  threads: number;
  /** The worker module: one that calls {@linkcode serveFilePool}. */
  worker: URL;
  /** Handed to the worker's handler with every file, when given (structured-cloneable). */
  init?: unknown;
  /** Handles one file on the calling thread. */
  here: (path: string) => Promise<{ value: T; bytes: number }>;
  /** Runs on the calling thread once the workers are started, before its first file. */
  beforeHere?: () => void;
  /** Receives each result (from any thread). */
  finished: (index: number, value: T, bytes: number) => void;
  /** Turns a file's error into the error to throw (e.g. one that names the file). */
  fileError: (path: string, error: unknown) => unknown;
}

/** One file's result as a worker posts it. */
interface PostedResult<T> {
  index: number;
  value: T;
  bytes: number;
}

/**
 * A promise that settles after the event loop has turned once (a message to itself), so that the
 * workers' batches waiting in it are delivered. Cheaper than `setTimeout(0)`, which browsers and
 * Deno may clamp to a few milliseconds.
 */
function _eventLoopTurn(channel: MessageChannel): Promise<void> {
  return new Promise((resolve) => {
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** The error a worker reported, rebuilt with its class where the caller tells classes apart. */
function _rebuiltError(error: { name: string; message: string }): Error {
  const ErrorClass = error.name === "NotFound"
    ? Deno.errors.NotFound
    : error.name === "PermissionDenied"
    ? Deno.errors.PermissionDenied
    : Error;
  return new ErrorClass(error.message);
}

/**
 * Runs every file through `here` or a worker, as described in the module documentation. The
 * calling thread claims files like the workers do; between its files it lets the event loop turn
 * now and then (files are read synchronously, so nothing else would). Rejects with the first
 * failure; workers are always terminated.
 *
 * @param options Files, threads, the worker module and the handlers.
 * @returns When every file is finished.
 *
 * @example Two threads, results in path order
 * ```ts
 * import { runFilePool } from "./file_pool.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * const files = ["a", "b", "c"].map((n) => `${dir}/${n}.jsonl`);
 * files.forEach((f, i) => Deno.writeTextFileSync(f, "x".repeat(i + 1) + "\n"));
 * const lengths: number[] = [];
 * await runFilePool<number>({
 *   files,
 *   sizes: [2, 3, 4],
 *   threads: 2,
 *   worker: new URL("./parse_worker.ts", import.meta.url),
 *   here: async (path) => ({ value: 0, bytes: (await Deno.stat(path)).size }),
 *   finished: (index, _value, bytes) => (lengths[index] = bytes),
 *   fileError: (_path, error) => error,
 * });
 * assert.deepEqual(lengths, [2, 3, 4]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function runFilePool<T>(options: FilePoolOptions<T>): Promise<void> {
  const { files, sizes, threads, finished, fileError } = options;
  const order = Int32Array.from(
    files.map((_, i) => i).sort((a, b) => sizes[b] - sizes[a] || a - b),
  );
  const claim = new Int32Array(new SharedArrayBuffer(4));
  const pool: Worker[] = [];
  const channel = new MessageChannel();
  let failure: unknown;
  let running = 0;
  let wake: (() => void) | undefined;
  const settle = () => {
    wake?.();
    wake = undefined;
  };
  const fail = (error: unknown) => {
    failure ??= error;
    // Nobody claims another file.
    Atomics.store(claim, 0, order.length);
  };
  try {
    for (let w = 1; w < threads; w++) {
      const worker = new Worker(options.worker.href, { type: "module" });
      pool.push(worker);
      running++;
      let live = true;
      worker.onmessage = (event) => {
        const data = event.data;
        if (data.results) {
          if (failure !== undefined) return;
          for (const r of data.results as PostedResult<T>[]) finished(r.index, r.value, r.bytes);
        } else if (data.failure) {
          fail(fileError(files[data.failure.index], _rebuiltError(data.failure)));
        } else if (data.done && live) {
          live = false;
          running--;
          settle();
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        fail(new Error(`A worker thread failed: ${event.message}`));
        if (live) running--;
        live = false;
        settle();
      };
      worker.postMessage({ files, order, claim, init: options.init });
    }
    options.beforeHere?.();
    // The calling thread takes its share from the same queue.
    let turnedAt = performance.now();
    while (failure === undefined) {
      const position = Atomics.add(claim, 0, 1);
      if (position >= order.length) break;
      const index = order[position];
      try {
        const result = await options.here(files[index]);
        finished(index, result.value, result.bytes);
      } catch (error) {
        fail(fileError(files[index], error));
      }
      if (performance.now() - turnedAt >= TURN_EVERY_MS) {
        await _eventLoopTurn(channel);
        turnedAt = performance.now();
      }
    }
    while (running > 0) await new Promise<void>((resolve) => (wake = resolve));
    if (failure !== undefined) throw failure;
  } finally {
    channel.port1.close();
    channel.port2.close();
    pool.forEach((worker) => worker.terminate());
  }
}

/**
 * The worker side of the protocol: claims files from the shared queue and answers with
 * `handle`'s results, in batches, until the queue is empty or a file fails.
 *
 * @param handle Handles one file (`init`: the caller's `init` option).
 * @param transfer What of a result moves to the caller without a copy (default: nothing).
 */
export function serveFilePool<T>(
  handle: (path: string, init: unknown) => Promise<{ value: T; bytes: number }>,
  transfer: (value: T) => Transferable[] = () => [],
): void {
  const scope = self as unknown as {
    onmessage: ((event: MessageEvent) => void) | null;
    postMessage(message: unknown, transfer?: Transferable[]): void;
  };
  scope.onmessage = async (event) => {
    const { files, order, claim, init } = event.data as {
      files: string[];
      order: Int32Array;
      claim: Int32Array;
      init: unknown;
    };
    let batch: PostedResult<T>[] = [];
    let moved: Transferable[] = [];
    let batchBytes = 0;
    const flush = () => {
      if (batch.length === 0) return;
      scope.postMessage({ results: batch }, moved);
      batch = [];
      moved = [];
      batchBytes = 0;
    };
    while (true) {
      const position = Atomics.add(claim, 0, 1);
      if (position >= order.length) break;
      const index = order[position];
      try {
        const { value, bytes } = await handle(files[index], init);
        batch.push({ index, value, bytes });
        moved.push(...transfer(value));
        batchBytes += bytes;
      } catch (error) {
        flush();
        const e = error as Error;
        scope.postMessage({ failure: { index, name: e.name, message: e.message } });
        break;
      }
      if (batchBytes >= BATCH_BYTES || batch.length >= BATCH_FILES) flush();
    }
    flush();
    scope.postMessage({ done: true });
  };
}
