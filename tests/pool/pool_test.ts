/**
 * The pool through DuckDB: a corpus split into two exports, pooled, gives the same analysis as
 * the whole corpus on every deterministic figure (counts, fits, observed bill, T*, the observed
 * curve, the rework estimate with its interval: measured here from the fetch targets, there from
 * the rework windows the exports carry), on the sample and on a held-out-like corpus (the generator's `small` profile with
 * another seed); the request tables come back from DuckDB value for value; the filters run as
 * SQL. Needs DuckDB in pool/node_modules (`deno task pool-install`): without it these tests are
 * skipped with a name that says so, except under CI=true, where they run (and fail).
 *
 * @module
 */
import assert from "node:assert/strict";
import { readCorpus, readCorpusPerModel } from "../../lib/transcript/read_corpus.ts";
import { sessionIdentities } from "../../lib/transcript/assemble_corpus.ts";
import type { Corpus } from "../../lib/transcript/tables.ts";
import { poolCorpora, readPool } from "../../lib/pool/read_pool.ts";
import { sessionKeyer } from "../../lib/pool/session_key.ts";
import { analyzeTrigger } from "../../lib/trigger/analyze.ts";

import {
  close,
  deterministic,
  generatedCorpus,
  RUN,
  SAMPLE,
  SECRET,
  SKIPPED,
  splitPool,
} from "./_pool_helpers.ts";

/** Per session (keyed as the export keys it), the request columns. */
function bySession(corpus: Corpus, keys: string[]) {
  const out = new Map<string, number[][]>();
  const r = corpus.requests;
  for (let s = 0; s < corpus.sessions.length; s++) {
    const rows = [];
    const first = corpus.sessions.firstRequest[s];
    for (let i = first; i < first + corpus.sessions.requestCount[s]; i++) {
      rows.push([
        r.timeMs[i],
        r.input[i],
        r.cacheWrite5m[i],
        r.cacheWrite1h[i],
        r.cacheRead[i],
        r.output[i],
        r.context[i],
        r.cachedShare[i],
        r.gapSeconds[i],
        r.compactionBefore[i] < 0 ? -1 : corpus.compactions.inputTokens[r.compactionBefore[i]],
      ]);
    }
    out.set(keys[s] ?? String(s), rows);
  }
  return out;
}

async function roundTrip(root: string, label: string): Promise<void> {
  const out = await Deno.makeTempDir();
  try {
    // The first project folder comes last in the pool: its compactions, and so the rework
    // windows, come in another order than the reader's.
    await splitPool(root, out, ["b", "a"]);
    const read = await readPool(out, {}, 300);
    assert.equal(read.manifests.length, 2);
    // Every model: the pooled corpus equals the reader's, request for request.
    const { corpora } = await readCorpusPerModel([root]);
    const pooled = poolCorpora(read, "all");
    assert.deepEqual(pooled.map((c) => c.model), corpora.map((c) => c.model), label);
    const key = sessionKeyer(SECRET);
    for (const [i, whole] of corpora.entries()) {
      const keys = sessionIdentities(whole)!.map(key);
      const mine = bySession(whole, keys);
      // The pool orders sessions by (contributor, key): compare them as a set of sequences.
      const theirs = [...bySession(pooled[i], []).values()].map((rows) => JSON.stringify(rows));
      const ours = [...mine.values()].map((rows) => JSON.stringify(rows));
      assert.equal(theirs.length, ours.length, `${label} ${whole.model}: sessions`);
      assert.deepEqual(theirs.sort(), ours.sort(), `${label} ${whole.model}: request columns`);
      assert.equal(pooled[i].compactions.length, whole.compactions.length);
    }
    // The default model's analysis: equal on every deterministic figure.
    // With fetch targets: the rework is measured from them here, from the exports' windows there.
    const whole = await readCorpus([root], { fetchTargets: true });
    const [pool] = poolCorpora(read);
    assert.equal(pool.model, whole.model);
    const a = (await analyzeTrigger(pool, { workloads: 8 })).report;
    const b = (await analyzeTrigger(whole, { workloads: 8 })).report;
    close(deterministic(a), deterministic(b), label);
    assert.ok(a.replay.length > 10 && a.corpus.compactions.auto > 0, `${label}: a real analysis`);
    // The rework: equal estimate, interval, naive figure and growth (the bootstrap draws from
    // the window pairs ordered by their figures, so the pool's order does not matter).
    assert.equal(a.rework!.source, b.rework!.source, label);
    if (label === "sample") assert.equal(a.rework!.source, "measured");
  } finally {
    await Deno.remove(out, { recursive: true });
  }
}

Deno.test({
  name: `pool: the sample split into two exports analyses as the whole sample${SKIPPED}`,
  ignore: !RUN,
  fn: () => roundTrip(SAMPLE, "sample"),
});

Deno.test({
  name: `pool: a held-out-like corpus (profile small, seed 7) round-trips too${SKIPPED}`,
  ignore: !RUN,
  fn: async () => {
    const dir = await generatedCorpus();
    try {
      await roundTrip(dir, "small seed 7");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: `pool: --since, --until and contributors run as SQL, by each session's start${SKIPPED}`,
  ignore: !RUN,
  fn: async () => {
    const out = await Deno.makeTempDir();
    try {
      await splitPool(SAMPLE, out);
      const whole = await readCorpus([SAMPLE]);
      // Independent count: sessions of the model whose first request's UTC date is in range.
      const days = [...whole.sessions.firstRequest].map((row, s) => {
        let min = Infinity;
        for (let i = row; i < row + whole.sessions.requestCount[s]; i++) {
          min = Math.min(min, whole.requests.timeMs[i]);
        }
        return new Date(min).toISOString().slice(0, 10);
      });
      const sorted = [...new Set(days)].sort();
      assert.ok(sorted.length >= 2, "the sample spans several days");
      const since = sorted[1];
      const until = sorted[sorted.length - 2] ?? sorted[1];
      const expected = days.filter((d) => d >= since && d <= until).length;
      const read = await readPool(out, { since, until, models: [whole.model] }, 300);
      const [pool] = poolCorpora(read, whole.model);
      assert.equal(pool.sessions.length, expected);
      assert.ok(expected < whole.sessions.length);
      // One contributor: its own export's count.
      const onlyA = await readPool(out, { contributors: ["a"] }, 300);
      assert.equal(onlyA.manifests.length, 1);
      const a = onlyA.manifests[0].models.reduce((s, m) => s + m.requests, 0);
      assert.equal(onlyA.tables.requests.session.length, a);
      // The idle limit is applied by the pool: 0 s makes every gap 0.
      const idle0 = await readPool(out, { models: [whole.model] }, 0);
      assert.equal(idle0.tables.requests.gapSeconds.reduce((s, v) => s + v, 0), 0);
      const kept = (await readPool(out, { models: [whole.model] }, 300)).tables.requests.gapSeconds;
      // At 300 s, the pool's cut gives the reader's gaps (same values, another order).
      const sort = (v: Float64Array) => [...v].sort((x, y) => x - y);
      assert.deepEqual(sort(kept), sort(whole.requests.gapSeconds));
    } finally {
      await Deno.remove(out, { recursive: true });
    }
  },
});
