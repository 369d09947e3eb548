/**
 * Token counts near the largest double: a count above 2^53 − 1 (Number.MAX_SAFE_INTEGER) is an
 * invalid usage value, read as 0 and counted, in both parser paths (WebAssembly member table
 * and JavaScript member walk) and in the read-cost measurement. Before, 1e308 was taken as is and
 * sums overflowed: the JSON showed "billedTokens": null and the text "InfinityM" and "NaN%".
 */
import assert from "node:assert/strict";
import { corpusFromText } from "../../lib/transcript/read_corpus.ts";
import { summarizeCorpus } from "../../lib/transcript/summarize_corpus.ts";
import { UsageTokens } from "../../lib/transcript/usage_scan.ts";
import { measureTranscript } from "../../lib/readcost/file_measure.ts";
import { formatSummary } from "../../cli/corpus.ts";

const line = (n: number, usage: string) =>
  `{"type":"assistant","uuid":"u${n}","requestId":"r${n}","timestamp":"2026-01-01T00:0${n}:00Z",` +
  `"message":{"id":"m${n}","model":"opus","usage":${usage}}}`;

const HUGE = [
  '{"input_tokens":1e308,"output_tokens":5}',
  '{"input_tokens":1.7976931348623157e308,"cache_read_input_tokens":1.7976931348623157e308,"output_tokens":5}',
  '{"input_tokens":9007199254740993,"output_tokens":5}', // 2^53 + 1
  '{"input_tokens":-3,"output_tokens":5}',
  '{"input_tokens":"12","output_tokens":5}',
];

Deno.test("usage: counts above 2^53 - 1 are invalid, counted, and sums stay finite", () => {
  const text = HUGE.map((u, i) => line(i + 1, u)).join("\n") + "\n";
  const corpus = corpusFromText([{ path: "s.jsonl", text }]);
  // By hand: 6 invalid values (one in usages 1, 3, 4, 5 and two in usage 2); each request keeps
  // its 5 output tokens, so D = 5 × 5 = 25.
  assert.equal(corpus.diagnostics.invalidUsageValues, 6);
  const summary = summarizeCorpus(corpus);
  assert.equal(summary.billedTokens, 25);
  const json = JSON.stringify(summary);
  assert.equal(JSON.parse(json).billedTokens, 25);
  const textReport = formatSummary(summary);
  assert.ok(!/Infinity|NaN/.test(textReport), textReport);
});

Deno.test("usage: the JavaScript member walk applies the same limit", () => {
  const usage = new UsageTokens();
  for (
    const [text, input] of [
      ['{"input_tokens":1e308}', 0],
      ['{"input_tokens":9007199254740991}', 9007199254740991], // 2^53 - 1 is still valid
      ['{"input_tokens":9007199254740992}', 0],
      ['{"input_tokens":null}', 0],
    ] as const
  ) {
    // A plain array (not the scanner's memory): the JavaScript path.
    const bytes = new TextEncoder().encode(text);
    assert.equal(usage.read(bytes, 0, bytes.length), true);
    assert.equal(usage.input, input, text);
    assert.equal(usage.invalid, input === 0 && !text.includes("null") ? 1 : 0, text);
  }
});

Deno.test("read-cost: counts above 2^53 - 1 are invalid usage values, totals finite", () => {
  const text = HUGE.slice(0, 3).map((u, i) => line(i + 1, u)).join("\n");
  const m = measureTranscript(text);
  // By hand: input of 1, 2, 3 and cache read of 2 are invalid (4); output is not an input field.
  assert.equal(m.diagnostics.invalidUsageValues, 4);
  assert.equal(m.usage.observedInputTokens, 0);
  assert.ok(Number.isFinite(m.usage.observedInputTokens));
});
