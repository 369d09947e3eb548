import assert from "node:assert/strict";
import { replaySumsFromData, reportData } from "../../lib/report/report_data.ts";
import { fixtureInputs, fixtureSums } from "./_fixture.ts";

const context = { model: "m", steadyState: null, observedTrigger: 267_900 };

Deno.test("reportData: plain arrays that survive JSON exactly", () => {
  const sums = fixtureSums();
  const data = reportData(sums, fixtureInputs(), context);
  assert.ok(Array.isArray(data.sums.contextTokens));
  assert.equal(data.sums.contextTokens.length, sums.workloads * sums.triggers.length);
  const back = replaySumsFromData(JSON.parse(JSON.stringify(data)));
  assert.deepEqual(back, sums);
  assert.equal(JSON.stringify(data), JSON.stringify(reportData(sums, fixtureInputs(), context)));
});

Deno.test("reportData: copies the inputs instead of sharing them", () => {
  const inputs = fixtureInputs();
  const data = reportData(fixtureSums(), inputs, context);
  inputs.prices.alpha = 0.5;
  assert.equal(data.inputs.prices.alpha, 0.05);
});

Deno.test("reportData and replaySumsFromData: wrong lengths are RangeErrors naming the array", () => {
  const sums = fixtureSums();
  assert.throws(
    () => reportData({ ...sums, summaryTokens: new Float64Array(3) }, fixtureInputs(), context),
    /summaryTokens has 3 entries, expected 5 workloads × 19 triggers = 95/,
  );
  assert.throws(
    () => reportData({ ...sums, workSeconds: new Float64Array(1) }, fixtureInputs(), context),
    /workSeconds has 1 entries, expected one per workload \(5\)/,
  );
  const data = reportData(sums, fixtureInputs(), context);
  assert.throws(
    () => replaySumsFromData({ sums: { ...data.sums, workloads: 4 } }),
    RangeError,
  );
});
