import assert from "node:assert/strict";
import { drawWorkloads, growthCheck, sessionGrowth } from "../../lib/trigger/mod.ts";

// Three sessions of 30, 17 and 1 steps, growth varying in sign and size.
const counts = [31, 18, 2];
const start = Uint32Array.of(0, 31, 49);
const growth = Float64Array.from({ length: 51 }, (_, r) => ((r * 7919) % 613) - 200);
const steps = { sessions: 3, start, count: Uint32Array.from(counts), growth };

Deno.test("sessionGrowth of the observed plan is Σd of each session's steps", () => {
  const { plans } = drawWorkloads(steps, { workloads: 1 });
  const totals = sessionGrowth(steps, plans[0]);
  for (let s = 0; s < 3; s++) {
    let sum = 0;
    for (let r = start[s] + 1; r < start[s] + counts[s]; r++) sum += growth[r];
    assert.equal(totals[s], sum);
  }
});

Deno.test("growthCheck: permute keeps totals, moving-block does not", () => {
  const permute = drawWorkloads(steps, { workloads: 50, blockSize: 4 }).plans;
  assert.deepEqual(growthCheck(steps, permute), {
    workloads: 50,
    sessions: 3,
    mismatches: 0,
    maxDifferenceTokens: 0,
  });
  const moving = drawWorkloads(steps, { workloads: 50, blockSize: 4, method: "moving" }).plans;
  const check = growthCheck(steps, moving);
  assert.ok(check.mismatches > 50, `${check.mismatches} mismatches`);
  assert.ok(check.maxDifferenceTokens > 100);
});

Deno.test("growthCheck counts a single altered session", () => {
  const { plans } = drawWorkloads(steps, { workloads: 1 });
  // Workload 1: session 2's single step replaced by session 1's first step.
  const altered = {
    segmentStart: Uint32Array.of(1, 32, 32),
    segmentLength: Uint32Array.of(30, 17, 1),
    groupOffset: Uint32Array.of(0, 1, 2, 3),
  };
  const check = growthCheck(steps, [plans[0], altered]);
  assert.equal(check.mismatches, 1);
  assert.equal(check.maxDifferenceTokens, Math.abs(growth[32] - growth[50]));
  assert.throws(() => growthCheck(steps, []), RangeError);
});
