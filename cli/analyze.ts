/**
 * `deno task analyze [PATH...]`: when should the model compact? Replays the corpus's sessions
 * at every trigger of a grid and prints the cost and time-share curves, the cheapest trigger
 * and the Claude Code setting that puts compaction there, beside the setting in use and the
 * default (docs/method.md). With `--model all`,
 * every model on its own, then a comparison table.
 *
 * @module
 */

import { readCorpusPerModel } from "../lib/transcript/mod.ts";
import {
  analyzeModels,
  type AnalyzeOptions,
  analyzeTrigger,
  AUTO_COMPACT_ARITHMETIC,
  DEFAULT_ANALYZE_OPTIONS,
  MissingModelInputsError,
  type ModelInput,
  type ModelsReport,
  type TriggerReport,
} from "../lib/trigger/mod.ts";
import { writeStdout } from "../lib/io/stdout.ts";
import { countText } from "../lib/io/count_text.ts";
import { triggerTableLayout } from "./_table_layout.ts";
import { formatNumber } from "../lib/report/format_number.ts";
import type { PriceOverrides } from "../lib/prices/mod.ts";
import {
  commandLineOrExit,
  COMMON_HELP,
  emptySampleMessage,
  EXIT,
  failureExit,
  FILTER_HELP,
  FILTER_OPTIONS,
  progressReporter,
  replayProgressReporter,
  sessionsText,
  UsageError,
} from "./_shared.ts";
import { analyzeTables, TABLES_HELP, TABLES_OPTIONS } from "./_tables.ts";
import {
  filterFromValues,
  filterLine,
  readInputCorpus,
  type SelectedInput,
  selectInputOrExit,
} from "./_input.ts";
import { answerSentence } from "../lib/trigger/answer_sentence.ts";
import { confidenceLine, rangeLines, recommendationRangeLines } from "./_range_text.ts";
import {
  settingSourceText,
  settingTableLines,
  tookEffectSentence,
} from "../lib/trigger/setting_table.ts";
import { readCliSettings, SettingsFileMissingError } from "./_settings.ts";
import type { SettingsSnapshot } from "../lib/settings/mod.ts";
import {
  ANALYZE_FLAG_OPTIONS,
  ANALYZE_FLAGS_HELP,
  analyzeFlagsFromValues,
  type PricesFileError,
  pricesForModel,
  readPricesText,
  readsFetchTargets,
} from "./_analyze_flags.ts";

const D = DEFAULT_ANALYZE_OPTIONS;
const W = AUTO_COMPACT_ARITHMETIC;

const HELP = `Usage: deno task analyze [OPTIONS] [--] [PATH...]

Replays every session of the corpus at every compaction trigger of a grid, for the observed
history and ${D.workloads} block-bootstrap resamples, and reports the cost per million tokens and the
share of agent time spent compacting at each trigger, the cheapest trigger with its 10-90% band,
the steady-state T*, checks (observed bill vs the replay at the observed trigger), and the
Claude Code setting (settings.json autoCompactWindow, or the environment) that puts automatic
compaction at the cheapest trigger, or at the cheapest within --max-time-share.
Directories are walked recursively for *.jsonl; relative paths are taken from where you run the
command. With no PATH: the folders of $CLAUDE_CONFIG_DIR (comma-separated), else
~/.config/claude/projects and ~/.claude/projects (see \`deno task corpus --help\`).
Transcripts are only read; output holds aggregates only.

Options:
  --json                  Print one JSON document (docs/schema) to stdout.
  --model NAME|all        Target model (string; default: the model with the most requests);
                          all: every model with a session of its own, each analysed on its
                          own, then a comparison table.
${ANALYZE_FLAGS_HELP}
${FILTER_HELP}
${TABLES_HELP}
${COMMON_HELP}

When the corpus has too few timed compactions to fit the time model, give both --a and --v.
When it has no usable compaction at all, give the compaction model by hand too, e.g.
  deno task analyze --a 9e-5 --v 80 --summary-tokens 8000 --post-prefix 58000 --beta 0.99 \\
    --c-post 0.3 PATH
(the values of the full synthetic corpus, which reproduces the published one). A value given
overrides the fitted one; the JSON says which were given (fit.timeModelSource,
fit.compactionModelSource).

The setting: Claude Code compacts automatically at window - min(max output, ${W.outputReserveCap})
- ${W.buffer} tokens, window being autoCompactWindow (settings.json, ${W.minWindow} to the model's
context window) or CLAUDE_CODE_AUTO_COMPACT_WINDOW; below that range the percentage override
CLAUDE_AUTOCOMPACT_PCT_OVERRIDE on the smallest window. This arithmetic has changed between
releases: check that your automatic compactions moved after changing it.

Choices:
  The default --compaction-step-share previous deviates from the literal rule, which
  keeps a step's own cached share after a real compaction (kept). Where the replay does not
  compact at that step, kept bills a whole pre-compaction context at the low cached share
  (about 0.3) the real compaction left, although without a compaction the cache would have been
  warm (docs/method.md, Choices, gives the effect on the full synthetic corpus). The JSON
  records the rule used in options.compactionStepShare.

Exit codes:
  0  success
  1  nothing to analyze: no request of the model, or a model could not be fitted
  2  invalid arguments
  3  a path does not exist
  4  a file could not be read (also: not a regular file or directory, a symbolic-link loop,
     a name that is not UTF-8 and so cannot be represented)
  5  the output could not be written (for example stdout closed early)
`;

