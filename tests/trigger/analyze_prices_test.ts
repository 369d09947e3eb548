import assert from "node:assert/strict";
import { analyzeTrigger } from "../../lib/trigger/analyze.ts";
import { priceCurves } from "../../lib/trigger/price_curves.ts";
import { corpusFromText } from "../../lib/transcript/mod.ts";
import { main } from "../../cli/analyze.ts";
import { runMain } from "../_capture.ts";

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();

/** One session of one model: growth to 250K, a compaction, then on. Synthetic records only. */
function corpusText(model: string): string {
  const ask = (i: number, read: number, write: number) =>
    JSON.stringify({
      type: "assistant",
      uuid: `u${i}`,
      requestId: `r${i}`,
      timestamp: at(10 * i),
      message: {
        id: `m${i}`,
        model,
        usage: {
          cache_read_input_tokens: read,
          cache_creation_input_tokens: write,
          output_tokens: 50,
        },
      },
    });
  return [
    ask(0, 0, 90000),
    ask(1, 90000, 60000),
    ask(2, 150000, 100000),
    JSON.stringify({
      type: "system",
      subtype: "compact_boundary",
      uuid: "b",
      timestamp: at(25),
      compactMetadata: { trigger: "auto", preTokens: 250000, durationMs: 4000 },
    }),
    JSON.stringify({
      type: "user",
      uuid: "s",
      isCompactSummary: true,
      timestamp: at(26),
      message: { role: "user", content: "x".repeat(20000) },
    }),
    ask(3, 10000, 5000),
    ask(4, 15000, 3000),
  ].join("\n");
}

Deno.test("analyze: Claude Opus 5.5 priced from the catalog, each price with its source", async () => {
  const corpus = corpusFromText([{ path: "a.jsonl", text: corpusText("claude-opus-5-5") }]);
  const { report } = await analyzeTrigger(corpus, { a: 1e-5, v: 80, workloads: 4 });
  assert.equal(report.prices.alpha, 0.05);
  assert.equal(report.prices.rho, 5);
  assert.equal(report.prices.inputUsdPerMillion, 4);
  assert.equal(report.prices.sources.alpha, "catalog");
  assert.equal(report.prices.sources.omega, "corpus");
  assert.equal(report.prices.catalogModel?.displayName, "Claude Opus 5.5");
  assert.equal(report.prices.tierThresholdTokens, null);
  const spread = report.steadyState.argminSpreadBlocks;
  assert.equal(spread.workloads, 4);
  assert.ok(spread.p10 !== null && spread.p10 <= spread.p50! && spread.p50! <= spread.p90!);
});

Deno.test("analyze: a tiered catalog model replays with tier sums and re-prices without replay", async () => {
  const corpus = corpusFromText([{
    path: "a.jsonl",
    text: corpusText("claude-sonnet-4-5-20250929"),
  }]);
  const run = await analyzeTrigger(corpus, { a: 1e-5, v: 80, workloads: 3 });
  assert.equal(run.report.prices.tierThresholdTokens, 200_000);
  assert.deepEqual(Array.from(run.sums.tiers!.thresholds), [200_000]);
  const again = priceCurves(run.sums, run.inputs);
  assert.equal(again.observed.costPerMillion[0], run.report.replay[0].observed.costPerMillion);
  // Options win over the catalog and say so.
  const given = await analyzeTrigger(corpus, {
    a: 1e-5,
    v: 80,
    workloads: 2,
    rho: 7,
    prices: { tiers: [] },
  });
  assert.equal(given.report.prices.rho, 7);
  assert.equal(given.report.prices.sources.rho, "option");
  assert.equal(given.report.prices.sources.tiers, "option");
  assert.equal(given.report.prices.tierThresholdTokens, null);
  assert.equal(given.sums.tiers, undefined);
});

Deno.test("analyze CLI: --prices FILE overrides, flags win; a bad file is exit 2", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/a.jsonl`, corpusText("claude-opus-5-5"));
    await Deno.writeTextFile(`${dir}/p.json`, JSON.stringify({ alpha: 0.08, rho: 9 }));
    await Deno.writeTextFile(`${dir}/bad.json`, JSON.stringify({ alpah: 0.08 }));
    const run = await runMain(main, [
      "--json",
      "--a",
      "1e-5",
      "--v",
      "80",
      "--workloads",
      "2",
      "--prices",
      `${dir}/p.json`,
      "--rho",
      "6",
      dir,
    ]);
    const code = run.code;
    assert.equal(code, 0);
    const report = JSON.parse(run.stdout);
    assert.equal(report.prices.alpha, 0.08);
    assert.equal(report.prices.rho, 6);
    assert.equal(report.prices.sources.alpha, "option");
    assert.equal(report.prices.sources.inputUsdPerMillion, "catalog");
    const error = console.error;
    console.error = () => {};
    try {
      assert.equal(await main(["--prices", `${dir}/bad.json`, dir]), 2);
      assert.equal(await main(["--prices", `${dir}/none.json`, dir]), 3);
    } finally {
      console.error = error;
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
