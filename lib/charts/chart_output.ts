/**
 * A chart as a notebook output: the MIME bundle holding the chart as PNG (what every reader
 * sees, in JupyterLab, VS Code, GitHub or nbviewer, without running anything), the HTML figure
 * with the SVG inline, and a plain-text description, with the PNG's display size.
 *
 * @module
 */

import { svgToPng, type SvgToPngOptions } from "./png.ts";
import { escapeHtml } from "./escape_html.ts";

/** The MIME bundle and metadata of one chart output. */
export interface ChartOutput {
  /** MIME type → content: `image/png` (base64), `text/html`, `text/plain`. */
  data: Record<string, string>;
  /** Per MIME type: the PNG's display size in CSS px (the SVG's size, not the zoomed one). */
  metadata: Record<string, { width: number; height: number }>;
}

/** Options of {@linkcode chartOutput}. */
export interface ChartOutputOptions extends SvgToPngOptions {
  /** Text for readers who cannot see images (and `alt` of the HTML figure). @default {"chart"} */
  alt?: string;
  /** Include the HTML figure (`text/html`, SVG inline) beside the PNG. @default {true} */
  html?: boolean;
}

function _base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/**
 * Converts a chart to PNG and builds the output that shows it; `displayChart` sends it to the
 * notebook.
 *
 * @param svg A standalone SVG document (e.g. from `renderSvg` or `triggerFigure`).
 * @param options Alt text, whether to add the HTML figure, PNG zoom and background.
 * @returns The MIME bundle and its metadata, ready for a `display_data` message.
 *
 * @example A small SVG as PNG, HTML and text
 * ```ts
 * import { chartOutput } from "./chart_output.ts";
 * import assert from "node:assert/strict";
 *
 * const out = await chartOutput(
 *   '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="9" height="9"/></svg>',
 *   { alt: "a square" },
 * );
 * assert.ok(out.data["image/png"].startsWith("iVBORw0KGgo")); // base64 of the PNG signature
 * assert.equal(out.data["text/plain"], "a square");
 * assert.deepEqual(out.metadata["image/png"], { width: 40, height: 30 });
 * ```
 */
export async function chartOutput(
  svg: string,
  options: ChartOutputOptions = {},
): Promise<ChartOutput> {
  const { alt = "chart", html = true, ...pngOptions } = options;
  const png = await svgToPng(svg, pngOptions);
  const data: Record<string, string> = { "image/png": _base64(png), "text/plain": alt };
  if (html) {
    data["text/html"] = `<figure role="img" aria-label="${escapeHtml(alt)}" style="margin:0">` +
      `${svg}</figure>`;
  }
  // Display size: the PNG's pixel size (IHDR, bytes 16–23) divided by the zoom.
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const { zoom = 2 } = pngOptions;
  const metadata: ChartOutput["metadata"] = {
    "image/png": {
      width: Math.round(view.getUint32(16) / zoom),
      height: Math.round(view.getUint32(20) / zoom),
    },
  };
  return { data, metadata };
}
