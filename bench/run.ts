/**
 * `deno task bench`: throughput and memory figures, printed (never asserted).
 *
 * Reader: MB/s and peak RSS of `readCorpus` on one and on two worker threads, and of the whole
 * `corpus --json`, `analyze --json` and `report --out DIR` commands a user runs, beside ccusage 20 (native build) and
 * ccusage 18 (JavaScript build) reading the same corpus, each installed by this script into a
 * temporary folder (never a project dependency), with the ratios against the targets
 * ({@linkcode BENCH_TARGETS}: `corpus --json` at least 2x ccusage 20's throughput on `full` and
 * 1.5x on `real-shaped`, `analyze --json` at most 1.3x `corpus --json`'s time on `full`). Then the analyses' benchmark (`bench/trigger_bench.ts`)
 * on the first corpus, and the read-cost measurement against the reader
 * (`bench/readcost_bench.ts`) on each.
 *
 * Corpora: both shapes of `bench/_make_corpus.ts` (`full`, then `real-shaped`), written by the
 * generator into temporary folders and deleted afterwards; `--shapes` picks some; `--corpus DIR`
 * (a folder holding `projects/`) times that folder instead. Each corpus's shape (files, size,
 * file-size spread, requests per MB, mean line sizes) is printed before its timings.
 *
 * Rounds: `--rounds N` (default 5). Each round runs every fast contender once, in turn, so that
 * load from other work on the machine falls on all of them alike; the median and the best round
 * are printed (wall time of the whole process, start-up included), with the median user and
 * system CPU time beside it. ccusage 18 takes ~25 s a run
 * and runs once per corpus.
 *
 * @module
 */

import { cpus } from "node:os";
import { parseArgs } from "node:util";
import { BENCH_SHAPES, type BenchShape, makeBenchCorpus } from "./_make_corpus.ts";
import { corpusShape, formatShape } from "./_corpus_shape.ts";

interface Timed {
  seconds: number;
  /** CPU time in user mode, seconds (all threads). */
  userSeconds: number;
  /** CPU time in the kernel, seconds: reading bytes costs mostly this on some machines. */
  systemSeconds: number;
  peakKb: number;
  stdout: string;
}

/** Runs a command under /usr/bin/time -f, returning wall, user and system seconds and peak RSS. */
async function timed(cmd: string[], env: Record<string, string> = {}): Promise<Timed> {
  const output = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "__TIME__ %e %M %U %S", ...cmd],
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  const match = stderr.match(/__TIME__ ([\d.]+) (\d+) ([\d.]+) ([\d.]+)/);
  if (!output.success || !match) {
    throw new Error(`Benchmark command failed: ${cmd.join(" ")}\n${stderr.slice(-2000)}`);
  }
  return {
    seconds: Number(match[1]),
    peakKb: Number(match[2]),
    userSeconds: Number(match[3]),
    systemSeconds: Number(match[4]),
    stdout: new TextDecoder().decode(output.stdout),
  };
}

/**
 * CPU seconds the whole machine has spent busy since boot (user, nice, system and irq time of
 * every core, as `node:os` `cpus()` reads them from the kernel), or undefined where they are not
 * known. The bench takes it around a corpus's rounds and subtracts its own runs' CPU time: what is
 * left is other work, which makes the figures of that run incomparable with a quiet run's.
 *
 * @example
 * ```ts
 * import { machineBusySeconds } from "./run.ts";
 * import assert from "node:assert/strict";
 * const busy = machineBusySeconds();
 * assert.ok(busy === undefined || busy >= 0);
 * ```
 */
export function machineBusySeconds(): number | undefined {
  try {
    const ms = cpus().reduce((sum, { times: t }) => sum + t.user + t.nice + t.sys + t.irq, 0);
    return Number.isFinite(ms) && ms > 0 ? ms / 1000 : undefined;
  } catch {
    return undefined;
  }
}

async function duBytes(dir: string): Promise<number> {
  let total = 0;
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) total += await duBytes(path);
    else if (entry.isFile && entry.name.endsWith(".jsonl")) total += (await Deno.stat(path)).size;
  }
  return total;
}

async function installCcusage(version: string): Promise<string | undefined> {
  const dir = await Deno.makeTempDir({ prefix: `ccusage-${version}-` });
  const install = await new Deno.Command("npm", {
    args: ["install", "--no-audit", "--no-fund", "--prefix", dir, `ccusage@${version}`],
    stdout: "null",
    stderr: "null",
  }).output();
  return install.success ? `${dir}/node_modules/.bin/ccusage` : undefined;
}

