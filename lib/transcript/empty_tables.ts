/**
 * Empty request, session and compaction tables of a given length, column by column, for the
 * builders that fill them row by row: the transcript reader (assemble_corpus.ts) and the pool
 * (lib/pool/pooled_corpus.ts). One allocation per column and table, no work per row beyond the
 * typed array's own initialisation, so the reader pays nothing for sharing them.
 *
 * Each column starts at its "nothing known" value: 0, except a request's `compactionBefore`
 * (-1, no compaction before it) and a compaction's matched-call usage (NaN, no matched call),
 * so a builder writes only what it knows.
 *
 * @module
 */

import type { CompactionTable, RequestTable, SessionTable } from "./tables.ts";

/** A {@linkcode RequestTable} that carries its `otherModel` column. */
export type RequestTableWithOtherModel = RequestTable & { readonly otherModel: Uint8Array };

/**
 * A request table of `length` rows: every column 0, `compactionBefore` -1 (no compaction
 * before the request).
 *
 * @param length Rows.
 * @param options `otherModel: true` adds the reader's `otherModel` column (0 for every row);
 *   the pool's tables have none (read as 0). @default {{ otherModel: false }}
 * @returns The table, to be filled.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { emptyRequestTable } from "./empty_tables.ts";
 * const pooled = emptyRequestTable(2);
 * assert.equal(pooled.length, 2);
 * assert.deepEqual([...pooled.compactionBefore], [-1, -1]);
 * assert.equal("otherModel" in pooled, false);
 * assert.deepEqual([...emptyRequestTable(2, { otherModel: true }).otherModel], [0, 0]);
 * ```
 */
export function emptyRequestTable(
  length: number,
  options: { otherModel: true },
): RequestTableWithOtherModel;
export function emptyRequestTable(length: number, options?: { otherModel?: false }): RequestTable;
export function emptyRequestTable(
  length: number,
  options: { otherModel?: boolean } = {},
): RequestTable {
  return {
    length,
    session: new Uint32Array(length),
    timeMs: new Float64Array(length),
    input: new Float64Array(length),
    cacheWrite5m: new Float64Array(length),
    cacheWrite1h: new Float64Array(length),
    cacheRead: new Float64Array(length),
    output: new Float64Array(length),
    context: new Float64Array(length),
    cachedShare: new Float64Array(length),
    gapSeconds: new Float64Array(length),
    // Spread in place so the column keeps its place in the reader's table (before
    // compactionBefore), and the pool's table has no such key at all.
    ...(options.otherModel ? { otherModel: new Uint8Array(length) } : {}),
    compactionBefore: new Int32Array(length).fill(-1),
  };
}

/**
 * A session table of `length` rows, every column 0.
 *
 * @param length Rows.
 * @returns The table, to be filled.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { emptySessionTable } from "./empty_tables.ts";
 * const sessions = emptySessionTable(3);
 * assert.equal(sessions.length, 3);
 * assert.deepEqual([...sessions.requestCount], [0, 0, 0]);
 * ```
 */
export function emptySessionTable(length: number): SessionTable {
  return {
    length,
    kind: new Uint8Array(length),
    firstRequest: new Uint32Array(length),
    requestCount: new Uint32Array(length),
  };
}

/**
 * A compaction table of `length` rows: every column 0, the matched call's usage
 * (`callInput`, `callCacheWrite5m`, `callCacheWrite1h`, `callCacheRead`) NaN (no matched call).
 *
 * @param length Rows.
 * @returns The table, to be filled.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { emptyCompactionTable } from "./empty_tables.ts";
 * const compactions = emptyCompactionTable(1);
 * assert.equal(compactions.inputTokens[0], 0);
 * assert.ok(Number.isNaN(compactions.callInput[0]));
 * ```
 */
export function emptyCompactionTable(length: number): CompactionTable {
  return {
    length,
    session: new Uint32Array(length),
    trigger: new Uint8Array(length),
    precomputed: new Uint8Array(length),
    timeMs: new Float64Array(length),
    inputTokens: new Float64Array(length),
    durationSeconds: new Float64Array(length),
    summaryTokens: new Float64Array(length),
    postContext: new Float64Array(length),
    cachedShareBefore: new Float64Array(length),
    cachedShareAfter: new Float64Array(length),
    callInput: new Float64Array(length).fill(NaN),
    callCacheWrite5m: new Float64Array(length).fill(NaN),
    callCacheWrite1h: new Float64Array(length).fill(NaN),
    callCacheRead: new Float64Array(length).fill(NaN),
  };
}
