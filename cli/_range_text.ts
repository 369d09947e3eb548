/**
 * The answer as a range, as text for `deno task analyze` (docs/method.md, Near-optimal ranges to
 * Confidence grade): the grade first when it is low, the near-optimal ranges, both argmin
 * spreads, the extrapolated zone, the rule that chose the trigger, dollars and the time-budgeted
 * alternative.
 *
 * @module
 */
import type { TriggerReport } from "../lib/trigger/mod.ts";
import { shownReasons } from "../lib/trigger/confidence.ts";

const k = (x: number) => `${Math.round(x / 1000)}K`;
const pct = (x: number | null) => (x === null ? "n/a" : `${(x * 100).toFixed(1)}%`);
const usd = (x: number) => `$${Math.abs(x) >= 100 ? x.toFixed(0) : x.toFixed(2)}`;
const cost = (x: number) => `$${x.toFixed(3)}`;

/**
 * The grade as one sentence: the grade, every reason and, when low, that the settings are
 * withheld.
 *
 * @param r The report.
 * @returns One line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { confidenceLine } from "./_range_text.ts";
 * const r = { steadyState: { confidence: { grade: "low", reasons: [
 *   { code: "fewTimedCompactions", level: "low", value: 4, threshold: 10,
 *     message: "only 4 timed compactions" }] } },
 *   recommendation: { withheld: "x" } } as never;
 * assert.match(confidenceLine(r), /^Confidence: LOW: only 4 timed compactions/);
 * ```
 */
export function confidenceLine(r: TriggerReport): string {
  const c = r.steadyState.confidence;
  const reasons = shownReasons(c).map((x) => x.message).join("; ");
  if (c.grade === "low") {
    return `Confidence: LOW: ${reasons}. Do not act on this answer yet` +
      (r.recommendation.withheld === null
        ? " (settings printed: --force)."
        : "; the settings are withheld (--force prints them).");
  }
  return `Confidence: ${c.grade}${reasons === "" ? "" : ` (${reasons})`}.`;
}

/**
 * Lines on the near-optimal ranges, the two argmin spreads and the extrapolated zone.
 *
 * @param r The report.
 * @returns Lines.
 */
export function rangeLines(r: TriggerReport): string[] {
  const s = r.steadyState;
  const lines: string[] = [];
  for (const n of s.nearOptimal) {
    lines.push(
      `Within ${Math.round(n.tolerance * 100)}% of the cheapest mean cost: ${
        n.fromTokens === n.toTokens
          ? `${k(n.fromTokens)} only`
          : `${k(n.fromTokens)}-${k(n.toTokens)}`
      }${
        n.contiguous
          ? ""
          : ` (not contiguous: ${
            n.holes.map((h) => `${k(h.fromTokens)}-${k(h.toTokens)}`).join(", ")
          } cost more)`
      }`,
    );
  }
  const a = s.argminSpread, b = s.argminSpreadBlocks;
  const span = (p10: number | null, p90: number | null, p50: number | null) =>
    p10 === null || p90 === null
      ? "n/a"
      : `${_span(p10, p90)} (median ${p50 === null ? "n/a" : k(p50)})`;
  lines.push(
    a.method === "sessions-and-blocks"
      ? `Cheapest trigger with other sessions like these (sessions drawn within kind, then blocks): ` +
        `10-90% ${span(a.p10, a.p90, a.p50)}, ${a.draws} draws, seed ${a.seed}`
      : "Cheapest trigger with other sessions like these: not computed (--session-draws 0)",
    `Cheapest trigger of each block-reshuffled workload (sessions kept): 10-90% ${
      span(b.p10, b.p90, b.p50)
    }, ${b.workloads} workloads`,
  );
  const out = r.replay.filter((p) => p.support.extrapolated);
  const m = s.support.measuredInput;
  lines.push(
    `Support: measured compaction inputs ${
      m === null ? "none" : `${k(m.minTokens)}-${k(m.maxTokens)}`
    }; ` +
      (out.length === 0
        ? "no trigger of the grid is extrapolated"
        : `extrapolated (fewer than ${s.support.minSessions} sessions reach it, or more than ` +
          `${Math.round(s.support.inputMargin * 100)}% outside the measured inputs): ${
            _runs(out.map((p) => p.trigger), r.options.triggerStep)
          }`),
  );
  return lines;
}

