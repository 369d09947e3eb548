/**
 * `deno task report [PATH...] [--out DIR]`: the whole job on the user's transcripts, into one
 * folder: the trigger analysis, the read-cost measurement of the same files, the figure, the
 * compaction timeline and the report page.
 *
 * Choices:
 * - **The same files for both analyses.** The read-cost measurement on its own is shallow (a
 *   named folder gives only the `*.jsonl` directly inside it). Here it measures exactly the files
 *   the trigger analysis read (every transcript under the inputs, sub-agents included, after the
 *   filters), named one by one, so the page's two halves describe the same data. Both come from
 *   one read: the reader hands each file's records to the read-cost rules as it parses them.
 * - **Outputs.** `DIR` defaults to `out`, relative to where the user stands; it is created when
 *   missing and the files in it are replaced. Nothing else is written. `DIR` (and each file in
 *   it) may be neither an input nor a `.jsonl` name (exit 2, before anything is read).
 * - **The analysis flags** are `analyze`'s own (one table, cli/_analyze_flags.ts).
 * - **`--lang en|zh`** sets the language of figure.png/svg and timeline.png/svg (the page holds
 *   both languages and has its own switch). Chinese loads the CJK font from its npm package.
 * - **The timeline** (timeline.svg/png and a page section) draws every measured compaction's C
 *   by date, automatic, manual and unknown apart; `--auto-compact-window N` draws the trigger
 *   level that window gives (N − 33,000 under the arithmetic of docs/method.md). Without any
 *   measured compaction there is no timeline: the files are not written (stale ones removed) and
 *   the page says so.
 * - **`--model all`**: a page per model would repeat the whole page for each, so the page shows
 *   the comparison table and each model's answer and recommended setting, while the figure, the
 *   sliders and the detailed sections are those of the model with the most requests that could
 *   be analysed. analysis.json is the per-model document (as `analyze --json --model all`); the
 *   timeline has a panel per model.
 * - Progress goes to stderr when it is a terminal; stdout gets the text summary, the answer in a
 *   sentence, and last the line naming what was written. A closed stdout exits 5.
 *
 * @module
 */

import { compactionTimelineFigure, svgToPng, triggerFigure } from "../lib/charts/mod.ts";
import { checkOutputPath } from "../lib/io/output_path.ts";
import { type StagedOutput, stageOutputFolder } from "../lib/io/output_folder.ts";
import { writeStdout } from "../lib/io/stdout.ts";
import { modelInfo } from "../lib/prices/mod.ts";
import type { PriceOverrides } from "../lib/prices/resolve_prices.ts";
import { formatReadCostText } from "../lib/readcost/format_text.ts";
import { readCostOfMeasurements } from "../lib/readcost/measure_paths.ts";
import { DEFAULT_READ_COST_OPTIONS } from "../lib/readcost/options.ts";
import { figureFontFiles, timelineFigureTexts, triggerFigureTexts } from "../lib/report/mod.ts";
import type { Lang } from "../lib/report/texts.ts";
import { PAGE_SCRIPT } from "../lib/report/page_script.ts";
import { loadCjkFont } from "../lib/report/cjk_font.ts";
import { renderReport } from "../lib/report/render_report.ts";
import { callerPath } from "../lib/transcript/default_roots.ts";
import { joinPath } from "../lib/transcript/paths.ts";
import { type Corpus, DEFAULT_IDLE_LIMIT_SECONDS } from "../lib/transcript/mod.ts";
import { corporaOfParses, readFileParses } from "../lib/transcript/read_corpus.ts";
import type { FileMeasurement } from "../lib/readcost/file_measure.ts";
import type { TranscriptFilter } from "../lib/transcript/transcript_filter.ts";
import {
  analyzeModels,
  type AnalyzeOptions,
  analyzeTrigger,
  AUTO_COMPACT_ARITHMETIC,
  type CompactionTimeline,
  mergedTimelineRows,
  MissingModelInputsError,
  type ModelsReport,
  type TriggerAnalysis,
} from "../lib/trigger/mod.ts";
import { answerFacts, answerSentence } from "../lib/trigger/answer_sentence.ts";
import {
  formatModelsReport,
  formatReport,
  modelsDocumentWithFilters,
  settingsForCommand,
} from "./analyze.ts";
import {
  ANALYZE_FLAG_OPTIONS,
  ANALYZE_FLAGS_HELP,
  type AnalyzeFlags,
  analyzeFlagsFromValues,
  PricesFileError,
  pricesForModel,
  readPricesText,
  readsFetchTargets,
} from "./_analyze_flags.ts";
import {
  commandLineOrExit,
  COMMON_HELP,
  emptySampleMessage,
  EXIT,
  failureExit,
  FILTER_HELP,
  FILTER_OPTIONS,
  progressReporter,
  readerWarnings,
  replayProgressReporter,
  UsageError,
  usageExit,
} from "./_shared.ts";
import {
  filteredOutMessage,
  filterFromValues,
  filterLine,
  readInputFiles,
  type SelectedInput,
  selectInput,
} from "./_input.ts";
import {
  mayStartPool,
  poolAnswerOf,
  type PoolInput,
  readPoolInput,
  recordedPoolFilters,
} from "./_tables.ts";
import { type PoolAnswer, poolAnswerLines } from "../lib/pool/pool_answer.ts";

