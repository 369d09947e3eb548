/**
 * The `--json` document of the trigger analysis (docs/schema/analyze.schema.json,
 * {@linkcode TriggerReport}) assembled from what an analysis computed: the fits, the curves,
 * the bill, the steady state. The in-memory analysis (analyze.ts) and the streamed pool analysis
 * (lib/pool/streamed_analysis.ts) compute those parts each in its own way (one pass over the
 * corpus, or batch by batch) and both assemble them here, so `pool analyze --stream --json`
 * writes the document `analyze --json` writes on the same corpus, field for field.
 *
 * What the assembly itself decides: the recommendation (recommend.ts: the cheapest trigger, or
 * the cheapest within `maxTimeShare`, then the `prefer` rule) with its setting and the
 * comparison with the setting in use (setting_comparison.ts), the range answer (range_answer.ts:
 * near-optimal ranges, grade, dollars, time-budgeted alternative; a low grade withholds the
 * settings unless `force`), the precomputed compactions and the low-confidence sentence.
 *
 * @module
 */
import type { ResolvedPrices } from "../prices/mod.ts";
import type { SettingsSnapshot } from "../settings/effective_setting.ts";
import { resolveSetting } from "../settings/effective_setting.ts";
import type { CorpusSummary } from "../transcript/summarize_corpus.ts";
import type { CompactionTable, ReaderDiagnostics } from "../transcript/tables.ts";
import type { ReworkEstimate } from "../rework/types.ts";
import type { DEFAULT_ANALYZE_OPTIONS, Recommendation, TriggerReport } from "./analyze.ts";
import { argminTrigger } from "./argmin_trigger.ts";
import type { AutoBlockSize } from "./auto_block_size.ts";
import type { CompactionModelFit } from "./compaction_model_fit.ts";
import type { GrowthCheck } from "./growth_check.ts";
import type { ObservedBill } from "./observed_bill.ts";
import { precomputedShare, timeShareWithoutWaiting } from "./precomputed_share.ts";
import type { PricingInputs, TriggerCurves } from "./price_curves.ts";
import type { Prices } from "./prices.ts";
import { type RangeAnswer, rangeAnswer } from "./range_answer.ts";
import {
  contextWindowFor,
  finiteOrNull,
  observedTriggerPoint,
  recommendTrigger,
  replayPoints,
} from "./recommend.ts";
import { type AppliedRework, reworkBlock } from "./rework_input.ts";
import type { SessionBootstrap } from "./session_bootstrap.ts";
import { withSettingComparison } from "./setting_comparison.ts";
import type { SteadyStateSolution } from "./steady_state.ts";
import type { SupportResult } from "./support.ts";

/** The options as an analysis resolved them (its defaults filled in; the block size apart). */
export type ReportOptions = Omit<typeof DEFAULT_ANALYZE_OPTIONS, "blockSize" | "threads">;

/** What an analysis computed, for {@linkcode triggerReportDocument}. */
export interface ReportDocumentParts extends CompactionModelFit {
  o: ReportOptions;
  /** The settings in use, compared with the recommendation's (null: none read). */
  settings: SettingsSnapshot | null;
  /** Steps per block used (the chosen one under `--block-size auto`). */
  blockSize: number;
  /** What `--block-size auto` chose (null: the block size was given). */
  blockSizeChosen: AutoBlockSize | null;
  /** The corpus block (its model names the document's). */
  corpus: Omit<CorpusSummary, "diagnostics">;
  /** The reader's diagnostics, the document's last block. */
  diagnostics: ReaderDiagnostics;
  idleLimitSeconds: number;
  /** The model's compactions: the setting in use and the precomputed share read them. */
  compactions: CompactionTable;
  /**
   * Request times, ms: the dollars per 30 days read only the first and last finite one, so a
   * streamed analysis may give just those two.
   */
  requestTimesMs: Float64Array;
  prices: Required<Prices>;
  resolved: ResolvedPrices;
  grid: { from: number; to: number; step: number };
  triggers: Float64Array;
  /** The rework estimate, and what the replay and T* took from it (null: none replayed). */
  rework: ReworkEstimate;
  applied: AppliedRework | null;
  /** What the curves were priced with. */
  inputs: PricingInputs;
  /** The curves with the rework (the answer's) and without (the published method's). */
  curves: TriggerCurves;
  without: TriggerCurves;
  /** The support of every trigger (sessions reaching it, extrapolation). */
  supported: SupportResult;
  /** The session bootstrap (null: `sessionDraws` 0; the block reshuffle's spread is used). */
  bootstrap: SessionBootstrap | null;
  bill: ObservedBill;
  /** Workload 0 replayed at the observed trigger: its cost per million (null: no trigger). */
  atObservedCost: number | null;
  /** The growth check (null: not `permute`). */
  growth: GrowthCheck | null;
  /** Δ, tokens per request (NaN: no step). */
  delta: number;
  /** T* with the rework (the published formula's without one) and without it. */
  steady: SteadyStateSolution;
  steadyWithout: SteadyStateSolution;
}

