import assert from "node:assert/strict";
import { pricesFromFile } from "../../lib/prices/prices_file.ts";

Deno.test("a prices file: top-level fields, then the model's entry (by its id or catalog id)", () => {
  const text = JSON.stringify({
    alpha: 0.08,
    tiers: [],
    models: {
      "claude-sonnet-4-5": { inputUsdPerMillion: 2.5, alpha: 0.09 },
      "claude-opus-5-5": { rho: 6 },
    },
  });
  assert.deepEqual(pricesFromFile(text, "claude-sonnet-4-5-20250929"), {
    alpha: 0.09,
    tiers: [],
    inputUsdPerMillion: 2.5,
  });
  assert.deepEqual(pricesFromFile(text, "claude-opus-5-5"), { alpha: 0.08, tiers: [], rho: 6 });
  assert.deepEqual(pricesFromFile(text, "other"), { alpha: 0.08, tiers: [] });
});

Deno.test("a prices file with a tier", () => {
  const tier = {
    aboveInputTokens: 200000,
    input: 2,
    cacheWrite5m: 2,
    cacheWrite1h: 2,
    cacheRead: 2,
    output: 1.5,
  };
  assert.deepEqual(pricesFromFile(JSON.stringify({ tiers: [tier] }), "m"), { tiers: [tier] });
});

Deno.test("a bad prices file is a clear error naming the field", () => {
  const bad: [string, RegExp][] = [
    ["not json", /not JSON/],
    ["[1]", /the file must be an object/],
    ['{"alpha": -1}', /"alpha" must be a finite number >= 0, got -1/],
    ['{"inputUsdPerMillion": 0}', /"inputUsdPerMillion" must be a finite number > 0/],
    ['{"rho": "5"}', /"rho" must be a finite number >= 0, got "5"/],
    ['{"alpah": 1}', /unknown field "alpah"/],
    ['{"tiers": {}}', /"tiers" must be a list/],
    ['{"tiers": [{"aboveInputTokens": 1}]}', /tiers\[0\] lacks "input"/],
    ['{"models": {"m": {"models": {}}}}', /models\["m"\] has an unknown field "models"/],
    ['{"models": []}', /"models" must be an object/],
  ];
  for (const [text, message] of bad) {
    assert.throws(() => pricesFromFile(text, "m"), (e: Error) => {
      assert.ok(e instanceof RangeError, text);
      assert.match(e.message, message, text);
      return true;
    });
  }
});
