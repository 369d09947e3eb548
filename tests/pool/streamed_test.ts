/**
 * The streamed analysis of a pool (lib/pool/streamed_analysis.ts), batch by batch, against the
 * in-memory analysis of the same pooled corpus: equal counts, fits, curves with their bands,
 * observed bill, replay at the observed trigger, T* and cheapest trigger (sums to 1e-9), with
 * batches of a few hundred requests; its `--json` document (lib/trigger/report_document.ts) equals
 * the in-memory analysis's, dollars and the session bootstrap included; `--block-size auto` streamed
 * chooses the in-memory rule's size to the bit. Skipped without DuckDB, except under CI=true.
 *
 * @module
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { discoverTranscriptFiles } from "../../lib/transcript/discover.ts";
import { exportCorpus } from "../../lib/pool/export_corpus.ts";
import { poolCorpora, poolFrames, poolInstalled, readPool } from "../../lib/pool/read_pool.ts";
import { streamedAnalysis } from "../../lib/pool/streamed_analysis.ts";
import { analyzeTrigger } from "../../lib/trigger/analyze.ts";
import { streamedBlockSize } from "../../lib/pool/streamed_block_size.ts";
import { autoBlockSize } from "../../lib/trigger/auto_block_size.ts";
import { buildSteps } from "../../lib/trigger/steps.ts";
import { close, generatedCorpus, SAMPLE, splitPool } from "./_pool_helpers.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const RUN = poolInstalled() || Deno.env.get("CI") === "true";
const SKIPPED = RUN ? "" : " (skipped: DuckDB not installed; deno task pool-install)";

function near(a: number | null, b: number | null, what: string): void {
  if (a === null || b === null || !Number.isFinite(a) || !Number.isFinite(b)) {
    return assert.equal(a, b, what);
  }
  assert.ok(
    Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)),
    `${what}: ${a} vs ${b}`,
  );
}

Deno.test({
  name: `streamed pool analysis: batch by batch equals the in-memory analysis${SKIPPED}`,
  ignore: !RUN,
  fn: async () => {
    const out = await Deno.makeTempDir();
    try {
      const projects = join(ROOT, "data-synthetic/sample/projects");
      const names = [];
      for await (const e of Deno.readDir(projects)) names.push(e.name);
      names.sort();
      const secret = new Uint8Array(32).fill(5);
      for (const [i, part] of [names.slice(0, 1), names.slice(1)].entries()) {
        const { files } = await discoverTranscriptFiles(part.map((n) => join(projects, n)));
        await exportCorpus(files, { out, secret, toolkitVersion: "t", contributor: `c${i}` });
      }
      const read = await readPool(out, {}, 300);
      const [corpus] = poolCorpora(read);
      const model = corpus.model;
      const options = { workloads: 12, seed: 4 };
      // The rework (the default, auto) is measured from the exports' windows in both.
      const whole = await analyzeTrigger(corpus, options);
      const r = whole.report;
      const streamed = await streamedAnalysis(
        poolFrames(out, { models: [model] }, 300, 300, true, true),
        { model, manifests: read.manifests, idleLimitSeconds: 300 },
        options,
      );
      assert.ok(streamed.batches >= 5, `${streamed.batches} batches`);
      assert.ok(streamed.largestBatch < corpus.requests.length / 2);
      assert.equal(streamed.requests, r.corpus.requests);
      assert.deepEqual(streamed.sessions, r.corpus.sessions);
      assert.deepEqual(
        streamed.compactions,
        {
          auto: r.corpus.compactions.auto,
          manual: r.corpus.compactions.manual,
          unknown: r.corpus.compactions.unknown,
          other: r.corpus.compactions.other,
        },
      );
      near(streamed.billedTokens, r.corpus.billedTokens, "D");
      near(streamed.workHours, r.corpus.workHours, "work hours");
      assert.equal(streamed.observedTrigger, r.corpus.observedTrigger);
      near(streamed.prices.omega ?? null, r.prices.omega ?? null, "omega");
      near(streamed.timeModel.a, r.timeModel.aSecondsPerToken, "a");
      near(streamed.timeModel.v, r.timeModel.vTokensPerSecond, "v");
      near(streamed.summaryModel.g1, r.fit.summaryModel.g1, "g1");
      near(streamed.meanGrowthTokens, r.fit.meanGrowthTokens, "delta");
      assert.deepEqual(streamed.triggers, r.replay.map((p) => p.trigger));
      r.replay.forEach((p, i) => {
        near(streamed.costPerMillion[i].mean, p.costPerMillion.mean, `mean at ${p.trigger}`);
        near(streamed.costPerMillion[i].p10, p.costPerMillion.p10, `p10 at ${p.trigger}`);
        near(streamed.costPerMillion[i].p90, p.costPerMillion.p90, `p90 at ${p.trigger}`);
        near(streamed.timeShare[i].mean, p.timeShare.mean, `time share at ${p.trigger}`);
        near(
          streamed.observed.costPerMillion[i],
          p.observed.costPerMillion,
          `observed ${p.trigger}`,
        );
        near(streamed.observed.compactions[i], p.observed.compactions, `observed N ${p.trigger}`);
      });
      near(streamed.observedBill.costPerMillion, r.checks.observedBill.costPerMillion, "bill");
      near(
        streamed.observedBill.compactionCostPerMillion,
        r.checks.observedBill.compactionCostPerMillion,
        "compaction bill",
      );
      near(
        streamed.replayAtObservedTrigger!.costPerMillion,
        r.checks.replayAtObservedTrigger!.costPerMillion,
        "at observed trigger",
      );
      assert.equal(streamed.permuteKeepsGrowth!.mismatches, 0);
      near(streamed.tStarTokens, r.steadyState.tStarTokens, "T*");
      assert.equal(streamed.cheapestTrigger, r.steadyState.replayArgminTokens);
      // The rework: the same estimate, and the same extra requests replayed (DuckDB's median
      // output and steps' seconds against the in-memory steps').
      assert.equal(r.rework!.source, "measured");
      const { applied: appliedA, ...estimateA } = streamed.rework;
      const { applied: appliedB, ...estimateB } = r.rework!;
      assert.deepEqual(estimateA, estimateB);
      assert.equal(appliedA!.outputTokensPerRequest, appliedB!.outputTokensPerRequest);
      near(appliedA!.workSecondsPerRequest, appliedB!.workSecondsPerRequest, "w");
      assert.equal(appliedA!.requests, appliedB!.requests);
      near(streamed.tStarWithoutReworkTokens, r.steadyState.tStarWithoutReworkTokens!, "T* w/o");
      assert.equal(
        streamed.cheapestTriggerWithoutRework,
        r.steadyState.replayArgminWithoutReworkTokens,
      );
      assert.notEqual(streamed.tStarTokens, streamed.tStarWithoutReworkTokens);
      // Support adds over batches; the grade is the in-memory one, session bootstrap included.
      assert.deepEqual(streamed.support, r.replay.map((p) => p.support));
      assert.ok(
        streamed.support.some((x) => x.sessions > 0) && streamed.support.at(-1)!.extrapolated,
      );
      assert.deepEqual(streamed.confidence, r.steadyState.confidence);
      assert.deepEqual(streamed.nearOptimal, r.steadyState.nearOptimal);
      assert.equal(streamed.report.steadyState.argminSpread.method, "sessions-and-blocks");
    } finally {
      await Deno.remove(out, { recursive: true });
    }
  },
});

Deno.test({
  name: `streamed pool analysis: its document is the in-memory one${SKIPPED}`,
  ignore: !RUN,
  fn: async () => {
    const out = await Deno.makeTempDir();
    try {
      await splitPool(SAMPLE, out);
      const read = await readPool(out, {}, 300);
      const [corpus] = poolCorpora(read);
      const model = corpus.model;
      // Four option sets: the default answer (rework measured, 100 session draws) with --force;
      // no rework, a time budget and no session draws; stationary blocks with a and v given, a
      // preference, a grid bound and 30 draws; parts of the compaction model given.
      for (
        const options of [
          { workloads: 12, seed: 4, force: true },
          { workloads: 5, rework: "off" as const, maxTimeShare: 0.02, sessionDraws: 0 },
          {
            workloads: 5,
            method: "stationary" as const,
            blockSize: 5,
            a: 1e-4,
            v: 80,
            prefer: "fewer-compactions" as const,
            triggerFrom: 60_000,
            sessionDraws: 30,
          },
          { workloads: 3, beta: 0.99, summaryTokens: 8000, sessionDraws: 0 },
        ]
      ) {
        // The independent computation: the in-memory analysis of the same pooled corpus.
        const whole = (await analyzeTrigger(corpus, options)).report;
        const streamed = await streamedAnalysis(
          poolFrames(out, { models: [model] }, 300, 300, true, true),
          { model, manifests: read.manifests, idleLimitSeconds: 300 },
          options,
        );
        assert.ok(streamed.batches >= 5, `${streamed.batches} batches`);
        // On a worker beside the replay, the session bootstrap gives the same document.
        if ((options.sessionDraws ?? 100) > 0) {
          const [serial, worker] = await Promise.all(
            [false, true].map((bootstrapWorker) =>
              streamedAnalysis(
                poolFrames(out, { models: [model] }, 300, 300, true, true),
                { model, manifests: read.manifests, idleLimitSeconds: 300 },
                { ...options, bootstrapWorker },
              )
            ),
          );
          assert.deepEqual(worker.report, serial.report);
          assert.deepEqual(serial.report, streamed.report);
        }
        // Every field, the resampled bands and the session bootstrap included (the same
        // sessions in the same order draw the same blocks), to 1e-9 (sums in another order).
        close(streamed.report, whole, `document (${JSON.stringify(options)})`);
      }
      // The dollars: the bill, the cost at the recommendation and the saving, on this history
      // and per 30 days, are there (not null) and equal the in-memory ones.
      const options = { workloads: 12, seed: 4, force: true, sessionDraws: 0 };
      const whole = (await analyzeTrigger(corpus, options)).report;
      const streamed = await streamedAnalysis(
        poolFrames(out, { models: [model] }, 300, 300, true),
        { model, manifests: read.manifests, idleLimitSeconds: 300 },
        options,
      );
      const dollars = streamed.report.recommendation.dollars!;
      assert.ok(dollars.historyUsd > 0 && dollars.per30DaysUsd! > 0, JSON.stringify(dollars));
      close(dollars, whole.recommendation.dollars, "dollars");
      close(streamed.report.checks.observedBill, whole.checks.observedBill, "bill");
      close(
        streamed.report.recommendation.costPerMillion,
        whole.recommendation.costPerMillion,
        "at",
      );
      assert.equal(streamed.report.options.sessionDraws, 0);
      assert.equal(streamed.report.steadyState.argminSpread.method, "blocks");
    } finally {
      await Deno.remove(out, { recursive: true });
    }
  },
});

Deno.test({
  name:
    `streamed pool analysis: --block-size auto chooses what the in-memory rule chooses${SKIPPED}`,
  ignore: !RUN,
  fn: async () => {
    const generated = await generatedCorpus();
    try {
      // The sample, and the generator's small profile (seed 7), each split into two exports.
      for (const root of [SAMPLE, generated]) {
        const out = await Deno.makeTempDir();
        try {
          await splitPool(root, out);
          const read = await readPool(out, {}, 300);
          const [corpus] = poolCorpora(read);
          const model = corpus.model;
          const setup = { model, manifests: read.manifests, idleLimitSeconds: 300 };
          // The independent computation: the in-memory rule on the whole corpus's steps.
          const whole = autoBlockSize(buildSteps(corpus));
          const streamed = await streamedBlockSize(
            poolFrames(out, { models: [model] }, 300, 300, true),
            setup,
          );
          // The same additions in the same order: the same bits, not only close.
          assert.deepEqual(streamed, whole);
          assert.ok(whole.steps > 300 && whole.estimate !== null, JSON.stringify(whole));
          // And the analysis with it is the in-memory analysis with --block-size auto.
          const options = { workloads: 5, method: "stationary" as const, sessionDraws: 0 };
          const memory = (await analyzeTrigger(corpus, { ...options, blockSize: "auto" })).report;
          const r = await streamedAnalysis(
            poolFrames(out, { models: [model] }, 300, 300, true),
            setup,
            { ...options, blockSize: streamed.blockSize.stationary, blockSizeChosen: streamed },
          );
          close(r.report, memory, "document with --block-size auto");
        } finally {
          await Deno.remove(out, { recursive: true });
        }
      }
    } finally {
      await Deno.remove(generated, { recursive: true });
    }
  },
});
