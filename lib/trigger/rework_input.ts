/**
 * The rework the trigger analysis replays (docs/method.md, "Cost of forgetting: in the replay and
 * the closed form"): where it comes from (`--rework auto|off`, `--rework-tokens N
 * --rework-requests M`), and the replay's and the closed form's parameters made of it.
 *
 * Choices, written down:
 * - `auto` (the default) measures the rework when the corpus was read with fetch targets and has
 *   at least 10 usable compactions; otherwise the estimate is `none`, with its reason, and the
 *   curves carry no rework (they are the published method's).
 * - Given numbers (`option`) are a constant ΔW and ΔN; a measured estimate is a line ΔW(C) =
 *   w0 + w1·C when its growth is a line (the support rule of the summary-size model), else the
 *   constant mean. A negative measured mean (fewer re-reads after the boundary than in the
 *   control) is replayed as 0: the replay adds no negative rework.
 * - Each extra request's output is the median output of the corpus's requests, and its work
 *   time the mean work seconds per step (W of the observed history over its steps).
 *
 * @module
 */
import type { ReworkEstimate } from "../rework/types.ts";
import { estimateRework } from "../rework/estimate.ts";
import type { Corpus } from "../transcript/tables.ts";
import { quantileType7 } from "../stats/quantile.ts";
import type { ReplayRework } from "./replay.ts";
import type { SteadyStateRework } from "./steady_state.ts";
import type { StepColumns } from "./steps.ts";

/** `--rework-window` default: requests per window. */
export const DEFAULT_REWORK_WINDOW = 30;

/** How the analysis is asked to take rework. */
export interface ReworkRequest {
  /** `"auto"`: measure it (or the given numbers); `"off"`: leave it out. */
  mode: "auto" | "off";
  /** ΔW given by hand, tokens per compaction (with `requests`); null: not given. */
  tokens: number | null;
  /** ΔN given by hand, requests per compaction (with `tokens`); null: not given. */
  requests: number | null;
  /** K, requests per window. */
  windowRequests: number;
  /** Seed of the estimate's bootstrap. */
  seed: number;
}

/**
 * Checks a rework request: both numbers or neither, finite and ≥ 0; a window of at least one
 * request; numbers are not given with `off`.
 *
 * @param r The request.
 * @throws {RangeError} On any of those.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkReworkRequest } from "./rework_input.ts";
 * const base = { mode: "auto" as const, windowRequests: 30, seed: 1 };
 * assert.throws(() => checkReworkRequest({ ...base, tokens: 9000, requests: null }), RangeError);
 * checkReworkRequest({ ...base, tokens: 9000, requests: 3 });
 * ```
 */
export function checkReworkRequest(r: ReworkRequest): void {
  if ((r.tokens === null) !== (r.requests === null)) {
    throw new RangeError(
      `Invalid option: reworkTokens and reworkRequests must be given together, got ` +
        `${r.tokens ?? "none"} tokens and ${r.requests ?? "none"} requests`,
    );
  }
  for (const [name, value] of [["reworkTokens", r.tokens], ["reworkRequests", r.requests]]) {
    if (value !== null && !(Number.isFinite(value) && (value as number) >= 0)) {
      throw new RangeError(`Invalid option: ${name} must be a number >= 0, got ${value}`);
    }
  }
  if (r.mode !== "auto" && r.mode !== "off") {
    throw new RangeError(`Invalid option: rework must be "auto" or "off", got ${r.mode}`);
  }
  if (r.mode === "off" && r.tokens !== null) {
    throw new RangeError(
      "Invalid option: rework off leaves rework out; give reworkTokens and reworkRequests " +
        "without it",
    );
  }
  if (!(Number.isInteger(r.windowRequests) && r.windowRequests >= 1)) {
    throw new RangeError(
      `Invalid option: reworkWindow must be a positive integer, got ${r.windowRequests}`,
    );
  }
}

/**
 * Whether the corpus must be read with fetch targets for this request: only `auto` without
 * given numbers measures.
 *
 * @param r Mode and given numbers.
 * @returns True when the estimate will be measured.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { reworkNeedsFetchTargets } from "./rework_input.ts";
 * assert.equal(reworkNeedsFetchTargets({ mode: "auto", tokens: null, requests: null }), true);
 * assert.equal(reworkNeedsFetchTargets({ mode: "off", tokens: null, requests: null }), false);
 * assert.equal(reworkNeedsFetchTargets({ mode: "auto", tokens: 1, requests: 1 }), false);
 * ```
 */
export function reworkNeedsFetchTargets(
  r: Pick<ReworkRequest, "mode" | "tokens" | "requests">,
): boolean {
  return r.mode === "auto" && (r.tokens === null || r.requests === null);
}

