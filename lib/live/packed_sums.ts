/**
 * Replay sums packed small for a live block (docs/method.md, Live blocks in the notebooks): each
 * column is rounded to a quantum (a power of two chosen from the column's largest value and a
 * number of significant bits), delta-coded along the cells and written as zig-zag varints into
 * one byte buffer. Cached tokens travel as the uncached remainder `context − cached`, so the
 * rounding error of the small uncached sum is relative to itself, not to the context.
 *
 * The layout (`PackedSums`) is JSON; the bytes are a separate `Uint8Array` so that a block can
 * compress all its variants at once.
 *
 * @module
 */
import type { ReplaySums, TierSums } from "../trigger/replay.ts";

/** One packed column: where its varints are in the buffer and how to scale them back. */
export interface PackedColumn {
  /** Column name (`uncachedTokens` for context − cached). */
  name: string;
  /** Values. */
  length: number;
  /** Each stored integer times this is the value. */
  quantum: number;
  /** Offset of the first varint in the buffer, bytes. */
  offset: number;
  /** Bytes of this column's varints. */
  bytes: number;
}

/** Everything but the bytes: shape and columns. */
export interface PackedSums {
  workloads: number;
  triggers: number[];
  /** Tier thresholds, tokens (absent: no tier sums). */
  tierThresholds?: number[];
  /** The columns hold differences from a base replay's (see `PackSumsOptions.base`). */
  relative?: boolean;
  /** The rework's per-compaction figures (absent: sums without rework). */
  rework?: Record<string, number>;
  columns: PackedColumn[];
}

/**
 * The rework part of replay sums with rework (the replay's `sums.withRework`): its figures per
 * compaction and the extra requests per cell. Read by shape, so that sums without it pack as
 * before.
 */
interface _Rework {
  extraRequests: Float64Array;
  [figure: string]: number | Float64Array;
}

function _reworkOf(sums: ReplaySums): _Rework | undefined {
  return (sums as unknown as { rework?: _Rework }).rework;
}

/** Options of {@linkcode packSums}. */
export interface PackSumsOptions {
  /**
   * Significant bits kept of each column's largest value: the quantum is
   * 2^(⌈log2 max⌉ − bits), never finer than 1 for a column of whole numbers.
   * @default {16}
   */
  bits?: number;
  /**
   * Pack the differences from this replay's columns (same workloads and triggers), e.g. the
   * replay with rework against the one without: the differences are small and pack smaller.
   * @default {undefined}
   */
  base?: ReplaySums;
}

const _CELL = ["contextTokens", "uncachedTokens", "compactions", "compactionInputTokens"] as const;
const _CELL_REST = ["summaryTokens"] as const;
const _WORKLOAD = ["outputTokens", "workSeconds"] as const;
const _TIER = [
  "contextTokens",
  "uncachedTokens",
  "outputTokens",
  "compactionInputTokens",
  "summaryTokens",
] as const;

/** The columns to pack, in buffer order, each as a named array. */
function _columns(sums: ReplaySums): { name: string; values: ArrayLike<number> }[] {
  const uncached = (ctx: ArrayLike<number>, cached: ArrayLike<number>) =>
    Float64Array.from({ length: ctx.length }, (_, i) => ctx[i] - cached[i]);
  const out: { name: string; values: ArrayLike<number> }[] = [];
  for (const name of [..._CELL, ..._CELL_REST, ..._WORKLOAD]) {
    out.push({
      name,
      values: name === "uncachedTokens"
        ? uncached(sums.contextTokens, sums.cachedTokens)
        : sums[name as Exclude<typeof name, "uncachedTokens">],
    });
  }
  if (sums.tiers !== undefined) {
    const t = sums.tiers;
    for (const name of _TIER) {
      out.push({
        name: `tiers.${name}`,
        values: name === "uncachedTokens" ? uncached(t.contextTokens, t.cachedTokens) : t[name],
      });
    }
  }
  const rework = _reworkOf(sums);
  if (rework !== undefined) {
    out.push({ name: "rework.extraRequests", values: rework.extraRequests });
  }
  return out;
}

function _quantum(values: ArrayLike<number>, bits: number): number {
  let max = 0;
  let whole = true;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (!Number.isFinite(v)) {
      throw new RangeError(`Cannot pack replay sums: value ${v} at ${i} is not finite`);
    }
    max = Math.max(max, Math.abs(v));
    if (whole && !Number.isInteger(v)) whole = false;
  }
  if (max === 0) return 1;
  const q = 2 ** (Math.ceil(Math.log2(max)) - bits);
  return whole && q < 1 ? 1 : q;
}

/** Appends the zig-zag varint of the integer `n` (|n| < 2^52). */
function _pushVarint(out: number[], n: number): void {
  let z = n >= 0 ? 2 * n : -2 * n - 1;
  while (z >= 128) {
    out.push(z % 128 + 128);
    z = Math.floor(z / 128);
  }
  out.push(z);
}

/**
 * Packs replay sums (see the module notes). Pure and deterministic.
 *
 * @param sums Replay sums (the `rework` and `withRework` members are not packed).
 * @param options Significant bits per column.
 * @returns The layout and the varint bytes.
 * @throws {RangeError} On a value that is not finite, or bits outside 4…48.
 *
 * @example Whole numbers below 2^16 come back exactly
 * ```ts
 * import assert from "node:assert/strict";
 * import { packSums, unpackSums } from "./packed_sums.ts";
 *
 * const sums = {
 *   workloads: 1, triggers: Float64Array.of(1e4, 2e4),
 *   contextTokens: Float64Array.of(9000, 8000), cachedTokens: Float64Array.of(8000, 7500),
 *   compactions: Float64Array.of(3, 1), compactionInputTokens: Float64Array.of(3e4, 2e4),
 *   summaryTokens: Float64Array.of(600, 200), outputTokens: Float64Array.of(50),
 *   workSeconds: Float64Array.of(30),
 * };
 * const { layout, bytes } = packSums(sums);
 * assert.deepEqual(unpackSums(layout, bytes), sums);
 * ```
 */
