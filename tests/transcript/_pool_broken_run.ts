/**
 * Runs the file pool with a worker that fails on load (tests/transcript/_pool_broken_worker.ts)
 * and prints what the run rejected with. file_pool_test.ts runs this in a subprocess, so that
 * Deno's own "Uncaught (in worker)" line for the failing worker lands in a pipe the test reads,
 * not on the test run's terminal as a red error nobody should worry about.
 *
 * Usage: `deno run --allow-read --allow-write _pool_broken_run.ts` (prints `rejected: …`).
 *
 * @module
 */
import { runFilePool } from "../../lib/transcript/file_pool.ts";

const dir = await Deno.makeTempDir();
try {
  const files = [0, 1, 2, 3, 4].map((i) => {
    const path = `${dir}/f${i}.jsonl`;
    Deno.writeTextFileSync(path, `line ${i}\n`);
    return path;
  });
  await runFilePool<unknown>({
    files,
    sizes: files.map(() => 1),
    threads: 2,
    worker: new URL("./_pool_broken_worker.ts", import.meta.url),
    here: () => Promise.resolve({ value: 0, bytes: 0 }),
    finished: () => {},
    fileError: (_path, error) => error,
  });
  console.log("resolved");
} catch (error) {
  console.log(`rejected: ${(error as Error).message}`);
} finally {
  await Deno.remove(dir, { recursive: true });
}
