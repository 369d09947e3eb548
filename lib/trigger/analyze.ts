/**
 * The whole trigger analysis on a corpus, as the `--json` document (docs/method.md, from Compaction
 * time model to Steady-state optimum; docs/schema/analyze.schema.json).
 *
 * Choices where the method leaves room, written down (docs/method.md, Choices):
 * - ω comes from the corpus (docs/method.md, Billing mix) unless given; a corpus without uncached
 *   tokens uses 1.
 * - The time fit may fail (too few timed compactions); then `a` and `v` must both be given and
 *   the document says so (`fit.timeModelSource: "options"`, `fit.timeModelError`).
 * - The compaction model (G(C), P, β, c_post; docs/method.md, Summary-size model and
 *   Post-compaction context) can be given by hand, part by part
 *   (`summaryTokens`, `postPrefix`, `beta`, `cPost`); a given part overrides the fitted one and
 *   the document says so (`fit.compactionModelSource`, and `fit.compactionModelError` when the
 *   corpus could not have given it). A given G is a constant: G(C) = G. This is how a corpus
 *   with no usable compaction can be analyzed at all: when some of a, v, G, P, β, c_post is
 *   neither given nor fittable, {@linkcode MissingModelInputsError} names every missing one at
 *   once.
 * - The observed bill prices a compaction with unknown β_i at the median β, one with unknown
 *   G_i at G(C_i), and leaves out one with unknown C_i.
 * - The replay-at-observed-trigger check replays workload 0 at the median C of the automatic
 *   compactions.
 * - The summary-size model G(C) is a line only when the data support a slope, else the median G
 *   (`fit.summaryModel.kind`, `.reason`; see summary_model.ts). The steady-state T* uses the
 *   same model: R = P + G(T*) and G(T*), not the medians of R and G.
 * - The default trigger grid covers the observed trigger (see trigger_grid.ts); a bound given
 *   by option is kept. `options.triggerFrom`/`triggerTo` in the document are the bounds used.
 *   When the cheapest mean cost lies on the grid's first or last point,
 *   `steadyState.argminAtGridEdge` is true: the optimum may lie outside the grid.
 * - The recommendation (`recommendation`) is for the cheapest trigger, or with `maxTimeShare`
 *   for the cheapest whose mean time share is at most the budget. When no trigger meets the
 *   budget the document says why (`recommendation.budgetError`) and recommends nothing; that is
 *   an answer, not an error. The setting comes from auto_compact_setting.ts with the model's
 *   context window (`contextWindow`, default 200,000 tokens until the price catalog gives it).
 * - Deviation from the literal rule: a step that crosses a real compaction is billed, where the
 *   replay does not compact there, with the cached share c_{i−1} of the request before it
 *   (`compactionStepShare: "previous"`, the default), not with its own c_i (`"kept"`, the
 *   literal rule, still selectable). Real compactions spread around the observed
 *   trigger; at one whose C lies below the replayed trigger the replay does not compact, and
 *   with `"kept"` that step (d = C − x_{i−1}) bills a whole pre-compaction context C at the
 *   low cached share (≈ 0.3) the real compaction left, while without a compaction the cache
 *   would have been warm, so the replay of the observed history at the observed trigger lands
 *   above the observed bill (the figures on the full synthetic corpus are in `deno task analyze
 *   --help` and docs/method.md). The rule used is recorded in `options.compactionStepShare`.
 *
 * @module
 */
import {
  PRICE_NUMBER_FIELDS,
  type PriceOverrides,
  type ResolvedPrices,
  resolvePrices,
} from "../prices/mod.ts";
import type { BlockMethod } from "../stats/block_resample.ts";
import { type CorpusSummary, summarizeCorpus } from "../transcript/summarize_corpus.ts";
import { catalogDollars } from "../prices/usage_dollars.ts";
import type { CompactionTable, Corpus, ReaderDiagnostics } from "../transcript/tables.ts";
import { type AutoBlockSize, autoBlockSize } from "./auto_block_size.ts";
import type { AutoCompactSetting } from "./auto_compact_setting.ts";
import type { SettingsSnapshot } from "../settings/effective_setting.ts";
import type { SettingComparison } from "./setting_comparison.ts";
import { growthCheck } from "./growth_check.ts";
import { observedBill } from "./observed_bill.ts";
import { priceCurves, type PricingInputs } from "./price_curves.ts";
import { checkPrices, DEFAULT_PRICES, type Prices } from "./prices.ts";
import { type ReplaySums, replayWorkloads } from "./replay.ts";
import { replayWorkloadsParallel } from "./replay_parallel.ts";
import {
  type SteadyStateInputs,
  type SteadyStateSolution,
  steadyStateSolution,
} from "./steady_state.ts";
import { observedBillBlock, pricesBlock, triggerReportDocument } from "./report_document.ts";
import type { ReworkEstimate } from "../rework/types.ts";
import {
  type AppliedRework,
  appliedRework,
  checkReworkRequest,
  DEFAULT_REWORK_WINDOW,
  resolveRework,
  type ReworkBlock,
} from "./rework_input.ts";
import {
  buildSteps,
  type BuildStepsOptions,
  DEFAULT_BUILD_STEPS_OPTIONS,
  meanGrowth,
} from "./steps.ts";
import {
  resolveSummaryModel,
  type SummaryModel,
  type SummaryModelOverrides,
  type SummaryModelPart,
} from "./summary_model.ts";
import type { ConstrainedTimeFit } from "./constrained_time_fit.ts";
import { fitCompactionModels } from "./compaction_model_fit.ts";
import type { Confidence } from "./confidence.ts";
import type { NearOptimalRange } from "./near_optimal.ts";
import { DEFAULT_PREFER_TOLERANCE, type PreferRule } from "./prefer_trigger.ts";
import type { DollarSaving, TimeBudgetedAlternative } from "./range_answer.ts";
import { DEFAULT_SESSION_DRAWS, type SessionBootstrap } from "./session_bootstrap.ts";
import {
  bootstrapWorkers,
  type StartedSessionBootstrap,
  startSessionBootstrap,
} from "./session_bootstrap_parallel.ts";
import { type TriggerSupport, triggerSupport } from "./support.ts";
import { coveringTriggerGrid, DEFAULT_TRIGGER_GRID, triggerGrid } from "./trigger_grid.ts";
import { DEFAULT_WORKLOAD_OPTIONS, drawWorkloads } from "./workloads.ts";

