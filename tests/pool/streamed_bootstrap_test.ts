/**
 * The streamed session bootstrap (lib/pool/streamed_bootstrap.ts) against the in-memory one
 * (lib/trigger/session_bootstrap.ts, `sessionBootstrapArgmin`) on the sample's steps fed in
 * batches of whole sessions: the same cheapest trigger in every draw. Needs no DuckDB.
 *
 * @module
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { StreamedSessionBootstrap } from "../../lib/pool/streamed_bootstrap.ts";
import { readCorpusPerModel } from "../../lib/transcript/read_corpus.ts";
import { analyzeTrigger } from "../../lib/trigger/analyze.ts";
import { sessionBootstrapArgmin } from "../../lib/trigger/session_bootstrap.ts";
import { buildSteps } from "../../lib/trigger/steps.ts";
import type { BlockMethod } from "../../lib/stats/block_resample.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

Deno.test("streamed session bootstrap: batch by batch, the in-memory draws' argmins", async () => {
  const { corpora } = await readCorpusPerModel([join(ROOT, "data-synthetic/sample")], {
    idleLimitSeconds: 300,
  });
  const corpus = corpora[0];
  // A fine grid (2K steps) so that the draws' cheapest triggers differ; the model, tiers,
  // rework and prices as the analysis replays them.
  const run = await analyzeTrigger(corpus, {
    workloads: 2,
    sessionDraws: 0,
    triggerStep: 2000,
    reworkTokens: 5000,
    reworkRequests: 3,
  });
  const f = run.report.fit;
  const model = {
    g0: f.summaryModel.g0,
    g1: f.summaryModel.g1,
    minSummaryTokens: f.summaryModel.minSummaryTokens,
    postPrefix: f.postPrefix,
    cPost: f.cPost,
  };
  const triggers = Float64Array.from(run.report.replay, (p) => p.trigger);
  const tierThresholds = Float64Array.from(
    run.inputs.prices.tiers ?? [],
    (t) => t.aboveInputTokens,
  );
  const a = run.report.rework!.applied!;
  const rework = {
    tokensIntercept: a.tokensIntercept,
    tokensPerInputToken: a.tokensPerInputToken,
    requests: a.requests,
    outputTokensPerRequest: a.outputTokensPerRequest,
    workSecondsPerRequest: a.workSecondsPerRequest,
  };
  const steps = buildSteps(corpus);
  const kinds = corpus.sessions.kind;
  for (
    const [method, blockSize, withRework] of [
      ["permute", 8, true],
      ["stationary", 3, false],
      ["moving", 4, true],
      ["circular", 5, false],
    ] as [BlockMethod, number, boolean][]
  ) {
    const options = {
      triggers,
      model,
      tierThresholds,
      ...(withRework ? { rework } : {}),
      draws: 40,
      seed: 3,
      method,
      blockSize,
    };
    // The independent computation: the in-memory bootstrap on every session at once.
    const whole = sessionBootstrapArgmin(steps, { ...options, kinds, inputs: run.inputs });
    const streamed = new StreamedSessionBootstrap(kinds, corpus.sessions.requestCount, options);
    // Batches of 7 sessions: each a view of its sessions' rows.
    for (let first = 0; first < steps.sessions; first += 7) {
      const n = Math.min(7, steps.sessions - first);
      streamed.addBatch({
        ...steps,
        sessions: n,
        start: steps.start.subarray(first, first + n),
        count: steps.count.subarray(first, first + n),
      }, first);
    }
    const r = streamed.finish(run.inputs);
    assert.deepEqual([...r.argmins], [...whole.argmins], `${method}: the draws' argmins`);
    assert.deepEqual([r.p10, r.p50, r.p90], [whole.p10, whole.p50, whole.p90]);
    assert.ok(new Set(whole.argmins).size > 1, `${method}: the draws differ`);
  }
});
