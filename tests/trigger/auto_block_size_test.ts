import assert from "node:assert/strict";
import { autoBlockSize } from "../../lib/trigger/auto_block_size.ts";
import { analyzeTrigger } from "../../lib/trigger/analyze.ts";
import { buildSteps } from "../../lib/trigger/steps.ts";
import { readCorpus } from "../../lib/transcript/read_corpus.ts";

/** Park–Miller uniforms and AR(1) growth, as tests/stats/block_length_reference.R draws them. */
function ar1(seed: number, n: number, phi: number): number[] {
  let s = seed;
  const x: number[] = [];
  for (let i = 0; i < n; i++) {
    s = (16807 * s) % 2147483647;
    const e = s / 2147483647 - 0.5;
    x.push(i === 0 ? e : phi * x[i - 1] + e);
  }
  return x;
}

Deno.test("auto block size: sessions are the groups, start rows are no steps", () => {
  // Three sessions whose steps are the R reference's groups (120, 80, 200 AR(1) values with
  // phi 0.5, offsets 0, +1000, −50); each start row holds a huge x₀ that must not count.
  // R (tests/stats/block_length_reference.R, "groups 120/80/200"): stationary 7.96665256659,
  // circular 9.11954065845, m̂ 3, M 6, N 400; rounded: 8 and 9.
  const parts = [ar1(1, 120, 0.5), ar1(2, 80, 0.5).map((v) => v + 1000), ar1(3, 200, 0.5)];
  parts[2] = parts[2].map((v) => v - 50);
  const growth = Float64Array.from(parts.flatMap((p) => [5e6, ...p]));
  const steps = {
    sessions: 4,
    start: Uint32Array.of(0, 121, 202, 403),
    count: Uint32Array.of(121, 81, 201, 1), // the last session has a start request only
    growth,
  };
  const chosen = autoBlockSize(steps);
  assert.deepEqual(chosen.blockSize, { permute: 9, moving: 9, circular: 9, stationary: 8 });
  assert.ok(Math.abs(chosen.estimate!.stationary - 7.96665256659) < 1e-8);
  assert.ok(Math.abs(chosen.estimate!.circular - 9.11954065845) < 1e-8);
  assert.deepEqual([chosen.steps, chosen.sessions, chosen.lagOrder, chosen.bandwidth], [
    400,
    3,
    3,
    6,
  ]);
});

Deno.test("auto block size: too few steps keep the default length", () => {
  const chosen = autoBlockSize({
    sessions: 1,
    start: Uint32Array.of(0),
    count: Uint32Array.of(2),
    growth: Float64Array.of(100, 5),
  });
  assert.equal(chosen.estimate, null);
  assert.equal(chosen.blockSize.stationary, 8);
});

Deno.test("analyze with blockSize auto replays with the chosen length and records it", async () => {
  const corpus = await readCorpus(["data-synthetic/sample"]);
  const chosen = autoBlockSize(buildSteps(corpus));
  for (const method of ["permute", "stationary"] as const) {
    const auto = (await analyzeTrigger(corpus, { blockSize: "auto", method, workloads: 5 })).report;
    assert.deepEqual(auto.options.blockSizeChosen, chosen);
    assert.equal(auto.options.blockSize, chosen.blockSize[method]);
    // Same document as giving that length by hand, apart from the record of the choice.
    const byHand = (await analyzeTrigger(corpus, {
      blockSize: chosen.blockSize[method],
      method,
      workloads: 5,
    })).report;
    assert.equal(byHand.options.blockSizeChosen, null);
    assert.deepEqual({ ...auto, options: { ...auto.options, blockSizeChosen: null } }, byHand);
  }
});
