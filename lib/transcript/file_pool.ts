/**
 * Files spread over threads: the calling thread and worker threads take files from one shared
 * queue, largest first, and every result is handed back with its file's index, so the caller can
 * keep path order whatever the number of threads. Used by the reader and by the read-cost
 * measurement, each with its own worker module speaking the protocol below.
 *
 * Worker protocol. In: optionally one `{ init }` message first, then `{ index, path }` per file.
 * Out: `{ index, value, bytes }`, or `{ index, error: { name, message } }` where `name` is the
 * error's class name (`NotFound` and `PermissionDenied` are rebuilt as `Deno.errors` classes).
 *
 * @module
 */

/**
 * Inputs below this size are read on the calling thread alone unless threads are asked for:
 * starting a worker (about 50 ms here) would cost more than it saves.
 */
export const PARALLEL_MIN_BYTES = 32 * 1024 * 1024;

/** Files a worker holds at once: one parsing, one waiting, so it never waits for the caller. */
const WORKER_BACKLOG = 2;

/** What {@linkcode runFilePool} needs. */
export interface FilePoolOptions<T> {
  files: readonly string[];
  /** Size of each file, bytes (the queue takes the largest first). */
  sizes: readonly number[];
  /** Threads, the calling thread included (at least 2). */
  threads: number;
  /** The worker module (see the protocol above). */
  worker: URL;
  /** Sent to each worker before its first file, when given. */
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

/**
 * A promise that settles after the event loop has turned once (a message to itself), so that the
 * workers' results waiting in it are delivered. Cheaper than `setTimeout(0)`, which browsers and
 * Deno may clamp to a few milliseconds.
 */
function _eventLoopTurn(channel: MessageChannel): Promise<void> {
  return new Promise((resolve) => {
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Runs every file through `here` or a worker, as described in the module documentation. The
 * calling thread works between messages: after each of its files it lets the event loop turn
 * once, to deliver the workers' results and feed them (files are read synchronously, so nothing
 * else would). Rejects with the first failure; workers are always terminated.
 */
export async function runFilePool<T>(options: FilePoolOptions<T>): Promise<void> {
  const { files, sizes, threads, finished, fileError } = options;
  const queue = files.map((_, i) => i).sort((a, b) => sizes[b] - sizes[a] || a - b);
  const pool: Worker[] = [];
  const channel = new MessageChannel();
  let failure: unknown;
  let outstanding = 0;
  let wake: (() => void) | undefined;
  const settle = () => {
    wake?.();
    wake = undefined;
  };
  const feed = (worker: Worker) => {
    const next = queue.shift();
    if (next === undefined) return;
    outstanding++;
    worker.postMessage({ index: next, path: files[next] });
  };
  try {
    for (let w = 1; w < threads; w++) {
      const worker = new Worker(options.worker.href, { type: "module" });
      pool.push(worker);
      worker.onmessage = (event) => {
        outstanding--;
        const data = event.data;
        if (failure !== undefined) return settle();
        if (data.error) {
          const ErrorClass = data.error.name === "NotFound"
            ? Deno.errors.NotFound
            : data.error.name === "PermissionDenied"
            ? Deno.errors.PermissionDenied
            : Error;
          failure = fileError(files[data.index], new ErrorClass(data.error.message));
          return settle();
        }
        finished(data.index, data.value, data.bytes);
        feed(worker);
        settle();
      };
      worker.onerror = (event) => {
        event.preventDefault();
        failure ??= new Error(`A worker thread failed: ${event.message}`);
        outstanding = 0;
        settle();
      };
      if (options.init !== undefined) worker.postMessage({ init: options.init });
      for (let k = 0; k < WORKER_BACKLOG; k++) feed(worker);
    }
    options.beforeHere?.();
    // The calling thread takes its share from the same queue.
    while (failure === undefined) {
      const next = queue.shift();
      if (next === undefined) break;
      try {
        const result = await options.here(files[next]);
        finished(next, result.value, result.bytes);
      } catch (error) {
        failure = fileError(files[next], error);
      }
      await _eventLoopTurn(channel);
    }
    while (failure === undefined && outstanding > 0) {
      await new Promise<void>((resolve) => (wake = resolve));
    }
    if (failure !== undefined) throw failure;
  } finally {
    channel.port1.close();
    channel.port2.close();
    pool.forEach((worker) => worker.terminate());
  }
}

/** The worker side of the protocol: answers `{ index, path }` messages with `handle`. */
export function serveFilePool<T>(
  handle: (path: string, init: unknown) => Promise<{ value: T; bytes: number }>,
  transfer: (value: T) => Transferable[] = () => [],
): void {
  const scope = self as unknown as {
    onmessage: ((event: MessageEvent) => void) | null;
    postMessage(message: unknown, transfer?: Transferable[]): void;
  };
  let init: unknown;
  scope.onmessage = async (event) => {
    const data = event.data;
    if ("init" in data) {
      init = data.init;
      return;
    }
    const { index, path } = data;
    try {
      const { value, bytes } = await handle(path, init);
      scope.postMessage({ index, value, bytes }, transfer(value));
    } catch (error) {
      const e = error as Error;
      scope.postMessage({ index, error: { name: e.name, message: e.message } });
    }
  };
}
