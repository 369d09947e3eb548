/**
 * The report page's style sheet, inlined by `renderReport`.
 *
 * @module
 */
import { TRIGGER_FIGURE_COLORS as COLORS } from "../charts/trigger_plot.ts";

/**
 * CSS of the report page: one readable column, the figure scaled to the column and kept in view
 * (sticky) while the sliders below it move, three slider blocks side by side (stacked on narrow
 * screens), light tables that wrap instead of widening the page (a 390 px phone never scrolls
 * sideways); the legend's colours are the figure's (`TRIGGER_FIGURE_COLORS`). Of the two
 * languages in the page, the one named by `<html data-lang>` shows.
 *
 * @example It is plain CSS text
 * ```ts
 * import assert from "node:assert/strict";
 * import { PAGE_STYLE } from "./page_style.ts";
 *
 * assert.ok(!PAGE_STYLE.includes("</style"));
 * ```
 */
export const PAGE_STYLE = `
:root { color-scheme: light; --ink: #1d1d1f; --muted: #5f6368; --rule: #dadce0;
  --cost: ${COLORS.cost}; --share: ${COLORS.timeShare}; --observed: ${COLORS.observed};
  --optimum: ${COLORS.optimum}; --tstar: ${COLORS.steadyState}; }
* { box-sizing: border-box; }
body { margin: 0; background: #fff; color: var(--ink);
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", "Noto Sans CJK SC",
  "PingFang SC", "Microsoft YaHei", ReportCJK, sans-serif; overflow-wrap: break-word; }
html[data-lang="zh"] .l-en, html:not([data-lang="zh"]) .l-zh { display: none !important; }
main { max-width: 960px; margin: 0 auto; padding: 24px 20px 48px; }
header { position: relative; }
.lang-switch { display: flex; justify-content: flex-end; gap: 6px; margin: 0 0 8px; }
.lang-switch button[aria-pressed="true"] { background: var(--ink); color: #fff;
  border-color: var(--ink); }
/* The switch's 中文 with the CJK families first: on a machine without a CJK font Chromium drew it
   as two boxes, the embedded font never used, even after it had loaded (measured 2026-12-04; the
   button is laid out before the font loads, as in page_main.ts's _cjkFontReady). */
.lang-switch button[data-set-lang="zh"] { font-family: "Noto Sans CJK SC", "PingFang SC",
  "Microsoft YaHei", ReportCJK, system-ui, sans-serif; }
.answer { font-size: 18px; line-height: 1.45; margin: 10px 0 12px; padding: 10px 14px;
  border-left: 4px solid var(--optimum); background: #f1f8f1; }
.answer-label { display: block; font-size: 12px; font-weight: 600; text-transform: uppercase;
  letter-spacing: 0.04em; color: var(--muted); }
.warning { margin: 0 0 12px; padding: 8px 12px; border-left: 4px solid #c5221f;
  background: #fdf0ef; }
.synthetic-note { margin: 0 0 12px; padding: 8px 12px; border-left: 4px solid #b06000;
  background: #fef7e0; }
.chart-sticky { position: sticky; top: 0; z-index: 2; background: #fff; padding-top: 4px; }
.figure-title { font-size: 16px; margin: 8px 0 4px; padding: 0; border: 0; }
h1 { font-size: 26px; line-height: 1.2; margin: 0 0 6px; }
h2 { font-size: 19px; margin: 36px 0 10px; padding-top: 8px; border-top: 1px solid var(--rule); }
h3 { font-size: 15px; margin: 18px 0 6px; }
p, li { max-width: 48em; }
.lede { color: var(--muted); margin: 0 0 16px; }
.controls { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 12px 20px;
  padding: 12px 14px; background: #f6f8fa; border: 1px solid var(--rule); border-radius: 8px; }
.control label { display: block; font-weight: 600; }
.control output { display: block; font-variant-numeric: tabular-nums; color: var(--ink);
  font-weight: 400; }
.control input[type=range] { width: 100%; margin: 6px 0 2px; }
.control .hint { color: var(--muted); font-size: 13px; }
.control-row { grid-column: 1 / -1; display: flex; flex-wrap: wrap; gap: 8px 12px; align-items: center;
  color: var(--muted); font-size: 13px; }
button { font: inherit; font-size: 13px; padding: 3px 10px; border: 1px solid #b0b4ba;
  border-radius: 5px; background: #fff; cursor: pointer; white-space: nowrap; }
.legend { display: flex; flex-wrap: wrap; gap: 6px 18px; margin: 14px 0 4px; padding: 0;
  list-style: none; font-size: 13px; }
.legend li { display: flex; align-items: center; gap: 6px; }
.swatch { display: inline-block; width: 26px; height: 12px; position: relative; }
.swatch.band::before { content: ""; position: absolute; inset: 0; border-radius: 2px;
  background: currentColor; opacity: 0.2; }
.swatch.band::after, .swatch.line::after { content: ""; position: absolute; left: 0; right: 0;
  top: 5px; border-top: 2.5px solid currentColor; }
.swatch.dashed::after { content: ""; position: absolute; left: 12px; top: -2px; bottom: -2px;
  border-left: 2px dashed currentColor; }
.swatch.thin-dashed::after { content: ""; position: absolute; left: 0; right: 0; top: 5px;
  border-top: 1.5px dashed currentColor; }
.swatch.dotted::after { content: ""; position: absolute; left: 12px; top: -2px; bottom: -2px;
  border-left: 2px dotted currentColor; }
.swatch.dot::after { content: ""; position: absolute; left: 7px; top: 0; width: 12px; height: 12px;
  border-radius: 50%; background: currentColor; }
.cost { color: var(--cost); } .share { color: var(--share); } .observed { color: var(--observed); }
.optimum { color: var(--optimum); } .tstar { color: var(--tstar); }
#figure { min-height: 240px; }
#figure svg { display: block; max-width: 100%; height: auto; overflow: visible; }
/* The figures' text in the page's fonts, the embedded CJK one included (Plot and the charts name
   Latin families of their own). */
#figure svg, #figure svg text, .timeline-figure svg, .timeline-figure svg text {
  font-family: system-ui, -apple-system, "Segoe UI", "DejaVu Sans", "Noto Sans CJK SC",
  "PingFang SC", "Microsoft YaHei", ReportCJK, sans-serif; }
.timeline-figure svg { display: block; max-width: 100%; height: auto; }
.timeline-narrow { display: none; }
@media (max-width: 560px) {
  .timeline-wide { display: none; }
  .timeline-narrow { display: block; }
}
pre.snippet { background: #f5f5f5; padding: 8px 12px; overflow-x: auto; font-size: 13px; }
.readout { font-variant-numeric: tabular-nums; background: #f6f8fa; border-left: 3px solid
  var(--optimum); padding: 8px 12px; margin: 8px 0 0; max-width: none; }
table { border-collapse: collapse; margin: 8px 0 4px; font-variant-numeric: tabular-nums;
  max-width: 100%; }
th, td { text-align: left; padding: 4px 14px 4px 0; border-bottom: 1px solid var(--rule);
  vertical-align: top; }
td.num, th.num { text-align: right; white-space: nowrap; }
thead th.num { white-space: normal; }
table.fit th .note { display: block; }
/* The --model all table has twelve columns: smaller, tighter, and its bands may wrap, so that it
   fits the page's 960 px (it was 1,172 px wide and scrolled the page sideways). */
table.models { font-size: 13px; }
table.models th, table.models td { padding-right: 8px; }
table.models td.num { white-space: normal; }
table.facts > tbody > tr > th { min-width: 12em; }
thead th { font-weight: 600; border-bottom: 2px solid var(--rule); }
.note { color: var(--muted); font-size: 13px; }
dl.symbols { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 4px 16px; }
/* The serif lists name CJK families too: the formula's Chinese labels were boxes without them. */
dl.symbols dt { font-weight: 600; font-family: "DejaVu Serif", Georgia, "Noto Serif CJK SC",
  "Songti SC", ReportCJK, serif; }
dl.symbols dd { margin: 0; }
.formula { font-family: "DejaVu Serif", Georgia, "Noto Serif CJK SC", "Songti SC", ReportCJK,
  serif; background: #f6f8fa; padding: 10px 14px;
  border-radius: 6px; line-height: 1.9; }
.formula span { display: block; }
footer { margin-top: 40px; color: var(--muted); font-size: 13px; }
/* Below the width the --model all table needs (about 920 px of text), one card per model. */
@media (max-width: 1000px) {
  table.models thead { display: none; }
  table.models, table.models tbody, table.models tr, table.models th { display: block; }
  table.models tr { padding: 6px 0; border-bottom: 2px solid var(--rule); }
  table.models th[scope="row"] { border: 0; padding: 0 0 2px; }
  table.models td { display: flex; justify-content: space-between; gap: 12px; border: 0;
    padding: 1px 0; white-space: normal; }
  table.models td::before { content: attr(data-label); color: var(--muted); text-align: left; }
}
@media (max-width: 720px) {
  .controls { grid-template-columns: 1fr; gap: 6px; padding: 8px 10px; }
  main { padding: 14px 12px 40px; }
  h1 { font-size: 22px; }
  .answer { font-size: 16px; }
  th, td { padding: 4px 8px 4px 0; }
  table.facts > tbody > tr > th { min-width: 0; width: 38%; }
  td.num { white-space: normal; }
  .note { font-size: 12px; }
  table.setting-compare { font-size: 13px; }
  table.setting-compare th, table.setting-compare td { padding-right: 6px;
    overflow-wrap: anywhere; }
}
`;
