/**
 * The trigger analysis' flags (`--alpha`, `--a`, `--method`, `--block-size`, `--prices`, …),
 * shared by `deno task analyze` and `deno task report` (and `demo`): one table, one help text,
 * one parser, so the commands take the same flags with the same checks and messages.
 *
 * @module
 */

import { BLOCK_METHODS, type BlockMethod } from "../lib/stats/block_resample.ts";
import { DEFAULT_IDLE_LIMIT_SECONDS } from "../lib/transcript/mod.ts";
import {
  type AnalyzeOptions,
  DEFAULT_ANALYZE_OPTIONS,
  DEFAULT_CONTEXT_WINDOW,
  DEFAULT_TRIGGER_GRID,
  MIN_DEFAULT_TRIGGER,
  PREFER_RULES,
  type PreferRule,
  reworkNeedsFetchTargets,
} from "../lib/trigger/mod.ts";
import { type PriceOverrides, pricesFromFile } from "../lib/prices/mod.ts";
import { callerPath } from "../lib/transcript/default_roots.ts";
import { type OptionSpec, UsageError } from "./_shared.ts";
import { SETTINGS_FLAG_HELP } from "./_settings.ts";

const D = DEFAULT_ANALYZE_OPTIONS;
const G = DEFAULT_TRIGGER_GRID;

/** A numeric flag: where its value goes and which values it takes. */
interface NumberFlag {
  flag: string;
  key: keyof AnalyzeOptions | "idleLimitSeconds" | "threads";
  integer: boolean;
  min: number;
  /** true: the value must be > min; false: ≥ min. */
  exclusive: boolean;
  /**
   * Largest allowed value (inclusive): far above any real price list, corpus or machine, so that
   * a slip (`--alpha 1e9`) is said at once instead of giving a meaningless answer.
   * @default {Infinity}
   */
  max?: number;
}

const NUMBER_FLAGS: readonly NumberFlag[] = [
  { flag: "alpha", key: "alpha", integer: false, min: 0, exclusive: false, max: 10 },
  { flag: "rho", key: "rho", integer: false, min: 0, exclusive: false, max: 100 },
  {
    flag: "price",
    key: "inputUsdPerMillion",
    integer: false,
    min: 0,
    exclusive: true,
    max: 10_000,
  },
  { flag: "omega", key: "omega", integer: false, min: 0, exclusive: false, max: 10 },
  {
    flag: "cache-write-5m",
    key: "cacheWrite5m",
    integer: false,
    min: 0,
    exclusive: false,
    max: 10,
  },
  {
    flag: "cache-write-1h",
    key: "cacheWrite1h",
    integer: false,
    min: 0,
    exclusive: false,
    max: 10,
  },
  { flag: "a", key: "a", integer: false, min: 0, exclusive: true, max: 1 },
  { flag: "v", key: "v", integer: false, min: 0, exclusive: true, max: 1e6 },
  {
    flag: "summary-tokens",
    key: "summaryTokens",
    integer: false,
    min: 0,
    exclusive: false,
    max: 1e8,
  },
  { flag: "post-prefix", key: "postPrefix", integer: false, min: 0, exclusive: false, max: 1e8 },
  { flag: "beta", key: "beta", integer: false, min: 0, exclusive: false, max: 1 },
  { flag: "c-post", key: "cPost", integer: false, min: 0, exclusive: false, max: 1 },
  { flag: "block-size", key: "blockSize", integer: true, min: 1, exclusive: false, max: 1e6 },
  { flag: "workloads", key: "workloads", integer: true, min: 1, exclusive: false, max: 100_000 },
  {
    flag: "seed",
    key: "seed",
    integer: true,
    min: 0,
    exclusive: false,
    max: Number.MAX_SAFE_INTEGER,
  },
  { flag: "trigger-from", key: "triggerFrom", integer: false, min: 0, exclusive: true, max: 1e9 },
  { flag: "trigger-to", key: "triggerTo", integer: false, min: 0, exclusive: true, max: 1e9 },
  { flag: "trigger-step", key: "triggerStep", integer: false, min: 0, exclusive: true, max: 1e9 },
  { flag: "max-time-share", key: "maxTimeShare", integer: false, min: 0, exclusive: false, max: 1 },
  {
    flag: "context-window",
    key: "contextWindow",
    integer: false,
    min: 0,
    exclusive: true,
    max: 1e9,
  },
  {
    flag: "idle-limit",
    key: "idleLimitSeconds",
    integer: false,
    min: 0,
    exclusive: false,
    max: 1e7,
  },
  { flag: "threads", key: "threads", integer: true, min: 1, exclusive: false, max: 64 },
  { flag: "tolerance", key: "tolerance", integer: false, min: 0, exclusive: false, max: 1 },
  {
    flag: "session-draws",
    key: "sessionDraws",
    integer: true,
    min: 0,
    exclusive: false,
    max: 100_000,
  },
  { flag: "rework-tokens", key: "reworkTokens", integer: false, min: 0, exclusive: false },
  { flag: "rework-requests", key: "reworkRequests", integer: false, min: 0, exclusive: false },
  { flag: "rework-window", key: "reworkWindow", integer: true, min: 1, exclusive: false },
];

