// The warm-up file must take the parser's rare branches, or it would not prevent the
// de-optimisations it is there for. Expected counts are read off the records in warm_up.ts.
import assert from "node:assert/strict";
import { splitLines } from "../../lib/transcript/jsonl.ts";
import { FileParser } from "../../lib/transcript/parse_file.ts";
import { corpusFromText } from "../../lib/transcript/read_corpus.ts";
import { WARM_UP_ROUNDS, warmUpParser, warmUpText } from "../../lib/transcript/warm_up.ts";

Deno.test("the warm-up file exercises the rare records and parses like any transcript", () => {
  const corpus = corpusFromText([{ path: "w.jsonl", text: warmUpText(0) }]);
  const d = corpus.diagnostics;
  assert.equal(d.malformedLines, 1); // the truncated last line
  assert.equal(d.blankLines, 1);
  assert.equal(d.syntheticRecords, 1);
  assert.equal(d.apiErrorRecords, 1);
  assert.equal(d.microcompactions, 1);
  assert.equal(d.requestsWithoutMessageId, 1);
  assert.ok(d.blocksWithoutUsage >= 1);
  assert.ok(d.duplicateBlocks >= 1); // the repeated response, folded in the file
  assert.deepEqual(Object.keys(d.requestsByModel).sort(), ["model-a", "model-b"]);
  // Sessions: main, the in-file side chain, the sub-agent, the helper (model-b makes main "other
  // model"); the compaction call is none.
  assert.equal(corpus.sessions.length + d.excludedSessions.otherModel, 4);
  assert.equal(d.unmatchedCompactionCalls, 1); // no paths, so no parent transcript
  // The file's own view: five local sessions, and three compactions: auto (timed from its logical
  // parent, 20 s − 11 s = 9 s), manual (durationMs 9000), each with its summary, and unknown
  // (no durationMs: no duration, whatever its logical parent says; null summary: NaN).
  const parser = new FileParser();
  splitLines(warmUpText(0), (b, s, e, n) => parser.onLine(b, s, e, n));
  const parse = parser.finish();
  // main, chain, agent "warm", helper, compaction call
  assert.deepEqual(parse.sessions.map((s) => s.kind), [0, 1, 1, 2, 3]);
  assert.deepEqual(parse.boundaries.map((b) => [b.trigger, b.durationSeconds]), [
    [0, 9],
    [1, 9],
    [2, NaN],
    [3, 0.4], // other trigger ("idle"), precomputed, timed by its durationMs
  ]);
  assert.deepEqual(parse.boundaries.map((b) => b.summaryChars), [12, 14, NaN, NaN]);
  assert.deepEqual(parse.boundaries.map((b) => b.precomputed), [false, false, false, true]);
  // The 2026 shapes: u1 and u3 re-appended (skipped), the passes of msg_14 (two requests, one
  // advisor pass in each of its two records), the microcompaction's tokens saved.
  assert.equal(parse.counts.repeatedRecordUuids, 2);
  assert.equal(parse.advisor.key.length, 2);
  assert.equal(parse.counts.microcompactTokensSaved, 40);
  assert.equal(d.microcompactTokensSaved, 40);
  assert.equal(d.repeatedRecordUuids, 2);
});

Deno.test("the last warm-up round adds records out of time order past the look-up's scan budget, and no request", () => {
  // 120 records out of time order take the look-up past its scan budget: each scans the 38 to
  // 157 uuids noted before it, about 11,700 in all, against 32 · 158 + 4,096 = 9,152. u3, re-
  // appended after them, is then found through the time table, and skipped like u1.
  const count = (round: number) => {
    const parser = new FileParser();
    splitLines(warmUpText(round), (b, s, e, n) => parser.onLine(b, s, e, n));
    const parse = parser.finish();
    return [parse.counts.repeatedRecordUuids, parse.blocks.key.length];
  };
  const [repeated, blocks] = count(WARM_UP_ROUNDS - 1);
  assert.equal(repeated, 2);
  // The late records are user records: they add no request.
  assert.equal(blocks, count(0)[1]);
});

Deno.test("rounds differ in some message ids only", () => {
  const a = corpusFromText([{ path: "a.jsonl", text: warmUpText(0) }]);
  const both = corpusFromText([
    { path: "a.jsonl", text: warmUpText(0) },
    { path: "b.jsonl", text: warmUpText(1) },
  ]);
  assert.ok(both.diagnostics.crossFileDuplicateRequests > 0);
  assert.ok(
    Object.values(both.diagnostics.requestsByModel).reduce((x, y) => x + y, 0) >
      Object.values(a.diagnostics.requestsByModel).reduce((x, y) => x + y, 0),
  );
});

Deno.test("warmUpParser runs once and leaves no trace", () => {
  assert.equal(warmUpParser().length, WARM_UP_ROUNDS);
  assert.deepEqual(warmUpParser(), []); // a no-op
  const corpus = corpusFromText([{ path: "x.jsonl", text: "{bad\n" }]);
  assert.equal(corpus.diagnostics.malformedLines, 1);
});
