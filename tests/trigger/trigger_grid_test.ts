import assert from "node:assert/strict";
import { coveringTriggerGrid, triggerGrid } from "../../lib/trigger/trigger_grid.ts";

Deno.test("the default grid covers the observed trigger", () => {
  // Worked by hand, step 10000:
  // 16300: half 8150 -> 0 whole steps -> never below 10000 -> 10000; 2·16300 < 1M.
  assert.deepEqual(coveringTriggerGrid(16300), { from: 10000, to: 1_000_000, step: 10000 });
  // 57000: half 28500 -> 20000; 267900: half 133950 > 40000 -> 40000 stays.
  assert.equal(coveringTriggerGrid(57000).from, 20000);
  assert.equal(coveringTriggerGrid(267900).from, 40000);
  // 80000: half is exactly 40000 -> 40000.
  assert.equal(coveringTriggerGrid(80000).from, 40000);
  // 520001: twice is 1040002 -> 105 steps -> 1050000; 500000: twice is exactly 1M.
  assert.equal(coveringTriggerGrid(520001).to, 1_050_000);
  assert.equal(coveringTriggerGrid(500000).to, 1_000_000);
  // Step 25000: half of 70000 = 35000 -> 1 step = 25000.
  assert.equal(coveringTriggerGrid(70000, { step: 25000 }).from, 25000);
  // Nothing observed: the plain default.
  assert.deepEqual(coveringTriggerGrid(null), { from: 40000, to: 1_000_000, step: 10000 });
});

Deno.test("bounds given by option are kept as given", () => {
  assert.deepEqual(coveringTriggerGrid(16300, { from: 60000, to: 300000 }), {
    from: 60000,
    to: 300000,
    step: 10000,
  });
  // Only `to` given: `from` still widens.
  assert.equal(coveringTriggerGrid(16300, { to: 300000 }).from, 10000);
});

Deno.test("the grid skips points at or below R(T), and starts from 10K when asked", () => {
  // R(T) = 5000 + 1000: every point from 10000 up is kept.
  const grid = triggerGrid({ g0: 1000, g1: 0, postPrefix: 5000 }, coveringTriggerGrid(16300));
  assert.equal(grid[0], 10000);
  assert.equal(grid.length, 100); // 10000 … 1000000 by 10000
  // A floored line: G(T) = max(3000, −1000 + 0.001·T) keeps R(10000) = 5000 + 3000 < 10000.
  const floored = triggerGrid({ g0: -1000, g1: 0.001, minSummaryTokens: 3000, postPrefix: 5000 }, {
    from: 5000,
    to: 10000,
    step: 5000,
  });
  assert.deepEqual([...floored], [10000]);
});
