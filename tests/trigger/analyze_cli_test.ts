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
    // Same observed bill; the reproduced method's rule ("kept") replays the observed history
    // higher (see tests/trigger/analyze_test.ts for the figures).
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
  // The help explains the choice and points to the method for its measured effect (figures live
  // in docs/method.md, not in the help).
  assert.match(help, /warm \(docs\/method\.md, Choices/);
  assert.doesNotMatch(help, /\d\.\d{3,}x/);
});

Deno.test("analyze text summary names the fit, the optimum, T* and the checks", async () => {
  await withCorpus(async (dir) => {
    // --force: nine compactions grade low, which withholds the settings tested below.
    const r = await run([...fast, "--method", "stationary", "--alpha", "0.1", "--force", dir]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^Confidence: LOW: only 9 timed compactions/);
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
    // Nine compactions are too few for a line: G(C) is the median G, said with the reason and
    // the line that was fitted but not used (its slope's sign written once, no "+ -").
    assert.match(
      r.stdout,
      /G\(C\) = \d+ tokens, the median G of 9 compactions \(constant: only 9 compactions with C and G \(a line needs at least 10\); the fitted line -?\d+ [+-] \d+\.\d{5}\*C \(R\^2 [-\d.]+\) is not used\)/,
    );
    assert.match(r.stdout, /Recommendation: compact at \d+K tokens/);
    assert.match(r.stdout, /"autoCompactWindow": \d+/);
    assert.match(r.stdout, /CLAUDE_CODE_AUTO_COMPACT_WINDOW=\d+|CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=/);
    assert.match(r.stdout, /Caveat: /);
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

/** Writes `files` (name → lines) into a temporary folder and runs `fn` on it. */
async function withFiles(
  files: Record<string, string[]>,
  fn: (dir: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir();
  try {
    for (const [name, lines] of Object.entries(files)) {
      await Deno.writeTextFile(`${dir}/${name}`, lines.join("\n") + "\n");
    }
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();

/** An assistant request with cache reads and 5m writes, 50 output tokens. */
const ask = (i: number, s: number, read: number, write: number) =>
  JSON.stringify({
    type: "assistant",
    uuid: `u${i}`,
    requestId: `r${i}`,
    timestamp: at(s),
    message: {
      id: `m${i}`,
      model: "x",
      usage: {
        cache_read_input_tokens: read,
        cache_creation_input_tokens: write,
        output_tokens: 50,
      },
    },
  });

/** An automatic compaction: boundary with C and its duration, then a summary of G tokens. */
const compact = (i: number, s: number, c: number, g: number, seconds: number) => [
  JSON.stringify({
    type: "system",
    subtype: "compact_boundary",
    uuid: `b${i}`,
    timestamp: at(s),
    compactMetadata: { trigger: "auto", preTokens: c, durationMs: seconds * 1000 },
  }),
  JSON.stringify({
    type: "user",
    uuid: `s${i}`,
    isCompactSummary: true,
    timestamp: at(s + 1),
    message: { role: "user", content: "x".repeat(4 * g) }, // G = ceil(4g / 4) = g
  }),
];

// One session, two compactions; durations follow t = 1e-4·C + G/80 exactly.
// Compaction 1: C = 160000, G = 6000, t = 16 + 75 = 91 s; the next request has R = 26000.
// Compaction 2: C = 200000, G = 10000, t = 20 + 125 = 145 s; the next request has R = 30000.
const firstPart = [
  ask(0, 0, 0, 90000),
  ask(1, 10, 90000, 60000),
  ...compact(1, 105, 160000, 6000, 91),
  ask(2, 110, 10000, 16000),
  ask(3, 130, 26000, 100000),
];
const secondPart = [
  ask(4, 140, 126000, 60000),
  ...compact(2, 290, 200000, 10000, 145),
  ask(5, 300, 10000, 20000),
  ask(6, 320, 30000, 5000),
];
const quick = ["--workloads", "2", "--trigger-from", "100000", "--trigger-to", "300000"];

Deno.test("no compaction: exit 1, exactly the missing flags and an example command", async () => {
  // Transcripts without any compaction: nothing to fit.
  const lines = [0, 1, 2].map((i) => ask(i, 10 * i, 1000 * (i + 1), 500));
  await withFiles({ "s.jsonl": lines }, async (dir) => {
    const r = await run([dir]);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /the corpus has no compaction of model "x"/);
    assert.match(
      r.stderr,
      /missing: --a, --v, --summary-tokens, --post-prefix, --beta, --c-post \(/,
    );
    assert.ok(
      r.stderr.includes(
        `deno task analyze --a 9e-5 --v 80 --summary-tokens 8000 --post-prefix 58000 ` +
          `--beta 0.99 --c-post 0.3 ${dir}`,
      ),
      r.stderr,
    );
    // Given flags are not named again, and stay in the example.
    const some = await run(["--a", "1e-4", "--v", "60", "--beta", "0.95", dir]);
    assert.equal(some.code, 1);
    assert.match(some.stderr, /missing: --summary-tokens, --post-prefix, --c-post \(/);
    assert.ok(
      some.stderr.includes(
        `deno task analyze --summary-tokens 8000 --post-prefix 58000 --c-post 0.3 ` +
          `--a 1e-4 --v 60 --beta 0.95 ${dir}`,
      ),
      some.stderr,
    );
    // Everything given: the analysis runs, and the document says what was given.
    const all = await run([
      "--json",
      ...quick,
      ...["--a", "1e-4", "--v", "60", "--summary-tokens", "8000", "--post-prefix", "20000"],
      ...["--beta", "0.95", "--c-post", "0.3", dir],
    ]);
    assert.equal(all.code, 0, all.stderr);
    const doc = JSON.parse(all.stdout);
    assert.deepEqual(
      [doc.options.summaryTokens, doc.options.postPrefix, doc.options.beta, doc.options.cPost],
      [8000, 20000, 0.95, 0.3],
    );
    assert.deepEqual(doc.fit.compactionModelSource, {
      summaryTokens: "options",
      postPrefix: "options",
      beta: "options",
      cPost: "options",
    });
    assert.equal(doc.fit.timeModelSource, "options");
    assert.equal(doc.fit.summaryModel.method, "options");
    assert.equal(doc.fit.postPrefix, 20000);
    const text = await run([
      ...quick,
      ...["--a", "1e-4", "--v", "60", "--summary-tokens", "8000", "--post-prefix", "20000"],
      ...["--beta", "0.95", "--c-post", "0.3", dir],
    ]);
    assert.match(
      text.stdout,
      /G\(C\) = 8000 tokens \(constant: given\); R\(C\) = 20000 \+ G\(C\) \(given\); beta 0\.950 \(given\), c_post 0\.300 \(given\)/,
    );
    assert.match(text.stdout, /not fitted: Cannot fit summary model: the corpus has no compaction/);
    const empty = await run(["--model", "nothing", dir]);
    assert.equal(empty.code, 1);
    // The amended message names the models with their request counts and the per-model view.
    assert.match(
      empty.stderr,
      /no request of model nothing: 3 requests by model \(x 3\)/,
    );
    assert.match(empty.stderr, /--model all/);
  });
});

Deno.test("analyze: out-of-range compaction model flags are usage errors", async () => {
  for (
    const args of [
      ["--beta", "1.5"],
      ["--beta=-0.1"],
      ["--c-post", "2"],
      ["--summary-tokens", "abc"],
      ["--summary-tokens=-1"],
      ["--post-prefix", ""],
    ]
  ) {
    const r = await run([...args, "x"]);
    assert.equal(r.code, 2, args.join(" "));
    assert.match(r.stderr, new RegExp(`${args[0].split("=")[0]} must be a number`));
  }
  const help = (await run(["--help"])).stdout;
  for (const flag of ["--summary-tokens TOKENS", "--post-prefix TOKENS", "--beta SHARE"]) {
    assert.ok(help.includes(flag), flag);
  }
  assert.match(help, /--c-post SHARE\s+Cached share of the first request after a compaction/);
});

Deno.test("one compaction: --a and --v are missing; given, G(C) is the median G", async () => {
  await withFiles({ "s.jsonl": firstPart }, async (dir) => {
    const r = await run([...quick, dir]);
    assert.equal(r.code, 1);
    // One timed compaction: the time fit cannot run; the compaction model can be fitted.
    assert.match(r.stderr, /Cannot fit time model: only 1 timed compaction \(input size/);
    assert.match(r.stderr, /missing: --a, --v \(/);
    assert.ok(r.stderr.includes(`deno task analyze --a 9e-5 --v 80 ${quick.join(" ")} ${dir}`));
    const json = await run(["--json", "--a", "1e-4", "--v", "80", ...quick, dir]);
    assert.equal(json.code, 0, json.stderr);
    const doc = JSON.parse(json.stdout);
    // G(C) = 6000 (the one G); P = R − G = 26000 − 6000 = 20000.
    assert.deepEqual(doc.fit.summaryModel, {
      kind: "constant",
      reason: "only 1 compaction with C and G (a line needs at least 10)",
      g0: 6000,
      g1: 0,
      rSquared: null,
      tStatistic: null,
      criticalT: null,
      line: null,
      minSummaryTokens: 0,
      n: 1,
      method: "median",
    });
    assert.equal(doc.fit.postPrefix, 20000);
    const text = await run(["--a", "1e-4", "--v", "80", ...quick, dir]);
    assert.match(
      text.stdout,
      /G\(C\) = 6000 tokens, the median G of 1 compaction \(constant: only 1 compaction with C and G \(a line needs at least 10\)\)/,
    );
  });
});

Deno.test("two compactions: the time fit runs, G(C) is the median G, said in the output", async () => {
  await withFiles({ "s.jsonl": [...firstPart, ...secondPart] }, async (dir) => {
    const json = await run(["--json", ...quick, dir]);
    assert.equal(json.code, 0, json.stderr);
    const doc = JSON.parse(json.stdout);
    // Two points, two coefficients: the fit is exact, a = 1e-4, v = 80.
    assert.ok(Math.abs(doc.fit.both.a - 1e-4) < 1e-12);
    assert.ok(Math.abs(doc.fit.both.v - 80) < 1e-9);
    // G: median of 6000 and 10000 = 8000; P = 20000 both times; β = median of the shares before:
    // 90000/150000 = 0.6 and 126000/186000; c_post = median of 10000/26000 and 10000/30000.
    // The line through the two points (160000, 6000), (200000, 10000): g1 = 4000/40000 = 0.1,
    // g0 = 6000 − 16000 = −10000, R² = 1, no degree of freedom for a t statistic; not used.
    const m = doc.fit.summaryModel;
    assert.deepEqual(
      { ...m, line: null },
      {
        kind: "constant",
        reason: "only 2 compactions with C and G (a line needs at least 10)",
        g0: 8000,
        g1: 0,
        rSquared: m.rSquared,
        tStatistic: null,
        criticalT: null,
        line: null,
        minSummaryTokens: 0,
        n: 2,
        method: "median",
      },
    );
    assert.ok(Math.abs(m.line.g1 - 0.1) < 1e-12 && Math.abs(m.line.g0 + 10000) < 1e-6);
    assert.ok(Math.abs(m.rSquared - 1) < 1e-12);
    assert.equal(doc.fit.postPrefix, 20000);
    assert.ok(Math.abs(doc.fit.beta - (0.6 + 126000 / 186000) / 2) < 1e-15);
    assert.ok(Math.abs(doc.fit.cPost - (10000 / 26000 + 10000 / 30000) / 2) < 1e-15);
    assert.deepEqual(doc.fit.compactionModelSource, {
      summaryTokens: "fit",
      postPrefix: "fit",
      beta: "fit",
      cPost: "fit",
    });
    const text = await run([...quick, dir]);
    assert.match(text.stdout, /the median G of 2 compactions \(constant: only 2 compactions/);
    // A given value overrides the fitted one, and says so.
    const given = JSON.parse((await run(["--json", "--beta", "0.5", ...quick, dir])).stdout);
    assert.equal(given.fit.beta, 0.5);
    assert.equal(given.fit.compactionModelSource.beta, "options");
    assert.equal(given.fit.compactionModelError, null);
  });
});

Deno.test("analyze --max-time-share and --context-window: recorded, and the setting follows", async () => {
  await withCorpus(async (dir) => {
    const base = JSON.parse(
      (await run(["--json", ...fast, "--context-window", "1000000", dir])).stdout,
    );
    assert.equal(base.options.contextWindow, 1000000);
    assert.equal(base.recommendation.contextWindow, 1000000);
    const shares = base.replay.map((p: { timeShare: { mean: number } }) => p.timeShare.mean);
    const budget = Math.min(...shares) + 1e-9;
    const r = await run(["--json", ...fast, "--max-time-share", String(budget), dir]);
    assert.equal(r.code, 0, r.stderr);
    const doc = JSON.parse(r.stdout);
    assert.equal(doc.options.maxTimeShare, budget);
    // Only the point with the lowest time share qualifies.
    assert.equal(
      doc.recommendation.trigger,
      base.replay[shares.indexOf(Math.min(...shares))].trigger,
    );
    const none = await run([...fast, "--max-time-share", "0", dir]);
    assert.equal(none.code, 0, none.stderr);
    assert.match(
      none.stdout,
      /Recommendation: none within a time share of 0\.0%: no trigger of the grid/,
    );
    for (
      const bad of [["--max-time-share", "1.5"], ["--context-window", "0"], [
        "--max-time-share=-0.1",
      ]]
    ) {
      assert.equal((await run([...bad, dir])).code, 2, bad.join(" "));
    }
    const help = (await run(["--help"])).stdout;
    assert.match(help, /--max-time-share SHARE/);
    assert.match(help, /--context-window TOKENS/);
    assert.match(help, /--model NAME\|all/);
  });
});

Deno.test("analyze --model all: every model on its own, then the comparison", async () => {
  const dir = await Deno.makeTempDir();
  try {
    for (const f of syntheticTranscripts({ model: "model-a" })) {
      await Deno.writeTextFile(`${dir}/a-${f.path.split("/").pop()}`, f.text);
    }
    // A second model without compactions: it is listed, with why and the flags it misses.
    await Deno.writeTextFile(
      `${dir}/b.jsonl`,
      [0, 1, 2].map((i) => ask(i, 10 * i, 1000 * (i + 1), 500)).join("\n") + "\n",
    );
    const json = await run(["--json", "--model", "all", ...fast, dir]);
    assert.equal(json.code, 0, json.stderr);
    const doc = JSON.parse(json.stdout);
    assert.deepEqual(Object.keys(doc), [
      "schemaVersion",
      "options",
      "models",
      "comparison",
      "modelsWithoutSession",
    ]);
    assert.deepEqual(doc.models.map((m: { model: string }) => m.model), ["model-a", "x"]);
    assert.equal(doc.models[0].analysis.corpus.model, "model-a");
    assert.equal(doc.models[0].analysis.options.workloads, 4);
    assert.match(doc.models[1].error.message, /no compaction of model "x"/);
    assert.equal(doc.comparison[1].requests, 3);
    assert.equal(doc.comparison[1].cheapestTrigger, null);
    assert.equal(
      doc.comparison[0].cheapestTrigger,
      doc.models[0].analysis.steadyState.replayArgminTokens,
    );
    const again = await run(["--json", "--model", "all", ...fast, dir]);
    assert.equal(again.stdout, json.stdout, "byte-identical");
    assert.ok(!json.stdout.includes(dir), "no paths in the output");
    const text = await run(["--model", "all", ...fast, dir]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /=== model-a ===/);
    assert.match(
      text.stdout,
      /=== x ===\nNot analysed: .*\nCorpus: .*\nPrices: .*\nObserved bill: \$[\d.]+ per million.*\nNo curves: they need --a, --v, --summary-tokens/,
    );
    // The flags are named once, on the "No curves" line, not in option names before it.
    assert.match(text.stdout, /=== x ===\nNot analysed: cannot fit [^\n]*model "x"\.\n/);
    assert.doesNotMatch(text.stdout, /as options instead/);
    assert.match(text.stdout, /Comparison \(each model's cost per million/);
    assert.match(text.stdout, /\n {2}x +1 +3 /);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