/**
 * Each input the corpus may fail to give: its flag and an example value (those of the full
 * synthetic corpus, which reproduces the published one, rounded).
 */
const MODEL_FLAGS: Record<ModelInput, { flag: string; example: string }> = {
  a: { flag: "--a", example: "9e-5" },
  v: { flag: "--v", example: "80" },
  summaryTokens: { flag: "--summary-tokens", example: "8000" },
  postPrefix: { flag: "--post-prefix", example: "58000" },
  beta: { flag: "--beta", example: "0.99" },
  cPost: { flag: "--c-post", example: "0.3" },
};

/** A word as a POSIX shell reads it back (single-quoted unless plainly safe). */
function _shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/**
 * The message for a corpus that cannot give some inputs of the replay: why, exactly the flags
 * that are missing, and the command line again with those flags added.
 *
 * @param missing The options the corpus could not give and the user did not.
 * @param reasons Why the corpus could not give them.
 * @param args The command line as given.
 * @returns Lines for stderr.
 *
 * @example No compaction, --a and --v given
 * ```ts
 * import assert from "node:assert/strict";
 * import { missingInputsMessage } from "./analyze.ts";
 *
 * const text = missingInputsMessage(
 *   ["summaryTokens", "postPrefix", "beta", "cPost"],
 *   ["the corpus has no compaction"],
 *   ["--a", "1e-4", "--v", "60", "my dir"],
 * );
 * assert.match(text, /missing: --summary-tokens, --post-prefix, --beta, --c-post/);
 * assert.match(text, /--c-post 0\.3 --a 1e-4 --v 60 'my dir'/);
 * ```
 */
export function missingInputsMessage(
  missing: readonly ModelInput[],
  reasons: readonly string[],
  args: readonly string[],
): string {
  const flags = missing.map((m) => MODEL_FLAGS[m]);
  const example = [
    "deno task analyze",
    ...flags.map((f) => `${f.flag} ${f.example}`),
    ...args.map(_shellWord),
  ].join(" ");
  return [
    `analyze: ${reasons.join("; ")}.`,
    `Give ${missing.length === 1 ? "it" : "them"} by flag instead; missing: ` +
    `${flags.map((f) => f.flag).join(", ")} (see --help for units). For example, with the values ` +
    `of the full synthetic corpus (measure your own if you can):`,
    `  ${example}`,
  ].join("\n");
}

/**
 * G(C) as the report's text says it: the line, or the constant (the median G or the value
 * given by flag), with the reason and the fitted line when it was not used.
 */
function summaryModelText(r: TriggerReport): string {
  const m = r.fit.summaryModel;
  const line = (g0: number, g1: number) =>
    `${g0.toFixed(0)} ${g1 < 0 ? "-" : "+"} ${Math.abs(g1).toFixed(5)}*C`;
  if (m.method === "options") return `G(C) = ${m.g0.toFixed(0)} tokens (constant: given)`;
  if (m.kind === "constant") {
    const fitted = m.line === null
      ? ""
      : `; the fitted line ${line(m.line.g0, m.line.g1)} (R^2 ${fixed(m.rSquared, 3)}) is not used`;
    return `G(C) = ${m.g0.toFixed(0)} tokens, the median G of ${m.n} compaction${
      m.n === 1 ? "" : "s"
    } (constant: ${m.reason}${fitted})`;
  }
  return `G(C) = ${line(m.g0, m.g1)}, at least ${m.minSummaryTokens.toFixed(0)} (linear, R^2 ${
    fixed(m.rSquared, 3)
  }: ${m.reason})`;
}

const k = (v: number) => `${(v / 1000).toFixed(0)}K`;
const usd = (v: number | null) => (v === null ? "n/a" : `$${v.toFixed(3)}`);
const pct = (v: number | null) => (v === null ? "n/a" : `${(v * 100).toFixed(1)}%`);
const fixed = (v: number | null, digits: number) => (v === null ? "n/a" : v.toFixed(digits));

/**
 * The readable text summary of a report: corpus line, fit table, optimum with its band, T*,
 * checks.
 *
 * @param r The report.
 * @returns Text ending in a newline.
 *
 * @example A report from a hand-made corpus of one session with one compaction
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatReport } from "./analyze.ts";
 * import { analyzeTrigger } from "../lib/trigger/mod.ts";
 * import { corpusFromText } from "../lib/transcript/mod.ts";
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
 * const { report } = await analyzeTrigger(corpus, { a: 1e-5, v: 80, workloads: 2 });
 * const text2 = formatReport(report);
 * assert.match(text2, /Cheapest trigger/);
 * // One timed compaction grades the answer low: the settings are withheld, said first.
 * assert.match(text2, /^Confidence: LOW/);
 * assert.doesNotMatch(text2, /"autoCompactWindow": \d+/);
 * const forced = await analyzeTrigger(corpus, { a: 1e-5, v: 80, workloads: 2, force: true });
 * assert.match(formatReport(forced.report), /"autoCompactWindow": \d+/);
 * ```
 */