/**
 * Lines under the recommendation: the rule, the 2% range, dollars, the alternative, withheld.
 *
 * @param r The report.
 * @returns Lines.
 */
export function recommendationRangeLines(r: TriggerReport): string[] {
  const rec = r.recommendation;
  const lines: string[] = [];
  if (rec.trigger === null) return lines;
  lines.push(
    `  Rule: ${
      rec.rule.prefer === "cheapest"
        ? "the cheapest trigger (--prefer cheapest)"
        : `the ${rec.rule.prefer === "fewer-compactions" ? "highest" : "lowest"} trigger within ${
          Math.round(rec.rule.tolerance * 1000) / 10
        }% of the cheapest (--prefer ${rec.rule.prefer})`
    }`,
  );
  if (rec.nearOptimal !== null && rec.nearOptimal.fromTokens === rec.nearOptimal.toTokens) {
    // One grid point: no range to walk along, and no time share to trade (the page says nothing).
    lines.push(
      `  Only ${k(rec.nearOptimal.fromTokens)} costs within 2% of the cheapest: its neighbours ` +
        `on the grid cost more.`,
    );
  } else if (rec.nearOptimal !== null) {
    const hi = r.replay.find((p) => p.trigger === rec.nearOptimal!.toTokens);
    lines.push(
      `  Anything from ${k(rec.nearOptimal.fromTokens)} to ${k(rec.nearOptimal.toTokens)} costs ` +
        `within 2% of the cheapest; compacting at ${k(rec.nearOptimal.toTokens)} takes ${
          pct(hi?.timeShare.mean ?? null)
        } of agent time instead of ${pct(rec.timeShare?.mean ?? null)}.`,
    );
  }
  const at = rec.atObservedTrigger, replayAt = r.checks.replayAtObservedTrigger;
  if (at !== null && replayAt !== null && rec.costPerMillion?.mean != null) {
    lines.push(
      `  Which figure is which: ${cost(rec.costPerMillion.mean)} and ${
        cost(at.costPerMillion)
      } are the replay's means over the resampled workloads (like with like); the replay of ` +
        `the observed history at the observed trigger gives ${cost(replayAt.costPerMillion)}, ` +
        `the bill ${cost(r.checks.observedBill.costPerMillion)} (ratio ${
          replayAt.ratioToObservedBill.toFixed(3)
        }: the replay compacts exactly at the trigger and prices compactions with the fitted model).`,
    );
  }
  if (rec.dollars !== null) {
    const d = rec.dollars;
    lines.push(
      `  In dollars: ${usd(d.historyUsd)} ${d.historyUsd >= 0 ? "saved" : "more"} on this history` +
        (d.per30DaysUsd === null || d.historyDays === null
          ? ""
          : ` (${d.historyDays.toFixed(1)} days), ${usd(d.per30DaysUsd)} per 30 days at its rate`),
    );
  }
  const alt = rec.timeBudgeted;
  if (alt !== null) {
    const shares = `${pct(rec.timeShare?.mean ?? null)} of agent time instead of ${
      pct(at?.timeShare ?? null)
    }`;
    const saving = alt.savingVsObservedTrigger === null
      ? usd(alt.costPerMillion)
      : `${pct(Math.abs(alt.savingVsObservedTrigger))} ${
        alt.savingVsObservedTrigger >= 0 ? "less" : "more"
      }`;
    lines.push(
      `  This more than doubles the time spent compacting (${shares}); within ${
        pct(alt.maxTimeShare)
      } of agent time: ${k(alt.trigger)}, ${saving} per million (time share ${
        pct(alt.timeShare)
      }).`,
    );
  }
  if (rec.withheld !== null) lines.push(`  ${rec.withheld}`);
  return lines;
}

/** Tokens from … to as "70K-90K", or "80K" when both ends are one trigger. */
function _span(from: number, to: number): string {
  return from === to ? k(from) : `${k(from)}-${k(to)}`;
}

/** Consecutive grid triggers as runs: "70K-90K, 300K-360K". */
function _runs(triggers: number[], step: number): string {
  const runs: string[] = [];
  let from = triggers[0], prev = triggers[0];
  for (let i = 1; i <= triggers.length; i++) {
    const t = triggers[i];
    if (i < triggers.length && Math.abs(t - prev - step) < 1e-6 * step) {
      prev = t;
      continue;
    }
    runs.push(_span(from, prev));
    from = prev = t;
  }
  return runs.join(", ");
}
