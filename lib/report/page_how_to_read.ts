/**
 * The report page's "how to read the figure" section.
 *
 * @module
 */
import { leadItem, text } from "./page_markup.ts";
import type { Texts } from "./texts.ts";

export function howToReadSection(t: Texts): string {
  return `<h2>${text(t, "sectionRead")}</h2>
<ul>
${leadItem(t, "readLeftLead", text(t, "readLeft"))}
${leadItem(t, "readRightLead", text(t, "readRight"))}
${leadItem(t, "readBendLead", text(t, "readBend"))}
${leadItem(t, "readSlidersLead", text(t, "readSliders"))}
${leadItem(t, "readQualityLead", text(t, "readQuality"))}
</ul>`;
}
