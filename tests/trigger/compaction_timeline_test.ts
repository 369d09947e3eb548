import assert from "node:assert/strict";
import { compactionTimelineRows, mergedTimelineRows } from "../../lib/trigger/mod.ts";
import { COMPACTION_TRIGGER } from "../../lib/transcript/tables.ts";

const { auto, manual, unknown } = COMPACTION_TRIGGER;

function table(rows: [trigger: number, timeMs: number, c: number][]) {
  return {
    length: rows.length,
    trigger: Uint8Array.from(rows, (r) => r[0]),
    timeMs: Float64Array.from(rows, (r) => r[1]),
    inputTokens: Float64Array.from(rows, (r) => r[2]),
  };
}

Deno.test("compactionTimelineRows: placed rows by time, unplaced ones counted", () => {
  const { rows, unplaced } = compactionTimelineRows(
    table([
      [auto, 3_000, 160_000],
      [manual, 1_000, 90_000],
      [unknown, 2_000, 120_000],
      [auto, NaN, 150_000], // no time
      [auto, 4_000, NaN], // no C
      [auto, 2_000, 140_000], // same time as the unknown one: kept after it
    ]),
    "Claude Opus 5.5",
  );
  assert.deepEqual(rows, [
    { timeMs: 1_000, inputTokens: 90_000, trigger: "manual", model: "Claude Opus 5.5" },
    { timeMs: 2_000, inputTokens: 120_000, trigger: "unknown", model: "Claude Opus 5.5" },
    { timeMs: 2_000, inputTokens: 140_000, trigger: "auto", model: "Claude Opus 5.5" },
    { timeMs: 3_000, inputTokens: 160_000, trigger: "auto", model: "Claude Opus 5.5" },
  ]);
  assert.equal(unplaced, 2);
});

Deno.test("compactionTimelineRows: an unexpected trigger code is unknown", () => {
  const { rows } = compactionTimelineRows(table([[7, 1, 1]]), "m");
  assert.equal(rows[0].trigger, "unknown");
});

Deno.test("mergedTimelineRows: every model's rows, counts summed", () => {
  const { rows, unplaced } = mergedTimelineRows([
    { model: "A", compactions: table([[auto, 5, 100], [auto, NaN, 1]]) },
    { model: "B", compactions: table([[manual, 1, 200], [auto, 2, NaN]]) },
  ]);
  assert.deepEqual(rows.map((r) => [r.model, r.trigger, r.inputTokens]), [
    ["A", "auto", 100],
    ["B", "manual", 200],
  ]);
  assert.equal(unplaced, 2);
});

Deno.test("compactionTimelineRows: a trigger of kind other keeps its own name", () => {
  const { rows } = compactionTimelineRows(
    table([[COMPACTION_TRIGGER.other, 2_000, 210_000], [auto, 1_000, 150_000]]),
    "m",
  );
  assert.deepEqual(rows.map((r) => r.trigger), ["auto", "other"]);
});
