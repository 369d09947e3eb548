/**
 * The `--json` document of the streamed pool analysis (lib/pool/streamed_analysis.ts): the
 * trigger analysis's document (docs/schema/analyze.schema.json, `TriggerReport`) assembled from
 * what the stream computed, so that `pool analyze --tables DIR --stream --json` writes the
 * document `pool analyze --tables DIR --json` writes.
 *
 * The assembly follows lib/trigger/analyze.ts (`_report`, `_rangeAnswer`; the recommendation is
 * lib/trigger/recommend.ts's) field for field: the recommendation (cheapest, or within `maxTimeShare`, then the `prefer` rule),
 * its setting and the comparison with the setting in use, the range answer (near-optimal
 * ranges, grade, dollars, time-budgeted alternative: range_answer.ts itself, given the support
 * summed batch by batch and the first and last request time), the precomputed compactions and
 * the low-confidence sentence, and the session bootstrap made batch by batch
 * (lib/pool/streamed_bootstrap.ts; with `sessionDraws` 0, `steadyState.argminSpread` is the
 * block reshuffle's, `method: "blocks"`, as in memory).
 *
 * @module
 */
import type { ResolvedPrices } from "../prices/mod.ts";
import type { CorpusSummary } from "../transcript/summarize_corpus.ts";
import type { CompactionTable, ReaderDiagnostics } from "../transcript/tables.ts";
import { argminTrigger } from "../trigger/argmin_trigger.ts";
import type { DEFAULT_ANALYZE_OPTIONS, TriggerReport } from "../trigger/analyze.ts";
import type { AutoBlockSize } from "../trigger/auto_block_size.ts";
import {
  contextWindowFor,
  finiteOrNull,
  observedTriggerPoint,
  recommendTrigger,
  replayPoints,
} from "../trigger/recommend.ts";
import type { ConstrainedTimeFit } from "../trigger/constrained_time_fit.ts";
import type { GrowthCheck } from "../trigger/growth_check.ts";
import type { ObservedBill } from "../trigger/observed_bill.ts";
import { precomputedShare, timeShareWithoutWaiting } from "../trigger/precomputed_share.ts";
import { type PricingInputs, type TriggerCurves } from "../trigger/price_curves.ts";
import type { Prices } from "../trigger/prices.ts";
import { rangeAnswer } from "../trigger/range_answer.ts";
import type { ReplaySums } from "../trigger/replay.ts";
import { type AppliedRework, reworkBlock } from "../trigger/rework_input.ts";
import type { ReworkEstimate } from "../rework/types.ts";
import { withSettingComparison } from "../trigger/setting_comparison.ts";
import { resolveSetting, type SettingsSnapshot } from "../settings/effective_setting.ts";
import type { SteadyStateSolution } from "../trigger/steady_state.ts";
import type { SummaryModel, SummaryModelPart } from "../trigger/summary_model.ts";
import type { SessionBootstrap } from "../trigger/session_bootstrap.ts";
import type { SupportResult } from "../trigger/support.ts";
import type { TimeModel } from "../trigger/time_model.ts";

/** The options as the streamed analysis resolved them (the analysis's defaults filled in). */
export type StreamedResolvedOptions = typeof DEFAULT_ANALYZE_OPTIONS & {
  settings: SettingsSnapshot | null;
  /** What `--block-size auto` chose (lib/pool/streamed_block_size.ts); null: given. */
  blockSizeChosen: AutoBlockSize | null;
};

/** What the stream computed, for {@linkcode streamedReport}. */
export interface StreamedReportParts {
  o: StreamedResolvedOptions;
  /** The session bootstrap, made batch by batch (null: `sessionDraws` 0). */
  bootstrap: SessionBootstrap | null;
  /** The corpus block: the manifests' figures and the batches' sums (no diagnostics). */
  corpus: Omit<CorpusSummary, "diagnostics">;
  diagnostics: ReaderDiagnostics;
  idleLimitSeconds: number;
  compactions: CompactionTable;
  prices: Required<Prices>;
  resolved: ResolvedPrices;
  time: TimeModel | null;
  timeError: string | null;
  constrained: ConstrainedTimeFit | null;
  a: number;
  v: number;
  model: SummaryModel;
  compactionModelSource: Record<SummaryModelPart, "fit" | "options">;
  compactionModelError: string | null;
  grid: { from: number; to: number; step: number };
  triggers: Float64Array;
  blockSize: number;
  estimate: ReworkEstimate;
  applied: AppliedRework | null;
  sums: ReplaySums;
  inputs: PricingInputs;
  curves: TriggerCurves;
  without: TriggerCurves;
  /** The observed bill, its sums added over batches. */
  bill: ObservedBill;
  /** Workload 0 replayed at the observed trigger: its cost per million (null: no trigger). */
  atObservedCost: number | null;
  growth: GrowthCheck | null;
  /** Δ, tokens per request (NaN: no step). */
  delta: number;
  steady: SteadyStateSolution;
  steadyWithout: SteadyStateSolution;
  supported: SupportResult;
  /** The first and last finite request time, ms (NaN: none). */
  firstTimeMs: number;
  lastTimeMs: number;
}

