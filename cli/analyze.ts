/**
 * `deno task analyze [PATH...]`: when should the model compact? Replays the corpus's sessions
 * at every trigger of a grid and prints the cost and time-share curves (analysis-spec §2, §3,
 * §5).
 *
 * @module
 */

import { parseArgs } from "node:util";
import { BLOCK_METHODS, type BlockMethod } from "../lib/stats/block_resample.ts";
import { defaultProjectsDir, readCorpus } from "../lib/transcript/mod.ts";
import {
  type AnalyzeOptions,
  analyzeTriggerParallel,
  DEFAULT_ANALYZE_OPTIONS,
  MissingModelInputsError,
  type ModelInput,
  type TriggerReport,
} from "../lib/trigger/mod.ts";
import { pricesFromFile } from "../lib/prices/mod.ts";
import { emptySampleMessage, EXIT, failureExit, progressReporter } from "./_shared.ts";

const D = DEFAULT_ANALYZE_OPTIONS;
/** Replay threads: 1, since on the 2-core machines here worker start-up and contention ate the gain. */
const DEFAULT_THREADS = 1;

const HELP = `Usage: deno task analyze [OPTIONS] [--] [PATH...]

Replays every session of the corpus at every compaction trigger of a grid, for the observed
history and ${D.workloads} block-bootstrap resamples, and reports the cost per million tokens and the
share of agent time spent compacting at each trigger, the cheapest trigger with its 10-90% band,
the steady-state T*, and checks (observed bill vs the replay at the observed trigger).
Directories are walked recursively for *.jsonl. With no PATH: $CLAUDE_CONFIG_DIR/projects, else
~/.claude/projects. Transcripts are only read; output holds aggregates only.

Options:
  --json                  Print one JSON document (analysis-spec section 5) to stdout.
  --model NAME            Target model (string; default: the model with the most requests).
  --alpha NUMBER          Cached / uncached input price ratio (default: from the price catalog
                          for the model, else ${D.alpha}).
  --rho NUMBER            Output / uncached input price ratio (default: catalog, else ${D.rho}).
  --price NUMBER          Uncached input price p_m, USD per million tokens (default: catalog,
                          else ${D.inputUsdPerMillion}).
  --omega NUMBER          Uncached-token price multiplier (default: from the corpus's cache writes).
  --cache-write-5m NUMBER 5-minute cache-write price / p_m (default: catalog, else 1.25).
  --cache-write-1h NUMBER 1-hour cache-write price / p_m (default: catalog, else 2).
  --prices FILE           JSON prices file: any of alpha, rho, inputUsdPerMillion, omega,
                          cacheWrite5m, cacheWrite1h, tiers, and per-model entries under
                          "models" (shape: lib/prices/prices_file.ts). Flags win over it.
  --a NUMBER              Compaction seconds per input token (default: from the time fit).
  --v NUMBER              Summary tokens written per second (default: from the time fit).
  --summary-tokens TOKENS Summary size G of every compaction, tokens; G(C) = G, a constant
                          (default: fitted, G(C) = g0 + g1*C, or the median G with fewer than 3
                          compactions).
  --post-prefix TOKENS    Context kept besides the summary after a compaction, P, tokens;
                          R(C) = P + G(C) (default: median of R - G over the compactions).
  --beta SHARE            Cached share of the compaction input, 0 to 1 (default: median over
                          the compactions).
  --c-post SHARE          Cached share of the first request after a compaction, 0 to 1
                          (default: median over the compactions).
  --method NAME           Resampling: ${BLOCK_METHODS.join(", ")} (default: ${D.method}).
  --block-size INTEGER    Steps per resampling block (default: ${D.blockSize}).
  --workloads INTEGER     Resampled workloads (default: ${D.workloads}).
  --seed INTEGER          PRNG seed, recorded in the output (default: ${D.seed}).
  --trigger-from TOKENS   First trigger of the grid (default: ${D.triggerFrom}).
  --trigger-to TOKENS     Last trigger of the grid (default: ${D.triggerTo}).
  --trigger-step TOKENS   Grid spacing (default: ${D.triggerStep}).
  --idle-limit SECONDS    Gaps longer than this count as idle (default: 300).
  --compaction-step-share previous|kept
                          Cached share of a step across a real compaction where the replay
                          does not compact: the request's before it (previous) or its own
                          (kept, analysis-spec section 3 literally) (default:
                          ${D.compactionStepShare}). See "Choices" below.
  --threads INTEGER       Worker threads for the replay; the output does not depend on it
                          (default: ${DEFAULT_THREADS}).
  -h, --help              Show this help.

When the corpus has too few timed compactions to fit the time model, give both --a and --v.
When it has no usable compaction at all, give the compaction model by hand too, e.g.
  deno task analyze --a 9e-5 --v 80 --summary-tokens 8000 --post-prefix 58000 --beta 0.99 \\
    --c-post 0.3 PATH
(the values of the full synthetic corpus, which reproduces the published one). A value given
overrides the fitted one; the JSON says which were given (fit.timeModelSource,
fit.compactionModelSource).

Choices:
  The default --compaction-step-share previous deviates from analysis-spec section 3, which
  keeps a step's own cached share after a real compaction (kept). Where the replay does not
  compact at that step, kept bills a whole pre-compaction context at the low cached share
  (about 0.3) the real compaction left, although without a compaction the cache would have been
  warm. On the full synthetic corpus the replay of the observed history at the observed trigger
  is 1.0555x the observed bill with kept and 1.0043x with previous. The JSON records the rule
  used in options.compactionStepShare.

Exit codes:
  0  success
  1  nothing to analyze: no request of the model, or a model could not be fitted
  2  invalid arguments
  3  a path does not exist
  4  a file could not be read
`;

