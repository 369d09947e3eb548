/**
 * The corpus summary (`corpus` of the --json documents, docs/schema/corpus.schema.json): counts, work time, billed tokens, billing
 * mix, ω and the observed trigger level. Aggregates only: no text, paths or ids.
 *
 * @module
 */

import {
  COMPACTION_TRIGGER,
  type Corpus,
  type ReaderDiagnostics,
  SESSION_KIND,
  type TokenTotals,
} from "./tables.ts";

/** Token shares of the billed tokens D (each 0…1; they sum to 1). */
export interface BillingMix {
  input: number;
  cacheWrite5m: number;
  cacheWrite1h: number;
  cacheRead: number;
  output: number;
}

/** The `corpus` block of the --json documents. */
export interface CorpusSummary {
  model: string;
  files: number;
  bytes: number;
  /** Included sessions by kind; helpers (forked agents) are counted apart from sub-agents. */
  sessions: { main: number; subagent: number; helper: number };
  requests: number;
  excludedSessions: { otherModel: number; noTargetModel: number };
  malformedLines: number;
  /**
   * Compactions by trigger (`unknown`: no trigger recorded; `other`: a trigger string neither
   * `auto` nor `manual`), those with a duration that the time fit can use (`timed`: precomputed
   * ones excluded), and those precomputed (also counted under their trigger).
   */
  compactions: {
    auto: number;
    manual: number;
    unknown: number;
    other: number;
    timed: number;
    precomputed: number;
  };
  /**
   * Advisor passes of the included sessions (docs/method.md, Advisor): in no request, so the
   * replay leaves them out; billed tokens Σ(u + w5 + w1h + r + y), in all and by model.
   */
  advisor: {
    iterations: number;
    billedTokens: number;
    byModel: Record<string, number>;
    /**
     * USD at the catalog prices of the models it knows ({@linkcode SummarizeOptions.dollars});
     * null when not priced (the corpus command does not load the catalog).
     */
    usd: number | null;
    /** Advisor passes of models the catalog does not know (not in `usd`). */
    unpricedIterations: number;
  };
  /**
   * Included sessions that switch model (`/model`): counted for the model of more than half of
   * their requests; their requests of other models are replayed at this model's prices.
   */
  modelSwitches: { sessions: number; requestsOfOtherModels: number };
  /**
   * What the analysis of this model leaves out: the sessions of another model (or with no
   * majority model), their requests, billed tokens, and USD at each request's own model's catalog
   * prices (requests of models the catalog does not know: `unpricedRequests`, not in `usd`).
   */
  leftOut: {
    sessions: number;
    requests: number;
    billedTokens: number;
    /** As `advisor.usd`: null when not priced. */
    usd: number | null;
    unpricedRequests: number;
  };
  /** Σ work-time gaps of all included sessions (agent time), hours. */
  workHours: number;
  /** D = Σ (x + y) over included requests, tokens. */
  billedTokens: number;
  billingMix: BillingMix;
  /**
   * Uncached-token price multiplier ω = (1·Σu + m5·Σw5 + m1h·Σw1h) / (Σu + Σw5 + Σw1h), with the
   * cache-write multipliers of {@linkcode SummarizeOptions} (by default the standard 1.25 and 2,
   * not a model's catalog prices: the analysis takes its ω from the resolved prices, lib/prices);
   * null when there is no uncached token.
   */
  omega: number | null;
  /** Median compaction input C of auto compactions, tokens (null: none); unknown triggers never count. */
  observedTrigger: number | null;
  /** Idle limit used for work time, seconds. */
  idleLimitSeconds: number;
  diagnostics: ReaderDiagnostics;
}

/** Cache-write price multipliers relative to the input price. */
export interface WriteMultipliers {
  /** 5-minute cache writes. */
  cacheWrite5m: number;
  /** 1-hour cache writes. */
  cacheWrite1h: number;
}

/** The standard cache-write multipliers: 1.25 (5-minute) and 2 (1-hour) × the input price. */
export const DEFAULT_WRITE_MULTIPLIERS: Readonly<WriteMultipliers> = Object.freeze({
  cacheWrite5m: 1.25,
  cacheWrite1h: 2,
});

/** Options of {@linkcode summarizeCorpus}. */
export interface SummarizeOptions {
  /**
   * Multipliers for ω (e.g. a model's from `resolvePrices` in lib/prices).
   * @default {DEFAULT_WRITE_MULTIPLIERS} (1.25 and 2)
   */
  writeMultipliers?: Partial<WriteMultipliers>;
  /**
   * Prices token totals of one model in USD, null when it does not know the model (e.g.
   * `catalogDollars` of lib/prices/usage_dollars.ts): for the advisor passes and the left-out
   * sessions. Without it their `usd` is null (the catalog is not loaded).
   * @default {none}
   */
  dollars?: (totals: TokenTotals, model: string) => number | null;
}

/**
 * Summarises a corpus.
 *
 * @param corpus The reader's tables.
 * @param options Cache-write multipliers for ω (default: 1.25 and 2).
 * @returns The trigger analysis's `corpus` block (docs/method.md, Billing mix).
 *
 * @example
 * ```ts
 * import { corpusFromText } from "./read_corpus.ts";
 * import { summarizeCorpus } from "./summarize_corpus.ts";
 * import assert from "node:assert/strict";
 * const line = (id: string, t: string, u: object) =>
 *   JSON.stringify({ type: "assistant", uuid: id, requestId: id, timestamp: t,
 *     message: { id, model: "opus", usage: u } });
 * const text = [
 *   line("a", "2026-01-01T00:00:00Z", { input_tokens: 10, cache_creation_input_tokens: 80, output_tokens: 10 }),
 *   line("b", "2026-01-01T00:01:00Z", { cache_read_input_tokens: 90, output_tokens: 10 }),
 * ].join("\n");
 * const summary = summarizeCorpus(corpusFromText([{ path: "s.jsonl", text }]));
 * assert.equal(summary.billedTokens, 200);
 * assert.equal(summary.billingMix.cacheRead, 0.45);
 * assert.equal(summary.omega, (10 + 1.25 * 80) / 90);
 * const other = summarizeCorpus(corpusFromText([{ path: "s.jsonl", text }]), {
 *   writeMultipliers: { cacheWrite5m: 2 },
 * });
 * assert.equal(other.omega, (10 + 2 * 80) / 90);
 * assert.equal(summary.workHours, 60 / 3600);
 * ```
 */
