/**
 * The whole report page as one self-contained HTML string (analysis-spec §3, §5; issue 6): the
 * figure with sliders for v, α and ρ that re-price the stored token sums in the page, how to
 * read it and where it can mislead, the corpus summary, the time-model fit table, the checks,
 * the steady-state T* beside the replay's optimum, and the formula with its symbols.
 *
 * Pure: no clock, no file, no network. The same input gives byte-identical HTML. The page shows
 * aggregates only: it takes numbers from the report (never the reader's diagnostics, which it
 * does not embed) and the model name.
 *
 * @module
 */
import type { PricingInputs } from "../trigger/price_curves.ts";
import type { ReplaySums } from "../trigger/replay.ts";
import type { SteadyStateInputs } from "../trigger/steady_state.ts";
import type { TriggerReport } from "../trigger/analyze.ts";
import { formatNumber } from "./format_number.ts";
import { PAGE_STYLE } from "./page_style.ts";
import { reportData } from "./report_data.ts";

/** What {@linkcode renderReport} needs. */
export interface RenderReportInput {
  /** The §5 document of the trigger analysis. */
  report: TriggerReport;
  /** The replay's token sums behind `report.replay`. */
  sums: ReplaySums;
  /** Prices, β, a, v and D that priced `report.replay`. */
  inputs: PricingInputs;
  /** The page script, bundled for the browser (see `bundleScript`). */
  script: string;
  /**
   * R, G, Δ and β for the page's T* (null: T* is not drawn).
   * @default {taken from `report.steadyState.inputs`; null when Δ is unknown}
   */
  steadyState?: SteadyStateInputs | null;
}

/** A range input's bounds and step. */
interface _Range {
  min: number;
  max: number;
  step: number;
}

