/**
 * The trigger analysis as one self-contained HTML page, in English and Chinese: the answer in a
 * sentence, the figure with sliders for v, α and ρ that re-price the replay's stored token sums
 * in the browser (with the analysis' own `priceCurves`), the fit table, the corpus summary, the
 * checks, how to read it, and the read-cost measurement when given. `triggerFigureTexts` and
 * `figureFontFiles` give figure.svg/png in either language.
 *
 * The page script (`page_main.ts`) is a browser entry and is not re-exported; `bundleScript`
 * bundles it and `renderReport` inlines it.
 *
 * @example Pack the data the page carries
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatNumber, reportData } from "./mod.ts";
 *
 * const sums = {
 *   workloads: 1, triggers: Float64Array.of(1e5, 2e5),
 *   contextTokens: Float64Array.of(1000, 2000), cachedTokens: Float64Array.of(900, 1800),
 *   compactions: Float64Array.of(1, 0), compactionInputTokens: Float64Array.of(1e5, 0),
 *   summaryTokens: Float64Array.of(5000, 0), outputTokens: Float64Array.of(10),
 *   workSeconds: Float64Array.of(600),
 * };
 * const prices = { alpha: 0.05, rho: 5, omega: 1.25, inputUsdPerMillion: 5 };
 * const data = reportData(sums, { prices, beta: 0.9, a: 1e-5, v: 60, billedTokens: 3000 }, {
 *   model: "m", steadyState: null, observedTrigger: 1e5,
 * });
 * assert.deepEqual(data.sums.triggers, [1e5, 2e5]);
 * assert.equal(formatNumber(data.observedTrigger, { style: "tokens" }), "100K");
 * ```
 *
 * @module
 */
export * from "./format_number.ts";
export * from "./report_data.ts";
export * from "./page_style.ts";
export * from "./render_report.ts";
export * from "./bundle_script.ts";
export * from "./write_report.ts";
export * from "./texts.ts";
export * from "./page_answer.ts";
export * from "./figure_texts.ts";
export * from "./cjk_font.ts";
