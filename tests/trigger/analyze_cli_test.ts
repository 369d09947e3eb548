import assert from "node:assert/strict";
import { main } from "../../cli/analyze.ts";
import { syntheticTranscripts } from "./_transcripts.ts";
import { type CapturedRun, runMain } from "../_capture.ts";

/** Runs the analyze CLI in-process, capturing stdout and stderr. */
function run(args: string[]): Promise<CapturedRun> {
  return runMain(main, args);
}

async function withCorpus(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    for (const f of syntheticTranscripts()) {
      await Deno.writeTextFile(`${dir}/${f.path.split("/").pop()}`, f.text);
    }
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const fast = ["--workloads", "4", "--trigger-from", "60000", "--trigger-to", "200000"];

Deno.test("analyze --json writes one byte-identical document per seed", async () => {
  await withCorpus(async (dir) => {
    const a = await run(["--json", ...fast, dir]);
    assert.equal(a.code, 0, a.stderr);
    const doc = JSON.parse(a.stdout);
    assert.equal(doc.schemaVersion, 1);
    assert.equal(doc.options.workloads, 4);
    assert.equal(doc.corpus.sessions.main, 3);
    const b = await run(["--json", ...fast, dir]);
    assert.equal(a.stdout, b.stdout);
    assert.ok(!a.stdout.includes(dir), "no paths in the output");
  });
});

Deno.test("analyze --compaction-step-share: previous by default, kept on request, recorded", async () => {
  await withCorpus(async (dir) => {
    const byDefault = JSON.parse((await run(["--json", ...fast, dir])).stdout);
    assert.equal(byDefault.options.compactionStepShare, "previous");
    const kept = await run(["--json", ...fast, "--compaction-step-share", "kept", dir]);
    assert.equal(kept.code, 0, kept.stderr);
    const spec = JSON.parse(kept.stdout);
    assert.equal(spec.options.compactionStepShare, "kept");
    // Same observed bill; the spec's rule replays the observed history higher (see
    // tests/trigger/analyze_test.ts for the figures).
    assert.deepEqual(spec.checks.observedBill, byDefault.checks.observedBill);
    assert.ok(
      spec.checks.replayAtObservedTrigger.ratioToObservedBill >
        byDefault.checks.replayAtObservedTrigger.ratioToObservedBill,
    );
  });
  assert.equal((await run(["--compaction-step-share", "warm", "x"])).code, 2);
  const help = (await run(["--help"])).stdout;
  assert.match(help, /--compaction-step-share previous\|kept/);
  assert.match(help, /\(default:\s+previous\)/);
  assert.match(help, /1\.0555x the observed bill with kept and 1\.0043x with previous/);
});

Deno.test("analyze text summary names the fit, the optimum, T* and the checks", async () => {
  await withCorpus(async (dir) => {
    const r = await run([...fast, "--method", "stationary", "--alpha", "0.1", dir]);
    assert.equal(r.code, 0, r.stderr);
    for (
      const part of [
        "Corpus:",
        "both",
        "summary only",
        "input only",
        "Cheapest trigger",
        "T* =",
        "ratio",
      ]
    ) {
      assert.ok(r.stdout.includes(part), part);
    }
  });
});

Deno.test("analyze flags: help, unknown flags, bad values, missing path", async () => {
  assert.equal((await run(["--help"])).code, 0);
  assert.match((await run(["--help"])).stdout, /--block-size INTEGER/);
  assert.equal((await run(["--bogus"])).code, 2);
  assert.equal((await run(["--workloads", "0", "x"])).code, 2);
  assert.equal((await run(["--method", "shuffle", "x"])).code, 2);
  assert.equal((await run(["--alpha", "abc", "x"])).code, 2);
  assert.equal((await run(["--trigger-from", "5e5", "--trigger-to", "1e5", "x"])).code, 2);
  assert.equal((await run(["/nonexistent/transcripts"])).code, 3);
});

Deno.test("analyze explains how to give a and v when the fit is impossible", async () => {
  const dir = await Deno.makeTempDir();
  try {
    // Transcripts without any compaction: nothing to fit.
    const line = (i: number) =>
      JSON.stringify({
        type: "assistant",
        uuid: `u${i}`,
        requestId: `r${i}`,
        timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, i * 10)).toISOString(),
        message: { id: `m${i}`, model: "x", usage: { cache_read_input_tokens: 1000 * (i + 1) } },
      });
    await Deno.writeTextFile(`${dir}/s.jsonl`, [0, 1, 2].map(line).join("\n") + "\n");
    const r = await run([dir]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /--a SECONDS_PER_TOKEN --v SUMMARY_TOKENS_PER_SECOND/);
    const empty = await run(["--model", "nothing", dir]);
    assert.equal(empty.code, 1);
    assert.match(empty.stderr, /no request of model nothing/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
