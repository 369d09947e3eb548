/**
 * The report page's checks section: the observed bill, the replay at the observed trigger and the
 * permutation check of growth.
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
