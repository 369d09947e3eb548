/**
 * The report page's script (bundled for the browser at build time into `page_script.ts` by
 * `deno task build-page-script`, and inlined by
 * `renderReport`). It reads the embedded `<script type="application/json" id="report-data">`,
 * re-prices the stored token sums with the trigger analysis' own `priceCurves` (no replay) for
 * the current v, α and ρ of the sliders, and redraws the figure (the charts' `triggerPlot`, in
 * the browser's DOM), the readout and the answer sentence at once, in the page's language.
 *
 * The language: the URL fragment's (`#lang=zh` / `#lang=en`) when it names one, else the
 * browser's (`navigator.language` starting with "zh": Chinese, anything else: English). The
 * switch's buttons write the choice to the fragment, so a copied link opens in it.
 *
 * The current state is exposed for tests and the curious as `window.__report`
 * ({@linkcode ReportPageState}) and `document.body.dataset.draws` (redraws so far).
 *
 * The page expects these elements: `#report-data`, `#report-texts` (the texts of
 * `page_script_texts.ts` by language, as JSON), `#figure`, `#readout`, range inputs
 * `#slider-v`, `#slider-alpha`, `#slider-rho` with `<output>`s `#value-v`, `#value-alpha`,
 * `#value-rho`, a `#reset` button, `#answer` (with `.answer-text` per language), `#grid-edge`
 * and buttons `[data-set-lang]`.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import { triggerPlot } from "../charts/trigger_plot.ts";
import { priceCurves, type PricingInputs } from "../trigger/price_curves.ts";
import { steadyStateTrigger } from "../trigger/steady_state.ts";
import { argminTrigger } from "../trigger/argmin_trigger.ts";
import { HEADLINE_TOLERANCE, nearOptimalRanges } from "../trigger/near_optimal.ts";
import { formatNumber } from "./format_number.ts";
import { answerSentence, gridEdgeWarning } from "./page_answer.ts";
import { triggerPlotLabels } from "./plot_labels.ts";
import { replaySumsFromData, type ReportData } from "./report_data.ts";
import type { PageScriptTexts } from "./page_script_texts.ts";
import { fillText, type Lang, LANG_TAGS, parseLang } from "./texts.ts";

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
  /** The page's language. */
  lang: Lang;
  /** The answer sentence as shown. */
  answer: string;
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

/** The language the URL fragment names (`#lang=zh`), else the browser's. */
function _initialLang(): Lang {
  const fromHash = parseLang(new URLSearchParams(location.hash.slice(1)).get("lang"));
  if (fromHash !== undefined) return fromHash;
  return (navigator.language ?? "").toLowerCase().startsWith("zh") ? "zh" : "en";
}

/** The family of the page's embedded CJK font (page_font.ts's PAGE_CJK_FAMILY). */
const CJK_FAMILY = "ReportCJK";

/**
 * Settles once the page's embedded CJK font has loaded (at once when the page has none or it is
 * loaded), or after `ms` milliseconds. Chinese text laid out while the font still loads kept the
 * fallback's boxes in Chromium on a machine without a CJK font, even after the font had loaded
 * (measured 2026-12-04: a page opened at #lang=zh showed its title and some headings as boxes),
 * so a page that starts in Chinese waits for it.
 */
