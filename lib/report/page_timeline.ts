/**
 * The report page's compaction timeline section: each measured compaction's C by date, drawn in
 * the section's language.
 *
 * @module
 */
import { compactionTimelineFigure } from "../charts/compaction_timeline.ts";
import { timelineFigureTexts } from "./figure_texts.ts";
import { num, type PageContext, text, tok } from "./page_markup.ts";
import type { Lang, Texts } from "./texts.ts";

/** Each measured compaction's C by date, drawn in the language of `t`. */
export function timelineSection(t: Texts, lang: Lang, c: PageContext): string {
  const tl = c.timeline!;
  const parts = [`<h2>${text(t, "sectionTimeline")}</h2>`, `<p>${text(t, "timelineIntro")}</p>`];
  if (tl.rows.length === 0) {
    parts.push(`<p>${text(t, "timelineNone")}</p>`);
    return parts.join("\n");
  }
  const level = tl.configuredLevel ?? null;
  if (level !== null && tl.autoCompactWindow != null) {
    parts.push(
      `<p>${
        text(t, "timelineConfigured", { window: num(tl.autoCompactWindow), trigger: tok(level) })
      }</p>`,
    );
  }
  const changed = tl.settingChangedMs ?? null;
  if (changed !== null && Number.isFinite(changed)) {
    parts.push(
      `<p>${
        text(t, "timelineChanged", { date: new Date(changed).toISOString().slice(0, 10) })
      }</p>`,
    );
  }
  // The SVG is the charts' own output (text escaped there); inline, it scales with the column.
  // A phone gets its own drawing, 380 px wide: the 720 px one scaled to a phone's column would
  // shrink its 11 px text to about 5 px (page_style.ts shows one of the two).
  const draw = (width: number) =>
    compactionTimelineFigure(tl.rows, {
      ...timelineFigureTexts(lang),
      configuredLevel: level,
      changedAtMs: changed,
      width,
      ...(width < 720 ? { panelHeight: 240 } : {}),
    });
  parts.push(
    `<div class="timeline-figure timeline-wide">${draw(720)}</div>`,
    `<div class="timeline-figure timeline-narrow">${draw(380)}</div>`,
  );
  if (tl.unplaced > 0) {
    parts.push(`<p class="note">${text(t, "timelineUnplaced", { n: num(tl.unplaced) })}</p>`);
  }
  return parts.join("\n");
}