export function formatReport(r: TriggerReport): string {
  const c = r.corpus;
  const f = r.fit;
  const given = (part: keyof typeof f.compactionModelSource) =>
    f.compactionModelSource[part] === "options" ? " (given)" : "";
  const lines = [
    ...(r.steadyState.confidence.grade === "low" ? [confidenceLine(r), ""] : []),
    `Corpus: ${c.model}, ${sessionsText(c.sessions)}, ${countText(c.requests, "request")}, ${
      c.workHours.toFixed(1)
    } h agent time, ${formatNumber(c.billedTokens / 1e6, { digits: 1 })} million billed tokens, ` +
    `${formatNumber(c.compactions.auto)} auto + ${formatNumber(c.compactions.manual)} manual ` +
    `compactions (${formatNumber(c.compactions.timed)} timed), observed trigger ${
      c.observedTrigger === null ? "n/a" : `${(c.observedTrigger / 1000).toFixed(1)}K`
    }, omega ${fixed(c.omega, 3)}`,
    `Reader: ${countText(r.diagnostics.malformedLines, "malformed line")} skipped; sessions ` +
    `left out: ${formatNumber(c.excludedSessions.otherModel)} with another model, ` +
    `${formatNumber(c.excludedSessions.noTargetModel)} without the model; ` +
    `${countText(r.diagnostics.compactionsWithoutDuration, "compaction")} without a ` +
    `duration, ${formatNumber(r.diagnostics.compactionsWithoutSummary)} without a summary; ` +
    `${countText(r.diagnostics.microcompactions, "microcompaction")} (not compactions)`,
    "",
    "Time model t = a*C + G/v (least squares through the origin):",
    "  fit            a (s/token)    v (token/s)   R^2      n",
  ];
  const row = (name: string, a: number | null, v: number | null, r2: number | null, n: number) =>
    `  ${name.padEnd(14)} ${(a === null ? "-" : a.toExponential(3)).padStart(11)}    ${
      (v === null ? "-" : v.toFixed(1)).padStart(11)
    }   ${fixed(r2, 3).padStart(6)}  ${String(n).padStart(5)}`;
  if (f.both && f.summaryOnly && f.inputOnly) {
    lines.push(row("both", f.both.a, f.both.v, f.both.rSquared, f.both.n));
    lines.push(row("summary only", null, f.summaryOnly.v, f.summaryOnly.rSquared, f.summaryOnly.n));
    lines.push(row("input only", f.inputOnly.a, null, f.inputOnly.rSquared, f.inputOnly.n));
  } else {
    lines.push(`  (not fitted: ${f.timeModelError})`);
  }
  lines.push(
    `  used: a = ${
      // A summary-only fit keeps a at exactly 0: "0", not "0.000e+0".
      r.timeModel.aSecondsPerToken === 0
        ? "0"
        : r.timeModel.aSecondsPerToken.toExponential(3)} s/token, v = ${
      Number.isFinite(r.timeModel.vTokensPerSecond)
        ? r.timeModel.vTokensPerSecond.toFixed(1)
        : "infinite (summary size adds no time)"
    } token/s (${f.timeModelSource}${
      f.constrained === null || f.constrained.method === "given"
        ? ""
        : `; ${f.constrained.method}: ${f.constrained.reason}; R^2 ${
          fixed(f.constrained.rSquared, 3)
        }`
    })`,
    `Summary size ${summaryModelText(r)}; R(C) = ${f.postPrefix.toFixed(0)} + G(C)${
      given("postPrefix")
    }; beta ${f.beta.toFixed(3)}${given("beta")}, c_post ${f.cPost.toFixed(3)}${
      given("cPost")
    }, mean growth ${fixed(f.meanGrowthTokens, 0)} tokens/request`,
    ...(f.compactionModelError === null ? [] : [`  (not fitted: ${f.compactionModelError})`]),
    pricesLine(r.prices),
    "",
  );
  lines.push(...reworkLines(r));
  const best = r.replay.findIndex((p) => p.trigger === r.steadyState.replayArgminTokens);
  if (best >= 0) {
    const p = r.replay[best];
    lines.push(
      `Cheapest trigger: ${k(p.trigger)} tokens: ${usd(p.costPerMillion.mean)} per million ` +
        `(10-90%: ${usd(p.costPerMillion.p10)}-${usd(p.costPerMillion.p90)}), time share ` +
        `${pct(p.timeShare.mean)} (${pct(p.timeShare.p10)}-${pct(p.timeShare.p90)}), ` +
        `${fixed(p.compactions.mean, 1)} compactions per workload (mean)`,
    );
    if (r.steadyState.argminAtGridEdge) {
      lines.push(
        `  WARNING: the cheapest trigger is the grid's ${best === 0 ? "first" : "last"} point (${
          k(r.options.triggerFrom)
        }-${
          k(r.options.triggerTo)
        }): the optimum may lie outside the grid; widen it with --trigger-${
          best === 0 ? "from" : "to"
        }.`,
      );
    }
  }
  const s = r.steadyState;
  const carries = r.rework?.applied !== null && r.rework?.applied !== undefined;
  const tok = (v: number | null | undefined) => (v === null || v === undefined ? "n/a" : k(v));
  lines.push(
    `Steady state T* = ${tok(s.tStarTokens)} tokens; replay argmin ${
      tok(s.replayArgminTokens)
    }; ratio ${fixed(s.ratio, 2)}${
      carries
        ? ` (without rework: T* ${tok(s.tStarWithoutReworkTokens)}, argmin ${
          tok(s.replayArgminWithoutReworkTokens)
        })`
        : ""
    }`,
    ...rangeLines(r),
    "",
    `Checks: observed bill ${usd(r.checks.observedBill.costPerMillion)} per million ` +
      `(compactions ${usd(r.checks.observedBill.compactionCostPerMillion)})`,
    ...leftOutLines(r),
  );
  const at = r.checks.replayAtObservedTrigger;
  lines.push(
    at === null
      ? "  replay at the observed trigger: n/a (no automatic compaction)"
      : `  replay of the observed history at ${(at.trigger / 1000).toFixed(1)}K: ${
        usd(at.costPerMillion)
      } per million, ratio ${at.ratioToObservedBill.toFixed(3)}`,
  );
  const g = r.checks.permuteKeepsGrowth;
  if (g) {
    lines.push(
      `  permute keeps each session's growth: ${
        g.mismatches === 0 ? "yes" : `NO (${g.mismatches} mismatches)`
      } (${countText(g.workloads, "workload")} x ${countText(g.sessions, "session")})`,
    );
  }
  lines.push("", ...recommendationLines(r));
  if (r.steadyState.confidence.grade !== "low") lines.push(confidenceLine(r));
  lines.push(
    "",
    "  trigger   cost/M mean   p10      p90      time share  compactions  observed cost/M  sessions",
    "                                                         (mean)",
  );
  const cells = r.replay.map((p) =>
    `   ${usd(p.costPerMillion.mean).padStart(9)}  ${usd(p.costPerMillion.p10).padStart(7)}  ${
      usd(p.costPerMillion.p90).padStart(7)
    }  ${pct(p.timeShare.mean).padStart(9)}  ${fixed(p.compactions.mean, 1).padStart(11)}  ${
      usd(p.observed.costPerMillion).padStart(15)
    }  ${String(p.support.sessions).padStart(8)}${p.support.extrapolated ? " extrapolated" : ""}`
  );
  // Identical runs are one line, long runs no session reaches are thinned (the JSON has all).
  const layout = triggerTableLayout(cells, r.replay.map((p) => p.support.sessions > 0));
  for (const line of layout) {
    if (line.kind === "row") {
      lines.push(`  ${k(r.replay[line.index].trigger).padStart(7)}${cells[line.index]}`);
    } else if (line.kind === "same") {
      lines.push(
        `  ${k(r.replay[line.from].trigger)}-${k(r.replay[line.to].trigger)}: the same as ${
          k(r.replay[line.as].trigger)
        } (${countText(line.to - line.from + 1, "trigger")})`,
      );
    } else {
      lines.push(
        `  ${k(r.replay[line.from].trigger)}-${k(r.replay[line.to].trigger)}: no session ` +
          `reaches these triggers; one row in ${line.every} shown, ` +
          `${countText(line.hidden, "row")} left out (--json has every trigger)`,
      );
    }
  }
  lines.push(
    `Seed ${r.options.seed}, ${
      countText(r.options.workloads, "workload")
    }, ${r.options.method} blocks of ${r.options.blockSize}${
      r.options.blockSizeChosen ? " (chosen from the data, Politis-White)" : ""
    }.`,
    "",
  );
  return lines.join("\n");
}

