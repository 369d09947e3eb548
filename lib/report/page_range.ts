/**
 * The report page's answer as a range (docs/method.md, Near-optimal ranges to The time-budgeted
 * alternative): the confidence grade in a sentence (first on the page when it is low), the
 * near-optimal ranges, the session-level argmin spread beside the block-only one and what each
 * band means, the extrapolated zone, which figure is which, the saving in dollars and the
 * time-budgeted alternative; and the checks' row comparing the replay with the bill.
 *
 * @module
 */
import { type ConfidenceReason, shownReasons } from "../trigger/confidence.ts";
import type { TriggerReport } from "../trigger/analyze.ts";
import { formatNumber } from "./format_number.ts";
import {
  num,
  type PageContext,
  pct,
  sessionTotal,
  tableRow,
  text,
  tok,
  usd,
} from "./page_markup.ts";
import { fillText, type TextKey, type Texts } from "./texts.ts";

const _REASON_TEXT: Record<ConfidenceReason["code"], TextKey> = {
  fewTimedCompactions: "reasonFewTimedCompactions",
  weakTimeFit: "reasonWeakTimeFit",
  fewSessionsAtTrigger: "reasonFewSessionsAtTrigger",
  wideNearOptimalRange: "reasonWideNearOptimalRange",
  atGridEdge: "reasonAtGridEdge",
  extrapolated: "reasonExtrapolated",
  someTimedCompactions: "reasonSomeTimedCompactions",
  spreadBeyondRange: "reasonSpreadBeyondRange",
  reworkNotMeasured: "reasonReworkNotMeasured",
  noRecommendation: "reasonNoRecommendation",
};

/** One reason in the page's language, with the report's figures. */
function _reason(t: Texts, r: ConfidenceReason, report: TriggerReport): string {
  const s = report.steadyState;
  const range = report.recommendation.nearOptimal;
  const trigger = report.recommendation.trigger;
  const value = r.value === null
    ? ""
    : r.code === "weakTimeFit"
    ? formatNumber(r.value, { digits: 2 })
    : r.code === "wideNearOptimalRange"
    ? pct(r.value, 0)
    : num(r.value);
  return fillText(t[_REASON_TEXT[r.code]], {
    value,
    threshold: r.threshold === null ? "" : String(r.threshold),
    trigger: trigger === null ? "" : tok(trigger),
    from: range === null ? "" : tok(range.fromTokens),
    to: range === null ? "" : tok(range.toTokens),
    p10: tok(s.argminSpread.p10),
    p90: tok(s.argminSpread.p90),
  });
}

/**
 * The grade and its reasons in one sentence of the page's language (HTML-escaped).
 *
 * @param t The language's texts.
 * @param report The analysis.
 * @returns The sentence.
 */
export function confidenceSentence(t: Texts, report: TriggerReport): string {
  const c = report.steadyState.confidence;
  const reasons = shownReasons(c).map((r) => _reason(t, r, report)).join(t.reasonSeparator);
  const key: TextKey = c.grade === "low"
    ? "confidenceLow"
    : c.grade === "medium"
    ? "confidenceMedium"
    : "confidenceHigh";
  return text(t, key, { reasons });
}

/**
 * The banner at the top of the page when the grade is low (empty otherwise): the grade, its
 * reasons and what happened to the settings.
 *
 * @param t The language's texts.
 * @param c The page context.
 * @returns A paragraph, or "".
 */
export function confidenceBanner(t: Texts, c: PageContext): string {
  const r = c.report;
  if (r.steadyState.confidence.grade !== "low") return "";
  const withheld = r.recommendation.withheld === null ? "" : ` ${text(t, "confidenceWithheld")}`;
  return `<p class="confidence confidence-low">${confidenceSentence(t, r)}${withheld}</p>`;
}

/**
 * The range section: grade, near-optimal ranges, both spreads, support, which figure is which,
 * dollars, the time-budgeted alternative.
 *
 * @param t The language's texts.
 * @param c The page context.
 * @returns The section's markup.
 */