export function packSums(
  sums: ReplaySums,
  options: PackSumsOptions = {},
): { layout: PackedSums; bytes: Uint8Array } {
  const { bits = 16, base } = options;
  if (!(Number.isInteger(bits) && bits >= 4 && bits <= 48)) {
    throw new RangeError(`Cannot pack replay sums: bits must be an integer 4…48, got ${bits}`);
  }
  const out: number[] = [];
  const columns: PackedColumn[] = [];
  const baseColumns = base === undefined
    ? undefined
    : new Map(_columns(base).map((c) => [c.name, c.values]));
  for (const column of _columns(sums)) {
    const name = column.name;
    const from = baseColumns?.get(name);
    if (baseColumns !== undefined && from !== undefined && from.length !== column.values.length) {
      throw new RangeError(`Cannot pack replay sums: ${name} differs in length from the base's`);
    }
    const values = from === undefined
      ? column.values
      : Float64Array.from(column.values, (x, i) => x - from[i]);
    const quantum = _quantum(values, bits);
    const offset = out.length;
    let previous = 0;
    for (let i = 0; i < values.length; i++) {
      const n = Math.round(values[i] / quantum);
      _pushVarint(out, n - previous);
      previous = n;
    }
    columns.push({ name, length: values.length, quantum, offset, bytes: out.length - offset });
  }
  const rework = _reworkOf(sums);
  const figures = rework === undefined ? undefined : Object.fromEntries(
    Object.entries(rework).filter((e): e is [string, number] => typeof e[1] === "number"),
  );
  const layout: PackedSums = {
    workloads: sums.workloads,
    triggers: Array.from(sums.triggers),
    ...(sums.tiers === undefined ? {} : { tierThresholds: Array.from(sums.tiers.thresholds) }),
    ...(base === undefined ? {} : { relative: true }),
    ...(figures === undefined ? {} : { rework: figures }),
    columns,
  };
  return { layout, bytes: Uint8Array.from(out) };
}

function _readColumn(column: PackedColumn, bytes: Uint8Array): Float64Array {
  const values = new Float64Array(column.length);
  let at = column.offset;
  const end = column.offset + column.bytes;
  let n = 0;
  for (let i = 0; i < column.length; i++) {
    let z = 0;
    let scale = 1;
    for (;;) {
      if (at >= end) {
        throw new RangeError(`Cannot unpack replay sums: column ${column.name} is cut short`);
      }
      const b = bytes[at++];
      z += (b & 127) * scale;
      if (b < 128) break;
      scale *= 128;
    }
    n += z % 2 === 0 ? z / 2 : -(z + 1) / 2;
    values[i] = n * column.quantum;
  }
  return values;
}

/**
 * The replay sums back from {@linkcode packSums}' layout and bytes (rounded as packed).
 *
 * @param layout The layout.
 * @param bytes The varint bytes.
 * @param base The base replay, when the layout is relative.
 * @returns Replay sums with typed columns.
 * @throws {RangeError} When a column is missing or cut short.
 *
 * @example See {@linkcode packSums}.
 * ```ts
 * import assert from "node:assert/strict";
 * import { unpackSums } from "./packed_sums.ts";
 * assert.throws(() => unpackSums({ workloads: 1, triggers: [1], columns: [] }, new Uint8Array()));
 * ```
 */
export function unpackSums(layout: PackedSums, bytes: Uint8Array, base?: ReplaySums): ReplaySums {
  if (layout.relative === true && base === undefined) {
    throw new RangeError("Cannot unpack replay sums: they are relative and no base is given");
  }
  const byName = new Map(layout.columns.map((c) => [c.name, c]));
  const baseColumns = layout.relative === true && base !== undefined
    ? new Map(_columns(base).map((c) => [c.name, c.values]))
    : undefined;
  const read = (name: string) => {
    const column = byName.get(name);
    if (column === undefined) {
      throw new RangeError(`Cannot unpack replay sums: column ${name} is missing`);
    }
    const values = _readColumn(column, bytes);
    const from = baseColumns?.get(name);
    if (from !== undefined) { for (let i = 0; i < values.length; i++) values[i] += from[i]; }
    return values;
  };
  const minus = (a: Float64Array, b: Float64Array) => a.map((x, i) => x - b[i]);
  const context = read("contextTokens");
  const sums: ReplaySums = {
    workloads: layout.workloads,
    triggers: Float64Array.from(layout.triggers),
    contextTokens: context,
    cachedTokens: minus(context, read("uncachedTokens")),
    compactions: read("compactions"),
    compactionInputTokens: read("compactionInputTokens"),
    summaryTokens: read("summaryTokens"),
    outputTokens: read("outputTokens"),
    workSeconds: read("workSeconds"),
  };
  if (layout.tierThresholds !== undefined) {
    const tierContext = read("tiers.contextTokens");
    const tiers: TierSums = {
      thresholds: Float64Array.from(layout.tierThresholds),
      contextTokens: tierContext,
      cachedTokens: minus(tierContext, read("tiers.uncachedTokens")),
      outputTokens: read("tiers.outputTokens"),
      compactionInputTokens: read("tiers.compactionInputTokens"),
      summaryTokens: read("tiers.summaryTokens"),
    };
    sums.tiers = tiers;
  }
  if (layout.rework !== undefined) {
    const rework = { ...layout.rework, extraRequests: read("rework.extraRequests") };
    (sums as unknown as { rework: _Rework }).rework = rework;
  }
  return sums;
}