/** Options of {@linkcode analyzeTrigger}. */
export interface AnalyzeOptions {
  /** α = p_c / p_m. @default {from the price catalog; 0.05 for a model it lacks} */
  alpha?: number;
  /** ρ = p_o / p_m. @default {from the price catalog; 5 for a model it lacks} */
  rho?: number;
  /** p_m, USD per million uncached input tokens. @default {from the price catalog; else 5} */
  inputUsdPerMillion?: number;
  /** 5-minute cache-write price over p_m. @default {from the price catalog; else 1.25} */
  cacheWrite5m?: number;
  /** 1-hour cache-write price over p_m. @default {from the price catalog; else 2} */
  cacheWrite1h?: number;
  /**
   * Prices given by a prices file (lib/prices/prices_file.ts); the single-value options above
   * win over them. @default {{}}
   */
  prices?: PriceOverrides;
  /** ω; null takes it from the corpus (docs/method.md, Billing mix). @default {null} */
  omega?: number | null;
  /** a, seconds per compaction input token; null takes it from the time fit. @default {null} */
  a?: number | null;
  /** v, summary tokens per second; null takes it from the time fit. @default {null} */
  v?: number | null;
  /**
   * G, summary tokens written by every compaction (≥ 0): G(C) = G for every trigger, in place
   * of the fitted G(C) = g0 + g1·C; null fits G(C) on the corpus's compactions.
   * @default {null}
   */
  summaryTokens?: number | null;
  /**
   * P, context tokens kept besides the summary after a compaction (≥ 0): R(C) = P + G(C); null
   * takes the median of R_i − G_i over the corpus's compactions. @default {null}
   */
  postPrefix?: number | null;
  /**
   * β, cached share of the compaction input, 0…1; null takes the median β_i of the corpus's
   * compactions. @default {null}
   */
  beta?: number | null;
  /**
   * c_post, cached share of the first request after a compaction, 0…1; null takes the median
   * over the corpus's compactions. @default {null}
   */
  cPost?: number | null;
  /** Resampled workloads K. @default {100} */
  workloads?: number;
  /** Block bootstrap method. @default {"permute"} */
  method?: BlockMethod;
  /**
   * Steps per block, or `"auto"`: chosen from the steps' growth series by the Politis–White
   * rule (docs/method.md, "Block length chosen from the data"); the document records the
   * choice in `options.blockSizeChosen`. @default {8}
   */
  blockSize?: number | "auto";
  /** PRNG seed. @default {1} */
  seed?: number;
  /**
   * First trigger of the grid, tokens; null: 40,000, lowered to at most half the observed
   * trigger in whole steps (never below 10,000). @default {null}
   */
  triggerFrom?: number | null;
  /**
   * Last trigger of the grid, tokens; null: 1,000,000, raised to at least twice the observed
   * trigger in whole steps. @default {null}
   */
  triggerTo?: number | null;
  /** Grid spacing, tokens. @default {10000} */
  triggerStep?: number;
  /**
   * Cached share of a step after a real compaction: `"previous"` (c_{i−1}, the default; a
   * documented choice, see the module notes and docs/method.md, Choices) or `"kept"` (the
   * step's own c_i); see {@linkcode BuildStepsOptions}. @default {"previous"}
   */
  compactionStepShare?: BuildStepsOptions["compactionStepShare"];
  /**
   * Time budget, 0…1: recommend the cheapest trigger whose mean time share is at most this;
   * null recommends the cheapest trigger. @default {null}
   */
  maxTimeShare?: number | null;
  /**
   * The model's context window, tokens, for the recommended setting; null: the default of
   * 200,000 (the price catalog's window once it gives one). @default {null}
   */
  contextWindow?: number | null;
  /**
   * Which trigger inside the near-optimal range to recommend: `"cheapest"`, or the highest
   * (`"fewer-compactions"`) or lowest (`"smaller-context"`) whose mean cost is within
   * `tolerance` of the cheapest (docs/method.md, Choosing inside the range).
   * @default {"cheapest"}
   */
  prefer?: PreferRule;
  /** Tolerance of `prefer`, a share of the cheapest mean cost, ≥ 0. @default {0.02} */
  tolerance?: number;
  /**
   * Print the settings even when the confidence grade is low (by default they are withheld:
   * `recommendation.settings` null, `recommendation.withheld` says why). @default {false}
   */
  force?: boolean;
  /**
   * Session-level bootstrap draws for `steadyState.argminSpread` (docs/method.md, Session-level
   * bootstrap); 0 skips it. @default {100}
   */
  sessionDraws?: number;
  /**
   * The Claude Code settings as read (lib/settings): the setting in use for the model is priced
   * beside the default and the recommendation (`recommendation.current`, `.default`,
   * `.measuredOffset`); null: not read (`current` null). @default {null}
   */
  settings?: SettingsSnapshot | null;
  /**
   * Rework after each compaction (docs/method.md, Cost of forgetting): `"auto"` measures it
   * from the corpus's fetch targets (or takes `reworkTokens` and `reworkRequests` when given);
   * `"off"` leaves it out, the published method. @default {"auto"}
   */
  rework?: "auto" | "off";
  /**
   * ΔW, re-read tokens per compaction, given by hand (with `reworkRequests`); null: measured.
   * @default {null}
   */
  reworkTokens?: number | null;
  /**
   * ΔN, extra requests per compaction, given by hand (with `reworkTokens`); null: measured.
   * @default {null}
   */
  reworkRequests?: number | null;
  /** K, requests per window of the rework measurement. @default {30} */
  reworkWindow?: number;
  /** Replay threads; the document does not depend on it. Not part of the result. @default {1} */
  threads?: number;
  /** Progress of the replay: workloads done of total. Not part of the result. */
  onProgress?: (done: number, total: number) => void;
}

/** {@linkcode AnalyzeOptions} as the defaults hold them: there the block size is a number. */
type AnalyzeDefaults = Omit<AnalyzeOptions, "blockSize"> & { blockSize?: number };

/** Defaults of {@linkcode AnalyzeOptions} (the published analysis's settings). */
export const DEFAULT_ANALYZE_OPTIONS: Readonly<
  Required<
    Omit<AnalyzeDefaults, "onProgress" | "prices" | "cacheWrite5m" | "cacheWrite1h" | "settings">
  >
