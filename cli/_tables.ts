/**
 * `analyze --tables DIR`: the trigger analysis of a pool of exports (docs/pool.md), read through
 * DuckDB in a child process (`deno task pool analyze --tables DIR`; the analyze task itself
 * starts no process).
 *
 * @module
 */
import { countText } from "../lib/io/count_text.ts";
import { callerPath } from "../lib/transcript/default_roots.ts";
import type { PriceOverrides } from "../lib/prices/resolve_prices.ts";
import {
  type AnalyzeOptions,
  analyzeTrigger,
  DEFAULT_ANALYZE_OPTIONS,
  MissingModelInputsError,
  type TriggerReport,
} from "../lib/trigger/analyze.ts";
import {
  analyzeModels,
  comparisonRow,
  failedComparisonRow,
  type ModelComparisonRow,
  type ModelEntry,
  type ModelsReport,
  recordedModelsOptions,
} from "../lib/trigger/analyze_models.ts";
import { answerSentence } from "../lib/trigger/answer_sentence.ts";
import { writeStdout } from "../lib/io/stdout.ts";
import {
  keptManifests,
  poolCorpora,
  poolFrames,
  type PoolRead,
  readManifests,
  readPool,
} from "../lib/pool/read_pool.ts";
import type { Corpus } from "../lib/transcript/tables.ts";
import {
  NoPoolSessionError,
  type StreamedAnalysis,
  streamedAnalysis,
  StreamedModelError,
} from "../lib/pool/streamed_analysis.ts";
import { streamedBlockSize } from "../lib/pool/streamed_block_size.ts";
import type { ExportManifest } from "../lib/pool/export_corpus.ts";
import { defaultPoolModel } from "../lib/pool/pooled_corpus.ts";
import { type PoolAnswer, poolAnswer, poolAnswerLines } from "../lib/pool/pool_answer.ts";
import { EXIT, UsageError } from "./_shared.ts";
// A cycle (analyze.ts runs this module's analyzeTables): only a function, called at run time.
import { modelsDocumentWithFilters } from "./analyze.ts";
import { filterFromValues } from "./_input.ts";

/** The `--help` lines of the pool's options. */
export const TABLES_HELP =
  `  --tables DIR            Analyse a pool of exports (deno task export) under DIR through
                          DuckDB instead of transcripts; run as deno task pool analyze
                          --tables DIR (docs/pool.md). --since/--until then select sessions
                          by their first request's UTC date, in SQL.
  --contributor ID        With --tables: only this contributor (repeatable).
  --stream                With --tables: replay the pool in batches of whole sessions
                          (--batch-rows, default 262144 requests) so memory stays bounded
                          by the batch, not the pool: the in-memory answer (text,
                          --json, --model all; --block-size auto reads the pool once
                          more first) (docs/pool.md, Scale).
  --batch-rows N          With --stream: requests per batch (default 262144).`;

/** The pool's options, for the option table. */
export const TABLES_OPTIONS = {
  tables: { type: "string" as const },
  contributor: { type: "string" as const, multiple: true },
  stream: { type: "boolean" as const },
  "batch-rows": { type: "string" as const },
};

/** What the analyze command hands over. */
export interface TablesRun {
  values: Record<string, string | boolean | string[] | undefined>;
  options: AnalyzeOptions;
  idleLimitSeconds: number;
  pricesFor: ((model: string) => PriceOverrides) | undefined;
  formatReport: (r: TriggerReport) => string;
  formatModelsReport: (doc: ModelsReport) => string;
  missingInputsMessage: (error: MissingModelInputsError) => string;
}

/** Whether this process may start the pool's reader (the `pool` task grants it). */
export function mayStartPool(): boolean {
  return Deno.permissions.querySync({ name: "run", command: "deno" }).state === "granted";
}

/** The filters DuckDB applies, as the pool block records them. */
export interface PoolFilters {
  since: string | null;
  until: string | null;
  contributors: string[] | null;
}

/** A pool read for analysis: its corpora and what the documents record of it. */
export interface PoolInput {
  /** The pool folder (resolved from where the user stands). */
  dir: string;
  manifests: ExportManifest[];
  /** The target model, or null for `--model all`. */
  target: string | null;
  filters: PoolFilters;
  /** The read (absent with `stream`: the streamed path reads the frames itself). */
  read?: PoolRead;
  /** The corpora: the target model's, or every model's with a session (most requests first). */
  corpora: Corpus[];
}

/**
 * Checks the pool's options and, unless `stream`, reads the pool through DuckDB (the filters
 * run as SQL there).
 *
 * @param values The parsed command line (`tables`, `contributor`, `model`, `since`, `until`).
 * @param idleLimitSeconds The idle limit cut into the work gaps, seconds.
 * @param stream Only check and read the manifests (the streamed path reads frames itself).
 * @returns The pool's input.
 * @throws {UsageError} For `--project`; what the reading throws.
 */
