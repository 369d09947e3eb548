/**
 * Observable Plot without a browser: Plot options in, one standalone SVG string out, with the
 * title, subtitle and legend drawn in SVG (Plot draws those as HTML, which an SVG or PNG file
 * cannot hold).
 *
 * The DOM is linkedom's, so this runs under `deno run`, `deno test` and the Jupyter kernel
 * alike. The output carries `xmlns`, so browsers, the PNG renderer and image viewers all accept it.
 * Text is measured by estimate only (no layout engine): legend items are spaced by
 * {@linkcode RenderSvgOptions.charWidth}.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import { parseHTML } from "linkedom";
import { escapeHtml } from "./escape_html.ts";

/** How a legend item's swatch is drawn. */
export type LegendSwatch =
  | "line"
  | "dashed"
  | "dotted"
  | "band"
  | "dot"
  | "triangle"
  | "diamond"
  | "square";

/** One entry of the legend row drawn above the plot. */
export interface LegendItem {
  /** Text beside the swatch. */
  label: string;
  /** CSS colour of the swatch. */
  color: string;
  /**
   * Swatch shape: a solid, dashed or dotted line, a light band with a line through it, or a
   * dot, triangle, diamond or square (the symbols of a point mark).
   * @default {"line"}
   */
  swatch?: LegendSwatch;
}

/** Size and framing of a rendered chart. Lengths are SVG user units (CSS pixels). */
export interface RenderSvgOptions {
  /** Title, bold, above everything. @default {undefined} (no title row) */
  title?: string;
  /** One line of smaller grey text under the title. @default {undefined} */
  subtitle?: string;
  /** Legend items, laid out left to right and wrapped. @default {[]} */
  legend?: LegendItem[];
  /** Total width, px. Overrides the Plot options' width. @default {720} */
  width?: number;
  /** Height of the plot area below the header, px. @default {400} */
  plotHeight?: number;
  /** Estimated width of one character at 12 px, px (DejaVu Sans averages about 6.6). @default {7} */
  charWidth?: number;
  /** Font family of the whole chart. @default {"DejaVu Sans, system-ui, sans-serif"} */
  fontFamily?: string;
}

const SVG_NS = "http://www.w3.org/2000/svg";
const DEFAULTS = {
  width: 720,
  plotHeight: 400,
  charWidth: 7,
  fontFamily: "DejaVu Sans, system-ui, sans-serif",
};
const PAD = 12;
const TITLE_SIZE = 16;
const SUBTITLE_SIZE = 12;
const LEGEND_SIZE = 12;
const LEGEND_ROW = 20;
const SWATCH = 22;

function _swatch(item: LegendItem, x: number, y: number): string {
  const c = escapeHtml(item.color);
  const x2 = x + SWATCH;
  switch (item.swatch ?? "line") {
    case "dashed":
    case "dotted":
      return `<line x1="${x}" y1="${y}" x2="${x2}" y2="${y}" stroke="${c}" stroke-width="2" ` +
        `stroke-dasharray="${item.swatch === "dashed" ? "4 3" : "2 3"}"/>`;
    case "band":
      return `<rect x="${x}" y="${y - 6}" width="${SWATCH}" height="12" fill="${c}" ` +
        `fill-opacity="0.2"/><line x1="${x}" y1="${y}" x2="${x2}" y2="${y}" stroke="${c}" ` +
        `stroke-width="2"/>`;
    case "dot":
      return `<circle cx="${x + SWATCH / 2}" cy="${y}" r="4.5" fill="${c}" stroke="white"/>`;
    case "triangle": {
      const cx = x + SWATCH / 2;
      return `<polygon points="${cx},${y - 5.5} ${cx + 5.5},${y + 4} ${cx - 5.5},${y + 4}" ` +
        `fill="${c}" stroke="white"/>`;
    }
    case "diamond": {
      const cx = x + SWATCH / 2;
      return `<polygon points="${cx},${y - 6} ${cx + 5},${y} ${cx},${y + 6} ${cx - 5},${y}" ` +
        `fill="${c}" stroke="white"/>`;
    }
    case "square": {
      const cx = x + SWATCH / 2;
      return `<rect x="${cx - 4.5}" y="${y - 4.5}" width="9" height="9" fill="${c}" ` +
        `stroke="white"/>`;
    }
    default:
      return `<line x1="${x}" y1="${y}" x2="${x2}" y2="${y}" stroke="${c}" stroke-width="2"/>`;
  }
}

/** Lays the legend out in rows; returns the SVG and the height used. */
function _legend(
  items: LegendItem[],
  top: number,
  width: number,
  charWidth: number,
): { svg: string; height: number } {
  if (items.length === 0) return { svg: "", height: 0 };
  const parts: string[] = [];
  let x = PAD;
  let row = 0;
  for (const item of items) {
    const itemWidth = SWATCH + 6 + item.label.length * charWidth + 18;
    if (x > PAD && x + itemWidth > width - PAD) {
      row++;
      x = PAD;
    }
    const y = top + row * LEGEND_ROW + LEGEND_ROW / 2;
    parts.push(
      `<g aria-label="legend item">${_swatch(item, x, y)}<text x="${x + SWATCH + 6}" y="${y}" ` +
        `dy="0.35em" font-size="${LEGEND_SIZE}" text-anchor="start">${
          escapeHtml(item.label)
        }</text></g>`,
    );
    x += itemWidth;
  }
  return {
    svg: `<g aria-label="legend">${parts.join("")}</g>`,
    height: (row + 1) * LEGEND_ROW + 4,
  };
}

