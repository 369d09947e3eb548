/**
 * `deno task corpus [PATH...]`: summarise a corpus of Claude Code transcripts.
 *
 * @module
 */

import { parseArgs } from "node:util";
import {
  type Corpus,
  type CorpusSummary,
  defaultProjectsDir,
  readCorpus,
  SESSION_KIND,
  summarizeCorpus,
} from "../lib/transcript/mod.ts";
import { checkOutputPath } from "../lib/io/output_path.ts";
import { writeStdout } from "../lib/io/stdout.ts";
import {
  emptySampleMessage,
  EXIT,
  failureExit,
  progressReporter,
  readerWarnings,
} from "./_shared.ts";

const HELP = `Usage: deno task corpus [OPTIONS] [--] [PATH...]

Summarises Claude Code transcripts: files, sessions (main and sub-agent), de-duplicated requests,
models, compactions, work hours, billed tokens, billing mix, omega, the observed trigger level and
what was skipped. Directories are walked recursively for *.jsonl (symlinks not followed).
With no PATH: $CLAUDE_CONFIG_DIR/projects, else ~/.claude/projects.
Transcripts are only read. Output holds aggregates only: no transcript text, paths or ids.

Options:
  --json                 Print one JSON document (analysis-spec section 5 "corpus") to stdout.
  --requests FILE        Also write the per-request table as CSV to FILE (session number, session
                         kind, timestamp, u, w5, w1h, r, y, x, c; no ids, no paths). FILE may not
                         be a .jsonl file or a path the command reads (exit 2).
  --model NAME           Target model (default: the model with the most requests).
  --idle-limit SECONDS   Gaps longer than this count as idle (default: 300).
  -h, --help             Show this help.

Exit codes:
  0  success
  1  the corpus has no usable request (empty sample)
  2  invalid arguments
  3  a path does not exist
  4  a file could not be read (also: not a regular file or directory, a symbolic-link loop)
  5  the output could not be written (for example stdout closed early)
`;

/** Writes the request table as CSV (no ids, no paths). */
export function requestsCsv(corpus: Corpus): string {
  const r = corpus.requests;
  const rows = ["session,kind,timestamp,u,w5,w1h,r,y,x,c"];
  for (let i = 0; i < r.length; i++) {
    const kind = corpus.sessions.kind[r.session[i]] === SESSION_KIND.main ? "main" : "subagent";
    const time = Number.isNaN(r.timeMs[i]) ? "" : new Date(r.timeMs[i]).toISOString();
    rows.push(
      `${r.session[i]},${kind},${time},${r.input[i]},${r.cacheWrite5m[i]},${r.cacheWrite1h[i]},` +
        `${r.cacheRead[i]},${r.output[i]},${r.context[i]},${r.cachedShare[i]}`,
    );
  }
  return rows.join("\n") + "\n";
}

const pct = (v: number) => `${(v * 100).toFixed(1)}%`;
const millions = (v: number) => `${(v / 1e6).toFixed(1)}M`;

/** The text report. */
export function formatSummary(s: CorpusSummary): string {
  const d = s.diagnostics;
  const models = Object.entries(d.requestsByModel).sort((a, b) =>
    b[1] - a[1] || (a[0] < b[0] ? -1 : 1)
  )
    .map(([m, n]) => `${m} ${n}`).join(", ");
  const types = Object.entries(d.recordTypes).sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([t, n]) => `${t} ${n}`).join(", ");
  return [
    `Corpus: ${s.files} files, ${millions(s.bytes)}B read`,
    `Model: ${s.model} (requests by model: ${models || "none"})`,
    `Sessions: ${
      s.sessions.main + s.sessions.subagent
    } (${s.sessions.main} main + ${s.sessions.subagent} sub-agent); ` +
    `left out: ${s.excludedSessions.otherModel} with another model, ${s.excludedSessions.noTargetModel} with no request of the model`,
    `Requests: ${s.requests} (de-duplicated)`,
    `Compactions: ${s.compactions.auto} auto, ${s.compactions.manual} manual, ${s.compactions.timed} timed; ` +
    `observed trigger ${
      s.observedTrigger === null ? "n/a" : `${(s.observedTrigger / 1000).toFixed(1)}K`
    } tokens`,
    `Work time: ${s.workHours.toFixed(1)} h of agent time (idle limit ${s.idleLimitSeconds} s)`,
    `Billed tokens: ${millions(s.billedTokens)}; mix: cache read ${pct(s.billingMix.cacheRead)}, ` +
    `1h write ${pct(s.billingMix.cacheWrite1h)}, 5m write ${pct(s.billingMix.cacheWrite5m)}, ` +
    `input ${pct(s.billingMix.input)}, output ${pct(s.billingMix.output)}; omega ${
      s.omega === null ? "n/a" : s.omega.toFixed(3)
    }`,
    `Skipped: ${d.malformedLines} malformed lines, ${d.oversizedLines} oversized lines (over 128 MiB), ` +
    `${d.blankLines} blank lines, ${d.invalidUsageValues} invalid usage values (as 0), ${d.syntheticRecords} <synthetic> records, ` +
    `${d.apiErrorRecords} API-error records, ${d.zeroUsageRequests} zero-usage requests, ${d.blocksWithoutUsage} blocks without usage`,
    `Merged: ${d.duplicateBlocks} duplicate blocks (${d.crossFileDuplicateRequests} requests copied across files); ` +
    `keys without message.id ${d.requestsWithoutMessageId}, without requestId ${d.requestsWithoutRequestId}`,
    `Other: ${d.microcompactions} microcompactions, ${d.compactionsWithoutDuration} compactions without duration, ` +
    `${d.compactionsWithoutSummary} without summary`,
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
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: "boolean", default: false },
        requests: { type: "string" },
        model: { type: "string" },
        "idle-limit": { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    console.error(`corpus: ${(error as Error).message}\nRun with --help for usage.`);
    return EXIT.invalidArguments;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(HELP);
    return EXIT.ok;
  }
  let idleLimitSeconds = 300;
  if (values["idle-limit"] !== undefined) {
    idleLimitSeconds = Number(values["idle-limit"]);
    if (!(idleLimitSeconds >= 0) || values["idle-limit"].trim() === "") {
      console.error(
        `corpus: --idle-limit must be a number of seconds >= 0, got "${values["idle-limit"]}"`,
      );
      return EXIT.invalidArguments;
    }
  }
  let paths = positionals;
  try {
    if (paths.length === 0) paths = [defaultProjectsDir()];
    const unsafe = values.requests === undefined
      ? undefined
      : await checkOutputPath(values.requests, paths);
    if (unsafe !== undefined) {
      console.error(`corpus: --requests: ${unsafe}`);
      return EXIT.invalidArguments;
    }
    const corpus = await readCorpus(paths, {
      model: values.model,
      idleLimitSeconds,
      onProgress: progressReporter("corpus"),
    });
    for (const warning of readerWarnings("corpus", corpus)) console.error(warning);
    if (corpus.requests.length === 0) {
      console.error(emptySampleMessage("corpus", corpus, paths));
      return EXIT.emptySample;
    }
    const summary = summarizeCorpus(corpus);
    if (values.requests) await Deno.writeTextFile(values.requests, requestsCsv(corpus));
    writeStdout((values.json ? JSON.stringify(summary, null, 2) : formatSummary(summary)) + "\n");
    return EXIT.ok;
  } catch (error) {
    return failureExit("corpus", error);
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