const W = AUTO_COMPACT_ARITHMETIC;

const HELP = `Usage: deno task report [OPTIONS] [--] [PATH...]

The whole job on your Claude Code transcripts: reads them, runs the trigger analysis (when
should the model compact?) and the read-cost measurement of the same files, and writes into DIR
  DIR/report.html     a self-contained page (sliders, the answer, the setting, method, checks)
  DIR/figure.png, DIR/figure.svg       the chart of cost and time share by trigger
  DIR/timeline.png, DIR/timeline.svg   each compaction's size by date (did a setting take
                                       effect?); not written without a measured compaction
  DIR/analysis.json   the trigger analysis (as \`deno task analyze --json\`)
  DIR/read-cost.json  the read-cost measurement (as \`deno task measure --json\`)
Relative paths are taken from where you run the command. With no PATH: the folders of
$CLAUDE_CONFIG_DIR (comma-separated; DIR/projects, or DIR itself when it is a projects/
folder), else ~/.config/claude/projects and ~/.claude/projects (those that exist).
The read-cost measurement reads exactly the files the trigger analysis read (sub-agents
included), not the shallow folder rule of \`deno task measure\`.
Transcripts are only read; outputs hold aggregates only; DIR may not be an input or a .jsonl.

Options:
  --out DIR               Output folder, created when missing (default: out). Checked before
                          the analysis; the files are written into a temporary folder in it
                          and moved in together at the end, so a failed or interrupted run
                          leaves it as it was.
  --model NAME|all        Target model (default: the model with the most requests); all: every
                          model analysed on its own; the page shows the comparison and each
                          model's answer and setting, the figure that of the model with the
                          most requests, the timeline a panel per model.
  --lang en|zh            Language of figure.* and timeline.* (default: en; the page has both
                          and a switch). zh loads a Chinese font from its npm package.
  --tables DIR            Report on a pool of exports (deno task export) under DIR, read
                          through DuckDB as pool analyze reads it; run as deno task pool
                          report --tables DIR (docs/pool.md). No read-cost measurement
                          (a pool carries no text): read-cost.json is not written and the
                          page says why; analysis.json carries the pool block.
  --contributor ID        With --tables: only this contributor (repeatable).
  --auto-compact-window TOKENS
                          The autoCompactWindow you set (settings.json or
                          CLAUDE_CODE_AUTO_COMPACT_WINDOW): the timeline draws the trigger it
                          gives, TOKENS - ${W.outputReserveCap + W.buffer} (default: the setting in
                          use, read as analyze reads it, and the date it last changed).
${ANALYZE_FLAGS_HELP}
${FILTER_HELP}
${COMMON_HELP}

Exit codes: 0 success, 1 nothing to analyze (no request of the model, the filter left nothing,
or a model could not be fitted), 2 invalid arguments (also: DIR is an input or a .jsonl),
3 a path does not exist, 4 a file could not be read, 5 the output could not be written (DIR is
a file, on a read-only file system, not writable, under /proc; or stdout closed early);
130 interrupted (nothing of this run is left in DIR).
`;

