import assert from "node:assert/strict";
import { resolvePrices } from "../../lib/prices/resolve_prices.ts";
import { observedBill } from "../../lib/trigger/observed_bill.ts";
import type { Corpus } from "../../lib/transcript/tables.ts";

const col = (...v: number[]) => Float64Array.from(v);

function requests(rows: number[][]) {
  return {
    length: rows.length,
    input: col(...rows.map((r) => r[0])),
    cacheWrite5m: col(...rows.map((r) => r[1])),
    cacheWrite1h: col(...rows.map((r) => r[2])),
    cacheRead: col(...rows.map((r) => r[3])),
    output: col(...rows.map((r) => r[4])),
  };
}

Deno.test("observed bill at a catalog model's tiered prices (Claude Sonnet 4.5), by hand", () => {
  const { prices } = resolvePrices("claude-sonnet-4-5-20250929");
  const corpus = {
    // u, w5, w1h, r, y
    requests: requests([[1000, 2000, 0, 100_000, 500], [0, 10_000, 5000, 200_000, 1000]]),
    compactions: { length: 0 },
  } as unknown as Corpus;
  const bill = observedBill(corpus, { prices, beta: 1, g0: 0, g1: 0 });
  // Request A, x = 103,000 (base): 3·1000 + 3.75·2000 + 0.3·100000 + 15·500 = 48000 (USD·1e-6)
  // Request B, x = 215,000 > 200K (tier): 7.5·10000 + 12·5000 + 0.6·200000 + 22.5·1000 = 277500
  // D = 103500 + 216000 = 319500; per million = 325500 / 319500
  assert.ok(Math.abs(bill.costPerMillion - 325_500 / 319_500) < 1e-12);
});

Deno.test("a matched compaction call is priced from its own categories, others as inferred", () => {
  const prices = {
    alpha: 0.1,
    rho: 5,
    omega: 1.5,
    inputUsdPerMillion: 2,
    cacheWrite5m: 1.25,
    cacheWrite1h: 2,
  };
  const corpus = {
    requests: requests([[0, 0, 0, 999_000, 1000]]), // D = 1e6
    compactions: {
      length: 3,
      inputTokens: col(100_000, 80_000, NaN),
      summaryTokens: col(5000, NaN, NaN),
      cachedShareBefore: col(0.95, 0.5, NaN),
      // Compaction 0 matched: u 1000, w5 4000, w1h 0, r 95000; 1 and 2 not matched.
      callInput: col(1000, NaN, NaN),
      callCacheWrite5m: col(4000, NaN, NaN),
      callCacheWrite1h: col(0, NaN, NaN),
      callCacheRead: col(95_000, NaN, NaN),
    },
  } as unknown as Corpus;
  const bill = observedBill(corpus, { prices, beta: 0.9, g0: 2000, g1: 0.01 });
  // Request: 0.1·999000 + 5·1000 = 104900
  // Compaction 0 (matched): 1000 + 1.25·4000 + 0.1·95000 + 5·5000 = 1000 + 5000 + 9500 + 25000
  //   = 40500
  // Compaction 1 (inferred, β_i 0.5, G(80000) = 2000 + 800 = 2800):
  //   1.5·40000 + 0.1·40000 + 5·2800 = 60000 + 4000 + 14000 = 78000
  // Compaction 2: no C, no call: not priced.
  // Per million: 2 · (104900 + 40500 + 78000) / 1e6 = 0.4468; compactions 2 · 118500 / 1e6
  assert.ok(Math.abs(bill.costPerMillion - 0.4468) < 1e-12);
  assert.ok(Math.abs(bill.compactionCostPerMillion - 0.237) < 1e-12);
  assert.equal(bill.compactionsPriced, 2);
  assert.equal(bill.compactionCallsMatched, 1);
});

Deno.test("without the call columns every compaction is inferred, as before", () => {
  const prices = { alpha: 0.1, rho: 5, omega: 1.5, inputUsdPerMillion: 2 };
  const corpus = {
    requests: requests([[0, 0, 0, 999_000, 1000]]),
    compactions: {
      length: 1,
      inputTokens: col(100_000),
      summaryTokens: col(5000),
      cachedShareBefore: col(0.95),
    },
  } as unknown as Corpus;
  const bill = observedBill(corpus, { prices, beta: 0.9, g0: 0, g1: 0 });
  // 1.5·5000 + 0.1·95000 + 5·5000 = 7500 + 9500 + 25000 = 42000
  assert.ok(Math.abs(bill.compactionCostPerMillion - 2 * 42_000 / 1e6) < 1e-12);
  assert.equal(bill.compactionCallsMatched, 0);
});