export async function readPoolInput(
  values: Record<string, string | boolean | string[] | undefined>,
  idleLimitSeconds: number,
  stream = false,
): Promise<PoolInput> {
  if (typeof values.project === "string") {
    throw new UsageError("--project does not apply to --tables (exports keep no project name)");
  }
  const checked = filterFromValues({ since: values.since, until: values.until });
  const dir = callerPath(values.tables as string);
  const contributors = (values.contributor as string[] | undefined) ?? null;
  const manifests = await readManifests(dir);
  const model = typeof values.model === "string" ? values.model : undefined;
  const target = model === "all" ? null : model ?? defaultPoolModel(manifests);
  const filters = { since: checked.since ?? null, until: checked.until ?? null, contributors };
  if (stream) return { dir, manifests, target, filters, corpora: [] };
  const read = await readPool(dir, {
    since: filters.since,
    until: filters.until,
    contributors,
    models: target === null ? null : [target],
  }, idleLimitSeconds);
  return { dir, manifests, target, filters, read, corpora: poolCorpora(read, target ?? "all") };
}

/**
 * The filter as the JSON documents record it (the pool keeps no project name).
 *
 * @param input The pool read.
 * @returns `options.filters` of the document.
 */
export function recordedPoolFilters(input: PoolInput) {
  return {
    since: input.filters.since,
    until: input.filters.until,
    project: null,
    contributors: input.filters.contributors,
    leftOut: input.read?.leftOut ?? { files: 0, sessions: 0, undatedSessions: 0 },
  };
}

/**
 * One model's pool block: its setting for everyone and for one user, with the counts behind it.
 *
 * @param input The pool read.
 * @param report The model's analysis.
 * @returns The block.
 */
export function poolAnswerOf(
  input: PoolInput,
  report: Pick<TriggerReport, "recommendation" | "corpus">,
): PoolAnswer {
  const c = input.read?.byModel[report.corpus.model];
  return poolAnswer(report, {
    contributors: c?.contributors ?? 0,
    sessions: c?.sessions ?? 0,
    compactions: c?.compactions ?? 0,
    requests: report.corpus.requests,
  }, input.filters);
}

/**
 * Runs the pooled analysis and prints it.
 *
 * @param run The parsed command line and the analyze command's formatters.
 * @returns The exit code.
 * @throws What the reading throws (the caller maps it to an exit code).
 */
export async function analyzeTables(run: TablesRun): Promise<number> {
  const { values } = run;
  if (typeof values.project === "string") {
    throw new UsageError("--project does not apply to --tables (exports keep no project name)");
  }
  if (!mayStartPool()) {
    console.error(
      "analyze: --tables reads the pool through DuckDB in a child process, which the analyze " +
        "task may not start: run `deno task pool analyze --tables DIR` instead",
    );
    return EXIT.invalidArguments;
  }
  const input = await readPoolInput(values, run.idleLimitSeconds, values.stream === true);
  const { dir, manifests, target, filters, corpora } = input;
  if (values.stream) {
    return await _streamed(run, dir, manifests, target, filters);
  }
  if (target === null) {
    if (corpora.length === 0) {
      console.error(`analyze: the pool under ${values.tables} has no session left`);
      return EXIT.emptySample;
    }
    const { report } = await analyzeModels(corpora, {
      ...run.options,
      pricesForModel: run.pricesFor,
    });
    const pool: Record<string, PoolAnswer> = {};
    for (const entry of report.models) {
      if (!("analysis" in entry)) continue;
      pool[entry.model] = poolAnswerOf(input, entry.analysis);
    }
    // As the transcripts' --model all: the filters in the document's and each analysis's options.
    const doc = { ...modelsDocumentWithFilters(report, recordedPoolFilters(input)), pool };
    writeStdout(
      values.json ? JSON.stringify(doc, null, 2) + "\n" : [
        run.formatModelsReport(report),
        ...Object.entries(pool).flatMap(([name, a]) => poolAnswerLines(a, name)),
      ].join("\n") + "\n",
    );
    return report.models.some((m) => "analysis" in m) ? EXIT.ok : EXIT.emptySample;
  }
  const corpus = corpora[0];
  if (corpus.requests.length === 0) {
    console.error(
      `analyze: the pool under ${values.tables} has no request of model "${target}" ` +
        `after the filters (models in the exports: ${
          [...new Set(manifests.flatMap((m) => m.models.map((x) => x.model)))].join(", ")
        })`,
    );
    return EXIT.emptySample;
  }
  const prices = run.pricesFor?.(corpus.model);
  let report: TriggerReport;
  try {
    report = (await analyzeTrigger(corpus, { ...run.options, ...(prices ? { prices } : {}) }))
      .report;
  } catch (error) {
    if (error instanceof MissingModelInputsError) {
      console.error(run.missingInputsMessage(error));
      return EXIT.emptySample;
    }
    throw error;
  }
  const pool = poolAnswerOf(input, report);
  const filtersDoc = recordedPoolFilters(input);
  const doc = { ...report, options: { ...report.options, filters: filtersDoc }, pool };
  writeStdout(
    values.json ? JSON.stringify(doc, null, 2) + "\n" : [
      run.formatReport(report),
      `Answer: ${answerSentence(report)}`,
      ...poolAnswerLines(pool, corpus.model, _why(report)),
    ].join("\n") + "\n",
  );
  return EXIT.ok;
}

