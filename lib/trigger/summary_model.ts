/**
 * What a compaction leaves behind at a trigger never observed: summary size G(C), context after
 * the compaction R(C) = P + G(C), and the cached shares around it (docs/method.md, Summary size).
 *
 * The summary-size rule: G(C) = g0 + g1·C is fitted by ordinary least squares with intercept on
 * every compaction that has C and G, timed or not, and the line is used only when the data
 * support a slope: at least {@linkcode SUMMARY_LINE_RULES}.minCompactions such compactions, a
 * spread of C with its 90th percentile ≥ {@linkcode SUMMARY_LINE_RULES}.minSpread × its 10th
 * (type 7), and a slope significant at 5% two-sided (|t| ≥ the 0.975 quantile of Student's t with
 * n − 2 degrees of freedom). The spread is taken between percentiles, not max and min, so that
 * one or two manual compactions far below the automatic cluster do not make a spread alone: a
 * single point of high leverage then decides the slope and its t test (seen on the synthetic
 * full corpus: one manual compaction at 135K among 257 near 267K gave a "significant" slope).
 * Otherwise G(C) is the median G, a constant. Where the line is used it never goes below the
 * smallest measured G. Why: real automatic compactions cluster within a few percent of one
 * size, so a fitted slope is noise, and extrapolated far from the data it gave negative summary
 * sizes (free compactions) and a cheapest trigger that was an artifact.
 *
 * @module
 */
import { fitLine, type LineFit } from "../stats/line_fit.ts";
import { finiteMedian } from "../stats/median.ts";
import { quantileType7 } from "../stats/quantile.ts";
import { studentTQuantile } from "../stats/student_t.ts";
import type { CompactionTable } from "../transcript/tables.ts";

/** When the line G(C) = g0 + g1·C is used instead of the median G. */
export const SUMMARY_LINE_RULES = Object.freeze({
  /** Compactions with both C and G the line needs at least. */
  minCompactions: 10,
  /** The 90th percentile of C must be at least this multiple of its 10th percentile. */
  minSpread: 1.5,
  /** Two-sided significance level of the slope's t test. */
  significance: 0.05,
});

/** The compaction model the replay uses. */
export interface SummaryModel {
  /** G(C) = max(minSummaryTokens, g0 + g1·C) as the replay uses it: intercept, tokens. */
  g0: number;
  /** Slope, summary tokens per input token (0 for the constant model). */
  g1: number;
  /**
   * Floor of G(C), tokens: the smallest measured G where the line is used, else 0 (a constant
   * needs none).
   */
  minSummaryTokens: number;
  /** `"linear"`: the line is used; `"constant"`: G(C) = g0 for every C. */
  kind: "linear" | "constant";
  /** Why this kind, in words (counts, spread, t test, or "given as an option"). */
  reason: string;
  /**
   * The fitted line, whether used or not (null with fewer than 2 compactions with C and G, all
   * C equal, or G given).
   */
  line: { g0: number; g1: number; rSquared: number; tStatistic: number } | null;
  /** The critical |t| of the slope test, t(0.975, n − 2) (NaN when n < 3 or G is given). */
  criticalT: number;
  /** R² of the fitted line (NaN without a line, or when all G are equal). */
  rSquared: number;
  /** Compactions with both C and G (0 when G is given). */
  n: number;
  /**
   * `"linear"`: the line is used; `"median"`: the constant median G; `"options"`: G given by
   * option (see {@linkcode resolveSummaryModel}). The same as `kind`, with the constant's source.
   */
  method: "linear" | "median" | "options";
  /** P = median(R_i − G_i), tokens: the context kept besides the summary. */
  postPrefix: number;
  /** β: median cached share of the compaction input. */
  beta: number;
  /** c_post: median cached share of the first request after a compaction. */
  cPost: number;
  /** Median R over the compactions with both R and G, tokens (for the steady state). */
  medianPostContext: number;
  /** Median G over the compactions with both R and G, tokens (for the steady state). */
  medianSummaryTokens: number;
}

