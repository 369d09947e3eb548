import assert from "node:assert/strict";
import {
  contextTrace,
  drawWorkloads,
  sessionsBySteps,
  workloadRows,
} from "../../lib/trigger/mod.ts";

// Two sessions: rows 0–4 (x₀ = 1000, steps +100 +200 −50 +300) and rows 5–7 (x₀ = 500, +10 +20).
const steps = {
  sessions: 2,
  start: Uint32Array.of(0, 5),
  count: Uint32Array.of(5, 3),
  growth: Float64Array.of(1000, 100, 200, -50, 300, 500, 10, 20),
};

Deno.test("contextTrace of the observed plan adds up growth in order, by hand", () => {
  const { plans } = drawWorkloads(steps, { workloads: 1 });
  assert.deepEqual([...contextTrace(steps, plans[0], 0)], [1000, 1100, 1300, 1250, 1550]);
  assert.deepEqual([...contextTrace(steps, plans[0], 1)], [500, 510, 530]);
});

Deno.test("contextTrace follows a permuted order and ends where the observed one ends", () => {
  const { plans } = drawWorkloads(steps, { workloads: 20, blockSize: 1, seed: 3 });
  let reordered = 0;
  for (let k = 1; k < plans.length; k++) {
    const rows = [...workloadRows(steps, plans[k], 0)];
    assert.deepEqual([...rows].sort(), [1, 2, 3, 4]);
    const trace = contextTrace(steps, plans[k], 0);
    let x = 1000;
    rows.forEach((r, i) => {
      x = Math.max(0, x + steps.growth[r]);
      assert.equal(trace[i + 1], x);
    });
    assert.equal(trace.at(-1), 1550); // no floor reached: same end
    if (rows.join() !== "1,2,3,4") reordered++;
  }
  assert.ok(reordered > 10, `only ${reordered} of 20 workloads reordered the steps`);
});

Deno.test("contextTrace floors at 0 like the replay", () => {
  const s = { sessions: 1, start: Uint32Array.of(0), growth: Float64Array.of(100, -300, 50) };
  const plan = {
    segmentStart: Uint32Array.of(1),
    segmentLength: Uint32Array.of(2),
    groupOffset: Uint32Array.of(0, 1),
  };
  assert.deepEqual([...contextTrace(s, plan, 0)], [100, 0, 50]); // not −150
});

Deno.test("workloadRows rejects a session index out of range", () => {
  const { plans } = drawWorkloads(steps, { workloads: 1 });
  assert.throws(() => workloadRows(steps, plans[0], 2), /0…1, got 2/);
  assert.throws(() => workloadRows(steps, plans[0], -1), RangeError);
});

Deno.test("sessionsBySteps sorts by steps, filters by range, breaks ties by index", () => {
  const s = { sessions: 4, count: Uint32Array.of(3, 9, 3, 1) }; // 2, 8, 2, 0 steps
  assert.deepEqual([...sessionsBySteps(s)], [1, 0, 2, 3]);
  assert.deepEqual([...sessionsBySteps(s, { minSteps: 1, maxSteps: 5 })], [0, 2]);
});
