import assert from "node:assert/strict";
import { buildSteps } from "../../lib/trigger/steps.ts";
import { drawWorkloads } from "../../lib/trigger/workloads.ts";
import { type ReplaySums, replayWorkloads } from "../../lib/trigger/replay.ts";
import { replayWorkloadsParallel } from "../../lib/trigger/replay_parallel.ts";
import { cellCostPerMillion, cellTimeShare, priceCurves } from "../../lib/trigger/price_curves.ts";
import { makeCorpus, randomSessions } from "./_corpus.ts";
import { stepwiseReplay } from "./_stepwise_replay.ts";

const COLUMNS = [
  "contextTokens",
  "cachedTokens",
  "compactions",
  "compactionInputTokens",
  "summaryTokens",
  "outputTokens",
  "workSeconds",
] as const;
const TIER_COLUMNS = [
  "contextTokens",
  "cachedTokens",
  "outputTokens",
  "compactionInputTokens",
  "summaryTokens",
] as const;

function assertClose(fast: ReplaySums, ref: ReplaySums, what: string): void {
  const near = (a: number, b: number, name: string) =>
    assert.ok(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)), `${what} ${name}: ${a} vs ${b}`);
  for (const key of COLUMNS) {
    assert.equal(fast[key].length, ref[key].length);
    for (let i = 0; i < ref[key].length; i++) near(fast[key][i], ref[key][i], `${key}[${i}]`);
  }
  if (ref.tiers !== undefined) {
    for (const key of TIER_COLUMNS) {
      for (let i = 0; i < ref.tiers[key].length; i++) {
        near(fast.tiers![key][i], ref.tiers[key][i], `tiers.${key}[${i}]`);
      }
    }
  }
  if (ref.rework !== undefined) {
    for (let i = 0; i < ref.rework.extraRequests.length; i++) {
      near(fast.rework!.extraRequests[i], ref.rework.extraRequests[i], `extraRequests[${i}]`);
    }
  }
}

const REWORK = {
  tokensIntercept: 6000,
  tokensPerInputToken: 0.02,
  requests: 2.5,
  outputTokensPerRequest: 300,
  workSecondsPerRequest: 12,
};

Deno.test("the replay with rework equals the step-by-step replay with rework (tiers included)", () => {
  // Expected: the naive loop of ./_stepwise_replay.ts run a second time with ΔW(C) added to the
  // post-compaction context and ΔN extra requests billed there.
  const steps = buildSteps(makeCorpus(randomSessions(6, 8, 140)));
  const triggers = [30000, 45000, 60000, 90000, 150000, 2e6];
  const model = { g0: 4000, g1: 0.015, postPrefix: 12000, cPost: 0.35 };
  const tierThresholds = [20000, 50000];
  for (const method of ["permute", "moving", "stationary"] as const) {
    const { plans } = drawWorkloads(steps, { workloads: 3, method, blockSize: 5, seed: 3 });
    const options = { triggers, model, tierThresholds, rework: REWORK };
    const fast = replayWorkloads(steps, plans, options);
    const ref = stepwiseReplay(steps, plans, options);
    assertClose(fast, ref, `${method} without`);
    assert.ok(fast.withRework !== undefined && ref.withRework !== undefined);
    assertClose(fast.withRework, ref.withRework, `${method} with`);
    // The rework moves the schedule: more compactions somewhere, never fewer.
    let more = 0;
    for (let i = 0; i < fast.compactions.length; i++) {
      assert.ok(fast.withRework.compactions[i] >= fast.compactions[i]);
      if (fast.withRework.compactions[i] > fast.compactions[i]) more++;
    }
    assert.ok(more > 0, "ΔW brings some compaction forward");
  }
});

Deno.test("the sums without rework are those of a replay given no rework, bit for bit", () => {
  const steps = buildSteps(makeCorpus(randomSessions(5, 8, 120)));
  const triggers = [30000, 60000, 150000];
  const model = { g0: 4000, g1: 0.01, postPrefix: 12000, cPost: 0.3 };
  const { plans } = drawWorkloads(steps, { workloads: 4, seed: 2 });
  const plain = replayWorkloads(steps, plans, { triggers, model, tierThresholds: [50000] });
  const both = replayWorkloads(steps, plans, {
    triggers,
    model,
    tierThresholds: [50000],
    rework: REWORK,
  });
  const { withRework, ...without } = both;
  assert.deepEqual(without, plain);
  assert.ok(withRework !== undefined);
  // Zero rework: the second set equals the first (the extra requests are 0 per compaction).
  const zero = replayWorkloads(steps, plans, {
    triggers,
    model,
    rework: {
      tokensIntercept: 0,
      requests: 0,
      outputTokensPerRequest: 300,
      workSecondsPerRequest: 9,
    },
  });
  for (const key of COLUMNS) assert.deepEqual(zero.withRework![key], zero[key]);
  assert.ok(zero.withRework!.rework!.extraRequests.every((v) => v === 0));
});

