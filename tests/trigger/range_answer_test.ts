/**
 * The answer as a range: near-optimal ranges, support, the session bootstrap, the constrained
 * time fit, the grade and the withheld settings, each against figures worked by hand.
 *
 * @module
 */
import assert from "node:assert/strict";
import { Pcg32 } from "../../lib/stats/pcg32.ts";
import { resampleBlocks } from "../../lib/stats/block_resample.ts";
import { constrainedTimeFit } from "../../lib/trigger/constrained_time_fit.ts";
import { confidenceGrade, type ConfidenceInputs } from "../../lib/trigger/confidence.ts";
import { nearOptimalRanges } from "../../lib/trigger/near_optimal.ts";
import { preferTrigger } from "../../lib/trigger/prefer_trigger.ts";
import {
  drawSessions,
  SESSION_BOOTSTRAP_STREAM,
  sessionBootstrapArgmin,
} from "../../lib/trigger/session_bootstrap.ts";
import { triggerSupport } from "../../lib/trigger/support.ts";
import { DEFAULT_PRICES } from "../../lib/trigger/prices.ts";
import { analyzeTrigger } from "../../lib/trigger/analyze.ts";
import { cellCostPerMillion } from "../../lib/trigger/price_curves.ts";
import type { StepColumns } from "../../lib/trigger/steps.ts";
import { readCorpus } from "../../lib/transcript/mod.ts";
import { makeCorpus } from "./_corpus.ts";
import { stepwiseReplay } from "./_stepwise_replay.ts";

Deno.test("near-optimal ranges on a made-up curve: contiguous, and with a hole", () => {
  const t = [50e3, 60e3, 70e3, 80e3, 90e3, 100e3, 110e3];
  // Cheapest 1.00 at 80K. Limits: 1% 1.01, 2% 1.02, 5% 1.05.
  const cost = [1.2, 1.04, 1.015, 1.0, 1.008, 1.03, 1.019];
  const [one, two, five] = nearOptimalRanges(t, cost);
  // 1%: 80K (1.000), 90K (1.008) → 80K–90K, contiguous.
  assert.deepEqual([one.fromTokens, one.toTokens, one.contiguous, one.triggers], [
    80e3,
    90e3,
    true,
    2,
  ]);
  // 2%: 70K (1.015), 80K, 90K, 110K (1.019); 100K (1.03) is not → 70K–110K with a hole at 100K.
  assert.deepEqual([two.fromTokens, two.toTokens, two.contiguous, two.triggers], [
    70e3,
    110e3,
    false,
    4,
  ]);
  assert.deepEqual(two.holes, [{ fromTokens: 100e3, toTokens: 100e3 }]);
  // 5%: 60K (1.04) … 110K, all within → contiguous.
  assert.deepEqual([five.fromTokens, five.toTokens, five.contiguous], [60e3, 110e3, true]);
  assert.deepEqual(nearOptimalRanges([1, 2], [NaN, NaN]), []);
  assert.throws(() => nearOptimalRanges([1], [1, 2]), RangeError);
});

Deno.test("support on a three-session fixture, by hand", () => {
  // Session 0 peaks at 60K; session 1 at 95K but compacts at C = 150K; session 2 at 210K.
  const corpus = makeCorpus([
    { requests: [{ w5: 40000 }, { r: 40000, w5: 20000, gap: 5 }] },
    {
      requests: [{ w5: 95000 }, { r: 20000, w5: 5000, gap: 5 }],
      compactions: [{ before: 1, inputTokens: 150000, summaryTokens: 4000, durationSeconds: 20 }],
    },
    { requests: [{ w5: 100000 }, { r: 100000, w5: 110000, gap: 5 }] },
  ]);
  const { measuredInput, triggers } = triggerSupport(corpus, [50e3, 100e3, 150e3, 200e3, 250e3]);
  assert.deepEqual(measuredInput, { minTokens: 150000, maxTokens: 150000 });
  assert.deepEqual(triggers.map((s) => s.sessions), [3, 2, 2, 1, 0]);
  assert.deepEqual(triggers.map((s) => s.share), [1, 2 / 3, 2 / 3, 1 / 3, 0]);
  // Inside [0.75 × 150K, 1.25 × 150K] = [112.5K, 187.5K]: only 150K.
  assert.deepEqual(triggers.map((s) => s.insideMeasuredInput), [false, false, true, false, false]);
  // Fewer than 5 sessions everywhere: all extrapolated.
  assert.ok(triggers.every((s) => s.extrapolated));
});

