/**
 * Combining files into the report: the minimum-turn filter, malformed lines of excluded files,
 * percentages of observed input, the schema, and determinism.
 */
import assert from "node:assert/strict";
import { measureTranscript } from "../../lib/readcost/file_measure.ts";
import { buildReadCostReport } from "../../lib/readcost/report.ts";
import { collectResultSizes, sizeHistogram } from "../../lib/readcost/result_sizes.ts";
import { assistant, call, jsonl, result, usage } from "./_records.ts";

/** A file of `n` messages of 1,000 observed input tokens each, and one 4,000-char bulk read. */
function session(n: number, extra: string[] = []) {
  const records: unknown[] = [
    call("t", "Read", {}, { messageId: "m0", usage: usage(10, 90, 900) }),
    result("t", "x".repeat(4000)),
  ];
  for (let i = 1; i < n; i++) records.push(assistant({ id: `m${i}`, usage: usage(10, 90, 900) }));
  return jsonl([...records, ...extra]);
}

Deno.test("files under --min-turns are excluded; their malformed lines still count", () => {
  const included = measureTranscript(session(5, ["{oops"]));
  const excluded = measureTranscript(session(4, ["{oops", "{oops again"]));
  const report = buildReadCostReport([included, excluded]);
  assert.deepEqual(report.files, { read: 2, included: 1, excludedBelowMinTurns: 1 });
  assert.equal(report.assistantMessages, 5);
  assert.equal(report.tokens.observedInputTokens, 5000);
  // 1 in the included file + 2 in the excluded one.
  assert.equal(report.diagnostics.skippedMalformedLines, 3);
  // With --min-turns 4 both qualify.
  assert.equal(buildReadCostReport([included, excluded], { minTurns: 4 }).files.included, 2);
});

Deno.test("percentages divide the estimates by observed input tokens", () => {
  const m = measureTranscript(session(5), { minChars: 4000 });
  const report = buildReadCostReport([m], { minChars: 4000 });
  // One result of 4,000 chars → 1,000 one-shot tokens; 4 later messages → 4,000 carried.
  // Observed input 5 × 1,000 = 5,000 → 20% and 80%.
  assert.equal(report.allResults.oneShotTokens, 1000);
  assert.equal(report.allResults.carriedTokens, 4000);
  assert.equal(report.allResults.oneShotPercentOfObservedInput, 20);
  assert.equal(report.allResults.carriedPercentOfObservedInput, 80);
  assert.equal(report.byKind["bulk-read"].carriedPercentOfObservedInput, 80);
  assert.equal(report.byKind.search.oneShotPercentOfObservedInput, 0);
  // minChars 4000 makes it a candidate.
  assert.equal(report.candidates.results, 1);
  assert.equal(report.candidates.carriedPercentOfObservedInput, 80);
});

Deno.test("percentages are null when no input tokens were observed", () => {
  const m = measureTranscript(jsonl([assistant({ id: "a", usage: usage(0, 0, 0) })]));
  const report = buildReadCostReport([m], { minTurns: 1 });
  assert.equal(report.allResults.oneShotPercentOfObservedInput, null);
  assert.equal(report.candidates.carriedPercentOfObservedInput, null);
});

Deno.test("all-result totals include unmatched and error results", () => {
  const m = measureTranscript(jsonl([
    call("a", "Read", {}, { messageId: "m1" }),
    result("a", "x".repeat(8000), { isError: true }),
    result("nope", "y".repeat(40)),
  ]));
  const report = buildReadCostReport([m], { minTurns: 1 });
  // 2000 + 10 one-shot tokens; nothing carried (no later message).
  assert.equal(report.allResults.results, 2);
  assert.equal(report.allResults.errorResults, 1);
  assert.equal(report.allResults.unmatchedResults, 1);
  assert.equal(report.allResults.oneShotTokens, 2010);
  assert.equal(report.candidates.results, 0);
});

Deno.test("schema: version 1, fixed top-level and per-kind keys", () => {
  const report = buildReadCostReport([measureTranscript(session(5))]);
  assert.deepEqual(Object.keys(report), [
    "schemaVersion",
    "thresholds",
    "files",
    "assistantMessages",
    "tokens",
    "allResults",
    "candidates",
    "byKind",
    "diagnostics",
  ]);
  assert.equal(report.schemaVersion, 1);
  assert.deepEqual(report.thresholds, { minTurns: 5, minChars: 8000 });
  assert.deepEqual(Object.keys(report.byKind), [
    "bulk-read",
    "targeted-read",
    "search",
    "subagent",
    "other",
    "unmatched",
  ]);
  assert.deepEqual(Object.keys(report.tokens), [
    "inputTokens",
    "cacheCreationInputTokens",
    "cacheReadInputTokens",
    "observedInputTokens",
    "outputTokens",
  ]);
  assert.deepEqual(Object.keys(report.diagnostics), [
    "skippedMalformedLines",
    "messageIdFromRecordUuid",
    "messageIdFromLinePosition",
    "repeatedSnapshots",
    "repeatedRecordUuids",
    "invalidUsageValues",
    "compactBoundaries",
    "skippedOversizedLines",
    "skippedUndecodableNames",
  ]);
});

Deno.test("determinism: identical inputs give byte-identical JSON, in any file order", () => {
  const a = session(5);
  const b = session(7, ["{bad"]);
  const first = JSON.stringify(buildReadCostReport([measureTranscript(a), measureTranscript(b)]));
  const again = JSON.stringify(buildReadCostReport([measureTranscript(a), measureTranscript(b)]));
  const swapped = JSON.stringify(
    buildReadCostReport([measureTranscript(b), measureTranscript(a)]),
  );
  assert.equal(first, again);
  assert.equal(first, swapped);
});

Deno.test("result sizes: included files only, sorted; histogram bins by powers of two", () => {
  const sizes = collectResultSizes([
    measureTranscript(session(5)),
    measureTranscript(session(5)),
    measureTranscript(session(2)), // excluded
  ]);
  assert.deepEqual(sizes["bulk-read"], [4000, 4000]);
  const bins = sizeHistogram(sizes["bulk-read"]);
  // 4000 is in [2048, 4096), bin 12; bins 0..12 listed, only the last holds results.
  assert.equal(bins.length, 13);
  assert.deepEqual(bins[12], { lowerChars: 2048, upperChars: 4096, results: 2 });
  assert.equal(bins.slice(0, 12).reduce((n, b) => n + b.results, 0), 0);
  assert.deepEqual(sizeHistogram([]), []);
  assert.throws(() => sizeHistogram([-1]), RangeError);
});

Deno.test("thresholds are validated", () => {
  assert.throws(() => buildReadCostReport([], { minTurns: 0 }), RangeError);
  assert.throws(() => buildReadCostReport([], { minChars: 1.5 }), RangeError);
  const m = measureTranscript(session(5), { minChars: 100 });
  assert.throws(() => buildReadCostReport([m]), /measured with minChars 100/);
  // @ts-expect-error: wrong type on purpose
  assert.throws(() => buildReadCostReport([], { minChars: "8" }), TypeError);
});
