/**
 * The export's two tables, built from the reader's corpora (one per model): only numbers, model
 * names and keyed session hashes, sorted by (session key, position in the session). Pure: no I/O.
 * Column names and types are in {@linkcode REQUEST_COLUMNS} and {@linkcode COMPACTION_COLUMNS}
 * (docs/pool.md, Tables).
 *
 * @module
 */
import { COMPACTION_TRIGGER, type Corpus, SESSION_KIND } from "../transcript/tables.ts";
import { compactionWindows } from "../rework/windows.ts";
import { REWORK_DEFAULTS } from "../rework/estimate.ts";

/** A column's type in the Parquet files (docs/pool.md, Column types). */
export type ColumnType = "string" | "int32" | "int64" | "timestamp" | "double";

/** One column of an export table: its name, type, and whether it holds nulls. */
export interface ColumnSpec {
  name: string;
  type: ColumnType;
  nullable: boolean;
}

/** The columns of `requests.parquet`, in file order. */
export const REQUEST_COLUMNS: readonly ColumnSpec[] = [
  { name: "session", type: "string", nullable: false },
  { name: "session_kind", type: "string", nullable: false },
  { name: "model", type: "string", nullable: false },
  { name: "request_index", type: "int32", nullable: false },
  { name: "time", type: "timestamp", nullable: true },
  { name: "input_tokens", type: "int64", nullable: false },
  { name: "cache_write_5m_tokens", type: "int64", nullable: false },
  { name: "cache_write_1h_tokens", type: "int64", nullable: false },
  { name: "cache_read_tokens", type: "int64", nullable: false },
  { name: "output_tokens", type: "int64", nullable: false },
  { name: "work_gap_seconds", type: "double", nullable: false },
  { name: "compaction_before", type: "int32", nullable: true },
];

/** The columns of `compactions.parquet`, in file order. */
export const COMPACTION_COLUMNS: readonly ColumnSpec[] = [
  { name: "session", type: "string", nullable: false },
  { name: "model", type: "string", nullable: false },
  { name: "compaction_index", type: "int32", nullable: false },
  { name: "table_order", type: "int32", nullable: false },
  { name: "trigger", type: "string", nullable: false },
  { name: "time", type: "timestamp", nullable: true },
  { name: "input_tokens", type: "int64", nullable: true },
  { name: "duration_seconds", type: "double", nullable: true },
  { name: "precomputed", type: "int32", nullable: false },
  { name: "summary_tokens", type: "int64", nullable: true },
  { name: "post_context_tokens", type: "int64", nullable: true },
  { name: "cached_share_before", type: "double", nullable: true },
  { name: "cached_share_after", type: "double", nullable: true },
  { name: "call_input_tokens", type: "int64", nullable: true },
  { name: "call_cache_write_5m_tokens", type: "int64", nullable: true },
  { name: "call_cache_write_1h_tokens", type: "int64", nullable: true },
  { name: "call_cache_read_tokens", type: "int64", nullable: true },
  { name: "rework_status", type: "string", nullable: true },
  { name: "rework_tokens_a", type: "int64", nullable: true },
  { name: "rework_requests_a", type: "int32", nullable: true },
  { name: "rework_tokens_b", type: "int64", nullable: true },
  { name: "rework_requests_b", type: "int32", nullable: true },
];

/**
 * `rework_status` names, by `WINDOW_STATUS` code (lib/rework/windows.ts): both windows complete,
 * or why not.
 */
export const REWORK_STATUS_NAMES = ["complete", "unplaced", "short_after", "short_before"] as const;

/** Session kind names as written, by {@linkcode SESSION_KIND} code. */
export const SESSION_KIND_NAMES = ["main", "subagent", "helper"] as const;
/** Compaction trigger names as written, by {@linkcode COMPACTION_TRIGGER} code. */
export const TRIGGER_NAMES = ["auto", "manual", "unknown", "other"] as const;

/** A table as named columns of equal length; numbers, strings, or null for a missing value. */
export interface ExportTable {
  length: number;
  columns: Record<string, (string | number | null)[] | Float64Array | Int32Array>;
}

/** The two tables of one export. */
export interface ExportTables {
  requests: ExportTable;
  compactions: ExportTable;
}

