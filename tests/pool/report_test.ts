/**
 * `report --tables`: the report page of a pool is the report of the whole corpus on every
 * deterministic figure. The sample (and a held-out-like corpus) is split into two exports and
 * pooled; `runReport` writes the page of the pool and of the whole corpus, and the test compares
 * what the page is built from (its embedded report data but the resampled sums), the
 * deterministic figures of analysis.json, the sections made of deterministic figures only, and
 * the timeline figure byte for byte. The resampled bands, the cheapest trigger among them and
 * the sections that print them are not compared: the pool orders sessions by key, so the same
 * seed draws other (equally valid) workloads (docs/pool.md). Skipped without DuckDB, except
 * under CI=true.
 *
 * @module
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runReport } from "../../cli/report.ts";
import { readCorpus } from "../../lib/transcript/read_corpus.ts";
import { analyzeFlagsFromValues } from "../../cli/_analyze_flags.ts";
import {
  close,
  deterministic,
  generatedCorpus,
  RUN,
  SAMPLE,
  SKIPPED,
  splitPool,
} from "./_pool_helpers.ts";

/** The page's sections made of deterministic figures only (no resampled band or argmin). */
const DETERMINISTIC_SECTIONS = [
  "corpus",
  "fit",
  "timeline",
  "method",
  "formula",
  "how-to-read",
] as const;

/** Each `<section id>`'s markup. */
function sections(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<section id="([^"]+)">([\s\S]*?)<\/section>/g)].map((m) => [m[1], m[2]]),
  );
}

/** The page's embedded report data (`#report-data`). */
function reportData(html: string): Record<string, unknown> {
  const m = html.match(/<script type="application\/json" id="report-data">([^<]*)<\/script>/);
  assert.ok(m, "the page embeds its data");
  return JSON.parse(m[1]);
}

async function samePage(root: string, label: string, rework: "off" | "auto"): Promise<void> {
  const out = await Deno.makeTempDir();
  try {
    await splitPool(root, join(out, "pool"));
    const analysis = analyzeFlagsFromValues({ workloads: "8", rework });
    // The settings in use are this machine's: read by neither run, so both pages say the same.
    const base = { analysis, readSettings: false };
    const whole = await runReport({ ...base, paths: [root], out: join(out, "whole") });
    assert.equal(whole, 0, `${label}: whole-corpus report`);
    const pooled = await runReport({
      ...base,
      paths: [],
      tables: join(out, "pool"),
      out: join(out, "pooled"),
    });
    assert.equal(pooled, 0, `${label}: pooled report`);
    const read = (dir: string, name: string) => Deno.readTextFile(join(out, dir, name));
    const [htmlA, htmlB] = [
      await read("whole", "report.html"),
      await read("pooled", "report.html"),
    ];
    // What the page is built from: everything but the resampled sums.
    const { sums: sumsA, ...dataA } = reportData(htmlA) as { sums: { triggers: number[] } };
    const { sums: sumsB, ...dataB } = reportData(htmlB) as { sums: { triggers: number[] } };
    close(dataB, dataA, `${label}: report data`);
    assert.deepEqual(sumsB.triggers, sumsA.triggers, `${label}: the trigger grid`);
    assert.ok(sumsA.triggers.length > 10);
    // The analysis document: equal on every deterministic figure; the pool block added.
    const docA = JSON.parse(await read("whole", "analysis.json"));
    const docB = JSON.parse(await read("pooled", "analysis.json"));
    const { filters: _a, ...optionsA } = docA.options;
    const { filters: _b, ...optionsB } = docB.options;
    close(
      deterministic({ ...docB, options: optionsB }),
      deterministic({ ...docA, options: optionsA }),
      `${label}: analysis.json`,
    );
    assert.equal(docB.pool.contributors, 2);
    // Every compaction of the model's sessions, as the reader's table holds them.
    const corpus = await readCorpus([root]);
    assert.equal(docB.pool.compactions, corpus.compactions.length);
    assert.equal(docA.pool, undefined);
    // The sections of deterministic figures, markup for markup.
    const a = sections(htmlA), b = sections(htmlB);
    for (const id of DETERMINISTIC_SECTIONS) {
      if (id === "timeline" && a.timeline === undefined) continue;
      assert.ok(a[id] !== undefined, `${label}: section ${id}`);
      assert.equal(b[id], a[id], `${label}: section ${id}`);
    }
    if (a.timeline !== undefined) {
      assert.equal(
        await read("pooled", "timeline.svg"),
        await read("whole", "timeline.svg"),
        `${label}: timeline.svg`,
      );
    }
    // What a pool cannot carry: the read cost (it needs the tool results' texts).
    assert.ok(a["read-cost"] !== undefined && b["read-cost"] === undefined, label);
    assert.ok(b.pool !== undefined && a.pool === undefined, label);
    assert.match(b.pool, /What a pool leaves out/);
    assert.match(b.pool, /汇总数据缺少的部分/);
    assert.match(b.pool, /read-cost measurement/);
    // The rework: measured from the exports' windows when the whole corpus measures it.
    assert.equal(docB.rework.source, docA.rework.source);
    if (rework === "auto" && label === "sample") {
      assert.equal(docB.rework.source, "measured");
      assert.match(b.pool, /is measured from the rework windows the exports carry/);
    }
    await assert.rejects(read("pooled", "read-cost.json"), Deno.errors.NotFound);
    JSON.parse(await read("whole", "read-cost.json"));
  } finally {
    await Deno.remove(out, { recursive: true });
  }
}

Deno.test({
  name: `pool report: the sample's pooled page is the whole sample's, rework measured${SKIPPED}`,
  ignore: !RUN,
  fn: () => samePage(SAMPLE, "sample", "auto"),
});

Deno.test({
  name: `pool report: a held-out-like corpus (small, seed 7) too, rework off${SKIPPED}`,
  ignore: !RUN,
  fn: async () => {
    const dir = await generatedCorpus();
    try {
      await samePage(dir, "small seed 7", "off");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
