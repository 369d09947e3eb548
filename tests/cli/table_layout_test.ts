/**
 * `analyze`'s text table: identical runs are one line, long runs of triggers no session reaches
 * are thinned (#24, small things a new user saw: 94 rows of which some 70 no session reaches).
 * Expected lines worked out by hand from the rule in cli/_table_layout.ts.
 */
import assert from "node:assert/strict";
import { type TableLine, triggerTableLayout } from "../../cli/_table_layout.ts";
import { formatReport } from "../../cli/analyze.ts";
import { fixtureReport } from "../report/_fixture.ts";
import { Pcg32 } from "../../lib/stats/pcg32.ts";

const kinds = (lines: TableLine[]) => lines.map((l) => (l.kind === "row" ? l.index : l.kind));
const distinct = (n: number) => Array.from({ length: n }, (_, i) => `c${i}`);

Deno.test("table layout: a run of 2 x every unreached rows is printed whole, one more is thinned", () => {
  // 10 unreached rows after 1 reached row: 10 = 2 × 5, not more, so all 11 rows print.
  const ten = triggerTableLayout(distinct(11), distinct(11).map((_, i) => i === 0));
  assert.deepEqual(kinds(ten), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  // 11 unreached rows (1 … 11): rows 1, 6, 11 (every 5th from the first, the last is one of
  // them), 8 left out.
  const eleven = triggerTableLayout(distinct(12), distinct(12).map((_, i) => i === 0));
  assert.deepEqual(kinds(eleven), [0, 1, 6, 11, "thinned"]);
  assert.deepEqual(eleven[4], { kind: "thinned", from: 1, to: 11, every: 5, hidden: 8 });
  // 12 unreached rows (1 … 12): rows 1, 6, 11 and the last, 12; 8 left out.
  const twelve = triggerTableLayout(distinct(13), distinct(13).map((_, i) => i === 0));
  assert.deepEqual(kinds(twelve), [0, 1, 6, 11, 12, "thinned"]);
  assert.equal((twelve[5] as { hidden: number }).hidden, 8);
});

Deno.test("table layout: reached rows are never left out, and a reached row breaks a run", () => {
  // Rows 0 … 29; row 15 is reached: two unreached runs of 15 (0 … 14) and 14 (16 … 29).
  const reached = distinct(30).map((_, i) => i === 15);
  const lines = triggerTableLayout(distinct(30), reached, { every: 4 });
  assert.deepEqual(kinds(lines), [
    0,
    4,
    8,
    12,
    14,
    "thinned",
    15,
    16,
    20,
    24,
    28,
    29,
    "thinned",
  ]);
  assert.deepEqual(lines[5], { kind: "thinned", from: 0, to: 14, every: 4, hidden: 10 });
  assert.deepEqual(lines[12], { kind: "thinned", from: 16, to: 29, every: 4, hidden: 9 });
});

Deno.test("table layout: identical runs collapse as before and are not thinned", () => {
  // Rows 0 … 3 distinct and reached; 4 … 19 identical and unreached: one row and a same line.
  const cells = [...distinct(4), ...Array(16).fill("flat")];
  const lines = triggerTableLayout(cells, cells.map((_, i) => i < 4));
  assert.deepEqual(kinds(lines), [0, 1, 2, 3, 4, "same"]);
  assert.deepEqual(lines[5], { kind: "same", from: 5, to: 19, as: 4 });
  // Two identical rows are not a run: both print.
  assert.deepEqual(kinds(triggerTableLayout(["a", "a", "b"], [true, true, true])), [0, 1, 2]);
});

Deno.test("table layout: every row is printed, stood for by a same line, or counted as left out", () => {
  const prng = new Pcg32(20261204, 3);
  for (let round = 0; round < 200; round++) {
    const n = 1 + prng.nextBelow(120);
    const cells: string[] = [], reached: boolean[] = [];
    for (let i = 0; i < n; i++) {
      // Few distinct texts, so identical runs happen; reached in runs too.
      cells.push(prng.nextBelow(4) === 0 && i > 0 ? cells[i - 1] : `r${i}`);
      reached.push(prng.nextBelow(8) === 0 ? !reached[i - 1] : (reached[i - 1] ?? true));
    }
    const every = 2 + prng.nextBelow(6);
    const lines = triggerTableLayout(cells, reached, { every });
    const seen = new Uint8Array(n);
    let hidden = 0;
    for (const line of lines) {
      if (line.kind === "row") seen[line.index]++;
      else if (line.kind === "same") {
        for (let i = line.from; i <= line.to; i++) seen[i]++;
        assert.ok(line.to - line.from >= 1);
        for (let i = line.from; i <= line.to; i++) assert.equal(cells[i], cells[line.as]);
      } else {
        hidden += line.hidden;
        for (let i = line.from; i <= line.to; i++) assert.equal(reached[i], false);
      }
    }
    for (let i = 0; i < n; i++) {
      assert.ok(seen[i] <= 1, `row ${i} printed twice`);
      if (reached[i]) assert.equal(seen[i], 1, `reached row ${i} not printed`);
    }
    assert.equal(seen.reduce((a, b) => a + b, 0) + hidden, n);
  }
});

Deno.test("analyze text: the unreached tail is thinned with a line saying so", () => {
  const report = fixtureReport(); // triggers 40K … 400K by 20K: 19 rows
  // No session reaches 140K and up (rows 5 … 18: 14 rows): printed 140K, 240K, 340K, 400K.
  report.replay = report.replay.map((p, i) =>
    i < 5 ? p : { ...p, support: { ...p.support, sessions: 0, share: 0 } }
  );
  const text = formatReport(report);
  const rows = [...text.matchAll(/^ +(\d+)K +\$/gm)].map((m) => Number(m[1]));
  assert.deepEqual(rows, [40, 60, 80, 100, 120, 140, 240, 340, 400]);
  assert.match(
    text,
    /^ {2}140K-400K: no session reaches these triggers; one row in 5 shown, 10 rows left out \(--json has every trigger\)$/m,
  );
  // The fixture as it is (every trigger reached): all 19 rows, no thinned line.
  const whole = formatReport(fixtureReport());
  assert.equal([...whole.matchAll(/^ +(\d+)K +\$/gm)].length, 19);
  assert.doesNotMatch(whole, /no session reaches these triggers/);
});
