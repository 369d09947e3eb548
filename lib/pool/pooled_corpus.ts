/**
 * The pooled tables as the reader's {@linkcode Corpus}, one per model: the same columns the
 * transcript reader builds, so the analysis runs unchanged (docs/pool.md, Pooling). Pure.
 *
 * @module
 */
import type {
  Corpus,
  ReaderDiagnostics,
  ReworkWindowTable,
  TokenTotals,
} from "../transcript/tables.ts";
import type { ExportManifest } from "./export_corpus.ts";
import { emptyDiagnostics } from "../transcript/assemble_corpus.ts";
import {
  emptyCompactionTable,
  emptyRequestTable,
  emptySessionTable,
} from "../transcript/empty_tables.ts";

/** The pooled tables, columns as the pool's reader sends them (NaN for null). */
export interface PooledTables {
  /** Model names; `model` columns hold indices into this list. */
  models: string[];
  /** Session rows are numbered 0…n−1 in pool order; request rows are sorted by session. */
  requests: Record<string, Float64Array>;
  compactions: Record<string, Float64Array>;
}

/**
 * The reader diagnostics of a pool, for one target model: every count summed over the
 * contributors; `excludedSessions` as the reader would count them for `model` (sessions of
 * another model or of mixed models, sessions without a valid request); no malformed-line
 * examples (their file numbers mean nothing across machines).
 *
 * @param manifests The contributors' `export.json`.
 * @param model The target model.
 * @param advisor Filled with the advisor passes of the model's sessions (summed).
 * @returns The diagnostics.
 */
export function pooledDiagnostics(
  manifests: readonly ExportManifest[],
  model: string,
  advisor: Corpus["advisor"] = { iterations: 0, byModel: {} },
): ReaderDiagnostics {
  const out = emptyDiagnostics();
  for (const m of manifests) {
    const d = m.diagnostics as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(d)) {
      if (
        typeof value === "number" &&
        typeof (out as unknown as Record<string, unknown>)[key] === "number"
      ) {
        (out as unknown as Record<string, number>)[key] += value;
      }
    }
    _addCounts(out.recordTypes, m.diagnostics.recordTypes);
    _addCounts(out.requestsByModel, m.diagnostics.requestsByModel);
    _addCounts(out.otherTriggers, m.diagnostics.otherTriggers ?? {});
    // What the reader counts per target model: this contributor's own figures for the model.
    const mine = m.models.find((x) => x.model === model)?.diagnostics ?? m.otherModelDiagnostics;
    out.excludedSessions.otherModel += mine.excludedSessions.otherModel;
    out.excludedSessions.noTargetModel += mine.excludedSessions.noTargetModel;
    out.mixedModelSessions.sessions += mine.mixedModelSessions.sessions;
    out.mixedModelSessions.requestsOfOtherModels += mine.mixedModelSessions.requestsOfOtherModels;
    out.leftOut.requests += mine.leftOut.requests;
    _addTotals(out.leftOut.byModel, mine.leftOut.byModel);
    advisor.iterations += mine.advisor.iterations;
    _addTotals(advisor.byModel, mine.advisor.byModel);
  }
  out.recordTypes = _sorted(out.recordTypes);
  return out;
}

function _addCounts(into: Record<string, number>, from: Record<string, number>): void {
  for (const [k, n] of Object.entries(from)) into[k] = (into[k] ?? 0) + n;
}

function _addTotals(into: Record<string, TokenTotals>, from: Record<string, TokenTotals>): void {
  for (const [k, t] of Object.entries(from)) {
    const o = into[k] ??= {
      count: 0,
      input: 0,
      cacheWrite5m: 0,
      cacheWrite1h: 0,
      cacheRead: 0,
      output: 0,
    };
    o.count += t.count;
    o.input += t.input;
    o.cacheWrite5m += t.cacheWrite5m;
    o.cacheWrite1h += t.cacheWrite1h;
    o.cacheRead += t.cacheRead;
    o.output += t.output;
  }
}

