/**
 * The data the report page carries: the replay's token sums and everything that prices them,
 * as plain JSON (typed arrays written as arrays), and the way back to {@linkcode ReplaySums}.
 *
 * @module
 */
import type { PricingInputs } from "../trigger/price_curves.ts";
import type { ReplaySums, ReworkSums, TierSums } from "../trigger/replay.ts";
import type { SteadyStateInputs } from "../trigger/steady_state.ts";

/**
 * The token sums counted per (workload, trigger) cell and per workload. With price tiers the
 * sums above each threshold (`sums.tiers`) and the prices' write multipliers and tiers come
 * along, so that the page re-prices a tiered model as the analysis did.
 */
const _PER_CELL = [
  "contextTokens",
  "cachedTokens",
  "compactions",
  "compactionInputTokens",
  "summaryTokens",
] as const;
const _PER_WORKLOAD = ["outputTokens", "workSeconds"] as const;

type _Column = (typeof _PER_CELL)[number] | (typeof _PER_WORKLOAD)[number];
/** {@linkcode ReplaySums} with its columns of type `T`. */
type _Sums<T> = { workloads: number } & Record<"triggers" | _Column, T>;

/** {@linkcode TierSums} with every typed array as a plain array of numbers. */
export type PlainTierSums = { [K in keyof TierSums]: number[] };

/** {@linkcode ReworkSums} with its per-cell column as a plain array. */
export type PlainReworkSums = Omit<ReworkSums, "extraRequests"> & { extraRequests: number[] };

/**
 * The sums with rework (`ReplaySums.withRework`) as the page carries them: the per-cell
 * columns, tiers and rework; the per-workload columns are those of the sums without rework.
 */
export type PlainWithReworkSums =
  & Record<(typeof _PER_CELL)[number], number[]>
  & { tiers?: PlainTierSums; rework: PlainReworkSums };

/** {@linkcode ReplaySums} with every typed array as a plain array of numbers. */
export type PlainReplaySums =
  & {
    [K in Exclude<keyof ReplaySums, "tiers" | "rework" | "withRework">]: ReplaySums[K] extends
      number ? number : number[];
  }
  & { tiers?: PlainTierSums; withRework?: PlainWithReworkSums };

const _TIER_COLUMNS = [
  "thresholds",
  "contextTokens",
  "cachedTokens",
  "outputTokens",
  "compactionInputTokens",
  "summaryTokens",
] as const;

/** What the page needs to re-price and redraw, embedded as JSON in the page. */
export interface ReportData {
  schemaVersion: 1;
  /** Model the corpus was filtered to. */
  model: string;
  /** The model's name for people (the page's title); absent: the page uses `model`. */
  modelDisplayName?: string;
  /** Token sums of every (workload, trigger) cell. */
  sums: PlainReplaySums;
  /** The prices, β, a, v and D of the analysis: the sliders start here. */
  inputs: PricingInputs;
  /** R, G, Δ and β of the steady-state T* (null when Δ is unknown: T* is not drawn). */
  steadyState: SteadyStateInputs | null;
  /** Trigger level seen in the transcripts, tokens (null when none was seen). */
  observedTrigger: number | null;
  /**
   * One flag per trigger: extrapolated (few sessions, or outside the measured compaction
   * inputs; it does not move with the sliders). Absent: none drawn.
   */
  extrapolated?: boolean[];
}

/** What {@linkcode reportData} needs beside the sums and inputs. */
export interface ReportDataContext {
  model: string;
  /** The model's name for people. @default {none: the page shows `model`} */
  modelDisplayName?: string;
  steadyState: SteadyStateInputs | null;
  observedTrigger: number | null;
  /** Extrapolated flag per trigger. @default {none} */
  extrapolated?: boolean[];
}

