import assert from "node:assert/strict";
import { modelInfo, PRICE_CATALOG } from "../../lib/prices/catalog.ts";
import { resolvePrices } from "../../lib/prices/resolve_prices.ts";

// Expected values: the catalog's own entries (@pydantic/genai-prices 0.1.8, read by hand from
// its data): Claude Opus 5.5 input $4, output $20, cache read $0.20, 5-minute write $5, 1-hour
// write $8 per million, a 1,000,000-token window, flat; Claude Sonnet 4.5 $3 / $15 / $0.30 /
// $3.75 / $6 and, above 200,000 input tokens, $6 / $22.50 / $0.60 / $7.50 / $12.

Deno.test("the catalog is the pinned dependency of deno.json", async () => {
  const config = JSON.parse(await Deno.readTextFile(new URL("../../deno.json", import.meta.url)));
  assert.equal(
    config.imports[PRICE_CATALOG.name],
    `npm:${PRICE_CATALOG.name}@${PRICE_CATALOG.version}`,
  );
});

Deno.test("Claude Opus 5.5: name, 1M window, flat prices; alpha 0.05 and rho 5 derived", () => {
  const opus = modelInfo("claude-opus-5-5")!;
  assert.equal(opus.displayName, "Claude Opus 5.5");
  assert.equal(opus.contextWindow, 1_000_000);
  assert.deepEqual(opus.prices, {
    input: 4,
    output: 20,
    cacheRead: 0.2,
    cacheWrite5m: 5,
    cacheWrite1h: 8,
  });
  assert.deepEqual(opus.tiers, []);
  const r = resolvePrices("claude-opus-5-5");
  assert.equal(r.prices.alpha, 0.05); // 0.2 / 4
  assert.equal(r.prices.rho, 5); // 20 / 4
  assert.equal(r.prices.inputUsdPerMillion, 4);
  assert.equal(r.prices.cacheWrite5m, 1.25); // 5 / 4
  assert.equal(r.prices.cacheWrite1h, 2); // 8 / 4
  for (const key of ["alpha", "rho", "inputUsdPerMillion", "cacheWrite5m", "cacheWrite1h"]) {
    assert.equal(r.sources[key as keyof typeof r.sources], "catalog", key);
  }
  assert.equal(r.tierThresholdTokens, null);
  assert.equal(r.catalogModel?.displayName, "Claude Opus 5.5");
});

Deno.test("Claude Code model ids match as the catalog matches them", () => {
  const cases: [string, string, number][] = [
    ["claude-opus-4-5-20251101", "Claude Opus 4.5", 200_000],
    ["claude-sonnet-4-5-20250929", "Claude Sonnet 4.5", 200_000],
    ["claude-haiku-4-5-20251001", "Claude Haiku 4.5", 200_000],
    ["claude-sonnet-4-6", "Claude Sonnet 4.6", 1_000_000],
    ["claude-opus-5-5-20260301", "Claude Opus 5.5", 1_000_000],
  ];
  for (const [id, name, window] of cases) {
    const info = modelInfo(id);
    assert.equal(info?.displayName, name, id);
    assert.equal(info?.contextWindow, window, id);
  }
  assert.equal(modelInfo("<synthetic>"), undefined);
  assert.equal(modelInfo(""), undefined);
  assert.equal(modelInfo("not-a-model-anyone-sells"), undefined);
});

Deno.test("Claude Sonnet 4.5 has a tier above 200K input tokens, as factors of its base", () => {
  const sonnet = modelInfo("claude-sonnet-4-5-20250929")!;
  assert.deepEqual(sonnet.tiers, [{
    aboveInputTokens: 200_000,
    prices: { input: 6, output: 22.5, cacheRead: 0.6, cacheWrite5m: 7.5, cacheWrite1h: 12 },
  }]);
  // Mix: 100 plain, 300 five-minute, 100 one-hour tokens.
  const r = resolvePrices("claude-sonnet-4-5-20250929", {}, {
    input: 100,
    cacheWrite5m: 300,
    cacheWrite1h: 100,
  });
  assert.equal(r.prices.alpha, 0.1); // 0.3 / 3, rounded to 12 digits
  assert.equal(r.prices.rho, 5);
  assert.equal(r.prices.omega, (100 + 1.25 * 300 + 2 * 100) / 500); // 1.35
  assert.deepEqual(r.prices.tiers, [{
    aboveInputTokens: 200_000,
    input: 2,
    cacheWrite5m: 2,
    cacheWrite1h: 2,
    cacheRead: 2,
    output: 1.5,
    uncached: 2,
  }]);
  assert.equal(r.sources.tiers, "catalog");
  assert.equal(r.tierThresholdTokens, 200_000);
});

Deno.test("unknown models take the defaults, the published model its values; options win", () => {
  const unknown = resolvePrices("m");
  assert.deepEqual(
    [unknown.prices.alpha, unknown.prices.rho, unknown.prices.inputUsdPerMillion],
    [0.05, 5, 5],
  );
  assert.equal(unknown.sources.alpha, "default");
  assert.equal(unknown.sources.omega, "default");
  assert.equal(unknown.prices.omega, 1);
  assert.equal(unknown.catalogModel, null);
  const given = resolvePrices("claude-opus-5-5", {
    alpha: 0.1,
    inputUsdPerMillion: 5,
    omega: 1.5,
    tiers: [{
      aboveInputTokens: 100_000,
      input: 3,
      cacheWrite5m: 3,
      cacheWrite1h: 3,
      cacheRead: 3,
      output: 2,
    }],
  });
  assert.equal(given.prices.alpha, 0.1);
  assert.equal(given.sources.alpha, "option");
  assert.equal(given.sources.rho, "catalog");
  assert.equal(given.sources.omega, "option");
  assert.equal(given.sources.tiers, "option");
  assert.equal(given.prices.tiers[0].uncached, 3); // no mix: the input factor
  assert.equal(given.tierThresholdTokens, 100_000);
});
