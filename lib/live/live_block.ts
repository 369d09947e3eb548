/**
 * A live block for a trigger analysis (docs/method.md, Live blocks in the notebooks): one
 * self-contained `text/html` output with sliders for v, α and ρ, a stepped control over stored
 * replays (block sizes), the cost and time-share curves with their bands redrawn in the page,
 * the cheapest trigger and the answer sentence, and a PNG of the default view that shows where
 * scripts do not run (untrusted notebooks, GitHub) and that the script hides once it has drawn.
 * Nothing is loaded
 * from the network: the script (`LIVE_SCRIPT`, bundled at build time) and the data are inline.
 *
 * @module
 */
import { escapeHtml } from "../charts/escape_html.ts";
import { svgToPng } from "../charts/png.ts";
import { renderSvg } from "../charts/render.ts";
import { sliderRanges } from "../report/slider_ranges.ts";
import { answerSentence } from "../report/page_answer.ts";
import { TEXTS } from "../report/texts.ts";
import type { PricingInputs } from "../trigger/price_curves.ts";
import type { ReplaySums } from "../trigger/replay.ts";
import type { SteadyStateInputs } from "../trigger/steady_state.ts";
import {
  decodeVariants,
  encodeVariants,
  type LiveBlockData,
  type LiveReplay,
} from "./live_data.ts";
import { LIVE_SCRIPT } from "./live_script.generated.ts";
import { extrapolatedNote, gridEdgeNote, variantNote } from "./live_texts.ts";
import { type LiveContext, liveView } from "./live_view.ts";

/** What {@linkcode liveBlock} shows. */
export interface LiveBlockInput {
  /**
   * The stored replays the stepped control switches between (same triggers), e.g. per block
   * size; each may carry the same replay with rework (`reworkSums`, the analysis'
   * `sums.withRework`): when every variant does, the block gets a rework scale control.
   */
  variants: { label: string; sums: ReplaySums; reworkSums?: ReplaySums | null }[];
  /** The variant shown first (the analysis' own). @default {0} */
  defaultVariant?: number;
  /** What the stepped control chooses. @default {"Block size, steps"} */
  variantName?: string;
  /** The analysis' prices, β, a, v and D. */
  inputs: PricingInputs;
  /** Inputs of T* (null: not drawn). */
  steadyState: SteadyStateInputs | null;
  /** Trigger level seen in the transcripts, tokens (null: none). */
  observedTrigger: number | null;
  /** Lowest price-tier threshold, tokens. @default {the prices' first tier, else null} */
  tierThreshold?: number | null;
  /**
   * Per trigger: whether it lies in the extrapolated zone (the analysis'
   * `report.replay[].support.extrapolated`); drawn as a grey zone. @default {null: none drawn}
   */
  extrapolated?: boolean[] | null;
  /** Heading. @default {`When should ${modelName} compact?`} */
  title?: string;
  /** Model name for the default heading. @default {"the model"} */
  modelName?: string;
  /** Line under the heading. @default {"Mean over resampled workloads; bands span …"} */
  subtitle?: string;
}

/** The MIME bundle of a live block. */
export interface LiveBlockOutput {
  /**
   * `text/html` (the block, with the PNG inside it) and `text/plain` (the alt text). No separate
   * `image/png`: every viewer named in notebooks/README.md picks the HTML, and a second copy of
   * the PNG would double its bytes in the notebook.
   */
  data: Record<string, string>;
  /** The default view's PNG (base64) and its display size, CSS px. */
  png: { base64: string; width: number; height: number };
  /** The embedded data (for tests and the curious). */
  blockData: LiveBlockData;
  /** Bytes of the `text/html` output. */
  htmlBytes: number;
}

/** Options of {@linkcode liveBlock}. */
export interface LiveBlockOptions {
  /** The block's script. @default {LIVE_SCRIPT, the committed bundle} */
  script?: string;
  /** PNG zoom (1.25: sharp enough, and a fifth smaller than 1.5). @default {1.25} */
  zoom?: number;
}

const WIDTH = 720;
/** The rework scale's range: 0 (none) to twice the measured rework. */
const REWORK_RANGE = { min: 0, max: 2, step: 0.1 };
const PLOT_HEIGHT = 400;

