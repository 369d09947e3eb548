/**
 * The report page's time-model fit section: the three fits of t_c, the source of a and v, and
 * what a compaction leaves behind.
 *
 * @module
 */
import type { TriggerReport } from "../trigger/analyze.ts";
import { escapeHtml } from "../charts/escape_html.ts";
import { formatNumber } from "./format_number.ts";
import { factsTable, num, pct, sig, tableRow, text } from "./page_markup.ts";
import type { TextKey, Texts } from "./texts.ts";

export function fitSection(t: Texts, report: TriggerReport): string {
  const f = report.fit;
  const note = (formula: string) => ` <span class="note">${formula}</span>`;
  const missing = (name: TextKey, formula: string) =>
    tableRow([`${text(t, name)}${note(formula)}`, "–", "–", text(t, "fitNotFitted"), "–"]);
  const r2 = (x: number | null) => formatNumber(x, { digits: 2 });
  const rows = [
    f.both === null ? missing("fitBoth", "t_c = a·C + G/v") : tableRow([
      `${text(t, "fitBoth")}${note("t_c = a·C + G/v")}`,
      sig(f.both.a * 1000),
      sig(f.both.v),
      r2(f.both.rSquared),
      num(f.both.n),
    ]),
    f.summaryOnly === null ? missing("fitSummaryOnly", "t_c = G/v") : tableRow([
      `${text(t, "fitSummaryOnly")}${note("t_c = G/v")}`,
      "–",
      sig(f.summaryOnly.v),
      r2(f.summaryOnly.rSquared),
      num(f.summaryOnly.n),
    ]),
    f.inputOnly === null ? missing("fitInputOnly", "t_c = a·C") : tableRow([
      `${text(t, "fitInputOnly")}${note("t_c = a·C")}`,
      sig(f.inputOnly.a * 1000),
      "–",
      r2(f.inputOnly.rSquared),
      num(f.inputOnly.n),
    ]),
  ];
  // The fit used when the least-squares one had a negative coefficient, or beside a given value
  // (docs/method.md, Constrained time fit).
  const k = f.constrained;
  if (k !== null && k.method !== "both" && k.method !== "given") {
    const how: TextKey = k.method === "input only"
      ? "fitMethodInputOnly"
      : k.method === "summary only"
      ? "fitMethodSummaryOnly"
      : k.method === "v given"
      ? "fitMethodVGiven"
      : "fitMethodAGiven";
    rows.push(tableRow([
      `${text(t, "fitConstrained")}${note(text(t, how))}`,
      sig(k.a * 1000),
      k.v === null ? "∞" : sig(k.v),
      r2(k.rSquared),
      num(k.n),
    ]));
  }
  const av = {
    a: sig(report.timeModel.aSecondsPerToken * 1000),
    v: sig(report.timeModel.vTokensPerSecond),
  };
  const source = f.timeModelSource === "fit"
    ? text(t, "fitSourceFit", av)
    : text(t, "fitSourceOptions", av) +
      (f.timeModelError === null ? "" : ` ${text(t, "fitFailed", { error: f.timeModelError })}`);
  const s = f.summaryModel;
  const given = (part: keyof typeof f.compactionModelSource) =>
    f.compactionModelSource[part] === "options" ? ` ${text(t, "givenOption")}` : "";
  const summary = s.method === "options"
    ? text(t, "summaryOptions", { g0: num(s.g0) })
    : s.method === "linear"
    ? text(t, "summaryLinear", {
      g0: num(s.g0),
      sign: s.g1 < 0 ? "−" : "+",
      g1: sig(Math.abs(s.g1), 3),
      n: num(s.n),
      r2: r2(s.rSquared),
    })
    : text(t, "summaryMedian", { g0: num(s.g0), n: num(s.n) });
  const facts: [string, string][] = [
    [text(t, "rowSummary"), summary],
    [text(t, "rowPost"), text(t, "valuePost", { prefix: num(f.postPrefix) }) + given("postPrefix")],
    [text(t, "rowBeta"), pct(f.beta) + given("beta")],
    [text(t, "rowCPost"), pct(f.cPost) + given("cPost")],
  ];
  if (f.compactionModelError !== null) {
    facts.push([text(t, "rowNotFitted"), escapeHtml(f.compactionModelError)]);
  }
  facts.push([
    text(t, "rowDelta"),
    f.meanGrowthTokens === null ? "–" : text(t, "valueTokens", { tokens: num(f.meanGrowthTokens) }),
  ]);
  return `<h2>${text(t, "sectionFit")}</h2>
<p>${text(t, "fitIntro")}</p>
<table class="fit"><thead>${
    tableRow([
      text(t, "fitColumnRegressors"),
      text(t, "fitColumnA"),
      text(t, "fitColumnV"),
      "R²",
      "n",
    ], true)
  }</thead><tbody>
${rows.join("\n")}
</tbody></table>
<p class="note">${source}</p>
<h3>${text(t, "sectionLeftBehind")}</h3>
${factsTable(facts)}`;
}