/**
 * The analysis's `--json` document from what it computed.
 *
 * @param p The computed parts.
 * @returns The document. Deterministic: equal parts give a byte-identical `JSON.stringify`.
 *
 * @example The in-memory analysis's document is assembled here
 * ```ts
 * import assert from "node:assert/strict";
 * import { analyzeTrigger } from "./analyze.ts";
 * import { corpusFromText } from "../transcript/mod.ts";
 *
 * const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
 * const ask = (i: number, read: number, write: number) => JSON.stringify({
 *   type: "assistant", uuid: `u${i}`, requestId: `r${i}`, timestamp: at(10 * i),
 *   message: { id: `m${i}`, model: "m", usage: {
 *     cache_read_input_tokens: read, cache_creation_input_tokens: write, output_tokens: 50 } },
 * });
 * const text = [
 *   ask(0, 0, 90000), ask(1, 90000, 60000),
 *   JSON.stringify({ type: "system", subtype: "compact_boundary", uuid: "b", timestamp: at(15),
 *     compactMetadata: { trigger: "auto", preTokens: 160000, durationMs: 4000 } }),
 *   JSON.stringify({ type: "user", uuid: "s", isCompactSummary: true, timestamp: at(16),
 *     message: { role: "user", content: "x".repeat(20000) } }),
 *   ask(2, 10000, 5000), ask(3, 15000, 3000),
 * ].join("\n");
 * const { report } = await analyzeTrigger(corpusFromText([{ path: "a.jsonl", text }]), {
 *   a: 1e-5, v: 80, workloads: 2, sessionDraws: 0,
 * });
 * assert.equal(report.fit.timeModelSource, "options");
 * assert.equal(report.steadyState.argminSpread.method, "blocks"); // no session draws
 * assert.ok(report.replay.length > 0);
 * ```
 */
export function triggerReportDocument(p: ReportDocumentParts): TriggerReport {
  const { o, prices, triggers, curves, without, grid, supported } = p;
  const replay = replayPoints(triggers, curves, without, supported.triggers);
  const observedTrigger = p.corpus.observedTrigger;
  const atObserved = observedTrigger === null || p.atObservedCost === null ? null : {
    trigger: observedTrigger,
    costPerMillion: p.atObservedCost,
    ratioToObservedBill: p.atObservedCost / p.bill.costPerMillion,
  };
  const observedPoint = observedTrigger === null
    ? null
    : observedTriggerPoint(observedTrigger, triggers, curves);
  const best = argminTrigger(triggers, curves.costPerMillion.mean);
  const recommendation = withSettingComparison(
    recommendTrigger(
      o,
      contextWindowFor(p.corpus.model, o.contextWindow),
      replay,
      triggers,
      curves,
      best?.index ?? null,
      observedPoint,
    ),
    replay,
    p.settings ? resolveSetting(p.settings, p.corpus.model) : null,
    p.compactions,
  );
  const argminAtGridEdge = best !== null &&
    (best.index === 0 || best.index === triggers.length - 1);
  const range = _rangeAnswer(p, recommendation, argminAtGridEdge);
  return {
    schemaVersion: 1,
    lowConfidence: range.confidence.grade === "low"
      ? `Confidence is low: ${
        range.confidence.reasons.filter((x) => x.level === "low").map((x) => x.message).join("; ")
      }. Do not act on this answer yet${
        range.withheld === null ? "" : "; the settings are withheld (--force prints them)"
      }.`
      : null,
    options: {
      model: p.corpus.model,
      idleLimitSeconds: p.idleLimitSeconds,
      alpha: prices.alpha,
      rho: prices.rho,
      inputUsdPerMillion: prices.inputUsdPerMillion,
      omega: o.omega,
      a: o.a,
      v: o.v,
      summaryTokens: o.summaryTokens,
      postPrefix: o.postPrefix,
      beta: o.beta,
      cPost: o.cPost,
      workloads: o.workloads,
      method: o.method,
      blockSize: p.blockSize,
      blockSizeChosen: p.blockSizeChosen,
      seed: o.seed,
      triggerFrom: grid.from,
      triggerTo: grid.to,
      triggerStep: grid.step,
      compactionStepShare: o.compactionStepShare,
      maxTimeShare: o.maxTimeShare,
      contextWindow: o.contextWindow,
      prefer: o.prefer,
      tolerance: o.tolerance,
      force: o.force,
      sessionDraws: o.sessionDraws,
      rework: o.rework,
      reworkTokens: o.reworkTokens,
      reworkRequests: o.reworkRequests,
      reworkWindow: o.reworkWindow,
    },
    corpus: p.corpus,
    fit: _fitBlock(p),
    prices: pricesBlock(prices, p.resolved),
    timeModel: { aSecondsPerToken: p.a, vTokensPerSecond: p.v },
    rework: reworkBlock(p.rework, p.applied),
    replay,
    checks: {
      observedBill: observedBillBlock(p.bill),
      replayAtObservedTrigger: atObserved,
      permuteKeepsGrowth: p.growth === null ? null : { ...p.growth },
    },
    steadyState: _steadyStateBlock(p, best?.trigger ?? NaN, argminAtGridEdge, range),
    recommendation,
    precomputedCompactions: _precomputedCompactions(p.compactions, recommendation),
    diagnostics: p.diagnostics,
  };
}