function _steps(): StepColumns {
  // Three sessions: a main one (rows 0–4) and two sub-agents (rows 5–7, 8–10).
  const growth = Float64Array.of(
    30000,
    40000,
    40000,
    40000,
    40000,
    20000,
    10000,
    10000,
    60000,
    50000,
    50000,
  );
  const n = growth.length;
  return {
    length: n,
    sessions: 3,
    start: Uint32Array.of(0, 5, 8),
    count: Uint32Array.of(5, 3, 3),
    growth,
    cachedShare: new Float64Array(n).fill(0.9),
    output: new Float64Array(n).fill(200),
    gapSeconds: new Float64Array(n).fill(10),
    compacted: new Uint8Array(n),
  };
}

Deno.test("session bootstrap: each draw reproduced from the seed, its argmin by a stepwise replay", () => {
  const steps = _steps();
  const kinds = [0, 1, 1];
  const triggers = [60000, 90000, 120000, 200000];
  const model = { g0: 5000, g1: 0, postPrefix: 10000, cPost: 0.4 };
  const inputs = { prices: DEFAULT_PRICES, beta: 0.9, a: 1e-4, v: 80, billedTokens: 1e6 };
  const seed = 11;
  const boot = sessionBootstrapArgmin(steps, {
    kinds,
    triggers,
    model,
    inputs,
    draws: 20,
    seed,
    blockSize: 2,
  });
  assert.equal(boot.method, "sessions-and-blocks");
  assert.equal(boot.draws, 20);
  for (let b = 1; b <= 20; b++) {
    // The draw by hand: main kind first (1 session: always session 0), then two sub-agent draws
    // with nextBelow(2) from the same stream, then the blocks from the same generator.
    const prng = new Pcg32(seed, SESSION_BOOTSTRAP_STREAM + b);
    const first = prng.nextBelow(1);
    const drawn = [0 + first, 1 + prng.nextBelow(2), 1 + prng.nextBelow(2)];
    assert.deepEqual(
      drawSessions(kinds, new Pcg32(seed, SESSION_BOOTSTRAP_STREAM + b)),
      drawn,
    );
    const start = Uint32Array.from(drawn, (s) => steps.start[s]);
    const count = Uint32Array.from(drawn, (s) => steps.count[s]);
    const plan = resampleBlocks(
      {
        start: Array.from(start, (s) => s + 1),
        length: Array.from(count, (c) => c - 1),
      },
      prng,
      { blockSize: 2 },
    );
    // The reference replay, one request at a time.
    const sums = stepwiseReplay({ ...steps, sessions: 3, start, count }, [plan], {
      triggers,
      model,
    });
    let best = Infinity, at = -1;
    for (let t = 0; t < triggers.length; t++) {
      const c = cellCostPerMillion(sums, t, inputs);
      if (c < best) [best, at] = [c, t];
    }
    assert.equal(boot.argmins[b - 1], triggers[at], `draw ${b}`);
  }
  // Same seed, same draws; percentiles of those draws (type 7 on the sorted argmins).
  const again = sessionBootstrapArgmin(steps, {
    kinds,
    triggers,
    model,
    inputs,
    draws: 20,
    seed,
    blockSize: 2,
  });
  assert.deepEqual(again.argmins, boot.argmins);
  const sorted = [...boot.argmins].sort((x, y) => x - y);
  const h = 19 * 0.1; // type 7: position (n − 1)·p
  const p10 = sorted[Math.floor(h)] +
    (h - Math.floor(h)) * (sorted[Math.ceil(h)] - sorted[Math.floor(h)]);
  assert.ok(Math.abs(boot.p10 - p10) < 1e-9);
  assert.throws(() => sessionBootstrapArgmin(steps, { kinds: [0], triggers, model, inputs }));
});