function _jsonForScript(value: unknown): string {
  // `<` as \u003c: the JSON can neither end its <script> element nor open a comment.
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

function _scriptForHtml(script: string): string {
  return script.replace(/<(\/script|!--)/gi, "\\x3C$1");
}

/** FNV-1a of a text, 8 hex digits: a block id that depends only on its content. */
function _hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

function _base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** Rounded sums are accepted when the cheapest trigger and every mean cost (to 1e-4) hold. */
function _accept(context: LiveContext) {
  const controls = {
    v: context.inputs.v,
    alpha: context.inputs.prices.alpha,
    rho: context.inputs.prices.rho,
  };
  const same = (exact: ReplaySums, rounded: ReplaySums) => {
    const a = liveView(exact, context, controls);
    const b = liveView(rounded, context, controls);
    if (a.best?.index !== b.best?.index) return false;
    const ca = a.curves.costPerMillion.mean, cb = b.curves.costPerMillion.mean;
    return ca.every((x, i) => Math.abs(x - cb[i]) <= 1e-4 * Math.abs(x));
  };
  return (exact: LiveReplay, rounded: LiveReplay) =>
    same(exact.sums, rounded.sums) &&
    (exact.rework === null || rounded.rework === null || same(exact.rework, rounded.rework));
}

const REWORK_NOTE = "Rework × 0 is the replay without rework (the published method), 1 the " +
  "replay with the rework measured after each compaction; both are stored. Between and beyond " +
  "them the page mixes the two replays' sums linearly, which leaves when the compactions happen " +
  "as those replays had them.";

const STYLE = `
.live-trigger{font-family:system-ui,sans-serif;font-size:13px;max-width:900px;color:#222}
.live-trigger .live-title{font-weight:bold;font-size:15px}
.live-trigger .live-subtitle{color:#555;margin:2px 0 4px}
.live-trigger .live-legend{display:flex;flex-wrap:wrap;gap:4px 14px;margin:4px 0}
.live-trigger .live-swatch{display:inline-block;width:18px;height:0;margin-right:5px;vertical-align:middle;border-top:2.5px solid currentColor}
.live-trigger .live-swatch-dashed{border-top-style:dashed}
.live-trigger .live-swatch-dotted{border-top-style:dotted}
.live-trigger .live-swatch-band{height:8px;border-top-width:2px;background:currentColor;opacity:.45}
.live-trigger .live-swatch-dot{width:8px;height:8px;border:none;border-radius:50%;background:currentColor}
.live-trigger .live-controls{display:grid;grid-template-columns:max-content 220px 1fr;gap:4px 10px;align-items:center;margin:6px 0}
.live-trigger .live-controls input[type=range]{width:220px}
.live-trigger .live-readout,.live-trigger .live-answer{margin:4px 0}
.live-trigger .live-answer{font-weight:600}
.live-trigger .live-note{color:#555;margin:4px 0}
.live-trigger button{font:inherit;margin:4px 0}
`.trim();

function _control(
  key: string,
  label: string,
  range: { min: number; max: number; step: number },
  value: number,
): string {
  return `<label for="{id}-${key}">${escapeHtml(label)}</label>` +
    `<input type="range" id="{id}-${key}" data-control="${key}" min="${range.min}" ` +
    `max="${range.max}" step="${range.step}" value="${value}">` +
    `<output data-value="${key}" for="{id}-${key}"></output>`;
}

/**
 * Builds the live block: packs the variants (with the fewest bits that keep the cheapest trigger
 * and every mean cost to 1e-4 at the analysis values), draws the default view's PNG, and writes
 * the HTML with the data and the script inline. Deterministic: the same input gives the same
 * output byte for byte.
 *
 * @param input The variants, inputs and markers.
 * @param options Script and PNG zoom.
 * @returns The MIME bundle, its metadata and the embedded data.
 * @throws {RangeError} Without variants, with variants on different triggers, or a default
 * variant out of range; from `priceCurves` on bad inputs.
 *
 * @example A two-trigger analysis (the PNG needs the fonts from npm)
 * ```ts
 * import assert from "node:assert/strict";
 * import { liveBlock } from "./live_block.ts";
 *
 * const sums = {
 *   workloads: 2, triggers: Float64Array.of(1e4, 2e4),
 *   contextTokens: Float64Array.of(9e5, 1e6, 9e5, 1e6), cachedTokens: Float64Array.of(0, 0, 0, 0),
 *   compactions: Float64Array.of(2, 1, 2, 1), compactionInputTokens: Float64Array.of(2e4, 2e4, 2e4, 2e4),
 *   summaryTokens: Float64Array.of(800, 400, 800, 400), outputTokens: Float64Array.of(0, 0),
 *   workSeconds: Float64Array.of(100, 100),
 * };
 * const prices = { alpha: 0.1, rho: 5, omega: 1, inputUsdPerMillion: 2 };
 * const out = await liveBlock({
 *   variants: [{ label: "8", sums }],
 *   inputs: { prices, beta: 0.9, a: 1e-4, v: 50, billedTokens: 1e6 },
 *   steadyState: null, observedTrigger: null,
 * }, { script: "console.log(1);" });
 * assert.match(out.data["text/html"], /<img class="live-png"/);
 * assert.ok(out.png.base64.length > 1000);
 * ```
 */
export async function liveBlock(
  input: LiveBlockInput,
  options: LiveBlockOptions = {},
): Promise<LiveBlockOutput> {
  const { script = LIVE_SCRIPT, zoom = 1.25 } = options;
  const {
    variants,
    defaultVariant = 0,
    variantName = "Block size, steps",
    inputs,
    steadyState,
    observedTrigger,
    tierThreshold = inputs.prices.tiers?.[0]?.aboveInputTokens ?? null,
    extrapolated = null,
    modelName = "the model",
    title = `When should ${modelName} compact?`,
    subtitle = "Mean over resampled workloads; bands span the 10th to 90th percentile",
  } = input;
  if (variants.length === 0) throw new RangeError("Cannot build a live block: no replay given");
  if (
    !(Number.isInteger(defaultVariant) && defaultVariant >= 0 && defaultVariant < variants.length)
  ) {
    throw new RangeError(
      `Cannot build a live block: defaultVariant ${defaultVariant} is not one of the ` +
        `${variants.length} variants`,
    );
  }
  const grid = Array.from(variants[0].sums.triggers).join(",");
  for (const v of variants) {
    if (Array.from(v.sums.triggers).join(",") !== grid) {
      throw new RangeError(
        `Cannot build a live block: variant ${v.label} has other triggers than ${
          variants[0].label
        }`,
      );
    }
  }
  if (extrapolated !== null && extrapolated.length !== variants[0].sums.triggers.length) {
    throw new RangeError(
      `Cannot build a live block: ${extrapolated.length} extrapolated flags for ` +
        `${variants[0].sums.triggers.length} triggers`,
    );
  }
  const hasRework = variants.every((v) => v.reworkSums != null);
  const context: LiveContext = {
    inputs,
    steadyState,
    observedTrigger,
    tierThreshold,
    extrapolated,
  };
  const encoded = await encodeVariants(variants, { accept: _accept(context) });
  const data: LiveBlockData = {
    schemaVersion: 1,
    title,
    subtitle,
    inputs,
    steadyState,
    observedTrigger,
    tierThreshold,
    extrapolated,
    ranges: sliderRanges(inputs),
    variantName,
    variants: encoded.variants,
    defaultVariant,
    bytes: encoded.bytes,
  };
  // The PNG shows what the script draws first: the decoded (rounded) sums at the defaults.
  const decoded = await decodeVariants(data);
  const view = liveView(decoded[defaultVariant], context, {
    v: inputs.v,
    alpha: inputs.prices.alpha,
    rho: inputs.prices.rho,
  });
  const svg = renderSvg(view.plot.options, {
    title,
    subtitle,
    legend: view.plot.legend,
    width: WIDTH,
    plotHeight: PLOT_HEIGHT,
  });
  const png = await svgToPng(svg, { zoom });
  const pngBase64 = _base64(png);
  const pngView = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const size = {
    width: Math.round(pngView.getUint32(16) / zoom),
    height: Math.round(pngView.getUint32(20) / zoom),
  };
  const means = {
    triggers: view.curves.triggers,
    costMean: view.curves.costPerMillion.mean,
    timeShareMean: view.curves.timeShare.mean,
  };
  const sentence = answerSentence(TEXTS.en, means, observedTrigger);
  const edge = gridEdgeNote(means.triggers, means.costMean);
  const range = extrapolatedNote(view);
  const alt = `Cost per 1M tokens and share of agent time spent compacting against the ` +
    `compaction trigger. ${sentence}${range === "" ? "" : ` ${range}`}${
      edge === null ? "" : ` ${edge}`
    }`;
  const json = _jsonForScript(data);
  const id = `live-${_hash(json)}`;
  const r = data.ranges;
  const variantRange = { min: 0, max: variants.length - 1, step: 1 };
  const controls = [
    _control("v", "v, summary writing speed (tokens/s)", r.v, inputs.v),
    _control("alpha", "α, cached ÷ uncached input price", r.alpha, inputs.prices.alpha),
    _control("rho", "ρ, output ÷ uncached input price", r.rho, inputs.prices.rho),
    _control("variant", variantName, variantRange, defaultVariant),
    ...(hasRework
      ? [_control("rework", "rework × (0: none, 1: as measured)", REWORK_RANGE, 1)]
      : []),
  ].join("\n").replaceAll("{id}", id);
  const html = `<div class="live-trigger" id="${id}">
<style>${STYLE}</style>
<img class="live-png" src="data:image/png;base64,${pngBase64}" width="${size.width}" height="${size.height}" alt="${
    escapeHtml(alt)
  }">
<div class="live-ui" hidden>
<div class="live-title">${escapeHtml(title)}</div>
<div class="live-subtitle">${escapeHtml(subtitle)}</div>
<div class="live-legend"></div>
<div class="live-figure" role="img" aria-label="${escapeHtml(alt)}"></div>
<div class="live-controls">
${controls}
</div>
<button type="button" data-control="reset">Back to the analysis values</button>
<p class="live-readout"></p>
<p class="live-answer"></p>
<p class="live-note">${escapeHtml(variantNote(variantName, variants[defaultVariant].label))}</p>${
    hasRework ? `\n<p class="live-rework-note">${escapeHtml(REWORK_NOTE)}</p>` : ""
  }
</div>
<p class="live-status"></p>
<script type="application/json" class="live-data">${json}</script>
<script>${_scriptForHtml(script)}</script>
</div>`;
  return {
    data: { "text/html": html, "text/plain": alt },
    png: { base64: pngBase64, ...size },
    blockData: data,
    htmlBytes: new TextEncoder().encode(html).length,
  };
}
