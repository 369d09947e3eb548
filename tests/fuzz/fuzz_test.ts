/**
 * The project's fuzz suite, bounded for `deno task test`: 165 seeded cases (15 per category of
 * ./_mutations.ts) through corpus, analyze and measure in-process, checking the properties of
 * ./_harness.ts. The report command (and the notebook view) runs on every 16th case here, not
 * every 8th as in the longer run: each report renders a page and two PNGs, about a second.
 * A longer run: `deno task fuzz --cases N --seed S`. As root the permission cases cannot run in
 * this process (root reads a file of mode 000); the second test runs them in a process started
 * without the capabilities that let root do so.
 */
import assert from "node:assert/strict";
import { formatFuzzTable, runFuzz } from "./_harness.ts";
import { CATEGORIES } from "./_mutations.ts";
import { meetingPermissionBits } from "../_unprivileged.ts";

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

Deno.test("fuzz: the permission cases run as root too, without the capabilities that bypass them", async () => {
  // In the process above, root reads a file of mode 000 and those cases are skipped (said
  // above). Here they run in a process of their own; as root, started by util-linux setpriv
  // without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH, so the permission bits stop root as any user.
  const fuzz = [
    Deno.execPath(),
    "run",
    "--allow-all",
    new URL("./run.ts", import.meta.url).pathname,
  ];
  const args = [...fuzz, "--cases", "15", "--seed", String(SEED), "--category", "permissions"];
  const [cmd, ...rest] = meetingPermissionBits(args);
  const { code, stdout } = await new Deno.Command(cmd, {
    args: rest,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "null",
  }).output();
  const text = new TextDecoder().decode(stdout);
  assert.equal(code, 0, text);
  // 15 cases, each with its runs, none skipped, no failure.
  const row = text.split("\n").find((l) => l.startsWith("permissions"))!.trim().split(/\s+/);
  assert.deepEqual([row[1], row[6], row[7]], ["15", "0", "0"], text);
  assert.ok(Number(row[2]) >= 6 * 15 && row[2] === row[3], text);
  assert.doesNotMatch(text, /skipped:/);
});