/**
 * The analysis flags for `parseCommandLine`: every numeric flag, `--method`,
 * `--compaction-step-share` and `--prices`, each taking a value.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ANALYZE_FLAG_OPTIONS } from "./_analyze_flags.ts";
 * assert.equal(ANALYZE_FLAG_OPTIONS["block-size"].type, "string");
 * ```
 */
export const ANALYZE_FLAG_OPTIONS: Readonly<Record<string, OptionSpec>> = Object.freeze({
  ...Object.fromEntries(NUMBER_FLAGS.map((f) => [f.flag, { type: "string" } as OptionSpec])),
  method: { type: "string" },
  "compaction-step-share": { type: "string" },
  rework: { type: "string" },
  prices: { type: "string" },
  prefer: { type: "string" },
  force: { type: "boolean" },
  settings: { type: "string" },
});

/** The `--help` lines of {@linkcode ANALYZE_FLAG_OPTIONS}. */
export const ANALYZE_FLAGS_HELP =
  `  --alpha NUMBER          Cached / uncached input price ratio (default: from the price catalog
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
                          (default: the median G, or the line G(C) = g0 + g1*C when at least
                          10 compactions, a spread p90 C >= 1.5 x p10 C and a slope
                          significant at 5% support it).
  --post-prefix TOKENS    Context kept besides the summary after a compaction, P, tokens;
                          R(C) = P + G(C) (default: median of R - G over the compactions).
  --beta SHARE            Cached share of the compaction input, 0 to 1 (default: median over
                          the compactions).
  --c-post SHARE          Cached share of the first request after a compaction, 0 to 1
                          (default: median over the compactions).
  --method NAME           Resampling: ${BLOCK_METHODS.join(", ")} (default: ${D.method}).
  --block-size INTEGER|auto
                          Steps per resampling block, or auto: chosen from the steps' growth
                          by the Politis-White rule, recorded in options.blockSizeChosen
                          (docs/method.md, "Block length chosen from the data") (default:
                          ${D.blockSize}).
  --workloads INTEGER     Resampled workloads (default: ${D.workloads}).
  --seed INTEGER          PRNG seed, recorded in the output (default: ${D.seed}).
  --trigger-from TOKENS   First trigger of the grid (default: ${G.from}, or lower to start at
                          half the observed trigger in whole steps, never below
                          ${MIN_DEFAULT_TRIGGER}).
  --trigger-to TOKENS     Last trigger of the grid (default: ${G.to}, or higher to reach twice
                          the observed trigger).
  --trigger-step TOKENS   Grid spacing (default: ${D.triggerStep}).
  --max-time-share SHARE  Time budget, 0 to 1: recommend the cheapest trigger whose mean share
                          of agent time spent compacting is at most this (default: none, the
                          cheapest trigger).
  --prefer RULE           Which trigger within --tolerance of the cheapest to recommend:
                          ${PREFER_RULES.join(", ")} (highest trigger: fewest
                          compactions; lowest: smallest context) (default: ${D.prefer}).
  --tolerance SHARE       Cost tolerance of --prefer, a share of the cheapest mean cost
                          (default: ${D.tolerance}).
  --force                 Print the settings even when the confidence grade is low (by
                          default they are withheld and the text says why).
  --session-draws INTEGER Session-level bootstrap draws for the cheapest trigger's spread;
                          0 skips it (default: ${D.sessionDraws}).
  --context-window TOKENS The model's context window, for the recommended setting (default:
                          the price catalog's for the model, else ${DEFAULT_CONTEXT_WINDOW}).
  --idle-limit SECONDS    Gaps longer than this count as idle (default: ${DEFAULT_IDLE_LIMIT_SECONDS}).
  --compaction-step-share previous|kept
                          Cached share of a step across a real compaction where the replay
                          does not compact: the request's before it (previous) or its own
                          (kept, the literal rule of docs/method.md) (default:
                          ${D.compactionStepShare}).
  --threads INTEGER       Worker threads for the replay; the output does not depend on it
                          (default: ${D.threads}).
${SETTINGS_FLAG_HELP}
  --rework auto|off       Rework after each compaction, the cost of forgetting (docs/method.md,
                          "Cost of forgetting"): auto measures the re-reads of what was
                          fetched before each boundary against a control window, and replays
                          them when at least 10 compactions can be measured (else none, with
                          the reason in the JSON's rework.reason); off leaves them out, the
                          published method (default: ${D.rework}).
  --rework-tokens TOKENS  Re-read tokens per compaction, given by hand (with
                          --rework-requests): no measurement (default: measured).
  --rework-requests N     Extra requests per compaction, given by hand (with --rework-tokens).
  --rework-window K       Requests per window of the measurement (default: ${D.reworkWindow}).`;