/**
 * Packs the sums and pricing inputs into the page's JSON data. Pure; the same input gives the
 * same `JSON.stringify` text.
 *
 * @param sums The replay sums.
 * @param inputs Prices, β, a, v, D.
 * @param context Model, steady-state inputs and observed trigger.
 * @returns The data, with plain arrays.
 * @throws {RangeError} When a per-cell array does not have workloads × triggers entries, or a
 * per-workload array does not have one entry per workload.
 *
 * @example Round trip
 * ```ts
 * import assert from "node:assert/strict";
 * import { replaySumsFromData, reportData } from "./report_data.ts";
 *
 * const sums = {
 *   workloads: 1, triggers: Float64Array.of(1e5),
 *   contextTokens: Float64Array.of(1000), cachedTokens: Float64Array.of(800),
 *   compactions: Float64Array.of(0), compactionInputTokens: Float64Array.of(0),
 *   summaryTokens: Float64Array.of(0), outputTokens: Float64Array.of(10),
 *   workSeconds: Float64Array.of(60),
 * };
 * const prices = { alpha: 0.05, rho: 5, omega: 1.25, inputUsdPerMillion: 5 };
 * const inputs = { prices, beta: 0.9, a: 1e-4, v: 60, billedTokens: 1010 };
 * const data = reportData(sums, inputs, { model: "m", steadyState: null, observedTrigger: null });
 * assert.deepEqual(data.sums.contextTokens, [1000]);
 * const back = replaySumsFromData(JSON.parse(JSON.stringify(data)));
 * assert.deepEqual(back, sums);
 * ```
 */
export function reportData(
  sums: ReplaySums,
  inputs: PricingInputs,
  context: ReportDataContext,
): ReportData {
  _checkShape(sums);
  return {
    schemaVersion: 1,
    model: context.model,
    ...(context.modelDisplayName === undefined
      ? {}
      : { modelDisplayName: context.modelDisplayName }),
    sums: {
      ..._columns(sums, (column) => Array.from(column)),
      ...(sums.withRework === undefined ? {} : { withRework: _plainWithRework(sums.withRework) }),
    },
    inputs: {
      prices: {
        alpha: inputs.prices.alpha,
        rho: inputs.prices.rho,
        inputUsdPerMillion: inputs.prices.inputUsdPerMillion,
        omega: inputs.prices.omega,
        ...(inputs.prices.cacheWrite5m === undefined
          ? {}
          : { cacheWrite5m: inputs.prices.cacheWrite5m }),
        ...(inputs.prices.cacheWrite1h === undefined
          ? {}
          : { cacheWrite1h: inputs.prices.cacheWrite1h }),
        ...(inputs.prices.tiers === undefined || inputs.prices.tiers.length === 0
          ? {}
          : { tiers: inputs.prices.tiers.map((tier) => ({ ...tier })) }),
      },
      beta: inputs.beta,
      a: inputs.a,
      v: inputs.v,
      billedTokens: inputs.billedTokens,
    },
    steadyState: context.steadyState === null ? null : { ...context.steadyState },
    observedTrigger: context.observedTrigger,
    ...(context.extrapolated === undefined ? {} : { extrapolated: [...context.extrapolated] }),
  };
}

/**
 * Turns the page's data back into {@linkcode ReplaySums} (typed arrays), checking its shape.
 *
 * @param data Parsed {@linkcode ReportData}.
 * @returns The sums.
 * @throws {RangeError} When the array lengths do not match workloads × triggers.
 *
 * @example See {@linkcode reportData}.
 * ```ts
 * import assert from "node:assert/strict";
 * import { replaySumsFromData } from "./report_data.ts";
 *
 * const plain = {
 *   workloads: 1, triggers: [1e5], contextTokens: [1], cachedTokens: [0], compactions: [0],
 *   compactionInputTokens: [0], summaryTokens: [0], outputTokens: [0], workSeconds: [1],
 * };
 * assert.ok(replaySumsFromData({ sums: plain }).triggers instanceof Float64Array);
 * ```
 */
