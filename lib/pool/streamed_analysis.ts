/**
 * The trigger analysis of a pool, streamed: the pool's reader sends the requests in batches of
 * whole sessions, and each batch is replayed and dropped, so memory is bounded by the batch size
 * and the compaction table, not by the pool (docs/pool.md, Scale).
 *
 * Why the result is the in-memory analysis's (lib/trigger/analyze.ts) on the same pooled corpus:
 * - everything fitted before the replay reads only the compactions (time model, summary model,
 *   P, β, c_post, the observed trigger and so the grid) or exact integer sums that DuckDB returns
 *   with the first frame (the uncached tokens by kind, hence ω and the prices);
 * - workload k draws its blocks session after session from one PRNG stream
 *   (lib/trigger/workloads.ts, `drawWorkloadBatch`): the streams live across batches, so every
 *   batch gets the blocks the whole corpus would give its sessions;
 * - the replay's sums, the observed bill's, Δ's and the growth check's add up over sessions, so
 *   the batches' sums are added (in another order than one pass: equal up to rounding).
 *
 * What it gives: the counts, the fits, the rework (measured from the windows the compactions
 * carry; each extra request's output and work time from DuckDB's sums over every request), the
 * curves with and without it with their bands, the observed bill, the replay at the observed
 * trigger, T*, the cheapest trigger and its setting. The support of each trigger adds over
 * sessions, so it is summed batch by batch; D and the first and last request time too (the
 * dollars). From these the document is assembled by the in-memory analysis's own assembler
 * (`report`, lib/trigger/report_document.ts). `--block-size auto` is chosen by a pass of its
 * own before this one (lib/pool/streamed_block_size.ts); the session bootstrap is
 * fed batch by batch (lib/pool/streamed_bootstrap.ts, from the session table DuckDB sends
 * before the compactions, `sessionTable`).
 *
 * @module
 */
import { modelInfo } from "../prices/mod.ts";
import { catalogDollars } from "../prices/usage_dollars.ts";
import { Pcg32 } from "../stats/pcg32.ts";
import {
  type CorpusSummary,
  DEFAULT_WRITE_MULTIPLIERS,
  summarizeCorpus,
} from "../transcript/summarize_corpus.ts";
import { COMPACTION_TRIGGER, type Corpus } from "../transcript/tables.ts";
import { argminTrigger } from "../trigger/argmin_trigger.ts";
import type { AutoBlockSize } from "../trigger/auto_block_size.ts";
import {
  type AutoCompactSetting,
  autoCompactSetting,
  DEFAULT_CONTEXT_WINDOW,
} from "../trigger/auto_compact_setting.ts";
import {
  analysisPrices,
  analysisRework,
  analysisSteadyStates,
  analysisTriggers,
  type AnalyzeOptions,
  billCompactionModel,
  DEFAULT_ANALYZE_OPTIONS,
  type FiguresWithoutCurves,
  type TriggerReport,
} from "../trigger/analyze.ts";
import { fitCompactionModels } from "../trigger/compaction_model_fit.ts";
import { growthCheck } from "../trigger/growth_check.ts";
import { observedBill } from "../trigger/observed_bill.ts";
import { priceCurves, type TriggerCurves } from "../trigger/price_curves.ts";
import type { Prices } from "../trigger/prices.ts";
import { emptyReplaySums, type ReplaySums, replayWorkloads } from "../trigger/replay.ts";
import { buildSteps } from "../trigger/steps.ts";
import type { SummaryModel } from "../trigger/summary_model.ts";
import { drawWorkloadBatch } from "../trigger/workloads.ts";
import {
  MEASURED_INPUT_MARGIN,
  MIN_SUPPORTING_SESSIONS,
  supportFromCounts,
  type TriggerSupport,
  triggerSupport,
} from "../trigger/support.ts";
import type { NearOptimalRange } from "../trigger/near_optimal.ts";
import type { Confidence } from "../trigger/confidence.ts";
import {
  type AppliedRework,
  appliedReworkWith,
  type ReworkBlock,
  reworkBlock,
} from "../trigger/rework_input.ts";
import type { ExportManifest } from "./export_corpus.ts";
import type { PoolFrame } from "./pool_frames.ts";
import { pooledCorpus } from "./pooled_corpus.ts";
import { type PoolModelCounts, REQUEST_FRAME_COLUMNS } from "./read_pool.ts";
import type { RangeAnswer } from "../trigger/range_answer.ts";
import { pricesBlock, triggerReportDocument } from "../trigger/report_document.ts";
import type { SettingsSnapshot } from "../settings/effective_setting.ts";
import {
  addReplaySums,
  StreamedSessionBootstrap,
  StreamedSessionBootstrapWorker,
} from "./streamed_bootstrap.ts";
import { bootstrapWorkers } from "../trigger/session_bootstrap_parallel.ts";

