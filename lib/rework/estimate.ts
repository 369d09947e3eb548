/**
 * The rework estimate (docs/method.md, Cost of forgetting): from the two windows of every
 * compaction (./windows.ts), the extra re-read tokens and requests one compaction causes, with
 * a seeded paired bootstrap interval over compactions, the naive figure (window A alone) and
 * whether the excess grows with C.
 *
 * The excess is window A's re-reads beyond the control's, with the control's rate applied to
 * the requests of A that are not rework: a rework request takes the place of an ordinary one in
 * A, so A − B alone would fall short by the control's share of re-read requests q = R̄_B / K.
 * Over the compactions averaged (bars: means over them):
 *
 *   ΔN = (R̄_A − R̄_B) / (1 − q),   ΔW = (T̄_A − T̄_B) + ΔN · T̄_B / K,
 *
 * R: requests with a re-read, T: re-read tokens. With q = 0 they are the plain differences.
 *
 * @module
 */

import { countText } from "../io/count_text.ts";
import { fitLine } from "../stats/line_fit.ts";
import { Pcg32 } from "../stats/pcg32.ts";
import { quantileType7 } from "../stats/quantile.ts";
import { studentTQuantile } from "../stats/student_t.ts";
import { SUMMARY_LINE_RULES } from "../trigger/summary_model.ts";
import type { Corpus } from "../transcript/tables.ts";
import type { ReworkEstimate, ReworkGrowth, ReworkOptions } from "./types.ts";
import { byFigures, type CompactionWindows, compactionWindows, tableWindows } from "./windows.ts";

/** The defaults of {@linkcode ReworkOptions}, and the least usable compactions for `measured`. */
export const REWORK_DEFAULTS = Object.freeze({
  /** K, requests per window. */
  windowRequests: 30,
  /** Seed of the bootstrap. */
  seed: 1,
  /** Bootstrap draws. */
  draws: 2000,
  /** Compactions with both windows complete that `source: "measured"` needs. */
  minCompactions: 10,
});

/** ΔN and ΔW of a set of window pairs (see the module documentation). */
export function excessOf(
  windows: readonly CompactionWindows[],
  windowRequests: number,
  pick: ArrayLike<number> = Array.from(windows.keys()),
): { requests: number; tokens: number } {
  let ta = 0, ra = 0, tb = 0, rb = 0;
  for (let i = 0; i < pick.length; i++) {
    const w = windows[pick[i]];
    ta += w.tokensA;
    ra += w.requestsA;
    tb += w.tokensB;
    rb += w.requestsB;
  }
  const n = pick.length;
  const q = rb / n / windowRequests;
  const requests = (ra - rb) / n / (q < 1 ? 1 - q : 1);
  const tokens = (ta - tb) / n + requests * tb / n / windowRequests;
  return { requests, tokens };
}

/**
 * Estimates the rework per compaction.
 *
 * @param corpus A corpus read with fetch targets (`readCorpus(paths, { fetchTargets: true })`),
 *   or a pooled corpus carrying its rework windows (`reworkWindows`).
 * @param options K (requests per window, default 30), the bootstrap's seed (default 1) and draws
 *   (default 2000).
 * @returns The estimate: `measured` with at least 10 compactions whose two windows are
 *   complete, else `none` with the reason.
 * @throws {RangeError} when K or the draws are not integers ≥ 1, or the seed is not an integer
 *   in [0, 2^53).
 *
 * @example Too few compactions
 * ```ts
 * import { estimateRework } from "./estimate.ts";
 * import { corpusFromText } from "../transcript/read_corpus.ts";
 * import assert from "node:assert/strict";
 * const corpus = corpusFromText([], { fetchTargets: true });
 * const estimate = estimateRework(corpus);
 * assert.equal(estimate.source, "none");
 * assert.equal(estimate.tokensPerCompaction, null);
 * ```
 */
