import assert from "node:assert/strict";
import { dataTriggerGrid, gridAround } from "../../lib/trigger/data_trigger_grid.ts";
import { corpusFromText } from "../../lib/transcript/mod.ts";

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
let n = 0;
function ask(read: number, write: number, s: number): string {
  n++;
  return JSON.stringify({
    type: "assistant",
    uuid: `u${n}`,
    requestId: `r${n}`,
    timestamp: at(s),
    message: {
      id: `m${n}`,
      model: "m",
      usage: {
        cache_read_input_tokens: read,
        cache_creation_input_tokens: write,
        output_tokens: 50,
      },
    },
  });
}
function boundary(preTokens: number, s: number): string {
  n++;
  return JSON.stringify({
    type: "system",
    subtype: "compact_boundary",
    uuid: `b${n}`,
    timestamp: at(s),
    compactMetadata: { trigger: "auto", preTokens, durationMs: 4000 },
  });
}

Deno.test("dataTriggerGrid: around the observed trigger, the median automatic C", () => {
  // Three automatic compactions at 100K, 120K, 140K: median 120K (by hand). Step: 2.05 × 120K / 64
  // = 3,843.75 -> 2,500; from 0.45 × 120K = 54K -> 52.5K; to 2.5 × 120K = 300K.
  const text = [
    ask(0, 90_000, 0),
    boundary(100_000, 10),
    ask(10_000, 5_000, 20),
    boundary(120_000, 30),
    ask(10_000, 5_000, 40),
    boundary(140_000, 50),
    ask(10_000, 5_000, 60),
  ].join("\n");
  const corpus = corpusFromText([{ path: "a.jsonl", text }]);
  assert.deepEqual(dataTriggerGrid(corpus), {
    from: 52_500,
    to: 300_000,
    step: 2_500,
    centre: 120_000,
    source: "observed",
  });
  // A bound given is kept; the rest still comes from the data.
  assert.deepEqual(dataTriggerGrid(corpus, { to: 500_000 }).to, 500_000);
  assert.equal(dataTriggerGrid(corpus, { to: 500_000 }).from, 52_500);
});

Deno.test("dataTriggerGrid: without compactions, around the sessions' peak context", () => {
  // One session peaking at 20K + 40K = 60K context (read + write); p90 of one value is 60K.
  // Step 2.05 × 60K / 64 = 1,921.9 -> 1,000; from 27K; to 150K.
  const corpus = corpusFromText([{
    path: "a.jsonl",
    text: [ask(0, 20_000, 0), ask(20_000, 40_000, 10)].join("\n"),
  }]);
  const grid = dataTriggerGrid(corpus);
  assert.equal(grid.source, "peak");
  assert.deepEqual([grid.from, grid.to, grid.step], [27_000, 150_000, 1_000]);
});

Deno.test("dataTriggerGrid: everything given is kept as given", () => {
  const corpus = corpusFromText([{ path: "a.jsonl", text: ask(0, 1000, 0) }]);
  assert.deepEqual(dataTriggerGrid(corpus, { from: 1, to: 2, step: 1 }), {
    from: 1,
    to: 2,
    step: 1,
    centre: null,
    source: "given",
  });
});

Deno.test("gridAround: a round step near 64 points", () => {
  // 1M: 2.05M / 64 = 32,031 -> 25,000; from 450K; to 2.5M (by hand).
  assert.deepEqual(gridAround(1_000_000), { from: 450_000, to: 2_500_000, step: 25_000 });
  for (const centre of [3_000, 16_164, 167_000, 900_000]) {
    const g = gridAround(centre);
    const points = (g.to - g.from) / g.step + 1;
    assert.ok(points >= 33 && points <= 133, `${centre}: ${points} points`);
  }
});
