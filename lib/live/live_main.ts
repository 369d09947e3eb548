/**
 * The live block's script (bundled for the browser into `live_script.generated.ts` and embedded
 * in every block by `liveBlock`). It finds its block (the element of class `live-trigger` around
 * the running script, and any other block not yet started), reads the embedded
 * `<script type="application/json" class="live-data">`, decodes the stored replays, and on every
 * control move re-prices with `liveView` (the analysis' own `priceCurves`) and redraws the figure
 * with Plot, the readout and the answer sentence. Once drawn it hides the block's PNG and shows
 * the controls; where it never runs (untrusted notebooks, GitHub) the PNG stays.
 *
 * Each block exposes what it shows for tests and the curious: `data-draws` (redraws so far) and
 * `data-view` (JSON: {@linkcode LiveViewState}) on the block's element.
 *
 * @module
 */
import * as Plot from "@observablehq/plot";
import { formatNumber } from "../report/format_number.ts";
import { answerSentence } from "../report/page_answer.ts";
import { fillText } from "../report/texts.ts";
import { TEXTS_EN } from "../report/texts_en.ts";
import { decodeVariants, type LiveBlockData } from "./live_data.ts";
import { type LiveControls, liveView } from "./live_view.ts";
import { extrapolatedNote, gridEdgeNote, variantNote } from "./live_texts.ts";

/** What a block shows now (its `data-view` attribute). */
export interface LiveViewState extends LiveControls {
  /** The rework scale (1 also when the block has no rework control). */
  rework: number;
  /** Index of the chosen variant. */
  variant: number;
  /** Its label. */
  variantLabel: string;
  /** Mean cost per 1M tokens per trigger, USD. */
  costMean: number[];
  /** Mean time share per trigger. */
  timeShareMean: number[];
  /** Trigger of the lowest mean cost, tokens. */
  argminTrigger: number | null;
  /** Steady-state T*, tokens. */
  tStar: number | null;
  /** The 2% near-optimal range, tokens (null: none). */
  nearOptimal: { fromTokens: number; toTokens: number } | null;
  /** The readout as shown. */
  readout: string;
}

type _Key = "v" | "alpha" | "rho";
const _KEYS: _Key[] = ["v", "alpha", "rho"];

function _pick<T extends Element>(root: Element, selector: string): T {
  const el = root.querySelector<T>(selector);
  if (el === null) throw new Error(`Live block: ${selector} is missing`);
  return el;
}