export function summarizeCorpus(corpus: Corpus, options: SummarizeOptions = {}): CorpusSummary {
  const { cacheWrite5m: m5, cacheWrite1h: m1h } = {
    ...DEFAULT_WRITE_MULTIPLIERS,
    ...options.writeMultipliers,
  };
  const { requests, sessions, compactions } = corpus;
  let u = 0, w5 = 0, w1h = 0, r = 0, y = 0, work = 0;
  for (let i = 0; i < requests.length; i++) {
    u += requests.input[i];
    w5 += requests.cacheWrite5m[i];
    w1h += requests.cacheWrite1h[i];
    r += requests.cacheRead[i];
    y += requests.output[i];
    work += requests.gapSeconds[i];
  }
  const billed = u + w5 + w1h + r + y;
  const share = (v: number) => (billed > 0 ? v / billed : 0);
  let main = 0, helper = 0;
  for (let s = 0; s < sessions.length; s++) {
    if (sessions.kind[s] === SESSION_KIND.main) main++;
    else if (sessions.kind[s] === SESSION_KIND.helper) helper++;
  }
  let auto = 0, manual = 0, other = 0, timed = 0, precomputed = 0;
  const autoInputs: number[] = [];
  for (let c = 0; c < compactions.length; c++) {
    if (compactions.trigger[c] === COMPACTION_TRIGGER.auto) {
      auto++;
      if (Number.isFinite(compactions.inputTokens[c])) autoInputs.push(compactions.inputTokens[c]);
    } else if (compactions.trigger[c] === COMPACTION_TRIGGER.manual) manual++;
    else if (compactions.trigger[c] === COMPACTION_TRIGGER.other) other++;
    if (compactions.precomputed[c] === 1) precomputed++;
    else if (Number.isFinite(compactions.durationSeconds[c])) timed++;
  }
  const advisor = _priced(corpus.advisor.byModel, options.dollars);
  const leftOut = _priced(corpus.diagnostics.leftOut.byModel, options.dollars);
  const uncached = u + w5 + w1h;
  return {
    model: corpus.model,
    files: corpus.files,
    bytes: corpus.bytes,
    sessions: { main, subagent: sessions.length - main - helper, helper },
    requests: requests.length,
    excludedSessions: { ...corpus.diagnostics.excludedSessions },
    malformedLines: corpus.diagnostics.malformedLines,
    compactions: {
      auto,
      manual,
      unknown: compactions.length - auto - manual - other,
      other,
      timed,
      precomputed,
    },
    advisor: {
      iterations: corpus.advisor.iterations,
      billedTokens: advisor.billedTokens,
      byModel: advisor.byModel,
      usd: advisor.usd,
      unpricedIterations: advisor.unpriced,
    },
    modelSwitches: { ...corpus.diagnostics.mixedModelSessions },
    leftOut: {
      sessions: corpus.diagnostics.excludedSessions.otherModel,
      requests: corpus.diagnostics.leftOut.requests,
      billedTokens: leftOut.billedTokens,
      usd: leftOut.usd,
      unpricedRequests: leftOut.unpriced,
    },
    workHours: work / 3600,
    billedTokens: billed,
    billingMix: {
      input: share(u),
      cacheWrite5m: share(w5),
      cacheWrite1h: share(w1h),
      cacheRead: share(r),
      output: share(y),
    },
    omega: uncached > 0 ? (u + m5 * w5 + m1h * w1h) / uncached : null,
    observedTrigger: autoInputs.length > 0 ? _median(autoInputs) : null,
    idleLimitSeconds: corpus.idleLimitSeconds,
    diagnostics: corpus.diagnostics,
  };
}

/**
 * The median of `values` (not empty), computed as simple-statistics' `median` computes it (the
 * type-7 quantile at 0.5: the middle value, or the lower middle one plus half the gap to the
 * upper). Written here so that `corpus` loads no npm package: loading one costs a run about
 * 10 ms of start-up.
 */
function _median(values: number[]): number {
  const sorted = Float64Array.from(values).sort();
  const at = (sorted.length - 1) / 2;
  const lower = Math.floor(at);
  return at === lower ? sorted[at] : sorted[lower] + 0.5 * (sorted[lower + 1] - sorted[lower]);
}

/** Billed tokens by model and in all, and USD at the catalog prices of the models it knows. */
function _priced(
  byModel: Record<string, TokenTotals>,
  price: SummarizeOptions["dollars"],
) {
  const tokensByModel: Record<string, number> = {};
  let billedTokens = 0, usd = 0, unpriced = 0;
  for (const [name, t] of Object.entries(byModel)) {
    const tokens = t.input + t.cacheWrite5m + t.cacheWrite1h + t.cacheRead + t.output;
    tokensByModel[name] = tokens;
    billedTokens += tokens;
    const dollars = price === undefined ? null : price(t, name);
    if (dollars === null) unpriced += t.count;
    else usd += dollars;
  }
  return { byModel: tokensByModel, billedTokens, usd: price === undefined ? null : usd, unpriced };
}