/**
 * Options of {@linkcode streamedAnalysis}: those of the analysis (lib/trigger/analyze.ts), but a
 * numeric block size (`auto` is chosen by a pass of its own, lib/pool/streamed_block_size.ts)
 * and no threads. With session draws (the default, 100) the frames must carry the session table
 * (`poolFrames(..., stepStats, sessionTable)`).
 */
export interface StreamedOptions
  extends Omit<AnalyzeOptions, "blockSize" | "threads" | "onProgress"> {
  /** Steps per block. @default {8} */
  blockSize?: number;
  /**
   * What `--block-size auto` chose, when `blockSize` is its choice (a pass of its own,
   * lib/pool/streamed_block_size.ts): recorded as `options.blockSizeChosen`. @default {null}
   */
  blockSizeChosen?: AutoBlockSize | null;
  /** Called after each batch with the requests done so far. */
  onBatch?: (requestsDone: number, batches: number) => void;
  /**
   * Run the session bootstrap on a worker beside the replay (the same draws and sums).
   * @default {steps × draws × triggers ≥ 5e7 and two cores, as the in-memory analysis}
   */
  bootstrapWorker?: boolean;
}

/** The options as the streamed analysis resolved them (the analysis's defaults filled in). */
export type StreamedResolvedOptions = typeof DEFAULT_ANALYZE_OPTIONS & {
  settings: SettingsSnapshot | null;
  /** What `--block-size auto` chose (lib/pool/streamed_block_size.ts); null: given. */
  blockSizeChosen: AutoBlockSize | null;
};

/** A band at one trigger. */
export interface StreamedBand {
  mean: number;
  p10: number;
  p90: number;
}

/** What {@linkcode streamedAnalysis} returns. */
export interface StreamedAnalysis {
  model: string;
  /** Contributors with a session of the model, after the filters. */
  contributors: number;
  /** Request batches replayed; the largest batch, requests. */
  batches: number;
  largestBatch: number;
  requests: number;
  sessions: { main: number; subagent: number; helper: number };
  compactions: { auto: number; manual: number; unknown: number; other: number };
  billedTokens: number;
  workHours: number;
  observedTrigger: number | null;
  prices: Prices;
  timeModel: { a: number; v: number };
  summaryModel: SummaryModel;
  meanGrowthTokens: number;
  triggers: number[];
  costPerMillion: StreamedBand[];
  timeShare: StreamedBand[];
  observed: { costPerMillion: number[]; timeShare: number[]; compactions: number[] };
  observedBill: { costPerMillion: number; compactionCostPerMillion: number; callsMatched: number };
  replayAtObservedTrigger: { trigger: number; costPerMillion: number } | null;
  permuteKeepsGrowth: { mismatches: number; maxDifferenceTokens: number } | null;
  /** T* with the rework (the published formula's when none is replayed), tokens. */
  tStarTokens: number;
  /** The cheapest trigger of the curves with the rework. */
  cheapestTrigger: number | null;
  /** T* and the cheapest trigger without the rework (the published method's). */
  tStarWithoutReworkTokens: number;
  cheapestTriggerWithoutRework: number | null;
  /** The rework block, as the in-memory analysis's `rework`. */
  rework: ReworkBlock;
  /** Per trigger, the sessions that reached it and whether it is extrapolated (as `support`). */
  support: TriggerSupport[];
  /** The measured compaction inputs and the thresholds of the extrapolated zone. */
  supportRule: RangeAnswer["supportRule"];
  /** The near-optimal ranges of the mean cost (the 2% one is the headline). */
  nearOptimal: NearOptimalRange[];
  /**
   * The grade of the answer, as the in-memory analysis grades it (the session bootstrap's
   * argmin spread included when there are session draws).
   */
  confidence: Confidence;
  /** Why the setting is withheld (a low grade without `force`), else null. */
  withheld: string | null;
  setting: AutoCompactSetting | null;
  /** The replay's sums, for re-pricing (as `analyzeTrigger` returns them). */
  sums: ReplaySums;
  /** What the date filter left out (the reader's figures), as `options.filters.leftOut`. */
  leftOut: StreamedLeftOut;
  /**
   * The analysis's `--json` document (lib/trigger/report_document.ts): the in-memory analysis's.
   */
  report: TriggerReport;
}

/**
 * The model's analysis cannot run (a fit, the grid or the prices: `error`, a RangeError such as
 * {@linkcode MissingModelInputsError}); the stream was still read to the end for what the
 * per-model view gives a model it could not analyse (its comparison row's counts, and its
 * `withoutCurves`).
 */
