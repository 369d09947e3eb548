import assert from "node:assert/strict";
import {
  fitSummaryModel,
  resolveSummaryModel,
  SUMMARY_LINE_RULES,
  type SummaryModelTable,
  summaryTokensAt,
} from "../../lib/trigger/summary_model.ts";

const close = (a: number, b: number, tol = 1e-9) =>
  assert.ok(Math.abs(a - b) <= tol * Math.max(1, Math.abs(b)), `${a} vs ${b}`);

/** Compactions with C and G; R = G + 20000, shares 0.99 before and 0.3 after. */
function table(cs: number[], gs: number[]): SummaryModelTable {
  return {
    length: cs.length,
    inputTokens: Float64Array.from(cs),
    summaryTokens: Float64Array.from(gs),
    postContext: Float64Array.from(gs, (g) => g + 20000),
    cachedShareBefore: new Float64Array(cs.length).fill(0.99),
    cachedShareAfter: new Float64Array(cs.length).fill(0.3),
  };
}

Deno.test("the rule's thresholds are the documented ones", () => {
  assert.deepEqual({ ...SUMMARY_LINE_RULES }, {
    minCompactions: 10,
    minSpread: 1.5,
    significance: 0.05,
  });
});

Deno.test("a significant slope on 11 spread compactions: the line, floored at the smallest G", () => {
  // R: x <- c(150000, …, 310000); y <- c(7000, …, 9700); summary(lm(y ~ x)) gives
  // intercept 4847.2131147541, slope 0.018016393442623, t 3.00151878669203, R² 0.500253067039985;
  // qt(0.975, 9) = 2.2621571627982 < 3.0015: significant. Type-7 percentiles of the 11 sorted
  // C: p10 = C[1] = 160000, p90 = C[9] = 300000 ≥ 1.5 · 160000 = 240000.
  const cs = [
    150000,
    160000,
    170000,
    180000,
    200000,
    220000,
    250000,
    260000,
    280000,
    300000,
    310000,
  ];
  const gs = [7000, 9000, 6500, 8800, 7600, 9900, 8200, 11000, 9500, 10800, 9700];
  const m = fitSummaryModel(table(cs, gs));
  assert.equal(m.kind, "linear");
  assert.equal(m.method, "linear");
  close(m.g0, 4847.2131147541);
  close(m.g1, 0.018016393442623);
  close(m.line!.tStatistic, 3.00151878669203);
  close(m.rSquared, 0.500253067039985);
  close(m.criticalT, 2.2621571627982);
  assert.equal(m.minSummaryTokens, 6500);
  assert.equal(m.n, 11);
  assert.equal(
    m.reason,
    "11 compactions, C from 150000 to 310000 tokens, slope significant at 5%: " +
      "|t| = 3.00 >= t(0.975, 9) = 2.262",
  );
  // G(50000) on the line is 4847 + 901 = 5748 < 6500: the floor holds it at 6500.
  assert.equal(summaryTokensAt(m, 50000), 6500);
  close(summaryTokensAt(m, 1e6), 4847.2131147541 + 18016.393442623);
});

Deno.test("a falling significant line never reaches zero: it stops at the smallest G", () => {
  // R: x3 <- seq(100000, 320000, by = 20000); y3 falling from 12000 to 7700:
  // intercept 14028.6713286713, slope −0.0200174825174825, t −29.5499860987017 (qt(0.975, 10) =
  // 2.22813885198627). At 1M tokens the line gives 14028.67 − 20017.48 < 0.
  const cs = Array.from({ length: 12 }, (_, i) => 100000 + 20000 * i);
  const gs = [12000, 11800, 11100, 10900, 10200, 10300, 9500, 9100, 8800, 8600, 7900, 7700];
  const m = fitSummaryModel(table(cs, gs));
  assert.equal(m.kind, "linear");
  close(m.g1, -0.0200174825174825);
  close(m.line!.tStatistic, -29.5499860987017);
  assert.equal(m.minSummaryTokens, 7700);
  assert.equal(summaryTokensAt(m, 1e6), 7700);
});

Deno.test("fewer than 10 compactions: the median G, whatever the slope", () => {
  // Nine points exactly on G = 1000 + 0.04·C (|t| infinite) are still too few.
  const cs = Array.from({ length: 9 }, (_, i) => 100000 + 30000 * i);
  const m = fitSummaryModel(table(cs, cs.map((c) => 1000 + 0.04 * c)));
  assert.equal(m.kind, "constant");
  assert.equal(m.method, "median");
  assert.equal(m.g0, 1000 + 0.04 * 220000); // the median C is the 5th: 220000
  assert.equal(m.g1, 0);
  assert.equal(m.reason, "only 9 compactions with C and G (a line needs at least 10)");
  close(m.line!.g1, 0.04);
});

