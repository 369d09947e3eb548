/**
 * The report page's method section: how the numbers were made, and the cost divisor.
 *
 * @module
 */
import { corpusKind, leadItem, num, type PageContext, text, tok } from "./page_markup.ts";
import type { Texts } from "./texts.ts";

export function methodSection(t: Texts, c: PageContext): string {
  const o = c.report.options;
  const r = c.report.corpus;
  const triggers = c.sums.triggers;
  return `<h2>${text(t, "sectionMethod")}</h2>
<p>${text(t, "methodShort")}</p>
<ul>
${
    leadItem(
      t,
      "methodRequestsLead",
      text(t, "methodRequests", {
        requests: num(r.requests),
        kind: corpusKind(t, c.synthetic),
        model: c.model,
      }),
      { Kind: corpusKind(t, c.synthetic, true) },
    )
  }
${
    leadItem(
      t,
      "methodCompactionsLead",
      text(t, "methodCompactions", { timed: num(r.compactions.timed) }),
    )
  }
${
    leadItem(
      t,
      "methodWorkloadsLead",
      text(t, "methodWorkloads", {
        block: num(o.blockSize),
        method: o.method,
        seed: String(o.seed),
        workloads: num(o.workloads),
      }) +
        (o.blockSizeChosen ? " " + text(t, "methodBlockChosen", { block: num(o.blockSize) }) : ""),
    )
  }
${
    leadItem(
      t,
      "methodReplayLead",
      text(t, "methodReplay", {
        n: num(triggers.length),
        from: tok(triggers[0]),
        to: tok(triggers[triggers.length - 1]),
      }),
    )
  }
${
    leadItem(
      t,
      "methodStepLead",
      text(t, o.compactionStepShare === "kept" ? "methodStepKept" : "methodStepPrevious"),
    )
  }
</ul>
<h3>${text(t, "sectionCost")}</h3>
<p>${text(t, "costBody", { million: num(r.billedTokens / 1e6, 1) })}</p>`;
}
