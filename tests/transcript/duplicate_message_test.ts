/**
 * A record with two `message` members reads as `JSON.parse` reads it: the last one wins, whatever
 * its type, and when that one is not an object the record has no message (no usage, no content,
 * no model). The corpus (both of its paths) and the read-cost measurement must agree.
 *
 * Expected values by hand from the five records below, read as JSON.parse reads them:
 * - a1: message object (m1, usage u 1 r 10 y 2, a Read tool use t1), then `"message":"gone"`:
 *   no message, so an assistant block without usage and no tool use;
 * - a2: `"message":null`, then message object (m2, usage u 3 r 20 y 4, a Read tool use t2): a
 *   request;
 * - u1: message object (a tool result for t2 of 4 characters), then `"message":7`: no result;
 * - u2: `"message":[]`, then message object (a tool result for t2 of 12 characters): one
 *   bulk-read result, ceil(12 / 4) = 3 one-shot tokens;
 * - a3: one message object (m3, usage u 5 r 30 y 6): a request, placed after u2's result, so that
 *   result is carried by one message: 3 × 1 = 3 tokens.
 * So 2 requests (m2, m3), Σu 8, Σr 50, Σy 10, one assistant block without usage; read-cost: 2
 * messages, observed input 8 + 50 = 58, output 10, 1 result of 12 characters, carried 3.
 */

import assert from "node:assert/strict";
import { corpusBothWays, measureBothWays } from "./_both_paths.ts";

const read = (id: string) =>
  `{"type":"tool_use","id":"${id}","name":"Read","input":{"file_path":"f"}}`;
const result = (id: string, chars: number) =>
  `{"type":"tool_result","tool_use_id":"${id}","content":"${"x".repeat(chars)}"}`;
const time = (s: number) => `"timestamp":"2026-01-01T00:00:${String(s).padStart(2, "0")}Z"`;

const lines = [
  `{"type":"assistant","uuid":"a1",${time(0)},"message":{"id":"m1","model":"opus",` +
  `"usage":{"input_tokens":1,"cache_read_input_tokens":10,"output_tokens":2},` +
  `"content":[${read("t1")}]},"message":"gone"}`,
  `{"type":"assistant","uuid":"a2",${time(1)},"message":null,"message":{"id":"m2",` +
  `"model":"opus","usage":{"input_tokens":3,"cache_read_input_tokens":20,"output_tokens":4},` +
  `"content":[${read("t2")}]}}`,
  `{"type":"user","uuid":"u1",${time(2)},"message":{"content":[${result("t2", 4)}]},"message":7}`,
  `{"type":"user","uuid":"u2",${time(3)},"message":[],"message":{"content":[${result("t2", 12)}]}}`,
  `{"type":"assistant","uuid":"a3",${time(4)},"message":{"id":"m3","model":"opus",` +
  `"usage":{"input_tokens":5,"cache_read_input_tokens":30,"output_tokens":6}}}`,
];
const text = lines.join("\n") + "\n";

Deno.test("two message members: the fixture reads as described under JSON.parse", () => {
  const parsed = lines.map((l) => JSON.parse(l));
  assert.deepEqual(parsed.map((r) => typeof r.message), [
    "string",
    "object",
    "number",
    "object",
    "object",
  ]);
  assert.equal(parsed[1].message.id, "m2");
  assert.ok(!Array.isArray(parsed[3].message));
});

Deno.test("two message members: the corpus takes the last, on both paths", () => {
  const corpus = corpusBothWays([{ path: "p/s.jsonl", text }]);
  const r = corpus.requests;
  assert.equal(r.length, 2);
  assert.deepEqual([...r.input], [3, 5]);
  assert.deepEqual([...r.cacheRead], [20, 30]);
  assert.deepEqual([...r.output], [4, 6]);
  assert.equal(corpus.diagnostics.blocksWithoutUsage, 1);
});

Deno.test("two message members: read-cost takes the last as the corpus does, on both paths", () => {
  const m = measureBothWays(text, { minChars: 1 });
  assert.equal(m.malformedLines, 0);
  assert.equal(m.assistantMessages, 2);
  assert.equal(m.usage.observedInputTokens, 58);
  assert.equal(m.usage.outputTokens, 10);
  const bulk = m.byKind["bulk-read"];
  assert.deepEqual([bulk.results, bulk.textChars, bulk.oneShotTokens, bulk.carriedTokens], [
    1,
    12,
    3,
    3,
  ]);
  assert.equal(m.byKind.unmatched.results, 0);
  const corpus = corpusBothWays([{ path: "p/s.jsonl", text }]);
  assert.equal(corpus.requests.length, m.assistantMessages);
});
