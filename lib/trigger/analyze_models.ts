/**
 * The per-model view (docs/method.md, Per model): every model with at least one included
 * session analysed on its own (its sessions, fits, ω, D and curves; each cost per million is
 * divided by that model's own D), then one comparison row per model.
 *
 * Choices, written down:
 * - A model whose analysis cannot run (too few compactions to fit, no requests left) is kept in
 *   the list with its error and the options it misses, and with what needs no curves
 *   (`withoutCurves`: its corpus summary, its prices with their sources, its observed bill); its
 *   comparison row has the corpus counts with null results. Inputs given as options apply to
 *   every model.
 * - "Saving" is 1 − mean cost at the chosen trigger / mean cost at the observed trigger, both
 *   over the resampled workloads (`recommendation.savingVsObservedTrigger`).
 * - The document: `{ schemaVersion, options, models: [{ model, analysis } | { model, error }],
 *   comparison, modelsWithoutSession }`, models in the order given (the reader's: most requests
 *   first). `options` holds the options given; each analysis has its own resolved options.
 *
 * @module
 */
import type { Corpus } from "../transcript/tables.ts";
import type { PriceOverrides } from "../prices/resolve_prices.ts";
import { summarizeCorpus } from "../transcript/summarize_corpus.ts";
import { catalogDollars } from "../prices/usage_dollars.ts";
import {
  type AnalyzeOptions,
  analyzeTrigger,
  type BandPoint,
  type FiguresWithoutCurves,
  figuresWithoutCurves,
  MissingModelInputsError,
  type ModelInput,
  type TriggerAnalysis,
  type TriggerReport,
} from "./analyze.ts";

/** One model of the per-model document. */
export type ModelEntry =
  | { model: string; analysis: TriggerReport }
  | {
    model: string;
    /**
     * Why it was not analysed: the error's message, the options that would let it be, and the
     * reasons alone (the message without its advice, for a reader who is told the flags).
     */
    error: { message: string; missing: ModelInput[]; reasons: string[] };
    /** Its corpus, prices and observed bill (absent when it has no request at all). */
    withoutCurves?: FiguresWithoutCurves;
  };

/** One row of the comparison table. */
export interface ModelComparisonRow {
  model: string;
  /** Included sessions, all kinds. */
  sessions: number;
  requests: number;
  /** D, tokens. */
  billedTokens: number;
  /** Median C of automatic compactions, tokens (null: none). */
  observedTrigger: number | null;
  /** The cheapest trigger of the mean cost curve, tokens (null: not analysed). */
  cheapestTrigger: number | null;
  /** Cost per million at the cheapest trigger, mean and 10–90% band. */
  cheapestCostPerMillion: BandPoint | null;
  /** The cheapest trigger lies on the grid's edge. */
  argminAtGridEdge: boolean | null;
  /** Steady-state T*, tokens. */
  tStarTokens: number | null;
  /** Time share at the cheapest trigger, mean and band. */
  timeShareAtCheapest: BandPoint | null;
  /** The recommended trigger (the cheapest, or within the time budget). */
  recommendedTrigger: number | null;
  /** 1 − cost at the recommended trigger / cost at the observed trigger. */
  savingVsObservedTrigger: number | null;
  /** The model's confidence grade (docs/method.md, Confidence grade; null: not analysed). */
  confidence: "high" | "medium" | "low" | null;
  /** The saving in dollars on that model's history and per 30 days (null: unknown). */
  dollars: { historyUsd: number; per30DaysUsd: number | null } | null;
  /** Why the model was not analysed (null: it was). */
  error: string | null;
  /**
   * Where the model's rework came from (`rework.source`; null: not analysed), and its cheapest
   * trigger and T* without rework. Optional in the type only for rows built by hand.
   */
  reworkSource?: "measured" | "none" | "option" | "off" | null;
  cheapestTriggerWithoutRework?: number | null;
  tStarWithoutReworkTokens?: number | null;
}

/** The per-model document. */
export interface ModelsReport {
  schemaVersion: 1;
  /** The options given (each analysis records its own resolved ones). */
  options: Record<string, unknown>;
  models: ModelEntry[];
  comparison: ModelComparisonRow[];
  /** Models whose requests all sit in sessions shared with another model. */
  modelsWithoutSession: { model: string; requests: number }[];
}

/** What {@linkcode analyzeModels} returns: the document and each model's full analysis. */
export interface ModelsAnalysis {
  report: ModelsReport;
  /** Per model in document order: the analysis with its sums, or null when it failed. */
  analyses: (TriggerAnalysis | null)[];
}

/**
 * Analyses each corpus (one per model) with the same options and compares them.
 *
 * @param corpora One corpus per model (e.g. from `readCorpusPerModel`).
 * @param options As `analyzeTrigger`; `onModel` is told which model starts.
 * @param modelsWithoutSession Models with requests but no session of their own, recorded.
 * @returns The document and the analyses.
 * @throws Errors other than a model that cannot be fitted or has no request.
 *
 * @example A model without compactions says why, the other is analysed
 * ```ts
 * import assert from "node:assert/strict";
 * import { analyzeModels } from "./analyze_models.ts";
 * import { corpusFromText } from "../transcript/mod.ts";
 *
 * const line = (id: string, model: string) => JSON.stringify({ type: "assistant", uuid: id,
 *   requestId: id, timestamp: "2026-01-01T00:00:00Z", message: { id, model,
 *   usage: { input_tokens: 3, output_tokens: 1 } } });
 * const corpus = corpusFromText([{ path: "a.jsonl", text: line("a", "m") }]);
 * const { report } = await analyzeModels([corpus]);
 * assert.ok("error" in report.models[0]);
 * assert.equal(report.comparison[0].requests, 1);
 * assert.equal(report.comparison[0].cheapestTrigger, null);
 * ```
 */