export class StreamedModelError extends Error {
  /** Why the analysis cannot run. */
  readonly error: RangeError;
  /** Sessions, requests, D and the observed trigger of the model, after the filters. */
  readonly figures: {
    sessions: number;
    requests: number;
    billedTokens: number;
    observedTrigger: number | null;
  };
  /** What the date filter left out of the model. */
  readonly leftOut: StreamedLeftOut;
  /**
   * Its corpus, prices and observed bill, as the in-memory per-model view gives a model it
   * cannot analyse (`withoutCurves`; absent when the prices are invalid).
   */
  readonly withoutCurves?: FiguresWithoutCurves;

  /**
   * @param error Why the analysis cannot run.
   * @param figures The model's counts.
   * @param leftOut What the date filter left out of it.
   * @param withoutCurves What needs no curves.
   */
  constructor(
    error: RangeError,
    figures: StreamedModelError["figures"],
    leftOut: StreamedLeftOut,
    withoutCurves?: FiguresWithoutCurves,
  ) {
    super(error.message);
    this.name = "StreamedModelError";
    this.error = error;
    this.figures = figures;
    this.leftOut = leftOut;
    if (withoutCurves !== undefined) this.withoutCurves = withoutCurves;
  }
}

/** What the date filter left out of one model (the reader's figures). */
export type StreamedLeftOut = { files: number; sessions: number; undatedSessions: number };

/** The pool has no session (or no request) of the model after the filters. */
export class NoPoolSessionError extends RangeError {
  /** What the date filter left out of the model. */
  readonly leftOut: StreamedLeftOut;

  /**
   * @param model The model asked for.
   * @param leftOut What the date filter left out of it.
   */
  constructor(model: string, leftOut: StreamedLeftOut) {
    super(`Cannot analyze: the pool has no requests of model "${model}"`);
    this.name = "NoPoolSessionError";
    this.leftOut = leftOut;
  }
}

/**
 * Analyses one model of a pool from the reader's frames (lib/pool/read_pool.ts `poolFrames`,
 * asked for that model only).
 *
 * @param frames The frames: meta, compactions, request batches, end.
 * @param setup The model, the manifests (files, bytes, diagnostics) and the idle limit applied.
 * @param options Workloads, method, block size, seed, grid, prices, time model.
 * @returns The analysis.
 * @throws {NoPoolSessionError} When the pool has no request of the model after the filters.
 * @throws {StreamedModelError} When the analysis cannot run (its `error`: a
 * {@linkcode MissingModelInputsError} when a fit cannot run and its inputs are not given, or
 * another RangeError), with the model's counts.
 */
