import assert from "node:assert/strict";
import { cutAtTop } from "../../lib/charts/cut_at_top.ts";

// Expected rows worked by hand: a column from va to vb crosses top at t = (top − va)/(vb − va)
// of the way, and every column is interpolated there.

Deno.test("cutAtTop: two columns crossing at different points of one segment, in order", () => {
  const rows = [{ x: 0, lo: 8, hi: 12 }, { x: 10, lo: 2, hi: 6 }];
  const cut = cutAtTop(rows, { clamp: ["lo", "hi"], gap: [] }, 10);
  // hi crosses 10 at t = (10 − 12)/(6 − 12) = 1/3 (x 3.33, lo 6); lo starts below: no crossing.
  assert.equal(cut.length, 3);
  assert.deepEqual(cut[0], { x: 0, lo: 8, hi: 10 }); // clamped
  assert.ok(Math.abs(cut[1].x - 10 / 3) < 1e-12);
  assert.ok(Math.abs(cut[1].lo - 6) < 1e-12);
  assert.equal(cut[1].hi, 10);
  assert.deepEqual(cut[2], { x: 10, lo: 2, hi: 6 });
  // The input is left as it was.
  assert.deepEqual(rows, [{ x: 0, lo: 8, hi: 12 }, { x: 10, lo: 2, hi: 6 }]);
});

Deno.test("cutAtTop: a line above the top is a gap, ending and starting at its crossings", () => {
  const rows = [{ x: 0, y: 0 }, { x: 2, y: 4 }, { x: 4, y: 0 }];
  const cut = cutAtTop(rows, { clamp: [], gap: ["y"] }, 2);
  // Up through 2 at x 1, above at x 2 (NaN), down through 2 at x 3.
  assert.deepEqual(cut, [
    { x: 0, y: 0 },
    { x: 1, y: 2 },
    { x: 2, y: NaN },
    { x: 3, y: 2 },
    { x: 4, y: 0 },
  ]);
});

Deno.test("cutAtTop: two columns crossing at different points: one row each, sorted by x", () => {
  const rows = [{ x: 0, a: 0, b: 5 }, { x: 4, a: 8, b: 1 }];
  const cut = cutAtTop(rows, { clamp: ["a"], gap: ["b"] }, 4);
  // b crosses 4 going down at t = (4 − 5)/(1 − 5) = 1/4 (x 1, a 2); a going up at t = 1/2 (x 2,
  // b 3).
  assert.deepEqual(cut, [
    { x: 0, a: 0, b: NaN },
    { x: 1, a: 2, b: 4 },
    { x: 2, a: 4, b: 3 },
    { x: 4, a: 4, b: 1 },
  ]);
});

Deno.test("cutAtTop: a value at the top or not finite crosses nothing; an uncut row stays", () => {
  const rows = [{ x: 0, y: 3, z: NaN }, { x: 1, y: 5, z: 9 }, { x: 2, y: 1, z: 1 }];
  const cut = cutAtTop(rows, { clamp: ["y"], gap: ["z"] }, 3);
  // y = 3 at x 0 is at the top, not above it: the first segment has no crossing row; the second
  // has y's at t = 1/2 (x 1.5, z 5 above: NaN) and z's at t = 6/8 (x 1.75, y 2).
  assert.equal(cut.length, 5);
  assert.deepEqual(cut[0], { x: 0, y: 3, z: NaN });
  assert.deepEqual(cut[1], { x: 1, y: 3, z: NaN });
  assert.deepEqual(cut[2], { x: 1.5, y: 3, z: NaN });
  assert.deepEqual(cut[3], { x: 1.75, y: 2, z: 3 });
  assert.deepEqual(cut[4], { x: 2, y: 1, z: 1 });
  assert.deepEqual(cutAtTop([], { clamp: [], gap: [] }, 1), []);
});
