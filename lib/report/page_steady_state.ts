/**
 * The report page's steady-state section: T* beside the replay's optimum, its spread and ratio.
 *
 * @module
 */
import type { TriggerReport } from "../trigger/analyze.ts";
import { formatNumber } from "./format_number.ts";
import { num, pct, text, tok } from "./page_markup.ts";
import type { Texts } from "./texts.ts";

export function steadyStateSection(t: Texts, report: TriggerReport): string {
  const s = report.steadyState;
  const i = s.inputs;
  const row = (head: string, value: string, note: string) =>
    `<tr><th scope="row">${head}</th><td class="num">${value}</td><td>${note}</td></tr>`;
  return `<h2>${text(t, "sectionSteady")}</h2>
<table class="facts"><tbody>
${
    row(
      text(t, "steadyRow"),
      tok(s.tStarTokens),
      text(t, "steadyNote", {
        r: tok(i.postContextTokens),
        g: tok(i.summaryTokens),
        delta: num(i.meanGrowthTokens),
        beta: pct(i.beta),
      }),
    )
  }
${row(text(t, "steadyReplay"), tok(s.replayArgminTokens), text(t, "steadyReplayNote"))}
${
    s.argminSpreadBlocks.p10 === null || s.argminSpreadBlocks.p90 === null ? "" : row(
      text(t, "steadySpread"),
      `${tok(s.argminSpreadBlocks.p10)}–${tok(s.argminSpreadBlocks.p90)}`,
      text(t, "steadySpreadNote", {
        workloads: num(s.argminSpreadBlocks.workloads),
        p50: tok(s.argminSpreadBlocks.p50),
      }),
    )
  }
${
    row(
      text(t, "steadyRatio"),
      formatNumber(s.ratio, { digits: 2 }),
      text(t, "steadyRatioNote"),
    )
  }
</tbody></table>`;
}