async function _start(root: HTMLElement): Promise<void> {
  root.dataset.liveStarted = "1";
  const data = JSON.parse(_pick(root, "script.live-data").textContent ?? "") as LiveBlockData;
  const variants = await decodeVariants(data);
  // English only, like the notebooks (and so the bundle carries one language).
  const t = TEXTS_EN;
  const ui = _pick<HTMLElement>(root, ".live-ui");
  const png = root.querySelector<HTMLElement>(".live-png");
  const figure = _pick<HTMLElement>(root, ".live-figure");
  const legend = _pick<HTMLElement>(root, ".live-legend");
  const readout = _pick<HTMLElement>(root, ".live-readout");
  const answer = _pick<HTMLElement>(root, ".live-answer");
  const note = _pick<HTMLElement>(root, ".live-note");
  const inputs = Object.fromEntries(
    [..._KEYS, "variant"].map((k) => [k, _pick<HTMLInputElement>(root, `[data-control="${k}"]`)]),
  ) as Record<_Key | "variant", HTMLInputElement>;
  const outputs = Object.fromEntries(
    [..._KEYS, "variant"].map((k) => [k, _pick<HTMLElement>(root, `[data-value="${k}"]`)]),
  ) as Record<_Key | "variant", HTMLElement>;
  const base = data.inputs;
  const pm = base.prices.inputUsdPerMillion;
  const reworkInput = root.querySelector<HTMLInputElement>('[data-control="rework"]');
  const reworkOutput = root.querySelector<HTMLElement>('[data-value="rework"]');
  const start = (): LiveControls & { variant: number; rework: number } => ({
    v: base.v,
    alpha: base.prices.alpha,
    rho: base.prices.rho,
    variant: data.defaultVariant,
    rework: 1,
  });
  let current = start();
  let draws = 0;
  const usd = (x: number, digits = 3) => formatNumber(x, { style: "usd", digits });
  const tokens = (x: number) => formatNumber(x, { style: "tokens" });

  const draw = () => {
    const view = liveView(variants[current.variant], data, current);
    const { curves, best } = view;
    // The plot's width follows the block's; the PNG was drawn at 720.
    const width = Math.max(320, Math.min(880, Math.round(figure.clientWidth || 720)));
    figure.replaceChildren(Plot.plot({ ...view.plot.options, width, height: 400 }));
    legend.replaceChildren(...view.plot.legend.map((item) => {
      const span = document.createElement("span");
      span.className = "live-legend-item";
      const swatch = document.createElement("span");
      swatch.className = `live-swatch live-swatch-${item.swatch ?? "line"}`;
      swatch.style.color = item.color;
      span.append(swatch, item.label);
      return span;
    }));
    outputs.v.textContent = fillText(t.valueV, { v: formatNumber(current.v, { digits: 1 }) });
    outputs.alpha.textContent = fillText(t.valueAlpha, {
      alpha: formatNumber(current.alpha, { digits: 3 }),
      price: usd(current.alpha * pm),
    });
    outputs.rho.textContent = fillText(t.valueRho, {
      rho: formatNumber(current.rho, { digits: 1 }),
      price: usd(current.rho * pm, 2),
    });
    const chosen = data.variants[current.variant];
    outputs.variant.textContent = chosen.label;
    if (reworkOutput !== null) {
      reworkOutput.textContent = current.rework === 0
        ? "none (the published method)"
        : `${formatNumber(current.rework, { digits: 1 })} × the measured rework`;
    }
    const parts: string[] = [];
    if (best === null) parts.push(t.readoutNone);
    else {
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
    if (view.tStar !== null) {
      const outside = view.tStar < first || view.tStar > last;
      parts.push(fillText(outside ? t.readoutTStarOutside : t.readoutTStar, {
        tstar: tokens(view.tStar),
      }));
    }
    const guess = extrapolatedNote(view);
    if (guess !== "") parts.push(guess);
    const edge = gridEdgeNote(curves.triggers, curves.costPerMillion.mean);
    if (edge !== null) parts.push(edge);
    readout.textContent = parts.join(" ");
    const means = {
      triggers: curves.triggers,
      costMean: curves.costPerMillion.mean,
      timeShareMean: curves.timeShare.mean,
    };
    answer.textContent = answerSentence(t, means, data.observedTrigger);
    note.textContent = variantNote(data.variantName, chosen.label);
    draws++;
    const state: LiveViewState = {
      ...current,
      variantLabel: chosen.label,
      costMean: Array.from(curves.costPerMillion.mean),
      timeShareMean: Array.from(curves.timeShare.mean),
      argminTrigger: best?.trigger ?? null,
      tStar: view.tStar,
      nearOptimal: view.nearOptimal === null
        ? null
        : { fromTokens: view.nearOptimal.fromTokens, toTokens: view.nearOptimal.toTokens },
      readout: readout.textContent,
    };
    root.dataset.view = JSON.stringify(state);
    root.dataset.draws = String(draws);
  };

  const safeDraw = () => {
    try {
      draw();
    } catch (error) {
      figure.textContent = fillText(t.figureError, { message: (error as Error).message });
      console.error(error);
    }
  };
  const setInputs = () => {
    for (const k of _KEYS) inputs[k].value = String(current[k]);
    inputs.variant.value = String(current.variant);
    if (reworkInput !== null) reworkInput.value = String(current.rework);
  };
  for (const k of _KEYS) {
    inputs[k].addEventListener("input", () => {
      const value = Number(inputs[k].value);
      if (!Number.isFinite(value) || value <= 0) return;
      current[k] = value;
      safeDraw();
    });
  }
  inputs.variant.addEventListener("input", () => {
    const index = Number(inputs.variant.value);
    if (!Number.isInteger(index) || index < 0 || index >= variants.length) return;
    current.variant = index;
    safeDraw();
  });
  reworkInput?.addEventListener("input", () => {
    const value = Number(reworkInput.value);
    if (!Number.isFinite(value) || value < 0) return;
    current.rework = value;
    safeDraw();
  });
  _pick(root, '[data-control="reset"]').addEventListener("click", () => {
    current = start();
    setInputs();
    safeDraw();
  });
  setInputs();
  // Shown before the first draw, so the figure measures the block's real width.
  ui.hidden = false;
  safeDraw();
  // The PNG stays when the first draw failed: the figure then holds the error.
  if (png !== null && draws > 0) png.hidden = true;
}

function _startAll(own: HTMLElement | null): void {
  const blocks = new Set<HTMLElement>();
  if (own !== null) blocks.add(own);
  for (const el of document.querySelectorAll<HTMLElement>(".live-trigger")) blocks.add(el);
  for (const root of blocks) {
    if (root.dataset.liveStarted !== undefined) continue;
    _start(root).catch((error) => {
      console.error(error);
      const status = root.querySelector(".live-status");
      if (status) status.textContent = `The live chart could not start: ${error.message}`;
    });
  }
}

const _own = (document.currentScript?.closest(".live-trigger") ?? null) as HTMLElement | null;
_startAll(_own);
