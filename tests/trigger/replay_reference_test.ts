import assert from "node:assert/strict";
import { Pcg32 } from "../../lib/stats/pcg32.ts";
import { buildSteps } from "../../lib/trigger/steps.ts";
import { drawWorkloads } from "../../lib/trigger/workloads.ts";
import { type ReplaySums, replayWorkloads } from "../../lib/trigger/replay.ts";
import { makeCorpus, randomSessions } from "./_corpus.ts";
import { stepwiseReplay } from "./_stepwise_replay.ts";

function assertClose(fast: ReplaySums, ref: ReplaySums): void {
  assert.equal(fast.workloads, ref.workloads);
  for (
    const key of [
      "contextTokens",
      "cachedTokens",
      "compactions",
      "compactionInputTokens",
      "summaryTokens",
      "outputTokens",
      "workSeconds",
    ] as const
  ) {
    for (let i = 0; i < ref[key].length; i++) {
      const a = fast[key][i], b = ref[key][i];
      assert.ok(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)), `${key}[${i}]: ${a} vs ${b}`);
    }
  }
}

Deno.test("closed-form replay equals the step-by-step replay, every method", () => {
  const steps = buildSteps(makeCorpus(randomSessions(8, 10, 150)));
  const triggers = [30000, 45000, 60000, 90000, 150000, 300000, 2e6];
  const model = { g0: 4000, g1: 0.015, postPrefix: 12000, cPost: 0.35 };
  for (const method of ["permute", "moving", "circular", "stationary"] as const) {
    const { plans } = drawWorkloads(steps, { workloads: 4, method, blockSize: 5, seed: 9 });
    assertClose(
      replayWorkloads(steps, plans, { triggers, model }),
      stepwiseReplay(steps, plans, { triggers, model }),
    );
  }
});

Deno.test("closed-form replay handles the floor at zero and a post-compaction context above T", () => {
  // Large negative steps drive x below 0 (floored), and R(C) can exceed low triggers.
  const prng = new Pcg32(5, 5);
  const steps = buildSteps(makeCorpus(randomSessions(3, 6, 80)));
  for (let r = 0; r < steps.length; r++) {
    if (prng.nextBelow(6) === 0) steps.growth[r] = -60000 - prng.nextBelow(40000);
  }
  const triggers = [20000, 35000, 50000, 120000];
  for (
    const model of [
      { g0: 4000, g1: 0.02, postPrefix: 12000, cPost: 0.4 },
      { g0: 30000, g1: 0.05, postPrefix: 25000, cPost: 0.1 }, // R(C) > T for the low triggers
      { g0: -5000, g1: 0, postPrefix: -1000, cPost: 0 }, // G and R floored at 0
    ]
  ) {
    const { plans } = drawWorkloads(steps, { workloads: 3, method: "moving", blockSize: 4 });
    assertClose(
      replayWorkloads(steps, plans, { triggers, model }),
      stepwiseReplay(steps, plans, { triggers, model }),
    );
  }
});

Deno.test("a plan that does not cover a session's steps is a TypeError", () => {
  const steps = buildSteps(makeCorpus([
    { requests: [{ r: 10 }, { r: 20 }, { r: 30 }] },
    { requests: [{ r: 10 }, { r: 20 }] },
  ]));
  const bad = {
    segmentStart: Uint32Array.of(1),
    segmentLength: Uint32Array.of(1),
    groupOffset: Uint32Array.of(0, 1, 1),
  };
  const model = { g0: 1, g1: 0, postPrefix: 1, cPost: 0 };
  assert.throws(() => replayWorkloads(steps, [bad], { triggers: [1e5], model }), TypeError);
});

Deno.test("closed-form replay's tier sums equal the step-by-step replay's", () => {
  // Expected: the naive loop of ./_stepwise_replay.ts, which adds a request's x, c·x, y to
  // threshold j's sums when its billed x > θ_j, and a compaction's C, G when C > θ_j.
  const steps = buildSteps(makeCorpus(randomSessions(6, 8, 120)));
  const triggers = [30000, 60000, 150000, 2e6];
  const model = { g0: 4000, g1: 0.015, postPrefix: 12000, cPost: 0.35 };
  const tierThresholds = [20000, 50000, 100000];
  const { plans } = drawWorkloads(steps, { workloads: 3, method: "moving", blockSize: 5, seed: 4 });
  const fast = replayWorkloads(steps, plans, { triggers, model, tierThresholds });
  const ref = stepwiseReplay(steps, plans, { triggers, model, tierThresholds });
  assertClose(fast, ref);
  assert.ok(fast.tiers !== undefined && ref.tiers !== undefined);
  let above = 0;
  for (
    const key of [
      "contextTokens",
      "cachedTokens",
      "outputTokens",
      "compactionInputTokens",
      "summaryTokens",
    ] as const
  ) {
    assert.equal(fast.tiers[key].length, ref.tiers[key].length);
    for (let i = 0; i < ref.tiers[key].length; i++) {
      const a = fast.tiers[key][i], b = ref.tiers[key][i];
      if (b > 0) above++;
      assert.ok(
        Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)),
        `tiers.${key}[${i}]: ${a} vs ${b}`,
      );
    }
  }
  assert.ok(above > 0, "some request or compaction lies above a threshold");
});