interface NumberFlag {
  flag: string;
  key: keyof AnalyzeOptions | "idleLimitSeconds" | "threads";
  integer: boolean;
  min: number;
  /** true: the value must be > min; false: ≥ min. */
  exclusive: boolean;
  /** Largest allowed value (inclusive). @default {Infinity} */
  max?: number;
}

const NUMBER_FLAGS: NumberFlag[] = [
  { flag: "alpha", key: "alpha", integer: false, min: 0, exclusive: false },
  { flag: "rho", key: "rho", integer: false, min: 0, exclusive: false },
  { flag: "price", key: "inputUsdPerMillion", integer: false, min: 0, exclusive: true },
  { flag: "omega", key: "omega", integer: false, min: 0, exclusive: false },
  { flag: "cache-write-5m", key: "cacheWrite5m", integer: false, min: 0, exclusive: false },
  { flag: "cache-write-1h", key: "cacheWrite1h", integer: false, min: 0, exclusive: false },
  { flag: "a", key: "a", integer: false, min: 0, exclusive: true },
  { flag: "v", key: "v", integer: false, min: 0, exclusive: true },
  { flag: "summary-tokens", key: "summaryTokens", integer: false, min: 0, exclusive: false },
  { flag: "post-prefix", key: "postPrefix", integer: false, min: 0, exclusive: false },
  { flag: "beta", key: "beta", integer: false, min: 0, exclusive: false, max: 1 },
  { flag: "c-post", key: "cPost", integer: false, min: 0, exclusive: false, max: 1 },
  { flag: "block-size", key: "blockSize", integer: true, min: 1, exclusive: false },
  { flag: "workloads", key: "workloads", integer: true, min: 1, exclusive: false },
  { flag: "seed", key: "seed", integer: true, min: 0, exclusive: false },
  { flag: "trigger-from", key: "triggerFrom", integer: false, min: 0, exclusive: true },
  { flag: "trigger-to", key: "triggerTo", integer: false, min: 0, exclusive: true },
  { flag: "trigger-step", key: "triggerStep", integer: false, min: 0, exclusive: true },
  { flag: "idle-limit", key: "idleLimitSeconds", integer: false, min: 0, exclusive: false },
  { flag: "threads", key: "threads", integer: true, min: 1, exclusive: false },
];

