/**
 * What a compaction leaves behind at a trigger never observed: summary size G(C), context after
 * the compaction R(C) = P + G(C), and the cached shares around it (analysis-spec §2).
 *
 * @module
 */
import { fitLine } from "../stats/line_fit.ts";
import { finiteMedian } from "../stats/median.ts";
import type { CompactionTable } from "../transcript/tables.ts";

/** The compaction model the replay uses. */
export interface SummaryModel {
  /** G(C) = g0 + g1·C: intercept, tokens. */
  g0: number;
  /** Slope, summary tokens per input token (0 for the median fallback and a given G). */
  g1: number;
  /** R² of the G(C) fit (NaN for the median fallback, a given G, or when all G are equal). */
  rSquared: number;
  /** Compactions with both C and G that the fit used (0 when G is given). */
  n: number;
  /**
   * `"linear"`: OLS with intercept; `"median"`: fewer than 3 points or all C equal, G = median
   * G; `"options"`: G given by option (see {@linkcode resolveSummaryModel}).
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
 * assert.equal(model.method, "median");
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
    problems.summaryTokens = `none of the ${length} compactions has both an input size and a ` +
      `summary`;
  }
  if (prefix.length === 0) {
    problems.postPrefix = `none of the ${length} compactions has both a summary and a ` +
      `request after it`;
  }
  const beta = finiteMedian(compactions.cachedShareBefore);
  const cPost = finiteMedian(compactions.cachedShareAfter);
  if (Number.isNaN(beta)) problems.beta = `no cached share before any of the ${length} compactions`;
  if (Number.isNaN(cPost)) {
    problems.cPost = `no cached share after any of the ${length} compactions`;
  }
  let g0: number, g1: number, rSquared: number, method: "linear" | "median";
  if (gs.length < 3 || cs.every((c) => c === cs[0])) {
    g0 = finiteMedian(gs);
    g1 = 0;
    rSquared = NaN;
    method = "median";
  } else {
    const fit = fitLine(cs, gs);
    g0 = fit.intercept;
    g1 = fit.slope;
    rSquared = fit.rSquared;
    method = "linear";
  }
  return {
    model: {
      g0,
      g1,
      rSquared,
      n: gs.length,
      method,
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
 * G(C) of a {@linkcode SummaryModel}, floored at 0 tokens.
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
 * ```
 */
export function summaryTokensAt(
  model: Pick<SummaryModel, "g0" | "g1">,
  inputTokens: number,
): number {
  const g = model.g0 + model.g1 * inputTokens;
  return g > 0 ? g : 0;
}