/** What the analysis flags of a command line ask for. */
export interface AnalyzeFlags {
  /** Options for `analyzeTrigger` (prices from `--prices` not yet applied). */
  options: AnalyzeOptions;
  /** `--idle-limit`, seconds (for the reader). */
  idleLimitSeconds: number;
  /** `--threads`. */
  threads: number;
  /** `--prices` as typed (undefined: not given). */
  pricesPath?: string;
  /** `--settings` as typed (undefined: not given). */
  settingsPath?: string;
}

/**
 * Reads the analysis flags from parsed command-line values, checking each.
 *
 * @param values `parseCommandLine(…).values` of a table holding {@linkcode ANALYZE_FLAG_OPTIONS}.
 * @returns The analysis options, the reader's idle limit, the thread count and the prices path.
 * @throws {UsageError} For a value out of range, an unknown method or step-share rule, or a grid
 * whose end lies before its start; the message names the flag (`--alpha must be …`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { analyzeFlagsFromValues } from "./_analyze_flags.ts";
 *
 * const flags = analyzeFlagsFromValues({ alpha: "0.1", "block-size": "auto", method: "moving" });
 * assert.deepEqual(flags.options, { alpha: 0.1, blockSize: "auto", method: "moving" });
 * assert.throws(() => analyzeFlagsFromValues({ alpha: "-1" }), /--alpha must be a number >= 0/);
 * ```
 */
export function analyzeFlagsFromValues(
  values: Record<string, string | boolean | string[] | undefined>,
): AnalyzeFlags {
  const options: AnalyzeOptions = {};
  let idleLimitSeconds = DEFAULT_IDLE_LIMIT_SECONDS;
  let threads = D.threads;
  for (const f of NUMBER_FLAGS) {
    const raw = values[f.flag];
    if (raw === undefined) continue;
    if (f.key === "blockSize" && raw === "auto") {
      options.blockSize = "auto";
      continue;
    }
    const v = Number(raw);
    const max = f.max ?? Infinity;
    const ok = String(raw).trim() !== "" && Number.isFinite(v) &&
      (f.exclusive ? v > f.min : v >= f.min) && v <= max && (!f.integer || Number.isInteger(v));
    if (!ok) {
      throw new UsageError(
        `--${f.flag} must be ${f.integer ? "an integer" : "a number"} ` +
          `${f.exclusive ? ">" : ">="} ${f.min}${max === Infinity ? "" : ` and <= ${max}`}${
            f.key === "blockSize" ? ", or auto" : ""
          }, got "${raw}"`,
      );
    }
    if (f.key === "idleLimitSeconds") idleLimitSeconds = v;
    else if (f.key === "threads") threads = v;
    else (options as Record<string, number>)[f.key] = v;
  }
  if (values.method !== undefined) {
    if (!BLOCK_METHODS.includes(values.method as BlockMethod)) {
      throw new UsageError(
        `--method must be one of ${BLOCK_METHODS.join(", ")}, got "${values.method}"`,
      );
    }
    options.method = values.method as BlockMethod;
  }
  if (values.prefer !== undefined) {
    if (!PREFER_RULES.includes(values.prefer as PreferRule)) {
      throw new UsageError(
        `--prefer must be one of ${PREFER_RULES.join(", ")}, got "${values.prefer}"`,
      );
    }
    options.prefer = values.prefer as PreferRule;
  }
  if (values.force === true) options.force = true;
  const share = values["compaction-step-share"];
  if (share !== undefined) {
    if (share !== "kept" && share !== "previous") {
      throw new UsageError(`--compaction-step-share must be kept or previous, got "${share}"`);
    }
    options.compactionStepShare = share;
  }
  const rework = values.rework;
  if (rework !== undefined) {
    if (rework !== "auto" && rework !== "off") {
      throw new UsageError(`--rework must be auto or off, got "${rework}"`);
    }
    options.rework = rework;
  }
  if ((options.reworkTokens === undefined) !== (options.reworkRequests === undefined)) {
    throw new UsageError("--rework-tokens and --rework-requests must be given together");
  }
  if (options.rework === "off" && options.reworkTokens !== undefined) {
    throw new UsageError(
      "--rework off leaves rework out: give --rework-tokens and --rework-requests without it",
    );
  }
  const from = options.triggerFrom;
  const to = options.triggerTo;
  if (from != null && to != null && to < from) {
    throw new UsageError(`--trigger-to (${to}) must be >= --trigger-from (${from})`);
  }
  const flags: AnalyzeFlags = { options, idleLimitSeconds, threads };
  if (typeof values.prices === "string") flags.pricesPath = values.prices;
  if (typeof values.settings === "string") flags.settingsPath = values.settings;
  return flags;
}

