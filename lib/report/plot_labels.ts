/**
 * The trigger figure's texts in one language of the page, for the page's own chart and for the
 * PNG/SVG figure alike.
 *
 * @module
 */
import type { TriggerPlotLabels } from "../charts/trigger_plot.ts";
import type { PageScriptTexts } from "./page_script_texts.ts";

/**
 * The labels {@linkcode TriggerPlotLabels} of the trigger figure, from a language's text table.
 *
 * @param t The language's texts.
 * @returns Axis labels, marker labels and legend entries.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { triggerPlotLabels } from "./plot_labels.ts";
 * import { TEXTS } from "./texts.ts";
 *
 * assert.equal(triggerPlotLabels(TEXTS.zh).markOptimum, "最低费用");
 * ```
 */
export function triggerPlotLabels(t: PageScriptTexts): TriggerPlotLabels {
  return {
    axisX: t.chartAxisX,
    axisCost: t.chartAxisCost,
    axisShare: t.chartAxisShare,
    markObserved: t.chartMarkObserved,
    markOptimum: t.chartMarkOptimum,
    markTStar: t.chartMarkTStar,
    legendCost: t.chartLegendCost,
    legendShare: t.chartLegendShare,
    legendObserved: t.chartLegendObserved,
    legendOptimum: t.chartLegendOptimum,
    legendTStar: t.chartLegendTStar,
    markTier: t.chartMarkTier,
    legendTier: t.chartLegendTier,
    legendNearOptimal: t.chartLegendNearOptimal,
    legendExtrapolated: t.chartLegendExtrapolated,
    legendCostWithoutRework: t.chartLegendCostWithoutRework,
    markOptimumWithoutRework: t.chartMarkOptimumWithoutRework,
    legendOptimumWithoutRework: t.chartLegendOptimumWithoutRework,
  };
}