export function rangeSection(t: Texts, c: PageContext): string {
  const r = c.report;
  const s = r.steadyState;
  const rec = r.recommendation;
  const parts = [`<h2>${text(t, "sectionRange")}</h2>`];
  parts.push(
    `<p class="confidence confidence-${s.confidence.grade}">${confidenceSentence(t, r)}</p>`,
  );
  // Near-optimal ranges.
  const shareAt = (trigger: number) =>
    r.replay.find((p) => p.trigger === trigger)?.timeShare.mean ?? null;
  if (s.nearOptimal.length > 0) {
    const rows = s.nearOptimal.map((n) => {
      // A run of one grid point is that point ("30K", not "30K–30K"), as in the holes.
      const run = (from: number, to: number) => from === to ? tok(from) : `${tok(from)}–${tok(to)}`;
      const span = run(n.fromTokens, n.toTokens);
      const holes = n.holes.map((h) => run(h.fromTokens, h.toTokens)).join(", ");
      return tableRow([
        pct(n.tolerance, 0),
        n.contiguous ? span : text(t, "rangeHoles", { range: span, holes }),
        pct(shareAt(n.toTokens)),
      ]);
    });
    parts.push(
      `<p>${text(t, "rangeIntro")}</p>`,
      `<table class="near-optimal"><thead>${
        tableRow([
          text(t, "rangeColumnTolerance"),
          text(t, "rangeColumnTriggers"),
          text(t, "rangeColumnShare"),
        ], true)
      }</thead><tbody>\n${rows.join("\n")}\n</tbody></table>`,
    );
    // The 2% range in a sentence is part of the answer (page_answer.ts), moving with the sliders.
  }
  // The two spreads and what the bands mean.
  const a = s.argminSpread, b = s.argminSpreadBlocks;
  if (a.method === "sessions-and-blocks" && a.p10 !== null && a.p90 !== null) {
    parts.push(
      `<p class="argmin-spread-sessions">${
        text(t, "spreadSessions", {
          draws: num(a.draws),
          seed: String(a.seed),
          // Both percentiles at one trigger: "at 80K", not "between 80K and 80K".
          range: a.p10 === a.p90
            ? text(t, "spreadAt", { p10: tok(a.p10) })
            : text(t, "spreadBetween", { p10: tok(a.p10), p90: tok(a.p90) }),
          p50: tok(a.p50),
        })
      }</p>`,
    );
  }
  if (b.p10 !== null && b.p90 !== null) {
    parts.push(
      `<p class="argmin-spread-blocks">${
        text(t, "spreadBlocks", {
          workloads: num(b.workloads),
          span: b.p10 === b.p90 ? tok(b.p10) : `${tok(b.p10)}–${tok(b.p90)}`,
        })
      }</p>`,
    );
  }
  // Support: the extrapolated zone, and the sessions at the recommended trigger.
  const m = s.support.measuredInput;
  const measured = { minC: tok(m?.minTokens ?? null), maxC: tok(m?.maxTokens ?? null) };
  const zones = _runs(r);
  parts.push(
    `<p class="support">${
      zones === ""
        ? text(t, "supportNone", { minSessions: num(s.support.minSessions), ...measured })
        : text(t, "supportSome", { zones, minSessions: num(s.support.minSessions), ...measured })
    }${
      rec.trigger === null ? "" : " " + (() => {
        const at = r.replay.find((p) => p.trigger === rec.trigger)!.support;
        return text(t, "supportAtRecommended", {
          sessions: num(at.sessions),
          total: num(sessionTotal(r.corpus.sessions)),
          share: pct(at.share),
          trigger: tok(rec.trigger),
        });
      })()
    }</p>`,
  );
  // Which figure is which, dollars, the time-budgeted alternative.
  const at = rec.atObservedTrigger;
  const replayAt = r.checks.replayAtObservedTrigger;
  if (at !== null && replayAt !== null && rec.costPerMillion?.mean != null) {
    parts.push(
      `<p class="figures-which">${
        text(t, "figuresWhich", {
          rec: usd(rec.costPerMillion.mean),
          obs: usd(at.costPerMillion),
          replay: usd(replayAt.costPerMillion),
          bill: usd(r.checks.observedBill.costPerMillion),
        })
      }</p>`,
    );
  }
  const d = rec.dollars;
  if (d !== null) {
    parts.push(
      `<p class="dollars">${
        text(t, d.historyUsd >= 0 ? "dollarsSaved" : "dollarsMore", {
          usd: usd(Math.abs(d.historyUsd), 0),
          days: num(d.historyDays, 1),
          per30: usd(d.per30DaysUsd === null ? null : Math.abs(d.per30DaysUsd), 0),
        })
      }</p>`,
    );
  }
  const alt = rec.timeBudgeted;
  if (alt !== null && at !== null) {
    parts.push(
      `<p class="time-budgeted">${
        text(t, "alternative", {
          share: pct(rec.timeShare?.mean ?? null),
          observedShare: pct(at.timeShare),
          budget: pct(alt.maxTimeShare, 0),
          trigger: tok(alt.trigger),
          saving: pct(alt.savingVsObservedTrigger),
          altShare: pct(alt.timeShare),
        })
      }</p>`,
    );
  }
  return parts.join("\n");
}

/**
 * The checks' row: the replay of the observed history at the observed trigger against the bill,
 * with the reason they differ (null without an observed trigger).
 *
 * @param t The language's texts.
 * @param report The analysis.
 * @returns A table row, or null.
 */
export function billDifferenceRow(t: Texts, report: TriggerReport): string | null {
  const at = report.checks.replayAtObservedTrigger;
  if (at === null) return null;
  const diff = pct(at.ratioToObservedBill);
  return `<tr><th scope="row">${
    text(t, "checkBillDifference")
  }</th><td class="num">${diff}</td><td>${text(t, "checkBillDifferenceNote", { diff })}</td></tr>`;
}

/** The extrapolated triggers as runs ("70K–100K, 290K–1M"), or "" when there is none. */
function _runs(r: TriggerReport): string {
  const out: string[] = [];
  const p = r.replay;
  for (let i = 0; i < p.length; i++) {
    if (!p[i].support.extrapolated) continue;
    let j = i;
    while (j + 1 < p.length && p[j + 1].support.extrapolated) j++;
    out.push(i === j ? tok(p[i].trigger) : `${tok(p[i].trigger)}–${tok(p[j].trigger)}`);
    i = j;
  }
  return out.join(", ");
}