export function estimateRework(corpus: Corpus, options: ReworkOptions = {}): ReworkEstimate {
  const {
    windowRequests = REWORK_DEFAULTS.windowRequests,
    seed = REWORK_DEFAULTS.seed,
    draws = REWORK_DEFAULTS.draws,
  } = options;
  if (!(Number.isInteger(draws) && draws >= 1)) {
    throw new RangeError(`Cannot estimate rework: draws must be an integer >= 1, got ${draws}`);
  }
  if (!(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 53)) {
    throw new RangeError(
      `Cannot estimate rework: seed must be an integer in [0, 2^53), got ${seed}`,
    );
  }
  const none = (compactions: number, reason: string): ReworkEstimate => ({
    source: "none",
    compactions,
    windowRequests,
    tokensPerCompaction: null,
    requestsPerCompaction: null,
    naiveTokensPerCompaction: null,
    growth: null,
    seed,
    reason,
  });
  if (!(Number.isInteger(windowRequests) && windowRequests >= 1)) {
    throw new RangeError(
      `Cannot estimate rework: K must be an integer >= 1 requests, got ${windowRequests}`,
    );
  }
  let taken: ReturnType<typeof tableWindows>;
  if (corpus.fetches !== undefined) {
    taken = compactionWindows(corpus, windowRequests);
  } else if (corpus.reworkWindows !== undefined) {
    // A pooled corpus: the exports carry the windows of one K, taken where the targets were.
    const k = corpus.reworkWindows.windowRequests;
    if (k !== windowRequests) {
      return none(
        0,
        `the exports carry rework windows of ${k} requests, not of ${windowRequests}`,
      );
    }
    taken = tableWindows({ compactions: corpus.compactions, reworkWindows: corpus.reworkWindows });
  } else {
    return none(0, "the transcripts were read without fetch targets");
  }
  const { shortfall } = taken;
  // The bootstrap draws from the pairs ordered by their figures: the same draws whatever order
  // the compactions were read in (a machine's files, or a pool's contributors).
  const windows = [...taken.windows].sort(byFigures);
  const n = windows.length;
  if (n < REWORK_DEFAULTS.minCompactions) {
    const left = shortfall.unplaced + shortfall.shortAfter + shortfall.shortBefore;
    return none(
      n,
      `only ${n} of ${corpus.compactions.length} compactions ${n === 1 ? "has" : "have"} both ` +
        `windows of ` +
        `${windowRequests} requests complete (the estimate needs at least ` +
        `${REWORK_DEFAULTS.minCompactions}; ${left} left out: ${shortfall.shortBefore} with ` +
        `fewer requests before, ${shortfall.shortAfter} after, ${shortfall.unplaced} untimed)`,
    );
  }
  const point = excessOf(windows, windowRequests);
  const prng = new Pcg32(seed, 0x5e3);
  const pick = new Uint32Array(n);
  const tokens = new Float64Array(draws);
  const requests = new Float64Array(draws);
  for (let d = 0; d < draws; d++) {
    for (let i = 0; i < n; i++) pick[i] = prng.nextBelow(n);
    const e = excessOf(windows, windowRequests, pick);
    tokens[d] = e.tokens;
    requests[d] = e.requests;
  }
  tokens.sort();
  requests.sort();
  let naive = 0;
  for (const w of windows) naive += w.tokensA;
  return {
    source: "measured",
    compactions: n,
    windowRequests,
    tokensPerCompaction: {
      estimate: point.tokens,
      low: quantileType7(tokens, 0.025),
      high: quantileType7(tokens, 0.975),
    },
    requestsPerCompaction: {
      estimate: point.requests,
      low: quantileType7(requests, 0.025),
      high: quantileType7(requests, 0.975),
    },
    naiveTokensPerCompaction: naive / n,
    growth: reworkGrowth(windows, windowRequests),
    seed,
    reason: null,
  };
}

/**
 * Whether the token excess grows with C: each compaction's own excess (its A − B, with the
 * displacement term of the whole sample's control rate) against its C, by the support rule of
 * the summary-size model (lib/trigger/summary_model.ts): a line only with at least 10
 * compactions with C, C's 90th percentile at least 1.5 × its 10th, and a slope significant at
 * 5% two-sided; otherwise a constant, the mean excess.
 *
 * @param windows The complete window pairs.
 * @param windowRequests K.
 * @returns The growth, with its reason.
 */
export function reworkGrowth(
  windows: readonly CompactionWindows[],
  windowRequests: number,
): ReworkGrowth {
  const all = excessOf(windows, windowRequests);
  let rb = 0, tb = 0;
  for (const w of windows) {
    rb += w.requestsB;
    tb += w.tokensB;
  }
  const q = rb / windows.length / windowRequests;
  const perRequest = tb / windows.length / windowRequests;
  const cs: number[] = [];
  const ys: number[] = [];
  for (const w of windows) {
    if (!Number.isFinite(w.inputTokens)) continue;
    const dn = (w.requestsA - w.requestsB) / (q < 1 ? 1 - q : 1);
    cs.push(w.inputTokens);
    ys.push(w.tokensA - w.tokensB + dn * perRequest);
  }
  const n = cs.length;
  const k = (v: number) => `${Math.round(v)}`;
  const constant = (why: string): ReworkGrowth => ({
    kind: "constant",
    reason: `a constant, the mean excess of ${k(all.tokens)} tokens: ${why}`,
  });
  const { minCompactions, minSpread, significance } = SUMMARY_LINE_RULES;
  if (n < minCompactions) {
    return constant(
      `only ${countText(n, "compaction")} with C (a line needs at least ` +
        `${minCompactions})`,
    );
  }
  const sorted = Float64Array.from(cs).sort();
  const p10 = quantileType7(sorted, 0.1), p90 = quantileType7(sorted, 0.9);
  if (!(p90 >= minSpread * p10)) {
    return constant(
      `C's 10th-90th percentiles span only ${k(p10)} to ${k(p90)} tokens (a line needs ` +
        `p90 >= ${minSpread} x p10)`,
    );
  }
  const fit = fitLine(cs, ys);
  const critical = studentTQuantile(1 - significance / 2, n - 2);
  const t = fit.slopeTStatistic;
  const tText = `|t| = ${Number.isNaN(t) ? "n/a" : Math.abs(t).toFixed(2)}`;
  const crit = `t(0.975, ${n - 2}) = ${critical.toFixed(3)}`;
  if (!(Math.abs(t) >= critical)) {
    return constant(`slope not significant at 5%: ${tText} < ${crit}`);
  }
  return {
    kind: "line",
    slopePerToken: fit.slope,
    intercept: fit.intercept,
    reason: `${n} compactions, C from ${k(sorted[0])} to ${k(sorted[n - 1])} tokens, slope ` +
      `significant at 5%: ${tText} >= ${crit}`,
  };
}
