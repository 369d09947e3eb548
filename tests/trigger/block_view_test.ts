import assert from "node:assert/strict";
import { blockView, drawWorkloads } from "../../lib/trigger/mod.ts";

// One session of 10 steps after its start row (rows 1…10): growth = 10 × row.
const steps = {
  sessions: 1,
  start: Uint32Array.of(0),
  count: Uint32Array.of(11),
  growth: Float64Array.from({ length: 11 }, (_, r) => (r === 0 ? 5000 : 10 * r)),
};

Deno.test("blockView of the observed plan numbers blocks in order", () => {
  const { plans } = drawWorkloads(steps, { workloads: 1, blockSize: 4 });
  const view = blockView(steps, plans[0], 0, 4);
  assert.deepEqual([...view.growth], [10, 20, 30, 40, 50, 60, 70, 80, 90, 100]);
  assert.deepEqual([...view.block], [0, 0, 0, 0, 1, 1, 1, 1, 2, 2]);
});

Deno.test("blockView of permuted plans keeps blocks whole and contiguous", () => {
  const { plans } = drawWorkloads(steps, { workloads: 30, blockSize: 4, seed: 7 });
  let moved = 0;
  for (let k = 1; k < plans.length; k++) {
    const view = blockView(steps, plans[k], 0, 4);
    // Each block's steps appear together, in their observed order.
    const runs: number[] = [];
    view.block.forEach((b, i) => {
      if (i === 0 || view.block[i - 1] !== b) runs.push(b);
    });
    assert.deepEqual([...runs].sort(), [0, 1, 2]);
    for (let i = 1; i < view.block.length; i++) {
      if (view.block[i] === view.block[i - 1]) {
        assert.equal(view.growth[i] - view.growth[i - 1], 10);
      }
    }
    if (runs.join() !== "0,1,2") moved++;
  }
  assert.ok(moved > 15, `only ${moved} of 30 workloads moved a block`);
});

Deno.test("blockView rejects a bad block size", () => {
  const { plans } = drawWorkloads(steps, { workloads: 1 });
  assert.throws(() => blockView(steps, plans[0], 0, 0), /positive integer, got 0/);
});