> = Object.freeze({
  alpha: DEFAULT_PRICES.alpha,
  rho: DEFAULT_PRICES.rho,
  inputUsdPerMillion: DEFAULT_PRICES.inputUsdPerMillion,
  omega: null,
  a: null,
  v: null,
  summaryTokens: null,
  postPrefix: null,
  beta: null,
  cPost: null,
  workloads: DEFAULT_WORKLOAD_OPTIONS.workloads,
  method: DEFAULT_WORKLOAD_OPTIONS.method,
  blockSize: DEFAULT_WORKLOAD_OPTIONS.blockSize,
  seed: DEFAULT_WORKLOAD_OPTIONS.seed,
  triggerFrom: null,
  triggerTo: null,
  triggerStep: DEFAULT_TRIGGER_GRID.step,
  compactionStepShare: DEFAULT_BUILD_STEPS_OPTIONS.compactionStepShare,
  maxTimeShare: null,
  contextWindow: null,
  prefer: "cheapest",
  tolerance: DEFAULT_PREFER_TOLERANCE,
  force: false,
  sessionDraws: DEFAULT_SESSION_DRAWS,
  rework: "auto",
  reworkTokens: null,
  reworkRequests: null,
  reworkWindow: DEFAULT_REWORK_WINDOW,
  threads: 1,
});

/** A band as it appears in the document. */
export interface BandPoint {
  /** Mean over workloads 1 … K. */
  mean: number | null;
  /** 10th percentile (type 7). */
  p10: number | null;
  /** 90th percentile (type 7). */
  p90: number | null;
}

/** One trigger of the replay curves. */
export interface ReplayPoint {
  /** Trigger, tokens. */
  trigger: number;
  /** USD per million billed tokens of the observed history, rework included. */
  costPerMillion: BandPoint;
  /** Share of agent time spent compacting, 0…1, rework included. */
  timeShare: BandPoint;
  /**
   * The cost without rework (the published method's), from the same replay; equal to
   * `costPerMillion` when no rework is replayed. Optional in the type only so that documents
   * built by hand still type-check.
   */
  costPerMillionWithoutRework?: BandPoint;
  /** The time share without rework, from the same replay. */
  timeShareWithoutRework?: BandPoint;
  /** Compactions N_c of the replay, mean over workloads 1 … K. */
  compactions: { mean: number | null };
  /** Workload 0, the observed history. */
  observed: { costPerMillion: number; timeShare: number; compactions: number };
  /**
   * How many included sessions reached this trigger in the observed history, and whether it
   * lies in the extrapolated zone (docs/method.md, Support and the extrapolated zone).
   */
  support: TriggerSupport;
}

