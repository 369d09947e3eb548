import assert from "node:assert/strict";
import {
  corpusFromText,
  DEFAULT_WRITE_MULTIPLIERS,
  summarizeCorpus,
} from "../../lib/transcript/mod.ts";

const line = (uuid: string, time: string, usage: Record<string, unknown>) =>
  JSON.stringify({
    type: "assistant",
    uuid,
    timestamp: time,
    message: { id: `m_${uuid}`, model: "m", usage },
  });

const text = [
  line("a", "2026-01-01T00:00:00Z", {
    input_tokens: 10,
    cache_creation: { ephemeral_5m_input_tokens: 60, ephemeral_1h_input_tokens: 30 },
    output_tokens: 5,
  }),
].join("\n");

Deno.test("summarizeCorpus: ω at the default multipliers, and at given ones", () => {
  // Expected by hand: u 10, w5 60, w1h 30. Default ω = (10 + 1.25·60 + 2·30) / 100 = 1.45;
  // with m5 = 1.5 and m1h = 3: (10 + 90 + 90) / 100 = 1.9; only m1h given (m5 stays 1.25):
  // (10 + 75 + 90) / 100 = 1.75.
  const corpus = corpusFromText([{ path: "s.jsonl", text }]);
  assert.deepEqual({ ...DEFAULT_WRITE_MULTIPLIERS }, { cacheWrite5m: 1.25, cacheWrite1h: 2 });
  assert.ok(Math.abs(summarizeCorpus(corpus).omega! - 1.45) < 1e-12);
  const given = summarizeCorpus(corpus, {
    writeMultipliers: { cacheWrite5m: 1.5, cacheWrite1h: 3 },
  });
  assert.ok(Math.abs(given.omega! - 1.9) < 1e-12);
  const one = summarizeCorpus(corpus, { writeMultipliers: { cacheWrite1h: 3 } });
  assert.ok(Math.abs(one.omega! - 1.75) < 1e-12);
});
