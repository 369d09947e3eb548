/**
 * `deno task report` end to end, and paths from another directory: each run is a real
 * `deno task --config <repo>/deno.json …` subprocess started in a temp folder, so `INIT_CWD` is
 * set by `deno task` itself, as for a user.
 */
import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { decodePng } from "../charts/_png_pixels.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CONFIG = join(ROOT, "deno.json");
const SAMPLE = join(ROOT, "data-synthetic", "sample");

function inherited(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "DENO_DIR", "TMPDIR"]) {
    const value = Deno.env.get(name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

async function task(cwd: string, args: string[], env: Record<string, string> = {}) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", "-q", "--config", CONFIG, ...args],
    cwd,
    // A fresh environment: an INIT_CWD inherited from an outer `deno task` (as under
    // `deno task test`) is kept by the inner one, which is not what a user's shell has.
    clearEnv: true,
    env: { NO_COLOR: "1", ...inherited(), ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

Deno.test("report: from another directory, relative input and --out land where the user stands", async () => {
  const here = await Deno.makeTempDir({ prefix: "report_cli_" });
  try {
    const input = relative(here, SAMPLE); // e.g. ../../work/…/data-synthetic/sample
    const run = await task(here, ["report", "--out", "rep", input]);
    assert.equal(run.code, 0, run.stderr);
    const names = [...Deno.readDirSync(join(here, "rep"))].map((e) => e.name).sort();
    assert.deepEqual(names, [
      "analysis.json",
      "figure.png",
      "figure.svg",
      "read-cost.json",
      "report.html",
    ]);
    // The last line names what was written, and where.
    const last = run.stdout.trim().split("\n").pop()!;
    assert.equal(
      last,
      `Wrote report.html, figure.png, figure.svg, analysis.json, read-cost.json in ${
        join(await Deno.realPath(here), "rep")
      }`,
    );
    assert.match(run.stdout, /^Answer: /m);
    const analysis = JSON.parse(await Deno.readTextFile(join(here, "rep", "analysis.json")));
    assert.deepEqual(analysis.options.filters, {
      since: null,
      until: null,
      project: null,
      leftOut: { files: 0, sessions: 0, undatedSessions: 0 },
    });
    // The read-cost measurement read the same files as the trigger analysis (sub-agents too).
    const readCost = JSON.parse(await Deno.readTextFile(join(here, "rep", "read-cost.json")));
    assert.equal(readCost.files.read, analysis.corpus.files);
    // The PNG is the SVG's size at zoom 2.
    const svg = await Deno.readTextFile(join(here, "rep", "figure.svg"));
    const width = Number(/width="(\d+)"/.exec(svg)![1]);
    assert.equal(decodePng(await Deno.readFile(join(here, "rep", "figure.png"))).width, 2 * width);
    const html = await Deno.readTextFile(join(here, "rep", "report.html"));
    assert.ok(!html.includes(SAMPLE), "the page names no input path");
    // Nothing was written in the repository root.
    assert.ok(!(await exists(join(ROOT, "rep"))));
    // An INIT_CWD that is set (as by `deno task`) is where relative paths start.
    const elsewhere = await Deno.makeTempDir({ prefix: "report_cli_" });
    try {
      const moved = await task(
        here,
        ["corpus", "--requests", "r.csv", relative(elsewhere, SAMPLE)],
        {
          INIT_CWD: elsewhere,
        },
      );
      assert.equal(moved.code, 0, moved.stderr);
      assert.ok(await exists(join(elsewhere, "r.csv")));
    } finally {
      await Deno.remove(elsewhere, { recursive: true });
    }
  } finally {
    await Deno.remove(here, { recursive: true });
  }
});

Deno.test("report: the default input is CLAUDE_CONFIG_DIR, and the filter is recorded", async () => {
  const here = await Deno.makeTempDir({ prefix: "report_cli_" });
  try {
    // CLAUDE_CONFIG_DIR names the sample folder: its projects/ is read.
    const run = await task(here, ["report", "--project", "LEDGER"], { CLAUDE_CONFIG_DIR: SAMPLE });
    assert.equal(run.code, 0, run.stderr);
    const analysis = JSON.parse(await Deno.readTextFile(join(here, "out", "analysis.json")));
    assert.equal(analysis.options.filters.project, "LEDGER");
    assert.ok(analysis.options.filters.leftOut.files > 0);
    const bad = await task(here, ["report", "--since", "2026-02-30"], {
      CLAUDE_CONFIG_DIR: SAMPLE,
    });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--since must be a date YYYY-MM-DD/);
  } finally {
    await Deno.remove(here, { recursive: true });
  }
});

Deno.test("corpus and measure: relative paths from another directory, --requests there", async () => {
  const here = await Deno.makeTempDir({ prefix: "corpus_cli_" });
  try {
    const input = relative(here, SAMPLE);
    const corpus = await task(here, ["corpus", "--requests", "r.csv", input]);
    assert.equal(corpus.code, 0, corpus.stderr);
    const header = (await Deno.readTextFile(join(here, "r.csv"))).split("\n")[0];
    assert.match(header, /^session,session_kind,timestamp_utc,input_tokens,/);
    const measure = await task(here, ["measure", "--recursive", "--json", input]);
    assert.equal(measure.code, 0, measure.stderr);
    assert.ok(JSON.parse(measure.stdout).files.read > 0);
  } finally {
    await Deno.remove(here, { recursive: true });
  }
});

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}
