/**
 * `deno task report [PATH...] [--out DIR]`: the whole job on the user's transcripts, into one
 * folder: the trigger analysis, the read-cost measurement of the same files, the figure and the
 * report page.
 *
 * Choices:
 * - **The same files for both analyses.** The read-cost measurement on its own is shallow (a
 *   named folder gives only the `*.jsonl` directly inside it). Here it measures exactly the files
 *   the trigger analysis read (every transcript under the inputs, sub-agents included, after the
 *   filters), named one by one, so the page's two halves describe the same data.
 * - **Outputs.** `DIR` defaults to `out`, relative to where the user stands; it is created when
 *   missing and the five files in it are replaced. Nothing else is written.
 * - Progress goes to stderr when it is a terminal; stdout gets the text summary, the answer in a
 *   sentence, and last the line naming what was written.
 *
 * @module
 */

import { svgToPng, triggerFigure } from "../lib/charts/mod.ts";
import { formatReadCostText } from "../lib/readcost/format_text.ts";
import { measureReadCost } from "../lib/readcost/measure_paths.ts";
import { writeReport } from "../lib/report/write_report.ts";
import { callerPath } from "../lib/transcript/default_roots.ts";
import { joinPath } from "../lib/transcript/paths.ts";
import { readCorpus } from "../lib/transcript/mod.ts";
import type { TranscriptFilter } from "../lib/transcript/transcript_filter.ts";
import { analyzeTrigger, MissingModelInputsError } from "../lib/trigger/mod.ts";
import { answerFacts, answerSentence } from "../lib/trigger/answer_sentence.ts";
import { formatReport } from "./analyze.ts";
import {
  COMMON_HELP,
  emptySampleMessage,
  EXIT,
  failureExit,
  FILTER_HELP,
  FILTER_OPTIONS,
  parseCommandLine,
  progressReporter,
  usageExit,
  versionLine,
} from "./_shared.ts";
import { filteredOutMessage, filterFromValues, filterLine, selectInput } from "./_input.ts";

const HELP = `Usage: deno task report [OPTIONS] [--] [PATH...]

The whole job on your Claude Code transcripts: reads them, runs the trigger analysis (when
should the model compact?) and the read-cost measurement of the same files, and writes into DIR
  DIR/report.html     a self-contained page (sliders, the answer, method and checks)
  DIR/figure.png, DIR/figure.svg   the chart of cost and time share by trigger
  DIR/analysis.json   the trigger analysis (as \`deno task analyze --json\`)
  DIR/read-cost.json  the read-cost measurement (as \`deno task measure --json\`)
Relative paths are taken from where you run the command. With no PATH: the folders of
$CLAUDE_CONFIG_DIR (comma-separated; DIR/projects, or DIR itself when it is a projects/
folder), else ~/.config/claude/projects and ~/.claude/projects (those that exist).
The read-cost measurement reads exactly the files the trigger analysis read (sub-agents
included), not the shallow folder rule of \`deno task measure\`.
Transcripts are only read; outputs hold aggregates only.

Options:
  --out DIR               Output folder, created when missing (default: out).
  --model NAME            Target model (default: the model with the most requests).
${FILTER_HELP}
${COMMON_HELP}

Exit codes: 0 success, 1 nothing to analyze (no request of the model, the filter left nothing,
or a model could not be fitted), 2 invalid arguments, 3 a path does not exist, 4 a file could
not be read.
`;

/** The five files a report run writes, in the order the last line names them. */
export const REPORT_FILES = [
  "report.html",
  "figure.png",
  "figure.svg",
  "analysis.json",
  "read-cost.json",
] as const;

/** What {@linkcode runReport} does. */
export interface RunReportOptions {
  /** Paths as typed (relative: from where the user stands); empty: the default folders. */
  paths: readonly string[];
  /** Output folder as typed. */
  out: string;
  /** Target model. @default {the model with the most requests} */
  model?: string;
  /** Filter. @default {{}} */
  filter?: TranscriptFilter;
  /** The input is the bundled synthetic corpus (the page says so). @default {false} */
  synthetic?: boolean;
  /** Name shown before progress lines and errors. @default {"report"} */
  command?: string;
}

