/**
 * Names a file puts in the output (record types, system subtypes, model names) are echoed only
 * when they look like identifiers; the rest are counted under "other" (issue: any string placed
 * there by a file reached the text, the JSON and the report). Expected counts by hand.
 */
import assert from "node:assert/strict";
import { corpusFromText } from "../../lib/transcript/read_corpus.ts";
import { summarizeCorpus } from "../../lib/transcript/summarize_corpus.ts";
import { echoName, OTHER_NAME } from "../../lib/io/echo_name.ts";
import { formatSummary } from "../../cli/corpus.ts";

const assistant = (n: number, model: string) =>
  JSON.stringify({
    type: "assistant",
    uuid: `u${n}`,
    requestId: `r${n}`,
    timestamp: `2026-01-01T00:0${n}:00.000Z`,
    message: { id: `m${n}`, model, usage: { input_tokens: 10, output_tokens: 1 } },
  });

Deno.test("echoName: identifiers pass, anything else is other", () => {
  for (
    const name of [
      "claude-opus-4-5-20251101",
      "us.anthropic.claude-3-7-sonnet-20250219-v1:0",
      "claude-sonnet-4@20250514",
      "system:compact_boundary",
      "<synthetic>",
      "(none)",
      "file-history-snapshot",
    ]
  ) {
    assert.equal(echoName(name), name);
  }
  for (
    const name of [
      "<script>",
      "a b",
      "x\ny",
      "",
      "é",
      "x".repeat(129),
      "__proto__",
      "constructor",
      "toString",
      "MARK\u202e",
    ]
  ) {
    assert.equal(echoName(name), OTHER_NAME, JSON.stringify(name));
  }
});

Deno.test("corpus: unknown types, subtypes and models are echoed only as identifiers", () => {
  const lines = [
    assistant(1, "claude-opus-4-5-20251101"),
    assistant(2, "claude-opus-4-5-20251101"),
    JSON.stringify({ type: "PRIVATE MARKER type", uuid: "t1" }),
    JSON.stringify({ type: "system", subtype: "secret subtype!", uuid: "t2" }),
    JSON.stringify({ type: "constructor", uuid: "t3" }),
    JSON.stringify({ type: "__proto__", uuid: "t4" }),
    JSON.stringify({ type: "summary-v2", uuid: "t5" }),
  ];
  // The junk model in a session of its own (t.jsonl), so that it can be chosen below.
  const files = [
    { path: "s.jsonl", text: lines.join("\n") },
    { path: "t.jsonl", text: assistant(3, "<img src=x onerror=alert(1)>") },
  ];
  const corpus = corpusFromText(files);
  const d = corpus.diagnostics;
  // By hand: 3 assistant records; 4 junk type names under "other"; "summary-v2" as it is.
  assert.deepEqual(d.recordTypes, { assistant: 3, other: 4, "summary-v2": 1 });
  // Every record is counted once: 8 records in the two files.
  assert.equal(Object.values(d.recordTypes).reduce((a, b) => a + b, 0), 8);
  assert.deepEqual(d.requestsByModel, { "claude-opus-4-5-20251101": 2, other: 1 });
  const summary = summarizeCorpus(corpus);
  const out = JSON.stringify(summary) + formatSummary(summary);
  for (const secret of ["PRIVATE", "secret", "onerror", "img", "__proto__", "constructor"]) {
    assert.ok(!out.includes(secret), secret);
  }
  // The junk model is a model of its own, named other, and can be chosen.
  const other = corpusFromText(files, { model: "other" });
  assert.equal(other.model, "other");
  assert.equal(other.requests.length, 1);
});