/**
 * The document's `prices` block: the prices used, with where each came from.
 *
 * @param prices The prices (ω resolved).
 * @param resolved What resolvePrices said of them.
 * @returns The block; its tiers and sources are copies, not the prices' own objects.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolvePrices } from "../prices/mod.ts";
 * import { pricesBlock } from "./report_document.ts";
 *
 * const resolved = resolvePrices("claude-opus-5-5", { rho: 6 });
 * const block = pricesBlock(resolved.prices, resolved);
 * assert.equal(block.rho, 6);
 * assert.equal(block.sources.rho, "option");
 * ```
 */
export function pricesBlock(
  prices: Required<Prices>,
  resolved: ResolvedPrices,
): TriggerReport["prices"] {
  return {
    ...prices,
    tiers: prices.tiers.map((t) => ({ ...t })),
    sources: { ...resolved.sources },
    catalogModel: resolved.catalogModel,
    catalog: resolved.catalog,
    tierThresholdTokens: resolved.tierThresholdTokens,
  };
}

/**
 * The document's `checks.observedBill` block: the bill's figures, without its working counts.
 *
 * @param bill The observed bill (observed_bill.ts).
 * @returns The block.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { observedBillBlock } from "./report_document.ts";
 *
 * const block = observedBillBlock({
 *   costPerMillion: 3, compactionCostPerMillion: 0.5, compactionsPriced: 2,
 *   compactionCallsMatched: 1, advisorCostPerMillion: 0, advisorIterationsUnpriced: 0,
 * });
 * assert.equal("compactionsPriced" in block, false);
 * ```
 */
export function observedBillBlock(
  bill: ObservedBill,
): TriggerReport["checks"]["observedBill"] {
  return {
    costPerMillion: bill.costPerMillion,
    compactionCostPerMillion: bill.compactionCostPerMillion,
    compactionCallsMatched: bill.compactionCallsMatched,
    advisorCostPerMillion: bill.advisorCostPerMillion,
    advisorIterationsUnpriced: bill.advisorIterationsUnpriced,
  };
}

/** The `fit` block: where a, v and the summary model came from, and the fits themselves. */
function _fitBlock(p: ReportDocumentParts): TriggerReport["fit"] {
  const { o, model, constrained } = p;
  return {
    timeModelSource: o.a !== null && o.v !== null
      ? "options"
      : o.a === null && o.v === null
      ? "fit"
      : "fit and options",
    timeModelError: p.timeError,
    compactionModelSource: { ...p.compactionModelSource },
    compactionModelError: p.compactionModelError,
    both: p.time?.both ?? null,
    constrained: constrained === null ? null : {
      ...constrained,
      v: finiteOrNull(constrained.v),
      rSquared: finiteOrNull(constrained.rSquared),
    },
    summaryOnly: p.time?.summaryOnly ?? null,
    inputOnly: p.time?.inputOnly ?? null,
    summaryModel: {
      kind: model.kind,
      reason: model.reason,
      g0: model.g0,
      g1: model.g1,
      rSquared: finiteOrNull(model.rSquared),
      tStatistic: finiteOrNull(model.line?.tStatistic ?? NaN),
      criticalT: finiteOrNull(model.criticalT),
      line: model.line === null ? null : { g0: model.line.g0, g1: model.line.g1 },
      minSummaryTokens: model.minSummaryTokens,
      n: model.n,
      method: model.method,
    },
    postPrefix: model.postPrefix,
    beta: model.beta,
    cPost: model.cPost,
    meanGrowthTokens: finiteOrNull(p.delta),
  };
}

/**
 * The `steadyState` block: T* beside the replay's argmin (with and without rework), the spread
 * of the argmin (the session bootstrap's, else the block reshuffle's) and the range answer.
 */
