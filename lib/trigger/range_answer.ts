/**
 * The answer as a range (docs/method.md, Near-optimal ranges to Confidence grade): what the
 * trigger analysis adds beside its one cheapest trigger. Near-optimal ranges, the support of each
 * trigger, the session-level argmin spread, the confidence grade, and what the recommendation
 * says with them (the settings withheld on a low grade, dollars, the time-budgeted alternative).
 * Kept apart from analyze.ts, which calls {@linkcode rangeAnswer} once its curves are priced.
 *
 * @module
 */
import type { Corpus } from "../transcript/tables.ts";
import { budgetTrigger } from "./budget_trigger.ts";
import { type Confidence, confidenceGrade } from "./confidence.ts";
import { HEADLINE_TOLERANCE, type NearOptimalRange, nearOptimalRanges } from "./near_optimal.ts";
import type { PricingInputs } from "./price_curves.ts";
import type { ReplayCompactionModel, ReplayRework } from "./replay.ts";
import { type SessionBootstrap, sessionBootstrapArgmin } from "./session_bootstrap.ts";
import type { StepColumns } from "./steps.ts";
import {
  MEASURED_INPUT_MARGIN,
  MIN_SUPPORTING_SESSIONS,
  type SupportResult,
  type TriggerSupport,
  triggerSupport,
} from "./support.ts";
import type { BlockMethod } from "../stats/block_resample.ts";

/** Saving in dollars of the recommendation (docs/method.md, Dollars). */
export interface DollarSaving {
  /** D × (cost at the observed trigger − cost at the recommended one) / 10⁶, USD. */
  historyUsd: number;
  /** Days from the first to the last request of the history (null: fewer than two times). */
  historyDays: number | null;
  /** `historyUsd` × 30 / `historyDays`, USD (null without `historyDays`). */
  per30DaysUsd: number | null;
}

/** The cheapest trigger within a time budget, shown beside a recommendation that costs time. */
export interface TimeBudgetedAlternative {
  /** The budget: twice the time share at the observed trigger, rounded up to a whole percent. */
  maxTimeShare: number;
  /** Trigger, tokens. */
  trigger: number;
  /** Mean cost per million there. */
  costPerMillion: number;
  /** Mean time share there. */
  timeShare: number;
  /** 1 − its cost / the mean cost at the observed trigger (null without it). */
  savingVsObservedTrigger: number | null;
}

/** Inputs of {@linkcode rangeAnswer}. */
export interface RangeAnswerInputs {
  corpus: Pick<Corpus, "requests" | "sessions" | "compactions">;
  /** The support of each trigger, when already computed (else computed here). */
  supported?: SupportResult;
  steps: StepColumns;
  triggers: Float64Array;
  /** Mean cost per million and mean time share per trigger (workloads 1 … K). */
  meanCost: Float64Array;
  meanTimeShare: Float64Array;
  model: ReplayCompactionModel;
  tierThresholds: Float64Array;
  /** Rework after each compaction, as the curves carry it (absent: none). */
  rework?: ReplayRework;
  inputs: PricingInputs;
  /** Session draws (0: none). */
  sessionDraws: number;
  /**
   * The session bootstrap of these inputs, when the caller computed it already (e.g. on worker
   * threads beside the replay); null: none. @default {undefined} (computed here when
   * `sessionDraws` > 0)
   */
  bootstrap?: SessionBootstrap | null;
  seed: number;
  method: BlockMethod;
  blockSize: number;
  /** The recommended trigger's index (null: none). */
  recommendedIndex: number | null;
  /** The cheapest mean cost is on the grid's edge. */
  argminAtGridEdge: boolean;
  /** Timed compactions and R² of the time model used (R² null when given by hand). */
  timedCompactions: number;
  timeFitRSquared: number | null;
  /** Rework after compactions was measured and priced. */
  reworkMeasured: boolean;
  /** The mean curves at the observed trigger (null: none). */
  atObservedTrigger: { costPerMillion: number; timeShare: number } | null;
  /** Low grade without `force`: withhold the settings. */
  force: boolean;
}

/** What {@linkcode rangeAnswer} adds to the document. */
export interface RangeAnswer {
  /** One per trigger. */
  support: TriggerSupport[];
  /** The measured compaction inputs and the thresholds of the extrapolated zone. */
  supportRule: {
    measuredInput: { minTokens: number; maxTokens: number } | null;
    minSessions: number;
    inputMargin: number;
  };
  nearOptimal: NearOptimalRange[];
  /** The 2% range (null when there is none). */
  headlineRange: NearOptimalRange | null;
  bootstrap: SessionBootstrap | null;
  confidence: Confidence;
  /** Why the settings are not printed (null: they are). */
  withheld: string | null;
  /** Saving in dollars (null without a recommendation or an observed trigger). */
  dollars: DollarSaving | null;
  /** The time-budgeted alternative (null unless the recommendation more than doubles the time share). */
  timeBudgeted: TimeBudgetedAlternative | null;
}

