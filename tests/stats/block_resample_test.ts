import assert from "node:assert/strict";
import { type BlockPlan, Pcg32, resampleBlocks } from "../../lib/stats/mod.ts";

const groups = { start: [0, 30, 30, 31], length: [30, 0, 1, 13] };

function positionsOf(plan: BlockPlan, g: number): number[] {
  const out: number[] = [];
  for (let s = plan.groupOffset[g]; s < plan.groupOffset[g + 1]; s++) {
    for (let j = 0; j < plan.segmentLength[s]; j++) out.push(plan.segmentStart[s] + j);
  }
  return out;
}

Deno.test("permute keeps each group's multiset of positions and whole blocks", () => {
  for (let k = 1; k <= 20; k++) {
    const plan = resampleBlocks(groups, new Pcg32(1, k), { method: "permute", blockSize: 4 });
    for (let g = 0; g < 4; g++) {
      const pos = positionsOf(plan, g);
      const expected = Array.from({ length: groups.length[g] }, (_, i) => groups.start[g] + i);
      assert.deepEqual([...pos].sort((a, b) => a - b), expected);
    }
    // Segments are the original blocks: starts at multiples of 4 from the group start.
    for (let s = plan.groupOffset[0]; s < plan.groupOffset[1]; s++) {
      assert.equal(plan.segmentStart[s] % 4, 0);
    }
    assert.equal(plan.groupOffset[1] - plan.groupOffset[0], Math.ceil(30 / 4));
  }
});

Deno.test("permute actually reorders (some draw differs from identity)", () => {
  let moved = false;
  for (let k = 1; k <= 5; k++) {
    const pos = positionsOf(resampleBlocks(groups, new Pcg32(1, k)), 0);
    if (pos.some((p, i) => p !== i)) moved = true;
  }
  assert.ok(moved);
});

Deno.test("moving, circular and stationary keep each group's length and stay inside it", () => {
  for (const method of ["moving", "circular", "stationary"] as const) {
    for (let k = 1; k <= 20; k++) {
      const plan = resampleBlocks(groups, new Pcg32(7, k), { method, blockSize: 5 });
      for (let g = 0; g < 4; g++) {
        const pos = positionsOf(plan, g);
        assert.equal(pos.length, groups.length[g], `${method} group ${g}`);
        for (const p of pos) {
          assert.ok(p >= groups.start[g] && p < groups.start[g] + groups.length[g]);
        }
      }
      for (const len of plan.segmentLength) assert.ok(len >= 1);
    }
  }
});

Deno.test("moving blocks never wrap: each segment is a window of the group", () => {
  const plan = resampleBlocks({ start: [100], length: [23] }, new Pcg32(2, 2), {
    method: "moving",
    blockSize: 8,
  });
  for (let s = 0; s < plan.segmentStart.length; s++) {
    assert.ok(plan.segmentStart[s] + plan.segmentLength[s] <= 123);
    // Every segment except possibly the last is a full block.
    if (s < plan.segmentStart.length - 1) assert.equal(plan.segmentLength[s], 8);
  }
});

Deno.test("stationary block lengths have mean near blockSize", () => {
  const plan = resampleBlocks({ start: [0], length: [200000] }, new Pcg32(5, 5), {
    method: "stationary",
    blockSize: 8,
  });
  // Count drawn blocks (a wrapped block shows as two segments with the second starting at 0).
  let blocks = 0;
  for (let s = 0; s < plan.segmentStart.length; s++) {
    if (!(plan.segmentStart[s] === 0 && s > 0)) blocks++;
  }
  const mean = 200000 / blocks;
  // Geometric(1/8): mean 8, sd √56 ≈ 7.5; ~25000 blocks -> sd of mean ≈ 0.05.
  assert.ok(Math.abs(mean - 8) < 0.4, `mean ${mean}`);
});

Deno.test("same generator state gives the same plan; bad options are errors", () => {
  const a = resampleBlocks(groups, new Pcg32(3, 3), { method: "stationary" });
  const b = resampleBlocks(groups, new Pcg32(3, 3), { method: "stationary" });
  assert.deepEqual(a, b);
  assert.throws(() => resampleBlocks(groups, new Pcg32(1), { blockSize: 0 }), RangeError);
  // deno-lint-ignore no-explicit-any
  assert.throws(() => resampleBlocks(groups, new Pcg32(1), { method: "x" as any }), RangeError);
  assert.throws(() => resampleBlocks({ start: [0], length: [] }, new Pcg32(1)), TypeError);
});

Deno.test("keep: a group left out draws its randomness but gets no segment", () => {
  // The independent computation: the plan of every group; the kept groups' segments must be
  // those, and the generator must end where it ends.
  const groups = { start: [0, 40, 45, 90, 90], length: [40, 5, 45, 0, 33] };
  for (const method of ["permute", "moving", "circular", "stationary"] as const) {
    const a = new Pcg32(11, 3), b = new Pcg32(11, 3);
    const whole = resampleBlocks(groups, a, { method, blockSize: 4 });
    const keep = [0, 1, 0, 1, 1];
    const part = resampleBlocks(groups, b, { method, blockSize: 4 }, keep);
    for (let g = 0; g < keep.length; g++) {
      const segs = (p: BlockPlan) =>
        Array.from(
          { length: p.groupOffset[g + 1] - p.groupOffset[g] },
          (_, k) => [p.segmentStart[p.groupOffset[g] + k], p.segmentLength[p.groupOffset[g] + k]],
        );
      assert.deepEqual(segs(part), keep[g] === 1 ? segs(whole) : [], `${method} group ${g}`);
    }
    assert.equal(b.nextUint32(), a.nextUint32(), `${method}: the same draws`);
  }
});