/** The files a report run writes, in the order the last line names them. */
export const REPORT_FILES = [
  "report.html",
  "figure.png",
  "figure.svg",
  "timeline.png",
  "timeline.svg",
  "analysis.json",
  "read-cost.json",
] as const;

/** What {@linkcode runReport} does. */
export interface RunReportOptions {
  /** Paths as typed (relative: from where the user stands); empty: the default folders. */
  paths: readonly string[];
  /** Output folder as typed. */
  out: string;
  /** Target model, or `"all"`. @default {the model with the most requests} */
  model?: string;
  /** Filter. @default {{}} */
  filter?: TranscriptFilter;
  /** The analysis flags. @default {none: the analysis' defaults} */
  analysis?: AnalyzeFlags;
  /** Language of the figure files. @default {"en"} */
  lang?: Lang;
  /** The autoCompactWindow in use, tokens: its trigger is drawn on the timeline. @default {none} */
  autoCompactWindow?: number;
  /** The input is the bundled synthetic corpus (the page says so). @default {false} */
  synthetic?: boolean;
  /**
   * Read the Claude Code settings in use (docs/method.md, "The setting in use"): the page then
   * shows default | current | recommended and the timeline the level and date of the setting.
   * The demo does not (its corpus is not the user's). @default {true}
   */
  readSettings?: boolean;
  /** Name shown before progress lines and errors. @default {"report"} */
  command?: string;
  /**
   * A pool of exports to report on instead of transcripts (docs/pool.md): the folder as typed,
   * read through DuckDB as `pool analyze --tables` reads it (`paths` must then be empty). No
   * read-cost measurement (a pool carries no file texts): read-cost.json is not written and
   * the page says why. @default {none: transcripts}
   */
  tables?: string;
  /** With `tables`: only these contributors. @default {all} */
  contributors?: string[];
}

/** The model's display name from the price catalog, else its raw id. */
function _displayName(model: string): string {
  return modelInfo(model)?.displayName ?? model;
}

/** One model's analysis (or why not), or the per-model set. */
type _Analysed =
  | { kind: "one"; corpus: Corpus; analysis: TriggerAnalysis }
  | {
    kind: "all";
    corpora: Corpus[];
    doc: ModelsReport;
    analyses: (TriggerAnalysis | null)[];
    main: number;
  };

/**
 * Runs the whole job and writes the files.
 *
 * @param options Inputs, output folder, model, filter, analysis flags, language.
 * @returns The exit code.
 */
