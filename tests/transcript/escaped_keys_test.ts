/**
 * Keys spelled with escapes (`"\u0074ype"` for `type`) mean what `JSON.parse` reads: the corpus
 * reader (both of its paths) and the read-cost measurement must agree on them.
 *
 * Expected values by hand from the three records below, read as JSON.parse reads them:
 * - record 1: an assistant request with every key of interest escaped once (`type`, `message`,
 *   `id`, `usage`, `input_tokens`, `cache_creation`, `ephemeral_5m_input_tokens`,
 *   `cache_read_input_tokens`, `output_tokens`): u 3, w5 40, r 100, y 7;
 * - record 2: a plain assistant request: u 2, w5 0, r 50, y 5;
 * - record 3: a duplicate `type` member, escaped spelling last, so JSON.parse reads
 *   `"assistant"` (not `"user"`): u 1, r 10, y 1.
 * So 3 requests; Σu 6, Σw5 40, Σr 160, Σy 13; read-cost's observed input = u + w + r = 206.
 */

import assert from "node:assert/strict";
import { corpusBothWays, measureBothWays } from "./_both_paths.ts";

const esc = (key: string, at = 0) =>
  key.slice(0, at) + "\\u" + key.charCodeAt(at).toString(16).padStart(4, "0") +
  key.slice(at + 1);

const lines = [
  `{"${esc("type")}":"assistant","uuid":"a1","timestamp":"2026-01-01T00:00:00Z",` +
  `"${esc("message", 2)}":{"${esc("id", 1)}":"m1","model":"opus","${esc("usage")}":{` +
  `"${esc("input_tokens", 5)}":3,"${esc("cache_creation", 13)}":{"${
    esc("ephemeral_5m_input_tokens", 24)
  }":40},` +
  `"cache_creation_input_tokens":40,"${esc("cache_read_input_tokens")}":100,` +
  `"${esc("output_tokens", 12)}":7}}}`,
  `{"type":"assistant","uuid":"a2","timestamp":"2026-01-01T00:00:10Z",` +
  `"message":{"id":"m2","model":"opus","usage":{"input_tokens":2,"cache_read_input_tokens":50,` +
  `"output_tokens":5}}}`,
  `{"type":"user","${esc("type", 3)}":"assistant","uuid":"a3","timestamp":"2026-01-01T00:00:20Z",` +
  `"message":{"id":"m3","model":"opus","usage":{"input_tokens":1,"cache_read_input_tokens":10,` +
  `"output_tokens":1}}}`,
];
const text = lines.join("\n") + "\n";

Deno.test("escaped keys: every line is valid JSON and reads as the plain keys", () => {
  // The fixture itself: JSON.parse decodes the escaped keys to the plain ones.
  const parsed = lines.map((l) => JSON.parse(l));
  assert.equal(parsed[0].type, "assistant");
  assert.equal(parsed[0].message.usage.cache_creation.ephemeral_5m_input_tokens, 40);
  assert.equal(parsed[2].type, "assistant");
  assert.ok(lines[0].includes("\\u00") && lines[2].includes("\\u00"));
});

Deno.test("escaped keys: the corpus reads them as JSON.parse does, on both paths", () => {
  const corpus = corpusBothWays([{ path: "p/s.jsonl", text }]);
  const r = corpus.requests;
  assert.equal(r.length, 3);
  const sum = (c: Float64Array) => c.reduce((a, b) => a + b, 0);
  assert.deepEqual(
    [sum(r.input), sum(r.cacheWrite5m), sum(r.cacheWrite1h), sum(r.cacheRead), sum(r.output)],
    [6, 40, 0, 160, 13],
  );
});

Deno.test("escaped keys: read-cost agrees with the corpus, on both paths", () => {
  const m = measureBothWays(text, { minChars: 1 });
  assert.equal(m.malformedLines, 0);
  assert.equal(m.assistantMessages, 3);
  assert.equal(m.usage.inputTokens, 6);
  assert.equal(m.usage.cacheCreationInputTokens, 40);
  assert.equal(m.usage.cacheReadInputTokens, 160);
  assert.equal(m.usage.observedInputTokens, 206);
  assert.equal(m.usage.outputTokens, 13);
  const corpus = corpusBothWays([{ path: "p/s.jsonl", text }]);
  assert.equal(corpus.requests.length, m.assistantMessages);
});
