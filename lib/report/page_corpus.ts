/**
 * The report page's corpus section: model, sessions, requests, work time, compactions, the
 * observed trigger, the divisor, the billing mix, ω, what was left out and the files read.
 *
 * @module
 */
import { escapeHtml } from "../charts/escape_html.ts";
import {
  factsTable,
  num,
  type PageContext,
  pct,
  sessionTotal,
  sig,
  text,
  tok,
} from "./page_markup.ts";
import type { Texts } from "./texts.ts";

export function corpusSection(t: Texts, ctx: PageContext): string {
  const c = ctx.report.corpus;
  const mix = c.billingMix;
  const compactions = c.compactions.auto + c.compactions.manual;
  const model = ctx.model === c.model
    ? escapeHtml(c.model)
    : `${escapeHtml(ctx.model)} <span class="note">(${escapeHtml(c.model)})</span>`;
  return `<h2>${text(t, "sectionCorpus")}</h2>
${
    factsTable([
      [text(t, "rowModel"), model],
      [
        text(t, "rowSessions"),
        (c.sessions.helper ?? 0) > 0
          ? text(t, "valueSessionsHelpers", {
            total: num(sessionTotal(c.sessions)),
            main: num(c.sessions.main),
            subagent: num(c.sessions.subagent),
            helper: num(c.sessions.helper ?? 0),
          })
          : text(t, "valueSessions", {
            total: num(sessionTotal(c.sessions)),
            main: num(c.sessions.main),
            subagent: num(c.sessions.subagent),
          }),
      ],
      [text(t, "rowRequests"), num(c.requests)],
      [
        text(t, "rowWork"),
        text(t, "valueWork", { hours: num(c.workHours, 1), idle: num(c.idleLimitSeconds) }),
      ],
      [
        text(t, "rowCompactions"),
        text(t, "valueCompactions", {
          total: num(compactions),
          auto: num(c.compactions.auto),
          manual: num(c.compactions.manual),
          timed: num(c.compactions.timed),
        }),
      ],
      [
        text(t, "rowObserved"),
        c.observedTrigger === null
          ? text(t, "valueNoneSeen")
          : text(t, "valueObserved", { trigger: tok(c.observedTrigger) }),
      ],
      [text(t, "rowDivisor"), text(t, "valueMillion", { million: num(c.billedTokens / 1e6, 1) })],
      [
        text(t, "rowMix"),
        text(t, "valueMix", {
          read: pct(mix.cacheRead),
          write1h: pct(mix.cacheWrite1h),
          write5m: pct(mix.cacheWrite5m),
          input: pct(mix.input),
          output: pct(mix.output),
        }),
      ],
      [text(t, "rowOmega"), sig(c.omega)],
      [
        text(t, "rowLeftOut"),
        text(t, "valueLeftOut", {
          other: num(c.excludedSessions.otherModel),
          none: num(c.excludedSessions.noTargetModel),
          malformed: num(c.malformedLines),
        }),
      ],
      [
        text(t, "rowFiles"),
        text(t, "valueFiles", { files: num(c.files), mb: num(c.bytes / 1e6, 1) }),
      ],
    ])
  }`;
}
