/**
 * The report page's setting section: the recommended trigger, what it saves, how sure it is, and
 * the `settings.json` / environment lines that give it.
 *
 * @module
 */
import { escapeHtml } from "../charts/escape_html.ts";
import { num, type PageContext, pct, text, tok, usd } from "./page_markup.ts";
import { fillText, type TextKey, type Texts } from "./texts.ts";

/** The recommended trigger, what it saves, how sure it is, and the setting that gives it. */
export function settingSection(t: Texts, c: PageContext): string {
  const rec = c.report.recommendation;
  // The session-level spread: the one to judge the answer by (the block-only one is in the
  // steady-state section).
  const spread = c.report.steadyState.argminSpread;
  const budget = rec.maxTimeShare === null ? null : pct(rec.maxTimeShare);
  const parts = [`<h2>${text(t, "sectionSetting")}</h2>`];
  if (rec.trigger === null) {
    parts.push(
      `<p>${budget === null ? text(t, "recNone") : text(t, "recNoneBudget", { budget })}</p>`,
    );
    return parts.join("\n");
  }
  const chosen = {
    trigger: tok(rec.trigger),
    cost: usd(rec.costPerMillion?.mean ?? null),
    share: pct(rec.timeShare?.mean ?? null),
  };
  let lead = budget === null
    ? text(t, "recCheapest", chosen)
    : text(t, "recBudget", { ...chosen, budget });
  const at = rec.atObservedTrigger;
  if (at !== null && rec.savingVsObservedTrigger !== null) {
    lead += " " + text(t, rec.savingVsObservedTrigger >= 0 ? "recSaving" : "recDearer", {
      observed: tok(at.trigger),
      observedCost: usd(at.costPerMillion),
      observedShare: pct(at.timeShare),
      saving: pct(Math.abs(rec.savingVsObservedTrigger)),
    });
  }
  parts.push(`<p class="recommendation-lead">${lead}</p>`);
  parts.push(`<p class="note setting-static">${text(t, "settingStatic")}</p>`);
  if (spread.method === "sessions-and-blocks" && spread.p10 !== null && spread.p90 !== null) {
    parts.push(
      `<p class="argmin-spread">${
        text(t, "recSpread", {
          p10: tok(spread.p10),
          p90: tok(spread.p90),
          p50: tok(spread.p50),
          workloads: num(spread.workloads),
        })
      }</p>`,
    );
  }
  const settings = rec.settings ?? { autoCompactWindow: null, env: {} };
  const window = settings.autoCompactWindow;
  if (rec.settings === null) {
    parts.push(`<p class="setting-withheld">${text(t, "settingWithheld")}</p>`);
  } else if (rec.kind === "notReachable" || window === null) {
    parts.push(`<p>${text(t, "recNotReachable", { window: num(rec.contextWindow) })}</p>`);
  } else {
    if (rec.kind === "percentOverride") parts.push(`<p>${text(t, "recPercent")}</p>`);
    const source: TextKey = rec.contextWindowSource === "catalog"
      ? "recWindowCatalog"
      : rec.contextWindowSource === "option"
      ? "recWindowOption"
      : "recWindowDefault";
    const snippet: Record<string, unknown> = { autoCompactWindow: window };
    if (Object.keys(settings.env).length > 0) snippet.env = settings.env;
    parts.push(
      `<p>${
        text(t, "recSettingsIntro", { window: num(rec.contextWindow), source: fillText(t[source]) })
      }</p>`,
      `<pre class="snippet settings-json"><code>${
        escapeHtml(JSON.stringify(snippet, null, 2))
      }</code></pre>`,
      `<p>${text(t, "recEnvIntro")}</p>`,
      `<pre class="snippet env-line"><code>${escapeHtml(rec.environment.join("\n"))}</code></pre>`,
    );
  }
  if (rec.arithmetic !== null) {
    parts.push(`<p>${text(t, "recArithmetic")} <code>${escapeHtml(rec.arithmetic)}</code></p>`);
  }
  parts.push(`<p class="note">${text(t, "recCaveat")}</p>`);
  return parts.join("\n");
}
