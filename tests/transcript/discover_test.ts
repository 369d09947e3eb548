/**
 * Discovery of odd file kinds and names (FIFOs, symbolic-link loops, names that are not UTF-8),
 * in the three commands. Expected exit codes are the documented ones (README, each `--help`):
 * 4 for a path that exists but cannot be read.
 */
import assert from "node:assert/strict";
import { main as corpusMain } from "../../cli/corpus.ts";
import { main as analyzeMain } from "../../cli/analyze.ts";
import { main as measureMain } from "../../cli/measure.ts";
import { main as reportMain } from "../../cli/report.ts";
import { discoverTranscriptFiles } from "../../lib/transcript/discover.ts";
import { readCorpus } from "../../lib/transcript/read_corpus.ts";
import { measureReadCost } from "../../lib/readcost/measure_paths.ts";
import { runMain } from "../_capture.ts";

const quiet = { stdout: () => {}, stderr: () => {} };

const LINE = JSON.stringify({
  type: "assistant",
  uuid: "u1",
  requestId: "r1",
  timestamp: "2026-01-01T00:00:00.000Z",
  message: { id: "m1", model: "opus", usage: { input_tokens: 5, output_tokens: 2 } },
}) + "\n";

async function withDir(fn: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function mkfifo(path: string): Promise<void> {
  const { code } = await new Deno.Command("mkfifo", { args: [path] }).output();
  assert.equal(code, 0, "mkfifo failed");
}

Deno.test("discover: a FIFO named on the command line is not read (exit 4 in all three commands)", async () => {
  await withDir(async (dir) => {
    const fifo = `${dir}/x.jsonl`;
    await mkfifo(fifo);
    // Before the fix, corpus and analyze opened the FIFO and waited for a writer forever.
    const corpus = await runMain(corpusMain, [fifo]);
    assert.equal(corpus.code, 4);
    assert.match(corpus.stderr, /not a regular file or directory/);
    assert.equal((await runMain(analyzeMain, [fifo])).code, 4);
    assert.equal(await measureMain([fifo], quiet), 4);
  });
});

Deno.test("discover: a FIFO found while walking a directory is skipped", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/s.jsonl`, LINE);
    await mkfifo(`${dir}/pipe.jsonl`);
    const corpus = await readCorpus([dir]);
    assert.equal(corpus.files, 1);
    assert.equal(corpus.requests.length, 1);
    const measured = await measureReadCost([dir], { minTurns: 1 });
    assert.equal(measured.report.files.read, 1);
  });
});

Deno.test("discover: a symbolic-link loop named directly exits 4 in all three commands", async () => {
  await withDir(async (dir) => {
    const loop = `${dir}/loop.jsonl`;
    await Deno.symlink(loop, loop);
    const corpus = await runMain(corpusMain, [loop]);
    assert.equal(corpus.code, 4, corpus.stderr);
    assert.equal((await runMain(analyzeMain, [loop])).code, 4);
    assert.equal(await measureMain([loop], quiet), 4);
  });
});

/** Writes an empty file whose name holds the byte 0xFF (not UTF-8), through the shell. */
async function writeBadName(dir: string): Promise<void> {
  const { code } = await new Deno.Command("sh", {
    args: ["-c", `: > "$1/notes-$(printf '\\377').jsonl"`, "sh", dir],
  }).output();
  assert.equal(code, 0);
}

Deno.test("discover: a file name that is not UTF-8 is skipped and counted, not fatal", async () => {
  await withDir(async (dir) => {
    await Deno.mkdir(`${dir}/p`);
    await Deno.writeTextFile(`${dir}/p/s.jsonl`, LINE);
    await writeBadName(`${dir}/p`);
    const found = await discoverTranscriptFiles([dir]);
    assert.equal(found.files.length, 1);
    assert.equal(found.undecodableNames, 1);
    const corpus = await readCorpus([dir]);
    assert.equal(corpus.requests.length, 1);
    assert.equal(corpus.diagnostics.undecodableNames, 1);
    // The commands go on, and warn once.
    const run = await runMain(corpusMain, ["--json", dir]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(JSON.parse(run.stdout).diagnostics.undecodableNames, 1);
    assert.equal(run.stderr.match(/not valid UTF-8/g)?.length, 1);
    const err: string[] = [];
    const code = await measureMain(["--min-turns", "1", "--json", `${dir}/p`], {
      stdout: () => {},
      stderr: (t) => void err.push(t),
    });
    assert.equal(code, 0, err.join(""));
    assert.equal(err.join("").match(/not valid UTF-8/g)?.length, 1);
  });
});

Deno.test("discover: a file named directly whose name is not UTF-8 exits 4, saying the name cannot be represented, in all four commands", async () => {
  await withDir(async (dir) => {
    await writeBadName(dir);
    // Deno hands the program such an argument with U+FFFD in place of the byte 0xFF, and that
    // name leads nowhere: the file exists, yet the name typed cannot reach it.
    const named = `${dir}/notes-\uFFFD.jsonl`;
    const said = /name cannot be represented/;
    for (
      const [name, args] of [
        ["corpus", [named]],
        ["analyze", [named]],
        ["report", ["--out", `${dir}/out`, named]],
      ] as const
    ) {
      const main = name === "corpus" ? corpusMain : name === "analyze" ? analyzeMain : reportMain;
      const run = await runMain(main, [...args]);
      assert.equal(run.code, 4, `${name}: ${run.stderr}`);
      assert.match(run.stderr, said, name);
    }
    const err: string[] = [];
    assert.equal(
      await measureMain([named], { stdout: () => {}, stderr: (t) => void err.push(t) }),
      4,
    );
    assert.match(err.join(""), said);
    // A name that really holds U+FFFD is read, and one that does not exist at all is still 3.
    await Deno.writeTextFile(`${dir}/real-\uFFFD.jsonl`, LINE);
    assert.equal((await runMain(corpusMain, ["--json", `${dir}/real-\uFFFD.jsonl`])).code, 0);
    assert.equal((await runMain(corpusMain, [`${dir}/absent-\uFFFD.jsonl`])).code, 3);
    assert.equal(await measureMain([`${dir}/absent-\uFFFD.jsonl`], quiet), 3);
  });
});