export async function runReport(options: RunReportOptions): Promise<number> {
  const command = options.command ?? "report";
  const lang = options.lang ?? "en";
  const stage = (message: string) => {
    if (Deno.stderr.isTerminal()) console.error(`${command}: ${message}`);
  };
  const flags: AnalyzeFlags = options.analysis ??
    { options: {}, idleLimitSeconds: DEFAULT_IDLE_LIMIT_SECONDS, threads: 1 };
  let staged: StagedOutput | undefined;
  let removeListeners = () => {};
  try {
    let pricesText: string | undefined;
    if (flags.pricesPath !== undefined) {
      try {
        pricesText = await readPricesText(flags.pricesPath);
      } catch (error) {
        if (!(error instanceof PricesFileError)) throw error;
        console.error(`${command}: ${error.message}`);
        return error.notFound ? EXIT.missingPath : EXIT.unreadable;
      }
    }
    const pooled = options.tables !== undefined;
    const input: SelectedInput = pooled
      ? _poolSelection(callerPath(options.tables!))
      : await selectInput(options.paths, options.filter ?? {});
    const out = callerPath(options.out);
    const file = (name: (typeof REPORT_FILES)[number]) => joinPath(out, name);
    // Checked before anything is read: the folder and each file written in it.
    // The message names the path as the user typed it.
    const typed = [options.out, ...REPORT_FILES.map((name) => joinPath(options.out, name))];
    for (const [i, path] of [out, ...REPORT_FILES.map(file)].entries()) {
      const refused = await checkOutputPath(path, input.paths);
      if (refused !== undefined) {
        console.error(`${command}: --out: ${typed[i]}${refused.slice(path.length)}`);
        return EXIT.invalidArguments;
      }
    }
    // The folder is checked (a temporary folder made in it) before the analysis; the files are
    // written there and moved in together at the end, so a failed or interrupted run leaves the
    // folder as it was.
    // The listeners come first: the staging folder is never there without them.
    const onSignal = _interrupted(command, () => staged, options.out);
    for (const signal of SIGNALS) Deno.addSignalListener(signal, onSignal);
    removeListeners = () => {
      for (const signal of SIGNALS) Deno.removeSignalListener(signal, onSignal);
    };
    staged = await stageOutputFolder(out, options.out);
    const filteredOut = filteredOutMessage(command, input);
    if (filteredOut) {
      console.error(filteredOut);
      return EXIT.emptySample;
    }
    const analyzeOptions: AnalyzeOptions = { ...flags.options, threads: flags.threads };
    if (options.readSettings !== false) {
      const settings = await settingsForCommand(
        command,
        flags.settingsPath,
        options.filter?.since ?? null,
      );
      if (typeof settings === "number") return settings;
      analyzeOptions.settings = settings;
    }
    if (Deno.stderr.isTerminal()) analyzeOptions.onProgress = replayProgressReporter(command);
    const prices = (model: string) =>
      pricesText === undefined ? undefined : pricesForModel(pricesText, model, flags.pricesPath!);
    const readOptions = {
      idleLimitSeconds: flags.idleLimitSeconds,
      fetchTargets: readsFetchTargets(analyzeOptions) && "compacted" as const,
      onProgress: progressReporter(`${command}: reading`),
      // The read-cost measurement of the same files comes from the same read.
      readCostMinChars: DEFAULT_READ_COST_OPTIONS.minChars,
    };
    // Each file's read-cost measurement, from the read (not kept for a pool).
    let measured: { files: FileMeasurement[]; bytes: number } | undefined;

    let analysed: _Analysed;
    let pool: _Pool | undefined;
    if (pooled) {
      const read = await _readPool(
        command,
        options,
        flags.idleLimitSeconds,
        analyzeOptions,
        pricesText === undefined ? undefined : prices,
      );
      if (typeof read === "number") return read;
      ({ analysed, pool } = read);
    } else if (options.model === "all") {
      const read = await readFileParses(input.files, readOptions);
      measured = { files: read.readCosts!, bytes: read.bytes };
      const { corpora, withoutSession, overall } = corporaOfParses(read, readOptions);
      if (corpora.length === 0) {
        console.error(emptySampleMessage(command, overall, input.paths));
        return EXIT.emptySample;
      }
      corpora[0].diagnostics.undecodableNames += input.undecodableNames;
      for (const warning of readerWarnings(command, corpora[0])) console.error(warning);
      stage("fitting, resampling and replaying each model");
      const { report: doc, analyses } = await analyzeModels(corpora, {
        ...analyzeOptions,
        pricesForModel: pricesText === undefined ? undefined : (m) => prices(m)!,
        onModel: Deno.stderr.isTerminal()
          ? (model, i, n) => console.error(`${command}: model ${i + 1}/${n}: ${model}`)
          : undefined,
      }, withoutSession);
      // Models come most requests first: the first analysed one gets the figure.
      const main = analyses.findIndex((a) => a !== null);
      if (main < 0) {
        writeStdout(formatModelsReport(doc));
        console.error(`${command}: no model could be analysed (see above)`);
        return EXIT.emptySample;
      }
      analysed = { kind: "all", corpora, doc, analyses, main };
    } else {
      const { corpus, readCosts, bytes } = await readInputFiles(command, input, {
        ...readOptions,
        model: options.model,
      });
      measured = { files: readCosts!, bytes };
      if (corpus.requests.length === 0) {
        console.error(emptySampleMessage(command, corpus, input.paths));
        return EXIT.emptySample;
      }
      const given = prices(corpus.model);
      if (given !== undefined) analyzeOptions.prices = given;
      stage("fitting, resampling and replaying");
      const analysis = await _analyzeOrExit(command, corpus, analyzeOptions);
      if (typeof analysis === "number") return analysis;
      analysed = { kind: "one", corpus, analysis };
    }
    const analysis = analysed.kind === "one"
      ? analysed.analysis
      : analysed.analyses[analysed.main]!;
    const report = analysis.report;
    const modelDisplayName = _displayName(report.corpus.model);
    // A pool carries no file texts: no read-cost measurement (the page says why).
    // The files were measured as they were read: every file the analysis read, in its order.
    const readCost = measured === undefined
      ? undefined
      : readCostOfMeasurements(measured.files, {}, { bytes: measured.bytes });
    const filters = pool === undefined ? input.filters : pool.filters;
    const document = analysed.kind === "one"
      ? { ...report, options: { ...report.options, filters } }
      : modelsDocumentWithFilters(analysed.doc, filters);
    await staged.writeText(
      "analysis.json",
      JSON.stringify(
        pool === undefined ? document : {
          ...document,
          // As `pool analyze --tables --json`: one model's block, or a block per model.
          pool: analysed.kind === "one" ? pool.answers[report.corpus.model] : pool.answers,
        },
        null,
        2,
      ) + "\n",
    );
    if (readCost !== undefined) {
      await staged.writeText("read-cost.json", JSON.stringify(readCost.report, null, 2) + "\n");
    }

    stage("drawing the figures");
    const fontFiles = await figureFontFiles(lang);
    const svg = triggerFigure(report.replay, {
      ...triggerFigureTexts(lang, modelDisplayName),
      observedTrigger: report.corpus.observedTrigger,
      optimumTrigger: report.steadyState.replayArgminTokens,
      steadyStateTrigger: report.steadyState.tStarTokens,
      tierThreshold: report.prices.tierThresholdTokens,
      nearOptimalRange: report.recommendation.nearOptimal,
      optimumWithoutReworkTrigger: report.steadyState.replayArgminWithoutReworkTokens,
    });
    await staged.writeText("figure.svg", svg);
    await staged.write("figure.png", await svgToPng(svg, { fontFiles }));

    const timeline: CompactionTimeline = mergedTimelineRows(
      analysed.kind === "one"
        ? [{ model: modelDisplayName, compactions: analysed.corpus.compactions }]
        : analysed.corpora.map((c) => ({
          model: _displayName(c.model),
          compactions: c.compactions,
        })),
    );
    // The level drawn: the window given by flag, else the setting in use (not the default).
    const current = report.recommendation.current;
    const inUse = current !== null && current.source !== "default" ? current : null;
    const configuredLevel = options.autoCompactWindow !== undefined
      ? options.autoCompactWindow - W.outputReserveCap - W.buffer
      : inUse?.triggerTokens ?? null;
    const configuredWindow = options.autoCompactWindow ?? inUse?.effectiveWindow ?? null;
    const since = report.recommendation.measuredOffset?.since ?? null;
    const settingChangedMs = options.autoCompactWindow === undefined && since !== null
      ? Date.parse(since)
      : null;
    const written: string[] = ["report.html", "figure.png", "figure.svg"];
    if (timeline.rows.length > 0) {
      const timelineSvg = compactionTimelineFigure(timeline.rows, {
        ...timelineFigureTexts(lang),
        configuredLevel,
        changedAtMs: settingChangedMs,
      });
      await staged.writeText("timeline.svg", timelineSvg);
      await staged.write("timeline.png", await svgToPng(timelineSvg, { fontFiles }));
      written.push("timeline.png", "timeline.svg");
    }
    written.push("analysis.json");
    if (readCost !== undefined) written.push("read-cost.json");

    stage("writing the report page");
    const models = analysed.kind === "one" ? undefined : {
      report: analysed.doc,
      displayNames: Object.fromEntries(
        analysed.corpora.map((c) => [c.model, _displayName(c.model)]),
      ),
    };
    await staged.writeText(
      "report.html",
      renderReport({
        ...analysis,
        script: PAGE_SCRIPT,
        // The page draws its Chinese with the glyphs it carries (a subset of this font).
        cjkFont: await loadCjkFont(),
        modelDisplayName,
        readCost: readCost?.report,
        synthetic: options.synthetic ?? false,
        timeline: {
          ...timeline,
          configuredLevel,
          autoCompactWindow: configuredWindow,
          settingChangedMs,
        },
        ...(models === undefined ? {} : { models }),
        ...(pool === undefined ? {} : {
          pool: {
            model: report.corpus.model,
            answers: pool.answers,
            displayNames: Object.fromEntries(
              Object.keys(pool.answers).map((m) => [m, _displayName(m)]),
            ),
          },
        }),
      }),
    );
    // A timeline (or a read-cost measurement) of an earlier run in the same folder would
    // describe other data.
    await staged.commit([
      ...(timeline.rows.length > 0 ? [] : ["timeline.png", "timeline.svg"]),
      ...(readCost !== undefined ? [] : ["read-cost.json"]),
    ]);

    const filter = filterLine(input.filters);
    const summary = analysed.kind === "one"
      ? formatReport(report)
      : formatModelsReport(analysed.doc);
    const answer = { ...answerFacts(report), text: answerSentence(report) };
    writeStdout(
      [
        filter,
        summary,
        readCost === undefined ? POOL_READ_COST_LINE : formatReadCostText(readCost.report),
        `Answer${analysed.kind === "all" ? ` (${modelDisplayName})` : ""}: ${answer.text}`,
        ...(pool === undefined
          ? []
          : Object.entries(pool.answers).flatMap(([name, a]) =>
            poolAnswerLines(a, name, name === report.corpus.model ? _why(report) : null)
          )),
        timeline.rows.length === 0 ? "No compaction with a time and a size: no timeline." : "",
        `Wrote ${written.join(", ")} in ${out}`,
      ].filter((t) => t !== "").join("\n") + "\n",
    );
    return EXIT.ok;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${command}: ${error.message}`);
      return EXIT.invalidArguments;
    }
    return failureExit(command, error);
  } finally {
    removeListeners();
    staged?.discardSync();
  }
}

/** What stdout says of the read cost for a pool. */
export const POOL_READ_COST_LINE =
  "Read cost: not measured from a pool (it needs the tool results' texts, which an export " +
  "never carries).";

/** A pool's answers (one per model analysed) and the filters recorded in analysis.json. */
interface _Pool {
  answers: Record<string, PoolAnswer>;
  filters: SelectedInput["filters"];
}

/** The pool as the input the output checks see: the folder is the only input path. */
function _poolSelection(dir: string): SelectedInput {
  return {
    paths: [dir],
    files: [],
    found: 0,
    undecodableNames: 0,
    filters: {
      since: null,
      until: null,
      project: null,
      leftOut: { files: 0, sessions: 0, undatedSessions: 0 },
    },
  } as unknown as SelectedInput;
}

/** The analysis's reason for giving no setting, when it says one. */
function _why(report: TriggerAnalysis["report"]): string | null {
  const r = report.recommendation as TriggerAnalysis["report"]["recommendation"] & {
    withheld?: unknown;
  };
  if (typeof r.withheld === "string") return r.withheld;
  return r.budgetError ?? null;
}

/**
 * Reads the pool through DuckDB (as `pool analyze --tables`) and analyses it: one model, or
 * every model with `--model all`.
 */
async function _readPool(
  command: string,
  options: RunReportOptions,
  idleLimitSeconds: number,
  analyzeOptions: AnalyzeOptions,
  prices: ((model: string) => PriceOverrides | undefined) | undefined,
): Promise<{ analysed: _Analysed; pool: _Pool } | number> {
  const f = options.filter ?? {};
  const input: PoolInput = await readPoolInput({
    tables: callerPath(options.tables!),
    model: options.model,
    since: f.since ?? undefined,
    until: f.until ?? undefined,
    project: f.project ?? undefined,
    contributor: options.contributors,
  }, idleLimitSeconds);
  const recorded = recordedPoolFilters(input) as unknown as SelectedInput["filters"];
  if (input.target === null) {
    if (input.corpora.length === 0) {
      console.error(`${command}: the pool under ${options.tables} has no session left`);
      return EXIT.emptySample;
    }
    const { report: doc, analyses } = await analyzeModels(input.corpora, {
      ...analyzeOptions,
      pricesForModel: prices === undefined ? undefined : (m) => prices(m)!,
    });
    const main = analyses.findIndex((a) => a !== null);
    if (main < 0) {
      writeStdout(formatModelsReport(doc));
      console.error(`${command}: no model could be analysed (see above)`);
      return EXIT.emptySample;
    }
    const answers: Record<string, PoolAnswer> = {};
    for (const entry of doc.models) {
      if ("analysis" in entry) answers[entry.model] = poolAnswerOf(input, entry.analysis);
    }
    return {
      analysed: { kind: "all", corpora: input.corpora, doc, analyses, main },
      pool: { answers, filters: recorded },
    };
  }
  const corpus = input.corpora[0];
  if (corpus.requests.length === 0) {
    console.error(
      `${command}: the pool under ${options.tables} has no request of model ` +
        `"${input.target}" after the filters`,
    );
    return EXIT.emptySample;
  }
  const given = prices?.(corpus.model);
  const o = given === undefined ? analyzeOptions : { ...analyzeOptions, prices: given };
  const analysis = await _analyzeOrExit(command, corpus, o);
  if (typeof analysis === "number") return analysis;
  return {
    analysed: { kind: "one", corpus, analysis },
    pool: {
      answers: { [corpus.model]: poolAnswerOf(input, analysis.report) },
      filters: recorded,
    },
  };
}

/**
 * One model's analysis, or exit 1 when the corpus cannot give an input of the model (the
 * message points to the flags that give it by hand).
 */
async function _analyzeOrExit(
  command: string,
  corpus: Corpus,
  options: AnalyzeOptions,
): Promise<TriggerAnalysis | number> {
  try {
    return await analyzeTrigger(corpus, options);
  } catch (error) {
    if (error instanceof MissingModelInputsError) {
      console.error(
        `${command}: ${error.message}; run \`deno task analyze --help\` for how to give them`,
      );
      return EXIT.emptySample;
    }
    throw error;
  }
}