/**
 * Builds the export tables from one corpus per model. Every session appears once (a session is
 * in the corpus of its model only); its rows keep the reader's order, so `request_index` is the
 * row's position in the session. `compaction_before` is the `compaction_index` (position among
 * the session's compactions) of the compaction in the gap before the request.
 *
 * Each compaction's rework windows (docs/method.md, Cost of forgetting) are taken from the
 * corpus's fetch targets, K requests each, and only their counts are written: requests with a
 * re-read and re-read tokens, in window A after the boundary and in the control window B before
 * it (`rework_*`, null when the corpus was read without fetch targets or the pair is not
 * complete; `rework_status` says which).
 *
 * @param corpora One corpus per model (`readCorpusPerModel`).
 * @param keys Per corpus, one session key per session row (the HMAC of its identity).
 * @param windowRequests K, requests per rework window. @default {30}
 * @returns The tables.
 * @throws {RangeError} When a token count is not a whole number (INT64 columns hold integers).
 *
 * @example One session, one compaction
 * ```ts
 * import assert from "node:assert/strict";
 * import { exportTables } from "./export_tables.ts";
 * import { corpusFromText } from "../transcript/mod.ts";
 * const ask = (i: number, x: number) => JSON.stringify({ type: "assistant", uuid: `u${i}`,
 *   requestId: `r${i}`, timestamp: `2026-01-01T00:00:0${i}Z`, message: { id: `m${i}`,
 *   model: "opus", usage: { input_tokens: x, output_tokens: 1 } } });
 * const corpus = corpusFromText([{ path: "s.jsonl", text: [ask(1, 5), ask(2, 9)].join("\n") }]);
 * const { requests } = exportTables([corpus], [["k"]]);
 * assert.deepEqual(requests.columns.input_tokens, [5, 9]);
 * assert.deepEqual(requests.columns.session, ["k", "k"]);
 * assert.deepEqual(requests.columns.request_index, Int32Array.of(0, 1));
 * ```
 */
export function exportTables(
  corpora: readonly Corpus[],
  keys: readonly string[][],
  windowRequests: number = REWORK_DEFAULTS.windowRequests,
): ExportTables {
  const sessions: { key: string; corpus: number; row: number }[] = [];
  corpora.forEach((corpus, m) => {
    for (let s = 0; s < corpus.sessions.length; s++) {
      sessions.push({ key: keys[m][s], corpus: m, row: s });
    }
  });
  sessions.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  // Position of each compaction among its session's compactions, per corpus.
  const ordinal = corpora.map((corpus) => {
    const seen = new Map<number, number>();
    const out = new Int32Array(corpus.compactions.length);
    for (let c = 0; c < corpus.compactions.length; c++) {
      const s = corpus.compactions.session[c];
      const k = seen.get(s) ?? 0;
      out[c] = k;
      seen.set(s, k + 1);
    }
    return out;
  });
  return {
    requests: _requests(corpora, sessions, ordinal),
    compactions: _compactions(corpora, keys, ordinal, windowRequests),
  };
}

/** Per compaction row of each corpus, its rework windows' counts (null: not taken). */
function _reworkColumns(corpus: Corpus, windowRequests: number) {
  const n = corpus.compactions.length;
  const status: (string | null)[] = new Array(n).fill(null);
  const tokensA: (number | null)[] = new Array(n).fill(null);
  const requestsA: (number | null)[] = new Array(n).fill(null);
  const tokensB: (number | null)[] = new Array(n).fill(null);
  const requestsB: (number | null)[] = new Array(n).fill(null);
  if (corpus.fetches !== undefined) {
    const taken = compactionWindows(corpus, windowRequests);
    for (let c = 0; c < n; c++) status[c] = REWORK_STATUS_NAMES[taken.status[c]];
    for (const w of taken.windows) {
      tokensA[w.compaction] = _whole(w.tokensA, "rework_tokens_a");
      requestsA[w.compaction] = w.requestsA;
      tokensB[w.compaction] = _whole(w.tokensB, "rework_tokens_b");
      requestsB[w.compaction] = w.requestsB;
    }
  }
  return { status, tokensA, requestsA, tokensB, requestsB };
}