/**
 * Computes the near-optimal ranges, support, session bootstrap, grade, withheld reason, dollars
 * and time-budgeted alternative. Deterministic for a given seed.
 *
 * @param x Curves, corpus, replay inputs and the recommendation's index.
 * @returns The fields the document adds.
 */
export function rangeAnswer(x: RangeAnswerInputs): RangeAnswer {
  const { triggers, meanCost, meanTimeShare } = x;
  const supported = x.supported ?? triggerSupport(x.corpus, triggers);
  const nearOptimal = nearOptimalRanges(triggers, meanCost);
  const headlineRange = nearOptimal.find((r) => r.tolerance === HEADLINE_TOLERANCE) ?? null;
  const bootstrap = x.bootstrap !== undefined
    ? x.bootstrap
    : x.sessionDraws > 0
    ? sessionBootstrapArgmin(x.steps, {
      kinds: x.corpus.sessions.kind,
      triggers,
      model: x.model,
      tierThresholds: x.tierThresholds,
      rework: x.rework,
      inputs: x.inputs,
      draws: x.sessionDraws,
      seed: x.seed,
      method: x.method,
      blockSize: x.blockSize,
    })
    : null;
  const index = x.recommendedIndex;
  const at = index === null ? null : supported.triggers[index];
  const confidence = confidenceGrade({
    timedCompactions: x.timedCompactions,
    timeFitRSquared: x.timeFitRSquared,
    trigger: index === null ? null : triggers[index],
    sessionsAtTrigger: at?.sessions ?? 0,
    outsideMeasuredInput: at !== null && !at.insideMeasuredInput,
    atGridEdge: x.argminAtGridEdge,
    range: headlineRange,
    grid: { fromTokens: triggers[0], toTokens: triggers[triggers.length - 1] },
    spread: bootstrap !== null && Number.isFinite(bootstrap.p10)
      ? { p10: bootstrap.p10, p90: bootstrap.p90 }
      : null,
    reworkMeasured: x.reworkMeasured,
  });
  const withheld = confidence.grade === "low" && !x.force && index !== null
    ? `The settings are withheld: the answer's confidence is low (${
      confidence.reasons.filter((r) => r.level === "low").map((r) => r.message).join("; ")
    }). Run with --force to print them anyway.`
    : null;

  let dollars: DollarSaving | null = null;
  let timeBudgeted: TimeBudgetedAlternative | null = null;
  if (index !== null && x.atObservedTrigger !== null && Number.isFinite(meanCost[index])) {
    const delta = x.atObservedTrigger.costPerMillion - meanCost[index];
    const historyUsd = x.inputs.billedTokens / 1e6 * delta;
    const days = _historyDays(x.corpus.requests.timeMs);
    dollars = {
      historyUsd,
      historyDays: days,
      per30DaysUsd: days === null ? null : historyUsd * 30 / days,
    };
    const observedShare = x.atObservedTrigger.timeShare;
    if (meanTimeShare[index] > 2 * observedShare && observedShare >= 0) {
      const budget = Math.ceil(2 * observedShare * 100 - 1e-9) / 100;
      const choice = budgetTrigger(triggers, meanCost, meanTimeShare, Math.min(1, budget));
      if (choice.index !== null && choice.index !== index) {
        timeBudgeted = {
          maxTimeShare: Math.min(1, budget),
          trigger: choice.trigger,
          costPerMillion: meanCost[choice.index],
          timeShare: meanTimeShare[choice.index],
          savingVsObservedTrigger: 1 - meanCost[choice.index] / x.atObservedTrigger.costPerMillion,
        };
      }
    }
  }
  return {
    support: supported.triggers,
    supportRule: {
      measuredInput: supported.measuredInput,
      minSessions: MIN_SUPPORTING_SESSIONS,
      inputMargin: MEASURED_INPUT_MARGIN,
    },
    nearOptimal,
    headlineRange,
    bootstrap,
    confidence,
    withheld,
    dollars,
    timeBudgeted,
  };
}

/** Days between the first and last finite request time (null: fewer than two, or no span). */
function _historyDays(timeMs: ArrayLike<number>): number | null {
  let lo = Infinity, hi = -Infinity;
  for (let i = 0; i < timeMs.length; i++) {
    const t = timeMs[i];
    if (!Number.isFinite(t)) continue;
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  return hi > lo ? (hi - lo) / 86_400_000 : null;
}