/**
 * What the replay leaves out or counts apart (docs/method.md, Advisor passes, Model filter,
 * Precomputed compactions): advisor passes with their dollars, the sessions of another model with
 * their requests and dollars, a session kept whole across a `/model` switch, and the time share
 * if the observed share of precomputed compactions cost no waiting.
 *
 * @param r The report.
 * @returns Lines (none when there is nothing to say).
 */
export function leftOutLines(r: TriggerReport): string[] {
  const c = r.corpus;
  const usd = (v: number | null) => (v === null ? "n/a" : `$${v.toFixed(2)}`);
  const lines: string[] = [];
  if (c.advisor.iterations > 0) {
    lines.push(
      `  left out of the replay: ${
        countText(c.advisor.iterations, "advisor pass", "advisor passes")
      } of another ` +
        `model, ${formatNumber(c.advisor.billedTokens / 1e6, { digits: 1 })} million billed ` +
        `tokens (${(100 * c.advisor.billedTokens / c.billedTokens).toFixed(1)}% of D), ` +
        `${usd(c.advisor.usd)} at catalog prices, ` +
        `${usd(r.checks.observedBill.advisorCostPerMillion)} per million of D` +
        (c.advisor.unpricedIterations > 0
          ? ` (${c.advisor.unpricedIterations} of a model the catalog does not know)`
          : ""),
    );
  }
  if (c.leftOut.requests > 0) {
    lines.push(
      `  left out of this model's analysis: ${countText(c.leftOut.requests, "request")} in ` +
        `${countText(c.leftOut.sessions, "session")} of another model (or no majority), ` +
        `${usd(c.leftOut.usd)} at each request's own catalog prices` +
        (c.leftOut.unpricedRequests > 0
          ? ` (${c.leftOut.unpricedRequests} of models the catalog does not know)`
          : ""),
    );
  }
  if (c.modelSwitches.sessions > 0) {
    lines.push(
      `  kept whole across /model: ${countText(c.modelSwitches.sessions, "session")} with ` +
        `${countText(c.modelSwitches.requestsOfOtherModels, "request")} of other models, ` +
        `priced as ${c.model}`,
    );
  }
  const p = r.precomputedCompactions;
  if (p.share > 0) {
    const band = p.recommendedTimeShare;
    lines.push(
      `  precomputed compactions: ${(100 * p.share).toFixed(0)}% of the observed ones; the time ` +
        `shares count every compaction's time; if that share cost no waiting, the recommended ` +
        `trigger's time share would be ${
          band === null || band.mean === null ? "n/a" : `${(100 * band.mean).toFixed(1)}%`
        } (with: ${
          r.recommendation.timeShare?.mean == null
            ? "n/a"
            : `${(100 * r.recommendation.timeShare.mean).toFixed(1)}%`
        })`,
    );
  }
  return lines;
}

