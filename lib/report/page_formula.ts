/**
 * The report page's formula section: the cost and time model with its symbols, and what moves the
 * answer.
 *
 * @module
 */
import type { TriggerReport } from "../trigger/analyze.ts";
import { escapeHtml } from "../charts/escape_html.ts";
import { leadItem, sig, text, usd } from "./page_markup.ts";
import type { TextKey, Texts } from "./texts.ts";

export function formulaSection(t: Texts, report: TriggerReport): string {
  const p = report.prices;
  const line = (label: TextKey, expression: string) =>
    `<span><span class="formula-label">${text(t, label)}:</span> ${expression}</span>`;
  const symbols: [string, string][] = [
    ["x", text(t, "symbolX")],
    ["y", text(t, "symbolY")],
    ["c", text(t, "symbolC")],
    ["p_m / p_c / p_o", text(t, "symbolPrices", { pm: usd(p.inputUsdPerMillion, 2) })],
    ["α", text(t, "symbolAlpha", { alpha: sig(p.alpha) })],
    ["ρ", text(t, "symbolRho", { rho: sig(p.rho) })],
    ["B", text(t, "symbolB")],
    ["ω", text(t, "symbolOmega", { omega: sig(p.omega) })],
    ["C", text(t, "symbolCK")],
    ["T / R", text(t, "symbolTR")],
    ["Δ", text(t, "symbolDelta")],
    ["G", text(t, "symbolG")],
    ["β", text(t, "symbolBeta")],
    ["a", text(t, "symbolA")],
    ["v", text(t, "symbolV")],
    ["N_c / t_c / W", text(t, "symbolNTW")],
  ];
  return `<h2>${text(t, "sectionFormula")}</h2>
<p>${text(t, "formulaIntro")}</p>
<div class="formula">
${line("formulaRequest", "Q(x, c, y) = p_m · [ω(1 − c) + αc] · x + p_o · y")}
${line("formulaRatios", "α = p_c / p_m, ρ = p_o / p_m, B = ω(1 − β) + αβ")}
${line("formulaTotal", text(t, "formulaTotalExpression"))}
${line("formulaTime", "t_c = a · C + G / v")}
${line("formulaShare", "N_c(T) · t_c(T) / [W + N_c(T) · t_c(T)]")}
${line("formulaSteady", "T* ≈ R + √( 2Δ · (BR + ρG) / α )")}
</div>
<dl class="symbols">
${symbols.map(([dt, dd]) => `<dt>${escapeHtml(dt)}</dt><dd>${dd}</dd>`).join("\n")}
</dl>
<h3>${text(t, "sectionMoves")}</h3>
<ul>
${leadItem(t, "movesCacheLead", text(t, "movesCache"))}
${leadItem(t, "movesGrowthLead", text(t, "movesGrowth"))}
${leadItem(t, "movesSummaryLead", text(t, "movesSummary"))}
${leadItem(t, "movesWritingLead", text(t, "movesWriting"))}
${leadItem(t, "movesNeedLead", text(t, "movesNeed"))}
</ul>`;
}