function _escape(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** JSON that cannot end its `<script>` element or open a comment inside it. */
function _jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * Script text safe inside `<script>`: `</script` and `<!--` (which change how the HTML parser
 * reads script text) become `\x3C/script` and `\x3C!--`. Both occur in a minified bundle only
 * inside string, template or regular-expression literals, where `\x3C` means the same `<`.
 */
function _scriptForHtml(script: string): string {
  return script.replace(/<(\/script|!--)/gi, "\\x3C$1");
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

const _n = (x: number | null, digits = 0) => formatNumber(x, { digits });
const _tok = (x: number | null) => formatNumber(x, { style: "tokens" });
const _pct = (x: number | null, digits = 1) => formatNumber(x, { style: "percent", digits });
const _usd = (x: number | null, digits = 3) => formatNumber(x, { style: "usd", digits });
const _count = (n: number, noun: string) => `${_n(n)} ${noun}${n === 1 ? "" : "s"}`;
const _sig = (x: number | null, digits = 3) => formatNumber(x, { style: "significant", digits });

function _row(cells: string[], header = false): string {
  const tag = header ? "th" : "td";
  return "<tr>" +
    cells.map((c, i) => i === 0 ? `<th scope="row">${c}</th>` : `<${tag} class="num">${c}</${tag}>`)
      .join("") +
    "</tr>";
}

function _slider(
  id: "v" | "alpha" | "rho",
  label: string,
  hint: string,
  range: _Range,
  value: number,
): string {
  return `<div class="control">
<label for="slider-${id}">${label}<output id="value-${id}" for="slider-${id}"></output></label>
<input type="range" id="slider-${id}" min="${range.min}" max="${range.max}" step="${range.step}" value="${value}">
<div class="hint">${hint}</div>
</div>`;
}

function _figureSection(report: TriggerReport, inputs: PricingInputs): string {
  const r = _ranges(inputs);
  const pm = inputs.prices.inputUsdPerMillion;
  const observed = report.corpus.observedTrigger;
  return `<section id="figure-section" aria-label="Figure">
<div class="controls">
${_slider("v", "v, summary writing speed", "Changes the orange curve only.", r.v, inputs.v)}
${
    _slider(
      "alpha",
      "α, cached ÷ uncached input price",
      `Cache reads at ${_usd(inputs.prices.alpha * pm)} per 1M in the analysis.`,
      r.alpha,
      inputs.prices.alpha,
    )
  }
${
    _slider(
      "rho",
      "ρ, output ÷ uncached input price",
      `Output at ${_usd(inputs.prices.rho * pm, 2)} per 1M in the analysis.`,
      r.rho,
      inputs.prices.rho,
    )
  }
<div class="control-row"><button type="button" id="reset">Reset to the analysis values</button>
<span>Uncached input stays at ${_usd(pm, 2)} per 1M and ω at ${_sig(inputs.prices.omega)}; a = ${
    _sig(inputs.a * 1000)
  } s per 1K tokens.</span></div>
</div>
<ul class="legend">
<li><span class="swatch band cost"></span>Cost per 1M tokens, USD (left axis): mean, band 10th–90th percentile</li>
<li><span class="swatch band share"></span>Time spent compacting, % of agent time (right axis)</li>
${
    observed === null
      ? ""
      : `<li><span class="swatch dashed observed"></span>Observed trigger (${_tok(observed)})</li>`
  }
<li><span class="swatch dot optimum"></span>Lowest mean cost</li>
<li><span class="swatch dotted tstar"></span>Steady-state T* (closed form)</li>
</ul>
<div id="figure" role="img" aria-label="Cost per 1M tokens and time spent compacting against the compaction trigger"><noscript>The figure needs JavaScript; the tables below do not.</noscript></div>
<p id="readout" class="readout" aria-live="polite"></p>
</section>`;
}

function _howToRead(): string {
  return `<section id="how-to-read">
<h2>How to read it</h2>
<ul>
<li><strong>Left side: compact often.</strong> Every compaction rereads the whole context and writes a summary, so cost and waiting both shoot up.</li>
<li><strong>Right side: compact rarely.</strong> Compactions get scarce, but every request carries a big context, so cost creeps up again.</li>
<li><strong>Look for the bend.</strong> Pick a trigger where cost is close to its lowest and the orange line is a delay you can live with. The green dot marks the lowest mean cost; a nearby trigger that costs a cent more may wait much less.</li>
<li><strong>Move the sliders.</strong> A slower summary writer (smaller v) lifts only the orange curve: waiting changes, the bill does not. Cheaper cache reads (smaller α) make a long context cheap to carry and push the lowest cost to the right. Dearer output (larger ρ) makes every summary cost more.</li>
<li><strong>The chart cannot see quality.</strong> It prices tokens and time only. If your work needs the model to hold a lot at once, treat the far left as off limits.</li>
</ul>
</section>`;
}

function _mislead(report: TriggerReport): string {
  const observed = report.corpus.observedTrigger;
  const o = report.options;
  const near = observed === null
    ? "The transcripts show no automatic compaction, so how compaction time and summary size grow with context is extrapolated everywhere."
    : `Real automatic compactions happen near ${
      _tok(observed)
    }, so how compaction time and summary size grow with context is extrapolated for other triggers.`;
  return `<section id="mislead">
<h2>Where this can mislead you</h2>
<ul>
<li><strong>Part of it is modelled.</strong> Requests and context growth are real. The cost and time of a compaction at other triggers are worked out from measured compactions, not seen directly.</li>
<li><strong>Compaction behaviour is extrapolated.</strong> ${near} The summary size is estimated from the text. The bands span the 10th to 90th percentile over ${
    _n(o.workloads)
  } resampled workloads; they are not confidence intervals.</li>
<li><strong>The sliders re-price, they do not replay.</strong> The moments of compaction and the summary sizes stay as the analysis found them; only the prices and the writing speed change. Cost and time share are exact for the new values under that replay.</li>
<li><strong>Quality is not measured.</strong> A lower trigger keeps the context small, and that may help or hurt the work. Nothing here says which.</li>
<li><strong>Your work may differ.</strong> The curves come from these sessions only. Resampling reuses the patterns that were seen and cannot invent new ones. Run the analysis again if your way of working changes.</li>
<li><strong>Work time is agent time.</strong> Subagents running in parallel are added up, so the time share is a share of agent time, not of the clock on your wall. The compaction request itself is not in the transcripts, so its cache split and summary size are inferred.</li>
</ul>
</section>`;
}

function _corpus(report: TriggerReport): string {
  const c = report.corpus;
  const mix = c.billingMix;
  const sessions = c.sessions.main + c.sessions.subagent;
  const compactions = c.compactions.auto + c.compactions.manual;
  const rows = [
    ["Model", _escape(c.model)],
    [
      "Work sessions",
      `${_n(sessions)} (${_n(c.sessions.main)} main conversations, ${
        _n(c.sessions.subagent)
      } subagent sessions)`,
    ],
    ["Requests (deduplicated)", _n(c.requests)],
    [
      "Agent work time",
      `${_n(c.workHours, 1)} hours (gaps over ${
        _n(c.idleLimitSeconds)
      } s count as idle; compaction time removed)`,
    ],
    [
      "Real compactions",
      `${_n(compactions)} (${_n(c.compactions.auto)} automatic, ${
        _n(c.compactions.manual)
      } manual; ${_n(c.compactions.timed)} with a duration)`,
    ],
    [
      "Observed trigger",
      c.observedTrigger === null ? "none seen" : `${_tok(c.observedTrigger)} tokens`,
    ],
    ["Billed tokens D (the divisor)", `${_n(c.billedTokens / 1e6, 1)} million`],
    [
      "Billing mix",
      `${_pct(mix.cacheRead)} cache reads, ${_pct(mix.cacheWrite1h)} cache writes (1 hour), ${
        _pct(mix.cacheWrite5m)
      } cache writes (5 minutes), ${_pct(mix.input)} plain input, ${_pct(mix.output)} output`,
    ],
    ["ω (uncached-token multiplier)", _sig(c.omega)],
    [
      "Left out",
      `${_count(c.excludedSessions.otherModel, "session")} with other models, ${
        _count(c.excludedSessions.noTargetModel, "session")
      } without a request of this model; ${_count(c.malformedLines, "malformed line")}`,
    ],
    ["Transcript files read", `${_n(c.files)} (${_n(c.bytes / 1e6, 1)} MB)`],
  ];
  return `<section id="corpus">
<h2>Data volume</h2>
<table class="facts"><tbody>
${rows.map(([k, v]) => `<tr><th scope="row">${k}</th><td>${v}</td></tr>`).join("\n")}
</tbody></table>
</section>`;
}

function _fit(report: TriggerReport): string {
  const f = report.fit;
  const missing = (name: string, formula: string) =>
    _row([`${name} <span class="note">${formula}</span>`, "–", "–", "not fitted", "–"]);
  const rows = [
    f.both === null ? missing("Both", "t_c = a·C + G/v") : _row([
      `Both <span class="note">t_c = a·C + G/v</span>`,
      _sig(f.both.a * 1000),
      _sig(f.both.v),
      formatNumber(f.both.rSquared, { digits: 2 }),
      _n(f.both.n),
    ]),
    f.summaryOnly === null ? missing("Summary size only", "t_c = G/v") : _row([
      `Summary size only <span class="note">t_c = G/v</span>`,
      "–",
      _sig(f.summaryOnly.v),
      formatNumber(f.summaryOnly.rSquared, { digits: 2 }),
      _n(f.summaryOnly.n),
    ]),
    f.inputOnly === null ? missing("Input size only", "t_c = a·C") : _row([
      `Input size only <span class="note">t_c = a·C</span>`,
      _sig(f.inputOnly.a * 1000),
      "–",
      formatNumber(f.inputOnly.rSquared, { digits: 2 }),
      _n(f.inputOnly.n),
    ]),
  ];
  const source = f.timeModelSource === "fit"
    ? `The replay uses the fit with both regressors: a = ${
      _sig(report.timeModel.aSecondsPerToken * 1000)
    } s per 1K tokens, v = ${_sig(report.timeModel.vTokensPerSecond)} tokens/s.`
    : `The replay uses a = ${
      _sig(report.timeModel.aSecondsPerToken * 1000)
    } s per 1K tokens and v = ${_sig(report.timeModel.vTokensPerSecond)} tokens/s given as options${
      f.timeModelError === null ? "" : ` (the fit failed: ${_escape(f.timeModelError)})`
    }.`;
  const s = f.summaryModel;
  const given = (part: keyof typeof f.compactionModelSource) =>
    f.compactionModelSource[part] === "options" ? " (given as an option)" : "";
  const summary = s.method === "options"
    ? `G = ${_n(s.g0)} tokens, given as an option`
    : s.method === "linear"
    ? `G(C) = ${_n(s.g0)} ${s.g1 < 0 ? "−" : "+"} ${
      _sig(Math.abs(s.g1), 3)
    } · C tokens, least squares on ${_n(s.n)} compactions, R² = ${
      formatNumber(s.rSquared, { digits: 2 })
    }`
    : `G = ${_n(s.g0)} tokens, the median of ${
      _n(s.n)
    } compactions (too few, or all of one input size, for a line)`;
  return `<section id="fit">
<h2>Time model fit</h2>
<p>How long one compaction takes, least squares through the origin on the compactions that have a duration. R² = 1 − SS_res / SS_tot can be negative for a fit through the origin.</p>
<table class="fit"><thead>${
    _row(["Regressors", "a (s per 1K tokens)", "v (tokens/s)", "R²", "n"], true)
  }</thead><tbody>
${rows.join("\n")}
</tbody></table>
<p class="note">${source}</p>
<h3>What a compaction leaves behind</h3>
<table class="facts"><tbody>
<tr><th scope="row">Summary size</th><td>${summary}</td></tr>
<tr><th scope="row">Context after a compaction</th><td>R(C) = ${_n(f.postPrefix)} + G(C) tokens${
    given("postPrefix")
  }</td></tr>
<tr><th scope="row">β, cached share of the compaction input</th><td>${_pct(f.beta)}${
    given("beta")
  }</td></tr>
<tr><th scope="row">Cached share of the first request after it</th><td>${_pct(f.cPost)}${
    given("cPost")
  }</td></tr>${
    f.compactionModelError === null
      ? ""
      : `\n<tr><th scope="row">Not fitted</th><td>${_escape(f.compactionModelError)}</td></tr>`
  }
<tr><th scope="row">Δ, mean growth per request</th><td>${
    f.meanGrowthTokens === null ? "–" : `${_n(f.meanGrowthTokens)} tokens`
  }</td></tr>
</tbody></table>
</section>`;
}

function _checks(report: TriggerReport): string {
  const ch = report.checks;
  const at = ch.replayAtObservedTrigger;
  const growth = ch.permuteKeepsGrowth;
  const rows = [
    `<tr><th scope="row">Observed bill</th><td class="num">${
      _usd(ch.observedBill.costPerMillion)
    } per 1M</td><td>The real requests priced with their real categories, plus the inferred compaction calls (${
      _usd(ch.observedBill.compactionCostPerMillion)
    } of it).</td></tr>`,
    at === null
      ? `<tr><th scope="row">Replay at the observed trigger</th><td class="num">–</td><td>No trigger was observed.</td></tr>`
      : `<tr><th scope="row">Replay at the observed trigger</th><td class="num">${
        _usd(at.costPerMillion)
      } per 1M</td><td>The real history replayed with compactions at ${_tok(at.trigger)}: ${
        formatNumber(at.ratioToObservedBill, { digits: 3 })
      } × the observed bill.</td></tr>`,
  ];
  if (growth !== null) {
    rows.push(
      `<tr><th scope="row">Resampling keeps growth</th><td class="num">${
        _n(growth.mismatches)
      } mismatches</td><td>Every session of the ${
        _n(growth.workloads)
      } resampled workloads keeps the real total growth (${
        _n(growth.workloads * growth.sessions)
      } session totals compared).</td></tr>`,
    );
  }
  return `<section id="checks">
<h2>Checks</h2>
<p>How far to trust the replay: replaying the real history at the real trigger should come close to what the real requests cost.</p>
<table class="checks"><tbody>
${rows.join("\n")}
</tbody></table>
</section>`;
}

function _steadyState(report: TriggerReport): string {
  const s = report.steadyState;
  const i = s.inputs;
  return `<section id="steady-state">
<h2>Closed form beside the replay</h2>
<table class="facts"><tbody>
<tr><th scope="row">Steady-state T*</th><td class="num">${
    _tok(s.tStarTokens)
  }</td><td>R + √(2Δ·(B·R + ρ·G) / α) with R = ${_tok(i.postContextTokens)}, G = ${
    _tok(i.summaryTokens)
  }, Δ = ${_n(i.meanGrowthTokens)}, β = ${_pct(i.beta)}</td></tr>
<tr><th scope="row">Replay's lowest mean cost</th><td class="num">${
    _tok(s.replayArgminTokens)
  }</td><td>The green dot at the analysis prices</td></tr>
<tr><th scope="row">Ratio T* / replay</th><td class="num">${
    formatNumber(s.ratio, { digits: 2 })
  }</td><td>The formula explains the direction of each effect; the curves come from the replay.</td></tr>
</tbody></table>
</section>`;
}

function _method(report: TriggerReport, sums: ReplaySums): string {
  const o = report.options;
  const c = report.corpus;
  const triggers = sums.triggers;
  return `<section id="method">
<h2>How the numbers were made</h2>
<p>In short: real sessions were replayed at every trigger, adding up what they would have cost and how long compaction would have taken.</p>
<ul>
<li><strong>Real requests.</strong> Request by request, from ${
    _n(c.requests)
  } real requests: the context size, the cached share and the output of each one. Main conversations and subagents both count.</li>
<li><strong>Measured compactions.</strong> ${
    _n(c.compactions.timed)
  } compactions with a duration calibrate the time model; the summary size is estimated from the summary text.</li>
<li><strong>More workloads.</strong> Each session's request-to-request changes are cut into blocks of ${
    _n(o.blockSize)
  } requests and resampled (method “${_escape(o.method)}”) with the fixed seed ${o.seed}, giving ${
    _n(o.workloads)
  } workloads that behave like the real one.</li>
<li><strong>Replay and average.</strong> Every workload is replayed at ${
    _n(triggers.length)
  } triggers from ${_tok(triggers[0])} to ${
    _tok(triggers[triggers.length - 1])
  } tokens; the curves are the mean over the workloads, not smoothed.</li>
<li><strong>Across a real compaction.</strong> ${_stepShareRule(o.compactionStepShare)}</li>
</ul>
<h3>Cost per 1M tokens</h3>
<p>The chart does not show the total bill, which would grow with the amount of history. Every cost is the replay cost at that trigger divided by the billed tokens of the real history (${
    _n(c.billedTokens / 1e6, 1)
  } million), times one million. The divisor is one fixed number, not the token count of each replay, so the reference million has the real billing mix and costs are comparable between models and amounts of history.</p>
</section>`;
}

/** The replay's rule for a step across a real compaction, in words (see lib/trigger/steps.ts). */
function _stepShareRule(rule: TriggerReport["options"]["compactionStepShare"]): string {
  return rule === "kept"
    ? "Where the replay does not compact at a step where the real session did, the step is billed " +
      "with the cached share the real compaction left (rule “kept”, analysis-spec §3 as written)."
    : "Where the replay does not compact at a step where the real session did, the step is billed " +
      "with the cached share of the request before it, as if the cache had stayed warm (rule " +
      "“previous”, the default; “kept” bills it with the share the real compaction left).";
}

function _formula(report: TriggerReport): string {
  const p = report.prices;
  return `<section id="formula">
<h2>Formula and symbols</h2>
<p>The cost of one request comes first. Then ordinary requests and compactions are added up over the whole workload.</p>
<div class="formula">
<span>Cost of one request: Q(x, c, y) = p_m · [ω(1 − c) + αc] · x + p_o · y</span>
<span>Price ratios: α = p_c / p_m, ρ = p_o / p_m, B = ω(1 − β) + αβ</span>
<span>Total cost: J(T) = Σ Q(ordinary requests) + Σ Q(compaction input and summary output)</span>
<span>Time of one compaction: t_c = a · C + G / v</span>
<span>Time share: N_c(T) · t_c(T) / [W + N_c(T) · t_c(T)]</span>
<span>Steady-state approximation: T* ≈ R + √( 2Δ · (BR + ρG) / α )</span>
</div>
<dl class="symbols">
<dt>x</dt><dd>Context tokens in one request.</dd>
<dt>y</dt><dd>Output tokens of that request, billed at the output price.</dd>
<dt>c</dt><dd>Share of a request's input that hits the prompt cache.</dd>
<dt>p_m / p_c / p_o</dt><dd>Price per token of uncached input, cached input and output (p_m = ${
    _usd(p.inputUsdPerMillion, 2)
  } per 1M here).</dd>
<dt>α</dt><dd>Cached input price divided by uncached input price; ${
    _sig(p.alpha)
  } in the analysis. A slider changes it.</dd>
<dt>ρ</dt><dd>Output price divided by uncached input price; ${
    _sig(p.rho)
  } in the analysis. A slider changes it.</dd>
<dt>B</dt><dd>Effective price of one context token carried into a compaction, after its cache hit rate.</dd>
<dt>ω</dt><dd>How many times the base input price an uncached token costs: 2 for a 1-hour cache write, 1.25 for 5 minutes, weighted by what was really written (${
    _sig(p.omega)
  } here).</dd>
<dt>C</dt><dd>Compaction input: the whole context before compaction, almost all of it billed as cache reads.</dd>
<dt>T / R</dt><dd>T is the compaction trigger; R is the context right after a compaction.</dd>
<dt>Δ</dt><dd>How many tokens the context grows after each ordinary request, on average.</dd>
<dt>G</dt><dd>Summary tokens written, and billed, in one compaction.</dd>
<dt>β</dt><dd>Share of the compaction input that hits the cache.</dd>
<dt>a</dt><dd>Seconds to process one context token, fitted on the measured compactions. Cache reads take the same time.</dd>
<dt>v</dt><dd>How fast the summary is written, in tokens per second. A slider changes it.</dd>
<dt>N_c / t_c / W</dt><dd>Number of compactions, time of one compaction, and working time without compaction.</dd>
</dl>
<h3>What moves the best trigger</h3>
<ul>
<li><strong>Cheaper cached input, higher trigger.</strong> A small α makes keeping a long context cheap.</li>
<li><strong>Faster growth, higher trigger.</strong> A big Δ makes low triggers compact over and over.</li>
<li><strong>Longer summaries, higher trigger.</strong> A big G makes each compaction cost more.</li>
<li><strong>Slower writing, higher trigger.</strong> A small v makes each compaction last longer, so fewer of them fit in your time budget.</li>
<li><strong>More context you need, higher trigger.</strong> Whatever the chart says, your work sets a floor.</li>
</ul>
</section>`;
}

function _footer(report: TriggerReport): string {
  const o = report.options;
  return `<footer>
Trigger analysis, schema version ${report.schemaVersion}: ${_n(o.workloads)} workloads, method “${
    _escape(o.method)
  }”, blocks of ${_n(o.blockSize)}, seed ${o.seed}, triggers ${_tok(o.triggerFrom)}–${
    _tok(o.triggerTo)
  } every ${_tok(o.triggerStep)}, idle limit ${
    _n(o.idleLimitSeconds)
  } s. This page needs no network.
</footer>`;
}

/**
 * Renders the report page. The embedded data holds the replay sums and pricing inputs (typed
 * arrays as plain arrays) in `<script type="application/json" id="report-data">`; the page
 * script re-prices them when a slider moves. Text is HTML-escaped; the JSON and the script are
 * escaped so that neither can end its `<script>` element early.
 *
 * @param input The report, its replay sums and pricing inputs, and the bundled page script.
 * @returns The HTML document.
 * @throws {RangeError} When the sums do not have workloads × triggers cells.
 *
 * @example From transcripts to the page (a small synthetic corpus; the script is a stand-in)
 * ```ts
 * import assert from "node:assert/strict";
 * import { generateCorpus } from "../../data-synthetic/generate_corpus.ts";
 * import { PROFILES } from "../../data-synthetic/profiles.ts";
 * import { corpusFromText } from "../transcript/mod.ts";
 * import { analyzeTrigger } from "../trigger/mod.ts";
 * import { renderReport } from "./render_report.ts";
 *
 * const corpus = corpusFromText([...generateCorpus(PROFILES.small, 1)]);
 * const analysis = await analyzeTrigger(corpus, {
 *   workloads: 4,
 *   triggerTo: 200_000,
 *   a: 1e-4, // given: the small profile has too few compactions to fit the time model
 *   v: 80,
 * });
 * const html = renderReport({ ...analysis, script: "console.log('page script');" });
 * assert.match(html, /<h1>When should claude-opus-5-5 compact\?<\/h1>/);
 * assert.equal(html, renderReport({ ...analysis, script: "console.log('page script');" }));
 * ```
 */
export function renderReport(input: RenderReportInput): string {
  const { report, sums, inputs, script } = input;
  const ss = report.steadyState.inputs;
  const steadyState = input.steadyState !== undefined
    ? input.steadyState
    : ss.meanGrowthTokens === null
    ? null
    : {
      postContext: ss.postContextTokens,
      summaryTokens: ss.summaryTokens,
      meanGrowth: ss.meanGrowthTokens,
      beta: ss.beta,
    };
  const data = reportData(sums, inputs, {
    model: report.corpus.model,
    steadyState,
    observedTrigger: report.corpus.observedTrigger,
  });
  const model = _escape(report.corpus.model);
  const c = report.corpus;
  const title = `When should ${model} compact?`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | Context compaction trigger</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p class="lede">What the sessions would have cost, per 1M tokens, and how much of the agent's time would have gone into compacting, had Claude Code compacted the context at each trigger. Replayed from ${
    _n(c.requests)
  } real requests in ${_n(c.sessions.main + c.sessions.subagent)} sessions (${
    _n(c.workHours, 0)
  } hours of agent time). Move the sliders to re-price the replay in the page.</p>
${_figureSection(report, inputs)}
${_howToRead()}
${_mislead(report)}
${_corpus(report)}
${_fit(report)}
${_checks(report)}
${_steadyState(report)}
${_method(report, sums)}
${_formula(report)}
${_footer(report)}
</main>
<script type="application/json" id="report-data">${_jsonForScript(data)}</script>
<script type="module">${_scriptForHtml(script)}</script>
</body>
</html>
`;
}