/** The `--json` document of the trigger analysis. Numbers that are unknown are null. */
export interface TriggerReport {
  /** Version of this document's layout. */
  schemaVersion: 1;
  /**
   * First when the confidence grade is low: the sentence naming the reasons and what more data
   * would settle them (null otherwise; the grade itself is `steadyState.confidence`). Optional in
   * the type only so that documents built by hand still type-check.
   */
  lowConfidence?: string | null;
  /** The options used, seed included (null: taken from the data). */
  options: {
    model: string;
    idleLimitSeconds: number;
    alpha: number;
    rho: number;
    inputUsdPerMillion: number;
    omega: number | null;
    a: number | null;
    v: number | null;
    summaryTokens: number | null;
    postPrefix: number | null;
    beta: number | null;
    cPost: number | null;
    workloads: number;
    method: BlockMethod;
    /** Steps per block used (the chosen one under `"auto"`). */
    blockSize: number;
    /**
     * What `blockSize: "auto"` chose, per method; null when the size was given. Always in the
     * document; optional in the type only so that documents built by hand still type-check.
     */
    blockSizeChosen?: AutoBlockSize | null;
    seed: number;
    /** The grid's bounds used (the default ones widened to cover the observed trigger). */
    triggerFrom: number;
    triggerTo: number;
    triggerStep: number;
    compactionStepShare: "kept" | "previous";
    /** The time budget of the recommendation (null: none). */
    maxTimeShare: number | null;
    /** The context window given by option (null: not given). */
    contextWindow: number | null;
    /** The rule choosing inside the near-optimal range. */
    prefer: PreferRule;
    /** Its tolerance. */
    tolerance: number;
    /** Settings printed even on a low grade. */
    force: boolean;
    /** Session-level bootstrap draws (0: none). */
    sessionDraws: number;
    /** `"auto"` or `"off"`; optional in the type only for documents built by hand. */
    rework?: "auto" | "off";
    /** ΔW and ΔN given by option (null: not given). */
    reworkTokens?: number | null;
    reworkRequests?: number | null;
    /** K, requests per window. */
    reworkWindow?: number;
  };
  /** The corpus summary, without the reader's diagnostics (they follow at the end). */
  corpus: Omit<CorpusSummary, "diagnostics">;
  /** The compaction time fit, the summary model and the replay's medians. */
  fit: {
    /** Where a and v came from: the fit, the options, or one from each. */
    timeModelSource: "fit" | "options" | "fit and options";
    /** Why the time fit failed, when a and v came from the options (else null). */
    timeModelError: string | null;
    /** Where each part of the compaction model came from: fitted, or given as an option. */
    compactionModelSource: Record<SummaryModelPart, "fit" | "options">;
    /** Why the corpus could not give the parts that were given as options (else null). */
    compactionModelError: string | null;
    both: { a: number; v: number; rSquared: number; n: number } | null;
    /**
     * The time model as used, with a ≥ 0 and v > 0: non-negative least squares, or refitted
     * beside a value given by hand (null when both a and v came from the options without a fit,
     * or no compaction is timed). `v` is null when summary size adds no time (v = ∞).
     */
    constrained:
      | (Omit<ConstrainedTimeFit, "v" | "rSquared"> & {
        v: number | null;
        rSquared: number | null;
      })
      | null;
    summaryOnly: { v: number; rSquared: number; n: number } | null;
    inputOnly: { a: number; rSquared: number; n: number } | null;
    summaryModel: {
      /** `"linear"`: G(C) = max(minSummaryTokens, g0 + g1·C); `"constant"`: G(C) = g0. */
      kind: "linear" | "constant";
      /** Why this kind (counts, the spread of C, the slope's t test, or given as an option). */
      reason: string;
      /** G(C) as used: intercept, tokens. */
      g0: number;
      /** G(C) as used: slope (0 for a constant). */
      g1: number;
      /** The fitted line's R² (null without a line). */
      rSquared: number | null;
      /** The fitted line's slope t statistic (null without one). */
      tStatistic: number | null;
      /** t(0.975, n − 2), the critical |t| (null when n < 3). */
      criticalT: number | null;
      /** The fitted line, used or not (null with fewer than 2 points or all C equal). */
      line: { g0: number; g1: number } | null;
      /** Floor of G(C) where the line is used (the smallest measured G), else 0, tokens. */
      minSummaryTokens: number;
      n: number;
      /** As `kind`, with the constant's source: the median G, or G given as an option. */
      method: "linear" | "median" | "options";
    };
    /** P, tokens. */
    postPrefix: number;
    beta: number;
    cPost: number;
    /** Δ, tokens per request. */
    meanGrowthTokens: number | null;
  };
  /**
   * The prices the curves use (ω resolved), with where each came from (`sources`: option,
   * catalog, seed, default, corpus), the catalog's entry for the model, and the lowest tier
   * threshold (null for a flat price).
   */
  prices: Required<Prices> & Omit<ResolvedPrices, "prices">;
  /** a and v the replay's times use. */
  timeModel: { aSecondsPerToken: number; vTokensPerSecond: number };
  /**
   * The rework after each compaction (docs/method.md, Cost of forgetting): the estimate, where
   * it came from, and what the replay added with it (`applied`, null when nothing). Optional in
   * the type only so that documents built by hand still type-check.
   */
  rework?: ReworkReport;
  /** The curves, one point per trigger of the grid. */
  replay: ReplayPoint[];
  /** What lets a reader trust the replay (docs/method.md, Checks). */
  checks: {
    observedBill: {
      costPerMillion: number;
      compactionCostPerMillion: number;
      /** Compactions priced from their matched summarizing call's own usage. */
      compactionCallsMatched: number;
      /**
       * The advisor passes' own line (not in `costPerMillion`, not in the replay): USD per million
       * billed tokens D at their models' catalog prices.
       */
      advisorCostPerMillion: number;
      /** Advisor passes of models the catalog does not know (not priced). */
      advisorIterationsUnpriced: number;
    };
    replayAtObservedTrigger: {
      trigger: number;
      costPerMillion: number;
      ratioToObservedBill: number;
    } | null;
    permuteKeepsGrowth: { workloads: number; sessions: number; mismatches: number } | null;
  };
  /** The steady-state T* beside the replay's argmin of the mean cost curve. */
  steadyState: {
    /** T* with rework, tokens. */
    tStarTokens: number | null;
    /** The argmin of the mean cost curve with rework, tokens. */
    replayArgminTokens: number | null;
    /** T* without rework (the published formula), tokens; optional for hand-built documents. */
    tStarWithoutReworkTokens?: number | null;
    /** The argmin of the mean cost curve without rework, tokens. */
    replayArgminWithoutReworkTokens?: number | null;
    /**
     * How sure the cheapest trigger is: percentiles (type 7) of the argmin trigger of each
     * resampled workload's own cost curve, tokens (null without resampled workloads).
     */
    argminSpread: {
      p10: number | null;
      p50: number | null;
      p90: number | null;
      /**
       * `"sessions-and-blocks"`: sessions drawn with replacement within kind, then blocks
       * reshuffled inside each (docs/method.md, Session-level bootstrap); `"blocks"`: the block
       * reshuffle alone (when the session draws are off).
       */
      method: "sessions-and-blocks" | "blocks";
      /** Session draws (0 with `"blocks"`). */
      draws: number;
      /**
       * Replayed workloads whose cheapest triggers are summarized: the draws, or with
       * `"blocks"` the resampled workloads.
       */
      workloads: number;
      /** Seed of the draws. */
      seed: number;
    };
    /**
     * The block reshuffle's spread alone: percentiles of the argmin of each resampled workload
     * (every session kept), tokens.
     */
    argminSpreadBlocks: {
      p10: number | null;
      p50: number | null;
      p90: number | null;
      workloads: number;
    };
    /**
     * For tolerances 1%, 2%, 5%: the lowest and highest grid trigger whose mean cost is within
     * (1 + tolerance) × the cheapest, and the triggers between them that are not.
     */
    nearOptimal: NearOptimalRange[];
    /** The measured compaction inputs and the rule of the extrapolated zone. */
    support: {
      measuredInput: { minTokens: number; maxTokens: number } | null;
      minSessions: number;
      inputMargin: number;
    };
    /** How sure the answer is: a grade and every reason that lowered it. */
    confidence: Confidence;
    ratio: number | null;
    /**
     * The lowest mean cost lies on the grid's first or last trigger: the optimum may lie outside
     * the grid.
     */
    argminAtGridEdge: boolean;
    /** R and G of the compaction model at T* (R = P + G(T*)), ΔW(T*), Δ and β. */
    inputs: {
      postContextTokens: number;
      summaryTokens: number;
      /** ΔW at T* (0 without rework); optional for hand-built documents. */
      reworkTokens?: number;
      meanGrowthTokens: number | null;
      beta: number;
    };
  };
  /** The chosen trigger and the Claude Code setting that puts automatic compaction there. */
  recommendation: Recommendation;
  /**
   * Precomputed compactions (docs/method.md, Precomputed compactions): the time shares above
   * count every compaction's time; these are the recommended trigger's and the observed
   * trigger's if a share like the observed share of precomputed ones cost no waiting.
   */
  precomputedCompactions: {
    /** Precomputed / all compactions of the corpus, 0…1. */
    share: number;
    /** The recommended trigger's time share band so changed (null: no recommendation). */
    recommendedTimeShare: BandPoint | null;
    /** The mean time share at the observed trigger so changed (null: none). */
    observedTriggerTimeShare: number | null;
  };
  /** What the reader skipped or guessed (counts only). */
  diagnostics: ReaderDiagnostics;
}

/**
 * The mean curves (workloads 1 … K) at the observed trigger, interpolated linearly between the
 * two grid triggers around it (the default grid always has them; replaying there too would cost
 * about a third of the whole replay).
 */
export interface ObservedTriggerPoint {
  /** The observed trigger, tokens. */
  trigger: number;
  /** Mean USD per million billed tokens. */
  costPerMillion: number;
  /** Mean share of agent time spent compacting. */
  timeShare: number;
  /** The grid triggers interpolated between, tokens (equal when on the grid). */
  between: [number, number];
}

/** The `rework` block: the estimate (lib/rework/types.ts) and what the replay added with it. */
export type ReworkReport = ReworkBlock;

/**
 * The `recommendation` block: the chosen trigger and its setting, beside the setting in use and
 * the default (setting_comparison.ts).
 */
