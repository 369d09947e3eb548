/**
 * `deno task corpus [PATH...]`: summarise a corpus of Claude Code transcripts.
 *
 * @module
 */

import {
  type Corpus,
  type CorpusSummary,
  DEFAULT_IDLE_LIMIT_SECONDS,
  SESSION_KIND,
  summarizeCorpus,
} from "../lib/transcript/mod.ts";
import { checkOutputPath } from "../lib/io/output_path.ts";
import { writeStdout } from "../lib/io/stdout.ts";
import { countText } from "../lib/io/count_text.ts";
import { formatNumber } from "../lib/report/format_number.ts";
import { callerPath } from "../lib/transcript/default_roots.ts";
import {
  commandLineOrExit,
  COMMON_HELP,
  emptySampleMessage,
  EXIT,
  failureExit,
  FILTER_HELP,
  FILTER_OPTIONS,
  progressReporter,
} from "./_shared.ts";
import { filterFromValues, filterLine, readInputCorpus, selectInputOrExit } from "./_input.ts";

const HELP = `Usage: deno task corpus [OPTIONS] [--] [PATH...]

Summarises Claude Code transcripts: files, sessions (main, sub-agent, helper), de-duplicated requests,
models, compactions, work hours, billed tokens, billing mix, omega, the observed trigger level and
what was skipped. Directories are walked recursively for *.jsonl (symlinks not followed).
Relative paths are taken from where you run the command. With no PATH: each folder of
$CLAUDE_CONFIG_DIR (comma-separated; DIR/projects, or DIR itself when it is a projects/
folder), else ~/.config/claude/projects and ~/.claude/projects (those that exist).
Transcripts are only read. Output holds aggregates only: no transcript text, paths or ids.

Options:
  --json                  Print one JSON document (docs/schema, "corpus") to stdout.
  --requests FILE         Also write the per-request table as CSV to FILE, or to stdout with
                          "-" (the summary then goes to stderr). One row per request, no ids or
                          paths; the header names each column with its unit. FILE may not be a
                          .jsonl file or a path the command reads (exit 2).
  --model NAME            Target model (default: the model with the most requests).
  --idle-limit SECONDS    Gaps longer than this count as idle (default: ${DEFAULT_IDLE_LIMIT_SECONDS}).
${FILTER_HELP}
${COMMON_HELP}

Exit codes:
  0  success
  1  the corpus has no usable request (empty sample)
  2  invalid arguments
  3  a path does not exist
  4  a file could not be read (also: not a regular file or directory, a symbolic-link loop,
     a name that is not UTF-8 and so cannot be represented)
  5  the output could not be written (for example stdout closed early)
`;

/**
 * The CSV header of {@linkcode requestsCsv}: what each column is, with its unit.
 * `session` numbers the included sessions from 0 in reading order (no id); `session_kind` is
 * main, subagent or helper; `timestamp_utc` is ISO 8601 (empty when the record had none); the
 * token columns are the request's usage categories; `context_tokens` is x = input + both cache
 * writes + cache read; `cached_share` is c = cache read / x, 0 to 1; `other_model` is 1 for a
 * request of another model than the corpus's, in a session counted for it (a `/model` switch;
 * the replay prices it at the corpus model's prices), else 0.
 */
export const REQUESTS_CSV_HEADER = "session,session_kind,timestamp_utc,input_tokens," +
  "cache_write_5m_tokens,cache_write_1h_tokens,cache_read_tokens,output_tokens," +
  "context_tokens,cached_share,other_model";

const KIND_NAMES: Record<number, string> = {
  [SESSION_KIND.main]: "main",
  [SESSION_KIND.subagent]: "subagent",
  [SESSION_KIND.helper]: "helper",
};

/**
 * Writes the request table as CSV (no ids, no paths), one row per request.
 *
 * @param corpus The corpus.
 * @returns The CSV text, header first (see {@linkcode REQUESTS_CSV_HEADER}).
 */