/**
 * Fits the summary-size model on all compactions with C and G, timed or not, and takes the
 * medians P, β and c_post. Unknown (NaN) entries are skipped column by column.
 *
 * @param compactions The reader's compaction table.
 * @returns The model.
 * @throws {RangeError} When no compaction has a summary size, none has both R and G, or none
 * has a cached share before or after.
 *
 * @example Two compactions: the median fallback
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitSummaryModel } from "./summary_model.ts";
 *
 * const model = fitSummaryModel({
 *   length: 2,
 *   inputTokens: Float64Array.from([200000, 300000]),
 *   summaryTokens: Float64Array.from([6000, 10000]),
 *   postContext: Float64Array.from([26000, 30000]),
 *   cachedShareBefore: Float64Array.from([0.9, 1]),
 *   cachedShareAfter: Float64Array.from([0.1, 0.3]),
 * });
 * assert.equal(model.kind, "constant"); // fewer than 10 compactions
 * assert.equal(model.g0, 8000); // median of 6000 and 10000
 * assert.equal(model.postPrefix, 20000); // R − G = 20000 both times
 * assert.equal(model.beta, 0.95);
 * ```
 */
export function fitSummaryModel(compactions: SummaryModelTable): SummaryModel {
  const parts = _fitParts(compactions);
  const problem = parts.problems.summaryTokens ?? parts.problems.postPrefix ??
    parts.problems.beta ?? parts.problems.cPost;
  if (problem !== undefined) throw new RangeError(`Cannot fit summary model: ${problem}`);
  return parts.model;
}

/** The compaction table columns the summary model reads. */
export type SummaryModelTable = Pick<
  CompactionTable,
  | "length"
  | "inputTokens"
  | "summaryTokens"
  | "postContext"
  | "cachedShareBefore"
  | "cachedShareAfter"
>;

/** Values of the compaction model given by hand instead of fitted (null or absent: fit it). */
export interface SummaryModelOverrides {
  /** G, summary tokens of every compaction: G(C) = G, a constant. */
  summaryTokens?: number | null;
  /** P, tokens kept besides the summary: R(C) = P + G(C). */
  postPrefix?: number | null;
  /** β, cached share of the compaction input, 0…1. */
  beta?: number | null;
  /** c_post, cached share of the first request after a compaction, 0…1. */
  cPost?: number | null;
}

/** The four parts of the compaction model that can be given instead of fitted. */
export type SummaryModelPart = keyof SummaryModelOverrides;

/** The parts in the order they are reported. */
export const SUMMARY_MODEL_PARTS: readonly SummaryModelPart[] = Object.freeze([
  "summaryTokens",
  "postPrefix",
  "beta",
  "cPost",
]);

/** What {@linkcode resolveSummaryModel} made of the corpus and the overrides. */
export interface ResolvedSummaryModel {
  /** The model; meaningful only when `missing` is empty (missing parts are NaN). */
  model: SummaryModel;
  /** Where each part came from. */
  source: Record<SummaryModelPart, "fit" | "options">;
  /** Parts neither given nor fittable from the corpus, in {@linkcode SUMMARY_MODEL_PARTS} order. */
  missing: SummaryModelPart[];
  /** Why each part not fittable from the corpus could not be fitted (given or missing alike). */
  problems: Partial<Record<SummaryModelPart, string>>;
}

/**
 * The compaction model with parts given by hand: each of G, P, β and c_post is the given value
 * when one is given, else fitted as {@linkcode fitSummaryModel} fits it. A part that is neither
 * given nor fittable (no compaction carries what it needs) is listed in `missing`; nothing is
 * thrown, so that a caller can name everything missing at once.
 *
 * With G given, G(C) = G for every C (`method: "options"`, g1 = 0). The steady-state medians
 * follow what is used: G̃ = the given G, else the median G over the compactions with both R and
 * G (else over those with C and G); R̃ = the median R over the compactions with both R and G when
 * neither G nor P is given, else P + G̃.
 *
 * @param compactions The reader's compaction table (may be empty).
 * @param overrides Values given by hand; null or absent parts are fitted.
 * @returns The model, the source of each part, the missing parts and the reasons.
 *
 * @example No compaction at all: everything given by hand
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveSummaryModel } from "./summary_model.ts";
 *
 * const none = {
 *   length: 0, inputTokens: new Float64Array(0), summaryTokens: new Float64Array(0),
 *   postContext: new Float64Array(0), cachedShareBefore: new Float64Array(0),
 *   cachedShareAfter: new Float64Array(0),
 * };
 * assert.deepEqual(resolveSummaryModel(none, { beta: 0.99 }).missing,
 *   ["summaryTokens", "postPrefix", "cPost"]);
 * const r = resolveSummaryModel(none,
 *   { summaryTokens: 8000, postPrefix: 50000, beta: 0.99, cPost: 0.3 });
 * assert.deepEqual(r.missing, []);
 * assert.equal(r.model.method, "options");
 * assert.equal(r.model.medianPostContext, 58000); // R̃ = P + G
 * ```
 */
