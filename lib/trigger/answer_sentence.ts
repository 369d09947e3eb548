/**
 * The answer of the trigger analysis in one sentence, for the text output of `analyze` and
 * `report` and for the report page: the cheapest trigger of the mean cost curve against the
 * observed one, what it saves per 1M tokens and what share of agent time compaction then takes.
 *
 * The observed trigger is rarely a grid point, so its cost and time share are read off the mean
 * curves by linear interpolation between the two grid points around it (exact on a grid point).
 * Outside the grid nothing is extrapolated: the comparison is left out and said so.
 *
 * {@linkcode answerFacts} gives the numbers (so a page in another language builds its own
 * sentence); {@linkcode answerSentence} the English sentence.
 *
 * @module
 */

import type { ReplayPoint, TriggerReport } from "./analyze.ts";
import { HEADLINE_TOLERANCE, nearOptimalRanges } from "./near_optimal.ts";

/** A replay point as the answer reads it (its support is optional). */
export type AnswerPoint = Omit<ReplayPoint, "support"> & { support?: ReplayPoint["support"] };

/** What {@linkcode answerFacts} reads of the analysis. */
export type AnswerInput = {
  corpus: Pick<TriggerReport["corpus"], "observedTrigger">;
  replay: AnswerPoint[];
  /** With a time budget (`maxTimeShare`), the answer is the cheapest trigger within it. */
  options?: { maxTimeShare?: number | null };
};

/** The numbers behind the answer sentence. */
export interface AnswerFacts {
  /** Argmin of the mean cost curve, tokens; null when no point has a mean cost. */
  cheapestTrigger: number | null;
  /** Mean cost per 1M tokens there, USD. */
  cheapestCostPerMillion: number | null;
  /** Mean share of agent time compacting there, 0…1. */
  cheapestTimeShare: number | null;
  /** The cheapest trigger is the grid's first or last point (a cheaper one may lie beyond). */
  cheapestOnEdge: "low" | "high" | null;
  /** The observed trigger (median C of automatic compactions), tokens; null: none observed. */
  observedTrigger: number | null;
  /** Mean cost per 1M tokens at the observed trigger, USD; null when off the grid or unknown. */
  observedCostPerMillion: number | null;
  /** Mean time share at the observed trigger, 0…1; null when off the grid or unknown. */
  observedTimeShare: number | null;
  /** 1 − cheapest / observed cost: the saving of moving the trigger, 0…1; null when unknown. */
  saving: number | null;
  /**
   * The time budget the answer keeps to (mean time share at most this, 0…1), or null/absent for
   * none. With a budget, "cheapest" means cheapest among the triggers within it.
   */
  timeBudget?: number | null;
  /** With a budget: whether some trigger of the grid keeps to it (else the answer ignores it). */
  budgetMet?: boolean;
  /**
   * The 2% near-optimal range when it holds more than the cheapest trigger, with the mean time
   * share at its top (absent: one trigger, or under a time budget).
   */
  range?: { fromTokens: number; toTokens: number; toTimeShare: number | null } | null;
  /** The cheapest trigger lies in the extrapolated zone (absent: support not known). */
  cheapestExtrapolated?: boolean;
  /**
   * When the curves carry rework (some `costPerMillionWithoutRework` differs from
   * `costPerMillion`): the trigger the same rule picks on the curves without it, tokens; absent
   * when they carry none.
   */
  cheapestTriggerWithoutRework?: number | null;
}

function _interpolate(
  replay: AnswerPoint[],
  at: number,
  pick: (p: AnswerPoint) => number | null,
): number | null {
  for (let i = 0; i < replay.length; i++) {
    const right = replay[i];
    if (right.trigger === at) return pick(right);
    if (right.trigger > at) {
      if (i === 0) return null;
      const left = replay[i - 1];
      const a = pick(left), b = pick(right);
      if (a === null || b === null) return null;
      const t = (at - left.trigger) / (right.trigger - left.trigger);
      return a + t * (b - a);
    }
  }
  return null;
}

/**
 * The numbers of the answer.
 *
 * @param report The trigger analysis (its observed trigger and its replay curves).
 * @returns The cheapest and the observed trigger with their cost and time share, and the saving.
 *
 * @example Observed 267.5K between two grid points, cheapest 130K
 * ```ts
 * import { answerFacts } from "./answer_sentence.ts";
 * import assert from "node:assert/strict";
 * const point = (trigger: number, cost: number, share: number) => ({
 *   trigger,
 *   costPerMillion: { mean: cost, p10: cost, p90: cost },
 *   timeShare: { mean: share, p10: share, p90: share },
 *   compactions: { mean: 1 },
 *   observed: { costPerMillion: cost, timeShare: share, compactions: 1 },
 * });
 * const facts = answerFacts({
 *   corpus: { observedTrigger: 267_500 },
 *   replay: [point(130_000, 1.2, 0.135), point(260_000, 1.4, 0.04), point(270_000, 1.6, 0.038)],
 * });
 * assert.equal(facts.cheapestTrigger, 130_000);
 * // 267.5K is 3/4 of the way from 260K to 270K: 1.4 + 0.75 × 0.2 = 1.55.
 * assert.ok(Math.abs(facts.observedCostPerMillion! - 1.55) < 1e-12);
 * assert.ok(Math.abs(facts.saving! - (1 - 1.2 / 1.55)) < 1e-12);
 * ```
 */
