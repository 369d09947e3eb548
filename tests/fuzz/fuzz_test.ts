/**
 * The project's fuzz suite, bounded for `deno task test`: 165 seeded cases (15 per category of
 * ./_mutations.ts) through corpus, analyze and measure in-process, checking the properties of
 * ./_harness.ts. The report command (and the notebook view) runs on every 16th case here, not
 * every 8th as in the longer run: each report renders a page and two PNGs, about a second.
 * A longer run: `deno task fuzz --cases N --seed S`.
 */
import assert from "node:assert/strict";
import { formatFuzzTable, runFuzz } from "./_harness.ts";
import { CATEGORIES } from "./_mutations.ts";

const SEED = 20261201;
const CASES = 15 * CATEGORIES.length;
const REPORT_EVERY = 16;

Deno.test("fuzz: seeded mutated corpora keep every property", async () => {
  const { rows, failures, skipReasons } = await runFuzz(CASES, SEED, {
    reportEvery: REPORT_EVERY,
  });
  // Visible in the test output: what could not run here (e.g. permissions as root).
  for (const reason of skipReasons) console.log(`fuzz skipped: ${reason}`);
  assert.deepEqual(failures, [], formatFuzzTable(rows));
  for (const row of rows) {
    assert.equal(row.cases, 15, row.category);
    // Every case that ran made its command runs (6 commands, plus the accounting check).
    if (row.skipped < row.cases) assert.ok(row.runs >= 6 * (row.cases - row.skipped), row.category);
    assert.equal(row.ok, row.runs, row.category);
  }
  // The report and notebook checks ran: every markers case gets a notebook view, and the report
  // runs on at least half of the 11 cases numbered 0, 16, …, 160 (it needs an analysis that runs
  // to its end, and one of them is a permissions case).
  assert.equal(rows.find((r) => r.category === "markers")!.views, 15);
  const reports = rows.reduce((n, r) => n + r.reports, 0);
  assert.ok(reports >= 6, `${reports} report runs\n${formatFuzzTable(rows)}`);
});
