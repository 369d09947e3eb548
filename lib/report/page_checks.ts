/**
 * The report page's checks section: the observed bill, the replay at the observed trigger and the
 * permutation check of growth, and what the replay leaves out or counts apart (advisor passes,
 * sessions of another model, precomputed compactions; docs/method.md).
 *
 * @module
 */
import type { TriggerReport } from "../trigger/analyze.ts";
import { formatNumber } from "./format_number.ts";
import { num, text, tok, usd } from "./page_markup.ts";
import { billDifferenceRow } from "./page_range.ts";
import type { Texts } from "./texts.ts";

export function checksSection(t: Texts, report: TriggerReport): string {
  const ch = report.checks;
  const at = ch.replayAtObservedTrigger;
  const growth = ch.permuteKeepsGrowth;
  const row = (head: string, value: string, note: string) =>
    `<tr><th scope="row">${head}</th><td class="num">${value}</td><td>${note}</td></tr>`;
  const rows = [
    row(
      text(t, "checkBill"),
      text(t, "valuePerMillion", { cost: usd(ch.observedBill.costPerMillion) }),
      text(t, "checkBillNote", { compaction: usd(ch.observedBill.compactionCostPerMillion) }),
    ),
    at === null ? row(text(t, "checkReplay"), "–", text(t, "checkReplayNone")) : row(
      text(t, "checkReplay"),
      text(t, "valuePerMillion", { cost: usd(at.costPerMillion) }),
      text(t, "checkReplayNote", {
        trigger: tok(at.trigger),
        ratio: formatNumber(at.ratioToObservedBill, { digits: 3 }),
      }),
    ),
  ];
  const difference = billDifferenceRow(t, report);
  if (difference !== null) rows.push(difference);
  const c = report.corpus;
  const dollars = (v: number | null) => (v === null ? "–" : `$${formatNumber(v, { digits: 2 })}`);
  if (c.advisor.iterations > 0) {
    rows.push(row(
      text(t, "checkAdvisor"),
      text(t, "valuePerMillion", { cost: usd(ch.observedBill.advisorCostPerMillion) }),
      text(t, "checkAdvisorNote", {
        n: num(c.advisor.iterations),
        share: formatNumber(100 * c.advisor.billedTokens / c.billedTokens, { digits: 1 }),
        usd: dollars(c.advisor.usd),
      }),
    ));
  }
  if (c.leftOut.requests > 0) {
    rows.push(row(
      text(t, "checkLeftOut"),
      dollars(c.leftOut.usd),
      text(t, "checkLeftOutNote", {
        requests: num(c.leftOut.requests),
        sessions: num(c.leftOut.sessions),
        switched: num(c.modelSwitches.sessions),
      }),
    ));
  }
  const pre = report.precomputedCompactions;
  if (pre.share > 0 && pre.recommendedTimeShare?.mean != null) {
    rows.push(row(
      text(t, "checkPrecomputed"),
      `${formatNumber(100 * pre.recommendedTimeShare.mean, { digits: 1 })}%`,
      text(t, "checkPrecomputedNote", {
        share: formatNumber(100 * pre.share, { digits: 0 }),
        with: report.recommendation.timeShare?.mean == null
          ? "–"
          : `${formatNumber(100 * report.recommendation.timeShare.mean, { digits: 1 })}%`,
      }),
    ));
  }
  if (growth !== null) {
    rows.push(row(
      text(t, "checkGrowth"),
      text(t, "valueMismatches", { n: num(growth.mismatches) }),
      text(t, "checkGrowthNote", {
        workloads: num(growth.workloads),
        cells: num(growth.workloads * growth.sessions),
      }),
    ));
  }
  return `<h2>${text(t, "sectionChecks")}</h2>
<p>${text(t, "checksIntro")}</p>
<table class="checks"><tbody>
${rows.join("\n")}
</tbody></table>`;
}
