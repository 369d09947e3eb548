/**
 * The report page's figure section: the figure's place (drawn by the page script), its legend and
 * the sliders for v, α and ρ with ranges around the analysis values.
 *
 * @module
 */
import type { PricingInputs } from "../trigger/price_curves.ts";
import { escapeHtml } from "../charts/escape_html.ts";
import { answerSentence } from "./page_answer.ts";
import { inBoth, type PageContext, sig, text, tok, usd } from "./page_markup.ts";
import { fillText, type TextKey, TEXTS, type Texts } from "./texts.ts";

/** A range input's bounds and step. */
interface _Range {
  min: number;
  max: number;
  step: number;
}

function _floorNice(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  return Math.floor(x / p) * p;
}

function _ceilNice(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  return Math.ceil(x / p - 1e-9) * p;
}

function _round(x: number, step: number): number {
  const decimals = Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
  return +x.toFixed(decimals);
}

/** Slider ranges around the analysis values (always containing them). */
function _ranges(inputs: PricingInputs): { v: _Range; alpha: _Range; rho: _Range } {
  const v = inputs.v, alpha = inputs.prices.alpha, rho = inputs.prices.rho;
  const vStep = v >= 20 ? 0.5 : v >= 2 ? 0.1 : _floorNice(v / 20);
  return {
    v: { min: _round(_floorNice(v / 5), vStep), max: _round(_ceilNice(v * 4), vStep), step: vStep },
    alpha: {
      min: _round(Math.min(0.005, alpha), 0.001),
      max: _round(Math.max(0.3, _ceilNice(alpha * 2)), 0.001),
      step: 0.001,
    },
    rho: {
      min: _round(Math.min(1, rho), 0.1),
      max: _round(Math.max(15, _ceilNice(rho * 2)), 0.1),
      step: 0.1,
    },
  };
}

function _slider(
  id: "v" | "alpha" | "rho",
  label: TextKey,
  hint: (t: Texts) => string,
  range: _Range,
  value: number,
): string {
  return `<div class="control">
<label for="slider-${id}">${
    inBoth((t) => text(t, label), true)
  }<output id="value-${id}" for="slider-${id}"></output></label>
<input type="range" id="slider-${id}" min="${range.min}" max="${range.max}" step="${range.step}" value="${value}">
<div class="hint">${inBoth(hint, true)}</div>
</div>`;
}

export function figureSection(c: PageContext): string {
  const { inputs, report } = c;
  const r = _ranges(inputs);
  const pm = inputs.prices.inputUsdPerMillion;
  const observed = report.corpus.observedTrigger;
  const triggers = c.sums.triggers;
  const aria = fillText(TEXTS.en.figureAria, {
    from: tok(triggers[0]),
    to: tok(triggers[triggers.length - 1]),
    answer: answerSentence(TEXTS.en, c.curves, observed),
  });
  return `<section id="figure-section" aria-labelledby="figure-title">
<div class="chart-sticky">
<h2 id="figure-title" class="figure-title">${inBoth((t) => text(t, "figureTitle"), true)}</h2>
<div id="figure" role="img" aria-label="${escapeHtml(aria)}"><noscript>${
    inBoth((t) => text(t, "figureNoScript"), true)
  }</noscript></div>
</div>
<ul class="legend">
<li><span class="swatch band cost"></span>${inBoth((t) => text(t, "legendCost"), true)}</li>
<li><span class="swatch band share"></span>${inBoth((t) => text(t, "legendShare"), true)}</li>
${
    observed === null
      ? ""
      : `<li><span class="swatch dashed observed"></span>${
        inBoth((t) => text(t, "legendObserved", { trigger: tok(observed) }), true)
      }</li>\n`
  }<li><span class="swatch dot optimum"></span>${inBoth((t) => text(t, "legendOptimum"), true)}</li>
<li><span class="swatch dotted tstar"></span>${inBoth((t) => text(t, "legendTStar"), true)}</li>
</ul>
<div class="controls">
${_slider("v", "sliderV", (t) => text(t, "sliderVHint"), r.v, inputs.v)}
${
    _slider(
      "alpha",
      "sliderAlpha",
      (t) => text(t, "sliderAlphaHint", { price: usd(inputs.prices.alpha * pm) }),
      r.alpha,
      inputs.prices.alpha,
    )
  }
${
    _slider(
      "rho",
      "sliderRho",
      (t) => text(t, "sliderRhoHint", { price: usd(inputs.prices.rho * pm, 2) }),
      r.rho,
      inputs.prices.rho,
    )
  }
<div class="control-row"><button type="button" id="reset">${
    inBoth((t) => text(t, "reset"), true)
  }</button>
<span>${
    inBoth((t) =>
      text(t, "fixedNote", {
        pm: usd(pm, 2),
        omega: sig(inputs.prices.omega),
        a: sig(inputs.a * 1000),
      }), true)
  }</span></div>
</div>
<p id="readout" class="readout" aria-live="polite"></p>
</section>`;
}
