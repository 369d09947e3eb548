/**
 * The report page's figure section: the figure's place (drawn by the page script), its legend and
 * the sliders for v, α and ρ with ranges around the analysis values.
 *
 * @module
 */
import { escapeHtml } from "../charts/escape_html.ts";
import { answerSentence } from "./page_answer.ts";
import { inBoth, type PageContext, sig, text, tok, usd } from "./page_markup.ts";
import { fillText, type TextKey, TEXTS, type Texts } from "./texts.ts";
import { type SliderRange, sliderRanges } from "./slider_ranges.ts";

function _slider(
  id: "v" | "alpha" | "rho",
  label: TextKey,
  hint: (t: Texts) => string,
  range: SliderRange,
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
  const r = sliderRanges(inputs);
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
${
    report.rework?.applied === null || report.rework?.applied === undefined
      ? ""
      : `<li><span class="swatch thin-dashed cost"></span>${
        inBoth((t) => text(t, "legendCostWithoutRework"), true)
      }</li>
<li><span class="swatch dashed optimum"></span>${
        inBoth((t) => text(t, "legendOptimumWithoutRework"), true)
      }</li>
`
  }</ul>
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