function line(name: string, bytes: number, t: Timed): string {
  const mbs = bytes / 1e6 / t.seconds;
  return `${name.padEnd(34)} ${mbs.toFixed(0).padStart(6)} MB/s  ${
    t.seconds.toFixed(2).padStart(6)
  } s wall, ${t.userSeconds.toFixed(2)} s user, ${t.systemSeconds.toFixed(2)} s sys  ` +
    `peak ${(t.peakKb / 1024).toFixed(0).padStart(5)} MB`;
}

/** The median of some numbers. */
function _median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/** Median and best of several rounds, as MB/s figures, with the median user and system time. */
function roundsLine(name: string, bytes: number, runs: Timed[]): string {
  const seconds = runs.map((r) => r.seconds).sort((a, b) => a - b);
  const median = _median(seconds);
  const peak = Math.max(...runs.map((r) => r.peakKb));
  const mbs = (t: number) => (bytes / 1e6 / t).toFixed(0).padStart(6);
  const user = _median(runs.map((r) => r.userSeconds));
  const system = _median(runs.map((r) => r.systemSeconds));
  return `${name.padEnd(28)} median ${mbs(median)} MB/s (${median.toFixed(2)} s wall, ${
    user.toFixed(2)
  } s user, ${system.toFixed(2)} s sys)  best ${mbs(seconds[0])} MB/s (${
    seconds[0].toFixed(2)
  } s)  peak ${(peak / 1024).toFixed(0).padStart(4)} MB`;
}

/** Median wall seconds of several rounds. */
function medianSeconds(runs: Timed[]): number {
  const s = runs.map((r) => r.seconds).sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

const USAGE =
  `Usage: deno task bench [--shapes full,real-shaped] [--corpus DIR] [--rounds N] [--skip-ccusage]

Times the transcript reader (1 thread and 2 worker threads), corpus --json, analyze --json and
report --out DIR beside ccusage 20 and 18 on corpora of two shapes, and prints each corpus's shape
and the ratios
against their targets. Figures are printed, never asserted; run it on an
otherwise idle machine.

  --shapes LIST    Corpus shapes to generate and time, comma-separated (default: full,real-shaped)
  --corpus DIR     Time the corpus in DIR (a folder holding projects/) instead of generating one
  --rounds N       Interleaved rounds per corpus (default: 5)
  --skip-ccusage   Do not install and time ccusage (default: off)
  --help           Show this text`;

/** Parsed options of the bench. */
interface BenchOptions {
  corpora: { name: string; dir?: string; shape?: BenchShape }[];
  rounds: number;
  skipCcusage: boolean;
}

/**
 * Parses the command line.
 *
 * @param args Command-line arguments.
 * @returns The options, `"help"`, or an error message.
 *
 * @example
 * ```ts
 * import { parseBenchArgs } from "./run.ts";
 * import assert from "node:assert/strict";
 * assert.equal(parseBenchArgs(["--help"]), "help");
 * assert.match(String(parseBenchArgs(["--rounds", "0"])), /--rounds/);
 * assert.match(String(parseBenchArgs(["--frobnicate"])), /frobnicate/);
 * const o = parseBenchArgs([]);
 * assert.ok(typeof o === "object" && o.corpora.length === 2);
 * ```
 */
export function parseBenchArgs(args: string[]): BenchOptions | "help" | string {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        corpus: { type: "string" },
        shapes: { type: "string", default: BENCH_SHAPES.join(",") },
        rounds: { type: "string", default: "5" },
        "skip-ccusage": { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    }));
  } catch (error) {
    return `bench: ${(error as Error).message}`;
  }
  if (values.help) return "help";
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1) {
    return `bench: --rounds must be a positive integer, got "${values.rounds}"`;
  }
  let corpora: BenchOptions["corpora"];
  if (values.corpus !== undefined) corpora = [{ name: values.corpus, dir: values.corpus }];
  else {
    const names = values.shapes.split(",").map((n) => n.trim()).filter((n) => n !== "");
    const unknown = names.filter((n) => !(BENCH_SHAPES as readonly string[]).includes(n));
    if (names.length === 0 || unknown.length > 0) {
      return `bench: unknown shape "${unknown[0] ?? ""}" in --shapes (known: ${
        BENCH_SHAPES.join(", ")
      })`;
    }
    corpora = names.map((n) => ({ name: n, shape: n as BenchShape }));
  }
  return { corpora, rounds, skipCcusage: values["skip-ccusage"] };
}

/**
 * Speed targets per corpus shape: `corpus --json` against ccusage 20 (times its throughput) and
 * `analyze --json` against `corpus --json` (times its wall time, at most), same run.
 */
