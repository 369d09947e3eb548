import assert from "node:assert/strict";
import { runFilePool } from "../../lib/transcript/file_pool.ts";

const WORKER = new URL("./_pool_echo_worker.ts", import.meta.url);

/** Writes `count` files `f000.jsonl`… whose first line is `lineOf(i)`; returns their paths. */
function writeFiles(dir: string, count: number, lineOf: (i: number) => string): string[] {
  return Array.from({ length: count }, (_, i) => {
    const path = `${dir}/f${String(i).padStart(3, "0")}.jsonl`;
    Deno.writeTextFileSync(path, `${lineOf(i)}\n`);
    return path;
  });
}

Deno.test("file pool: every file is handled exactly once, by whichever thread, with its index", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // 300 small files: more than one batch per worker, so batching and claiming both show.
    const files = writeFiles(dir, 300, (i) => `line ${i}`);
    const sizes = files.map((f) => Deno.statSync(f).size);
    const seen = new Map<number, { first: string; tag: unknown; bytes: number }>();
    let onHere = 0;
    await runFilePool<{ first: string; tag: unknown }>({
      files,
      sizes,
      threads: 3,
      worker: WORKER,
      init: "from-init",
      here: (path) => {
        onHere++;
        const text = Deno.readTextFileSync(path);
        return Promise.resolve({ value: { first: text.split("\n")[0], tag: "here" }, bytes: 0 });
      },
      finished: (index, value, bytes) => {
        assert.ok(!seen.has(index), `index ${index} finished twice`);
        seen.set(index, { ...value, bytes });
      },
      fileError: (_path, error) => error,
    });
    assert.equal(seen.size, 300);
    for (let i = 0; i < 300; i++) {
      const result = seen.get(i)!;
      assert.equal(result.first, `line ${i}`);
      // A worker's result carries the init value and the file's length ("line i\n").
      if (result.tag !== "here") {
        assert.equal(result.tag, "from-init");
        assert.equal(result.bytes, `line ${i}\n`.length);
      }
    }
    assert.ok(onHere <= 300);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("file pool: a file failing in a worker rejects with its class, through fileError", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const files = writeFiles(dir, 40, (i) => (i === 7 ? "throw" : `line ${i}`));
    // The calling thread is slow (300 ms a file), so the worker reaches file 7 first; should the
    // calling thread get there, it fails the same way.
    let hereSawSeven = false;
    await assert.rejects(
      () =>
        runFilePool<unknown>({
          files,
          sizes: files.map(() => 1),
          threads: 2,
          worker: WORKER,
          here: async (path) => {
            await new Promise((resolve) => setTimeout(resolve, 300));
            if (path === files[7]) {
              hereSawSeven = true;
              throw new Deno.errors.NotFound("gone");
            }
            return { value: 0, bytes: 0 };
          },
          finished: () => {},
          fileError: (path, error) =>
            new ((error as Error).constructor as ErrorConstructor)(
              `${path.slice(-10)}: ${(error as Error).message}`,
            ),
        }),
      (error: Error) => {
        assert.ok(error instanceof Deno.errors.NotFound, String(error));
        assert.equal(error.message, "f007.jsonl: gone");
        return true;
      },
    );
    assert.equal(hereSawSeven, false, "the worker, not the calling thread, met file 7");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("file pool: a worker that dies rejects the run instead of waiting for it", async () => {
  // In a subprocess: Deno prints the worker's own uncaught error, which belongs in a pipe here.
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--allow-write",
      new URL("./_pool_broken_run.ts", import.meta.url).pathname,
    ],
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, stderr);
  assert.match(stdout, /^rejected: A worker thread failed/, stdout);
  assert.match(stderr, /this worker fails on load/);
});
