/**
 * `report --out` as a unit: the folder is checked before the analysis (exit 5, the README's code
 * for an output that cannot be written, with the file system's reason and no Deno permission
 * advice), and the files are moved in together at the end, so a run that fails or is interrupted
 * leaves the folder as it was. Runs that must see the task's own permissions are `deno task`
 * subprocesses.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { main as reportMain } from "../../cli/report.ts";
import { runMain } from "../_capture.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CONFIG = join(ROOT, "deno.json");
const SAMPLE = join(ROOT, "data-synthetic", "sample");

/** `report` as its task runs it (the task's own permission flags), in a subprocess. */
function _task(args: string[]): Deno.ChildProcess {
  const tasks = JSON.parse(Deno.readTextFileSync(CONFIG)).tasks as Record<string, string>;
  const [deno, ...taskArgs] = tasks.report.split(" ");
  assert.equal(deno, "deno");
  return new Deno.Command(Deno.execPath(), {
    args: [...taskArgs, ...args],
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdout: "null",
    stderr: "piped",
  }).spawn();
}

async function _stderr(child: Deno.ChildProcess): Promise<{ code: number; stderr: string }> {
  const out = await child.output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}

async function _withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "report_out_" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

/** The folder's entries, sorted. */
const _names = (dir: string) => [...Deno.readDirSync(dir)].map((e) => e.name).sort();

/** An input that reads but has no usable request: the run fails (exit 1) after the check. */
async function _emptyInput(dir: string): Promise<string> {
  await Deno.mkdir(join(dir, "in"));
  await Deno.writeTextFile(join(dir, "in", "s.jsonl"), '{"type":"user"}\n');
  return join(dir, "in");
}

Deno.test("report --out: an existing file exits 5 before the analysis and is left alone", async () => {
  await _withDir(async (dir) => {
    const file = join(dir, "taken");
    await Deno.writeTextFile(file, "mine");
    const run = await runMain(reportMain, ["--out", file, await _emptyInput(dir)]);
    // Exit 5, not the empty sample's 1: the output is checked first.
    assert.equal(run.code, 5, run.stderr);
    assert.match(run.stderr, /--out .*taken: exists and is not a folder/);
    assert.equal(await Deno.readTextFile(file), "mine");
  });
});

Deno.test("report --out under /proc exits 5 without Deno's --allow-all advice", async () => {
  const run = await _stderr(_task(["--out", "/proc/x", SAMPLE]));
  assert.equal(run.code, 5, run.stderr);
  assert.match(run.stderr, /--out \/proc\/x: not an ordinary folder/);
  assert.doesNotMatch(run.stderr, /allow-all/);
});

Deno.test("report --out: a folder that cannot be written exits 5 before the analysis", async () => {
  await _withDir(async (dir) => {
    const locked = join(dir, "locked");
    await Deno.mkdir(locked);
    // As root, permission bits do not stop a write: the immutable attribute does (ext4, …).
    const root = Deno.uid() === 0;
    if (root) {
      const { code } = await new Deno.Command("chattr", { args: ["+i", locked] }).output();
      assert.equal(code, 0, "chattr +i is needed to make a folder unwritable as root");
    } else {
      await Deno.chmod(locked, 0o555);
    }
    try {
      const run = await runMain(reportMain, ["--out", locked, await _emptyInput(dir)]);
      assert.equal(run.code, 5, run.stderr);
      assert.match(run.stderr, /--out .*locked: cannot be written: .*\(os error \d+\)$/);
      assert.deepEqual(_names(locked), []);
    } finally {
      if (root) await new Deno.Command("chattr", { args: ["-i", locked] }).output();
      else await Deno.chmod(locked, 0o755);
    }
  });
});

Deno.test("report --out: a failed run leaves the folder as it was, and makes none", async () => {
  await _withDir(async (dir) => {
    const input = await _emptyInput(dir);
    const out = join(dir, "out");
    await Deno.mkdir(out);
    await Deno.writeTextFile(join(out, "report.html"), "earlier run");
    const failed = await runMain(reportMain, ["--out", out, input]);
    assert.equal(failed.code, 1, failed.stderr);
    assert.deepEqual(_names(out), ["report.html"]);
    assert.equal(await Deno.readTextFile(join(out, "report.html")), "earlier run");
    const fresh = join(dir, "fresh", "deeper");
    assert.equal((await runMain(reportMain, ["--out", fresh, input])).code, 1);
    assert.deepEqual(_names(dir), ["in", "out"]); // neither fresh/ nor fresh/deeper/ is left
  });
});

Deno.test("report --out: an interrupted run leaves the earlier files and says so", async () => {
  await _withDir(async (dir) => {
    const out = join(dir, "out");
    await Deno.mkdir(out);
    const earlier = ["analysis.json", "figure.png", "report.html"];
    for (const name of earlier) await Deno.writeTextFile(join(out, name), `earlier ${name}`);
    const child = _task(["--out", out, SAMPLE]);
    // Interrupt once the staging folder exists (made before the analysis, gone after the move).
    for (let i = 0; i < 600 && !_names(out).some((n) => n.startsWith(".partial-")); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.ok(_names(out).some((n) => n.startsWith(".partial-")), "no staging folder seen");
    child.kill("SIGINT");
    const run = await _stderr(child);
    assert.equal(run.code, 130, run.stderr);
    assert.match(run.stderr, /interrupted: nothing was written; .* holds what it held before/);
    assert.deepEqual(_names(out), earlier);
    for (const name of earlier) {
      assert.equal(await Deno.readTextFile(join(out, name)), `earlier ${name}`);
    }
  });
});