/**
 * Each input the corpus may fail to give: its flag, what the flag takes, and the example value
 * (the full synthetic corpus, which reproduces the published one: a 8.9e-5 s/token, v 79 tokens/s,
 * median G 7991 tokens, P 57399 tokens, β 0.996, c_post 0.305).
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
 * G(C) as the report's text says it: the line with its fit, the median fallback of
 * analysis-spec §2 with its reason, or the value given by flag.
 */
function summaryModelText(r: TriggerReport): string {
  const m = r.fit.summaryModel;
  if (m.method === "options") return `G(C) = ${m.g0.toFixed(0)} tokens (given)`;
  if (m.method === "median") {
    const why = m.n < 3
      ? `fewer than 3 compactions with C and G`
      : `all ${m.n} compactions with C and G have the same C`;
    return `G(C) = ${m.g0.toFixed(0)} tokens, the median G of ${m.n} compaction${
      m.n === 1 ? "" : "s"
    } (median fallback: ${why})`;
  }
  return `G(C) = ${m.g0.toFixed(0)} ${m.g1 < 0 ? "-" : "+"} ${
    Math.abs(m.g1).toFixed(5)
  }*C (linear, R^2 ${fixed(m.rSquared, 3)}, n ${m.n})`;
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
 * const text2 = formatReport(analyzeTrigger(corpus, { a: 1e-5, v: 80, workloads: 2 }));
 * assert.match(text2, /Cheapest trigger/);
 * ```
 */
export function formatReport(r: TriggerReport): string {
  const c = r.corpus;
  const f = r.fit;
  const given = (part: keyof typeof f.compactionModelSource) =>
    f.compactionModelSource[part] === "options" ? " (given)" : "";
  const lines = [
    `Corpus: ${c.model}, ${
      c.sessions.main + c.sessions.subagent
    } sessions (${c.sessions.main} main + ` +
    `${c.sessions.subagent} sub-agent), ${c.requests} requests, ${
      c.workHours.toFixed(1)
    } h agent time, ` +
    `${
      (c.billedTokens / 1e6).toFixed(0)
    }M billed tokens, ${c.compactions.auto} auto + ${c.compactions.manual} manual ` +
    `compactions (${c.compactions.timed} timed), observed trigger ${
      c.observedTrigger === null ? "n/a" : `${(c.observedTrigger / 1000).toFixed(1)}K`
    }, omega ${fixed(c.omega, 3)}`,
    `Reader: ${r.diagnostics.malformedLines} malformed lines skipped; sessions left out: ` +
    `${c.excludedSessions.otherModel} with another model, ${c.excludedSessions.noTargetModel} ` +
    `without the model; ${r.diagnostics.compactionsWithoutDuration} compactions without a ` +
    `duration, ${r.diagnostics.compactionsWithoutSummary} without a summary; ` +
    `${r.diagnostics.microcompactions} microcompactions (not compactions)`,
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
    `  used: a = ${r.timeModel.aSecondsPerToken.toExponential(3)} s/token, v = ${
      r.timeModel.vTokensPerSecond.toFixed(1)
    } token/s (${f.timeModelSource})`,
    `Summary size ${summaryModelText(r)}; R(C) = ${f.postPrefix.toFixed(0)} + G(C)${
      given("postPrefix")
    }; beta ${f.beta.toFixed(3)}${given("beta")}, c_post ${f.cPost.toFixed(3)}${
      given("cPost")
    }, mean growth ${fixed(f.meanGrowthTokens, 0)} tokens/request`,
    ...(f.compactionModelError === null ? [] : [`  (not fitted: ${f.compactionModelError})`]),
    `Prices: alpha ${r.prices.alpha} (${r.prices.sources.alpha}), rho ${r.prices.rho} ` +
      `(${r.prices.sources.rho}), p_m $${r.prices.inputUsdPerMillion}/M ` +
      `(${r.prices.sources.inputUsdPerMillion}), omega ${r.prices.omega.toFixed(3)} ` +
      `(${r.prices.sources.omega}); ${
        r.prices.catalogModel === null
          ? `not in the price catalog (${r.prices.catalog.name} ${r.prices.catalog.version})`
          : `${r.prices.catalogModel.displayName} in ${r.prices.catalog.name} ${r.prices.catalog.version}`
      }${
        r.prices.tierThresholdTokens === null
          ? ""
          : `; higher price tier above ${k(r.prices.tierThresholdTokens)} tokens of input`
      }`,
    "",
  );
  let best = -1;
  for (let i = 0; i < r.replay.length; i++) {
    const m = r.replay[i].costPerMillion.mean;
    if (m !== null && (best < 0 || m < r.replay[best].costPerMillion.mean!)) best = i;
  }
  if (best >= 0) {
    const p = r.replay[best];
    lines.push(
      `Cheapest trigger: ${k(p.trigger)} tokens: ${usd(p.costPerMillion.mean)} per million ` +
        `(10-90%: ${usd(p.costPerMillion.p10)}-${usd(p.costPerMillion.p90)}), time share ` +
        `${pct(p.timeShare.mean)} (${pct(p.timeShare.p10)}-${pct(p.timeShare.p90)}), ` +
        `${fixed(p.compactions.mean, 1)} compactions`,
    );
  }
  const s = r.steadyState;
  lines.push(
    `Steady state T* = ${s.tStarTokens === null ? "n/a" : k(s.tStarTokens)} tokens; replay argmin ${
      s.replayArgminTokens === null ? "n/a" : k(s.replayArgminTokens)
    }; ratio ${fixed(s.ratio, 2)}`,
    `Cheapest trigger of each resampled workload: 10-90% ${
      s.argminSpread.p10 === null ? "n/a" : k(s.argminSpread.p10)
    }-${s.argminSpread.p90 === null ? "n/a" : k(s.argminSpread.p90)} (median ${
      s.argminSpread.p50 === null ? "n/a" : k(s.argminSpread.p50)
    }, ${s.argminSpread.workloads} workloads)`,
    "",
    `Checks: observed bill ${usd(r.checks.observedBill.costPerMillion)} per million ` +
      `(compactions ${usd(r.checks.observedBill.compactionCostPerMillion)})`,
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
      } (${g.workloads} workloads x ${g.sessions} sessions)`,
    );
  }
  lines.push(
    "",
    "  trigger   cost/M mean   p10      p90      time share  compactions  observed cost/M",
  );
  for (const p of r.replay) {
    lines.push(
      `  ${k(p.trigger).padStart(7)}   ${usd(p.costPerMillion.mean).padStart(9)}  ${
        usd(p.costPerMillion.p10).padStart(7)
      }  ${usd(p.costPerMillion.p90).padStart(7)}  ${pct(p.timeShare.mean).padStart(9)}  ${
        fixed(p.compactions.mean, 1).padStart(11)
      }  ${usd(p.observed.costPerMillion).padStart(15)}`,
    );
  }
  lines.push(
    `Seed ${r.options.seed}, ${r.options.workloads} workloads, ${r.options.method} blocks of ${r.options.blockSize}.`,
    "",
  );
  return lines.join("\n");
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
  const options: Record<string, { type: "string" | "boolean"; short?: string; default?: boolean }> =
    {
      json: { type: "boolean", default: false },
      model: { type: "string" },
      method: { type: "string" },
      "compaction-step-share": { type: "string" },
      prices: { type: "string" },
      help: { type: "boolean", short: "h", default: false },
    };
  for (const f of NUMBER_FLAGS) options[f.flag] = { type: "string" };
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, strict: true, options });
  } catch (error) {
    console.error(`analyze: ${(error as Error).message}\nRun with --help for usage.`);
    return EXIT.invalidArguments;
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) {
    console.log(HELP);
    return EXIT.ok;
  }
  const analyzeOptions: AnalyzeOptions = {};
  let idleLimitSeconds = 300;
  let threads = DEFAULT_THREADS;
  for (const f of NUMBER_FLAGS) {
    const raw = values[f.flag];
    if (raw === undefined) continue;
    const v = Number(raw);
    const max = f.max ?? Infinity;
    const ok = String(raw).trim() !== "" && Number.isFinite(v) &&
      (f.exclusive ? v > f.min : v >= f.min) && v <= max && (!f.integer || Number.isInteger(v));
    if (!ok) {
      console.error(
        `analyze: --${f.flag} must be ${f.integer ? "an integer" : "a number"} ` +
          `${f.exclusive ? ">" : ">="} ${f.min}${
            max === Infinity ? "" : ` and <= ${max}`
          }, got "${raw}"`,
      );
      return EXIT.invalidArguments;
    }
    if (f.key === "idleLimitSeconds") idleLimitSeconds = v;
    else if (f.key === "threads") threads = v;
    else (analyzeOptions as Record<string, number>)[f.key] = v;
  }
  if (values.method !== undefined) {
    if (!BLOCK_METHODS.includes(values.method as BlockMethod)) {
      console.error(
        `analyze: --method must be one of ${BLOCK_METHODS.join(", ")}, got "${values.method}"`,
      );
      return EXIT.invalidArguments;
    }
    analyzeOptions.method = values.method as BlockMethod;
  }
  const share = values["compaction-step-share"];
  if (share !== undefined) {
    if (share !== "kept" && share !== "previous") {
      console.error(
        `analyze: --compaction-step-share must be kept or previous, got "${share}"`,
      );
      return EXIT.invalidArguments;
    }
    analyzeOptions.compactionStepShare = share;
  }
  const from = analyzeOptions.triggerFrom ?? D.triggerFrom;
  const to = analyzeOptions.triggerTo ?? D.triggerTo;
  if (to < from) {
    console.error(`analyze: --trigger-to (${to}) must be >= --trigger-from (${from})`);
    return EXIT.invalidArguments;
  }
  let paths = parsed.positionals;
  // The prices file is read before the corpus (a missing file fails at once) and parsed once
  // the model is known (its per-model entries apply).
  let pricesText: string | undefined;
  if (typeof values.prices === "string") {
    try {
      pricesText = await Deno.readTextFile(values.prices);
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) {
        console.error(`analyze: --prices: ${values.prices} not found`);
        return EXIT.missingPath;
      }
      return failureExit("analyze", error);
    }
  }
  try {
    if (paths.length === 0) paths = [defaultProjectsDir()];
    const corpus = await readCorpus(paths, {
      model: values.model as string | undefined,
      idleLimitSeconds,
      onProgress: progressReporter("analyze: reading"),
    });
    if (pricesText !== undefined) {
      try {
        analyzeOptions.prices = pricesFromFile(pricesText, corpus.model);
      } catch (error) {
        if (!(error instanceof RangeError)) throw error;
        console.error(`analyze: --prices ${values.prices}: ${error.message}`);
        return EXIT.invalidArguments;
      }
    }
    if (corpus.requests.length === 0) {
      console.error(emptySampleMessage("analyze", corpus, paths));
      return EXIT.emptySample;
    }
    if (Deno.stderr.isTerminal()) analyzeOptions.onProgress = _replayProgress;
    let report: TriggerReport;
    try {
      report = await analyzeTriggerParallel(corpus, { ...analyzeOptions, threads });
    } catch (error) {
      if (error instanceof MissingModelInputsError) {
        console.error(missingInputsMessage(error.missing, error.reasons, args));
        return EXIT.emptySample;
      }
      throw error;
    }
    console.log(values.json ? JSON.stringify(report, null, 2) : formatReport(report));
    return EXIT.ok;
  } catch (error) {
    return failureExit("analyze", error);
  }
}

function _replayProgress(done: number, total: number): void {
  const line = `\ranalyze: replayed ${done}/${total} workloads`;
  Deno.stderr.writeSync(new TextEncoder().encode(done === total ? `${line}\n` : line));
}

if (import.meta.main) Deno.exit(await main(Deno.args));
