/**
 * The rework estimate on hand-made transcripts (every figure worked by hand below), read
 * through both reader paths, and on generated corpora against the truth the generator planted.
 */
import assert from "node:assert/strict";
import { estimateRework } from "../../lib/rework/mod.ts";
import { reworkGrowth } from "../../lib/rework/estimate.ts";
import { compactionWindows } from "../../lib/rework/windows.ts";
import { readCorpus } from "../../lib/transcript/read_corpus.ts";
import { PROFILES, withoutRework } from "../../data-synthetic/profiles.ts";
import { writeCorpus } from "../../data-synthetic/write_corpus.ts";
import { bash, type Call, fetchCorpusBothWays, read, sessionLines, type Step } from "./_fixture.ts";

const grep: Call = { name: "Grep", input: { pattern: "foo", path: "/p" }, chars: 8 };
const glob: Call = { name: "Glob", input: { pattern: "*.md" }, chars: 4 };

/**
 * K = 4. Rows 0-7 before the boundary (B = rows 4-7, the last one the request that crossed the
 * trigger), rows 8-11 window A, rows 12-13 after it. Tokens are ceil(chars / 4). Look-backs of
 * equal length: B's is rows 0-3, A's rows 4-7.
 *
 * B: row 4 Read a.ts (10: fetched in row 0), row 6 the same Grep as row 1 (2); row 5's `cat` and
 *   row 7's c.ts are new. T_B = 12, R_B = 2.
 * A: row 8 Read a.ts (10, re-read in B too); row 9 `cat /p/src/b.ts` (3: row 5's `cat src/b.ts`
 *   run in /p) beside a new Read (15); row 10 Read c.ts (5: fetched in row 7, the crossing one)
 *   beside a ranged Read of it (a target of its own); row 11 the Glob of row 2 (before A's
 *   look-back: not counted) and `ls` (first time). T_A = 18, R_A = 3.
 * Not fetches: row 3's `npm test`, row 13's Grep that failed.
 */
const SESSION_1: Step[] = [
  { calls: [read("/p/a.ts", 40)] },
  { calls: [grep] },
  { calls: [glob] },
  { calls: [bash("npm test", 100)] },
  { calls: [read("/p/a.ts", 40)] },
  { calls: [bash("cat src/b.ts", 12)] },
  { calls: [{ ...grep }] },
  { calls: [read("/p/c.ts", 20)] },
  "boundary",
  { calls: [read("/p/a.ts", 40)] },
  { calls: [bash("cat   /p/src/b.ts", 12), read("/p/new.ts", 60)] },
  { calls: [read("/p/c.ts", 20, { offset: 5 }), read("/p/c.ts", 20)] },
  { calls: [glob, bash("ls", 16)] },
  { calls: [read("/p/a.ts", 40)] },
  { calls: [{ ...grep, isError: true }] },
];

/**
 * Two boundaries two requests apart (K = 4): the first one's A reaches the second boundary, the
 * second one's B reaches back over the first. Neither is usable, whatever they re-read.
 */
const SESSION_2: Step[] = [
  ...Array.from({ length: 5 }, () => ({ calls: [read("/p/a.ts", 400)] })),
  "boundary",
  { calls: [read("/p/a.ts", 400)] },
  { calls: [read("/p/a.ts", 400)] },
  "boundary",
  ...Array.from({ length: 6 }, () => ({ calls: [read("/p/a.ts", 400)] })),
];

function files(copies: number) {
  const out = [];
  for (let k = 0; k < copies; k++) {
    out.push({ path: `p/s${k}.jsonl`, text: sessionLines(`s${k}`, SESSION_1).join("\n") + "\n" });
  }
  out.push({ path: "p/z.jsonl", text: sessionLines("z", SESSION_2).join("\n") + "\n" });
  return out;
}

Deno.test("rework windows: the hand-worked fixture, on both reader paths", () => {
  const corpus = fetchCorpusBothWays(files(1));
  // Session 1: 15 fetches (npm test and the failed Grep are none); session 2: 13.
  assert.equal(corpus.fetches!.length, 15 + 13);
  const { windows, shortfall } = compactionWindows(corpus, 4);
  assert.deepEqual(shortfall, { unplaced: 0, shortAfter: 1, shortBefore: 1 });
  assert.equal(windows.length, 1);
  const { tokensA, requestsA, tokensB, requestsB } = windows[0];
  assert.deepEqual({ tokensA, requestsA, tokensB, requestsB }, {
    tokensA: 18,
    requestsA: 3,
    tokensB: 12,
    requestsB: 2,
  });
});

Deno.test("rework estimate: ten copies of the fixture, excess by hand", () => {
  const estimate = estimateRework(fetchCorpusBothWays(files(10)), { windowRequests: 4, seed: 7 });
  // q = R_B / K = 2 / 4; ΔN = (R_A − R_B) / (1 − q) = 1 / 0.5 = 2;
  // ΔW = (T_A − T_B) + ΔN · T_B / K = 6 + 2 · 12 / 4 = 12. Every copy is alike: the bootstrap
  // interval is the point itself.
  assert.equal(estimate.source, "measured");
  assert.equal(estimate.compactions, 10);
  assert.deepEqual(estimate.tokensPerCompaction, { estimate: 12, low: 12, high: 12 });
  assert.deepEqual(estimate.requestsPerCompaction, { estimate: 2, low: 2, high: 2 });
  assert.equal(estimate.naiveTokensPerCompaction, 18);
  assert.equal(estimate.seed, 7);
  assert.equal(estimate.reason, null);
  // All C are 1000: no spread, a constant.
  assert.equal(estimate.growth?.kind, "constant");
});