export function replaySumsFromData(data: Pick<ReportData, "sums">): ReplaySums {
  const sums: ReplaySums = _columns(data.sums, (column) => Float64Array.from(column));
  const plain = data.sums.withRework;
  if (plain !== undefined) {
    const other: ReplaySums = {
      workloads: sums.workloads,
      triggers: sums.triggers,
      ...Object.fromEntries(_PER_CELL.map((key) => [key, Float64Array.from(plain[key])])) as Record<
        (typeof _PER_CELL)[number],
        Float64Array
      >,
      outputTokens: sums.outputTokens,
      workSeconds: sums.workSeconds,
    };
    if (plain.tiers !== undefined) {
      other.tiers = Object.fromEntries(
        _TIER_COLUMNS.map((key) => [key, Float64Array.from(plain.tiers![key])]),
      ) as unknown as TierSums;
    }
    other.rework = {
      ...plain.rework,
      extraRequests: Float64Array.from(plain.rework.extraRequests),
    };
    _checkShape(other);
    if (other.rework.extraRequests.length !== other.contextTokens.length) {
      throw new RangeError(
        `Invalid replay sums: withRework.rework.extraRequests has ` +
          `${other.rework.extraRequests.length} entries, expected ${other.contextTokens.length}`,
      );
    }
    sums.withRework = other;
  }
  _checkShape(sums);
  return sums;
}

/** The sums with rework as plain arrays (per-cell columns, tiers, rework). */
function _plainWithRework(w: ReplaySums): PlainWithReworkSums {
  const out = Object.fromEntries(
    _PER_CELL.map((key) => [key, Array.from(w[key])]),
  ) as unknown as PlainWithReworkSums;
  if (w.tiers !== undefined) {
    out.tiers = Object.fromEntries(
      _TIER_COLUMNS.map((key) => [key, Array.from(w.tiers![key])]),
    ) as PlainTierSums;
  }
  const r = w.rework!;
  out.rework = {
    tokensIntercept: r.tokensIntercept,
    tokensPerInputToken: r.tokensPerInputToken,
    requests: r.requests,
    outputTokensPerRequest: r.outputTokensPerRequest,
    workSecondsPerRequest: r.workSecondsPerRequest,
    extraRequests: Array.from(r.extraRequests),
  };
  return out;
}

/** The sums with every column (triggers included) converted, in {@linkcode ReplaySums} order. */
function _columns<In extends ArrayLike<number>, Out>(
  sums: _Sums<In> & { tiers?: Record<(typeof _TIER_COLUMNS)[number], In> },
  convert: (column: In) => Out,
): _Sums<Out> & { tiers?: Record<(typeof _TIER_COLUMNS)[number], Out> } {
  const out = { workloads: sums.workloads, triggers: convert(sums.triggers) } as
    & _Sums<Out>
    & { tiers?: Record<(typeof _TIER_COLUMNS)[number], Out> };
  for (const key of [..._PER_CELL, ..._PER_WORKLOAD]) out[key] = convert(sums[key]);
  if (sums.tiers !== undefined) {
    const tiers = {} as Record<(typeof _TIER_COLUMNS)[number], Out>;
    for (const key of _TIER_COLUMNS) tiers[key] = convert(sums.tiers[key]);
    out.tiers = tiers;
  }
  return out;
}

function _checkShape(sums: ReplaySums): void {
  const cells = sums.workloads * sums.triggers.length;
  if (sums.tiers !== undefined) {
    const n = sums.tiers.thresholds.length * cells;
    for (const key of _TIER_COLUMNS) {
      if (key !== "thresholds" && sums.tiers[key].length !== n) {
        throw new RangeError(
          `Invalid replay sums: tiers.${key} has ${sums.tiers[key].length} entries, expected ` +
            `${sums.tiers.thresholds.length} thresholds × ${cells} cells = ${n}`,
        );
      }
    }
  }
  for (const key of _PER_CELL) {
    if (sums[key].length !== cells) {
      throw new RangeError(
        `Invalid replay sums: ${key} has ${sums[key].length} entries, expected ` +
          `${sums.workloads} workloads × ${sums.triggers.length} triggers = ${cells}`,
      );
    }
  }
  for (const key of _PER_WORKLOAD) {
    if (sums[key].length !== sums.workloads) {
      throw new RangeError(
        `Invalid replay sums: ${key} has ${sums[key].length} entries, expected one per ` +
          `workload (${sums.workloads})`,
      );
    }
  }
}
