/**
 * The report page's pool section (`report --tables DIR`, docs/pool.md): how many contributors,
 * sessions, requests and compactions stand behind the answer, the setting for everyone
 * (`managed-settings.json`) and for one user, and what a pool leaves out of the page and why.
 *
 * @module
 */
import { escapeHtml } from "../charts/escape_html.ts";
import {
  MANAGED_SETTINGS_PATHS,
  type PoolAnswer,
  USER_SETTINGS_PATH,
} from "../pool/pool_answer.ts";
import { num, type PageContext, text } from "./page_markup.ts";
import type { Texts } from "./texts.ts";

/** A pool's answers, one per model analysed, and the model the page is about. */
export interface PoolPageInput {
  /** The raw id of the page's model (a key of `answers`). */
  model: string;
  /** The pool block of each model analysed (`pool` of analysis.json). */
  answers: Readonly<Record<string, PoolAnswer>>;
  /** Names shown for raw model ids. @default {the raw ids} */
  displayNames?: Readonly<Record<string, string>>;
}

/**
 * The section in one language.
 *
 * @param t The language's texts.
 * @param c The page context (its `pool` set).
 * @returns HTML ("" without a pool).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { poolSection } from "./page_pool.ts";
 * import { TEXTS } from "./texts.ts";
 * const answer = { contributors: 2, sessions: 9, requests: 90, compactions: 4,
 *   organisation: { settings: { autoCompactWindow: 153000 } }, user: { settings: null },
 *   rework: { source: "none", windowRequests: 30, reason: "exports carry no fetch targets" } };
 * const c = { pool: { model: "m", answers: { m: answer } }, report: { rework: answer.rework } };
 * const html = poolSection(TEXTS.en, c as never);
 * assert.match(html, /2 contributors/);
 * assert.match(html, /managed-settings\.json/);
 * assert.match(html, /&quot;autoCompactWindow&quot;: 153000/);
assert.match(html, /no rework windows of 30 requests/);
 * ```
 */
export function poolSection(t: Texts, c: PageContext): string {
  const pool = c.pool;
  if (pool === undefined) return "";
  const name = (m: string) => pool.displayNames?.[m] ?? m;
  const counts = (a: PoolAnswer, model: string) => ({
    contributors: num(a.contributors),
    sessions: num(a.sessions),
    requests: num(a.requests),
    compactions: num(a.compactions),
    model: name(model),
  });
  const main = pool.answers[pool.model];
  const parts = [`<h2>${text(t, "sectionPool")}</h2>`];
  if (main !== undefined) {
    parts.push(`<p class="pool-counts">${text(t, "poolIntro", counts(main, pool.model))}</p>`);
    const s = main.organisation.settings;
    if (s === null) {
      parts.push(`<p>${text(t, "poolNoSetting")}</p>`);
    } else {
      parts.push(
        `<p>${
          text(t, "poolOrganisation", {
            linux: MANAGED_SETTINGS_PATHS.linux,
            macos: MANAGED_SETTINGS_PATHS.macos,
          })
        }</p>`,
        `<pre class="snippet managed-settings-json"><code>${
          escapeHtml(JSON.stringify(s, null, 2))
        }</code></pre>`,
        `<p>${text(t, "poolUser", { path: USER_SETTINGS_PATH })}</p>`,
      );
    }
  }
  const others = Object.entries(pool.answers).filter(([m]) => m !== pool.model);
  if (others.length > 0) {
    parts.push(
      `<ul class="pool-models">\n${
        others.map(([m, a]) =>
          `<li>${text(t, "poolOtherModel", counts(a, m))} ${
            a.organisation.settings === null
              ? text(t, "poolOtherNoSetting")
              : `<code>${escapeHtml(JSON.stringify(a.organisation.settings))}</code>`
          }</li>`
        ).join("\n")
      }\n</ul>`,
    );
  }
  const left = [`<li>${text(t, "poolLeftOutReadCost")}</li>`];
  const rework = c.report.rework;
  const window = { window: num(rework?.windowRequests ?? null) };
  if (rework?.source === "measured") {
    parts.push(`<p class="pool-rework">${text(t, "poolReworkMeasured", window)}</p>`);
  } else if (
    rework?.source === "none" && /fetch targets|rework windows/.test(rework.reason ?? "")
  ) {
    left.push(`<li>${text(t, "poolLeftOutRework", window)}</li>`);
  }
  left.push(`<li>${text(t, "poolLeftOutSetting")}</li>`);
  parts.push(
    `<h3>${text(t, "poolLeftOutHeading")}</h3>`,
    `<ul class="pool-left-out">\n${left.join("\n")}\n</ul>`,
  );
  return parts.join("\n");
}
