/**
 * The recommendation of a trigger analysis, from its curves: the chosen trigger (the cheapest,
 * or the cheapest within a time budget, then moved by the preference rule) with its setting, the
 * mean curves at the observed trigger, and the context window the setting is made for. Used by
 * the document assembler (./report_document.ts) that the in-memory analysis and the streamed pool
 * analysis share, so both recommend by the same rule.
 *
 * @module
 */
import { modelInfo } from "../prices/mod.ts";
import { autoCompactSetting, DEFAULT_CONTEXT_WINDOW } from "./auto_compact_setting.ts";
import { budgetTrigger } from "./budget_trigger.ts";
import { type PreferRule, preferTrigger } from "./prefer_trigger.ts";
import type { Band, TriggerCurves } from "./price_curves.ts";
import type { BandPoint, ObservedTriggerPoint, Recommendation, ReplayPoint } from "./analyze.ts";
import type { TriggerSupport } from "./support.ts";
import type { SettingComparison } from "./setting_comparison.ts";

/** A finite number, else null (JSON has no NaN or Infinity). */
export function finiteOrNull(v: number): number | null {
  return Number.isFinite(v) ? v : null;
}

/** The band's mean, p10 and p90 at grid index `t`. */
export function bandPoint(band: Band, t: number): BandPoint {
  return {
    mean: finiteOrNull(band.mean[t]),
    p10: finiteOrNull(band.p10[t]),
    p90: finiteOrNull(band.p90[t]),
  };
}

/**
 * The report's row per trigger: the curves with and without rework, the mean compactions, the
 * observed history's replay and the trigger's support.
 *
 * @param triggers The grid, tokens.
 * @param curves The curves of the answer (with rework when it is replayed).
 * @param without The curves without rework (the same curves when none is replayed).
 * @param support Each trigger's support, in grid order.
 * @returns One point per trigger.
 */
export function replayPoints(
  triggers: Float64Array,
  curves: TriggerCurves,
  without: TriggerCurves,
  support: readonly TriggerSupport[],
): ReplayPoint[] {
  const replay: ReplayPoint[] = [];
  for (let t = 0; t < triggers.length; t++) {
    replay.push({
      trigger: triggers[t],
      costPerMillion: bandPoint(curves.costPerMillion, t),
      timeShare: bandPoint(curves.timeShare, t),
      costPerMillionWithoutRework: bandPoint(without.costPerMillion, t),
      timeShareWithoutRework: bandPoint(without.timeShare, t),
      compactions: { mean: finiteOrNull(curves.compactionsMean[t]) },
      observed: {
        costPerMillion: curves.observed.costPerMillion[t],
        timeShare: curves.observed.timeShare[t],
        compactions: curves.observed.compactions[t],
      },
      support: support[t],
    });
  }
  return replay;
}

/** The options a recommendation reads (see `AnalyzeOptions` in ./analyze.ts). */
export interface RecommendOptions {
  /** Largest share of agent time spent compacting (null: no budget, the cheapest trigger). */
  maxTimeShare: number | null;
  /** How to move from the cheapest trigger within `tolerance` (./prefer_trigger.ts). */
  prefer: PreferRule;
  /** Relative cost tolerance of the preference rule (0.02: within 2% of the cheapest). */
  tolerance: number;
}