/**
 * The rework after each compaction as text: where it came from, the estimate with its interval
 * and the naive figure, and what the replay added.
 *
 * @param r The report.
 * @returns Lines (none for a document without a rework block).
 */
export function reworkLines(r: TriggerReport): string[] {
  const w = r.rework;
  if (w === undefined) return [];
  const tokens = (v: number) => `${(v / 1000).toFixed(1)}K`;
  const head = "Rework after each compaction (the cost of forgetting)";
  if (w.source === "off") return [`${head}: off (--rework off), the published method.`];
  if (w.source === "none") return [`${head}: not replayed: ${w.reason}.`];
  const t = w.tokensPerCompaction!, q = w.requestsPerCompaction!;
  const lines = w.source === "option"
    ? [`${head}: given by option: ${tokens(t.estimate)} tokens, ${q.estimate} requests.`]
    : [
      `${head}: measured on ${w.compactions} compactions (windows of ${w.windowRequests} ` +
      `requests, control before each boundary): ${tokens(t.estimate)} tokens (95% ` +
      `${tokens(t.low)}-${tokens(t.high)}) and ${q.estimate.toFixed(1)} requests (` +
      `${q.low.toFixed(1)}-${q.high.toFixed(1)}) per compaction; naive (no control) ${
        w.naiveTokensPerCompaction === null ? "n/a" : tokens(w.naiveTokensPerCompaction)
      }; ${w.growth === null ? "" : `${w.growth.kind}: ${w.growth.reason}; `}seed ${w.seed}.`,
    ];
  const a = w.applied;
  if (a !== null) {
    lines.push(
      `  Replayed: ${
        a.tokensPerInputToken === 0
          ? `${tokens(a.tokensIntercept)} tokens`
          : `${a.tokensIntercept.toFixed(0)} + ${a.tokensPerInputToken.toFixed(4)}*C tokens`
      } added after each compaction and ${a.requests.toFixed(2)} extra requests at ` +
        `${a.outputTokensPerRequest.toFixed(0)} output tokens and ${
          a.workSecondsPerRequest.toFixed(1)
        } s each.`,
    );
  }
  return lines;
}

/**
 * The recommendation as text: the chosen trigger, the saving against the observed trigger, the
 * settings.json snippet and the environment line, the arithmetic and the caveat.
 *
 * @param r The report.
 * @returns Lines.
 */
function recommendationLines(r: TriggerReport): string[] {
  const rec = r.recommendation;
  const budget = rec.maxTimeShare === null
    ? ""
    : ` within a time share of ${pct(rec.maxTimeShare)}`;
  if (rec.trigger === null) {
    return [`Recommendation: none${budget}: ${rec.budgetError}.`];
  }
  const lines = [
    `Recommendation: compact at ${k(rec.trigger)} tokens (${
      rec.rule.prefer === "cheapest" ? "the cheapest trigger" : `--prefer ${rec.rule.prefer}`
    }${budget}): ` +
    `${usd(rec.costPerMillion?.mean ?? null)} per million, time share ${
      pct(rec.timeShare?.mean ?? null)
    }` +
    (rec.atObservedTrigger === null || rec.savingVsObservedTrigger === null
      ? ""
      : `; against ${(rec.atObservedTrigger.trigger / 1000).toFixed(1)}K observed (${
        usd(rec.atObservedTrigger.costPerMillion)
      }, time share ${pct(rec.atObservedTrigger.timeShare)}) that is ${
        rec.savingVsObservedTrigger >= 0
          ? `${pct(rec.savingVsObservedTrigger)} less`
          : `${pct(-rec.savingVsObservedTrigger)} more`
      } per million`),
  ];
  const windowNote = `context window ${rec.contextWindow} tokens (${
    rec.contextWindowSource === "option"
      ? "--context-window"
      : rec.contextWindowSource === "catalog"
      ? "the model's, from the price catalog"
      : "default; set --context-window"
  })`;
  lines.push(...recommendationRangeLines(r));
  if (rec.settings === null) {
    // Withheld on a low grade (recommendationRangeLines said why).
  } else if (rec.kind === "notReachable" || rec.settings.autoCompactWindow === null) {
    lines.push(`  Not reachable for this model: ${rec.arithmetic}; ${windowNote}.`);
  } else {
    const snippet: Record<string, unknown> = { autoCompactWindow: rec.settings.autoCompactWindow };
    if (Object.keys(rec.settings.env).length > 0) snippet.env = rec.settings.env;
    lines.push(
      `  In settings.json (${windowNote}):`,
      ...JSON.stringify(snippet, null, 2).split("\n").map((l) => `    ${l}`),
      `  or in the environment: ${rec.environment.join(" ")}`,
      `  Arithmetic: ${rec.arithmetic}.`,
    );
  }
  lines.push(`  Caveat: ${rec.caveat}`, ...settingLines(r));
  return lines;
}