export function answerFacts(report: AnswerInput): AnswerFacts {
  const { replay } = report;
  const budget = report.options?.maxTimeShare ?? null;
  const cheapest = (within: (share: number | null) => boolean) => {
    let best = -1;
    for (let i = 0; i < replay.length; i++) {
      const m = replay[i].costPerMillion.mean;
      if (!within(replay[i].timeShare.mean)) continue;
      if (m !== null && Number.isFinite(m) && (best < 0 || m < replay[best].costPerMillion.mean!)) {
        best = i;
      }
    }
    return best;
  };
  const inBudget = budget === null ? -1 : cheapest((share) => share !== null && share <= budget);
  const best = inBudget >= 0 ? inBudget : cheapest(() => true);
  const observed = report.corpus.observedTrigger;
  const observedCost = observed === null
    ? null
    : _interpolate(replay, observed, (p) => p.costPerMillion.mean);
  const observedShare = observed === null
    ? null
    : _interpolate(replay, observed, (p) => p.timeShare.mean);
  const cheapestCost = best < 0 ? null : replay[best].costPerMillion.mean;
  let range: AnswerFacts["range"] = null;
  if (budget === null && best >= 0) {
    const [r] = nearOptimalRanges(
      replay.map((p) => p.trigger),
      replay.map((p) => p.costPerMillion.mean ?? NaN),
      [HEADLINE_TOLERANCE],
    );
    if (r !== undefined && r.fromTokens !== r.toTokens) {
      const top = replay.find((p) => p.trigger === r.toTokens)!;
      range = { fromTokens: r.fromTokens, toTokens: r.toTokens, toTimeShare: top.timeShare.mean };
    }
  }
  const support = best < 0 ? undefined : replay[best].support;
  return {
    cheapestTrigger: best < 0 ? null : replay[best].trigger,
    cheapestCostPerMillion: cheapestCost,
    cheapestTimeShare: best < 0 ? null : replay[best].timeShare.mean,
    cheapestOnEdge: best < 0 || replay.length < 2
      ? null
      : best === 0
      ? "low"
      : best === replay.length - 1
      ? "high"
      : null,
    observedTrigger: observed,
    observedCostPerMillion: observedCost,
    observedTimeShare: observedShare,
    saving: cheapestCost !== null && observedCost !== null && observedCost > 0
      ? 1 - cheapestCost / observedCost
      : null,
    ...(budget === null ? {} : { timeBudget: budget, budgetMet: inBudget >= 0 }),
    range,
    ...(support === undefined ? {} : { cheapestExtrapolated: support.extrapolated }),
    ..._withoutRework(replay, budget),
  };
}

/** The cheapest trigger on the curves without rework, when the curves carry rework. */
function _withoutRework(
  replay: AnswerInput["replay"],
  budget: number | null,
): { cheapestTriggerWithoutRework?: number | null } {
  const carries = replay.some((p) =>
    p.costPerMillionWithoutRework !== undefined &&
    p.costPerMillionWithoutRework.mean !== p.costPerMillion.mean
  );
  if (!carries) return {};
  const without = replay.map((p) => ({
    ...p,
    costPerMillion: p.costPerMillionWithoutRework ?? p.costPerMillion,
    timeShare: p.timeShareWithoutRework ?? p.timeShare,
    costPerMillionWithoutRework: undefined,
  }));
  const facts = answerFacts({
    corpus: { observedTrigger: null },
    replay: without,
    options: {
      maxTimeShare: budget,
    },
  });
  return { cheapestTriggerWithoutRework: facts.cheapestTrigger };
}

/** Tokens as the charts write them: 130000 → "130K", 267500 → "267.5K", 1000000 → "1M". */
function _tokens(value: number): string {
  if (value >= 1e6) return `${Number((value / 1e6).toFixed(2))}M`;
  return `${Number((value / 1000).toFixed(1))}K`;
}

function _percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/**
 * The answer in one English sentence.
 *
 * @param report The trigger analysis, or the facts from {@linkcode answerFacts}.
 * @returns One sentence (ending with a full stop), e.g. "Compacting at 130K instead of 267.5K
 *   costs 20.0% less per 1M tokens; compaction then takes 13.5% of agent time instead of 3.9%."
 *
 * @example
 * ```ts
 * import { answerSentence } from "./answer_sentence.ts";
 * import assert from "node:assert/strict";
 * assert.equal(
 *   answerSentence({
 *     cheapestTrigger: 130_000, cheapestCostPerMillion: 1.2, cheapestTimeShare: 0.135,
 *     cheapestOnEdge: null, observedTrigger: 267_500, observedCostPerMillion: 1.5,
 *     observedTimeShare: 0.039, saving: 0.2,
 *   }),
 *   "Compacting at 130K instead of 267.5K costs 20.0% less per 1M tokens; " +
 *     "compaction then takes 13.5% of agent time instead of 3.9%.",
 * );
 * ```
 */
