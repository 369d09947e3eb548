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
import type { Table } from "./table.ts";

/**
 * How long a displaying helper waits after sending its output, ms. Deno 2.9's kernel sometimes
 * reports a cell finished before its last display reaches the front end, which then drops it
 * (1–6% of cells); a cell whose last statement awaits this short wait lost none in 180 runs.
 */
export const DISPLAY_SETTLE_MS = 20;

/**
 * Resolves after {@linkcode DISPLAY_SETTLE_MS}: the last thing every displaying helper does, so a
 * cell that ends with one never finishes before its output is out.
 *
 * @returns A promise that resolves after the wait.
 */
export function settleDisplay(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, DISPLAY_SETTLE_MS));
}

/**
 * Sends a MIME bundle as a `display_data` output of the running cell and waits
 * {@linkcode DISPLAY_SETTLE_MS}; outside the kernel it sends nothing (and does not wait).
 *
 * @param data MIME type → content.
 * @param metadata Per MIME type metadata. @default {{}}
 * @returns Whether the output was sent (false outside the kernel).
 */
export async function displayBundle(
  data: Record<string, string>,
  metadata: Record<string, unknown> = {},
): Promise<boolean> {
  const jupyter = _jupyter();
  if (!jupyter) return false;
  await jupyter.broadcast("display_data", { data, metadata, transient: {} });
  await settleDisplay();
  return true;
}

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
 * Converts a chart to PNG and, inside the Deno Jupyter kernel, shows it in the running cell,
 * then waits {@linkcode DISPLAY_SETTLE_MS}. Outside the kernel the chart is still converted (so a
 * broken chart fails there too) but nothing is shown. Resolves to nothing, so a cell ending with it echoes nothing more.
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
  await displayBundle(data, metadata);
}

/**
 * Shows a table (from {@linkcode table}) as a `display_data` output and waits
 * {@linkcode DISPLAY_SETTLE_MS}, so a cell can end with `await displayTable(...)` instead of a
 * bare value (a bare last value is the kernel's own `execute_result`, sent with no wait after it).
 * Outside the kernel it shows nothing.
 *
 * @param shown The table.
 * @returns A promise that settles once the output is sent and the wait is over.
 *
 * @example Outside the kernel nothing is shown
 * ```ts
 * import { displayTable, table } from "./mod.ts";
 * await displayTable(table(["a"], [["1"]]));
 * ```
 */
export async function displayTable(shown: Table): Promise<void> {
  await displayBundle({
    "text/html": shown.html,
    "text/markdown": shown.markdown,
    "text/plain": shown.text,
  });
}
