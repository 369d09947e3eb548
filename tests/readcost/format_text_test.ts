/** The text report: same numbers as the JSON, deterministic formatting. */
import assert from "node:assert/strict";
import { measureTranscript } from "../../lib/readcost/file_measure.ts";
import { formatReadCostText } from "../../lib/readcost/format_text.ts";
import { buildReadCostReport } from "../../lib/readcost/report.ts";
import { assistant, call, jsonl, result, usage } from "./_records.ts";

function report() {
  const records: unknown[] = [
    call("r", "Read", {}, { messageId: "m0", usage: usage(1000, 200000, 1000000, 4321) }),
    call("g", "Grep", {}, { messageId: "m1", usage: usage(0, 0, 0) }),
    result("r", "x".repeat(12000)), // 3,000 tokens, candidate
    result("g", [{ type: "text", text: "y".repeat(400) }, { type: "image" }]), // 100 tokens
    result("nope", "z", { isError: true }), // 1 token, unmatched error
    assistant({ id: "m2", usage: usage(0, 0, 0) }),
    assistant({ id: "m3", usage: usage(0, 0, 0) }),
  ];
  return buildReadCostReport([measureTranscript(jsonl(records))], { minTurns: 1 });
}

Deno.test("text report: totals with thousands separators and two-decimal percentages", () => {
  const text = formatReadCostText(report());
  // Observed input 1,000 + 200,000 + 1,000,000 = 1,201,000; output 4,321 (+1 × 3 messages).
  assert.match(text, /Observed input tokens +1,201,000\n/);
  assert.match(text, / {2}cache read +1,000,000\n/);
  assert.match(text, /Output tokens \(not in observed input\) +4,324\n/);
  // bulk-read: 1 result, 12,000 chars, 3,000 one-shot, 2 later messages → 6,000 carried.
  // 3,000 / 1,201,000 = 0.2498% → 0.25%; 6,000 / 1,201,000 = 0.4996% → 0.50%.
  assert.match(text, /\nbulk-read +1 +0 +12,000 +3,000 +6,000 +0\.25% +0\.50%\n/);
  // all: 3 results, 1 error, 12,401 chars, 3,101 one-shot, 6,202 carried.
  assert.match(text, /\nall results +3 +1 +12,401 +3,101 +6,202 +0\.26% +0\.52%\n/);
  assert.match(text, /\ncandidates +1 +- +12,000 +3,000 +6,000 +0\.25% +0\.50%\n/);
  assert.match(text, /1 image, 0 other/);
  // One candidate: "1 result" (the sentence said "1 results").
  assert.match(text, /characters\): 1 result, one-shot 3,000 tokens \(0\.25%\), carried 6,000 /);
  assert.match(text, /Unmatched results +1\n/);
});

Deno.test("text report: n/a when no input tokens were observed", () => {
  const m = measureTranscript(jsonl([assistant({ id: "a", usage: usage(0, 0, 0) })]));
  const text = formatReadCostText(buildReadCostReport([m], { minTurns: 1 }));
  assert.match(text, /\nall results +0 +0 +0 +0 +0 +n\/a +n\/a\n/);
  assert.match(text, /characters\): 0 results, one-shot 0 tokens/);
});

Deno.test("text report is deterministic", () => {
  assert.equal(formatReadCostText(report()), formatReadCostText(report()));
});
