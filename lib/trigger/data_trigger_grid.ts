/**
 * A trigger grid taken from the corpus, for the notebooks (docs/method.md, A grid from the
 * data): centred on where the transcripts compact, so that a notebook pointed at other
 * transcripts does not keep the sample's grid.
 *
 * @module
 */
import { summarizeCorpus } from "../transcript/summarize_corpus.ts";
import type { Corpus } from "../transcript/tables.ts";
import { quantileType7 } from "../stats/quantile.ts";

/** The grid's bounds and step, tokens, and where its centre came from. */
export interface DataTriggerGrid {
  from: number;
  to: number;
  step: number;
  /** The level the grid is built around, tokens (null: nothing to build on, the values given). */
  centre: number | null;
  /** `observed`: the observed trigger; `peak`: the sessions' peak context; `given`: all set. */
  source: "observed" | "peak" | "given";
}

/** Grid points between the bounds the step aims at. */
const POINTS = 64;
/** The grid spans these multiples of the centre. */
const LOW = 0.45;
const HIGH = 2.5;

/** The largest of 1, 2, 2.5, 5 × 10^k at most x. */
function _niceBelow(x: number): number {
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [5, 2.5, 2, 1]) if (m * p <= x) return m * p;
  return p;
}

/**
 * The grid from the data: around the observed trigger (the median input of the automatic
 * compactions), or without one around the 90th percentile of the sessions' peak contexts, from
 * 0.45 to 2.5 times that level, in a round step (1, 2, 2.5 or 5 × 10^k tokens) giving about 64
 * points. Each bound or step given (not null) is kept as given.
 *
 * @param corpus The reader's tables (one model).
 * @param given Bounds and step to keep, tokens; null or absent: from the data.
 * @returns The grid and where it came from. With no request at all and nothing given, it falls
 * back to 40K–1M in steps of 10K (the analysis' defaults).
 *
 * @example A corpus that compacts at 160K gets 70K to 400K in steps of 5K
 * ```ts
 * import assert from "node:assert/strict";
 * import { gridAround } from "./data_trigger_grid.ts";
 * assert.deepEqual(gridAround(160_000), { from: 70_000, to: 400_000, step: 5_000 });
 * assert.deepEqual(gridAround(16_164), { from: 7_000, to: 40_500, step: 500 });
 * ```
 */
export function dataTriggerGrid(
  corpus: Corpus,
  given: { from?: number | null; to?: number | null; step?: number | null } = {},
): DataTriggerGrid {
  const keep = (auto: { from: number; to: number; step: number }) => ({
    from: given.from ?? auto.from,
    to: given.to ?? auto.to,
    step: given.step ?? auto.step,
  });
  if (given.from != null && given.to != null && given.step != null) {
    return { ...keep({ from: 0, to: 0, step: 0 }), centre: null, source: "given" };
  }
  const observed = summarizeCorpus(corpus).observedTrigger;
  if (observed !== null && observed > 0) {
    return { ...keep(gridAround(observed)), centre: observed, source: "observed" };
  }
  const peak = _peakContext(corpus);
  if (peak !== null) return { ...keep(gridAround(peak)), centre: peak, source: "peak" };
  return { ...keep({ from: 40_000, to: 1_000_000, step: 10_000 }), centre: null, source: "given" };
}

/**
 * The grid around a level: 0.45 to 2.5 times it, about 64 points in a round step.
 *
 * @param centre Tokens, > 0.
 * @returns Bounds and step, tokens.
 * @throws {RangeError} When the centre is not a positive number.
 *
 * @example See {@linkcode dataTriggerGrid}.
 * ```ts
 * import assert from "node:assert/strict";
 * import { gridAround } from "./data_trigger_grid.ts";
 * assert.throws(() => gridAround(0), RangeError);
 * ```
 */
export function gridAround(centre: number): { from: number; to: number; step: number } {
  if (!(Number.isFinite(centre) && centre > 0)) {
    throw new RangeError(`Cannot build a trigger grid around ${centre}: need a positive level`);
  }
  const step = _niceBelow(((HIGH - LOW) * centre) / POINTS);
  const from = Math.max(step, Math.floor((LOW * centre) / step + 1e-9) * step);
  const to = Math.ceil((HIGH * centre) / step - 1e-9) * step;
  return { from, to, step };
}

/** 90th percentile of the sessions' largest request context, tokens (null: no request). */
function _peakContext(corpus: Corpus): number | null {
  const { sessions, requests } = corpus;
  const peaks: number[] = [];
  for (let s = 0; s < sessions.length; s++) {
    let peak = 0;
    const first = sessions.firstRequest[s];
    for (let r = first; r < first + sessions.requestCount[s]; r++) {
      peak = Math.max(peak, requests.context[r]);
    }
    if (peak > 0) peaks.push(peak);
  }
  if (peaks.length === 0) return null;
  return quantileType7(Float64Array.from(peaks).sort(), 0.9);
}