function _sorted(record: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/**
 * The model a pool is analysed for by default: the one with the most requests over all
 * contributors (ties: alphabetically first), as the reader picks it.
 *
 * @param manifests The contributors' `export.json`.
 * @returns The model name, or "" when no request.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { defaultPoolModel } from "./pooled_corpus.ts";
 * const m = (r: Record<string, number>) => ({ diagnostics: { requestsByModel: r } });
 * assert.equal(defaultPoolModel([m({ a: 2, b: 1 }), m({ b: 3 })] as never), "b");
 * ```
 */
export function defaultPoolModel(manifests: readonly ExportManifest[]): string {
  const counts: Record<string, number> = {};
  for (const m of manifests) {
    for (const [name, n] of Object.entries(m.diagnostics.requestsByModel)) {
      counts[name] = (counts[name] ?? 0) + n;
    }
  }
  let best = "";
  let bestCount = -1;
  for (const model of Object.keys(counts).sort()) {
    if (counts[model] > bestCount) {
      best = model;
      bestCount = counts[model];
    }
  }
  return best;
}

/**
 * The corpus of one model from the pooled tables.
 *
 * @param tables The pooled tables.
 * @param model The model's name (one of `tables.models`).
 * @param manifests The contributors' `export.json` (files, bytes, diagnostics).
 * @param idleLimitSeconds The idle limit the pool's reader applied to the gaps.
 * @returns The corpus: sessions of that model in pool order, their requests and compactions.
 */
export function pooledCorpus(
  tables: PooledTables,
  model: string,
  manifests: readonly ExportManifest[],
  idleLimitSeconds: number,
): Corpus {
  const code = tables.models.indexOf(model);
  const rq = tables.requests;
  const cp = tables.compactions;
  const nAll = rq.session.length;
  // Session rows of this model, renumbered in pool order.
  const sessionOf = new Map<number, number>();
  let n = 0;
  for (let i = 0; i < nAll; i++) {
    if (rq.model[i] !== code) continue;
    n++;
    const s = rq.session[i];
    if (!sessionOf.has(s)) sessionOf.set(s, sessionOf.size);
  }
  const nS = sessionOf.size;
  const sessions = emptySessionTable(nS);
  // Compactions of this model, renumbered in pool order.
  const compactionOf = new Int32Array(cp.session.length).fill(-1);
  let nC = 0;
  for (let c = 0; c < cp.session.length; c++) if (cp.model[c] === code) compactionOf[c] = nC++;
  // Every column of a kept row is written below: the starting values never show.
  const compactions = emptyCompactionTable(nC);
  for (let c = 0; c < cp.session.length; c++) {
    const k = compactionOf[c];
    if (k < 0) continue;
    compactions.session[k] = sessionOf.get(cp.session[c])!;
    compactions.trigger[k] = cp.trigger[c];
    compactions.timeMs[k] = cp.timeMicros[c] / 1000;
    compactions.inputTokens[k] = cp.inputTokens[c];
    compactions.durationSeconds[k] = cp.durationSeconds[c];
    compactions.precomputed[k] = cp.precomputed?.[c] === 1 ? 1 : 0;
    compactions.summaryTokens[k] = cp.summaryTokens[c];
    compactions.postContext[k] = cp.postContext[c];
    compactions.cachedShareBefore[k] = cp.cachedShareBefore[c];
    compactions.cachedShareAfter[k] = cp.cachedShareAfter[c];
    compactions.callInput[k] = cp.callInput[c];
    compactions.callCacheWrite5m[k] = cp.callCacheWrite5m[c];
    compactions.callCacheWrite1h[k] = cp.callCacheWrite1h[c];
    compactions.callCacheRead[k] = cp.callCacheRead[c];
  }
  // Every column of every row is written below; a pool has no otherModel column (read as 0).
  const requests = emptyRequestTable(n);
  let row = 0;
  for (let i = 0; i < nAll; i++) {
    if (rq.model[i] !== code) continue;
    const s = sessionOf.get(rq.session[i])!;
    if (row === 0 || requests.session[row - 1] !== s) {
      sessions.firstRequest[s] = row;
      sessions.kind[s] = rq.kind[i];
    }
    sessions.requestCount[s]++;
    requests.session[row] = s;
    requests.timeMs[row] = rq.timeMicros[i] / 1000;
    const input = rq.input[i], w5 = rq.cacheWrite5m[i], w1 = rq.cacheWrite1h[i];
    const read = rq.cacheRead[i];
    requests.input[row] = input;
    requests.cacheWrite5m[row] = w5;
    requests.cacheWrite1h[row] = w1;
    requests.cacheRead[row] = read;
    requests.output[row] = rq.output[i];
    // As the reader computes them (lib/transcript/assemble_corpus.ts).
    const x = input + w5 + w1 + read;
    requests.context[row] = x;
    requests.cachedShare[row] = x > 0 ? read / x : 0;
    requests.gapSeconds[row] = rq.gapSeconds[i];
    const before = rq.compactionBefore[i];
    requests.compactionBefore[row] = before < 0 ? -1 : compactionOf[before];
    row++;
  }
  // The rework windows, when every export carries them with one K (else none: not measured).
  const ks = new Set(manifests.map((m) => m.rework?.windowRequests ?? null));
  const k = ks.size === 1 ? [...ks][0] : null;
  let reworkWindows: ReworkWindowTable | undefined;
  if (k !== null && cp.reworkStatus !== undefined) {
    const column = (from: Float64Array) => {
      const out = new Float64Array(nC);
      for (let c = 0; c < cp.session.length; c++) {
        if (compactionOf[c] >= 0) out[compactionOf[c]] = from[c];
      }
      return out;
    };
    const status = column(cp.reworkStatus);
    reworkWindows = {
      windowRequests: k,
      // A compaction without a status (not taken) cannot happen in an export with `rework`.
      status: Uint8Array.from(status, (v) => (Number.isNaN(v) ? 1 : v)),
      tokensA: column(cp.reworkTokensA),
      requestsA: column(cp.reworkRequestsA),
      tokensB: column(cp.reworkTokensB),
      requestsB: column(cp.reworkRequestsB),
    };
  }
  const files = manifests.reduce((a, m) => a + m.files, 0);
  const bytes = manifests.reduce((a, m) => a + m.bytes, 0);
  // Advisor passes are not in the tables: each export.json carries its sums per model.
  const advisor: Corpus["advisor"] = { iterations: 0, byModel: {} };
  return {
    files,
    bytes,
    model,
    requests,
    sessions,
    compactions,
    diagnostics: pooledDiagnostics(manifests, model, advisor),
    advisor,
    idleLimitSeconds,
    ...(reworkWindows === undefined ? {} : { reworkWindows }),
  };
}