/**
 * Renders Plot options to a standalone SVG document string, with title, subtitle and legend
 * drawn in SVG above the plot. Plot's own `title`, `subtitle`, `caption` and colour legends are
 * HTML: leave them out of `plotOptions` and pass `title`/`subtitle`/`legend` here instead.
 *
 * Same options, same string: Plot's class name is fixed and nothing random is drawn.
 *
 * @param plotOptions Options for `Plot.plot` (marks, scales, margins). `document`, `width` and
 *   `height` are set here.
 * @param options Size and framing, see {@linkcode RenderSvgOptions}.
 * @returns An `<svg xmlns=…>` document, `width` × (header + `plotHeight`) px.
 *
 * @example A line with a title and a legend
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { renderSvg } from "./render.ts";
 * import assert from "node:assert/strict";
 *
 * const svg = renderSvg(
 *   { marks: [Plot.lineY([1, 3, 2], { stroke: "steelblue" })] },
 *   { title: "Three points", legend: [{ label: "value", color: "steelblue" }] },
 * );
 * assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
 * assert.match(svg, />Three points<\/text>/);
 * assert.match(svg, />value<\/text>/);
 * ```
 */
export function renderSvg(plotOptions: Plot.PlotOptions, options: RenderSvgOptions = {}): string {
  const {
    title,
    subtitle,
    legend = [],
    width = DEFAULTS.width,
    plotHeight = DEFAULTS.plotHeight,
    charWidth = DEFAULTS.charWidth,
    fontFamily = DEFAULTS.fontFamily,
  } = options;
  if (!(width > 0) || !(plotHeight > 0)) {
    throw new RangeError(
      `Cannot render chart: width and plotHeight must be positive, got ${width} × ${plotHeight}`,
    );
  }
  const { document } = parseHTML("<!doctype html><html><body></body></html>");
  const plot = Plot.plot({
    ...plotOptions,
    width,
    height: plotHeight,
    document: document as unknown as Document,
  }) as unknown as Element;
  if (plot.tagName.toLowerCase() !== "svg") {
    throw new TypeError(
      `Cannot render chart: Plot returned <${plot.tagName.toLowerCase()}>, not <svg>; ` +
        `pass title, subtitle and legend to renderSvg, not to Plot`,
    );
  }

  _shareClips(plot);

  const header: string[] = [];
  let y = 0;
  if (title) {
    y += PAD + TITLE_SIZE;
    header.push(
      `<text x="${PAD}" y="${y}" font-size="${TITLE_SIZE}" font-weight="bold" ` +
        `text-anchor="start">${escapeHtml(title)}</text>`,
    );
  }
  if (subtitle) {
    y += (y === 0 ? PAD : 6) + SUBTITLE_SIZE;
    header.push(
      `<text x="${PAD}" y="${y}" font-size="${SUBTITLE_SIZE}" fill="#555" ` +
        `text-anchor="start">${escapeHtml(subtitle)}</text>`,
    );
  }
  const legendSvg = _legend(legend, y + (y === 0 ? 4 : 6), width, charWidth);
  header.push(legendSvg.svg);
  y += legendSvg.height + (y === 0 ? 4 : 6);
  const headerHeight = title || subtitle || legend.length > 0 ? Math.ceil(y + 4) : 0;

  plot.setAttribute("x", "0");
  plot.setAttribute("y", String(headerHeight));
  plot.setAttribute("font-family", fontFamily);
  const height = headerHeight + plotHeight;
  return `<svg xmlns="${SVG_NS}" xmlns:xlink="http://www.w3.org/1999/xlink" ` +
    `width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" ` +
    `font-family="${escapeHtml(fontFamily)}" fill="currentColor" color="black">` +
    `<rect width="100%" height="100%" fill="white"/>` +
    header.join("") + plot.outerHTML + `</svg>`;
}

/**
 * Wraps each run of two or more sibling marks that name the same `clip-path` in one group that
 * carries it, and takes it off the marks. The drawing is the same (Plot's clip is one rectangle;
 * compositing one layer instead of several rounds a few edge pixels by a few levels), but the
 * PNG renderer draws a clip as a layer and mask over the whole canvas, once per element that
 * names it: the trigger figure's five clipped marks took 0.6 s to draw, 0.3 s as one group
 * (that figure now cuts its curves in the data instead, ./cut_at_top.ts: 0.13 s).
 */
function _shareClips(parent: Element): void {
  const children = [...parent.children];
  for (let i = 0; i < children.length;) {
    const clip = children[i].getAttribute("clip-path");
    let j = i + 1;
    while (clip !== null && j < children.length && children[j].getAttribute("clip-path") === clip) {
      j++;
    }
    if (clip !== null && j - i > 1) {
      const group = parent.ownerDocument.createElementNS(SVG_NS, "g");
      group.setAttribute("clip-path", clip);
      parent.insertBefore(group, children[i]);
      for (let k = i; k < j; k++) {
        children[k].removeAttribute("clip-path");
        group.appendChild(children[k]);
      }
    }
    i = j;
  }
}
