/**
 * The rework estimate: what the agent fetches again after a compaction because it lost what it
 * had read (docs/method.md, Cost of forgetting). Produced by `estimateRework` (./estimate.ts) from
 * a corpus read with fetch targets, or given by hand, or switched off.
 *
 * @module
 */

/** A figure with its 95% bootstrap interval over compactions. */
export interface ReworkInterval {
  /** Mean excess per compaction (window A minus control window B). */
  estimate: number;
  /** 2.5th percentile of the seeded paired bootstrap of the mean. */
  low: number;
  /** 97.5th percentile of the seeded paired bootstrap of the mean. */
  high: number;
}

/**
 * Whether the rework per compaction grows with the compaction's input C: a line
 * `intercept + slopePerToken × C` only when the data support a slope (the support rule of the
 * summary-size model, lib/trigger/summary_model.ts), else a constant (the mean).
 */
export interface ReworkGrowth {
  kind: "constant" | "line";
  /** Extra re-read tokens per token of C (`line` only). */
  slopePerToken?: number;
  /** Re-read tokens at C = 0 (`line` only). */
  intercept?: number;
  /** Why this form was chosen (a sentence, aggregates only). */
  reason: string;
}

/**
 * Where the rework figures come from:
 * - `measured`: estimated from at least 10 compactions with both windows complete;
 * - `none`: too few usable compactions (or no fetch targets); `reason` says which;
 * - `option`: given by hand (`--rework-tokens N --rework-requests M`);
 * - `off`: left out (`--rework off`).
 */
export type ReworkSource = "measured" | "none" | "option" | "off";

/** The rework estimate (see the module documentation). */
export interface ReworkEstimate {
  source: ReworkSource;
  /** Compactions with both windows complete (the ones the estimate averages over). */
  compactions: number;
  /** K: requests per window. @default 30 */
  windowRequests: number;
  /** Excess re-read tokens per compaction, A − B (null: no estimate). */
  tokensPerCompaction: ReworkInterval | null;
  /** Excess requests with a re-read per compaction, A − B (null: no estimate). */
  requestsPerCompaction: ReworkInterval | null;
  /** Re-read tokens of window A alone, mean per compaction (no control; null: no estimate). */
  naiveTokensPerCompaction: number | null;
  /** Growth of the token excess with C (null: no estimate). */
  growth: ReworkGrowth | null;
  /** Seed of the bootstrap. */
  seed: number;
  /** Why there is no estimate (`none`), else null. */
  reason: string | null;
}

/** Options of `estimateRework`. */
export interface ReworkOptions {
  /** K: requests per window. @default 30 */
  windowRequests?: number;
  /** Seed of the paired bootstrap. @default 1 */
  seed?: number;
  /** Bootstrap draws. @default 2000 */
  draws?: number;
}
