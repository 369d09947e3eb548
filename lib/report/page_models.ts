/**
 * The report page's `--model all` section: the comparison table and each model's answer and
 * setting.
 *
 * @module
 */
import { settingsWithheld } from "../trigger/setting_table.ts";
import { escapeHtml } from "../charts/escape_html.ts";
import { answerSentence } from "./page_answer.ts";
import {
  meanCurves,
  num,
  type PageContext,
  pct,
  sig,
  tableRow,
  text,
  tok,
  usd,
} from "./page_markup.ts";
import type { Texts } from "./texts.ts";

/** `--model all`: the comparison table and each model's answer and setting. */
export function modelsSection(t: Texts, c: PageContext): string {
  const doc = c.models!.report;
  const names = c.models!.displayNames ?? {};
  const name = (model: string) => escapeHtml(names[model] ?? model);
  // "Claude Opus 5.5:" before its answer (the name ran into the sentence).
  const label = (model: string) =>
    `<strong>${text(t, "modelsAnswerName", { model: names[model] ?? model })}</strong>`;
  const band = (b: { mean: number | null; p10: number | null; p90: number | null } | null) =>
    b === null ? "–" : `${usd(b.mean)} (${usd(b.p10)}–${usd(b.p90)})`;
  const headers = [
    text(t, "modelsColumnModel"),
    text(t, "modelsColumnSessions"),
    text(t, "modelsColumnRequests"),
    text(t, "modelsColumnBilled"),
    text(t, "modelsColumnObserved"),
    text(t, "modelsColumnCheapest"),
    text(t, "modelsColumnCost"),
    text(t, "modelsColumnTStar"),
    text(t, "modelsColumnShare"),
    text(t, "modelsColumnSaving"),
    text(t, "modelsColumnGrade"),
    text(t, "modelsColumnDollars"),
  ];
  // Each cell carries its column's name: on a narrow screen a row is a card of labelled values
  // (page_style.ts) instead of a table wider than the phone.
  const rows = doc.comparison.map((r) => {
    const cells = [
      num(r.sessions),
      num(r.requests),
      // Millions with one decimal, as the corpus section's divisor ("6,717.3 million").
      num(r.billedTokens / 1e6, 1),
      r.observedTrigger === null ? "–" : tok(r.observedTrigger),
      r.cheapestTrigger === null
        ? "–"
        : `${tok(r.cheapestTrigger)}${r.argminAtGridEdge ? "*" : ""}`,
      band(r.cheapestCostPerMillion),
      r.tStarTokens === null ? "–" : tok(r.tStarTokens),
      pct(r.timeShareAtCheapest?.mean ?? null),
      pct(r.savingVsObservedTrigger),
      r.confidence === null ? "–" : text(
        t,
        r.confidence === "high"
          ? "gradeHigh"
          : r.confidence === "medium"
          ? "gradeMedium"
          : "gradeLow",
      ),
      usd(r.dollars?.per30DaysUsd ?? null, 0),
    ];
    return `<tr><th scope="row">${name(r.model)}</th>${
      cells.map((cell, i) => `<td class="num" data-label="${headers[i + 1]}">${cell}</td>`).join("")
    }</tr>`;
  });
  const answers = doc.models.map((entry) => {
    if (!("analysis" in entry)) {
      const w = entry.withoutCurves;
      // The options it misses, as the flags a user gives (summaryTokens → --summary-tokens).
      const flags = entry.error.missing.map((m) =>
        `--${m.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`
      );
      const figures = w === undefined ? "" : " " + text(t, "modelsWithoutCurves", {
        requests: num(w.corpus.requests),
        million: num(w.corpus.billedTokens / 1e6, 1),
        alpha: sig(w.prices.alpha),
        alphaSource: w.prices.sources.alpha,
        rho: sig(w.prices.rho),
        rhoSource: w.prices.sources.rho,
        pm: usd(w.prices.inputUsdPerMillion, 2),
        pmSource: w.prices.sources.inputUsdPerMillion,
        bill: w.observedBill === null ? "–" : usd(w.observedBill.costPerMillion),
        flags: flags.length === 0 ? "–" : flags.join(", "),
      });
      return `<li>${label(entry.model)} ${text(t, "modelsNotAnalysed")}${figures}</li>`;
    }
    const a = entry.analysis;
    const sentence = escapeHtml(answerSentence(t, meanCurves(a), a.corpus.observedTrigger));
    const rec = a.recommendation;
    const window = rec.settings?.autoCompactWindow ?? null;
    const env = Object.entries(rec.settings?.env ?? {}).map(([k, v]) => `${k}=${v}`).join(" ");
    // Withheld on a low grade: not "no setting reaches it" (the grade, not the arithmetic).
    const setting = settingsWithheld(rec)
      ? text(t, "modelsSettingWithheld")
      : rec.kind === null || rec.kind === "notReachable" || window === null
      ? text(t, "modelsSettingNone")
      : env === ""
      ? text(t, "modelsSetting", { window: String(window) })
      : text(t, "modelsSettingPercent", { window: String(window), env });
    return `<li>${label(entry.model)} ${sentence} ${setting}</li>`;
  });
  const main = names[c.report.corpus.model] ?? c.report.corpus.model;
  return `<h2>${text(t, "sectionModels")}</h2>
<p>${text(t, "modelsIntro", { model: main })}</p>
<table class="models"><thead>${tableRow(headers, true)}</thead><tbody>
${rows.join("\n")}
</tbody></table>
${
    doc.comparison.some((r) => r.argminAtGridEdge)
      ? `<p class="note">${text(t, "modelsEdge")}</p>\n`
      : ""
  }<ul class="model-answers">
${answers.join("\n")}
</ul>`;
}
