/**
 * `analyze --tables DIR`: the trigger analysis of a pool of exports (docs/pool.md), read through
 * DuckDB in a child process (`deno task pool analyze --tables DIR`; the analyze task itself
 * starts no process).
 *
 * @module
 */
import { callerPath } from "../lib/transcript/default_roots.ts";
import type { PriceOverrides } from "../lib/prices/resolve_prices.ts";
import {
  type AnalyzeOptions,
  analyzeTrigger,
  MissingModelInputsError,
  type TriggerReport,
} from "../lib/trigger/analyze.ts";
import { analyzeModels, type ModelsReport } from "../lib/trigger/analyze_models.ts";
import { answerSentence } from "../lib/trigger/answer_sentence.ts";
import { writeStdout } from "../lib/io/stdout.ts";
import {
  poolCorpora,
  poolFrames,
  type PoolRead,
  readManifests,
  readPool,
} from "../lib/pool/read_pool.ts";
import type { Corpus } from "../lib/transcript/tables.ts";
import { streamedAnalysis } from "../lib/pool/streamed_analysis.ts";
import type { ExportManifest } from "../lib/pool/export_corpus.ts";
import { defaultPoolModel } from "../lib/pool/pooled_corpus.ts";
import { type PoolAnswer, poolAnswer, poolAnswerLines } from "../lib/pool/pool_answer.ts";
import { EXIT, UsageError } from "./_shared.ts";
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
                          by the batch, not the pool (the rework included); text only;
                          one model; a numeric --block-size (docs/pool.md, Scale).
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
    const doc = {
      ...report,
      options: { ...report.options, filters: recordedPoolFilters(input) },
      pool,
    };
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

/** `--stream`: the streamed analysis of one model, printed as text. */
async function _streamed(
  run: TablesRun,
  dir: string,
  manifests: ExportManifest[],
  target: string | null,
  filters: { since: string | null; until: string | null; contributors: string[] | null },
): Promise<number> {
  const { values, options: o } = run;
  if (target === null) throw new UsageError("--stream analyses one model: give --model NAME");
  if (values.json) throw new UsageError("--stream prints text only: leave out --json");
  if (o.blockSize === "auto") throw new UsageError("--stream needs a numeric --block-size");
  const batchText = values["batch-rows"];
  const batchRows = typeof batchText === "string" ? Number(batchText) : 262_144;
  if (!Number.isInteger(batchRows) || batchRows < 1) {
    throw new UsageError(`--batch-rows must be a positive whole number, got ${batchText}`);
  }
  const prices = { ...run.pricesFor?.(target) };
  for (const key of ["alpha", "rho", "inputUsdPerMillion", "omega"] as const) {
    const value = o[key];
    if (typeof value === "number") prices[key] = value;
  }
  const frames = poolFrames(
    dir,
    {
      since: filters.since,
      until: filters.until,
      contributors: filters.contributors,
      models: [target],
    },
    run.idleLimitSeconds,
    batchRows,
    true,
  );
  const r = await streamedAnalysis(frames, {
    model: target,
    manifests,
    idleLimitSeconds: run.idleLimitSeconds,
  }, {
    workloads: o.workloads,
    method: o.method,
    blockSize: o.blockSize,
    seed: o.seed,
    triggerFrom: o.triggerFrom,
    triggerTo: o.triggerTo,
    triggerStep: o.triggerStep,
    a: o.a,
    v: o.v,
    contextWindow: o.contextWindow,
    prices,
    rework: o.rework,
    reworkTokens: o.reworkTokens,
    reworkRequests: o.reworkRequests,
    reworkWindow: o.reworkWindow,
    force: o.force,
  });
  const k = (t: number) => `${Math.round(t / 1000)}K`;
  const usd = (v: number) => `$${v.toFixed(3)}`;
  const lines = [
    `Streamed pool analysis of ${r.model}: ${r.requests} requests in ${r.batches} batches ` +
    `(largest ${r.largestBatch}), ${r.sessions.main} main + ${r.sessions.subagent} sub-agent + ` +
    `${r.sessions.helper} helper sessions, ${r.compactions.auto} auto + ${r.compactions.manual} ` +
    `manual compactions, observed trigger ${
      r.observedTrigger === null ? "none" : k(r.observedTrigger)
    }`,
    `Time model: a = ${r.timeModel.a.toExponential(3)} s/token, v = ${r.timeModel.v.toFixed(1)} ` +
    `token/s; mean growth ${r.meanGrowthTokens.toFixed(0)} tokens per request`,
    `Observed bill ${usd(r.observedBill.costPerMillion)} per 1M tokens` +
    (r.replayAtObservedTrigger === null
      ? ""
      : `; the replay at the observed trigger ${usd(r.replayAtObservedTrigger.costPerMillion)}`),
    "",
    "  trigger   cost/1M    p10      p90     time share   observed cost   sessions",
    ...r.triggers.map((t, i) =>
      `  ${k(t).padStart(7)}   ${usd(r.costPerMillion[i].mean)}   ${usd(r.costPerMillion[i].p10)}` +
      `   ${usd(r.costPerMillion[i].p90)}   ${
        (100 * r.timeShare[i].mean).toFixed(1).padStart(5)
      }%` +
      `       ${usd(r.observed.costPerMillion[i])}   ${String(r.support[i].sessions).padStart(8)}${
        r.support[i].extrapolated ? " extrapolated" : ""
      }`
    ),
    "",
    `Cheapest trigger ${r.cheapestTrigger === null ? "none" : k(r.cheapestTrigger)}; ` +
    `steady-state T* ${k(r.tStarTokens)}.`,
    ...(r.rework.applied === null ? [] : [
      `Without the rework (the published method): cheapest trigger ${
        r.cheapestTriggerWithoutRework === null ? "none" : k(r.cheapestTriggerWithoutRework)
      }; steady-state T* ${k(r.tStarWithoutReworkTokens)}.`,
    ]),
  ];
  // As the in-memory answer: the grade (without the session bootstrap), and no setting on a
  // low grade without --force.
  const c = r.confidence;
  lines.push(
    `Confidence: ${c.grade}${
      c.reasons.length === 0 ? "" : ` (${c.reasons.map((x) => x.message).join("; ")})`
    }; graded without the session bootstrap, which needs every session at once.`,
  );
  const settings = r.withheld !== null || r.setting?.settings.autoCompactWindow == null
    ? null
    : r.setting.settings;
  const why = r.withheld;
  const answer = poolAnswer({ recommendation: { settings }, rework: r.rework } as never, {
    contributors: r.contributors,
    sessions: r.sessions.main + r.sessions.subagent + r.sessions.helper,
    requests: r.requests,
    compactions: r.compactions.auto + r.compactions.manual + r.compactions.unknown +
      r.compactions.other,
  }, filters);
  lines.push(...poolAnswerLines(answer, r.model, why));
  writeStdout(lines.join("\n") + "\n");
  return EXIT.ok;
}
