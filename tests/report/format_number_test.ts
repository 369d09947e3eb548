import assert from "node:assert/strict";
import { formatNumber, MISSING_NUMBER } from "../../lib/report/format_number.ts";

Deno.test("formatNumber: grouped thousands, rounding and sign", () => {
  assert.equal(formatNumber(0), "0");
  assert.equal(formatNumber(999), "999");
  assert.equal(formatNumber(1000), "1,000");
  assert.equal(formatNumber(1234567.891, { digits: 2 }), "1,234,567.89");
  assert.equal(formatNumber(-45170), "-45,170");
  assert.equal(formatNumber(-0.004, { digits: 2 }), "0.00");
  assert.equal(formatNumber(212.44, { digits: 1 }), "212.4");
});

Deno.test("formatNumber: tokens with K and M", () => {
  assert.equal(formatNumber(40_000, { style: "tokens" }), "40K");
  assert.equal(formatNumber(267_900, { style: "tokens" }), "267.9K");
  assert.equal(formatNumber(999, { style: "tokens" }), "999");
  assert.equal(formatNumber(1_000_000, { style: "tokens" }), "1M");
  assert.equal(formatNumber(1_234_567, { style: "tokens" }), "1.23M");
  // From where two decimals would round to 100.00M: one decimal, grouped (the read-cost table
  // showed "1926.86M" beside "998.31M").
  assert.equal(formatNumber(99_994_999, { style: "tokens" }), "99.99M");
  assert.equal(formatNumber(99_995_000, { style: "tokens" }), "100.0M");
  assert.equal(formatNumber(998_305_611, { style: "tokens" }), "998.3M");
  assert.equal(formatNumber(1_926_863_499, { style: "tokens" }), "1,926.9M");
  assert.equal(formatNumber(-1_926_863_499, { style: "tokens" }), "-1,926.9M");
});

Deno.test("formatNumber: percent, USD and significant digits", () => {
  assert.equal(formatNumber(0.966, { style: "percent" }), "96.6%");
  assert.equal(formatNumber(0.5, { style: "percent", digits: 0 }), "50%");
  assert.equal(formatNumber(0.25, { style: "usd", digits: 3 }), "$0.250");
  assert.equal(formatNumber(1234.5, { style: "usd" }), "$1,234.50");
  assert.equal(formatNumber(-1.5, { style: "usd" }), "-$1.50");
  assert.equal(formatNumber(63.2719, { style: "significant" }), "63.3");
  assert.equal(formatNumber(2e-5, { style: "significant" }), "0.00002");
  assert.equal(formatNumber(123456, { style: "significant" }), "123000");
  assert.equal(formatNumber(0.05, { style: "significant" }), "0.05");
});

Deno.test("formatNumber: null, NaN and infinities are the missing mark", () => {
  for (const value of [null, NaN, Infinity, -Infinity]) {
    assert.equal(formatNumber(value), MISSING_NUMBER);
    assert.equal(formatNumber(value, { style: "tokens" }), MISSING_NUMBER);
  }
});