/**
 * Runs the whole job and writes the five files.
 *
 * @param options Inputs, output folder, model, filter.
 * @returns The exit code.
 */
export async function runReport(options: RunReportOptions): Promise<number> {
  const command = options.command ?? "report";
  const stage = (message: string) => {
    if (Deno.stderr.isTerminal()) console.error(`${command}: ${message}`);
  };
  try {
    const input = await selectInput(options.paths, options.filter ?? {});
    const filteredOut = filteredOutMessage(command, input);
    if (filteredOut) {
      console.error(filteredOut);
      return EXIT.emptySample;
    }
    const corpus = await readCorpus(input.files, {
      model: options.model,
      onProgress: progressReporter(`${command}: reading`),
    });
    if (corpus.requests.length === 0) {
      console.error(emptySampleMessage(command, corpus, input.paths));
      return EXIT.emptySample;
    }
    stage("fitting, resampling and replaying");
    let analysis;
    try {
      analysis = await analyzeTrigger(corpus);
    } catch (error) {
      if (error instanceof MissingModelInputsError) {
        console.error(
          `${command}: ${error.message}; run \`deno task analyze --help\` for how to give them`,
        );
        return EXIT.emptySample;
      }
      throw error;
    }
    const report = analysis.report;
    const document = { ...report, options: { ...report.options, filters: input.filters } };
    stage("read-cost measurement of the same files");
    const readCost = await measureReadCost(input.files);

    const out = callerPath(options.out);
    await Deno.mkdir(out, { recursive: true });
    const file = (name: (typeof REPORT_FILES)[number]) => joinPath(out, name);
    await Deno.writeTextFile(file("analysis.json"), JSON.stringify(document, null, 2) + "\n");
    await Deno.writeTextFile(
      file("read-cost.json"),
      JSON.stringify(readCost.report, null, 2) + "\n",
    );
    stage("drawing the figure");
    const svg = triggerFigure(report.replay, {
      observedTrigger: report.corpus.observedTrigger ?? undefined,
      optimumTrigger: report.steadyState.replayArgminTokens ?? undefined,
      steadyStateTrigger: report.steadyState.tStarTokens ?? undefined,
      modelName: report.corpus.model,
    });
    await Deno.writeTextFile(file("figure.svg"), svg);
    await Deno.writeFile(file("figure.png"), await svgToPng(svg));
    stage("writing the report page");
    const answer = { ...answerFacts(report), text: answerSentence(report) };
    // The page's further inputs (read-cost, the synthetic label, the answer) ride along as
    // extra fields: the page takes those it knows.
    await writeReport(file("report.html"), {
      ...analysis,
      ...{ readCost: readCost.report, synthetic: options.synthetic ?? false, answer },
    });

    const filter = filterLine(input.filters);
    console.log([filter, formatReport(report)].filter((t) => t !== "").join("\n"));
    console.log(formatReadCostText(readCost.report));
    console.log(`Answer: ${answer.text}`);
    console.log(`Wrote ${REPORT_FILES.join(", ")} in ${out}`);
    return EXIT.ok;
  } catch (error) {
    return failureExit(command, error);
  }
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
 * ```
 */
export async function main(args: string[]): Promise<number> {
  let parsed;
  let filter;
  try {
    parsed = parseCommandLine(args, {
      out: { type: "string" },
      model: { type: "string" },
      ...FILTER_OPTIONS,
      version: { type: "boolean" },
      help: { type: "boolean", short: "h" },
    });
    filter = filterFromValues(parsed.values);
  } catch (error) {
    return usageExit("report", error);
  }
  const values = parsed.values as Record<string, string | undefined> & {
    help?: boolean;
    version?: boolean;
  };
  if (values.help) {
    console.log(HELP);
    return EXIT.ok;
  }
  if (values.version) {
    console.log(versionLine("report"));
    return EXIT.ok;
  }
  return await runReport({
    paths: parsed.positionals,
    out: values.out ?? "out",
    model: values.model,
    filter,
  });
}

if (import.meta.main) Deno.exit(await main(Deno.args));
