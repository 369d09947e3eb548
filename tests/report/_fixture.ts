/**
 * A hand-made report for the page tests: replay sums of 5 workloads (0 observed, 1–4 resampled)
 * at 19 triggers from 40K to 400K, built from a steady-state picture of a replay (so α really
 * moves the optimum: a dearer cached token makes a long context expensive to carry), and a
 * `TriggerReport` whose curves are priced from those sums by the analysis' own `priceCurves`.
 *
 * The diagnostics carry private-looking strings that the page must never show.
 */
import { corpusFromText } from "../../lib/transcript/read_corpus.ts";
import { DEFAULT_ANALYZE_OPTIONS, type TriggerReport } from "../../lib/trigger/analyze.ts";
import { priceCurves, type PricingInputs } from "../../lib/trigger/price_curves.ts";
import type { ReplaySums } from "../../lib/trigger/replay.ts";
import { steadyStateTrigger } from "../../lib/trigger/steady_state.ts";
import { argminTrigger } from "../../lib/trigger/argmin_trigger.ts";
import { autoCompactSetting } from "../../lib/trigger/auto_compact_setting.ts";
import { withSettingComparison } from "../../lib/trigger/setting_comparison.ts";
import { nearOptimalRanges } from "../../lib/trigger/near_optimal.ts";
import { buildReadCostReport, type ReadCostReport } from "../../lib/readcost/report.ts";
import { measureTranscript } from "../../lib/readcost/file_measure.ts";

/** Strings planted where the page must not look. */
export const PRIVATE_STRINGS = [
  "/home/alice/projects/secret-repo",
  "3f2a9c1e-5b7d-4e8f-a0b1-c2d3e4f5a6b7",
  "PLEASE-DO-NOT-PRINT-THIS-TRANSCRIPT-TEXT",
];

const R = 20_000; // context after a compaction, tokens
const G = 8_000; // summary, tokens
const REQUESTS = 2_000;
const BETA = 0.95;

/**
 * Sums of a replay in which workload k grows by 10M × scale[k] tokens over `REQUESTS` requests:
 * at trigger T it compacts round(growth / (T − R)) times, each reading T and writing G tokens,
 * and carries a context of (R + T) / 2 on average, 95% of it cached.
 */
export function fixtureSums(): ReplaySums {
  const triggers = Float64Array.from({ length: 19 }, (_, i) => 40_000 + 20_000 * i);
  const scale = [1, 0.8, 1.2, 0.9, 1.1];
  const nT = triggers.length, nK = scale.length;
  /** One value per (workload k, trigger T) cell, workload-major. */
  const perCell = (value: (k: number, T: number) => number) =>
    Float64Array.from(
      { length: nK * nT },
      (_, cell) => value(Math.floor(cell / nT), triggers[cell % nT]),
    );
  const perWorkload = (value: (k: number) => number) =>
    Float64Array.from(scale, (_, k) => value(k));
  const compactions = (k: number, T: number) => Math.round(10e6 * scale[k] / (T - R));
  const context = (T: number) => REQUESTS * (R + T) / 2;
  return {
    workloads: nK,
    triggers,
    contextTokens: perCell((_, T) => context(T)),
    cachedTokens: perCell((_, T) => 0.95 * context(T)),
    compactions: perCell(compactions),
    compactionInputTokens: perCell((k, T) => compactions(k, T) * T),
    summaryTokens: perCell((k, T) => compactions(k, T) * G),
    outputTokens: perWorkload((k) => REQUESTS * 300 * scale[k]),
    workSeconds: perWorkload((k) => REQUESTS * 45 * (2 - scale[k])),
  };
}

/** Prices, β, a, v and D of the fixture. */
export function fixtureInputs(): PricingInputs {
  return {
    prices: { alpha: 0.05, rho: 5, inputUsdPerMillion: 5, omega: 1.25 },
    beta: BETA,
    a: 2e-5,
    v: 60,
    billedTokens: 250e6,
  };
}