/**
 * Default | current | recommended, where the setting in use comes from, and whether it took
 * effect (nothing when the settings were not read).
 *
 * @param r The report.
 * @returns Lines (empty without a current setting).
 */
export function settingLines(r: TriggerReport): string[] {
  const rec = r.recommendation;
  if (rec.current === null) return [];
  const lines = [
    "",
    `Setting in use: ${
      rec.current.autoCompactWindow === null
        ? "no autoCompactWindow"
        : `autoCompactWindow ${rec.current.autoCompactWindow}`
    }${
      rec.current.pctOverride === null ? "" : `, percentage override ${rec.current.pctOverride}%`
    }` +
    (rec.current.source === "default"
      ? " (nothing set: Claude Code's default)"
      : ` (from ${settingSourceText(rec.current.source, rec.current.key)})`) +
    `; against the default and ` +
    `the recommendation:`,
    ...settingTableLines(rec),
  ];
  const sentence = tookEffectSentence(rec.measuredOffset);
  if (sentence !== null) lines.push(`  Did it take effect? ${sentence}`);
  return lines;
}

/**
 * Reads the settings for the analysis and warns (stderr) about layers that could not be used.
 *
 * @param command The command's name for messages.
 * @param settingsPath `--settings` as typed.
 * @param since `--since` (`YYYY-MM-DD`) or null.
 * @returns The snapshot, or an exit code (3: `--settings` names no file).
 */
export async function settingsForCommand(
  command: string,
  settingsPath: string | undefined,
  since: string | null,
): Promise<SettingsSnapshot | number> {
  try {
    const snapshot = await readCliSettings(settingsPath, since);
    for (const layer of snapshot.layers) {
      if (layer.error !== null) {
        console.error(`${command}: ${layer.path}: ${layer.error}; this settings file is ignored`);
      }
    }
    return snapshot;
  } catch (error) {
    if (error instanceof SettingsFileMissingError) {
      console.error(`${command}: ${error.message}`);
      return EXIT.missingPath;
    }
    throw error;
  }
}

/**
 * Billed tokens for the `--model all` comparison: whole millions, grouped, from 10 million; one
 * decimal below that; thousands below a million (a model of a few sessions read "0M").
 *
 * @param tokens Billed tokens.
 * @returns e.g. "3,936M", "1.2M", "240K", "800".
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { billedCell } from "./analyze.ts";
 * assert.equal(billedCell(3_936_080_000), "3,936M");
 * assert.equal(billedCell(1_249_000), "1.2M");
 * assert.equal(billedCell(240_400), "240K");
 * assert.equal(billedCell(800), "800");
 * ```
 */
export function billedCell(tokens: number): string {
  // Each bound is where the finer format would round up to the coarser one's first value.
  if (tokens >= 9_950_000) return `${formatNumber(tokens / 1e6, { digits: 0 })}M`;
  if (tokens >= 999_500) return `${formatNumber(tokens / 1e6, { digits: 1 })}M`;
  if (tokens >= 999.5) return `${formatNumber(tokens / 1e3, { digits: 0 })}K`;
  return formatNumber(tokens, { digits: 0 });
}

/**
 * The per-model document as text: each model's report (or why it could not be analysed), then
 * the comparison table.
 *
 * @param doc The per-model document.
 * @returns Text ending in a newline.
 */
