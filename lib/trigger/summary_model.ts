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
  /** Slope, summary tokens per input token (0 for the median fallback). */
  g1: number;
  /** R² of the G(C) fit (NaN for the median fallback, or when all G are equal). */
  rSquared: number;
  /** Compactions with both C and G that the fit used. */
  n: number;
  /** `"linear"`: OLS with intercept; `"median"`: fewer than 3 points or all C equal, G = median G. */
  method: "linear" | "median";
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
export function fitSummaryModel(
  compactions: Pick<
    CompactionTable,
    | "length"
    | "inputTokens"
    | "summaryTokens"
    | "postContext"
    | "cachedShareBefore"
    | "cachedShareAfter"
  >,
): SummaryModel {
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
  if (gs.length === 0) {
    throw new RangeError(
      `Cannot fit summary model: none of the ${length} compactions has both an input size and ` +
        `a summary`,
    );
  }
  if (prefix.length === 0) {
    throw new RangeError(
      `Cannot fit summary model: none of the ${length} compactions has both a summary and a ` +
        `request after it`,
    );
  }
  const beta = finiteMedian(compactions.cachedShareBefore);
  const cPost = finiteMedian(compactions.cachedShareAfter);
  if (Number.isNaN(beta) || Number.isNaN(cPost)) {
    throw new RangeError(
      `Cannot fit summary model: no cached share ${Number.isNaN(beta) ? "before" : "after"} ` +
        `any of the ${length} compactions`,
    );
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