export const BENCH_TARGETS: Record<BenchShape, { ccusage: number; analyze?: number }> = {
  full: { ccusage: 2, analyze: 1.3 },
  "real-shaped": { ccusage: 1.5 },
};

/**
 * The ratio lines the bench prints for one corpus: `corpus --json`'s throughput against
 * ccusage 20's, and `analyze --json`'s wall time against `corpus --json`'s, each with its target
 * when the shape has one ({@linkcode BENCH_TARGETS}).
 *
 * @param shape The corpus's shape (`undefined`: a folder given by `--corpus`, no targets).
 * @param seconds Median wall seconds of `corpus --json`, ccusage 20 and `analyze --json`.
 * @returns The lines.
 *
 * @example
 * ```ts
 * import { ratioLines } from "./run.ts";
 * import assert from "node:assert/strict";
 * assert.deepEqual(ratioLines("full", { corpus: 1, ccusage: 1.5, analyze: 2.6 }), [
 *   "corpus --json / ccusage 20: 1.50x the throughput (target: 2x)",
 *   "analyze --json / corpus --json: 2.60x the wall time (target: at most 1.3x)",
 * ]);
 * ```
 */
export function ratioLines(
  shape: BenchShape | undefined,
  seconds: { corpus: number; ccusage?: number; analyze?: number },
): string[] {
  const target = shape === undefined ? undefined : BENCH_TARGETS[shape];
  const lines: string[] = [];
  if (seconds.ccusage !== undefined) {
    const goal = target === undefined ? "" : ` (target: ${target.ccusage}x)`;
    lines.push(
      `corpus --json / ccusage 20: ${(seconds.ccusage / seconds.corpus).toFixed(2)}x the ` +
        `throughput${goal}`,
    );
  }
  if (seconds.analyze !== undefined) {
    const goal = target?.analyze === undefined ? "" : ` (target: at most ${target.analyze}x)`;
    lines.push(
      `analyze --json / corpus --json: ${(seconds.analyze / seconds.corpus).toFixed(2)}x the ` +
        `wall time${goal}`,
    );
  }
  return lines;
}

/** Times the contenders on one corpus; returns the corpus CLI's / ccusage 20's throughput. */
async function benchCorpus(
  root: string,
  shape: BenchShape | undefined,
  rounds: number,
  ccusage20: string | undefined,
  ccusage18: string | undefined,
): Promise<number | undefined> {
  const projects = `${root}/projects`;
  const bytes = await duBytes(projects);
  console.log(`Shape: ${formatShape(await corpusShape(projects))}`);
  const deno = Deno.execPath();
  const reader = (workers: number) =>
    timed([
      deno,
      "run",
      "--allow-read",
      "--allow-env",
      "bench/reader_once.ts",
      projects,
      String(workers),
    ]);
  // What a user runs: `deno task corpus --json DIR`, with the task's own flags from deno.json.
  const task = (JSON.parse(Deno.readTextFileSync("deno.json")).tasks.corpus as string).split(" ");
  const cli = () => timed([deno, ...task.slice(1), "--json", projects]);
  const tasks = JSON.parse(Deno.readTextFileSync("deno.json")).tasks;
  const analyzeTask = (tasks.analyze as string).split(" ");
  const analyze = () => timed([deno, ...analyzeTask.slice(1), "--json", projects]);
  // The whole job (analysis, read-cost measurement, figures, page), into a folder of its own.
  const reportTask = (tasks.report as string).split(" ");
  const reportOut = await Deno.makeTempDir({ prefix: "bench-report-" });
  const report = () => timed([deno, ...reportTask.slice(1), "--out", reportOut, projects]);
  const contenders: { name: string; run: () => Promise<Timed> }[] = [
    { name: "reader, 1 thread", run: () => reader(1) },
    { name: "reader, 2 worker threads", run: () => reader(2) },
    { name: "corpus --json (the CLI)", run: cli },
    { name: "analyze --json (the CLI)", run: analyze },
    { name: "report --out DIR (the CLI)", run: report },
  ];
  if (ccusage20) {
    contenders.push({
      name: "ccusage 20.0.24",
      run: () =>
        timed([ccusage20, "claude", "session", "--json", "--offline"], {
          CLAUDE_CONFIG_DIR: root,
        }),
    });
  }
  // Warm the page cache once so every contender reads from memory.
  await reader(1);
  const runs = contenders.map(() => [] as Timed[]);
  const busyBefore = machineBusySeconds();
  const startedAt = performance.now();
  for (let round = 0; round < rounds; round++) {
    for (const [i, contender] of contenders.entries()) runs[i].push(await contender.run());
  }
  const busyAfter = machineBusySeconds();
  console.log(`${rounds} round(s), contenders interleaved:`);
  if (busyBefore !== undefined && busyAfter !== undefined) {
    const ours = runs.flat().reduce((sum, t) => sum + t.userSeconds + t.systemSeconds, 0);
    const other = Math.max(0, busyAfter - busyBefore - ours);
    const share = other / ((performance.now() - startedAt) / 1000 * navigator.hardwareConcurrency);
    console.log(
      `other work on the machine during the rounds: ${other.toFixed(1)} CPU s ` +
        `(${(100 * share).toFixed(0)}% of its cores)` +
        (share > 0.05 ? ": these figures are not comparable with a quiet run's" : ""),
    );
  }
  for (const [i, contender] of contenders.entries()) {
    console.log(roundsLine(contender.name, bytes, runs[i]));
  }
  if (ccusage18) {
    const t = await timed([ccusage18, "session", "--json", "--offline"], {
      CLAUDE_CONFIG_DIR: root,
    });
    console.log(line("ccusage 18 (one run)", bytes, t));
  }
  const one = bytes / 1e6 / medianSeconds(runs[0]);
  console.log(`reader, 1 thread: ${one.toFixed(0)} MB/s median (target: 450 MB/s)`);
  await Deno.remove(reportOut, { recursive: true });
  const seconds = {
    corpus: medianSeconds(runs[2]),
    analyze: medianSeconds(runs[3]),
    ccusage: runs.length > 5 ? medianSeconds(runs[5]) : undefined,
  };
  for (const text of ratioLines(shape, seconds)) console.log(text);
  return seconds.ccusage === undefined ? undefined : seconds.ccusage / seconds.corpus;
}