Deno.test("compactions clustered within ±4%: the median G (p90 C < 1.5 × p10 C)", () => {
  // Twelve compactions at 257184…278616 (267900 ± 4%, step 21432/11 = 1948.36), with a steep
  // exact slope: type-7 p10 at h = 1.1: 257184 + 1.1 · 1948.36 = 259327.2; p90 at h = 9.9:
  // 257184 + 9.9 · 1948.36 = 276472.8; 276472.8 / 259327.2 = 1.066 < 1.5 decides, before any t
  // test.
  const cs = Array.from({ length: 12 }, (_, i) => 257184 + (21432 * i) / 11);
  const gs = cs.map((c) => 8000 + 0.5 * (c - 267900));
  const m = fitSummaryModel(table(cs, gs));
  assert.equal(m.kind, "constant");
  assert.equal(
    m.reason,
    "C's 10th-90th percentiles span only 259327 to 276473 tokens (min 257184, max 278616; " +
      "a line needs p90 >= 1.5 x p10)",
  );
  close(m.g0, 8000, 1e-12); // symmetric points: the median G is the value at 267900
});

Deno.test("one manual compaction far below the cluster makes no spread: the median G", () => {
  // Nineteen compactions at C = 260000…278000 (step 1000) with G alternating 7900 / 8100, and one
  // manual at C = 135000 with G = 16000. max C / min C = 278000 / 135000 = 2.06 would pass a
  // min–max spread, and the one point of high leverage makes the slope "significant" (checked
  // below), but the type-7 percentiles of the 20 sorted C are p10 at h = 1.9: 260000 + 0.9 ·
  // 1000 = 260900 and p90 at h = 17.1: 276000 + 0.1 · 1000 = 276100; 276100 / 260900 = 1.058 <
  // 1.5. Median G: the sorted G are 10 × 7900, 9 × 8100, 16000 → (7900 + 8100) / 2 = 8000.
  const cs = [135000, ...Array.from({ length: 19 }, (_, i) => 260000 + 1000 * i)];
  const gs = [16000, ...Array.from({ length: 19 }, (_, i) => (i % 2 === 0 ? 7900 : 8100))];
  const m = fitSummaryModel(table(cs, gs));
  assert.ok(Math.abs(m.line!.tStatistic) >= m.criticalT, "the scenario has a significant slope");
  assert.equal(m.kind, "constant");
  assert.match(m.reason, /10th-90th percentiles span only 260900 to 276100 tokens/);
  assert.equal(m.g0, 8000);
});

Deno.test("a slope not significant at 5%: the median G, with t and the critical value", () => {
  // R: x2 <- seq(100000, 280000, by = 20000); y2 <- c(8000, 9500, 7000, 8800, 9100, 7600, 8300,
  // 9900, 7200, 8700): slope 5.15151515151519e-4, t 0.0913252847738747, R² 0.00104145270038953,
  // median(y2) = 8500, qt(0.975, 8) = 2.30600413520417.
  const cs = Array.from({ length: 10 }, (_, i) => 100000 + 20000 * i);
  const gs = [8000, 9500, 7000, 8800, 9100, 7600, 8300, 9900, 7200, 8700];
  const m = fitSummaryModel(table(cs, gs));
  assert.equal(m.kind, "constant");
  assert.equal(m.g0, 8500);
  assert.equal(m.g1, 0);
  assert.equal(m.minSummaryTokens, 0);
  close(m.line!.g1, 5.15151515151519e-4);
  close(m.line!.tStatistic, 0.0913252847738747);
  close(m.rSquared, 0.00104145270038953);
  close(m.criticalT, 2.30600413520417);
  assert.equal(m.reason, "slope not significant at 5%: |t| = 0.09 < t(0.975, 8) = 2.306");
});

Deno.test("unknown C or G leave a compaction out of the count (timed or not does not matter)", () => {
  // 10 points on a steep line but one has no G, one no C: 8 remain -> constant.
  const cs = Array.from({ length: 10 }, (_, i) => 100000 + 30000 * i);
  const gs = cs.map((c) => 0.05 * c);
  gs[3] = NaN;
  cs[7] = NaN;
  const m = fitSummaryModel(table(cs, gs));
  assert.equal(m.n, 8);
  assert.equal(m.kind, "constant");
});

Deno.test("G given as an option: a constant, with its reason", () => {
  const cs = Array.from({ length: 12 }, (_, i) => 100000 + 20000 * i);
  const r = resolveSummaryModel(table(cs, cs.map((c) => 0.05 * c)), { summaryTokens: 7000 });
  assert.equal(r.model.kind, "constant");
  assert.equal(r.model.method, "options");
  assert.equal(r.model.reason, "G given as an option");
  assert.equal(r.model.g0, 7000);
  assert.equal(r.model.line, null);
});