export function resolveSummaryModel(
  compactions: SummaryModelTable,
  overrides: SummaryModelOverrides = {},
): ResolvedSummaryModel {
  const parts = _fitParts(compactions);
  const m = parts.model;
  const given = (p: SummaryModelPart) => overrides[p] !== undefined && overrides[p] !== null;
  const source = {} as Record<SummaryModelPart, "fit" | "options">;
  const missing: SummaryModelPart[] = [];
  for (const p of SUMMARY_MODEL_PARTS) {
    source[p] = given(p) ? "options" : "fit";
    if (!given(p) && parts.problems[p] !== undefined) missing.push(p);
  }
  const model: SummaryModel = { ...m };
  if (given("summaryTokens")) {
    Object.assign(model, {
      g0: overrides.summaryTokens!,
      g1: 0,
      minSummaryTokens: 0,
      kind: "constant",
      reason: "G given as an option",
      line: null,
      criticalT: NaN,
      rSquared: NaN,
      n: 0,
      method: "options",
    });
  }
  if (given("postPrefix")) model.postPrefix = overrides.postPrefix!;
  if (given("beta")) model.beta = overrides.beta!;
  if (given("cPost")) model.cPost = overrides.cPost!;
  model.medianSummaryTokens = given("summaryTokens")
    ? overrides.summaryTokens!
    : Number.isFinite(m.medianSummaryTokens)
    ? m.medianSummaryTokens
    : parts.medianFittedSummaryTokens;
  if (given("summaryTokens") || given("postPrefix")) {
    model.medianPostContext = model.postPrefix + model.medianSummaryTokens;
  }
  return { model, source, missing, problems: parts.problems };
}

/** Every part that the table allows, NaN where it does not, with the reason. */
function _fitParts(compactions: SummaryModelTable): {
  model: SummaryModel;
  problems: Partial<Record<SummaryModelPart, string>>;
  medianFittedSummaryTokens: number;
} {
  const { length, inputTokens, summaryTokens, postContext } = compactions;
  const cs: number[] = [];
  const gs: number[] = [];
  const prefix: number[] = [];
  const rs: number[] = [];
  const rg: number[] = [];
  for (let i = 0; i < length; i++) {
    const g = summaryTokens[i];
    if (!Number.isFinite(g)) continue;
    if (Number.isFinite(inputTokens[i])) {
      cs.push(inputTokens[i]);
      gs.push(g);
    }
    if (Number.isFinite(postContext[i])) {
      prefix.push(postContext[i] - g);
      rs.push(postContext[i]);
      rg.push(g);
    }
  }
  const problems: Partial<Record<SummaryModelPart, string>> = {};
  if (gs.length === 0) {
    problems.summaryTokens = `${_noneHas(length)} both an input size and a ` +
      `summary`;
  }
  if (prefix.length === 0) {
    problems.postPrefix = `${_noneHas(length)} both a summary and a ` +
      `request after it`;
  }
  const beta = finiteMedian(compactions.cachedShareBefore);
  const cPost = finiteMedian(compactions.cachedShareAfter);
  if (Number.isNaN(beta)) problems.beta = `no cached share before ${_anyOf(length)}`;
  if (Number.isNaN(cPost)) {
    problems.cPost = `no cached share after ${_anyOf(length)}`;
  }
  const g = _chooseSummaryLine(cs, gs);
  return {
    model: {
      ...g,
      n: gs.length,
      postPrefix: finiteMedian(prefix),
      beta,
      cPost,
      medianPostContext: finiteMedian(rs),
      medianSummaryTokens: finiteMedian(rg),
    },
    problems,
    medianFittedSummaryTokens: finiteMedian(gs),
  };
}