export async function analyzeModels(
  corpora: readonly Corpus[],
  options: AnalyzeOptions & {
    onModel?: (model: string, index: number, total: number) => void;
    /** Prices per model (e.g. a prices file's per-model entries); wins over `prices`. */
    pricesForModel?: (model: string) => PriceOverrides;
  } = {},
  modelsWithoutSession: { model: string; requests: number }[] = [],
): Promise<ModelsAnalysis> {
  const { onModel, onProgress: _p, pricesForModel, ...given } = options;
  const models: ModelEntry[] = [];
  const comparison: ModelComparisonRow[] = [];
  const analyses: (TriggerAnalysis | null)[] = [];
  for (const [i, corpus] of corpora.entries()) {
    onModel?.(corpus.model, i, corpora.length);
    const summary = summarizeCorpus(corpus, { dollars: catalogDollars });
    const base = {
      model: corpus.model,
      sessions: corpus.sessions.length,
      requests: summary.requests,
      billedTokens: summary.billedTokens,
      observedTrigger: summary.observedTrigger,
    };
    let run: TriggerAnalysis;
    const { onModel: _m, pricesForModel: _f, ...shared } = options;
    const own = pricesForModel === undefined
      ? shared
      : { ...shared, prices: pricesForModel(corpus.model) };
    try {
      run = await analyzeTrigger(corpus, own);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      const missing = error instanceof MissingModelInputsError ? [...error.missing] : [];
      const reasons = error instanceof MissingModelInputsError
        ? [...error.reasons]
        : [error.message];
      let figures: FiguresWithoutCurves | undefined;
      try {
        figures = figuresWithoutCurves(corpus, own);
      } catch (inner) {
        if (!(inner instanceof RangeError)) throw inner;
      }
      models.push({
        model: corpus.model,
        error: { message: error.message, missing, reasons },
        ...(figures === undefined ? {} : { withoutCurves: figures }),
      });
      analyses.push(null);
      comparison.push(failedComparisonRow(base, error.message));
      continue;
    }
    const r = run.report;
    models.push({ model: corpus.model, analysis: r });
    analyses.push(run);
    comparison.push(comparisonRow(base, r));
  }
  return {
    report: {
      schemaVersion: 1,
      options: recordedModelsOptions(given),
      models,
      comparison,
      modelsWithoutSession: [...modelsWithoutSession],
    },
    analyses,
  };
}

/** What a comparison row says of a model before its analysis: its counts. */
export type ComparisonBase = Pick<
  ModelComparisonRow,
  "model" | "sessions" | "requests" | "billedTokens" | "observedTrigger"
>;

/**
 * The comparison row of an analysed model.
 *
 * @param base The model's counts.
 * @param r Its analysis.
 * @returns The row.
 */
export function comparisonRow(base: ComparisonBase, r: TriggerReport): ModelComparisonRow {
  const cheapest = r.replay.find((p) => p.trigger === r.steadyState.replayArgminTokens) ?? null;
  return {
    ...base,
    cheapestTrigger: r.steadyState.replayArgminTokens,
    cheapestCostPerMillion: cheapest?.costPerMillion ?? null,
    argminAtGridEdge: r.steadyState.argminAtGridEdge,
    tStarTokens: r.steadyState.tStarTokens,
    timeShareAtCheapest: cheapest?.timeShare ?? null,
    recommendedTrigger: r.recommendation.trigger,
    savingVsObservedTrigger: r.recommendation.savingVsObservedTrigger,
    confidence: r.steadyState.confidence.grade,
    dollars: r.recommendation.dollars === null ? null : {
      historyUsd: r.recommendation.dollars.historyUsd,
      per30DaysUsd: r.recommendation.dollars.per30DaysUsd,
    },
    error: null,
    reworkSource: r.rework?.source ?? null,
    cheapestTriggerWithoutRework: r.steadyState.replayArgminWithoutReworkTokens ?? null,
    tStarWithoutReworkTokens: r.steadyState.tStarWithoutReworkTokens ?? null,
  };
}

/**
 * The comparison row of a model whose analysis could not run: its counts, null results.
 *
 * @param base The model's counts.
 * @param message Why it could not run.
 * @returns The row.
 */
export function failedComparisonRow(base: ComparisonBase, message: string): ModelComparisonRow {
  return {
    ...base,
    cheapestTrigger: null,
    cheapestCostPerMillion: null,
    argminAtGridEdge: null,
    tStarTokens: null,
    timeShareAtCheapest: null,
    recommendedTrigger: null,
    savingVsObservedTrigger: null,
    confidence: null,
    dollars: null,
    error: message,
    reworkSource: null,
    cheapestTriggerWithoutRework: null,
    tStarWithoutReworkTokens: null,
  };
}

/**
 * The per-model document's `options`: the options given (not undefined), without `threads` and
 * without `settings`. The settings snapshot holds the files' paths and whole contents (an `env`
 * block can hold keys); each model's analysis records the setting in use it read from them
 * (`recommendation.current`), never the files.
 *
 * @param given The options (without callbacks).
 * @returns The recorded options.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { recordedModelsOptions } from "./analyze_models.ts";
 * const settings = { layers: [], environment: {} };
 * assert.deepEqual(recordedModelsOptions({ seed: 2, threads: 2, settings, a: undefined }), {
 *   seed: 2,
 * });
 * ```
 */
export function recordedModelsOptions(given: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(given).filter(([k, v]) =>
      v !== undefined && k !== "threads" && k !== "settings"
    ),
  );
}