export function formatModelsReport(doc: ModelsReport): string {
  const parts: string[] = [];
  for (const entry of doc.models) {
    parts.push(`=== ${entry.model} ===`);
    if ("analysis" in entry) {
      parts.push(formatReport(entry.analysis));
      continue;
    }
    const flags = entry.error.missing.map((m) => MODEL_FLAGS[m].flag);
    // The reasons alone: the flags that would let it be analysed follow on the "No curves" line.
    const why = entry.error.reasons.join("; ");
    parts.push(`Not analysed: ${why.charAt(0).toLowerCase()}${why.slice(1)}.`);
    const w = entry.withoutCurves;
    if (w !== undefined) {
      const c = w.corpus;
      parts.push(
        `Corpus: ${sessionsText(c.sessions)}, ${countText(c.requests, "request")}, ${
          c.workHours.toFixed(1)
        } h agent time, ${formatNumber(c.billedTokens / 1e6, { digits: 1 })} million billed ` +
          `tokens, ${formatNumber(c.compactions.auto)} auto + ${
            formatNumber(c.compactions.manual)
          } ` +
          `manual compactions ` +
          `(${formatNumber(c.compactions.timed)} timed), omega ${fixed(c.omega, 3)}`,
        pricesLine(w.prices),
        w.observedBill === null
          ? "Observed bill: n/a (its compactions need a summary size and a cached share)"
          : `Observed bill: ${usd(w.observedBill.costPerMillion)} per million (compactions ` +
            `${usd(w.observedBill.compactionCostPerMillion)})`,
      );
    }
    parts.push(
      flags.length === 0
        ? "No curves: nothing to replay.\n"
        : `No curves: they need ${flags.join(", ")} (given by flag, or fitted from more ` +
          `compactions of this model).\n`,
    );
  }
  const band = (b: { mean: number | null; p10: number | null; p90: number | null } | null) =>
    b === null ? "n/a" : `${usd(b.mean)} (${usd(b.p10)}-${usd(b.p90)})`;
  const tok = (v: number | null) => (v === null ? "n/a" : k(v));
  parts.push(
    "Comparison (each model's cost per million is divided by its own billed tokens):",
    "  model                      sessions   requests    billed  observed  cheapest  cost/M at cheapest (10-90%)   T*     time share  saving  grade   $/30 days",
  );
  for (const c of doc.comparison) {
    parts.push(
      `  ${c.model.slice(0, 26).padEnd(26)} ${formatNumber(c.sessions).padStart(8)}  ${
        formatNumber(c.requests).padStart(9)
      }  ${billedCell(c.billedTokens).padStart(8)}  ${
        (c.observedTrigger === null ? "n/a" : `${(c.observedTrigger / 1000).toFixed(1)}K`)
          .padStart(8)
      }  ${`${tok(c.cheapestTrigger)}${c.argminAtGridEdge ? "*" : ""}`.padStart(8)}  ${
        band(c.cheapestCostPerMillion).padEnd(28)
      }  ${tok(c.tStarTokens).padStart(5)}  ${
        pct(c.timeShareAtCheapest?.mean ?? null).padStart(10)
      }  ${pct(c.savingVsObservedTrigger).padStart(6)}  ${(c.confidence ?? "n/a").padEnd(6)}  ${
        (c.dollars?.per30DaysUsd == null ? "n/a" : `$${c.dollars.per30DaysUsd.toFixed(0)}`)
          .padStart(9)
      }${c.error === null ? "" : "  (not analysed)"}`,
    );
  }
  if (doc.comparison.some((c) => c.argminAtGridEdge)) {
    parts.push("  * on the grid's edge: the optimum may lie outside the grid.");
  }
  if (doc.modelsWithoutSession.length > 0) {
    parts.push(
      `  Models without a session of their own (their requests share sessions with another ` +
        `model): ${
          doc.modelsWithoutSession.map((m) => `${m.model} (${countText(m.requests, "request")})`)
            .join(", ")
        }`,
    );
  }
  parts.push("");
  return parts.join("\n");
}

/** The prices line of the text report: each price with its source and the catalog entry. */
function pricesLine(p: TriggerReport["prices"]): string {
  return `Prices: alpha ${p.alpha} (${p.sources.alpha}), rho ${p.rho} ` +
    `(${p.sources.rho}), p_m $${p.inputUsdPerMillion}/M ` +
    `(${p.sources.inputUsdPerMillion}), omega ${p.omega.toFixed(3)} ` +
    `(${p.sources.omega}); ${
      p.catalogModel === null
        ? `not in the price catalog (${p.catalog.name} ${p.catalog.version})`
        : `${p.catalogModel.displayName} in ${p.catalog.name} ${p.catalog.version}`
    }${
      p.tierThresholdTokens === null
        ? ""
        : `; higher price tier above ${k(p.tierThresholdTokens)} tokens of input`
    }`;
}

/**
 * The per-model document with the filter it was run with, at the top and in each model's own
 * options (as a single-model document carries it).
 *
 * @param doc The per-model document.
 * @param filters The filter record of the input.
 * @returns A copy with `options.filters` added (additive: the other fields keep their place).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { modelsDocumentWithFilters } from "./analyze.ts";
 *
 * const filters = { since: null, until: null, project: null,
 *   leftOut: { files: 0, sessions: 0, undatedSessions: 0 } };
 * const doc = { schemaVersion: 1 as const, options: {}, models: [], comparison: [],
 *   modelsWithoutSession: [] };
 * assert.deepEqual(modelsDocumentWithFilters(doc, filters).options, { filters });
 * ```
 */
export function modelsDocumentWithFilters(
  doc: ModelsReport,
  filters: SelectedInput["filters"],
): ModelsReport {
  return {
    ...doc,
    options: { ...doc.options, filters },
    models: doc.models.map((entry) =>
      "analysis" in entry
        ? {
          ...entry,
          analysis: { ...entry.analysis, options: { ...entry.analysis.options, filters } },
        }
        : entry
    ),
  };
}

/**
 * Runs the command.
 *
 * @param args Command-line arguments.
 * @returns The exit code (see `--help`).
 *
 * @example An unknown flag is a usage error (exit 2)
 * ```ts
 * import assert from "node:assert/strict";
 * import { main } from "./analyze.ts";
 *
 * assert.equal(await main(["--no-such-flag"]), 2);
 * ```
 */