function _cjkFontReady(ms = 3000): Promise<void> {
  const face = [...document.fonts].find((f) => f.family.replace(/"/g, "") === CJK_FAMILY);
  if (face === undefined || face.status === "loaded") return Promise.resolve();
  return Promise.race([
    face.load().then(() => {}, () => {}),
    new Promise<void>((resolve) => setTimeout(resolve, ms)),
  ]);
}

function _start(): void {
  const data = JSON.parse(_element("report-data").textContent ?? "") as ReportData;
  // The texts come with the page, not with the script: a text edited needs no new bundle.
  const texts = JSON.parse(_element("report-texts").textContent ?? "") as Record<
    Lang,
    PageScriptTexts
  >;
  const sums = replaySumsFromData(data);
  const base = data.inputs;
  const pm = base.prices.inputUsdPerMillion;
  const figure = _element("figure");
  const readout = _element("readout");
  const answer = _element("answer");
  const edgeWarning = _element("grid-edge");
  const model = data.modelDisplayName ?? data.model;
  let lang = _initialLang();
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
    const t = texts[lang];
    const inputs: PricingInputs = {
      ...base,
      v: current.v,
      prices: { ...base.prices, alpha: current.alpha, rho: current.rho },
    };
    // The curves with the rework after each compaction (the answer's), and without it (the
    // thin dashed line) when the analysis replayed any.
    const curves = priceCurves(sums.withRework ?? sums, inputs);
    const without = sums.withRework === undefined ? null : priceCurves(sums, inputs);
    const bestWithout = without === null
      ? null
      : argminTrigger(without.triggers, without.costPerMillion.mean);
    const best = argminTrigger(curves.triggers, curves.costPerMillion.mean);
    const tStar = data.steadyState === null
      ? null
      : _finite(steadyStateTrigger(data.steadyState, inputs.prices));
    const width = Math.max(300, Math.min(960, Math.round(figure.clientWidth || 880)));
    const { options } = triggerPlot({
      triggers: curves.triggers,
      costPerMillion: curves.costPerMillion,
      timeShare: curves.timeShare,
      observedTrigger: data.observedTrigger,
      optimumTrigger: best?.trigger ?? null,
      steadyStateTrigger: tStar,
      // A tiered model's lowest threshold, as on figure.svg.
      tierThreshold: base.prices.tiers?.[0]?.aboveInputTokens ?? null,
      // The 2% range moves with the prices; the extrapolated zone does not.
      nearOptimalRange: nearOptimalRanges(curves.triggers, curves.costPerMillion.mean, [
        HEADLINE_TOLERANCE,
      ])[0] ?? null,
      extrapolated: data.extrapolated ?? null,
      costWithoutRework: without?.costPerMillion.mean ?? null,
      optimumWithoutReworkTrigger: bestWithout?.trigger ?? null,
      labels: triggerPlotLabels(t),
    });
    const height = Math.round(Math.min(440, Math.max(260, width * 0.55)));
    figure.replaceChildren(Plot.plot({ ...options, width, height }));

    const usd = (x: number, digits = 3) => formatNumber(x, { style: "usd", digits });
    outputs.v.textContent = fillText(t.valueV, { v: formatNumber(current.v, { digits: 1 }) });
    outputs.alpha.textContent = fillText(t.valueAlpha, {
      alpha: formatNumber(current.alpha, { digits: 3 }),
      price: usd(current.alpha * pm),
    });
    outputs.rho.textContent = fillText(t.valueRho, {
      rho: formatNumber(current.rho, { digits: 1 }),
      price: usd(current.rho * pm, 2),
    });

    const tokens = (x: number | null) => formatNumber(x, { style: "tokens" });
    const parts: string[] = [];
    if (best === null) {
      parts.push(t.readoutNone);
    } else {
      const i = best.index;
      parts.push(fillText(t.readoutBest, {
        best: tokens(best.trigger),
        cost: usd(curves.costPerMillion.mean[i]),
        p10: usd(curves.costPerMillion.p10[i]),
        p90: usd(curves.costPerMillion.p90[i]),
        share: formatNumber(curves.timeShare.mean[i], { style: "percent" }),
      }));
    }
    const first = curves.triggers[0], last = curves.triggers[curves.triggers.length - 1];
    if (tStar !== null) {
      const outside = tStar < first || tStar > last;
      parts.push(fillText(outside ? t.readoutTStarOutside : t.readoutTStar, {
        tstar: tokens(tStar),
      }));
    }
    readout.textContent = parts.join(" ");

    const means = {
      triggers: curves.triggers,
      costMean: curves.costPerMillion.mean,
      timeShareMean: curves.timeShare.mean,
    };
    const sentence = answerSentence(t, means, data.observedTrigger);
    const label = document.createElement("span");
    label.className = "answer-label";
    label.textContent = t.answerLabel;
    const text = document.createElement("span");
    text.className = "answer-text";
    text.textContent = sentence;
    answer.replaceChildren(label, " ", text);
    const warning = gridEdgeWarning(t, means);
    edgeWarning.textContent = warning ?? "";
    edgeWarning.hidden = warning === null;
    figure.setAttribute(
      "aria-label",
      fillText(t.figureAria, { from: tokens(first), to: tokens(last), answer: sentence }),
    );

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
      lang,
      answer: sentence,
    };
    (globalThis as unknown as { __report: ReportPageState }).__report = state;
    document.body.dataset.draws = String(draws);
  };

  const safeDraw = () => {
    try {
      draw();
    } catch (error) {
      figure.textContent = fillText(texts[lang].figureError, {
        message: (error as Error).message,
      });
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
  const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>("[data-set-lang]"));
  const applyLang = (next: Lang) => {
    lang = next;
    const root = document.documentElement;
    root.dataset.lang = next;
    root.lang = LANG_TAGS[next];
    document.title = fillText(texts[next].pageTitle, { model });
    for (const b of buttons) b.setAttribute("aria-pressed", String(b.dataset.setLang === next));
  };
  for (const b of buttons) {
    b.addEventListener("click", () => {
      const next = parseLang(b.dataset.setLang);
      if (next === undefined || next === lang) return;
      applyLang(next);
      // The fragment keeps the choice for a copied link; replaceState adds no history entry.
      history.replaceState(null, "", `#lang=${next}`);
      safeDraw();
    });
  }
  globalThis.addEventListener("hashchange", () => {
    const next = parseLang(new URLSearchParams(location.hash.slice(1)).get("lang"));
    if (next !== undefined && next !== lang) {
      applyLang(next);
      safeDraw();
    }
  });
  applyLang(lang);
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

function _startOrSay(): void {
  try {
    _start();
  } catch (error) {
    console.error(error);
    const figure = document.getElementById("figure");
    if (figure) figure.textContent = `The report could not start: ${(error as Error).message}`;
  }
}

// A page that starts in English starts at once; one that starts in Chinese once its font is in.
if (_initialLang() === "zh") _cjkFontReady().then(_startOrSay);
else _startOrSay();
