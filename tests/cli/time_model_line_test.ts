/**
 * The "used:" line of analyze's time model: a summary-only fit keeps a at exactly 0, said "0",
 * not "0.000e+0"; any other a keeps its four significant digits. Hand-made report.
 */
import assert from "node:assert/strict";
import { formatReport } from "../../cli/analyze.ts";
import { fixtureReport } from "../report/_fixture.ts";

Deno.test("the time model's used a: 0 as 0, others in exponent form", () => {
  const r = fixtureReport();
  r.timeModel.aSecondsPerToken = 0;
  assert.match(formatReport(r), /\n {2}used: a = 0 s\/token, v = /);
  r.timeModel.aSecondsPerToken = 9.12e-5;
  assert.match(formatReport(r), /\n {2}used: a = 9\.120e-5 s\/token, v = /);
});
