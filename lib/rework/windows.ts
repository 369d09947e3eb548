/**
 * The two windows around each compaction and their re-reads (docs/method.md, Cost of
 * forgetting).
 *
 * - The boundary of a compaction sits before the first request of its session timed at or after
 *   it (the request whose gap holds it); one after the session's last request sits at its end.
 *   An untimed compaction has no place and no windows (the others of its session keep theirs).
 *   Two compactions in one gap cut each other's windows to nothing.
 * - Window A: the first K requests from the boundary; complete when the session has K requests
 *   before its next boundary (or its end).
 * - Window B, the control: the K requests just before the boundary, the one whose results
 *   crossed the trigger included (docs/method.md, Cost of forgetting, says why); complete when
 *   they all follow the previous boundary (or the session's start).
 * - A lost re-read: a fetch in A whose target the session fetched before the boundary, from its
 *   K-th request on. A control re-read: a fetch in B whose target the session fetched before B
 *   began (from its start). The two look-backs are equally long, so a session's growing history
 *   favours neither window (docs/method.md says what the unequal ones did). A request counts
 *   once when any of its fetches is one; tokens are the fetches' one-shot tokens summed.
 *
 * @module
 */

import type { Corpus, FetchTable, ReworkWindowTable } from "../transcript/tables.ts";

/** The re-reads of one compaction's two windows. */
export interface CompactionWindows {
  /** Row in the compaction table. */
  compaction: number;
  /** C of the compaction, tokens (NaN: unknown). */
  inputTokens: number;
  /** Lost re-read tokens in window A. */
  tokensA: number;
  /** Requests of window A with a lost re-read. */
  requestsA: number;
  /** Control re-read tokens in window B. */
  tokensB: number;
  /** Requests of window B with a control re-read. */
  requestsB: number;
}

/** Why compactions have no complete pair of windows, by reason (counts). */
export interface WindowShortfall {
  /** No place among the session's requests (untimed). */
  unplaced: number;
  /** Fewer than K requests before the next boundary or the session's end. */
  shortAfter: number;
  /** Fewer than K requests since the previous boundary or the session's start. */
  shortBefore: number;
}

/** Each compaction's window status, by code: both complete, or why not. */
export const WINDOW_STATUS = Object.freeze({
  complete: 0,
  unplaced: 1,
  shortAfter: 2,
  shortBefore: 3,
});

/**
 * The windows of every compaction that has both complete, in compaction-table order.
 *
 * @param corpus A corpus read with fetch targets (`fetches`).
 * @param windowRequests K, requests per window (an integer ≥ 1).
 * @returns The complete pairs, the count of the others by reason, and each compaction's status
 *   by row ({@linkcode WINDOW_STATUS}).
 * @throws {RangeError} when K is not an integer ≥ 1 or the corpus has no fetch table.
 *
 * @example K = 2: a Read in B (row 2), again in A (row 4, whose look-back is rows 2-3)
 * ```ts
 * import { compactionWindows } from "./windows.ts";
 * import assert from "node:assert/strict";
 * const corpus = {
 *   sessions: { length: 1, kind: Uint8Array.of(0), firstRequest: Uint32Array.of(0),
 *     requestCount: Uint32Array.of(6) },
 *   requests: { length: 6, timeMs: Float64Array.of(0, 1, 2, 3, 5, 6) },
 *   compactions: { length: 1, session: Uint32Array.of(0), timeMs: Float64Array.of(4),
 *     inputTokens: Float64Array.of(1000) },
 *   fetches: { length: 2, request: Uint32Array.of(2, 4), target: Float64Array.of(9, 9),
 *     tokens: Float64Array.of(50, 50), withoutRequest: 0, outsideTable: 0, repeated: 0 },
 * };
 * // deno-lint-ignore no-explicit-any
 * const { windows } = compactionWindows(corpus as any, 2);
 * assert.deepEqual(windows[0], {
 *   compaction: 0, inputTokens: 1000, tokensA: 50, requestsA: 1, tokensB: 0, requestsB: 0,
 * });
 * ```
 */