export function requestsCsv(corpus: Corpus): string {
  const r = corpus.requests;
  const rows = [REQUESTS_CSV_HEADER];
  for (let i = 0; i < r.length; i++) {
    const kind = KIND_NAMES[corpus.sessions.kind[r.session[i]]] ?? "other";
    const time = Number.isNaN(r.timeMs[i]) ? "" : new Date(r.timeMs[i]).toISOString();
    rows.push(
      `${r.session[i]},${kind},${time},${r.input[i]},${r.cacheWrite5m[i]},${r.cacheWrite1h[i]},` +
        `${r.cacheRead[i]},${r.output[i]},${r.context[i]},${r.cachedShare[i]},${
          r.otherModel?.[i] ?? 0
        }`,
    );
  }
  return rows.join("\n") + "\n";
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const millions = (v: number) => `${(v / 1e6).toFixed(1)}M`;

/** `name n, name n` by count, largest first (names as the reader echoed them). */
function _counts(
  byName: Record<string, number>,
  format: (n: number) => string = _n,
): string {
  return Object.entries(byName).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([name, n]) => `${name} ${format(n)}`).join(", ");
}

/** A count, grouped in thousands ("86,025"), as the rest of the outputs write numbers. */
const _n = (v: number) => formatNumber(v);

/** The text report. */
export function formatSummary(s: CorpusSummary): string {
  const d = s.diagnostics;
  const models = Object.entries(d.requestsByModel).sort((a, b) =>
    b[1] - a[1] || (a[0] < b[0] ? -1 : 1)
  )
    .map(([m, n]) => `${m} ${_n(n)}`).join(", ");
  const types = Object.entries(d.recordTypes).sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([t, n]) => `${t} ${_n(n)}`).join(", ");
  return [
    `Corpus: ${countText(s.files, "file")}, ${formatNumber(s.bytes / 1e6, { digits: 1 })} MB read`,
    `Model: ${s.model} (requests by model: ${models || "none"})`,
    `Sessions: ${_n(s.sessions.main + s.sessions.subagent + s.sessions.helper)} (${
      _n(s.sessions.main)
    } main + ${_n(s.sessions.subagent)} sub-agent + ${_n(s.sessions.helper)} helper); ` +
    `left out: ${_n(s.excludedSessions.otherModel)} with another model, ${
      _n(s.excludedSessions.noTargetModel)
    } with no request of the model`,
    `Requests: ${_n(s.requests)} (de-duplicated)`,
    `Compactions: ${_n(s.compactions.auto)} auto, ${_n(s.compactions.manual)} manual, ` +
    `${_n(s.compactions.unknown)} unknown trigger, ${_n(s.compactions.other)} other trigger${
      s.compactions.other > 0 ? ` (${_counts(d.otherTriggers)})` : ""
    }, ${_n(s.compactions.timed)} timed, ${
      _n(s.compactions.precomputed)
    } precomputed (not timed); ` +
    `observed trigger ${
      s.observedTrigger === null ? "n/a" : `${(s.observedTrigger / 1000).toFixed(1)}K`
    } tokens`,
    ...(s.advisor.iterations > 0
      ? [
        `Advisor: ${countText(s.advisor.iterations, "pass", "passes")} of another model, ${
          millions(s.advisor.billedTokens)
        } billed tokens (${
          _counts(s.advisor.byModel, millions)
        }), in no request: the replay leaves them out (analyze and report price them)`,
      ]
      : []),
    ...(s.modelSwitches.sessions > 0
      ? [
        `Model switches: ${
          countText(s.modelSwitches.sessions, "session")
        } counted for ${s.model} ` +
        `(more than half their requests), with ` +
        `${countText(s.modelSwitches.requestsOfOtherModels, "request")} of other models priced ` +
        `as ${s.model}`,
      ]
      : []),
    ...(s.leftOut.requests > 0
      ? [
        `Left out: ${countText(s.leftOut.requests, "request")} (${
          millions(s.leftOut.billedTokens)
        } billed tokens) in ${countText(s.leftOut.sessions, "session")} of another model ` +
        `(analyze and report price them; --model all analyses each model)`,
      ]
      : []),
    `Work time: ${s.workHours.toFixed(1)} h of agent time (idle limit ${s.idleLimitSeconds} s)`,
    `Billed tokens: ${formatNumber(s.billedTokens / 1e6, { digits: 1 })} million; mix: cache read ${
      pct(s.billingMix.cacheRead)
    }, ` +
    `1h write ${pct(s.billingMix.cacheWrite1h)}, 5m write ${pct(s.billingMix.cacheWrite5m)}, ` +
    `input ${pct(s.billingMix.input)}, output ${pct(s.billingMix.output)}; omega ${
      s.omega === null ? "n/a" : s.omega.toFixed(3)
    }`,
    `Skipped: ${countText(d.malformedLines, "malformed line")}, ` +
    `${countText(d.oversizedLines, "oversized line")} (over 128 MiB), ` +
    `${countText(d.blankLines, "blank line")}, ` +
    `${countText(d.invalidUsageValues, "invalid usage value")} (as 0), ` +
    `${countText(d.syntheticRecords, "<synthetic> record")}, ` +
    `${countText(d.apiErrorRecords, "API-error record")}, ` +
    `${countText(d.zeroUsageRequests, "zero-usage request")}, ` +
    `${countText(d.blocksWithoutUsage, "block")} without usage`,
    `Merged: ${countText(d.duplicateBlocks, "duplicate block")} ` +
    `(${countText(d.crossFileDuplicateRequests, "request")} copied across files); ` +
    `keys without message.id ${_n(d.requestsWithoutMessageId)}`,
    `Other: ${countText(d.microcompactions, "microcompaction")} (${
      millions(d.microcompactTokensSaved)
    } tokens saved), ` +
    `${countText(d.repeatedRecordUuids, "re-appended record")} skipped (uuid already read), ` +
    `${countText(d.compactionsWithoutDuration, "compaction")} without duration, ` +
    `${_n(d.compactionsWithoutSummary)} without summary; compaction calls in the transcript: ` +
    `${_n(d.matchedCompactionCalls)} matched, ${_n(d.unmatchedCompactionCalls)} unmatched`,
    `Record types: ${types}`,
    "",
  ].join("\n");
}

