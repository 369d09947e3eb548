/**
 * The report page's header: the language switch, the title, the answer sentence, the grid-edge
 * warning, the synthetic note and the lede.
 *
 * @module
 */
import { escapeHtml } from "../charts/escape_html.ts";
import { answerSentence, gridEdge, gridEdgeWarning } from "./page_answer.ts";
import { corpusKind, inBoth, num, type PageContext, sessionTotal, text } from "./page_markup.ts";
import { LANG_NAMES, LANG_TAGS, LANGS, TEXTS } from "./texts.ts";

function _langSwitch(): string {
  const buttons = LANGS.map((lang) =>
    `<button type="button" data-set-lang="${lang}" lang="${LANG_TAGS[lang]}" aria-pressed="${
      lang === "en"
    }">${escapeHtml(LANG_NAMES[lang])}</button>`
  ).join("");
  return `<nav class="lang-switch" aria-label="${escapeHtml(TEXTS.en.languageLabel)} / ${
    escapeHtml(TEXTS.zh.languageLabel)
  }">${buttons}</nav>`;
}

export function headerSection(c: PageContext): string {
  const r = c.report.corpus;
  const edge = (c.report.steadyState as { argminAtGridEdge?: boolean }).argminAtGridEdge === false
    ? null
    : gridEdge(c.curves);
  const warning = inBoth((t) => escapeHtml(gridEdgeWarning(t, c.curves, edge) ?? ""));
  return `<header>
${_langSwitch()}
<h1>${inBoth((t) => text(t, "heading", { model: c.model }), true)}</h1>
<div id="answer" class="answer" aria-live="polite">${
    inBoth((t) =>
      `<span class="answer-label">${text(t, "answerLabel")}</span> <span class="answer-text">${
        escapeHtml(answerSentence(t, c.curves, r.observedTrigger))
      }</span>`
    )
  }</div>
<p id="grid-edge" class="warning"${edge === null ? " hidden" : ""}>${warning}</p>
${
    c.synthetic
      ? `<p id="synthetic-note" class="synthetic-note">${
        inBoth((t) => text(t, "syntheticNote"), true)
      }</p>\n`
      : ""
  }<p class="lede">${
    inBoth((t) =>
      text(t, "lede", {
        requests: num(r.requests),
        kind: corpusKind(t, c.synthetic),
        sessions: num(sessionTotal(r.sessions)),
        hours: num(r.workHours, 0),
      }), true)
  }</p>
</header>`;
}