function _requests(
  corpora: readonly Corpus[],
  sessions: { key: string; corpus: number; row: number }[],
  ordinal: Int32Array[],
): ExportTable {
  let n = 0;
  for (const s of sessions) n += corpora[s.corpus].sessions.requestCount[s.row];
  const session: string[] = new Array(n);
  const kind: string[] = new Array(n);
  const model: string[] = new Array(n);
  const index = new Int32Array(n);
  const time: (number | null)[] = new Array(n);
  const input: number[] = new Array(n);
  const w5: number[] = new Array(n);
  const w1: number[] = new Array(n);
  const read: number[] = new Array(n);
  const output: number[] = new Array(n);
  const gap = new Float64Array(n);
  const before: (number | null)[] = new Array(n);
  let at = 0;
  for (const s of sessions) {
    const corpus = corpora[s.corpus];
    const r = corpus.requests;
    const first = corpus.sessions.firstRequest[s.row];
    const count = corpus.sessions.requestCount[s.row];
    const kindName = SESSION_KIND_NAMES[corpus.sessions.kind[s.row]];
    for (let i = 0; i < count; i++, at++) {
      const row = first + i;
      session[at] = s.key;
      kind[at] = kindName;
      model[at] = corpus.model;
      index[at] = i;
      time[at] = Number.isNaN(r.timeMs[row]) ? null : Math.round(r.timeMs[row] * 1000);
      input[at] = _whole(r.input[row], "input_tokens");
      w5[at] = _whole(r.cacheWrite5m[row], "cache_write_5m_tokens");
      w1[at] = _whole(r.cacheWrite1h[row], "cache_write_1h_tokens");
      read[at] = _whole(r.cacheRead[row], "cache_read_tokens");
      output[at] = _whole(r.output[row], "output_tokens");
      gap[at] = r.gapSeconds[row];
      const c = r.compactionBefore[row];
      before[at] = c < 0 ? null : ordinal[s.corpus][c];
    }
  }
  return {
    length: n,
    columns: {
      session,
      session_kind: kind,
      model,
      request_index: index,
      time,
      input_tokens: input,
      cache_write_5m_tokens: w5,
      cache_write_1h_tokens: w1,
      cache_read_tokens: read,
      output_tokens: output,
      work_gap_seconds: gap,
      compaction_before: before,
    },
  };
}

function _compactions(
  corpora: readonly Corpus[],
  keys: readonly string[][],
  ordinal: Int32Array[],
  windowRequests: number,
): ExportTable {
  const rework = corpora.map((corpus) => _reworkColumns(corpus, windowRequests));
  const rows: { corpus: number; c: number; key: string }[] = [];
  corpora.forEach((corpus, m) => {
    for (let c = 0; c < corpus.compactions.length; c++) {
      rows.push({ corpus: m, c, key: keys[m][corpus.compactions.session[c]] });
    }
  });
  rows.sort((a, b) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : ordinal[a.corpus][a.c] - ordinal[b.corpus][b.c]
  );
  const col = <T>(pick: (corpus: Corpus, c: number, m: number) => T) =>
    rows.map(({ corpus, c }) => pick(corpora[corpus], c, corpus));
  const opt = (v: number) => (Number.isFinite(v) ? v : null);
  const whole = (v: number, name: string) => (Number.isFinite(v) ? _whole(v, name) : null);
  const k = (corpus: Corpus) => corpus.compactions;
  return {
    length: rows.length,
    columns: {
      session: rows.map((r) => r.key),
      model: col((corpus) => corpus.model),
      compaction_index: Int32Array.from(col((_, c, m) => ordinal[m][c])),
      table_order: Int32Array.from(col((_, c) => c)),
      trigger: col((corpus, c) => TRIGGER_NAMES[k(corpus).trigger[c]]),
      time: col((corpus, c) => opt(Math.round(k(corpus).timeMs[c] * 1000))),
      input_tokens: col((corpus, c) => whole(k(corpus).inputTokens[c], "input_tokens")),
      duration_seconds: col((corpus, c) => opt(k(corpus).durationSeconds[c])),
      precomputed: Int32Array.from(col((corpus, c) => k(corpus).precomputed[c])),
      summary_tokens: col((corpus, c) => whole(k(corpus).summaryTokens[c], "summary_tokens")),
      post_context_tokens: col((corpus, c) => whole(k(corpus).postContext[c], "post_context")),
      cached_share_before: col((corpus, c) => opt(k(corpus).cachedShareBefore[c])),
      cached_share_after: col((corpus, c) => opt(k(corpus).cachedShareAfter[c])),
      call_input_tokens: col((corpus, c) => whole(k(corpus).callInput[c], "call_input")),
      call_cache_write_5m_tokens: col((corpus, c) => whole(k(corpus).callCacheWrite5m[c], "call")),
      call_cache_write_1h_tokens: col((corpus, c) => whole(k(corpus).callCacheWrite1h[c], "call")),
      call_cache_read_tokens: col((corpus, c) => whole(k(corpus).callCacheRead[c], "call")),
      rework_status: col((_, c, m) => rework[m].status[c]),
      rework_tokens_a: col((_, c, m) => rework[m].tokensA[c]),
      rework_requests_a: col((_, c, m) => rework[m].requestsA[c]),
      rework_tokens_b: col((_, c, m) => rework[m].tokensB[c]),
      rework_requests_b: col((_, c, m) => rework[m].requestsB[c]),
    },
  };
}

function _whole(v: number, column: string): number {
  if (!Number.isSafeInteger(v)) {
    throw new RangeError(`Cannot export: ${column} holds ${v}, not a whole number of tokens`);
  }
  return v;
}

/** Codes of the names, for readers of the tables. */
export const CODES = { sessionKind: SESSION_KIND, trigger: COMPACTION_TRIGGER } as const;
