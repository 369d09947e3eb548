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
  // The SVG is the charts' own output (text escaped there); inline, it scales with the column.
  const svg = compactionTimelineFigure(tl.rows, {
    ...timelineFigureTexts(lang),
    configuredLevel: level,
  });
  parts.push(`<div class="timeline-figure">${svg}</div>`);
  if (tl.unplaced > 0) {
    parts.push(`<p class="note">${text(t, "timelineUnplaced", { n: num(tl.unplaced) })}</p>`);
  }
  return parts.join("\n");
}