/**
 * The analysis's document from the stream's parts.
 *
 * @param p What the stream computed.
 * @returns The document.
 */
export function streamedReport(p: StreamedReportParts): TriggerReport {
  const { o, prices, resolved, model, triggers, curves, without, grid, supported } = p;
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
  const tStar = p.steady.tStarTokens;
  const best = argminTrigger(triggers, curves.costPerMillion.mean);
  const argmin = best?.trigger ?? NaN;
  const bestWithout = argminTrigger(triggers, without.costPerMillion.mean);
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
    o.settings ? resolveSetting(o.settings, p.corpus.model) : null,
    p.compactions,
  );
  const argminAtGridEdge = best !== null &&
    (best.index === 0 || best.index === triggers.length - 1);
  const index = recommendation.trigger === null ? -1 : triggers.indexOf(recommendation.trigger);
  // With the support and the session bootstrap given, the range answer reads, of the corpus,
  // only the request times (for the dollars' days): the first and last time stand for every one.
  const range = rangeAnswer({
    corpus: {
      requests: { timeMs: Float64Array.of(p.firstTimeMs, p.lastTimeMs) },
    } as never,
    supported,
    steps: null as never,
    triggers,
    meanCost: curves.costPerMillion.mean,
    meanTimeShare: curves.timeShare.mean,
    model,
    tierThresholds: Float64Array.from(prices.tiers.map((t) => t.aboveInputTokens)),
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
    reworkMeasured: p.estimate.source === "measured",
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
  const spread = curves.argminByWorkload;
  const share = precomputedShare(p.compactions);
  const change = (s: number | null) => (s === null ? null : timeShareWithoutWaiting(s, share));
  const band = recommendation.timeShare;
  const observedShare = recommendation.atObservedTrigger?.timeShare;
  const c = p.constrained;
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
      blockSizeChosen: o.blockSizeChosen,
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
    fit: {
      timeModelSource: o.a !== null && o.v !== null
        ? "options"
        : o.a === null && o.v === null
        ? "fit"
        : "fit and options",
      timeModelError: p.timeError,
      compactionModelSource: { ...p.compactionModelSource },
      compactionModelError: p.compactionModelError,
      both: p.time?.both ?? null,
      constrained: c === null
        ? null
        : { ...c, v: finiteOrNull(c.v), rSquared: finiteOrNull(c.rSquared) },
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
    },
    prices: pricesBlock(prices, resolved),
    timeModel: { aSecondsPerToken: p.a, vTokensPerSecond: p.v },
    rework: reworkBlock(p.estimate, p.applied),
    replay,
    checks: {
      observedBill: {
        costPerMillion: p.bill.costPerMillion,
        compactionCostPerMillion: p.bill.compactionCostPerMillion,
        compactionCallsMatched: p.bill.compactionCallsMatched,
        advisorCostPerMillion: p.bill.advisorCostPerMillion,
        advisorIterationsUnpriced: p.bill.advisorIterationsUnpriced,
      },
      replayAtObservedTrigger: atObserved,
      permuteKeepsGrowth: p.growth === null ? null : { ...p.growth },
    },
    steadyState: {
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
          seed: o.seed,
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
        postContextTokens: p.steady.postContextTokens,
        summaryTokens: p.steady.summaryTokens,
        reworkTokens: p.steady.reworkTokens,
        meanGrowthTokens: finiteOrNull(p.delta),
        beta: model.beta,
      },
    },
    recommendation,
    precomputedCompactions: {
      share,
      recommendedTimeShare: band === null
        ? null
        : { mean: change(band.mean), p10: change(band.p10), p90: change(band.p90) },
      observedTriggerTimeShare: observedShare === undefined ? null : change(observedShare),
    },
    diagnostics: p.diagnostics,
  };
}

/**
 * The document's `prices` block: the prices used, with where each came from.
 *
 * @param prices The prices (ω resolved).
 * @param resolved What resolvePrices said of them.
 * @returns The block, as the in-memory analysis writes it.
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