/**
 * G(C) of a {@linkcode SummaryModel}: g0 + g1·C, floored at `minSummaryTokens` (default 0) and
 * never below 0 tokens.
 *
 * @param model The fitted model.
 * @param inputTokens C, tokens.
 * @returns Summary tokens.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { summaryTokensAt } from "./summary_model.ts";
 *
 * assert.equal(summaryTokensAt({ g0: 1000, g1: 0.02 }, 300000), 7000);
 * assert.equal(summaryTokensAt({ g0: -1000, g1: 0 }, 300000), 0);
 * // A falling line stops at the smallest measured G.
 * assert.equal(summaryTokensAt({ g0: 9000, g1: -0.01, minSummaryTokens: 6000 }, 500000), 6000);
 * ```
 */
export function summaryTokensAt(
  model: Pick<SummaryModel, "g0" | "g1"> & { minSummaryTokens?: number },
  inputTokens: number,
): number {
  const g = model.g0 + model.g1 * inputTokens;
  const floor = model.minSummaryTokens ?? 0;
  return g > floor ? g : floor > 0 ? floor : 0;
}

type _Choice = Pick<
  SummaryModel,
  | "g0"
  | "g1"
  | "minSummaryTokens"
  | "kind"
  | "reason"
  | "line"
  | "criticalT"
  | "rSquared"
  | "method"
>;

/** The summary-size rule of the module notes on the points (C, G). */
function _chooseSummaryLine(cs: number[], gs: number[]): _Choice {
  const n = gs.length;
  const median = finiteMedian(gs);
  let minC = Infinity, maxC = -Infinity, minG = Infinity;
  for (let i = 0; i < n; i++) {
    if (cs[i] < minC) minC = cs[i];
    if (cs[i] > maxC) maxC = cs[i];
    if (gs[i] < minG) minG = gs[i];
  }
  let fit: LineFit | null = null;
  if (n >= 2 && maxC > minC) fit = fitLine(cs, gs);
  const criticalT = n >= 3 ? studentTQuantile(1 - SUMMARY_LINE_RULES.significance / 2, n - 2) : NaN;
  const line = fit === null ? null : {
    g0: fit.intercept,
    g1: fit.slope,
    rSquared: fit.rSquared,
    tStatistic: fit.slopeTStatistic,
  };
  const constant = (reason: string): _Choice => ({
    g0: median,
    g1: 0,
    minSummaryTokens: 0,
    kind: "constant",
    reason,
    line,
    criticalT,
    rSquared: fit?.rSquared ?? NaN,
    method: "median",
  });
  const { minCompactions, minSpread } = SUMMARY_LINE_RULES;
  const k = (v: number) => `${Math.round(v)}`;
  if (n < minCompactions) {
    return constant(
      `only ${n} compaction${n === 1 ? "" : "s"} with C and G (a line needs at least ` +
        `${minCompactions})`,
    );
  }
  const sorted = Float64Array.from(cs).sort();
  const p10 = quantileType7(sorted, 0.1), p90 = quantileType7(sorted, 0.9);
  if (!(p90 >= minSpread * p10)) {
    return constant(
      `C's 10th-90th percentiles span only ${k(p10)} to ${k(p90)} tokens (min ${k(minC)}, ` +
        `max ${k(maxC)}; a line needs p90 >= ${minSpread} x p10)`,
    );
  }
  const t = fit!.slopeTStatistic;
  const tText = `|t| = ${Number.isNaN(t) ? "n/a" : Math.abs(t).toFixed(2)}`;
  const crit = `t(0.975, ${n - 2}) = ${criticalT.toFixed(3)}`;
  if (!(Math.abs(t) >= criticalT)) {
    return constant(`slope not significant at 5%: ${tText} < ${crit}`);
  }
  return {
    g0: fit!.intercept,
    g1: fit!.slope,
    minSummaryTokens: minG,
    kind: "linear",
    reason: `${n} compactions, C from ${k(minC)} to ${k(maxC)} tokens, slope significant at 5%: ` +
      `${tText} >= ${crit}`,
    line,
    criticalT,
    rSquared: fit!.rSquared,
    method: "linear",
  };
}

/** "none of the 3 compactions has", "the 1 compaction does not have" (before what is missing). */
function _noneHas(n: number): string {
  return n === 1 ? "the 1 compaction does not have" : `none of the ${n} compactions has`;
}

/** "any of the 3 compactions" / "the 1 compaction". */
function _anyOf(n: number): string {
  return n === 1 ? "the 1 compaction" : `any of the ${n} compactions`;
}