Deno.test("one session with rework, worked by hand, and its price and time share", () => {
  // Steps +100, +200, +50, +50 from x0 = 100; T = 250; G = 10, P = 20, c_post = 0; ΔW = 40,
  // ΔN = 2 at y 5 and 7 s each.
  // Without: 100; 300 ≥ 250 → C 300, x = 30 (c 0); 80; 130. Σx = 340, compactions 1.
  // With: 100; C 300, x = 30 + 40 = 70, billed 1 + 2 times at c_post 0; 120; 170.
  //   Σx = 100 + 3·70 + 120 + 170 = 600; Σcx = 0 + 0 + 0.5·120 + 0.5·170 = 145.
  const steps = {
    length: 5,
    sessions: 1,
    start: Uint32Array.of(0),
    count: Uint32Array.of(5),
    growth: Float64Array.of(100, 200, 50, 50, 0),
    cachedShare: Float64Array.of(0, 0.5, 0.5, 0.5, 0),
    output: Float64Array.of(1, 2, 3, 4, 0),
    gapSeconds: Float64Array.of(0, 10, 20, 30, 0),
    compacted: new Uint8Array(5),
  };
  const plan = {
    segmentStart: Uint32Array.of(1),
    segmentLength: Uint32Array.of(3),
    groupOffset: Uint32Array.of(0, 1),
  };
  const sums = replayWorkloads(
    { ...steps, length: 4, count: Uint32Array.of(4) },
    [plan],
    {
      triggers: [250],
      model: { g0: 10, g1: 0, postPrefix: 20, cPost: 0 },
      rework: {
        tokensIntercept: 40,
        requests: 2,
        outputTokensPerRequest: 5,
        workSecondsPerRequest: 7,
      },
    },
  );
  assert.equal(sums.contextTokens[0], 100 + 30 + 80 + 130);
  const w = sums.withRework!;
  assert.equal(w.contextTokens[0], 600);
  assert.equal(w.cachedTokens[0], 145);
  assert.equal(w.compactions[0], 1);
  assert.equal(w.compactionInputTokens[0], 300);
  assert.equal(w.rework!.extraRequests[0], 2);
  // Price: α 0.1, ω 1, ρ 5, p_m 1, β 1, D 1e6: uncached = 600 − 145 = 455, cached 145 + 300,
  // output Y + G + ΔN·y = (1 + 2 + 3 + 4) + 10 + 2·5 = 30:
  // 455 + 0.1·445 + 5·30 = 649.5 per 1e6 → 649.5 USD per million... / 1e6 · 1e6.
  const prices = { alpha: 0.1, rho: 5, omega: 1, inputUsdPerMillion: 1 };
  const inputs = { prices, beta: 1, a: 0.01, v: 10, billedTokens: 1e6 };
  assert.ok(Math.abs(cellCostPerMillion(w, 0, inputs) - 649.5 / 1e6) < 1e-15);
  // Time: t_c = 0.01·300 + 10/10 = 4 s; rework 2·7 = 14 s; W = 10 + 20 + 30 = 60 s:
  // S = (4 + 14) / (60 + 4 + 14) = 18 / 78. Without: 4 / 64.
  assert.ok(Math.abs(cellTimeShare(w, 0, inputs) - 18 / 78) < 1e-15);
  assert.ok(Math.abs(cellTimeShare(sums, 0, inputs) - 4 / 64) < 1e-15);
  const curves = priceCurves(w, inputs);
  assert.ok(Math.abs(curves.observed.costPerMillion[0] - 649.5 / 1e6) < 1e-15);
});

Deno.test("the parallel replay keeps the sums with rework", async () => {
  const steps = buildSteps(makeCorpus(randomSessions(4, 8, 100)));
  const { plans } = drawWorkloads(steps, { workloads: 5, blockSize: 4 });
  const options = {
    triggers: [30000, 60000, 90000],
    model: { g0: 3000, g1: 0.01, postPrefix: 10000, cPost: 0.4 },
    tierThresholds: [40000],
    rework: REWORK,
  };
  const two = await replayWorkloadsParallel(steps, plans, { ...options, threads: 2 });
  assert.deepEqual(two, replayWorkloads(steps, plans, options));
  assert.ok(two.withRework!.outputTokens === two.outputTokens, "one per-workload column");
});

Deno.test("a bad rework is a RangeError", () => {
  const steps = buildSteps(makeCorpus(randomSessions(1, 4, 20)));
  const { plans } = drawWorkloads(steps, { workloads: 1 });
  const model = { g0: 1, g1: 0, postPrefix: 1, cPost: 0 };
  assert.throws(
    () =>
      replayWorkloads(steps, plans, {
        triggers: [1e5],
        model,
        rework: {
          tokensIntercept: 1,
          requests: -1,
          outputTokensPerRequest: 1,
          workSecondsPerRequest: 1,
        },
      }),
    /requests must be a finite number >= 0/,
  );
});

Deno.test("keepWithoutRework: false replays only the sums with rework, the same ones", () => {
  const steps = buildSteps(makeCorpus(randomSessions(7, 6, 120)));
  const { plans } = drawWorkloads(steps, { workloads: 3, seed: 5 });
  const options = {
    triggers: [30000, 60000, 120000],
    model: { g0: 4000, g1: 0.01, postPrefix: 12000, cPost: 0.3 },
    tierThresholds: [50000],
    rework: REWORK,
  };
  const full = replayWorkloads(steps, plans, options);
  const only = replayWorkloads(steps, plans, { ...options, keepWithoutRework: false });
  assert.equal(only.withRework, undefined);
  assert.deepEqual(only, full.withRework);
});