if (import.meta.main) {
  const options = parseBenchArgs(Deno.args);
  if (options === "help") {
    console.log(USAGE);
    Deno.exit(0);
  }
  if (typeof options === "string") {
    console.error(`${options}\n\n${USAGE}`);
    Deno.exit(2);
  }
  console.log(`Machine: ${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}`);
  let ccusage20: string | undefined, ccusage18: string | undefined;
  if (!options.skipCcusage) {
    ccusage20 = await installCcusage("20.0.24");
    if (!ccusage20) console.log("ccusage 20.0.24: could not be installed from npm");
    ccusage18 = await installCcusage("18");
    if (!ccusage18) console.log("ccusage 18: could not be installed from npm");
  }
  const ratios: string[] = [];
  let first: string | undefined;
  const temporaries: string[] = [];
  const roots: string[] = [];
  try {
    for (const corpus of options.corpora) {
      let root = corpus.dir;
      if (root === undefined) {
        root = await Deno.makeTempDir({ prefix: `bench-${corpus.shape}-` });
        temporaries.push(root);
        console.error(`writing the ${corpus.shape} corpus …`);
        await makeBenchCorpus(root, corpus.shape!);
      }
      first ??= root;
      roots.push(root);
      console.log(`\n== corpus: ${corpus.name}`);
      const ratio = await benchCorpus(root, corpus.shape, options.rounds, ccusage20, ccusage18);
      if (ratio !== undefined) ratios.push(`${corpus.name} ${ratio.toFixed(2)}x`);
    }
    if (ratios.length > 1) {
      console.log(
        `\ncorpus --json / ccusage 20, same run: ${ratios.join(", ")} (targets: ${
          BENCH_SHAPES.map((shape) => `${shape} ${BENCH_TARGETS[shape].ccusage}x`).join(", ")
        })`,
      );
    }
    const deno = Deno.execPath();
    // The analyses on the first corpus; the read-cost measurement against the reader on each
    // (it should stay within 2x of the reader's time on every shape).
    const extras: [string, string[]][] = [
      ["bench/trigger_bench.ts", ["--corpus", first!]],
      ...roots.map((root): [string, string[]] => [
        "bench/readcost_bench.ts",
        ["--dir", root, "--rounds", "1"],
      ]),
    ];
    for (const [extra, args] of extras) {
      console.log(`\n== ${extra} ${args.join(" ")}`);
      const out = await new Deno.Command(deno, {
        args: ["run", "-A", extra, ...args],
        stdout: "inherit",
        stderr: "inherit",
      }).output();
      if (!out.success) console.log(`${extra} failed (exit ${out.code})`);
    }
  } finally {
    for (const dir of temporaries) await Deno.remove(dir, { recursive: true });
  }
}