Deno.test("constrained time fit: the two-compaction case, by hand", () => {
  // Two compactions fit exactly: 100000a + 1000b = 20, 200000a + 4000b = 30 gives b = −0.005
  // (v = −200) and a = 2.5e-4. NNLS: C alone a = ΣCt/ΣC² = 8e6 / 5e10 = 1.6e-4 (SS_res: residuals
  // 20 − 16 = 4 and 30 − 32 = −2, 20); G alone b = ΣGt/ΣG² = 1.4e5 / 1.7e7 = 0.0082353 (residuals
  // 11.765 and −2.941, SS_res 147.06): C alone wins, v = ∞.
  const table = {
    length: 2,
    inputTokens: Float64Array.of(100000, 200000),
    summaryTokens: Float64Array.of(1000, 4000),
    durationSeconds: Float64Array.of(20, 30),
  };
  const fit = constrainedTimeFit(table);
  assert.equal(fit.method, "input only");
  assert.ok(Math.abs(fit.a - 1.6e-4) < 1e-15);
  assert.equal(fit.v, Infinity);
  // R² = 1 − 20 / SS_tot, SS_tot = 2 × 5² = 50 → 0.6.
  assert.ok(Math.abs(fit.rSquared - 0.6) < 1e-12);
  // --v 80 alone: a = ΣC(t − G/80) / ΣC² = (100000·7.5 + 200000·(−20)) / 5e10 = −6.5e-5 → 0.
  const v80 = constrainedTimeFit(table, { v: 80 });
  assert.equal(v80.method, "v given");
  assert.equal(v80.a, 0);
  assert.equal(v80.v, 80);
  // --v 400: a = (100000·17.5 + 200000·20) / 5e10 = 5.75e6 / 5e10 = 1.15e-4.
  assert.ok(Math.abs(constrainedTimeFit(table, { v: 400 }).a - 1.15e-4) < 1e-15);
  // --a 1e-4 alone: b = ΣG(t − aC) / ΣG² = (1000·10 + 4000·10) / 1.7e7 = 5e4 / 1.7e7 → v = 340.
  const a = constrainedTimeFit(table, { a: 1e-4 });
  assert.ok(Math.abs(a.v - 340) < 1e-9);
  // a < 0 in the exact fit: 100000a + 1000b = 10, 200000a + 4000b = 30 → b = 0.005, a = 5e-5 ≥ 0;
  // with t = (5, 30): b = 0.0125, a = −7.5e-5 < 0 → G alone or C alone, the smaller SS_res:
  // G alone b = (5000 + 120000) / 1.7e7 = 0.00735, residuals −2.35, 0.59 → SS_res 5.88;
  // C alone a = (5e5 + 6e6) / 5e10 = 1.3e-4, residuals −8, 4 → 80. G alone wins, a = 0.
  const g = constrainedTimeFit({ ...table, durationSeconds: Float64Array.of(5, 30) });
  assert.equal(g.method, "summary only");
  assert.equal(g.a, 0);
  assert.ok(Math.abs(1 / g.v - 125000 / 1.7e7) < 1e-15);
  // Both ≥ 0: the unconstrained fit.
  const both = constrainedTimeFit({ ...table, durationSeconds: Float64Array.of(10, 30) });
  assert.equal(both.method, "both");
  assert.ok(Math.abs(both.a - 5e-5) < 1e-15 && Math.abs(both.v - 200) < 1e-9);
  assert.throws(() => constrainedTimeFit({ ...table, durationSeconds: Float64Array.of(NaN, NaN) }));
});

Deno.test("prefer: the cheapest, the highest or the lowest within the tolerance", () => {
  const cost = [1.5, 1.019, 1.0, 1.01, 1.02, 1.021];
  assert.equal(preferTrigger(cost, 2, "cheapest", 0.02), 2);
  assert.equal(preferTrigger(cost, 2, "fewer-compactions", 0.02), 4); // 1.02 ≤ 1.02
  assert.equal(preferTrigger(cost, 2, "smaller-context", 0.02), 1);
  assert.equal(preferTrigger(cost, 2, "fewer-compactions", 0.02, (i) => i < 4), 3);
  assert.equal(preferTrigger(cost, null, "fewer-compactions", 0.02), null);
  assert.throws(() => preferTrigger(cost, 2, "x" as never, 0.02), /prefer must be one of/);
  assert.throws(() => preferTrigger(cost, 2, "cheapest", -1), /tolerance/);
});