Deno.test("rework estimate: nine usable compactions are too few", () => {
  const estimate = estimateRework(fetchCorpusBothWays(files(9)), { windowRequests: 4 });
  assert.equal(estimate.source, "none");
  assert.equal(estimate.compactions, 9);
  assert.equal(estimate.tokensPerCompaction, null);
  assert.match(estimate.reason!, /only 9 of 11 compactions have both windows/);
  // One usable compaction: "has" (one copy of the fixture and its two short ones, 1 of 3).
  const one = estimateRework(fetchCorpusBothWays(files(1)), { windowRequests: 4 });
  assert.equal(one.compactions, 1);
  assert.match(one.reason!, /^only 1 of \d+ compactions has both windows of 4 requests/);
});

Deno.test("rework estimate: bad options are refused with the value", () => {
  const corpus = fetchCorpusBothWays(files(1));
  assert.throws(() => estimateRework(corpus, { windowRequests: 0 }), /K must be .* got 0/);
  assert.throws(() => estimateRework(corpus, { draws: 1.5 }), /draws .* got 1.5/);
  assert.throws(() => estimateRework(corpus, { seed: -1 }), /seed .* got -1/);
});

/** The sample profile generated into a temporary folder and read with fetch targets. */
async function generated(noRework: boolean) {
  const dir = await Deno.makeTempDir({ prefix: "rework-" });
  try {
    const profile = noRework ? withoutRework(PROFILES.sample) : PROFILES.sample;
    const manifest = await writeCorpus({ profile, seed: 1, dir });
    const corpus = await readCorpus([dir], { fetchTargets: true });
    return { truth: manifest.expected.rework, estimate: estimateRework(corpus) };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("rework estimate: recovers the rework planted in the sample profile", async () => {
  const { truth, estimate } = await generated(false);
  assert.equal(estimate.source, "measured");
  // The same compactions as the generator's own count of complete windows.
  assert.equal(estimate.compactions, truth.compactions);
  assert.ok(truth.requestsPerCompaction > 1 && truth.tokensPerCompaction > 0);
  const t = estimate.tokensPerCompaction!, r = estimate.requestsPerCompaction!;
  assert.ok(t.low <= truth.tokensPerCompaction && truth.tokensPerCompaction <= t.high);
  assert.ok(r.low <= truth.requestsPerCompaction && truth.requestsPerCompaction <= r.high);
  assert.ok(estimate.naiveTokensPerCompaction! > truth.tokensPerCompaction);
});

Deno.test("rework estimate: finds nothing where nothing was planted", async () => {
  const { truth, estimate } = await generated(true);
  assert.equal(truth.tokensPerCompaction, 0);
  assert.equal(estimate.source, "measured");
  const t = estimate.tokensPerCompaction!, r = estimate.requestsPerCompaction!;
  assert.ok(t.low <= 0 && 0 <= t.high, JSON.stringify(t));
  assert.ok(r.low <= 0 && 0 <= r.high, JSON.stringify(r));
});

Deno.test("rework estimate: no path, command, pattern, URL or cwd reaches it", () => {
  const m = (k: number) => `QZXMARK${k} §`;
  const steps: Step[] = [];
  for (let k = 0; k < 12; k++) {
    steps.push({
      cwd: `/home/${m(k)}`,
      calls: [
        read(`/src/${m(k % 3)}/a.ts`, 40),
        bash(`cd ${m(1)} && cat ./${m(k % 2)}.ts`, 20),
        bash(`head -3 ./${m(k % 2)}.ts`, 20),
        { name: "Grep", input: { pattern: m(2), path: m(3), glob: m(4) }, chars: 8 },
        { name: "Glob", input: { pattern: `**/${m(5)}` }, chars: 8 },
        { name: "WebFetch", input: { url: `https://${m(6)}.test/`, prompt: m(7) }, chars: 80 },
      ],
    });
    if (k % 4 === 3) steps.push("boundary");
  }
  const corpus = fetchCorpusBothWays([{
    path: "p/s.jsonl",
    text: sessionLines("s", steps).join("\n"),
  }]);
  // The cd step names a folder with a space (the marker's): not read-like, the other four are.
  assert.equal(corpus.fetches!.length, 12 * 5);
  for (const K of [1, 2, 30]) {
    const text = JSON.stringify(estimateRework(corpus, { windowRequests: K })) +
      JSON.stringify(compactionWindows(corpus, K));
    assert.ok(!text.includes("QZXMARK"), text);
  }
  const table = corpus.fetches!;
  assert.ok(!JSON.stringify({ ...table, target: [...table.target] }).includes("QZXMARK"));
});

Deno.test("rework growth: one compaction with C reads 'only 1 compaction with C'", () => {
  // One window pair: q = 2 / 4, ΔN = (3 − 2) / 0.5 = 2; excess 30 − 20 + 2 · 20 / 4 = 20 tokens.
  const growth = reworkGrowth([{
    compaction: 0,
    inputTokens: 100000,
    tokensA: 30,
    requestsA: 3,
    tokensB: 20,
    requestsB: 2,
  }], 4);
  assert.equal(growth.kind, "constant");
  assert.match(growth.reason, /only 1 compaction with C \(a line needs at least 10\)/);
  assert.match(growth.reason, /^a constant, the mean excess of 20 tokens/);
});