export async function streamedAnalysis(
  frames: AsyncIterable<PoolFrame>,
  setup: { model: string; manifests: readonly ExportManifest[]; idleLimitSeconds: number },
  options: StreamedOptions = {},
): Promise<StreamedAnalysis> {
  // An option given as undefined takes its default (a plain spread would keep the undefined).
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  const o = {
    ...DEFAULT_ANALYZE_OPTIONS,
    ...given,
    settings: options.settings ?? null,
    blockSizeChosen: options.blockSizeChosen ?? null,
  } as StreamedResolvedOptions;
  const blockSize = options.blockSize ?? (DEFAULT_ANALYZE_OPTIONS.blockSize as number);
  const { model: name, manifests, idleLimitSeconds } = setup;
  let models: string[] = [];
  let counts: PoolModelCounts | undefined;
  let leftOut = { files: 0, sessions: 0, undatedSessions: 0 };
  let all: Record<string, Float64Array> | undefined;
  let state: ReturnType<typeof _prepare> | undefined;
  let done = 0, batches = 0, largest = 0;
  // When the analysis cannot run: the error, and what needs no curves, summed batch by batch.
  let failure: RangeError | null = null;
  let light: ReturnType<typeof _withoutCurves> | null = null;
  // With session draws: every session's kind and request count, from the sessions frame.
  let sessionTable: { kinds: Float64Array; requests: Float64Array } | null = null;
  try {
    for await (const frame of frames) {
      if (frame.kind === "meta") {
        models = frame.header.models as string[];
        counts = (frame.header.byModel as Record<string, PoolModelCounts>)[name];
        leftOut = { ...(frame.header.leftOut as typeof leftOut) };
      } else if (frame.kind === "sessions") {
        sessionTable = {
          kinds: frame.columns.kind.slice(),
          requests: frame.columns.requests.slice(),
        };
      } else if (frame.kind === "compactions") {
        all = frame.columns;
        if (counts === undefined) throw new NoPoolSessionError(name, leftOut);
        const pool = { name, models, all, counts, manifests, idleLimitSeconds };
        try {
          state = _prepare(pool, o, blockSize, { ...options }, sessionTable);
        } catch (error) {
          if (!(error instanceof RangeError)) throw error;
          failure = error;
          light = _withoutCurves(pool, o, options);
        }
      } else if (frame.kind === "requests" && light !== null) {
        const corpus = batchCorpus(models, all!, frame.columns, manifests, idleLimitSeconds);
        _tally(light.tally, corpus, light.billModel);
        done += frame.rows;
      } else if (frame.kind === "requests") {
        if (state === undefined || all === undefined) {
          throw new Error("The pool reader sent requests before the compactions");
        }
        await _batch(
          state,
          models,
          all,
          frame.columns,
          manifests,
          idleLimitSeconds,
          blockSize,
          o.method,
        );
        done += frame.rows;
        batches++;
        largest = Math.max(largest, frame.rows);
        options.onBatch?.(done, batches);
      }
    }
  } catch (error) {
    // A worker left running would keep the process alive.
    if (state?.bootstrap instanceof StreamedSessionBootstrapWorker) state.bootstrap.stop();
    throw error;
  }
  if (failure !== null && light !== null) {
    const { diagnostics: _d, ...fromManifests } = light.summary;
    const corpus = _corpusBlock(fromManifests, light.tally);
    // As figuresWithoutCurves: none without valid prices; no bill without β and G (or D).
    let withoutCurves: FiguresWithoutCurves | undefined;
    if (light.priced !== null && (light.billModel === null || corpus.billedTokens > 0)) {
      const { compactionsPriced: _p, ...bill } = _billOf(light.tally, light.advisor);
      withoutCurves = {
        corpus,
        prices: pricesBlock(light.priced.prices, light.priced.resolved),
        observedBill: light.billModel === null ? null : bill,
      };
    }
    throw new StreamedModelError(
      failure,
      {
        sessions: counts?.sessions ?? 0,
        requests: done,
        billedTokens: corpus.billedTokens,
        observedTrigger: corpus.observedTrigger,
      },
      leftOut,
      withoutCurves,
    );
  }
  if (state === undefined || done === 0) throw new NoPoolSessionError(name, leftOut);
  const result = await _finish(state, name, done, batches, largest, idleLimitSeconds);
  return { ...result, contributors: counts?.contributors ?? 0, leftOut };
}

/** The model analysed, as the meta and compaction frames and the manifests give it. */
interface _PoolModel {
  name: string;
  /** The pool's model names (the meta frame's). */
  models: string[];
  /** The compaction frame's columns (every compaction of the model). */
  all: Record<string, Float64Array>;
  counts: PoolModelCounts;
  manifests: readonly ExportManifest[];
  idleLimitSeconds: number;
}

/**
 * The model's compactions alone, as a corpus without requests: what the fits, the grid and the
 * rework estimate (from the windows the compactions carry) read, and the manifests' figures of
 * the corpus block (files, bytes, advisor passes, the sessions left out).
 */
function _compactionsOnly(pool: _PoolModel): Corpus {
  return pooledCorpus(
    { models: pool.models, requests: _noRequests(), compactions: pool.all },
    pool.name,
    pool.manifests,
    pool.idleLimitSeconds,
  );
}