export function answerSentence(report: AnswerInput | AnswerFacts): string {
  const f = "replay" in report ? answerFacts(report) : report;
  const sentence = _unbudgetedSentence(f) + _rangeSentence(f);
  const rework = _reworkClause(f);
  if (f.timeBudget === undefined || f.timeBudget === null) return sentence + rework;
  const budget = _percent(f.timeBudget);
  return (f.budgetMet
    ? `Keeping compaction within ${budget} of agent time: ${sentence}`
    : `No trigger of the grid keeps compaction within ${budget} of agent time; without the ` +
      `budget: ${sentence}`) + rework;
}

/** How far the rework after each compaction moved the cheapest trigger ("" without rework). */
function _reworkClause(f: AnswerFacts): string {
  const without = f.cheapestTriggerWithoutRework;
  if (without === undefined || without === null || f.cheapestTrigger === null) return "";
  const shift = f.cheapestTrigger - without;
  if (_tokens(without) === _tokens(f.cheapestTrigger)) {
    return " Counting the re-reads after each compaction does not move the cheapest trigger.";
  }
  return ` Counting the re-reads after each compaction moves the cheapest trigger from ` +
    `${_tokens(without)} ${shift > 0 ? "up" : "down"} by ${_tokens(Math.abs(shift))}.`;
}

/** " Anything from 110K to 160K costs within 2% …", or "" without a range. */
function _rangeSentence(f: AnswerFacts): string {
  const extrapolated = f.cheapestExtrapolated === true
    ? " That trigger lies in the extrapolated zone: few sessions reached it, or the compaction " +
      "models were not measured near it."
    : "";
  const r = f.range;
  if (r === undefined || r === null) return extrapolated;
  // At the range's top the cheapest trigger itself: no time to compare.
  const shares = r.toTimeShare === null || f.cheapestTimeShare === null ||
      r.toTokens === f.cheapestTrigger
    ? ""
    : `; compacting at ${_tokens(r.toTokens)} takes ${_percent(r.toTimeShare)} of agent time ` +
      `instead of ${_percent(f.cheapestTimeShare)}`;
  return ` Anything from ${_tokens(r.fromTokens)} to ${_tokens(r.toTokens)} costs within 2% of ` +
    `the cheapest${shares}.${extrapolated}`;
}

function _unbudgetedSentence(f: AnswerFacts): string {
  if (f.cheapestTrigger === null || f.cheapestCostPerMillion === null) {
    return "No trigger of the grid could be priced, so there is no answer.";
  }
  const at = _tokens(f.cheapestTrigger);
  const share = f.cheapestTimeShare === null ? null : _percent(f.cheapestTimeShare);
  const edge = f.cheapestOnEdge === "low"
    ? ` (the grid's lowest trigger: a lower one may be cheaper still)`
    : f.cheapestOnEdge === "high"
    ? ` (the grid's highest trigger: a higher one may be cheaper still)`
    : "";
  // Dollars and the saving written as the recommendation and the report page write them.
  const cost = `$${f.cheapestCostPerMillion.toFixed(3)} per 1M tokens`;
  if (f.observedTrigger === null) {
    return `Compacting at ${at}${edge} costs the least, ${cost}` +
      (share === null ? "" : `, with compaction taking ${share} of agent time`) +
      `; no automatic compaction was observed to compare with.`;
  }
  const observed = _tokens(f.observedTrigger);
  if (f.saving === null || f.observedCostPerMillion === null) {
    return `Compacting at ${at}${edge} costs the least, ${cost}; the observed trigger ` +
      `${observed} lies outside the grid, so the saving is not known.`;
  }
  const saving = Number((f.saving * 100).toFixed(1)); // percent, as the recommendation rounds it
  const shares = share === null || f.observedTimeShare === null
    ? ""
    : `; compaction then takes ${share} of agent time instead of ${_percent(f.observedTimeShare)}`;
  if (saving < 0 && _tokens(f.cheapestTrigger) !== observed) {
    // Only under a time budget can the chosen trigger cost more than the observed one.
    return `Compacting at ${at}${edge} instead of ${observed} costs ${
      (-saving).toFixed(1)
    }% more per 1M ` +
      `tokens${shares}.`;
  }
  if (saving <= 0 || _tokens(f.cheapestTrigger) === observed) {
    return `Compacting at ${observed}, as now, costs within 0.05% of the cheapest trigger ` +
      `(${at}${edge}, ${cost}).`;
  }
  return `Compacting at ${at}${edge} instead of ${observed} costs ${
    saving.toFixed(1)
  }% less per 1M tokens` +
    `${shares}.`;
}