export interface Recommendation extends SettingComparison {
  /** `"cheapest"`: lowest mean cost; `"timeBudget"`: lowest mean cost within `maxTimeShare`. */
  basis: "cheapest" | "timeBudget";
  /** The time budget, 0…1 (null: none). */
  maxTimeShare: number | null;
  /** The chosen trigger, tokens (null when none qualifies). */
  trigger: number | null;
  /** Cost per million at the chosen trigger (null when none). */
  costPerMillion: BandPoint | null;
  /** Time share at the chosen trigger (null when none). */
  timeShare: BandPoint | null;
  /**
   * 1 − mean cost at the chosen trigger / mean cost at the observed trigger (the share saved per
   * million tokens; negative when dearer; null when either is unknown).
   */
  savingVsObservedTrigger: number | null;
  /**
   * The mean curves at the observed trigger (null without automatic compactions, or when it
   * lies outside the grid).
   */
  atObservedTrigger: ObservedTriggerPoint | null;
  /**
   * Why nothing is recommended (null otherwise): no trigger meets the budget, or no replayed
   * session reaches the cheapest trigger (the curve is flat there, no compaction happens).
   */
  budgetError: string | null;
  /** The model's context window used, tokens. */
  contextWindow: number;
  /** Where the window came from (`"catalog"`: the price catalog's entry for the model). */
  contextWindowSource: "option" | "catalog" | "default";
  /** How the setting reaches the trigger (null when there is no trigger). */
  kind: AutoCompactSetting["kind"] | null;
  /**
   * settings.json values: `autoCompactWindow` (null: none) and `env`; null when withheld on a
   * low confidence grade (see `withheld`).
   */
  settings: AutoCompactSetting["settings"] | null;
  /** The same as environment lines, `NAME=value`. */
  environment: string[];
  /** The trigger the setting gives, tokens (null: not reachable or no trigger). */
  resultingTrigger: number | null;
  /** The arithmetic, shown. */
  arithmetic: string | null;
  /** The arithmetic has changed between releases: check the result. */
  caveat: string | null;
  /** Which rule chose the trigger: the `prefer` option and its tolerance. */
  rule: { prefer: PreferRule; tolerance: number };
  /** The 2% near-optimal range (null when there is none). */
  nearOptimal: NearOptimalRange | null;
  /** Why the settings are withheld (a low grade without `force`; null: they are given). */
  withheld: string | null;
  /** The saving in dollars on the user's history and per 30 days (null: unknown). */
  dollars: DollarSaving | null;
  /**
   * The cheapest trigger within twice the observed time share, when the recommendation more
   * than doubles it (null otherwise).
   */
  timeBudgeted: TimeBudgetedAlternative | null;
}

// The error and its names stay importable from here, where callers of analyzeTrigger look.
export { MissingModelInputsError, type ModelInput } from "./compaction_model_fit.ts";

/** The document plus what it was priced from, for faces that re-price (reports, notebooks). */
export interface TriggerAnalysis {
  /** The `--json` document. */
  report: TriggerReport;
  /** Token sums of every (workload, trigger) cell; workload 0 is the observed history. */
  sums: ReplaySums;
  /** Prices, β, a, v and D the document's curves were priced with. */
  inputs: PricingInputs;
  /**
   * R, G, Δ, β and the compaction model of the steady state, for re-computing T* at other
   * prices (null when Δ is unknown).
   */
  steadyState: SteadyStateInputs | null;
}

/**
 * Runs the trigger analysis: corpus summary, time fit, summary model, workloads, replay over
 * the trigger grid, curves, checks, the steady state and the recommended setting. This is the
 * one entry point: faces that only print take `.report`; faces that re-price (sliders, sweeps)
 * take `.sums` and `.inputs` to {@linkcode priceCurves} without replaying.
 *
 * Deterministic: the same corpus and options give a deep-equal (and, through `JSON.stringify`,
 * byte-identical) document for any `threads`; no clock, file or console is touched.
 *
 * @param corpus The reader's tables (one model).
 * @param options Prices, model overrides, resampling, grid, budget, window, threads.
 * @returns The `--json` document, the replay sums, the pricing inputs and the steady-state inputs.
 * @throws {MissingModelInputsError} (a RangeError) When the corpus cannot give some of a, v
 * (the time fit fails, or gives a < 0 or v ≤ 0) or of G, P, β, c_post (no compaction carries
 * what they need) and those are not given; it names all of them.
 * @throws {RangeError} When the corpus has no requests; on out-of-range options (`threads`
 * not a positive integer included).
 *
 * @example Analyze a hand-made session, then re-price its sums without replaying
 * ```ts
 * import assert from "node:assert/strict";
 * import { analyzeTrigger } from "./analyze.ts";
 * import { priceCurves } from "./price_curves.ts";
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
 * const corpus = corpusFromText([{ path: "a.jsonl", text }]);
 * const run = await analyzeTrigger(corpus, { a: 1e-5, v: 80, workloads: 2 });
 * assert.equal(run.report.fit.summaryModel.kind, "constant"); // one compaction: no line
 * const again = priceCurves(run.sums, run.inputs);
 * assert.equal(again.observed.costPerMillion[0], run.report.replay[0].observed.costPerMillion);
 * ```
 */
export async function analyzeTrigger(
  corpus: Corpus,
  options: AnalyzeOptions = {},
): Promise<TriggerAnalysis> {
  const base = _prepare(corpus, options);
  // The session bootstrap needs neither the resampled workloads nor the replay: it starts first,
  // on workers when the work is large, and the workloads are drawn while its worker starts; once
  // the replay is done, this thread takes the draws still left.
  const bootstrap = _sessionBootstrap(corpus, base);
  const prepared = { ...base, workloads: drawWorkloads(base.steps, base.workloadOptions) };
  const sums = await replayWorkloadsParallel(prepared.steps, prepared.workloads.plans, {
    triggers: prepared.triggers,
    model: prepared.model,
    tierThresholds: prepared.tierThresholds,
    rework: prepared.applied?.replay,
    onProgress: options.onProgress,
    threads: prepared.o.threads,
  });
  bootstrap?.help();
  const report = _report(
    corpus,
    prepared,
    sums,
    bootstrap === null ? null : await bootstrap.result,
  );
  const { model, inputs } = prepared;
  const delta = report.fit.meanGrowthTokens;
  return {
    report,
    sums,
    inputs,
    steadyState: delta === null ? null : {
      postContext: report.steadyState.inputs.postContextTokens,
      summaryTokens: report.steadyState.inputs.summaryTokens,
      meanGrowth: delta,
      beta: model.beta,
      summaryModel: _steadyModel(model),
      ...(prepared.applied === null ? {} : { rework: { ...prepared.applied.steadyState } }),
    },
  };
}

