/**
 * Shows a chart in a Jupyter notebook run by the Deno kernel, as one `display_data` output of
 * the running cell (PNG, HTML figure, text; see `chartOutput`).
 *
 * Outside the kernel (`deno run`, `deno test`) merely reading `Deno.jupyter` throws; the guard
 * here catches that, so notebook code also runs (and type-checks) as a plain module.
 *
 * @module
 */

import { chartOutput, type ChartOutputOptions } from "./chart_output.ts";

/** Options of {@linkcode displayChart}: those of `chartOutput`. */
export type DisplayChartOptions = ChartOutputOptions;

/** The kernel's API, or undefined outside the kernel (where reading it throws). */
function _jupyter(): typeof Deno.jupyter | undefined {
  try {
    return typeof Deno.jupyter?.broadcast === "function" ? Deno.jupyter : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Converts a chart to PNG and, inside the Deno Jupyter kernel, shows it in the running cell.
 * Outside the kernel the chart is still converted (so a broken chart fails there too) but
 * nothing is shown. Resolves to nothing, so a cell ending with it echoes nothing more.
 *
 * @param svg A standalone SVG document (e.g. from `renderSvg` or `triggerFigure`).
 * @param options Alt text, whether to add the HTML figure, PNG zoom and background.
 * @returns A promise that settles once the output is sent (or, outside the kernel, once the PNG
 *   is made); it rejects when the conversion fails.
 *
 * @example Outside the kernel the chart is converted but not shown
 * ```ts
 * import { displayChart } from "./display.ts";
 * import assert from "node:assert/strict";
 *
 * await displayChart(
 *   '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="9" height="9"/></svg>',
 *   { alt: "a square" },
 * );
 * await assert.rejects(() => displayChart("not an svg"), /Cannot convert SVG to PNG/);
 * ```
 */
export async function displayChart(
  svg: string,
  options: DisplayChartOptions = {},
): Promise<void> {
  const { data, metadata } = await chartOutput(svg, options);
  const jupyter = _jupyter();
  if (jupyter) await jupyter.broadcast("display_data", { data, metadata, transient: {} });
}