export async function main(args: string[]): Promise<number> {
  const read = commandLineOrExit("analyze", args, {
    options: {
      json: { type: "boolean" },
      model: { type: "string" },
      ...ANALYZE_FLAG_OPTIONS,
      ...FILTER_OPTIONS,
      ...TABLES_OPTIONS,
    },
    help: HELP,
    check: (line) => {
      if (line.values.tables !== undefined && line.positionals.length > 0) {
        throw new UsageError("give either --tables DIR or transcript paths, not both");
      }
      return filterFromValues(line.values);
    },
  });
  if (typeof read === "number") return read;
  const { line: parsed, checked: filter } = read;
  const values = parsed.values as Record<string, string | boolean | undefined>;
  let flags;
  try {
    flags = analyzeFlagsFromValues(values);
  } catch (error) {
    console.error(`analyze: ${(error as Error).message}`);
    return EXIT.invalidArguments;
  }
  const { options: analyzeOptions, idleLimitSeconds, threads, pricesPath } = flags;
  const settings = await settingsForCommand("analyze", flags.settingsPath, filter.since ?? null);
  if (typeof settings === "number") return settings;
  analyzeOptions.settings = settings;
  // The prices file is read before the corpus (a missing file fails at once) and parsed once
  // the model is known (its per-model entries apply).
  let pricesText: string | undefined;
  if (pricesPath !== undefined) {
    try {
      pricesText = await readPricesText(pricesPath);
    } catch (error) {
      console.error(`analyze: ${(error as Error).message}`);
      return (error as PricesFileError).notFound ? EXIT.missingPath : EXIT.emptySample;
    }
  }
  try {
    if (typeof values.tables === "string") {
      if (Deno.stderr.isTerminal()) analyzeOptions.onProgress = replayProgressReporter("analyze");
      return await analyzeTables({
        values: parsed.values,
        options: { ...analyzeOptions, threads },
        idleLimitSeconds,
        pricesFor: pricesText === undefined
          ? undefined
          : (model) => pricesForModel(pricesText, model, pricesPath!),
        formatReport,
        formatModelsReport,
        missingInputsMessage: (e) => missingInputsMessage(e.missing, e.reasons, args),
      });
    }
    const input = await selectInputOrExit("analyze", parsed.positionals, filter);
    if (typeof input === "number") return input;
    if (Deno.stderr.isTerminal()) analyzeOptions.onProgress = replayProgressReporter("analyze");
    if (values.model === "all") {
      return await _allModels(
        input,
        { ...analyzeOptions, threads },
        idleLimitSeconds,
        values,
        pricesText === undefined
          ? undefined
          : (model) => pricesForModel(pricesText, model, pricesPath!),
      );
    }
    const corpus = await readInputCorpus("analyze", input, {
      model: values.model as string | undefined,
      idleLimitSeconds,
      fetchTargets: readsFetchTargets(analyzeOptions) && "compacted" as const,
      onProgress: progressReporter("analyze: reading"),
    });
    if (pricesText !== undefined) {
      try {
        analyzeOptions.prices = pricesForModel(pricesText, corpus.model, pricesPath!);
      } catch (error) {
        console.error(`analyze: ${(error as Error).message}`);
        return EXIT.invalidArguments;
      }
    }
    if (corpus.requests.length === 0) {
      console.error(emptySampleMessage("analyze", corpus, input.paths));
      return EXIT.emptySample;
    }
    let report: TriggerReport;
    try {
      report = (await analyzeTrigger(corpus, { ...analyzeOptions, threads })).report;
    } catch (error) {
      if (error instanceof MissingModelInputsError) {
        console.error(missingInputsMessage(error.missing, error.reasons, args));
        return EXIT.emptySample;
      }
      throw error;
    }
    // The filter joins the options it was run with (additive: the other fields keep their place).
    const document = { ...report, options: { ...report.options, filters: input.filters } };
    writeStdout(
      (values.json
        ? JSON.stringify(document, null, 2)
        : [filterLine(input.filters), formatReport(report), `Answer: ${answerSentence(report)}`]
          .filter((t) => t !== "").join("\n")) + "\n",
    );
    return EXIT.ok;
  } catch (error) {
    return failureExit("analyze", error);
  }
}

/** `--model all`: read once, one analysis per model, the comparison. */
async function _allModels(
  input: SelectedInput,
  options: AnalyzeOptions,
  idleLimitSeconds: number,
  values: Record<string, string | boolean | undefined>,
  pricesFor: ((model: string) => PriceOverrides) | undefined,
): Promise<number> {
  const paths = input.files;
  const { corpora, withoutSession, overall } = await readCorpusPerModel(paths, {
    idleLimitSeconds,
    fetchTargets: readsFetchTargets(options) && "compacted" as const,
    onProgress: progressReporter("analyze: reading"),
  });
  if (corpora.length === 0) {
    // What the files held, from the same read.
    console.error(emptySampleMessage("analyze", overall, input.paths));
    return EXIT.emptySample;
  }
  const terminal = Deno.stderr.isTerminal();
  const { report } = await analyzeModels(corpora, {
    ...options,
    pricesForModel: pricesFor,
    onModel: terminal
      ? (model, i, n) => console.error(`analyze: model ${i + 1}/${n}: ${model}`)
      : undefined,
  }, withoutSession);
  writeStdout(
    values.json
      ? JSON.stringify(modelsDocumentWithFilters(report, input.filters), null, 2) + "\n"
      : [filterLine(input.filters), formatModelsReport(report)].filter((t) => t !== "")
        .join("\n") + "\n",
  );
  return report.models.some((m) => "analysis" in m) ? EXIT.ok : EXIT.emptySample;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