function _prepare(
  pool: _PoolModel,
  o: StreamedResolvedOptions,
  blockSize: number,
  options: StreamedOptions,
  sessionTable: { kinds: Float64Array; requests: Float64Array } | null,
) {
  if (!Number.isInteger(o.sessionDraws) || o.sessionDraws < 0) {
    throw new RangeError(
      `Invalid option: sessionDraws must be a non-negative integer, got ${o.sessionDraws}`,
    );
  }
  if (o.sessionDraws > 0 && sessionTable === null) {
    throw new Error("The pool reader sent no session table: ask for it (sessionTable)");
  }
  const { name, counts } = pool;
  const compactionsOnly = _compactionsOnly(pool);
  const comp = compactionsOnly.compactions;
  const summary = summarizeCorpus(compactionsOnly, { dollars: catalogDollars });
  const observedTrigger = summary.observedTrigger;
  const { resolved, prices } = _prices(name, counts, options);
  const tierThresholds = prices.tiers.map((t) => t.aboveInputTokens);
  // The fits, the grid and the rework estimate as analyze.ts's _prepare makes them: the same
  // errors, the same names.
  const { time, timeError, constrained, a, v, model, compactionModelSource, compactionModelError } =
    fitCompactionModels(comp, o, name);
  const { grid, triggers } = analysisTriggers(observedTrigger, model, o);
  const streams = Array.from({ length: o.workloads }, (_, k) => new Pcg32(o.seed, k + 1));
  const estimate = analysisRework(compactionsOnly, o);
  // Each extra request's output and work time: over every request of the model, which DuckDB
  // sums before the first batch (the in-memory analysis takes them from its steps).
  const needsStats = estimate.source === "measured" || estimate.source === "option";
  if (needsStats && (counts.medianOutput === undefined || counts.steps === undefined)) {
    throw new Error("The pool reader sent no step figures: ask for them (stepStats)");
  }
  const applied: AppliedRework | null = needsStats
    ? appliedReworkWith(estimate, {
      outputTokensPerRequest: counts.medianOutput!,
      workSecondsPerRequest: counts.steps! > 0 ? counts.stepGapSeconds! / counts.steps! : 0,
    }, model.cPost)
    : null;
  // The session bootstrap, fed batch by batch (lib/pool/streamed_bootstrap.ts): on a worker
  // beside the replay when the work is large and there are two cores, as in memory.
  let bootstrap: StreamedSessionBootstrap | StreamedSessionBootstrapWorker | null = null;
  if (o.sessionDraws > 0) {
    const bootstrapOptions = {
      triggers,
      model,
      tierThresholds: Float64Array.from(tierThresholds),
      rework: applied?.replay,
      draws: o.sessionDraws,
      seed: o.seed,
      method: o.method,
      blockSize,
    };
    let steps = 0;
    for (const n of sessionTable!.requests) steps += Math.max(0, n - 1);
    const worker = options.bootstrapWorker ??
      bootstrapWorkers(steps * o.sessionDraws * triggers.length, 1) > 0;
    bootstrap = worker
      ? new StreamedSessionBootstrapWorker(
        sessionTable!.kinds,
        sessionTable!.requests,
        bootstrapOptions,
      )
      : new StreamedSessionBootstrap(sessionTable!.kinds, sessionTable!.requests, bootstrapOptions);
  }
  return {
    o,
    blockSize,
    bootstrap,
    compactionsOnly,
    summary,
    comp,
    observedTrigger,
    prices,
    resolved,
    tierThresholds: Float64Array.from(tierThresholds),
    time,
    timeError,
    a,
    v,
    model,
    compactionModelSource,
    compactionModelError,
    grid,
    triggers,
    streams,
    estimate,
    applied,
    constrained,
    reached: new Float64Array(triggers.length),
    supportSessions: 0,
    sums: emptyReplaySums(
      o.workloads + 1,
      triggers,
      Float64Array.from(tierThresholds),
      applied?.replay,
    ),
    atObserved: observedTrigger === null ? null : emptyReplaySums(
      1,
      Float64Array.of(observedTrigger),
      Float64Array.from(tierThresholds),
    ),
    totals: {
      ..._emptyTally(),
      growthSum: 0,
      growthSteps: 0,
      mismatches: 0,
      maxDifference: 0,
    },
  };
}

/** The prices as the in-memory analysis gives them, ω from the exact uncached sums DuckDB returns. */
function _prices(name: string, counts: PoolModelCounts, options: StreamedOptions) {
  return analysisPrices(name, options, {
    input: counts.input,
    cacheWrite5m: counts.cacheWrite5m,
    cacheWrite1h: counts.cacheWrite1h,
  });
}

/**
 * What a model whose analysis cannot run still gives, as analyze.ts's figuresWithoutCurves: the
 * manifests' figures of its corpus, its prices (null: invalid) and how its bill prices the
 * compactions (null: a β or G it needs cannot be fitted and was not given).
 */