function _steadyStateBlock(
  p: ReportDocumentParts,
  argmin: number,
  argminAtGridEdge: boolean,
  range: RangeAnswer,
): TriggerReport["steadyState"] {
  const { steady, model } = p;
  const tStar = steady.tStarTokens;
  const spread = p.curves.argminByWorkload;
  const bestWithout = argminTrigger(p.triggers, p.without.costPerMillion.mean);
  return {
    tStarTokens: finiteOrNull(tStar),
    replayArgminTokens: finiteOrNull(argmin),
    tStarWithoutReworkTokens: finiteOrNull(p.steadyWithout.tStarTokens),
    replayArgminWithoutReworkTokens: finiteOrNull(bestWithout?.trigger ?? NaN),
    argminSpread: range.bootstrap === null
      ? {
        p10: finiteOrNull(spread.p10),
        p50: finiteOrNull(spread.p50),
        p90: finiteOrNull(spread.p90),
        method: "blocks",
        draws: 0,
        workloads: spread.triggers.length,
        seed: p.o.seed,
      }
      : {
        p10: finiteOrNull(range.bootstrap.p10),
        p50: finiteOrNull(range.bootstrap.p50),
        p90: finiteOrNull(range.bootstrap.p90),
        method: range.bootstrap.method,
        draws: range.bootstrap.draws,
        workloads: range.bootstrap.draws,
        seed: range.bootstrap.seed,
      },
    argminSpreadBlocks: {
      p10: finiteOrNull(spread.p10),
      p50: finiteOrNull(spread.p50),
      p90: finiteOrNull(spread.p90),
      workloads: spread.triggers.length,
    },
    nearOptimal: range.nearOptimal,
    support: range.supportRule,
    confidence: range.confidence,
    ratio: finiteOrNull(tStar / argmin),
    argminAtGridEdge,
    inputs: {
      postContextTokens: steady.postContextTokens,
      summaryTokens: steady.summaryTokens,
      reworkTokens: steady.reworkTokens,
      meanGrowthTokens: finiteOrNull(p.delta),
      beta: model.beta,
    },
  };
}

/**
 * The range fields (range_answer.ts): near-optimal ranges, support, grade, dollars; fills the
 * recommendation's range fields and withholds its settings on a low grade.
 */
function _rangeAnswer(
  p: ReportDocumentParts,
  recommendation: Recommendation,
  argminAtGridEdge: boolean,
): RangeAnswer {
  const { o, triggers, curves } = p;
  const index = recommendation.trigger === null ? -1 : triggers.indexOf(recommendation.trigger);
  const range = rangeAnswer({
    // With the support and the session bootstrap given, the range answer reads of the corpus
    // only the request times (the dollars' days), and no step.
    corpus: { requests: { timeMs: p.requestTimesMs } } as never,
    supported: p.supported,
    steps: null as never,
    triggers,
    meanCost: curves.costPerMillion.mean,
    meanTimeShare: curves.timeShare.mean,
    model: p.model,
    tierThresholds: Float64Array.from(p.prices.tiers.map((t) => t.aboveInputTokens)),
    rework: p.applied?.replay,
    inputs: p.inputs,
    sessionDraws: o.sessionDraws,
    bootstrap: p.bootstrap,
    seed: o.seed,
    method: o.method,
    blockSize: p.blockSize,
    recommendedIndex: index < 0 ? null : index,
    argminAtGridEdge,
    timedCompactions: p.constrained?.n ?? 0,
    timeFitRSquared: o.a !== null && o.v !== null ? null : p.constrained?.rSquared ?? NaN,
    reworkMeasured: p.rework.source === "measured",
    atObservedTrigger: recommendation.atObservedTrigger,
    force: o.force,
  });
  recommendation.nearOptimal = range.headlineRange;
  recommendation.dollars = range.dollars;
  recommendation.timeBudgeted = range.timeBudgeted;
  if (range.withheld !== null) {
    recommendation.withheld = range.withheld;
    recommendation.settings = null;
    recommendation.environment = [];
  }
  return range;
}

/** The time shares of the recommendation without the waiting of precomputed compactions. */
function _precomputedCompactions(
  compactions: CompactionTable,
  recommendation: Recommendation,
): TriggerReport["precomputedCompactions"] {
  const share = precomputedShare(compactions);
  const band = recommendation.timeShare;
  const change = (s: number | null) => (s === null ? null : timeShareWithoutWaiting(s, share));
  const observed = recommendation.atObservedTrigger?.timeShare;
  return {
    share,
    recommendedTimeShare: band === null
      ? null
      : { mean: change(band.mean), p10: change(band.p10), p90: change(band.p90) },
    observedTriggerTimeShare: observed === undefined ? null : change(observed),
  };
}