/** The signals after which a run says what it leaves behind. */
const SIGNALS = ["SIGINT", "SIGTERM"] as const;

/** On interruption: remove the staged files and say what the folder now holds. */
function _interrupted(
  command: string,
  staged: () => StagedOutput | undefined,
  typed: string,
): () => void {
  return () => {
    staged()?.discardSync();
    const moved = staged()?.moved ?? [];
    try {
      console.error(
        moved.length === 0
          ? `${command}: interrupted: nothing was written; ${typed} holds what it held before`
          : `${command}: interrupted while moving the files into ${typed}: ${moved.join(", ")} ` +
            `are new, the others are from before`,
      );
    } catch {
      // stderr is gone; the exit code still tells.
    }
    Deno.exit(130);
  };
}

/** The report's own flags, beside the analysis' and the filter's. */
const REPORT_OPTIONS = {
  out: { type: "string" },
  model: { type: "string" },
  tables: { type: "string" },
  contributor: { type: "string", multiple: true },
  lang: { type: "string" },
  "auto-compact-window": { type: "string" },
} as const;

/**
 * Reads `--lang` and `--auto-compact-window`.
 *
 * @param values Parsed values.
 * @returns The language and the window.
 * @throws {UsageError} For another language or a window that is not a whole number of tokens
 *   above the arithmetic's reserve.
 */