export function compactionWindows(
  corpus: Pick<Corpus, "sessions" | "fetches"> & {
    requests: Pick<Corpus["requests"], "length" | "timeMs">;
    compactions: Pick<Corpus["compactions"], "length" | "session" | "timeMs" | "inputTokens">;
  },
  windowRequests: number,
): { windows: CompactionWindows[]; shortfall: WindowShortfall; status: Uint8Array } {
  if (!(Number.isInteger(windowRequests) && windowRequests >= 1)) {
    throw new RangeError(
      `Cannot take rework windows: K must be an integer >= 1 requests, got ${windowRequests}`,
    );
  }
  const fetches = corpus.fetches;
  if (fetches === undefined) {
    throw new RangeError("Cannot take rework windows: the corpus was read without fetch targets");
  }
  const { sessions, requests, compactions } = corpus;
  const K = windowRequests;
  const shortfall: WindowShortfall = { unplaced: 0, shortAfter: 0, shortBefore: 0 };
  const status = new Uint8Array(compactions.length);
  const bySession: number[][] = Array.from({ length: sessions.length }, () => []);
  for (let c = 0; c < compactions.length; c++) bySession[compactions.session[c]].push(c);
  const windows: CompactionWindows[] = [];
  let f = 0;
  for (let s = 0; s < sessions.length; s++) {
    const first = sessions.firstRequest[s];
    const end = first + sessions.requestCount[s];
    const fetchStart = _firstFetchAt(fetches, first, f);
    f = _firstFetchAt(fetches, end, fetchStart);
    const list = bySession[s];
    if (list.length === 0) continue;
    const placedAt = list.map((c) =>
      _boundaryRow(requests.timeMs, first, end, compactions.timeMs[c])
    );
    const rows = placedAt.filter((r) => r >= 0).sort((a, b) => a - b);
    let rowsOf: Map<number, number[]> | undefined;
    for (const [j, c] of list.entries()) {
      const at = placedAt[j];
      if (at < 0) {
        shortfall.unplaced++;
        status[c] = WINDOW_STATUS.unplaced;
        continue;
      }
      const k = rows.indexOf(at);
      const next = rows.indexOf(at, k + 1) >= 0 ? at : (k + 1 < rows.length ? rows[k + 1] : end);
      const previous = k > 0 ? rows[k - 1] : first;
      if (at + K > next) {
        shortfall.shortAfter++;
        status[c] = WINDOW_STATUS.shortAfter;
        continue;
      }
      if (at - K < previous) {
        shortfall.shortBefore++;
        status[c] = WINDOW_STATUS.shortBefore;
        continue;
      }
      rowsOf ??= _rowsOf(fetches, fetchStart, f);
      // Equal look-backs: B looks at [first, at − K), A at the as long [first + K, at).
      const a = _reReads(fetches, fetchStart, f, at, at + K, first + K, at, rowsOf);
      const b = _reReads(fetches, fetchStart, f, at - K, at, first, at - K, rowsOf);
      windows.push({
        compaction: c,
        inputTokens: compactions.inputTokens[c],
        tokensA: a.tokens,
        requestsA: a.requests,
        tokensB: b.tokens,
        requestsB: b.requests,
      });
    }
  }
  windows.sort((x, y) => x.compaction - y.compaction);
  return { windows, shortfall, status };
}

/** The first row of `[first, end)` timed at or after `timeMs` (`end`: none; -1: untimed). */
function _boundaryRow(times: Float64Array, first: number, end: number, timeMs: number): number {
  if (Number.isNaN(timeMs)) return -1;
  for (let r = first; r < end; r++) if (times[r] >= timeMs) return r;
  return end;
}

/** The first fetch index ≥ `from` whose request row is ≥ `row` (the table is sorted by row). */
function _firstFetchAt(fetches: FetchTable, row: number, from: number): number {
  let i = from;
  while (i < fetches.length && fetches.request[i] < row) i++;
  return i;
}

/** Target → the rows the session fetched it at (ascending), over the fetches `[from, to)`. */
function _rowsOf(fetches: FetchTable, from: number, to: number): Map<number, number[]> {
  const rows = new Map<number, number[]>();
  for (let i = from; i < to; i++) {
    const list = rows.get(fetches.target[i]);
    if (list === undefined) rows.set(fetches.target[i], [fetches.request[i]]);
    else list.push(fetches.request[i]);
  }
  return rows;
}

/**
 * Fetches of rows `[start, stop)` whose target the session also fetched at a row of
 * `[lookFrom, lookTo)`: their tokens, and the requests holding at least one.
 */
