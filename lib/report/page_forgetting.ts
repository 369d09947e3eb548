/**
 * The report page's section "The cost of forgetting": the re-reads after each compaction, their
 * estimate with its interval and the naive figure beside it, and how far they move the answer
 * (docs/method.md, Cost of forgetting).
 *
 * @module
 */
import type { TriggerReport } from "../trigger/analyze.ts";
import { num, text, tok } from "./page_markup.ts";
import type { Texts } from "./texts.ts";

/**
 * The section's paragraphs in one language; "" for a document without a `rework` block.
 *
 * @param t The language's texts.
 * @param report The analysis.
 * @returns HTML.
 *
 * @example Given by option
 * ```ts
 * import assert from "node:assert/strict";
 * import { forgettingSection } from "./page_forgetting.ts";
 * import { TEXTS } from "./texts.ts";
 * import type { TriggerReport } from "../trigger/analyze.ts";
 *
 * const report = {
 *   rework: { source: "option", compactions: 0, windowRequests: 30,
 *     tokensPerCompaction: { estimate: 9000, low: 9000, high: 9000 },
 *     requestsPerCompaction: { estimate: 3, low: 3, high: 3 }, naiveTokensPerCompaction: null,
 *     growth: { kind: "constant", reason: "given by option" }, seed: 1, reason: null,
 *     applied: { tokensIntercept: 9000, tokensPerInputToken: 0, requests: 3,
 *       outputTokensPerRequest: 200, workSecondsPerRequest: 10 } },
 *   steadyState: { tStarTokens: 200000, replayArgminTokens: 180000,
 *     tStarWithoutReworkTokens: 120000, replayArgminWithoutReworkTokens: 120000 },
 * } as unknown as TriggerReport;
 * const html = forgettingSection(TEXTS.en, report);
 * assert.match(html, /Given by option, not measured: 9K tokens and 3.0 requests/);
 * assert.match(html, /cheapest trigger is then 180K instead of 120K/);
 * ```
 */
export function forgettingSection(t: Texts, report: TriggerReport): string {
  const w = report.rework;
  if (w === undefined) return "";
  const s = report.steadyState;
  const p = (html: string) => `<p>${html}</p>`;
  const parts = [`<h2>${text(t, "sectionForgetting")}</h2>`, p(text(t, "forgettingIntro"))];
  const requests = (v: number) => num(v, 1);
  if (w.source === "off") {
    parts.push(p(text(t, "forgettingOff")));
  } else if (w.source === "none") {
    parts.push(
      w.compactions === 0 && /fetch targets/.test(w.reason ?? "")
        ? p(text(t, "forgettingNoTargets"))
        : p(text(t, "forgettingTooFew", {
          compactions: String(w.compactions),
          window: String(w.windowRequests),
        })),
    );
  } else if (w.tokensPerCompaction !== null && w.requestsPerCompaction !== null) {
    const tk = w.tokensPerCompaction, rq = w.requestsPerCompaction;
    if (w.source === "option") {
      parts.push(p(text(t, "forgettingOption", {
        tokens: tok(tk.estimate),
        requests: requests(rq.estimate),
      })));
    } else {
      parts.push(p(text(t, "forgettingMeasured", {
        window: String(w.windowRequests),
        tokens: tok(tk.estimate),
        low: tok(tk.low),
        high: tok(tk.high),
        compactions: String(w.compactions),
        requests: requests(rq.estimate),
        requestsLow: requests(rq.low),
        requestsHigh: requests(rq.high),
        naive: tok(w.naiveTokensPerCompaction),
      })));
      parts.push(
        w.growth?.kind === "line" && w.growth.slopePerToken !== undefined
          ? p(text(t, "forgettingLine", { slope: num(w.growth.slopePerToken * 1000, 1) }))
          : p(text(t, "forgettingConstant")),
      );
    }
    const a = w.applied;
    if (a !== null) {
      const values = {
        tokens: a.tokensPerInputToken === 0 ? tok(a.tokensIntercept) : tok(tk.estimate),
        requests: requests(a.requests),
        with: tok(s.replayArgminTokens),
        without: tok(s.replayArgminWithoutReworkTokens ?? null),
        tstar: tok(s.tStarTokens),
        tstarWithout: tok(s.tStarWithoutReworkTokens ?? null),
      };
      const moved = s.replayArgminTokens !== (s.replayArgminWithoutReworkTokens ?? null);
      parts.push(p(text(t, moved ? "forgettingEffect" : "forgettingNoMove", values)));
      parts.push(p(text(t, "forgettingSliders")));
    }
  }
  return parts.join("\n");
}
