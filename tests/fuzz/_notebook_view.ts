/**
 * What the notebooks would display for a corpus, as one JSON text. The notebooks run against the
 * committed sample, so a fuzzed corpus never reaches them; this runs the same helper path their
 * cells run (lib/transcript/select_transcripts.ts, `readCorpus`, `summarizeCorpus`, the fits, the
 * analysis, the read-cost measurement, the per-model read and analysis) on a case's folder and
 * keeps every value a notebook table, chart label or printed line is built from:
 *
 * - 01-parsing: `found`, the filter record, `summarizeCorpus`, the reader diagnostics (record
 *   types and requests by model are shown as table rows), the longest main sessions' request
 *   counts;
 * - 02-fitting: the time and summary-size fits and their fit points;
 * - 03/04: the trigger analysis' report (`analyzeTrigger`), steps and resampling counts;
 * - 05-read-cost: the read-cost report and its histograms;
 * - 06-models-and-settings: each per-model corpus' model name, the models without a session, the
 *   per-model analysis document and the compaction timeline rows.
 *
 * An error a cell would throw is displayed by the notebook too (its message), so a thrown error's
 * message is kept in place of the value. The file list itself is left out: no notebook shows it.
 * What this does not cover: text a chart renders into PNG pixels (the values it is drawn from are
 * covered), and notebook code written later that displays other fields.
 *
 * @module
 */

import {
  longestSessions,
  readCorpus,
  readCorpusPerModel,
  SESSION_KIND,
  summarizeCorpus,
} from "../../lib/transcript/mod.ts";
import { selectTranscripts } from "../../lib/transcript/select_transcripts.ts";
import {
  analyzeModels,
  type AnalyzeOptions,
  analyzeTrigger,
  compactionTimelineRows,
  fitSummaryModel,
  fitTimeModel,
  summaryFitPoints,
  timeFitPoints,
} from "../../lib/trigger/mod.ts";
import { measureReadCost } from "../../lib/readcost/mod.ts";

/** A value, or the message a notebook would show when computing it throws. */
async function shown(compute: () => unknown): Promise<unknown> {
  try {
    return await compute();
  } catch (error) {
    return { error: String((error as Error)?.message ?? error) };
  }
}

/** Typed arrays as plain arrays, so that the JSON holds their values. */
function replacer(_key: string, value: unknown): unknown {
  return ArrayBuffer.isView(value) && !(value instanceof DataView)
    ? Array.from(value as unknown as ArrayLike<number>)
    : value;
}

/**
 * The notebooks' displayed data for the transcripts under `paths`.
 *
 * @param paths The notebook's `corpusPath` (one or several paths).
 * @param analysis Analysis options (small workloads and a coarse grid keep it cheap; the
 *   notebooks' own are larger but show the same fields). @default {{}}
 * @returns One JSON text of everything a notebook would display.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { notebookViewJson } from "./_notebook_view.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.mkdir(`${dir}/p`);
 * await Deno.writeTextFile(`${dir}/p/s.jsonl`, "not json\n");
 * const view = JSON.parse(await notebookViewJson([dir]));
 * assert.equal(view.found, 1);
 * assert.equal(view.diagnostics.malformedLines, 1);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function notebookViewJson(
  paths: string[],
  analysis: AnalyzeOptions = {},
): Promise<string> {
  const { files, found, filters } = await selectTranscripts(paths);
  const corpus = await readCorpus(files, {});
  const view: Record<string, unknown> = {
    found,
    filters,
    files: files.length,
    model: corpus.model,
    summary: summarizeCorpus(corpus),
    diagnostics: corpus.diagnostics,
    longest: longestSessions(corpus.sessions, { kind: SESSION_KIND.main, count: 4 })
      .map((s) => corpus.sessions.requestCount[s]),
  };
  view.timeFit = await shown(() => {
    const time = fitTimeModel(corpus.compactions);
    return { time, points: timeFitPoints(corpus.compactions, time) };
  });
  view.summaryFit = await shown(() => {
    const summary = fitSummaryModel(corpus.compactions);
    return { summary, points: summaryFitPoints(corpus.compactions, summary) };
  });
  view.analysis = await shown(async () => (await analyzeTrigger(corpus, analysis)).report);
  view.readCost = await shown(async () => {
    const { report, histograms } = await measureReadCost(files, { minTurns: 1 });
    return { report, histograms };
  });
  view.models = await shown(async () => {
    const { corpora, withoutSession } = await readCorpusPerModel(files, {});
    const models = await analyzeModels(corpora, analysis, withoutSession);
    return {
      names: corpora.map((c) => c.model),
      withoutSession,
      report: models.report,
      timeline: corpora.length === 0
        ? null
        : compactionTimelineRows(corpora[0].compactions, corpora[0].model),
    };
  });
  return JSON.stringify(view, replacer);
}