function _steadyModel(
  model: Pick<SummaryModel, "g0" | "g1" | "minSummaryTokens" | "postPrefix">,
): NonNullable<SteadyStateInputs["summaryModel"]> {
  return {
    g0: model.g0,
    g1: model.g1,
    minSummaryTokens: model.minSummaryTokens,
    postPrefix: model.postPrefix,
  };
}

/**
 * T* of an analysis, with the rework the replay adds (when it adds one) and without (the
 * published formula's), from the summary model's medians, its G(C) and Δ. The in-memory and the
 * streamed pool analysis both solve it so.
 *
 * @param model The summary model (its medians R and G, β and G(C)).
 * @param delta Δ, the mean growth per request, tokens (NaN: no step).
 * @param prices The prices.
 * @param applied The rework the replay adds (null: none).
 * @returns Both solutions (the same one without rework).
 *
 * @example Without rework the two are one
 * ```ts
 * import assert from "node:assert/strict";
 * import { analysisSteadyStates } from "./analyze.ts";
 * import { DEFAULT_PRICES } from "./prices.ts";
 *
 * const model = { medianPostContext: 20000, medianSummaryTokens: 3000, beta: 0.5, g0: 3000,
 *   g1: 0, minSummaryTokens: 0, postPrefix: 17000 };
 * const { steady, steadyWithout } = analysisSteadyStates(model, 2000, DEFAULT_PRICES, null);
 * assert.equal(steady, steadyWithout);
 * assert.ok(steady.tStarTokens > 20000);
 * ```
 */
export function analysisSteadyStates(
  model: Pick<
    SummaryModel,
    | "medianPostContext"
    | "medianSummaryTokens"
    | "beta"
    | "g0"
    | "g1"
    | "minSummaryTokens"
    | "postPrefix"
  >,
  delta: number,
  prices: Prices,
  applied: AppliedRework | null,
): { steady: SteadyStateSolution; steadyWithout: SteadyStateSolution } {
  const inputs: SteadyStateInputs = {
    postContext: model.medianPostContext,
    summaryTokens: model.medianSummaryTokens,
    meanGrowth: delta,
    beta: model.beta,
    summaryModel: _steadyModel(model),
  };
  const steadyWithout = steadyStateSolution(inputs, prices);
  const steady = applied === null
    ? steadyWithout
    : steadyStateSolution({ ...inputs, rework: applied.steadyState }, prices);
  return { steady, steadyWithout };
}

type _Prepared = ReturnType<typeof _prepare> & { workloads: ReturnType<typeof drawWorkloads> };

/** The prices of `corpus`'s model: options (and `options.prices`) over the catalog. */
function _pricesFor(corpus: Corpus, options: AnalyzeOptions) {
  return analysisPrices(corpus.model, options, _uncachedMix(corpus));
}

/**
 * The prices an analysis uses for `model`: the price options (α, ρ, p_m, ω, the cache-write
 * multipliers) over `options.prices` over the catalog, ω from the uncached token sums when
 * neither gives it. The in-memory analysis and the streamed pool analysis both price so.
 *
 * @param model The model's name, as the catalog knows it.
 * @param options The analysis's price options.
 * @param uncached Σ input, cache-write 5m and cache-write 1h tokens of the model's requests.
 * @returns The resolved prices (with their sources) and the checked price set.
 * @throws RangeError When a price is out of its bounds (./prices.ts).
 */
export function analysisPrices(
  model: string,
  options: Pick<AnalyzeOptions, "prices" | (typeof PRICE_NUMBER_FIELDS)[number]>,
  uncached: Parameters<typeof resolvePrices>[2],
): { resolved: ResolvedPrices; prices: Required<Prices> } {
  const overrides: PriceOverrides = { ...options.prices };
  for (const key of PRICE_NUMBER_FIELDS) {
    const value = options[key] as number | null | undefined;
    if (value !== undefined && value !== null) overrides[key] = value;
  }
  const resolved = resolvePrices(model, overrides, uncached);
  const prices = checkPrices(resolved.prices) as Required<Prices>;
  return { resolved, prices };
}

/** What a model's analysis can say without curves (`--model all`, a model not analysed). */
export interface FiguresWithoutCurves {
  /** The corpus summary, as `TriggerReport.corpus`. */
  corpus: Omit<CorpusSummary, "diagnostics">;
  /** The prices with their sources, as `TriggerReport.prices`. */
  prices: TriggerReport["prices"];
  /**
   * The observed bill, as `TriggerReport.checks.observedBill`; null when compactions need a
   * β or G that cannot be fitted or was not given (a corpus without compactions has its bill).
   */
  observedBill: TriggerReport["checks"]["observedBill"] | null;
}

/**
 * How the observed bill of a model whose analysis cannot run prices its compactions: β and
 * G(C) of the summary model (the given parts over the fitted ones), with β = 1 and G = 0
 * standing in for the parts a corpus without compactions cannot fit (its bill never uses them).
 * The in-memory and the streamed pool analysis both price that bill so.
 *
 * @param compactions The model's compactions.
 * @param options The summary-model parts given as options.
 * @returns β, g0, g1 and the floor of G(C); null when compactions need a β or G that can
 * neither be fitted nor was given (the bill cannot be priced).
 *
 * @example No compaction: stand-ins; β given: used
 * ```ts
 * import assert from "node:assert/strict";
 * import { billCompactionModel } from "./analyze.ts";
 * import { corpusFromText } from "../transcript/mod.ts";
 *
 * const { compactions } = corpusFromText([{ path: "a.jsonl", text: "" }]);
 * assert.deepEqual(billCompactionModel(compactions, {}), {
 *   beta: 1, g0: 0, g1: 0, minSummaryTokens: 0,
 * });
 * assert.equal(billCompactionModel(compactions, { beta: 0.4 })?.beta, 0.4);
 * ```
 */
export function billCompactionModel(
  compactions: CompactionTable,
  options: SummaryModelOverrides,
): { beta: number; g0: number; g1: number; minSummaryTokens: number } | null {
  const m = resolveSummaryModel(compactions, options).model;
  const known = compactions.length === 0 ||
    (Number.isFinite(m.beta) && Number.isFinite(m.g0) && Number.isFinite(m.g1));
  if (!known) return null;
  return {
    beta: Number.isFinite(m.beta) ? m.beta : 1,
    g0: Number.isFinite(m.g0) ? m.g0 : 0,
    g1: Number.isFinite(m.g1) ? m.g1 : 0,
    minSummaryTokens: m.minSummaryTokens,
  };
}

