/**
 * The small things a new user met (issue: loose end 7), each as the user saw it: option bounds,
 * a file that is no transcript, plurals and the empty model table in messages.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { main as analyzeMain } from "../../cli/analyze.ts";
import { main as corpusMain } from "../../cli/corpus.ts";
import { analyzeFlagsFromValues } from "../../cli/_analyze_flags.ts";
import { renderReport } from "../../lib/report/render_report.ts";
import { runMain } from "../_capture.ts";
import { fixtureInputs, fixtureReport, fixtureSums } from "../report/_fixture.ts";

async function _withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "small_things_" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("--alpha 1e9 and other absurd values are refused with the bound", () => {
  // By hand: a cached token priced at 10^9 uncached tokens is no price list's.
  assert.throws(() => analyzeFlagsFromValues({ alpha: "1e9" }), /--alpha must be .* <= 10\b/);
  assert.throws(() => analyzeFlagsFromValues({ rho: "1e6" }), /--rho must be .* <= 100\b/);
  assert.throws(() => analyzeFlagsFromValues({ workloads: "1e9" }), /--workloads .* <= 100000/);
  assert.throws(() => analyzeFlagsFromValues({ threads: "5000" }), /--threads .* <= 64/);
  // The bounds leave every realistic value alone.
  assert.deepEqual(analyzeFlagsFromValues({ alpha: "1", rho: "8" }).options, { alpha: 1, rho: 8 });
});

Deno.test("a .txt file named as input is called not a transcript, not an empty sample", async () => {
  await _withDir(async (dir) => {
    const notes = join(dir, "notes.txt");
    await Deno.writeTextFile(notes, "some notes\n");
    for (const main of [corpusMain, analyzeMain]) {
      const run = await runMain(main, [notes]);
      assert.equal(run.code, 1, run.stderr);
      assert.match(run.stderr, /notes\.txt is not a transcript \(\*\.jsonl\)/);
      assert.doesNotMatch(run.stderr, /empty sample/);
    }
  });
});

Deno.test("messages: one file, one compaction, no empty model table", async () => {
  await _withDir(async (dir) => {
    const file = join(dir, "s.jsonl");
    await Deno.writeTextFile(file, '{"type":"user","message":{"content":"hi"}}\n');
    const run = await runMain(analyzeMain, [file]);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stderr, /\b1 file gave no request/);
    assert.doesNotMatch(run.stderr, /\b1 files\b|requests by model: \{\}/);
    // The same message with --model all (its counts come from the same read).
    const all = await runMain(analyzeMain, ["--model", "all", file]);
    assert.equal(all.code, 1, all.stderr);
    assert.match(
      all.stderr,
      /^analyze: empty sample: 1 file gave no request of any model \(0 malformed lines, 0 oversized lines, 1 session left out, no request names a model\)$/m,
    );
  });
});

Deno.test("the page: one compaction, and billed tokens in millions with one decimal", () => {
  const sums = fixtureSums();
  const inputs = fixtureInputs();
  const report = fixtureReport(sums, inputs);
  report.corpus.compactions.timed = 1;
  const html = renderReport({ report, sums, inputs, script: "void 0;" });
  assert.match(html, /1 compaction that carries a duration calibrates the time model/);
  assert.doesNotMatch(html, /\b1 compactions\b/);
  // The divisor row: millions with one decimal (fixture D = 250e6 → "250.0 million").
  assert.match(html, /250\.0 million/);
});