/** A report consistent with {@linkcode fixtureSums} and {@linkcode fixtureInputs}. */
export function fixtureReport(sums = fixtureSums(), inputs = fixtureInputs()): TriggerReport {
  const curves = priceCurves(sums, inputs);
  const num = (x: number) => (Number.isFinite(x) ? x : null);
  const replay = Array.from(sums.triggers, (trigger, t) => ({
    trigger,
    costPerMillion: {
      mean: num(curves.costPerMillion.mean[t]),
      p10: num(curves.costPerMillion.p10[t]),
      p90: num(curves.costPerMillion.p90[t]),
    },
    timeShare: {
      mean: num(curves.timeShare.mean[t]),
      p10: num(curves.timeShare.p10[t]),
      p90: num(curves.timeShare.p90[t]),
    },
    compactions: { mean: num(curves.compactionsMean[t]) },
    observed: {
      costPerMillion: curves.observed.costPerMillion[t],
      timeShare: curves.observed.timeShare[t],
      compactions: curves.observed.compactions[t],
    },
    // Made-up support: 42 sessions at 40K, one fewer per 10K; beyond 300K extrapolated.
    support: {
      sessions: Math.max(0, 42 - Math.round((trigger - 40_000) / 10_000)),
      share: Math.max(0, 42 - Math.round((trigger - 40_000) / 10_000)) / 42,
      insideMeasuredInput: trigger <= 300_000,
      extrapolated: trigger > 300_000,
    },
  }));
  const nearOptimal = nearOptimalRanges(sums.triggers, curves.costPerMillion.mean);
  const delta = 10e6 / REQUESTS;
  const tStar = steadyStateTrigger(
    { postContext: R, summaryTokens: G, meanGrowth: delta, beta: BETA },
    inputs.prices,
  );
  const argmin = argminTrigger(sums.triggers, curves.costPerMillion.mean)!.trigger;
  return {
    schemaVersion: 1,
    options: {
      ...DEFAULT_ANALYZE_OPTIONS,
      model: "claude-opus-5-5",
      idleLimitSeconds: 300,
      workloads: sums.workloads - 1,
      triggerFrom: 40_000,
      triggerTo: 400_000,
      triggerStep: 20_000,
    },
    corpus: {
      model: "claude-opus-5-5",
      files: 42,
      bytes: 123_456_789,
      sessions: { main: 3, subagent: 39, helper: 0 },
      requests: REQUESTS,
      excludedSessions: { otherModel: 2, noTargetModel: 1 },
      malformedLines: 4,
      compactions: { auto: 11, manual: 1, unknown: 0, other: 0, timed: 10, precomputed: 0 },
      advisor: { iterations: 0, billedTokens: 0, byModel: {}, usd: 0, unpricedIterations: 0 },
      modelSwitches: { sessions: 0, requestsOfOtherModels: 0 },
      leftOut: { sessions: 2, requests: 0, billedTokens: 0, usd: 0, unpricedRequests: 0 },
      workHours: REQUESTS * 45 / 3600,
      billedTokens: inputs.billedTokens,
      billingMix: {
        input: 0.001,
        cacheWrite5m: 0.028,
        cacheWrite1h: 0.004,
        cacheRead: 0.964,
        output: 0.003,
      },
      omega: inputs.prices.omega,
      observedTrigger: 267_900,
      idleLimitSeconds: 300,
    },
    fit: {
      timeModelSource: "fit",
      timeModelError: null,
      compactionModelSource: { summaryTokens: "fit", postPrefix: "fit", beta: "fit", cPost: "fit" },
      compactionModelError: null,
      both: { a: inputs.a, v: inputs.v, rSquared: 0.73, n: 10 },
      constrained: {
        a: inputs.a,
        v: inputs.v,
        rSquared: 0.73,
        n: 10,
        method: "both",
        reason: "both coefficients of the least-squares fit are >= 0",
      },
      summaryOnly: { v: 58.2, rSquared: 0.69, n: 10 },
      inputOnly: { a: 6.1e-4, rSquared: -0.01, n: 10 },
      summaryModel: {
        kind: "linear",
        reason: "12 compactions, C from 150000 to 300000 tokens, slope significant at 5%: " +
          "|t| = 2.50 >= t(0.975, 10) = 2.228",
        g0: G,
        g1: 0,
        rSquared: 0.12,
        tStatistic: 2.5,
        criticalT: 2.228,
        line: { g0: G, g1: 0 },
        minSummaryTokens: 0,
        n: 12,
        method: "linear",
      },
      postPrefix: R - G,
      beta: BETA,
      cPost: 0.4,
      meanGrowthTokens: delta,
    },
    prices: {
      ...inputs.prices,
      cacheWrite5m: inputs.prices.cacheWrite5m ?? 1.25,
      cacheWrite1h: inputs.prices.cacheWrite1h ?? 2,
      tiers: [...(inputs.prices.tiers ?? [])],
      sources: {
        alpha: "option",
        rho: "option",
        inputUsdPerMillion: "option",
        omega: "corpus",
        cacheWrite5m: "default",
        cacheWrite1h: "default",
        tiers: "default",
      },
      catalogModel: null,
      catalog: { name: "@pydantic/genai-prices", version: "0.1.8" },
      tierThresholdTokens: null,
    },
    timeModel: { aSecondsPerToken: inputs.a, vTokensPerSecond: inputs.v },
    replay,
    checks: {
      observedBill: {
        costPerMillion: 1.234,
        compactionCostPerMillion: 0.045,
        compactionCallsMatched: 0,
        advisorCostPerMillion: 0,
        advisorIterationsUnpriced: 0,
      },
      replayAtObservedTrigger: {
        trigger: 267_900,
        costPerMillion: 1.2,
        ratioToObservedBill: 0.972,
      },
      permuteKeepsGrowth: { workloads: sums.workloads - 1, sessions: 42, mismatches: 0 },
    },
    steadyState: {
      tStarTokens: tStar,
      replayArgminTokens: argmin,
      argminSpread: {
        p10: argmin,
        p50: argmin,
        p90: argmin,
        method: "sessions-and-blocks",
        draws: 100,
        workloads: 100,
        seed: 1,
      },
      argminSpreadBlocks: { p10: argmin, p50: argmin, p90: argmin, workloads: sums.workloads - 1 },
      nearOptimal,
      support: {
        measuredInput: { minTokens: 150_000, maxTokens: 240_000 },
        minSessions: 5,
        inputMargin: 0.25,
      },
      confidence: {
        grade: "medium",
        reasons: [{
          code: "reworkNotMeasured",
          level: "medium",
          value: null,
          threshold: null,
          message: "the curves leave out the rework after a compaction",
        }],
      },
      ratio: tStar / argmin,
      argminAtGridEdge: false,
      inputs: { postContextTokens: R, summaryTokens: G, meanGrowthTokens: delta, beta: BETA },
    },
    // No settings read: no current column (the default is priced on the curves).
    recommendation: withSettingComparison(
      {
        basis: "cheapest",
        maxTimeShare: null,
        contextWindow: 200_000,
        contextWindowSource: "default",
        atObservedTrigger: null,
        trigger: argmin,
        costPerMillion: { mean: 1.1, p10: 1, p90: 1.2 },
        timeShare: { mean: 0.05, p10: 0.04, p90: 0.06 },
        savingVsObservedTrigger: null,
        budgetError: null,
        ...(({ kind, settings, environment, resultingTrigger, arithmetic, caveat }) => ({
          kind,
          settings,
          environment,
          resultingTrigger,
          arithmetic,
          caveat,
        }))(autoCompactSetting(argmin)),
        rule: { prefer: "cheapest", tolerance: 0.02 },
        nearOptimal: nearOptimal.find((r) => r.tolerance === 0.02) ?? null,
        withheld: null,
        dollars: null,
        timeBudgeted: null,
      },
      replay,
      null,
      null,
    ),
    precomputedCompactions: {
      share: 0,
      recommendedTimeShare: null,
      observedTriggerTimeShare: null,
    },
    diagnostics: {
      ...corpusFromText([]).diagnostics, // the reader's zero counts
      malformedLines: 4,
      malformedExamples: [{ file: 0, line: 7 }],
      recordTypes: Object.fromEntries(PRIVATE_STRINGS.map((s) => [s, 1])),
      compactionsWithoutDuration: 2,
      excludedSessions: { otherModel: 2, noTargetModel: 1 },
      requestsByModel: { "claude-opus-5-5": REQUESTS, [PRIVATE_STRINGS[1]]: 3 },
    },
  };
}

/**
 * A small read-cost report: two assistant messages of 100 input tokens; one Read result of 400
 * characters (100 tokens one-shot, carried by the one later message: 100 tokens carried).
 */
export function fixtureReadCost(): ReadCostReport {
  const lines = [
    {
      type: "assistant",
      message: {
        id: "a",
        usage: { input_tokens: 100 },
        content: [{ type: "tool_use", id: "t1", name: "Read", input: { file_path: "/x" } }],
      },
    },
    {
      type: "user",
      message: { content: [{ type: "tool_result", tool_use_id: "t1", content: "x".repeat(400) }] },
    },
    { type: "assistant", message: { id: "b", usage: { input_tokens: 100 } } },
  ].map((l) => JSON.stringify(l)).join("\n");
  return buildReadCostReport([measureTranscript(lines)], { minTurns: 1 });
}