/** The chosen trigger (cheapest, or cheapest within the budget) and its setting. */
export function recommendTrigger(
  o: RecommendOptions,
  window: { contextWindow: number; contextWindowSource: Recommendation["contextWindowSource"] },
  replay: ReplayPoint[],
  triggers: Float64Array,
  curves: TriggerCurves,
  cheapest: number | null,
  atObservedTrigger: ObservedTriggerPoint | null,
): Omit<Recommendation, keyof SettingComparison> {
  let index = cheapest;
  let budgetError: string | null = null;
  if (o.maxTimeShare !== null) {
    const choice = budgetTrigger(
      triggers,
      curves.costPerMillion.mean,
      curves.timeShare.mean,
      o.maxTimeShare,
    );
    index = choice.index;
    if (choice.index === null) budgetError = choice.reason;
  }
  const mean = curves.costPerMillion.mean, share = curves.timeShare.mean;
  index = preferTrigger(
    mean,
    index,
    o.prefer,
    o.tolerance,
    (i) =>
      replay[i].compactions.mean !== 0 &&
      (o.maxTimeShare === null || (Number.isFinite(share[i]) && share[i] <= o.maxTimeShare)),
  );
  if (index !== null && replay[index].compactions.mean === 0) {
    // A trigger no replayed session reaches is cheapest only because nothing happens there: a
    // setting for it would change nothing.
    budgetError = `no replayed session reaches ${replay[index].trigger} tokens (no compaction ` +
      `at the cheapest trigger), so no setting is recommended`;
    index = null;
  }
  const { contextWindow } = window;
  // The range fields are filled in by the report once the grade is known (range_answer.ts).
  const rule = {
    rule: { prefer: o.prefer, tolerance: o.tolerance },
    nearOptimal: null,
    withheld: null,
    dollars: null,
    timeBudgeted: null,
  };
  const base = {
    basis: o.maxTimeShare === null ? "cheapest" as const : "timeBudget" as const,
    maxTimeShare: o.maxTimeShare,
    ...window,
    atObservedTrigger,
  };
  if (index === null) {
    return {
      ...base,
      trigger: null,
      costPerMillion: null,
      timeShare: null,
      savingVsObservedTrigger: null,
      budgetError,
      kind: null,
      settings: { autoCompactWindow: null, env: {} },
      environment: [],
      resultingTrigger: null,
      arithmetic: null,
      caveat: null,
      ...rule,
    };
  }
  const point = replay[index];
  const setting = autoCompactSetting(point.trigger, { contextWindow });
  return {
    ...base,
    trigger: point.trigger,
    costPerMillion: point.costPerMillion,
    timeShare: point.timeShare,
    savingVsObservedTrigger: atObservedTrigger === null || point.costPerMillion.mean === null
      ? null
      : 1 - point.costPerMillion.mean / atObservedTrigger.costPerMillion,
    budgetError,
    kind: setting.kind,
    settings: setting.settings,
    environment: setting.environment,
    resultingTrigger: setting.resultingTrigger,
    arithmetic: setting.arithmetic,
    caveat: setting.caveat,
    ...rule,
  };
}

/** The mean curves at `trigger`, linear between the grid points around it (null outside). */
export function observedTriggerPoint(
  trigger: number,
  triggers: Float64Array,
  curves: TriggerCurves,
): ObservedTriggerPoint | null {
  const n = triggers.length;
  if (n === 0 || trigger < triggers[0] || trigger > triggers[n - 1]) return null;
  let hi = 0;
  while (triggers[hi] < trigger) hi++;
  const lo = triggers[hi] === trigger ? hi : hi - 1;
  const w = lo === hi ? 0 : (trigger - triggers[lo]) / (triggers[hi] - triggers[lo]);
  const at = (v: Float64Array) => v[lo] + w * (v[hi] - v[lo]);
  const cost = at(curves.costPerMillion.mean);
  const share = at(curves.timeShare.mean);
  if (!Number.isFinite(cost) || !Number.isFinite(share)) return null;
  return { trigger, costPerMillion: cost, timeShare: share, between: [triggers[lo], triggers[hi]] };
}

/**
 * The model's context window: the option, else the price catalog's, else
 * {@linkcode DEFAULT_CONTEXT_WINDOW}.
 */
export function contextWindowFor(
  model: string,
  given: number | null,
): { contextWindow: number; contextWindowSource: Recommendation["contextWindowSource"] } {
  if (given !== null) return { contextWindow: given, contextWindowSource: "option" };
  const known = modelInfo(model)?.contextWindow;
  if (known !== undefined && Number.isFinite(known) && known > 0) {
    return { contextWindow: known, contextWindowSource: "catalog" };
  }
  return { contextWindow: DEFAULT_CONTEXT_WINDOW, contextWindowSource: "default" };
}