/**
 * The figures of a model that need no curves: its corpus, its prices and its observed bill. The
 * per-model view gives them for a model whose analysis cannot run (docs/method.md, Per model).
 *
 * @param corpus The model's corpus (at least one request).
 * @param options As `analyzeTrigger` (prices and compaction-model options are used).
 * @returns The corpus summary, prices and observed bill.
 * @throws {RangeError} When the corpus has no requests or the prices are invalid.
 *
 * @example A model with one request and no compaction
 * ```ts
 * import assert from "node:assert/strict";
 * import { figuresWithoutCurves } from "./analyze.ts";
 * import { corpusFromText } from "../transcript/mod.ts";
 *
 * const text = JSON.stringify({ type: "assistant", uuid: "a", requestId: "a",
 *   timestamp: "2026-01-01T00:00:00Z", message: { id: "a", model: "m",
 *   usage: { input_tokens: 100, output_tokens: 10 } } });
 * const f = figuresWithoutCurves(corpusFromText([{ path: "a.jsonl", text }]),
 *   { alpha: 0.1, rho: 5, inputUsdPerMillion: 2, omega: 1 });
 * // (2 · 100 + 2 · 5 · 10) / 110 tokens · 1e6 / 1e6 = 300 / 110 USD per million
 * assert.ok(Math.abs(f.observedBill!.costPerMillion - 300 / 110) < 1e-12);
 * assert.equal(f.prices.sources.alpha, "option");
 * ```
 */
export function figuresWithoutCurves(
  corpus: Corpus,
  options: AnalyzeOptions = {},
): FiguresWithoutCurves {
  if (corpus.requests.length === 0) {
    throw new RangeError(`Cannot analyze: the corpus has no requests of model "${corpus.model}"`);
  }
  const { diagnostics: _diagnostics, ...summary } = summarizeCorpus(corpus, {
    dollars: catalogDollars,
  });
  const { resolved, prices } = _pricesFor(corpus, options);
  const billModel = billCompactionModel(corpus.compactions, options);
  const bill = billModel === null
    ? null
    : observedBill(corpus, { prices, ...billModel, dollars: catalogDollars });
  return {
    corpus: summary,
    prices: pricesBlock(prices, resolved),
    observedBill: bill === null ? null : observedBillBlock(bill),
  };
}

function _prepare(corpus: Corpus, options: AnalyzeOptions) {
  // An option given as undefined takes its default (a plain spread would keep the undefined).
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  const o = { ...DEFAULT_ANALYZE_OPTIONS, ...given } as
    & Omit<typeof DEFAULT_ANALYZE_OPTIONS, "blockSize">
    & { blockSize: number | "auto" };
  if (corpus.requests.length === 0) {
    throw new RangeError(
      `Cannot analyze: the corpus has no requests of model "${corpus.model}"`,
    );
  }
  const summary = summarizeCorpus(corpus, { dollars: catalogDollars });
  const { resolved, prices } = _pricesFor(corpus, options);
  const tierThresholds = prices.tiers.map((t) => t.aboveInputTokens);
  if (!Number.isInteger(o.threads) || o.threads < 1) {
    throw new RangeError(`Invalid option: threads must be a positive integer, got ${o.threads}`);
  }
  if (o.maxTimeShare !== null && !(o.maxTimeShare >= 0 && o.maxTimeShare <= 1)) {
    throw new RangeError(
      `Invalid option: maxTimeShare must be a number from 0 to 1, got ${o.maxTimeShare}`,
    );
  }
  if (!(Number.isFinite(o.tolerance) && o.tolerance >= 0)) {
    throw new RangeError(`Invalid option: tolerance must be a number >= 0, got ${o.tolerance}`);
  }
  if (!Number.isInteger(o.sessionDraws) || o.sessionDraws < 0) {
    throw new RangeError(
      `Invalid option: sessionDraws must be a non-negative integer, got ${o.sessionDraws}`,
    );
  }
  if (o.contextWindow !== null && !(Number.isFinite(o.contextWindow) && o.contextWindow > 0)) {
    throw new RangeError(
      `Invalid option: contextWindow must be a positive number of tokens, got ${o.contextWindow}`,
    );
  }
  for (const [name, value] of [["a", o.a], ["v", o.v]] as const) {
    if (value !== null && !(Number.isFinite(value) && value > 0)) {
      throw new RangeError(`Invalid option: ${name} must be a positive number, got ${value}`);
    }
  }
  for (
    const [name, value, max] of [
      ["summaryTokens", o.summaryTokens, Infinity],
      ["postPrefix", o.postPrefix, Infinity],
      ["beta", o.beta, 1],
      ["cPost", o.cPost, 1],
    ] as const
  ) {
    if (value !== null && !(Number.isFinite(value) && value >= 0 && value <= max)) {
      throw new RangeError(
        `Invalid option: ${name} must be a number ${
          max === 1 ? "from 0 to 1" : ">= 0"
        }, got ${value}`,
      );
    }
  }

  const { time, timeError, constrained, a, v, model, compactionModelSource, compactionModelError } =
    fitCompactionModels(corpus.compactions, o, corpus.model);

  const steps = buildSteps(corpus, { compactionStepShare: o.compactionStepShare });
  const { rework, applied } = _rework(corpus, o, steps, model);
  const blockSizeChosen = o.blockSize === "auto" ? autoBlockSize(steps) : null;
  const blockSize = blockSizeChosen?.blockSize[o.method] ?? o.blockSize as number;
  const { grid, triggers } = analysisTriggers(summary.observedTrigger, model, o);
  return {
    o,
    settings: options.settings ?? null,
    summary,
    prices,
    resolved,
    tierThresholds,
    time,
    timeError,
    constrained,
    a,
    v,
    model,
    compactionModelSource,
    compactionModelError,
    /** What the curves are priced with. */
    inputs: { prices, beta: model.beta, a, v, billedTokens: summary.billedTokens },
    steps,
    /** What {@linkcode drawWorkloads} is given (analyzeTrigger draws them beside the bootstrap). */
    workloadOptions: { ...o, blockSize },
    grid,
    triggers,
    blockSize,
    blockSizeChosen,
    rework,
    applied,
  };
}