export function reportFlagsFromValues(
  values: Record<string, string | boolean | string[] | undefined>,
): { lang: Lang; autoCompactWindow?: number } {
  const raw = values.lang;
  const lang = raw === undefined ? "en" : raw === "en" || raw === "zh" ? raw : undefined;
  if (lang === undefined) throw new UsageError(`--lang must be en or zh, got "${raw}"`);
  const windowText = values["auto-compact-window"];
  if (windowText === undefined) return { lang };
  const window = Number(windowText);
  const reserve = W.outputReserveCap + W.buffer;
  if (String(windowText).trim() === "" || !Number.isInteger(window) || window <= reserve) {
    throw new UsageError(
      `--auto-compact-window must be an integer > ${reserve} (tokens), got "${windowText}"`,
    );
  }
  return { lang, autoCompactWindow: window };
}

/**
 * Runs the command line.
 *
 * @param args Command-line arguments.
 * @returns The exit code (see `--help`).
 *
 * @example A bad date is a usage error (exit 2)
 * ```ts
 * import assert from "node:assert/strict";
 * import { main } from "./report.ts";
 * assert.equal(await main(["--since", "yesterday"]), 2);
 * assert.equal(await main(["--lang", "fr"]), 2);
 * ```
 */
export async function main(args: string[]): Promise<number> {
  const read = commandLineOrExit("report", args, {
    options: { ...REPORT_OPTIONS, ...ANALYZE_FLAG_OPTIONS, ...FILTER_OPTIONS },
    help: HELP,
    check: ({ values }) => ({
      filter: filterFromValues(values),
      flags: analyzeFlagsFromValues(values),
      own: reportFlagsFromValues(values),
    }),
  });
  if (typeof read === "number") return read;
  const { line: parsed, checked: { filter, flags, own } } = read;
  const values = parsed.values as Record<string, string | undefined>;
  if (values.tables !== undefined) {
    if (parsed.positionals.length > 0) {
      return usageExit("report", new Error("give either --tables DIR or transcript paths"));
    }
    if (!mayStartPool()) {
      console.error(
        "report: --tables reads the pool through DuckDB in a child process, which the report " +
          "task may not start: run `deno task pool report --tables DIR` instead",
      );
      return EXIT.invalidArguments;
    }
  } else if (parsed.values.contributor !== undefined) {
    return usageExit("report", new Error("--contributor applies to --tables only"));
  }
  return await runReport({
    tables: values.tables,
    contributors: parsed.values.contributor as string[] | undefined,
    paths: parsed.positionals,
    out: values.out ?? "out",
    model: values.model,
    filter,
    analysis: flags,
    lang: own.lang,
    autoCompactWindow: own.autoCompactWindow,
  });
}

if (import.meta.main) Deno.exit(await main(Deno.args));