/**
 * The estimate for a request: `off`; `option` from the given numbers; else measured from the
 * corpus's fetch targets (`none` with the reason when it cannot be).
 *
 * @param corpus The corpus (its `fetches` when read with fetch targets).
 * @param r The request (checked with {@linkcode checkReworkRequest}).
 * @returns The estimate as the JSON carries it.
 *
 * @example Given by hand
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveRework } from "./rework_input.ts";
 * import { corpusFromText } from "../transcript/mod.ts";
 * const corpus = corpusFromText([]);
 * const e = resolveRework(corpus, { mode: "auto", tokens: 9000, requests: 3, windowRequests: 30,
 *   seed: 1 });
 * assert.equal(e.source, "option");
 * assert.deepEqual(e.tokensPerCompaction, { estimate: 9000, low: 9000, high: 9000 });
 * ```
 */
export function resolveRework(corpus: Corpus, r: ReworkRequest): ReworkEstimate {
  const empty = {
    compactions: 0,
    windowRequests: r.windowRequests,
    tokensPerCompaction: null,
    requestsPerCompaction: null,
    naiveTokensPerCompaction: null,
    growth: null,
    seed: r.seed,
  };
  if (r.mode === "off") {
    return { ...empty, source: "off", reason: "left out by option (rework off)" };
  }
  if (r.tokens !== null && r.requests !== null) {
    return {
      ...empty,
      source: "option",
      tokensPerCompaction: { estimate: r.tokens, low: r.tokens, high: r.tokens },
      requestsPerCompaction: { estimate: r.requests, low: r.requests, high: r.requests },
      growth: { kind: "constant", reason: "given by option" },
      reason: null,
    };
  }
  // Measured on the corpus's fetch targets (none, with the reason, without them or with too few
  // usable compactions).
  return estimateRework(corpus, { windowRequests: r.windowRequests, seed: r.seed });
}

/** The rework the replay and the closed form take from an estimate. */
export interface AppliedRework {
  /** For the replay. */
  replay: ReplayRework;
  /** For the closed form (c_post from the compaction model). */
  steadyState: SteadyStateRework;
}

/**
 * The replay's and the closed form's rework from an estimate (`measured` or `option`); null
 * for `none` and `off`, or when the estimate has no figures.
 *
 * @param estimate The estimate.
 * @param steps The step columns (median output and mean work seconds per step).
 * @param cPost c_post of the compaction model.
 * @returns The parameters, or null.
 *
 * @example A given constant
 * ```ts
 * import assert from "node:assert/strict";
 * import { appliedRework } from "./rework_input.ts";
 * const steps = {
 *   length: 3, sessions: 1, start: Uint32Array.of(0), count: Uint32Array.of(3),
 *   growth: Float64Array.of(100, 200, 50), cachedShare: Float64Array.of(0, 0.5, 0.5),
 *   output: Float64Array.of(10, 30, 20), gapSeconds: Float64Array.of(0, 10, 20),
 *   compacted: new Uint8Array(3),
 * };
 * const estimate = {
 *   source: "option" as const, compactions: 0, windowRequests: 30,
 *   tokensPerCompaction: { estimate: 9000, low: 9000, high: 9000 },
 *   requestsPerCompaction: { estimate: 3, low: 3, high: 3 }, naiveTokensPerCompaction: null,
 *   growth: { kind: "constant" as const, reason: "given" }, seed: 1, reason: null,
 * };
 * const r = appliedRework(estimate, steps, 0.3)!;
 * assert.equal(r.replay.outputTokensPerRequest, 20); // median of 10, 30, 20
 * assert.equal(r.replay.workSecondsPerRequest, 15); // (10 + 20) / 2 steps
 * ```
 */
export function appliedRework(
  estimate: ReworkEstimate,
  steps: StepColumns,
  cPost: number,
): AppliedRework | null {
  return appliedReworkWith(estimate, {
    outputTokensPerRequest: _medianOutput(steps),
    workSecondsPerRequest: _meanStepSeconds(steps),
  }, cPost);
}

/**
 * {@linkcode appliedRework} with the extra request's output and work seconds already known (the
 * streamed pool analysis has DuckDB compute them before the first batch: the median output over
 * every request, and Σ gap over the steps / their number).
 *
 * @param estimate The estimate.
 * @param perRequest Each extra request's output, tokens, and work time, seconds.
 * @param cPost c_post of the compaction model.
 * @returns The parameters, or null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { appliedReworkWith } from "./rework_input.ts";
 * const estimate = {
 *   source: "option" as const, compactions: 0, windowRequests: 30,
 *   tokensPerCompaction: { estimate: 9000, low: 9000, high: 9000 },
 *   requestsPerCompaction: { estimate: 3, low: 3, high: 3 }, naiveTokensPerCompaction: null,
 *   growth: { kind: "constant" as const, reason: "given" }, seed: 1, reason: null,
 * };
 * const r = appliedReworkWith(estimate, { outputTokensPerRequest: 20, workSecondsPerRequest: 15 },
 *   0.3)!;
 * assert.deepEqual([r.replay.tokensIntercept, r.replay.requests, r.steadyState.cPost], [9000, 3, 0.3]);
 * ```
 */