/**
 * Runs the command.
 *
 * @param args Command-line arguments.
 * @returns The exit code.
 */
export async function main(args: string[]): Promise<number> {
  const read = commandLineOrExit("corpus", args, {
    options: {
      json: { type: "boolean" },
      requests: { type: "string" },
      model: { type: "string" },
      "idle-limit": { type: "string" },
      ...FILTER_OPTIONS,
    },
    help: HELP,
    check: (line) => filterFromValues(line.values),
  });
  if (typeof read === "number") return read;
  const { line, checked: filter } = read;
  const values = line.values as Record<string, string | undefined> & { json?: boolean };
  let idleLimitSeconds = DEFAULT_IDLE_LIMIT_SECONDS;
  if (values["idle-limit"] !== undefined) {
    idleLimitSeconds = Number(values["idle-limit"]);
    if (!(idleLimitSeconds >= 0) || values["idle-limit"].trim() === "") {
      console.error(
        `corpus: --idle-limit must be a number of seconds >= 0, got "${values["idle-limit"]}"`,
      );
      return EXIT.invalidArguments;
    }
  }
  try {
    const input = await selectInputOrExit("corpus", line.positionals, filter);
    if (typeof input === "number") return input;
    const unsafe = values.requests === undefined ? undefined : await checkOutputPath(
      values.requests === "-" ? "-" : callerPath(values.requests),
      input.paths,
    );
    if (unsafe !== undefined) {
      console.error(`corpus: --requests: ${unsafe}`);
      return EXIT.invalidArguments;
    }
    const corpus = await readInputCorpus("corpus", input, {
      model: values.model,
      idleLimitSeconds,
      onProgress: progressReporter("corpus"),
    });
    if (corpus.requests.length === 0) {
      console.error(emptySampleMessage("corpus", corpus, input.paths));
      return EXIT.emptySample;
    }
    const summary = { ...summarizeCorpus(corpus), options: { filters: input.filters } };
    const toStdout = values.requests === "-";
    if (values.requests !== undefined && !toStdout) {
      await Deno.writeTextFile(callerPath(values.requests), requestsCsv(corpus));
    }
    const text = values.json
      ? JSON.stringify(summary, null, 2)
      : [filterLine(input.filters), formatSummary(summary)].filter((t) => t !== "").join("\n");
    if (toStdout) {
      writeStdout(requestsCsv(corpus));
      console.error(text);
    } else writeStdout(text + "\n");
    return EXIT.ok;
  } catch (error) {
    return failureExit("corpus", error);
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
