/**
 * The report page's "where it can mislead" section.
 *
 * @module
 */
import { leadItem, num, type PageContext, text, tok } from "./page_markup.ts";
import type { Texts } from "./texts.ts";

export function misleadSection(t: Texts, c: PageContext): string {
  const observed = c.report.corpus.observedTrigger;
  const near = observed === null
    ? text(t, "extrapolatedNone")
    : text(t, "extrapolatedNear", { observed: tok(observed) });
  return `<h2>${text(t, "sectionMislead")}</h2>
<ul>
${leadItem(t, "modelledLead", text(t, "modelled"))}
${
    leadItem(
      t,
      "extrapolatedLead",
      `${near} ${text(t, "extrapolatedBands", { workloads: num(c.report.options.workloads) })}`,
    )
  }
${leadItem(t, "repriceLead", text(t, "reprice"))}
${leadItem(t, "unmeasuredLead", text(t, "unmeasured"))}
${leadItem(t, "differLead", text(t, "differ"))}
${leadItem(t, "agentTimeLead", text(t, "agentTime"))}
</ul>`;
}