Deno.test("the grade: each low and medium reason on its own", () => {
  const firm: ConfidenceInputs = {
    timedCompactions: 40,
    timeFitRSquared: 0.8,
    trigger: 120000,
    sessionsAtTrigger: 50,
    outsideMeasuredInput: false,
    atGridEdge: false,
    range: { fromTokens: 110000, toTokens: 140000 },
    grid: { fromTokens: 40000, toTokens: 400000 },
    spread: { p10: 110000, p90: 130000 },
    reworkMeasured: true,
  };
  assert.deepEqual(confidenceGrade(firm), { grade: "high", reasons: [] });
  const codes = (x: Partial<ConfidenceInputs>) => {
    const c = confidenceGrade({ ...firm, ...x });
    return [c.grade, c.reasons.map((r) => r.code).join()];
  };
  assert.deepEqual(codes({ timeFitRSquared: 0.38 }), ["low", "weakTimeFit"]);
  assert.deepEqual(codes({ timeFitRSquared: null }), ["high", ""]); // given by hand
  assert.deepEqual(codes({ sessionsAtTrigger: 4 }), ["low", "fewSessionsAtTrigger"]);
  assert.deepEqual(codes({ outsideMeasuredInput: true }), ["low", "extrapolated"]);
  assert.deepEqual(codes({ atGridEdge: true }), ["low", "atGridEdge"]);
  // (400K − 40K) / 2 = 180K: a 190K-wide range is wider than half the grid.
  assert.deepEqual(codes({ range: { fromTokens: 60000, toTokens: 250000 } }), [
    "low",
    "wideNearOptimalRange",
  ]);
  assert.deepEqual(codes({ range: { fromTokens: 60000, toTokens: 240000 } }), ["high", ""]);
  assert.deepEqual(codes({ timedCompactions: 29 }), ["medium", "someTimedCompactions"]);
  assert.deepEqual(codes({ spread: { p10: 100000, p90: 130000 } }), [
    "medium",
    "spreadBeyondRange",
  ]);
  assert.deepEqual(codes({ reworkMeasured: false }), ["medium", "reworkNotMeasured"]);
  assert.deepEqual(codes({ trigger: null }), ["low", "noRecommendation"]);
});

