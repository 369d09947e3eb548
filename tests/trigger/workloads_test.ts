import assert from "node:assert/strict";
import { buildSteps } from "../../lib/trigger/steps.ts";
import { drawWorkloads } from "../../lib/trigger/workloads.ts";
import type { BlockPlan } from "../../lib/stats/block_resample.ts";
import { makeCorpus, randomSessions } from "./_corpus.ts";

const corpus = makeCorpus(randomSessions(2, 8, 40));
const steps = buildSteps(corpus);

function sessionRows(plan: BlockPlan, s: number): number[] {
  const rows: number[] = [];
  for (let g = plan.groupOffset[s]; g < plan.groupOffset[s + 1]; g++) {
    for (let j = 0; j < plan.segmentLength[g]; j++) rows.push(plan.segmentStart[g] + j);
  }
  return rows;
}

Deno.test("permute keeps each session's total growth and multiset of steps", () => {
  const { plans } = drawWorkloads(steps, { workloads: 10, blockSize: 4, seed: 3 });
  for (let k = 0; k < plans.length; k++) {
    for (let s = 0; s < steps.sessions; s++) {
      const rows = sessionRows(plans[k], s);
      const expected = Array.from({ length: steps.count[s] - 1 }, (_, i) => steps.start[s] + 1 + i);
      assert.deepEqual([...rows].sort((a, b) => a - b), expected);
      const growth = rows.reduce((a, r) => a + steps.growth[r], 0);
      const observed = expected.reduce((a, r) => a + steps.growth[r], 0);
      assert.equal(growth, observed); // integer tokens: exact
    }
  }
});

Deno.test("moving, circular and stationary keep each session's length", () => {
  for (const method of ["moving", "circular", "stationary"] as const) {
    const { plans } = drawWorkloads(steps, { workloads: 5, method, blockSize: 3 });
    for (let k = 1; k < plans.length; k++) {
      for (let s = 0; s < steps.sessions; s++) {
        const rows = sessionRows(plans[k], s);
        assert.equal(rows.length, steps.count[s] - 1);
        for (const r of rows) assert.ok(r > steps.start[s] && r < steps.start[s] + steps.count[s]);
      }
    }
  }
});

Deno.test("workload k depends only on (seed, k); memory is per block", () => {
  const a = drawWorkloads(steps, { workloads: 3, seed: 5 });
  const b = drawWorkloads(steps, { workloads: 6, seed: 5 });
  for (let k = 0; k <= 3; k++) assert.deepEqual(a.plans[k], b.plans[k]);
  const c = drawWorkloads(steps, { workloads: 3, seed: 6 });
  assert.notDeepEqual(a.plans[1], c.plans[1]);
  const blocks = a.plans[1].segmentStart.length;
  let expected = 0;
  for (let s = 0; s < steps.sessions; s++) expected += Math.ceil((steps.count[s] - 1) / 8);
  assert.equal(blocks, expected);
  assert.throws(() => drawWorkloads(steps, { workloads: 0 }), RangeError);
});
