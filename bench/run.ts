/**
 * `deno task bench`: throughput and memory figures, printed (never asserted).
 *
 * Reader: MB/s and peak RSS of `readCorpus` on one and on two worker threads, beside ccusage 20
 * (native build) and ccusage 18 (JavaScript build) reading the same corpus, each installed by
 * this script into a temporary folder (never a project dependency). Then, when present, the
 * benchmarks of the analyses (`bench/trigger_bench.ts`, `bench/readcost_bench.ts`).
 *
 * Corpus: `--corpus DIR` (a folder holding `projects/`), else a ~460 MB transcript-shaped corpus
 * written to a temporary folder.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { makeBenchCorpus } from "./_make_corpus.ts";

interface Timed {
  seconds: number;
  peakKb: number;
  stdout: string;
}

/** Runs a command under /usr/bin/time -f, returning wall seconds and peak RSS. */
async function timed(cmd: string[], env: Record<string, string> = {}): Promise<Timed> {
  const output = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "__TIME__ %e %M", ...cmd],
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  const match = stderr.match(/__TIME__ ([\d.]+) (\d+)/);
  if (!output.success || !match) {
    throw new Error(`Benchmark command failed: ${cmd.join(" ")}\n${stderr.slice(-2000)}`);
  }
  return {
    seconds: Number(match[1]),
    peakKb: Number(match[2]),
    stdout: new TextDecoder().decode(output.stdout),
  };
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

function line(name: string, bytes: number, t: { seconds: number; peakKb: number }): string {
  const mbs = bytes / 1e6 / t.seconds;
  return `${name.padEnd(34)} ${mbs.toFixed(0).padStart(6)} MB/s  ${
    t.seconds.toFixed(2).padStart(6)
  } s  ` +
    `peak ${(t.peakKb / 1024).toFixed(0).padStart(5)} MB`;
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { corpus: { type: "string" }, "skip-ccusage": { type: "boolean", default: false } },
  });
  let root = values.corpus;
  let temporary: string | undefined;
  if (!root) {
    temporary = await Deno.makeTempDir({ prefix: "bench-corpus-" });
    console.error("writing a ~460 MB benchmark corpus …");
    await makeBenchCorpus(temporary, 460);
    root = temporary;
  }
  try {
    const projects = `${root}/projects`;
    const bytes = await duBytes(projects);
    console.log(`Corpus: ${(bytes / 1e6).toFixed(0)} MB of JSONL under ${projects}`);
    console.log(`Machine: ${navigator.hardwareConcurrency} cores, Deno ${Deno.version.deno}`);
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
    // Warm the page cache once so every contender reads from memory.
    await reader(1);
    console.log(line("reader, 1 thread", bytes, await reader(1)));
    console.log(line("reader, 2 worker threads", bytes, await reader(2)));
    if (!values["skip-ccusage"]) {
      for (
        const [version, args] of [["20.0.24", ["claude", "session"]], ["18", ["session"]]] as const
      ) {
        const bin = await installCcusage(version);
        if (!bin) {
          console.log(`ccusage ${version}: could not be installed from npm`);
          continue;
        }
        const t = await timed([bin, ...args, "--json", "--offline"], { CLAUDE_CONFIG_DIR: root });
        console.log(line(`ccusage ${version}`, bytes, t));
      }
    }
    const extras: [string, string[]][] = [
      ["bench/trigger_bench.ts", ["--corpus", root]],
      ["bench/readcost_bench.ts", ["--dir", root, "--rounds", "1"]],
    ];
    for (const [extra, args] of extras) {
      console.log(`\n== ${extra}`);
      const out = await new Deno.Command(deno, {
        args: ["run", "-A", extra, ...args],
        stdout: "inherit",
        stderr: "inherit",
      }).output();
      if (!out.success) console.log(`${extra} failed (exit ${out.code})`);
    }
  } finally {
    if (temporary) await Deno.remove(temporary, { recursive: true });
  }
}
