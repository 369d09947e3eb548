/**
 * How well the observed history supports each replayed trigger (docs/method.md, Support and
 * the extrapolated zone): how many sessions reached a context of T, and whether T lies near the
 * compaction inputs C the time and summary models were fitted on.
 *
 * @module
 */
import type { Corpus } from "../transcript/tables.ts";

/** A trigger reached by fewer sessions than this is extrapolated. */
export const MIN_SUPPORTING_SESSIONS = 5;

/** A trigger further than this share outside the measured C range is extrapolated. */
export const MEASURED_INPUT_MARGIN = 0.25;

/** Support of one trigger. */
export interface TriggerSupport {
  /** Included sessions whose observed context reached at least T. */
  sessions: number;
  /** Those sessions over all included sessions, 0…1 (0 when there is no session). */
  share: number;
  /** T lies within the measured C range widened by {@linkcode MEASURED_INPUT_MARGIN}. */
  insideMeasuredInput: boolean;
  /**
   * Fewer than {@linkcode MIN_SUPPORTING_SESSIONS} sessions reach T, or T lies outside the
   * widened measured C range.
   */
  extrapolated: boolean;
}

/** The measured compaction inputs and the per-trigger support. */
export interface SupportResult {
  /** Smallest and largest measured compaction input C, tokens (null: no compaction with C). */
  measuredInput: { minTokens: number; maxTokens: number } | null;
  /** One entry per trigger, in the given order. */
  triggers: TriggerSupport[];
}

/**
 * Each session's peak observed context is the largest of its requests' contexts x and of its
 * compactions' inputs C (a compaction at C shows the session reached C even when the request
 * before it was smaller). A trigger T is supported by the sessions whose peak is ≥ T. T is
 * inside the measured inputs when min C × (1 − margin) ≤ T ≤ max C × (1 + margin); without
 * any measured C every trigger is outside. O(requests + triggers · log sessions).
 *
 * @param corpus The reader's tables (requests' contexts, sessions, compactions' inputs).
 * @param triggers Triggers, tokens.
 * @returns The measured C range and the support of each trigger.
 *
 * @example Three sessions peaking at 50K, 120K (a compaction) and 200K
 * ```ts
 * import assert from "node:assert/strict";
 * import { triggerSupport } from "./support.ts";
 * import type { Corpus } from "../transcript/tables.ts";
 *
 * const corpus = {
 *   requests: { length: 5, context: Float64Array.of(30e3, 50e3, 90e3, 20e3, 200e3) },
 *   sessions: { length: 3, firstRequest: Uint32Array.of(0, 2, 4),
 *     requestCount: Uint32Array.of(2, 2, 1) },
 *   compactions: { length: 1, session: Uint32Array.of(1), inputTokens: Float64Array.of(120e3) },
 * } as unknown as Corpus;
 * const { triggers } = triggerSupport(corpus, [100e3]);
 * assert.equal(triggers[0].sessions, 2);
 * assert.ok(Math.abs(triggers[0].share - 2 / 3) < 1e-15);
 * assert.equal(triggers[0].extrapolated, true); // 2 < 5 sessions
 * ```
 */
export function triggerSupport(
  corpus: Pick<Corpus, "requests" | "sessions" | "compactions">,
  triggers: ArrayLike<number>,
): SupportResult {
  const { requests, sessions, compactions } = corpus;
  const peak = new Float64Array(sessions.length);
  for (let s = 0; s < sessions.length; s++) {
    let m = 0;
    const end = sessions.firstRequest[s] + sessions.requestCount[s];
    for (let row = sessions.firstRequest[s]; row < end; row++) {
      if (requests.context[row] > m) m = requests.context[row];
    }
    peak[s] = m;
  }
  let minC = Infinity, maxC = -Infinity;
  for (let i = 0; i < compactions.length; i++) {
    const c = compactions.inputTokens[i];
    if (!Number.isFinite(c)) continue;
    const s = compactions.session[i];
    if (c > peak[s]) peak[s] = c;
    if (c < minC) minC = c;
    if (c > maxC) maxC = c;
  }
  peak.sort();
  const n = peak.length;
  const measured = Number.isFinite(minC) ? { minTokens: minC, maxTokens: maxC } : null;
  const reached = new Float64Array(triggers.length);
  for (let j = 0; j < triggers.length; j++) {
    const t = triggers[j];
    // First sorted peak ≥ t.
    let lo = 0, hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (peak[mid] < t) lo = mid + 1;
      else hi = mid;
    }
    reached[j] = n - lo;
  }
  return { measuredInput: measured, triggers: supportFromCounts(triggers, reached, n, measured) };
}

/**
 * The support of each trigger from its count of sessions reaching it (the rule of
 * {@linkcode triggerSupport}; the counts add over disjoint sets of sessions, so a streamed
 * analysis sums them batch by batch).
 *
 * @param triggers Triggers, tokens.
 * @param reached Per trigger, the sessions whose peak is ≥ it.
 * @param sessions All included sessions.
 * @param measured The measured compaction inputs C (null: none).
 * @returns One entry per trigger.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { supportFromCounts } from "./support.ts";
 * const [a, b] = supportFromCounts([100e3, 300e3], [6, 6], 10,
 *   { minTokens: 90e3, maxTokens: 150e3 });
 * assert.equal(a.extrapolated, false);
 * assert.equal(b.insideMeasuredInput, false); // 300K > 150K × 1.25
 * ```
 */
export function supportFromCounts(
  triggers: ArrayLike<number>,
  reached: ArrayLike<number>,
  sessions: number,
  measured: SupportResult["measuredInput"],
): TriggerSupport[] {
  const out: TriggerSupport[] = [];
  for (let j = 0; j < triggers.length; j++) {
    const t = triggers[j];
    const inside = measured !== null &&
      t >= measured.minTokens * (1 - MEASURED_INPUT_MARGIN) &&
      t <= measured.maxTokens * (1 + MEASURED_INPUT_MARGIN);
    out.push({
      sessions: reached[j],
      share: sessions > 0 ? reached[j] / sessions : 0,
      insideMeasuredInput: inside,
      extrapolated: reached[j] < MIN_SUPPORTING_SESSIONS || !inside,
    });
  }
  return out;
}
