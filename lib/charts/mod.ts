/**
 * Charts that draw results they are given, without a browser: Observable Plot on linkedom's
 * DOM to a standalone SVG, resvg (WebAssembly) to PNG, and a notebook helper that shows both.
 * The charts compute no statistics; the analyses hand them finished numbers.
 *
 * @example The trigger figure as PNG bytes
 * ```ts
 * import { svgToPng, triggerFigure } from "./mod.ts";
 * import assert from "node:assert/strict";
 *
 * const band = (mean: number) => ({ mean, p10: mean * 0.9, p90: mean * 1.1 });
 * const svg = triggerFigure([
 *   { trigger: 150_000, costPerMillion: band(1.3), timeShare: band(0.08) },
 *   { trigger: 300_000, costPerMillion: band(1.2), timeShare: band(0.04) },
 * ], { observedTrigger: 267_900 });
 * const png = await svgToPng(svg);
 * assert.equal(png[1], 0x50); // "P" of the PNG signature
 * ```
 *
 * @module
 */

export * from "./render.ts";
export * from "./png.ts";
export * from "./chart_output.ts";
export * from "./display.ts";
export * from "./trigger_figure.ts";
export * from "./context_figure.ts";
export * from "./table.ts";
export * from "./size_histogram_figure.ts";
export * from "./scatter_figure.ts";
export * from "./block_figure.ts";
export * from "./sensitivity_figure.ts";
export * from "./share_bars_figure.ts";
export * from "./trigger_plot.ts";
export * from "./compaction_timeline.ts";