/** A prices file that could not be read: missing (`notFound`) or unreadable. */
export class PricesFileError extends Error {
  /** The file does not exist (exit 3), rather than unreadable. */
  readonly notFound: boolean;
  /**
   * @param message What went wrong, naming the flag and the path as typed.
   * @param notFound The file does not exist.
   * @param cause What reading threw.
   */
  constructor(message: string, notFound: boolean, cause?: unknown) {
    super(message, { cause });
    this.name = "PricesFileError";
    this.notFound = notFound;
  }
}

/**
 * Reads the `--prices` file (relative to where the user stands), before the corpus, so that a
 * missing file fails at once; it is parsed per model by {@linkcode pricesForModel}.
 *
 * @param path The path as typed.
 * @returns The file's text.
 * @throws {PricesFileError} When the file is missing (`notFound`) or unreadable.
 *
 * @example A missing file
 * ```ts
 * import assert from "node:assert/strict";
 * import { readPricesText } from "./_analyze_flags.ts";
 * await assert.rejects(readPricesText("/no/such/prices.json"), /--prices: \/no\/such\/prices.json not found/);
 * ```
 */
export async function readPricesText(path: string): Promise<string> {
  try {
    return await Deno.readTextFile(callerPath(path));
  } catch (error) {
    const notFound = error instanceof Deno.errors.NotFound;
    throw new PricesFileError(
      notFound ? `--prices: ${path} not found` : `--prices: ${path}: ${(error as Error).message}`,
      notFound,
      error,
    );
  }
}

/**
 * The prices file's overrides for one model (its top-level fields, then its entry under
 * `models`).
 *
 * @param text The file's text.
 * @param model The model id.
 * @param path The path as typed, for the message.
 * @returns The overrides.
 * @throws {UsageError} When the file is not a valid prices file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pricesForModel } from "./_analyze_flags.ts";
 * assert.deepEqual(pricesForModel('{"rho": 6}', "m", "p.json"), { rho: 6 });
 * assert.throws(() => pricesForModel("{", "m", "p.json"), /--prices p.json: Invalid prices file/);
 * ```
 */
export function pricesForModel(text: string, model: string, path: string): PriceOverrides {
  try {
    return pricesFromFile(text, model);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new UsageError(`--prices ${path}: ${error.message}`);
  }
}

/**
 * Whether the corpus must be read with fetch targets: only `--rework auto` (the default)
 * without `--rework-tokens`/`--rework-requests` measures the rework.
 *
 * @param options The analysis options of the command line.
 * @returns True to read with `fetchTargets`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readsFetchTargets } from "./_analyze_flags.ts";
 * assert.equal(readsFetchTargets({}), true);
 * assert.equal(readsFetchTargets({ rework: "off" }), false);
 * assert.equal(readsFetchTargets({ reworkTokens: 9000, reworkRequests: 3 }), false);
 * ```
 */
export function readsFetchTargets(options: AnalyzeOptions): boolean {
  return reworkNeedsFetchTargets({
    mode: options.rework ?? D.rework,
    tokens: options.reworkTokens ?? null,
    requests: options.reworkRequests ?? null,
  });
}