/**
 * The trigger grid of an analysis: the grid's bounds (the default ones widened to cover the
 * observed trigger) and its triggers above the context after a compaction. The in-memory and
 * the streamed pool analysis both replay this grid.
 *
 * @param observedTrigger The median C of the automatic compactions (null: none).
 * @param model The summary model: a trigger at or below R(T) = P + G(T) cannot compact.
 * @param o The grid options.
 * @returns The bounds used and the triggers, tokens.
 * @throws {RangeError} When no trigger of the grid is above R(T).
 *
 * @example The default grid, widened down to half an observed trigger of 60,000 tokens
 * ```ts
 * import assert from "node:assert/strict";
 * import { analysisTriggers } from "./analyze.ts";
 *
 * const model = { g0: 3000, g1: 0, minSummaryTokens: 0, postPrefix: 2000 };
 * const { grid, triggers } = analysisTriggers(60000, model, {
 *   triggerFrom: null, triggerTo: null, triggerStep: 10000,
 * });
 * assert.deepEqual([grid.from, grid.to, triggers[0]], [30000, 1000000, 30000]);
 * ```
 */
export function analysisTriggers(
  observedTrigger: number | null,
  model: Pick<SummaryModel, "g0" | "g1" | "minSummaryTokens" | "postPrefix">,
  o: Pick<typeof DEFAULT_ANALYZE_OPTIONS, "triggerFrom" | "triggerTo" | "triggerStep">,
): { grid: { from: number; to: number; step: number }; triggers: Float64Array } {
  const grid = coveringTriggerGrid(observedTrigger, {
    from: o.triggerFrom,
    to: o.triggerTo,
    step: o.triggerStep,
  });
  const triggers = triggerGrid(model, grid);
  if (triggers.length === 0) {
    throw new RangeError(
      `Cannot replay: every trigger of the grid ${grid.from}…${grid.to} tokens is at ` +
        `or below the context after a compaction, R(T) = ${model.postPrefix} + G(T) tokens`,
    );
  }
  return { grid, triggers };
}

/**
 * The rework estimate an analysis's options ask for (rework_input.ts), checked: measured from
 * the windows the compactions carry, given, or off. The in-memory and the streamed pool
 * analysis both estimate it so.
 *
 * @param corpus The corpus (its compactions and their windows are what is read).
 * @param o The rework options and the seed.
 * @returns The estimate.
 * @throws {RangeError} On out-of-range rework options.
 */
export function analysisRework(
  corpus: Corpus,
  o: Pick<
    typeof DEFAULT_ANALYZE_OPTIONS,
    "rework" | "reworkTokens" | "reworkRequests" | "reworkWindow" | "seed"
  >,
): ReworkEstimate {
  const request = {
    mode: o.rework,
    tokens: o.reworkTokens,
    requests: o.reworkRequests,
    windowRequests: o.reworkWindow,
    seed: o.seed,
  };
  checkReworkRequest(request);
  return resolveRework(corpus, request);
}

/** The rework estimate of the options and what the replay and T* take from it. */
function _rework(
  corpus: Corpus,
  o: _Prepared["o"],
  steps: ReturnType<typeof buildSteps>,
  model: SummaryModel,
): { rework: ReworkEstimate; applied: AppliedRework | null } {
  const rework = analysisRework(corpus, o);
  return { rework, applied: appliedRework(rework, steps, model.cPost) };
}

/** The session bootstrap of the range answer (null without draws), started beside the replay. */
function _sessionBootstrap(
  corpus: Corpus,
  prepared: ReturnType<typeof _prepare>,
): StartedSessionBootstrap | null {
  const { o, steps, triggers, model, tierThresholds } = prepared;
  if (o.sessionDraws === 0) return null;
  return startSessionBootstrap(steps, {
    kinds: corpus.sessions.kind,
    triggers,
    model,
    tierThresholds: Float64Array.from(tierThresholds),
    rework: prepared.applied?.replay,
    inputs: prepared.inputs,
    draws: o.sessionDraws,
    seed: o.seed,
    method: o.method,
    blockSize: prepared.blockSize,
    workers: bootstrapWorkers(steps.length * o.sessionDraws * triggers.length, o.threads),
  });
}

function _report(
  corpus: Corpus,
  prepared: _Prepared,
  sums: ReplaySums,
  bootstrap: SessionBootstrap | null,
): TriggerReport {
  const { o, summary, prices, model, steps, workloads, triggers, tierThresholds, inputs } =
    prepared;
  const { diagnostics: _diagnostics, ...corpusSummary } = summary;
  // The curves with rework (the answer's) and without (the published method's), from one run;
  // without rework in the replay they are the same curves.
  const without = priceCurves(sums, inputs);
  const curves = sums.withRework === undefined ? without : priceCurves(sums.withRework, inputs);
  const bill = observedBill(corpus, {
    prices,
    beta: model.beta,
    g0: model.g0,
    g1: model.g1,
    minSummaryTokens: model.minSummaryTokens,
    dollars: catalogDollars,
  });
  let atObservedCost: number | null = null;
  if (summary.observedTrigger !== null) {
    const one = replayWorkloads(steps, [workloads.plans[0]], {
      triggers: [summary.observedTrigger],
      model,
      tierThresholds,
    });
    atObservedCost = priceCurves(one, inputs).observed.costPerMillion[0];
  }
  const delta = meanGrowth(steps);
  return triggerReportDocument({
    ...prepared,
    corpus: corpusSummary,
    diagnostics: corpus.diagnostics,
    idleLimitSeconds: corpus.idleLimitSeconds,
    compactions: corpus.compactions,
    requestTimesMs: corpus.requests.timeMs,
    curves,
    without,
    supported: triggerSupport(corpus, triggers),
    bootstrap,
    bill,
    atObservedCost,
    growth: o.method === "permute" ? growthCheck(steps, workloads.plans) : null,
    delta,
    ...analysisSteadyStates(model, delta, prices, prepared.applied),
  });
}

/** Uncached tokens the corpus wrote, by kind: ω and a tier's blend weigh them. */
function _uncachedMix(
  corpus: Corpus,
): { input: number; cacheWrite5m: number; cacheWrite1h: number } {
  const r = corpus.requests;
  let input = 0, cacheWrite5m = 0, cacheWrite1h = 0;
  for (let i = 0; i < r.length; i++) {
    input += r.input[i];
    cacheWrite5m += r.cacheWrite5m[i];
    cacheWrite1h += r.cacheWrite1h[i];
  }
  return { input, cacheWrite5m, cacheWrite1h };
}
