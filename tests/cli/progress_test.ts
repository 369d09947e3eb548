import assert from "node:assert/strict";
import {
  PROGRESS_INTERVAL_MS,
  progressReporter,
  replayProgressReporter,
} from "../../cli/_shared.ts";

/** A terminal that keeps what is written, and a clock the test moves. */
function fakeTerminal(terminal = true) {
  const written: string[] = [];
  let time = 0;
  return {
    written,
    at: (ms: number) => void (time = ms),
    output: { terminal, write: (text: string) => void written.push(text), now: () => time },
  };
}

Deno.test("progressReporter: nothing when stderr is not a terminal", () => {
  assert.equal(progressReporter("corpus", fakeTerminal(false).output), undefined);
});

Deno.test("progressReporter: at most one rewrite per interval, the first and the last always", () => {
  const t = fakeTerminal();
  const report = progressReporter("corpus", t.output)!;
  assert.equal(PROGRESS_INTERVAL_MS, 100);
  t.at(0), report(1, 5, 1e6); // the first: written
  t.at(50), report(2, 5, 2e6); // 50 ms later: skipped
  t.at(99), report(3, 5, 3e6); // 99 ms after the first: skipped
  t.at(100), report(4, 5, 4e6); // 100 ms: written
  t.at(101), report(5, 5, 5e6); // the last, 1 ms later: written, with the newline
  assert.deepEqual(t.written, [
    "\rcorpus: 1/5 files, 1 MB",
    "\rcorpus: 4/5 files, 4 MB",
    "\rcorpus: 5/5 files, 5 MB\n",
  ]);
});

Deno.test("progressReporter: counts grouped in thousands, megabytes rounded", () => {
  const t = fakeTerminal();
  progressReporter("export: reading", t.output)!(1234, 20720, 5_454_499_999);
  assert.deepEqual(t.written, ["\rexport: reading: 1,234/20,720 files, 5,454 MB"]);
});

Deno.test("replayProgressReporter: throttled the same way", () => {
  const t = fakeTerminal();
  const report = replayProgressReporter("analyze", t.output);
  for (let k = 1; k <= 101; k++) t.at(k * 10), report(k, 101);
  // Written at 10 ms, then each 100 ms (110, 210, …, 1010 ms: k = 11, 21, …, 101).
  assert.equal(t.written.length, 11);
  assert.equal(t.written[0], "\ranalyze: replayed 1/101 workloads");
  assert.equal(t.written[1], "\ranalyze: replayed 11/101 workloads");
  assert.equal(t.written[10], "\ranalyze: replayed 101/101 workloads\n");
});