Deno.test("four compactions: low grade, settings withheld unless forced, the reasons named", async () => {
  // Four sessions, one timed compaction each (t = 0.0002·C + G/500 > 0), sessions peaking near
  // their C.
  const rows = [[200000, 3000], [260000, 1000], [230000, 5000], [280000, 2000]];
  const corpus = makeCorpus(rows.map(([c, g]) => ({
    requests: [
      { w5: c / 2, y: 10 },
      { r: c / 2, w5: c / 2 - 2000, y: 10, gap: 20 },
      { r: 1000, w5: 20000 + g, y: 10, gap: 5 },
      { r: 21000 + g, w5: 3000, y: 10, gap: 5 },
    ],
    compactions: [{
      before: 2,
      inputTokens: c,
      summaryTokens: g,
      durationSeconds: 0.0002 * c + g / 500,
    }],
  })));
  const options = { workloads: 4, triggerFrom: 60000, triggerTo: 400000, sessionDraws: 10 };
  const { report } = await analyzeTrigger(corpus, options);
  const c = report.steadyState.confidence;
  assert.equal(c.grade, "low");
  const low = c.reasons.filter((r) => r.level === "low").map((r) => r.code);
  assert.ok(low.includes("fewTimedCompactions"), low.join());
  assert.ok(low.includes("fewSessionsAtTrigger"), low.join()); // 4 sessions at most
  const few = c.reasons.find((r) => r.code === "fewTimedCompactions")!;
  assert.deepEqual([few.value, few.threshold], [4, 10]);
  const rec = report.recommendation;
  assert.notEqual(rec.trigger, null);
  assert.equal(rec.settings, null);
  assert.deepEqual(rec.environment, []);
  assert.match(rec.withheld!, /confidence is low \(only 4 timed compactions/);
  assert.match(rec.withheld!, /--force/);
  // The JSON says so first: right after schemaVersion.
  assert.deepEqual(Object.keys(report).slice(0, 2), ["schemaVersion", "lowConfidence"]);
  assert.match(report.lowConfidence!, /^Confidence is low: only 4 timed compactions/);
  assert.match(report.lowConfidence!, /the settings are withheld/);
  // Every replayed trigger is reached by at most 4 sessions: all extrapolated.
  assert.ok(report.replay.every((p) => p.support.sessions <= 4 && p.support.extrapolated));
  const forced = (await analyzeTrigger(corpus, { ...options, force: true })).report;
  assert.equal(forced.steadyState.confidence.grade, "low");
  assert.equal(forced.recommendation.withheld, null);
  assert.doesNotMatch(forced.lowConfidence!, /withheld/);
  assert.notEqual(forced.recommendation.settings, null);
  // The document agrees with its own replay means: the 2% range from the replay's mean costs.
  const means = report.replay.map((p) => p.costPerMillion.mean!);
  const best = Math.min(...means);
  const within = report.replay.filter((p) => p.costPerMillion.mean! <= best * 1.02);
  const two = report.steadyState.nearOptimal.find((r) => r.tolerance === 0.02)!;
  assert.equal(two.fromTokens, within[0].trigger);
  assert.equal(two.toTokens, within[within.length - 1].trigger);
  assert.deepEqual(report.recommendation.nearOptimal, two);
  assert.equal(report.steadyState.argminSpread.method, "sessions-and-blocks");
  assert.equal(report.steadyState.argminSpread.draws, 10);
});

Deno.test("on the committed sample: the range fields agree with the document's own replay", async () => {
  const dir = new URL("../../data-synthetic/sample/", import.meta.url).pathname;
  const corpus = await readCorpus([dir]);
  const { report: r } = await analyzeTrigger(corpus, { workloads: 20 });
  const means = r.replay.map((p) => p.costPerMillion.mean!);
  const best = Math.min(...means);
  for (const range of r.steadyState.nearOptimal) {
    const within = r.replay.filter((p) => p.costPerMillion.mean! <= best * (1 + range.tolerance));
    assert.equal(range.fromTokens, within[0].trigger);
    assert.equal(range.toTokens, within[within.length - 1].trigger);
    assert.equal(range.triggers, within.length);
  }
  assert.deepEqual(
    r.steadyState.nearOptimal.map((n) => n.tolerance),
    [0.01, 0.02, 0.05],
  );
  // Support: shares over all included sessions, never rising with the trigger.
  const total = r.corpus.sessions.main + r.corpus.sessions.subagent + r.corpus.sessions.helper;
  for (let i = 0; i < r.replay.length; i++) {
    const s = r.replay[i].support;
    assert.equal(s.share, s.sessions / total);
    if (i > 0) assert.ok(s.sessions <= r.replay[i - 1].support.sessions);
    assert.equal(s.extrapolated, s.sessions < 5 || !s.insideMeasuredInput);
  }
  // The session-level spread and the block-only one, both recorded.
  assert.equal(r.steadyState.argminSpread.method, "sessions-and-blocks");
  assert.equal(r.steadyState.argminSpread.draws, 100);
  assert.equal(r.steadyState.argminSpreadBlocks.workloads, 20);
  // The grade: the cheapest trigger is on the grid's first point here, so it is low and the
  // settings are withheld.
  assert.equal(r.steadyState.argminAtGridEdge, true);
  assert.equal(r.steadyState.confidence.grade, "low");
  assert.equal(r.recommendation.settings, null);
  // Dollars: D × (mean cost at the observed trigger − at the recommended one) / 1e6.
  const rec = r.recommendation;
  const d = r.corpus.billedTokens / 1e6 *
    (rec.atObservedTrigger!.costPerMillion - rec.costPerMillion!.mean!);
  assert.ok(Math.abs(rec.dollars!.historyUsd - d) < 1e-9 * Math.abs(d));
});
