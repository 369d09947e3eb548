import assert from "node:assert/strict";
import { packSums, unpackSums } from "../../lib/live/packed_sums.ts";
import type { ReplaySums } from "../../lib/trigger/replay.ts";

function sums(overrides: Partial<ReplaySums> = {}): ReplaySums {
  return {
    workloads: 2,
    triggers: Float64Array.of(1e4, 2e4),
    contextTokens: Float64Array.of(1000.3, 2000.7, 1500, 1800),
    cachedTokens: Float64Array.of(900, 1900, 1400, 1700),
    compactions: Float64Array.of(3, 1, 4, 2),
    compactionInputTokens: Float64Array.of(3e4, 2e4, 4e4, 4e4),
    summaryTokens: Float64Array.of(600, 200, 800, 400),
    outputTokens: Float64Array.of(50, 60),
    workSeconds: Float64Array.of(30.25, 31.5),
    ...overrides,
  };
}

Deno.test("packSums: a column is rounded to 2^(ceil(log2 max) - bits)", () => {
  // contextTokens: max 2000.7, ceil(log2) = 11, bits 4: quantum 2^7 = 128 (by hand);
  // 1000.3 / 128 = 7.81 -> 8 -> 1024; 2000.7 / 128 = 15.63 -> 16 -> 2048; 1500 -> 12 -> 1536;
  // 1800 -> 14.06 -> 14 -> 1792.
  const { layout, bytes } = packSums(sums(), { bits: 4 });
  const context = layout.columns.find((c) => c.name === "contextTokens")!;
  assert.equal(context.quantum, 128);
  const back = unpackSums(layout, bytes);
  assert.deepEqual(Array.from(back.contextTokens), [1024, 2048, 1536, 1792]);
  // Uncached 100.3, 100.7, 100, 100: max 100.7 -> ceil(log2) = 7, quantum 2^3 = 8; 12.54, 12.59,
  // 12.5, 12.5 all round to 13 -> 104 (by hand); cached comes back as context − uncached.
  assert.deepEqual(Array.from(back.cachedTokens), [1024 - 104, 2048 - 104, 1536 - 104, 1792 - 104]);
});

Deno.test("packSums: whole numbers within the bits come back exactly; fractions to the quantum", () => {
  const given = sums();
  const packed = packSums(given, { bits: 24 });
  const back = unpackSums(packed.layout, packed.bytes);
  assert.deepEqual(back.compactions, given.compactions);
  assert.deepEqual(back.summaryTokens, given.summaryTokens);
  assert.deepEqual(back.outputTokens, given.outputTokens);
  // workSeconds max 31.5: quantum 2^(5 − 24); 30.25 and 31.5 are multiples of it.
  assert.deepEqual(back.workSeconds, given.workSeconds);
  // contextTokens max 2000.7: quantum 2^(11 − 24) = 1/8192: error at most 1/16384.
  for (let i = 0; i < 4; i++) {
    assert.ok(Math.abs(back.contextTokens[i] - given.contextTokens[i]) <= 1 / 16384);
  }
});

Deno.test("packSums: tier sums travel too", () => {
  const cells = 4;
  const given = sums({
    tiers: {
      thresholds: Float64Array.of(1500),
      contextTokens: Float64Array.of(0, 2000, 0, 1800),
      cachedTokens: Float64Array.of(0, 1900, 0, 1700),
      outputTokens: Float64Array.of(0, 30, 0, 20),
      compactionInputTokens: new Float64Array(cells),
      summaryTokens: new Float64Array(cells),
    },
  });
  const { layout, bytes } = packSums(given, { bits: 24 });
  assert.deepEqual(layout.tierThresholds, [1500]);
  assert.deepEqual(unpackSums(layout, bytes).tiers, given.tiers);
});

Deno.test("packSums: refuses non-finite values and bad bits; unpack refuses a cut buffer", () => {
  assert.throws(
    () => packSums(sums({ summaryTokens: Float64Array.of(1, NaN, 1, 1) })),
    /value NaN at 1 is not finite/,
  );
  assert.throws(() => packSums(sums(), { bits: 2 }), /bits must be an integer 4…48/);
  const { layout, bytes } = packSums(sums());
  assert.throws(() => unpackSums(layout, bytes.subarray(0, 3)), /cut short/);
});

Deno.test("packSums: deterministic", () => {
  const a = packSums(sums()), b = packSums(sums());
  assert.deepEqual(a.bytes, b.bytes);
  assert.equal(JSON.stringify(a.layout), JSON.stringify(b.layout));
});

Deno.test("packSums: relative to a base, with the rework's figures and extra requests", () => {
  const base = sums();
  // A replay with rework: 200 more context tokens per cell, one more compaction in cell 0, and
  // the rework member (figures per compaction and extra requests per cell).
  const withRework = {
    ...sums({
      contextTokens: base.contextTokens.map((x) => x + 200),
      compactions: Float64Array.of(4, 1, 4, 2),
    }),
    rework: {
      tokensIntercept: 9000,
      tokensPerInputToken: 0,
      requests: 3,
      outputTokensPerRequest: 400,
      workSecondsPerRequest: 20,
      extraRequests: Float64Array.of(12, 3, 12, 6),
    },
  } as ReplaySums;
  const { layout, bytes } = packSums(withRework, { bits: 24, base });
  assert.equal(layout.relative, true);
  assert.deepEqual(layout.rework, {
    tokensIntercept: 9000,
    tokensPerInputToken: 0,
    requests: 3,
    outputTokensPerRequest: 400,
    workSecondsPerRequest: 20,
  });
  // The differences are small: context's quantum comes from the largest difference, about 200
  // (2^(8 − 24) = 2^-16), not from the largest context, 2200.7 (2^(12 − 24) = 2^-12).
  assert.equal(layout.columns.find((c) => c.name === "contextTokens")!.quantum, 2 ** -16);
  const back = unpackSums(layout, bytes, base);
  back.contextTokens.forEach((x, i) =>
    assert.ok(Math.abs(x - withRework.contextTokens[i]) <= 2 ** -17)
  );
  assert.deepEqual(back.compactions, withRework.compactions);
  assert.deepEqual(
    (back as unknown as { rework: unknown }).rework,
    (withRework as unknown as { rework: unknown }).rework,
  );
  assert.throws(() => unpackSums(layout, bytes), /relative and no base is given/);
});
