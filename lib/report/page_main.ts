/**
 * The report page's script (bundled for the browser by `bundleScript` and inlined by
 * `renderReport`). It reads the embedded `<script type="application/json" id="report-data">`,
 * re-prices the stored token sums with the trigger analysis' own `priceCurves` (no replay) for
 * the current v, α and ρ of the sliders, and redraws the figure (the charts' `triggerPlot`, in
 * the browser's DOM) and the readout at once.
 *
 * The current state is exposed for tests and the curious as `window.__report`
 * ({@linkcode ReportPageState}) and `document.body.dataset.draws` (redraws so far).
 *
 * The page expects these elements: `#report-data`, `#figure`, `#readout`, range inputs
 * `#slider-v`, `#slider-alpha`, `#slider-rho` with `<output>`s `#value-v`, `#value-alpha`,
 * `#value-rho`, and a `#reset` button.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import { triggerPlot } from "../charts/trigger_plot.ts";
import { priceCurves, type PricingInputs } from "../trigger/price_curves.ts";
import { steadyStateTrigger } from "../trigger/steady_state.ts";
import { argminTrigger } from "../trigger/argmin_trigger.ts";
import { formatNumber } from "./format_number.ts";
import { replaySumsFromData, type ReportData } from "./report_data.ts";

/** What the page shows now; `window.__report`. */
export interface ReportPageState {
  /** Summary tokens per second. */
  v: number;
  /** α = p_c / p_m. */
  alpha: number;
  /** ρ = p_o / p_m. */
  rho: number;
  /** Triggers, tokens. */
  triggers: number[];
  /** Mean cost per 1M tokens over the resampled workloads, USD, per trigger. */
  costMean: number[];
  /** Mean share of agent time spent compacting, per trigger. */
  timeShareMean: number[];
  /** Trigger of the lowest mean cost, tokens. */
  argminTrigger: number | null;
  /** Steady-state T*, tokens. */
  tStar: number | null;
  /** Redraws so far (1 after loading). */
  draws: number;
}

type _Slider = "v" | "alpha" | "rho";

function _element<T extends HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`Report page: element #${id} is missing`);
  return el as T;
}

function _finite(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

function _start(): void {
  const data = JSON.parse(_element("report-data").textContent ?? "") as ReportData;
  const sums = replaySumsFromData(data);
  const base = data.inputs;
  const pm = base.prices.inputUsdPerMillion;
  const figure = _element("figure");
  const readout = _element("readout");
  const sliders = {
    v: _element<HTMLInputElement>("slider-v"),
    alpha: _element<HTMLInputElement>("slider-alpha"),
    rho: _element<HTMLInputElement>("slider-rho"),
  };
  const outputs = {
    v: _element("value-v"),
    alpha: _element("value-alpha"),
    rho: _element("value-rho"),
  };
  const current = { v: base.v, alpha: base.prices.alpha, rho: base.prices.rho };
  let draws = 0;

  const draw = () => {
    const inputs: PricingInputs = {
      ...base,
      v: current.v,
      prices: { ...base.prices, alpha: current.alpha, rho: current.rho },
    };
    const curves = priceCurves(sums, inputs);
    const best = argminTrigger(curves.triggers, curves.costPerMillion.mean);
    const tStar = data.steadyState === null
      ? null
      : _finite(steadyStateTrigger(data.steadyState, inputs.prices));
    const width = Math.max(360, Math.min(960, Math.round(figure.clientWidth || 880)));
    const { options } = triggerPlot({
      triggers: curves.triggers,
      costPerMillion: curves.costPerMillion,
      timeShare: curves.timeShare,
      observedTrigger: data.observedTrigger,
      optimumTrigger: best?.trigger ?? null,
      steadyStateTrigger: tStar,
    });
    const height = Math.round(Math.min(440, Math.max(320, width * 0.5)));
    figure.replaceChildren(Plot.plot({ ...options, width, height }));

    outputs.v.textContent = `${formatNumber(current.v, { digits: 1 })} tokens/s`;
    outputs.alpha.textContent = `${formatNumber(current.alpha, { digits: 3 })} (cache read ${
      formatNumber(current.alpha * pm, { style: "usd", digits: 3 })
    } per 1M)`;
    outputs.rho.textContent = `${formatNumber(current.rho, { digits: 1 })} (output ${
      formatNumber(current.rho * pm, { style: "usd" })
    } per 1M)`;

    const tokens = (x: number | null) => formatNumber(x, { style: "tokens" });
    const parts: string[] = [];
    if (best === null) {
      parts.push("No trigger has a finite mean cost.");
    } else {
      const i = best.index;
      parts.push(
        `Lowest mean cost at ${tokens(best.trigger)}: ` +
          `${formatNumber(curves.costPerMillion.mean[i], { style: "usd", digits: 3 })} per 1M ` +
          `tokens (10th–90th percentile ` +
          `${formatNumber(curves.costPerMillion.p10[i], { style: "usd", digits: 3 })}–` +
          `${formatNumber(curves.costPerMillion.p90[i], { style: "usd", digits: 3 })}); ` +
          `compacting takes ${formatNumber(curves.timeShare.mean[i], { style: "percent" })} ` +
          `of agent time there.`,
      );
    }
    const first = curves.triggers[0], last = curves.triggers[curves.triggers.length - 1];
    if (tStar !== null) {
      const off = tStar < first || tStar > last ? " (outside the chart)" : "";
      parts.push(`Steady-state T* ≈ ${tokens(tStar)}${off}.`);
    }
    readout.textContent = parts.join(" ");

    draws++;
    const state: ReportPageState = {
      v: current.v,
      alpha: current.alpha,
      rho: current.rho,
      triggers: Array.from(curves.triggers),
      costMean: Array.from(curves.costPerMillion.mean),
      timeShareMean: Array.from(curves.timeShare.mean),
      argminTrigger: best?.trigger ?? null,
      tStar,
      draws,
    };
    (globalThis as unknown as { __report: ReportPageState }).__report = state;
    document.body.dataset.draws = String(draws);
  };

  const safeDraw = () => {
    try {
      draw();
    } catch (error) {
      figure.textContent = `The figure could not be drawn: ${(error as Error).message}`;
      console.error(error);
    }
  };

  for (const key of ["v", "alpha", "rho"] as _Slider[]) {
    sliders[key].addEventListener("input", () => {
      const value = Number(sliders[key].value);
      if (!Number.isFinite(value)) return;
      current[key] = value;
      safeDraw();
    });
  }
  let drawnWidth = figure.clientWidth;
  let resizeTimer: ReturnType<typeof setTimeout> | undefined;
  globalThis.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => {
      if (figure.clientWidth !== drawnWidth) {
        drawnWidth = figure.clientWidth;
        safeDraw();
      }
    }, 150);
  });
  _element("reset").addEventListener("click", () => {
    current.v = base.v;
    current.alpha = base.prices.alpha;
    current.rho = base.prices.rho;
    sliders.v.value = String(base.v);
    sliders.alpha.value = String(base.prices.alpha);
    sliders.rho.value = String(base.prices.rho);
    safeDraw();
  });
  safeDraw();
}

try {
  _start();
} catch (error) {
  console.error(error);
  const figure = document.getElementById("figure");
  if (figure) figure.textContent = `The report could not start: ${(error as Error).message}`;
}