function _reReads(
  fetches: FetchTable,
  from: number,
  to: number,
  start: number,
  stop: number,
  lookFrom: number,
  lookTo: number,
  rowsOf: Map<number, number[]>,
): { tokens: number; requests: number } {
  let tokens = 0, requests = 0, lastRow = -1;
  for (let i = _firstFetchAt(fetches, start, from); i < to; i++) {
    const row = fetches.request[i];
    if (row >= stop) break;
    const rows = rowsOf.get(fetches.target[i])!;
    let lo = 0, hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (rows[mid] < lookFrom) lo = mid + 1;
      else hi = mid;
    }
    if (!(lo < rows.length && rows[lo] < lookTo)) continue;
    tokens += fetches.tokens[i];
    if (row !== lastRow) requests++;
    lastRow = row;
  }
  return { tokens, requests };
}

/**
 * The windows a corpus carries already taken (a pooled corpus: {@linkcode ReworkWindowTable}),
 * as {@linkcode compactionWindows} gives them from fetch targets.
 *
 * @param corpus The compactions' C, and the table of their windows.
 * @returns The complete pairs in compaction-table order, and the others' count by reason.
 *
 * @example One complete pair, one compaction without place
 * ```ts
 * import assert from "node:assert/strict";
 * import { tableWindows } from "./windows.ts";
 * const nan = NaN;
 * const { windows, shortfall } = tableWindows({
 *   compactions: { inputTokens: Float64Array.of(1000, 2000) },
 *   reworkWindows: { windowRequests: 30, status: Uint8Array.of(0, 1),
 *     tokensA: Float64Array.of(50, nan), requestsA: Float64Array.of(1, nan),
 *     tokensB: Float64Array.of(0, nan), requestsB: Float64Array.of(0, nan) },
 * });
 * assert.deepEqual(windows, [
 *   { compaction: 0, inputTokens: 1000, tokensA: 50, requestsA: 1, tokensB: 0, requestsB: 0 },
 * ]);
 * assert.deepEqual(shortfall, { unplaced: 1, shortAfter: 0, shortBefore: 0 });
 * ```
 */
export function tableWindows(corpus: {
  compactions: Pick<Corpus["compactions"], "inputTokens">;
  reworkWindows: ReworkWindowTable;
}): { windows: CompactionWindows[]; shortfall: WindowShortfall } {
  const t = corpus.reworkWindows;
  const shortfall: WindowShortfall = { unplaced: 0, shortAfter: 0, shortBefore: 0 };
  const windows: CompactionWindows[] = [];
  for (let c = 0; c < t.status.length; c++) {
    switch (t.status[c]) {
      case WINDOW_STATUS.complete:
        windows.push({
          compaction: c,
          inputTokens: corpus.compactions.inputTokens[c],
          tokensA: t.tokensA[c],
          requestsA: t.requestsA[c],
          tokensB: t.tokensB[c],
          requestsB: t.requestsB[c],
        });
        break;
      case WINDOW_STATUS.unplaced:
        shortfall.unplaced++;
        break;
      case WINDOW_STATUS.shortAfter:
        shortfall.shortAfter++;
        break;
      default:
        shortfall.shortBefore++;
    }
  }
  return { windows, shortfall };
}

/**
 * Orders window pairs by their figures (C, then A's tokens and requests, then B's; an unknown C
 * last), so that a bootstrap over them draws the same compactions whatever order the
 * transcripts were read in: a machine's, or a pool's (docs/method.md, Cost of forgetting).
 *
 * @param a A pair.
 * @param b Another.
 * @returns Negative when `a` comes first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { byFigures } from "./windows.ts";
 * const w = (inputTokens: number, tokensA: number) =>
 *   ({ compaction: 0, inputTokens, tokensA, requestsA: 0, tokensB: 0, requestsB: 0 });
 * const sorted = [w(NaN, 1), w(2, 5), w(2, 3), w(1, 9)].sort(byFigures);
 * assert.deepEqual(sorted.map((x) => [x.inputTokens, x.tokensA]), [[1, 9], [2, 3], [2, 5], [NaN, 1]]);
 * ```
 */
export function byFigures(a: CompactionWindows, b: CompactionWindows): number {
  const ca = Number.isNaN(a.inputTokens) ? Infinity : a.inputTokens;
  const cb = Number.isNaN(b.inputTokens) ? Infinity : b.inputTokens;
  return ca - cb || a.tokensA - b.tokensA || a.requestsA - b.requestsA ||
    a.tokensB - b.tokensB || a.requestsB - b.requestsB;
}
