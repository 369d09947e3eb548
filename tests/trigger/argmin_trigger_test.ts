import assert from "node:assert/strict";
import { argminTrigger } from "../../lib/trigger/argmin_trigger.ts";

Deno.test("argminTrigger: the lowest value's trigger, NaN skipped", () => {
  assert.deepEqual(argminTrigger([1, 2, 3], [NaN, 5, 4]), { index: 2, trigger: 3 });
  assert.deepEqual(argminTrigger(Float64Array.of(4e4, 5e4), Float64Array.of(-1, 0)), {
    index: 0,
    trigger: 4e4,
  });
});

Deno.test("argminTrigger: nothing finite gives null; lengths must agree", () => {
  assert.equal(argminTrigger([], []), null);
  assert.equal(argminTrigger([1, 2], [NaN, Infinity]), null);
  assert.throws(() => argminTrigger([1, 2], [1]), RangeError);
});