/** The analysis's reason for giving no setting, when it says one. */
function _why(report: TriggerReport): string | null {
  const r = report.recommendation as TriggerReport["recommendation"] & { withheld?: unknown };
  if (typeof r.withheld === "string") return r.withheld;
  return r.budgetError ?? null;
}

/**
 * What the streamed document leaves out, and why (its `stream.leftOut`): nothing since the
 * session bootstrap is streamed too; the list stays so a reader can tell.
 */
export const STREAM_LEFT_OUT: { part: string; reason: string }[] = [];

/**
 * The pool's models as the in-memory `--model all` orders them: most requests over the kept
 * contributors' exports first, ties alphabetically.
 */
function _modelsByRequests(manifests: readonly ExportManifest[]): string[] {
  const counts: Record<string, number> = {};
  for (const m of manifests) {
    for (const [name, n] of Object.entries(m.diagnostics.requestsByModel)) {
      counts[name] = (counts[name] ?? 0) + n;
    }
  }
  return Object.keys(counts).sort((a, b) => counts[b] - counts[a] || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * `--stream`: the streamed analysis of one model, or of each model with `--model all`, as the
 * in-memory analysis prints it (text or `--json`), with what the stream left out.
 */
async function _streamed(
  run: TablesRun,
  dir: string,
  allManifests: ExportManifest[],
  target: string | null,
  filters: PoolFilters,
): Promise<number> {
  const { values, options: o } = run;
  const batchText = values["batch-rows"];
  const batchRows = typeof batchText === "string" ? Number(batchText) : 262_144;
  if (!Number.isInteger(batchRows) || batchRows < 1) {
    throw new UsageError(`--batch-rows must be a positive whole number, got ${batchText}`);
  }
  const manifests = keptManifests(allManifests, filters.contributors, dir);
  const { onProgress: _p, threads: _t, blockSize, ...shared } = o;
  const draws = shared.sessionDraws ?? DEFAULT_ANALYZE_OPTIONS.sessionDraws;
  const frames = (model: string) =>
    poolFrames(
      dir,
      {
        since: filters.since,
        until: filters.until,
        contributors: filters.contributors,
        models: [model],
      },
      run.idleLimitSeconds,
      batchRows,
      true,
      draws > 0,
    );
  const setup = (model: string) => ({ model, manifests, idleLimitSeconds: run.idleLimitSeconds });
  // --block-size auto: a pass of its own over the model's steps first (the replay needs the
  // size before its first batch).
  const analyse = async (model: string) => {
    const chosen = blockSize === "auto"
      ? await streamedBlockSize(frames(model), setup(model), {
        compactionStepShare: shared.compactionStepShare ??
          DEFAULT_ANALYZE_OPTIONS.compactionStepShare,
      })
      : null;
    return await streamedAnalysis(frames(model), setup(model), {
      ...shared,
      blockSize: chosen === null
        ? blockSize as number | undefined
        : chosen.blockSize[shared.method ?? DEFAULT_ANALYZE_OPTIONS.method],
      blockSizeChosen: chosen,
      prices: run.pricesFor?.(model),
    });
  };
  const filtersDoc = (leftOut: StreamedAnalysis["leftOut"]) => ({
    since: filters.since,
    until: filters.until,
    project: null,
    contributors: filters.contributors,
    leftOut,
  });
  const answerOf = (r: StreamedAnalysis) =>
    poolAnswer(r.report, {
      contributors: r.contributors,
      sessions: r.sessions.main + r.sessions.subagent + r.sessions.helper,
      requests: r.requests,
      compactions: r.compactions.auto + r.compactions.manual + r.compactions.unknown +
        r.compactions.other,
    }, filters);
  const head = (r: StreamedAnalysis) =>
    `Streamed pool analysis of ${r.model}: ${countText(r.requests, "request")} in ` +
    `${countText(r.batches, "batch", "batches")} of ` +
    `whole sessions (largest ${r.largestBatch}, --batch-rows ${batchRows})` +
    (draws > 0 ? `; the session bootstrap's ${draws} draws replayed batch by batch.` : ".");
  if (target !== null) {
    let r: StreamedAnalysis;
    try {
      r = await analyse(target);
    } catch (error) {
      if (error instanceof NoPoolSessionError) {
        console.error(
          `analyze: the pool under ${values.tables} has no request of model "${target}" ` +
            `after the filters (models in the exports: ${
              [...new Set(allManifests.flatMap((m) => m.models.map((x) => x.model)))].join(", ")
            })`,
        );
        return EXIT.emptySample;
      }
      if (error instanceof StreamedModelError) {
        if (error.error instanceof MissingModelInputsError) {
          console.error(run.missingInputsMessage(error.error));
          return EXIT.emptySample;
        }
        throw error.error;
      }
      throw error;
    }
    const pool = answerOf(r);
    const report = r.report;
    const doc = {
      ...report,
      options: { ...report.options, filters: filtersDoc(r.leftOut) },
      pool,
      stream: {
        batchRows,
        batches: r.batches,
        largestBatch: r.largestBatch,
        leftOut: STREAM_LEFT_OUT,
      },
    };
    writeStdout(
      values.json ? JSON.stringify(doc, null, 2) + "\n" : [
        head(r),
        run.formatReport(report),
        `Answer: ${answerSentence(report)}`,
        ...poolAnswerLines(pool, r.model, _why(report)),
      ].join("\n") + "\n",
    );
    return EXIT.ok;
  }
  // --model all: one streamed run per model with a session after the filters, in the
  // in-memory order; a model that cannot be analysed keeps its error, what needs no curves
  // and its comparison row.
  const models: ModelEntry[] = [];
  const comparison: ModelComparisonRow[] = [];
  const pool: Record<string, PoolAnswer> = {};
  const runs: Record<string, { batches: number; largestBatch: number }> = {};
  const heads: string[] = [];
  // What the date filter left out, summed over the models (a session has one model).
  const leftOut = { files: 0, sessions: 0, undatedSessions: 0 };
  const addLeftOut = (x: StreamedAnalysis["leftOut"]) => {
    leftOut.sessions += x.sessions;
    leftOut.undatedSessions += x.undatedSessions;
  };
  for (const model of _modelsByRequests(manifests)) {
    try {
      const r = await analyse(model);
      addLeftOut(r.leftOut);
      models.push({ model, analysis: r.report });
      comparison.push(comparisonRow({
        model,
        sessions: r.sessions.main + r.sessions.subagent + r.sessions.helper,
        requests: r.report.corpus.requests,
        billedTokens: r.report.corpus.billedTokens,
        observedTrigger: r.report.corpus.observedTrigger,
      }, r.report));
      pool[model] = answerOf(r);
      runs[model] = { batches: r.batches, largestBatch: r.largestBatch };
      heads.push(head(r));
    } catch (error) {
      if (error instanceof NoPoolSessionError) {
        addLeftOut(error.leftOut);
        continue;
      }
      if (!(error instanceof StreamedModelError)) throw error;
      addLeftOut(error.leftOut);
      const e = error.error;
      const missing = e instanceof MissingModelInputsError ? [...e.missing] : [];
      const reasons = e instanceof MissingModelInputsError ? [...e.reasons] : [e.message];
      models.push({
        model,
        error: { message: e.message, missing, reasons },
        ...(error.withoutCurves === undefined ? {} : { withoutCurves: error.withoutCurves }),
      });
      comparison.push(failedComparisonRow({ model, ...error.figures }, e.message));
    }
  }
  if (models.length === 0) {
    console.error(`analyze: the pool under ${values.tables} has no session left`);
    return EXIT.emptySample;
  }
  const report: ModelsReport = {
    schemaVersion: 1,
    options: recordedModelsOptions({ ...shared, blockSize }),
    models,
    comparison,
    modelsWithoutSession: [],
  };
  const doc = {
    ...modelsDocumentWithFilters(report, filtersDoc(leftOut)),
    pool,
    stream: {
      batchRows,
      models: runs,
      leftOut: STREAM_LEFT_OUT,
    },
  };
  writeStdout(
    values.json ? JSON.stringify(doc, null, 2) + "\n" : [
      ...heads,
      run.formatModelsReport(report),
      ...Object.entries(pool).flatMap(([name, a]) => poolAnswerLines(a, name)),
    ].join("\n") + "\n",
  );
  return models.some((m) => "analysis" in m) ? EXIT.ok : EXIT.emptySample;
}
