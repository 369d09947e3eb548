/**
 * The report page's read-cost section: the tool results' one-shot and carried tokens by kind.
 *
 * @module
 */
import type { ReadCostReport } from "../readcost/report.ts";
import { RESULT_KINDS, type ResultKind } from "../readcost/classify.ts";
import { num, pct, tableRow, text, tok } from "./page_markup.ts";
import type { TextKey, Texts } from "./texts.ts";

/** The table's name of each read-cost result kind. */
const _KIND_KEYS: Record<ResultKind, TextKey> = {
  "bulk-read": "readCostKindBulk",
  "targeted-read": "readCostKindTargeted",
  "search": "readCostKindSearch",
  "subagent": "readCostKindSubagent",
  "other": "readCostKindOther",
  "unmatched": "readCostKindUnmatched",
};

export function readCostSection(t: Texts, rc: ReadCostReport): string {
  // Shares in the report are percent already (100 × part / observed input).
  const share = (tokens: number, percent: number | null) =>
    `${tok(tokens)} (${percent === null ? "–" : pct(percent / 100)})`;
  const row = (
    name: string,
    results: number,
    x: { oneShotTokens: number; carriedTokens: number } & {
      oneShotPercentOfObservedInput: number | null;
      carriedPercentOfObservedInput: number | null;
    },
  ) =>
    tableRow([
      name,
      num(results),
      share(x.oneShotTokens, x.oneShotPercentOfObservedInput),
      share(x.carriedTokens, x.carriedPercentOfObservedInput),
    ]);
  const rows = RESULT_KINDS.map((kind) => {
    const k = rc.byKind[kind];
    return row(text(t, _KIND_KEYS[kind]), k.results, k);
  });
  rows.push(
    row(`<strong>${text(t, "readCostAll")}</strong>`, rc.allResults.results, rc.allResults),
  );
  rows.push(row(
    text(t, "readCostCandidates", { minChars: num(rc.thresholds.minChars) }),
    rc.candidates.results,
    rc.candidates,
  ));
  return `<h2>${text(t, "sectionReadCost")}</h2>
<p>${text(t, "readCostIntro")}</p>
<p>${
    text(t, "readCostFiles", {
      read: num(rc.files.read),
      minTurns: num(rc.thresholds.minTurns),
      included: num(rc.files.included),
      excluded: num(rc.files.excludedBelowMinTurns),
    })
  } ${
    text(t, "readCostTokens", {
      input: num(rc.tokens.observedInputTokens),
      output: num(rc.tokens.outputTokens),
    })
  }</p>
<table class="readcost"><thead>${
    tableRow([
      text(t, "readCostColumnKind"),
      text(t, "readCostColumnResults"),
      text(t, "readCostColumnOneShot"),
      text(t, "readCostColumnCarried"),
    ], true)
  }</thead><tbody>
${rows.join("\n")}
</tbody></table>`;
}