export function appliedReworkWith(
  estimate: ReworkEstimate,
  perRequest: { outputTokensPerRequest: number; workSecondsPerRequest: number },
  cPost: number,
): AppliedRework | null {
  if (estimate.source !== "measured" && estimate.source !== "option") return null;
  const tokens = estimate.tokensPerCompaction;
  const requests = estimate.requestsPerCompaction;
  if (tokens === null || requests === null) return null;
  const line = estimate.growth?.kind === "line" &&
    Number.isFinite(estimate.growth.intercept) && Number.isFinite(estimate.growth.slopePerToken);
  const tokensIntercept = line ? estimate.growth!.intercept! : Math.max(0, tokens.estimate);
  const tokensPerInputToken = line ? estimate.growth!.slopePerToken! : 0;
  const extra = Math.max(0, requests.estimate);
  const { outputTokensPerRequest, workSecondsPerRequest } = perRequest;
  return {
    replay: {
      tokensIntercept,
      tokensPerInputToken,
      requests: extra,
      outputTokensPerRequest,
      workSecondsPerRequest,
    },
    steadyState: {
      tokensIntercept,
      tokensPerInputToken,
      requests: extra,
      outputTokensPerRequest,
      cPost,
    },
  };
}

/** Median output over every request (session starts and steps), tokens; 0 without any. */
function _medianOutput(steps: StepColumns): number {
  if (steps.output.length === 0) return 0;
  const sorted = Float64Array.from(steps.output).sort();
  return quantileType7(sorted, 0.5);
}

/** Work seconds per step: Σ gap over the steps (not the session starts) / their number. */
function _meanStepSeconds(steps: StepColumns): number {
  let sum = 0, n = 0;
  for (let s = 0; s < steps.sessions; s++) {
    for (let r = steps.start[s] + 1, end = steps.start[s] + steps.count[s]; r < end; r++) {
      sum += steps.gapSeconds[r];
      n++;
    }
  }
  return n > 0 ? sum / n : 0;
}

/** The `rework` block of the document: the estimate in a fixed field order, and what was applied. */
export interface ReworkBlock extends ReworkEstimate {
  /** What the replay and T* added per compaction (null: nothing; `none` and `off`). */
  applied: ReplayReworkApplied | null;
}

/** {@linkcode ReplayRework} as the document carries it. */
export type ReplayReworkApplied = Required<ReplayRework>;

/**
 * The estimate and what was applied, as the `rework` block of the document (fields always in
 * the same order, so the JSON is byte-identical for identical inputs whatever built the
 * estimate).
 *
 * @param estimate The estimate.
 * @param applied What {@linkcode appliedRework} made of it.
 * @returns The block.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { reworkBlock } from "./rework_input.ts";
 * const block = reworkBlock({
 *   seed: 1, reason: "left out by option (rework off)", source: "off", compactions: 0,
 *   windowRequests: 30, tokensPerCompaction: null, requestsPerCompaction: null,
 *   naiveTokensPerCompaction: null, growth: null,
 * }, null);
 * assert.deepEqual(Object.keys(block).slice(0, 3), ["source", "compactions", "windowRequests"]);
 * ```
 */
export function reworkBlock(estimate: ReworkEstimate, applied: AppliedRework | null): ReworkBlock {
  const interval = (i: ReworkEstimate["tokensPerCompaction"]) =>
    i === null ? null : { estimate: i.estimate, low: i.low, high: i.high };
  const g = estimate.growth;
  return {
    source: estimate.source,
    compactions: estimate.compactions,
    windowRequests: estimate.windowRequests,
    tokensPerCompaction: interval(estimate.tokensPerCompaction),
    requestsPerCompaction: interval(estimate.requestsPerCompaction),
    naiveTokensPerCompaction: estimate.naiveTokensPerCompaction,
    growth: g === null ? null : {
      kind: g.kind,
      ...(g.slopePerToken === undefined ? {} : { slopePerToken: g.slopePerToken }),
      ...(g.intercept === undefined ? {} : { intercept: g.intercept }),
      reason: g.reason,
    },
    seed: estimate.seed,
    reason: estimate.reason,
    applied: applied === null ? null : {
      tokensIntercept: applied.replay.tokensIntercept,
      tokensPerInputToken: applied.replay.tokensPerInputToken ?? 0,
      requests: applied.replay.requests,
      outputTokensPerRequest: applied.replay.outputTokensPerRequest,
      workSecondsPerRequest: applied.replay.workSecondsPerRequest,
    },
  };
}