function _withoutCurves(pool: _PoolModel, o: StreamedResolvedOptions, options: StreamedOptions) {
  const only = _compactionsOnly(pool);
  let priced: ReturnType<typeof _prices> | null = null;
  try {
    priced = _prices(pool.name, pool.counts, options);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  const billModel = billCompactionModel(only.compactions, o);
  return {
    summary: summarizeCorpus(only, { dollars: catalogDollars }),
    advisor: only.advisor,
    priced,
    billModel: priced === null || billModel === null
      ? null
      : { prices: priced.prices, ...billModel },
    tally: _emptyTally(),
  };
}

/** The request columns of a frame, empty. */
function _noRequests(): Record<string, Float64Array> {
  return Object.fromEntries(REQUEST_FRAME_COLUMNS.map((c) => [c, new Float64Array(0)]));
}

/** The sums over the batches that need no replay: counts, tokens, times and the bill. */
function _emptyTally() {
  return {
    requests: 0,
    kinds: { main: 0, subagent: 0, helper: 0 },
    // Token sums by kind (whole numbers: exact in any order), work seconds.
    input: 0,
    cacheWrite5m: 0,
    cacheWrite1h: 0,
    cacheRead: 0,
    output: 0,
    workSeconds: 0,
    firstTimeMs: Infinity,
    lastTimeMs: -Infinity,
    billCost: 0,
    billCompaction: 0,
    callsMatched: 0,
  };
}

type _Tally = ReturnType<typeof _emptyTally>;

/**
 * Adds a batch's counts, token sums, work seconds, first and last time, and its bill (the
 * requests' and compactions'; null: not priced) to the tally.
 */
function _tally(
  t: _Tally,
  corpus: Corpus,
  bill: { prices: Prices; beta: number; g0: number; g1: number; minSummaryTokens: number } | null,
): void {
  const summary = summarizeCorpus(corpus);
  t.requests += corpus.requests.length;
  t.kinds.main += summary.sessions.main;
  t.kinds.subagent += summary.sessions.subagent;
  t.kinds.helper += summary.sessions.helper;
  const r = corpus.requests;
  for (let i = 0; i < r.length; i++) {
    t.input += r.input[i];
    t.cacheWrite5m += r.cacheWrite5m[i];
    t.cacheWrite1h += r.cacheWrite1h[i];
    t.cacheRead += r.cacheRead[i];
    t.output += r.output[i];
    t.workSeconds += r.gapSeconds[i];
    const ms = r.timeMs[i];
    if (!Number.isFinite(ms)) continue;
    if (ms < t.firstTimeMs) t.firstTimeMs = ms;
    if (ms > t.lastTimeMs) t.lastTimeMs = ms;
  }
  if (bill === null) return;
  // The bill of the batch's requests and compactions (the advisor passes, the manifests'
  // figures, are priced once: _billOf).
  const b = observedBill({ requests: corpus.requests, compactions: corpus.compactions }, bill);
  t.billCost += b.costPerMillion * summary.billedTokens;
  t.billCompaction += b.compactionCostPerMillion * summary.billedTokens;
  t.callsMatched += b.compactionCallsMatched;
}

/** D, the billed tokens of the tally. */
function _billed(t: _Tally): number {
  return t.input + t.cacheWrite5m + t.cacheWrite1h + t.cacheRead + t.output;
}

/** The corpus block: the manifests' figures, with the batches' sums of the requests. */
function _corpusBlock(fromManifests: Omit<CorpusSummary, "diagnostics">, t: _Tally) {
  const billed = _billed(t);
  const share = (x: number) => (billed > 0 ? x / billed : 0);
  const uncached = t.input + t.cacheWrite5m + t.cacheWrite1h;
  const m = DEFAULT_WRITE_MULTIPLIERS;
  return {
    ...fromManifests,
    sessions: { ...t.kinds },
    requests: t.requests,
    workHours: t.workSeconds / 3600,
    billedTokens: billed,
    billingMix: {
      input: share(t.input),
      cacheWrite5m: share(t.cacheWrite5m),
      cacheWrite1h: share(t.cacheWrite1h),
      cacheRead: share(t.cacheRead),
      output: share(t.output),
    },
    omega: uncached > 0
      ? (t.input + m.cacheWrite5m * t.cacheWrite5m + m.cacheWrite1h * t.cacheWrite1h) / uncached
      : null,
  };
}

/**
 * The observed bill: the batches' sums over D; the advisor passes (the manifests' figures) on
 * their own line, priced at their models' catalog prices as observedBill prices them.
 */
function _billOf(t: _Tally, advisor: Corpus["advisor"]) {
  const billed = _billed(t);
  let advisorUsd = 0, advisorUnpriced = 0;
  for (const [m, totals] of Object.entries(advisor.byModel)) {
    const usd = catalogDollars(totals, m);
    if (usd === null) advisorUnpriced += totals.count;
    else advisorUsd += usd;
  }
  return {
    costPerMillion: billed > 0 ? t.billCost / billed : NaN,
    compactionCostPerMillion: billed > 0 ? t.billCompaction / billed : NaN,
    compactionsPriced: 0,
    compactionCallsMatched: t.callsMatched,
    advisorCostPerMillion: advisorUsd * 1e6 / billed,
    advisorIterationsUnpriced: advisorUnpriced,
  };
}

/** Replays one batch of whole sessions and adds its sums. */
async function _batch(
  state: ReturnType<typeof _prepare>,
  models: string[],
  all: Record<string, Float64Array>,
  batch: Record<string, Float64Array>,
  manifests: readonly ExportManifest[],
  idleLimitSeconds: number,
  blockSize: number,
  method: typeof DEFAULT_ANALYZE_OPTIONS["method"],
): Promise<void> {
  const corpus = batchCorpus(models, all, batch, manifests, idleLimitSeconds);
  const t = state.totals;
  // Support adds over sessions: each batch's sessions reaching each trigger.
  const supported = triggerSupport(corpus, state.triggers).triggers;
  for (let j = 0; j < supported.length; j++) state.reached[j] += supported[j].sessions;
  state.supportSessions += corpus.sessions.length;
  _tally(t, corpus, { prices: state.prices, ...state.model });
  const steps = buildSteps(corpus, { compactionStepShare: state.o.compactionStepShare });
  for (let s = 0; s < steps.sessions; s++) {
    const end = steps.start[s] + steps.count[s];
    for (let row = steps.start[s] + 1; row < end; row++) {
      if (steps.compacted[row]) continue;
      t.growthSum += steps.growth[row];
      t.growthSteps++;
    }
  }
  // The batch's first session is the pool's session `batch.session[0]` (whole sessions, in
  // pool order); on a worker, it runs beside this batch's replay.
  const boot = state.bootstrap?.addBatch(steps, batch.session[0]);
  const { plans } = drawWorkloadBatch(steps, state.streams, { method, blockSize });
  const replay = { model: state.model, tierThresholds: state.tierThresholds };
  addReplaySums(
    state.sums,
    replayWorkloads(steps, plans, {
      ...replay,
      triggers: state.triggers,
      rework: state.applied?.replay,
    }),
  );
  if (state.atObserved !== null) {
    addReplaySums(
      state.atObserved,
      replayWorkloads(steps, [plans[0]], { ...replay, triggers: state.atObserved.triggers }),
    );
  }
  if (method === "permute") {
    const check = growthCheck(steps, plans);
    t.mismatches += check.mismatches;
    t.maxDifference = Math.max(t.maxDifference, check.maxDifferenceTokens);
  }
  await boot;
}

/**
 * A batch of the pool's reader as a corpus: its sessions, their requests, and their
 * compactions only.
 *
 * @param models The pool's model names (the meta frame's).
 * @param all The compaction frame's columns (every compaction of the model).
 * @param batch A request frame's columns (whole sessions).
 * @param manifests The contributors' manifests.
 * @param idleLimitSeconds The idle limit the reader applied.
 * @returns The batch's corpus.
 */
export function batchCorpus(
  models: string[],
  all: Record<string, Float64Array>,
  batch: Record<string, Float64Array>,
  manifests: readonly ExportManifest[],
  idleLimitSeconds: number,
): Corpus {
  const n = batch.session.length;
  const first = batch.session[0], last = batch.session[n - 1];
  // Compactions of the batch's sessions (session rows are contiguous in a batch).
  const rows: number[] = [];
  for (let c = 0; c < all.session.length; c++) {
    if (all.session[c] >= first && all.session[c] <= last) rows.push(c);
  }
  const local = new Map<number, number>(rows.map((c, i) => [c, i]));
  const compactions = Object.fromEntries(
    Object.entries(all).map(([k, col]) => [k, Float64Array.from(rows, (c) => col[c])]),
  );
  const before = Float64Array.from(batch.compactionBefore, (c) => (c < 0 ? -1 : local.get(c)!));
  const name = models[batch.model[0]];
  return pooledCorpus(
    { models, requests: { ...batch, compactionBefore: before }, compactions },
    name,
    manifests,
    idleLimitSeconds,
  );
}

async function _finish(
  state: ReturnType<typeof _prepare>,
  name: string,
  requests: number,
  batches: number,
  largest: number,
  idleLimitSeconds: number,
): Promise<Omit<StreamedAnalysis, "contributors" | "leftOut">> {
  const { totals: t, prices, model, a, v, triggers } = state;
  const billed = _billed(t);
  const inputs = { prices, beta: model.beta, a, v, billedTokens: billed };
  const bootstrap = state.bootstrap === null ? null : await state.bootstrap.finish(inputs);
  // The curves with rework (the answer's) and without (the published method's), as analyze.
  const without: TriggerCurves = priceCurves(state.sums, inputs);
  const curves: TriggerCurves = state.sums.withRework === undefined
    ? without
    : priceCurves(state.sums.withRework, inputs);
  const delta = t.growthSteps > 0 ? t.growthSum / t.growthSteps : NaN;
  const { steady, steadyWithout } = analysisSteadyStates(model, delta, prices, state.applied);
  const best = argminTrigger(triggers, curves.costPerMillion.mean);
  const bestWithout = argminTrigger(triggers, without.costPerMillion.mean);
  const window = state.o.contextWindow ?? modelInfo(name)?.contextWindow ??
    DEFAULT_CONTEXT_WINDOW;
  const band = (b: TriggerCurves["costPerMillion"]) =>
    Array.from(triggers, (_, i) => ({ mean: b.mean[i], p10: b.p10[i], p90: b.p90[i] }));
  const comp = state.comp;
  const byTrigger = (k: number) => comp.trigger.filter((x) => x === k).length;
  const bill = _billOf(t, state.compactionsOnly.advisor);
  // Support, as the in-memory analysis (range_answer.ts).
  let minC = Infinity, maxC = -Infinity;
  for (const c of comp.inputTokens) {
    if (!Number.isFinite(c)) continue;
    minC = Math.min(minC, c);
    maxC = Math.max(maxC, c);
  }
  const measuredInput = Number.isFinite(minC) ? { minTokens: minC, maxTokens: maxC } : null;
  const support = supportFromCounts(triggers, state.reached, state.supportSessions, measuredInput);
  const atObservedCost = state.atObserved === null
    ? null
    : priceCurves(state.atObserved, inputs).observed.costPerMillion[0];
  const { diagnostics, ...fromManifests } = state.summary;
  const corpus = _corpusBlock(fromManifests, t);
  const growth = state.o.method === "permute"
    ? {
      workloads: state.o.workloads,
      sessions: state.supportSessions,
      mismatches: t.mismatches,
      maxDifferenceTokens: t.maxDifference,
    }
    : null;
  const report = triggerReportDocument({
    o: state.o,
    settings: state.o.settings,
    blockSizeChosen: state.o.blockSizeChosen,
    bootstrap,
    corpus,
    diagnostics,
    idleLimitSeconds,
    compactions: comp,
    // The dollars' days read only the first and last request time: they stand for every one.
    requestTimesMs: Float64Array.of(t.firstTimeMs, t.lastTimeMs),
    prices,
    resolved: state.resolved,
    time: state.time,
    timeError: state.timeError,
    constrained: state.constrained,
    a,
    v,
    model,
    compactionModelSource: state.compactionModelSource,
    compactionModelError: state.compactionModelError,
    grid: state.grid,
    triggers,
    blockSize: state.blockSize,
    rework: state.estimate,
    applied: state.applied,
    inputs,
    curves,
    without,
    bill,
    atObservedCost,
    growth,
    delta,
    steady,
    steadyWithout,
    supported: { measuredInput, triggers: support },
  });
  return {
    model: name,
    batches,
    largestBatch: largest,
    requests,
    sessions: { ...t.kinds },
    compactions: {
      auto: byTrigger(COMPACTION_TRIGGER.auto),
      manual: byTrigger(COMPACTION_TRIGGER.manual),
      unknown: byTrigger(COMPACTION_TRIGGER.unknown),
      other: byTrigger(COMPACTION_TRIGGER.other),
    },
    billedTokens: billed,
    workHours: corpus.workHours,
    observedTrigger: state.observedTrigger,
    prices,
    timeModel: { a, v },
    summaryModel: model,
    meanGrowthTokens: delta,
    triggers: [...triggers],
    costPerMillion: band(curves.costPerMillion),
    timeShare: band(curves.timeShare),
    observed: {
      costPerMillion: [...curves.observed.costPerMillion],
      timeShare: [...curves.observed.timeShare],
      compactions: [...curves.observed.compactions],
    },
    observedBill: {
      costPerMillion: bill.costPerMillion,
      compactionCostPerMillion: bill.compactionCostPerMillion,
      callsMatched: t.callsMatched,
    },
    replayAtObservedTrigger: atObservedCost === null ? null : {
      trigger: state.observedTrigger!,
      costPerMillion: atObservedCost,
    },
    permuteKeepsGrowth: growth === null
      ? null
      : { mismatches: growth.mismatches, maxDifferenceTokens: growth.maxDifferenceTokens },
    tStarTokens: steady.tStarTokens,
    cheapestTrigger: best?.trigger ?? null,
    tStarWithoutReworkTokens: steadyWithout.tStarTokens,
    cheapestTriggerWithoutRework: bestWithout?.trigger ?? null,
    rework: reworkBlock(state.estimate, state.applied),
    support,
    supportRule: {
      measuredInput,
      minSessions: MIN_SUPPORTING_SESSIONS,
      inputMargin: MEASURED_INPUT_MARGIN,
    },
    // The grade, ranges and withholding are the document's (the recommended trigger's).
    nearOptimal: report.steadyState.nearOptimal,
    confidence: report.steadyState.confidence,
    withheld: report.recommendation.withheld,
    setting: best === null ? null : autoCompactSetting(best.trigger, { contextWindow: window }),
    sums: state.sums,
    report,
  };
}
