/**
 * Parsed files (in path order) → the corpus tables of analysis-spec §1. Pure.
 *
 * Decisions the spec leaves open, made here:
 * - A session exists once it has a conversation record. A session whose requests all turned out
 *   to be copies of requests seen earlier (a resumed file's history), or to have zero usage, has
 *   no request left and is counted as `noTargetModel`.
 * - A `compact_boundary` whose uuid was already seen (a resumed or forked copy) is the same
 *   compaction and is not counted again.
 * - Requests without a timestamp sort after the timed ones of their session and add no work time.
 * - When several compactions fall in one gap, all their durations are subtracted and
 *   `compactionBefore` names the first.
 *
 * @module
 */

import type { FileParse } from "./parse_file.ts";
import {
  COMPACTION_TRIGGER,
  type CompactionTable,
  type Corpus,
  type ReaderDiagnostics,
  type RequestTable,
  SESSION_KIND,
  type SessionTable,
} from "./tables.ts";

/** Options of {@linkcode assembleCorpus}. */
export interface AssembleOptions {
  /**
   * Target model. Sessions with any request of another model are left out.
   * @default {the model with the most requests; ties: alphabetically first}
   */
  model?: string;
  /**
   * A work-time gap still longer than this after subtracting compactions is idle (counts 0).
   * Seconds.
   * @default {300}
   */
  idleLimitSeconds?: number;
  /** Bytes read, reported as {@linkcode Corpus.bytes}. @default {0} */
  bytes?: number;
}

/** The defaults of {@linkcode AssembleOptions}. */
export const DEFAULT_IDLE_LIMIT_SECONDS = 300;

interface PendingBoundary {
  session: number;
  /** Number of the session's requests (first-seen order) before the boundary. */
  position: number;
  manual: boolean;
  timeMs: number;
  preTokens: number;
  durationSeconds: number;
  summaryChars: number;
}

/**
 * Builds the corpus from parsed files.
 *
 * @param files Parsed files, in the order they were read (byte-wise path order).
 * @param options Model filter, idle limit.
 * @returns The columnar corpus.
 * @throws {RangeError} when `idleLimitSeconds` is negative or not a number.
 *
 * @example One request in one file
 * ```ts
 * import { assembleCorpus } from "./assemble_corpus.ts";
 * import { FileParser } from "./parse_file.ts";
 * import { splitLines } from "./jsonl.ts";
 * import assert from "node:assert/strict";
 *
 * const parser = new FileParser();
 * splitLines(
 *   '{"type":"assistant","uuid":"a","requestId":"r","timestamp":"2026-01-01T00:00:00Z",' +
 *     '"message":{"id":"m","model":"opus","usage":{"input_tokens":2,"cache_read_input_tokens":8,"output_tokens":5}}}',
 *   (b, s, e, n) => parser.onLine(b, s, e, n),
 * );
 * const corpus = assembleCorpus([parser.finish()]);
 * assert.equal(corpus.model, "opus");
 * assert.equal(corpus.requests.context[0], 10);
 * assert.equal(corpus.requests.cachedShare[0], 0.8);
 * ```
 */
export function assembleCorpus(files: FileParse[], options: AssembleOptions = {}): Corpus {
  const { idleLimitSeconds = DEFAULT_IDLE_LIMIT_SECONDS, bytes = 0 } = options;
  if (!(idleLimitSeconds >= 0)) {
    throw new RangeError(
      `Cannot assemble corpus: idle limit must be >= 0 s, got ${idleLimitSeconds}`,
    );
  }
  const diagnostics: ReaderDiagnostics = {
    malformedLines: 0,
    malformedExamples: [],
    blankLines: 0,
    recordTypes: {},
    syntheticRecords: 0,
    apiErrorRecords: 0,
    zeroUsageRequests: 0,
    blocksWithoutUsage: 0,
    duplicateBlocks: 0,
    crossFileDuplicateRequests: 0,
    requestsWithoutMessageId: 0,
    requestsWithoutRequestId: 0,
    microcompactions: 0,
    compactionsWithoutDuration: 0,
    compactionsWithoutSummary: 0,
    excludedSessions: { otherModel: 0, noTargetModel: 0 },
    requestsByModel: {},
  };

  // Requests, built as growable columns.
  const reqSession: number[] = [];
  const reqModel: string[] = [];
  const reqTime: number[] = [];
  const reqFile: number[] = [];
  const reqU: number[] = [];
  const reqW5: number[] = [];
  const reqW1h: number[] = [];
  const reqR: number[] = [];
  const reqY: number[] = [];
  const reqNoId: boolean[] = [];
  const reqNoRequestId: boolean[] = [];
  const keyIndex = new Map<string, number>();
  const crossFile = new Set<number>();

  const sessionKind: number[] = [];
  /** Per global session, its requests in first-seen order. */
  const sessionRequests: number[][] = [];
  const boundaries: PendingBoundary[] = [];
  const seenBoundaries = new Set<string>();

  files.forEach((file, fileIndex) => {
    const c = file.counts;
    diagnostics.malformedLines += c.malformedLines;
    for (const line of c.malformedExamples) {
      if (diagnostics.malformedExamples.length < 20) {
        diagnostics.malformedExamples.push({ file: fileIndex, line });
      }
    }
    diagnostics.blankLines += c.blankLines;
    for (const [type, n] of Object.entries(c.recordTypes)) {
      diagnostics.recordTypes[type] = (diagnostics.recordTypes[type] ?? 0) + n;
    }
    diagnostics.syntheticRecords += c.syntheticRecords;
    diagnostics.apiErrorRecords += c.apiErrorRecords;
    diagnostics.blocksWithoutUsage += c.blocksWithoutUsage;
    diagnostics.microcompactions += c.microcompactions;
    diagnostics.duplicateBlocks += c.repeatedBlocks;

    const globalOf = file.sessions.map((s) => {
      sessionKind.push(s.subagent ? SESSION_KIND.subagent : SESSION_KIND.main);
      sessionRequests.push([]);
      return sessionKind.length - 1;
    });

    const b = file.blocks;
    let nextBoundary = 0;
    const takeBoundaries = (blocksBefore: number) => {
      while (
        nextBoundary < file.boundaries.length &&
        file.boundaries[nextBoundary].blocksBefore <= blocksBefore
      ) {
        const fb = file.boundaries[nextBoundary++];
        if (fb.uuid) {
          if (seenBoundaries.has(fb.uuid)) continue;
          seenBoundaries.add(fb.uuid);
        }
        const session = globalOf[fb.session];
        boundaries.push({
          session,
          position: sessionRequests[session].length,
          manual: fb.manual,
          timeMs: fb.timeMs,
          preTokens: fb.preTokens,
          durationSeconds: fb.durationSeconds,
          summaryChars: fb.summaryChars,
        });
      }
    };
    for (let i = 0; i < b.key.length; i++) {
      takeBoundaries(i);
      const key = b.key[i];
      const total = b.input[i] + b.cacheWrite5m[i] + b.cacheWrite1h[i] + b.cacheRead[i] +
        b.output[i];
      const existing = keyIndex.get(key);
      if (existing === undefined) {
        const index = reqSession.length;
        keyIndex.set(key, index);
        const session = globalOf[b.session[i]];
        reqSession.push(session);
        sessionRequests[session].push(index);
        reqModel.push(b.model[i]);
        reqTime.push(b.timeMs[i]);
        reqFile.push(fileIndex);
        reqU.push(b.input[i]);
        reqW5.push(b.cacheWrite5m[i]);
        reqW1h.push(b.cacheWrite1h[i]);
        reqR.push(b.cacheRead[i]);
        reqY.push(b.output[i]);
        reqNoId.push(key.startsWith("uuid:") || key.startsWith("line:"));
        reqNoRequestId.push(!key.includes(":"));
        continue;
      }
      diagnostics.duplicateBlocks++;
      if (reqFile[existing] !== fileIndex) crossFile.add(existing);
      const t = b.timeMs[i];
      if (!(reqTime[existing] <= t)) reqTime[existing] = Number.isNaN(t) ? reqTime[existing] : t;
      const kept = reqU[existing] + reqW5[existing] + reqW1h[existing] + reqR[existing] +
        reqY[existing];
      if (total >= kept) {
        reqModel[existing] = b.model[i];
        reqU[existing] = b.input[i];
        reqW5[existing] = b.cacheWrite5m[i];
        reqW1h[existing] = b.cacheWrite1h[i];
        reqR[existing] = b.cacheRead[i];
        reqY[existing] = b.output[i];
      }
    }
    takeBoundaries(Number.POSITIVE_INFINITY);
  });
  diagnostics.crossFileDuplicateRequests = crossFile.size;

  // Valid requests and the model filter.
  const requestCount = reqSession.length;
  const valid = new Uint8Array(requestCount);
  for (let i = 0; i < requestCount; i++) {
    if (reqU[i] + reqW5[i] + reqW1h[i] + reqR[i] + reqY[i] === 0) {
      diagnostics.zeroUsageRequests++;
      continue;
    }
    valid[i] = 1;
    diagnostics.requestsByModel[reqModel[i]] = (diagnostics.requestsByModel[reqModel[i]] ?? 0) + 1;
    if (reqNoId[i]) diagnostics.requestsWithoutMessageId++;
    if (reqNoRequestId[i]) diagnostics.requestsWithoutRequestId++;
  }
  const model = options.model ?? _mostFrequentModel(diagnostics.requestsByModel);

  const included: number[] = [];
  for (let s = 0; s < sessionKind.length; s++) {
    let mine = 0;
    let other = 0;
    for (const r of sessionRequests[s]) {
      if (!valid[r]) continue;
      if (reqModel[r] === model) mine++;
      else other++;
    }
    if (other > 0) diagnostics.excludedSessions.otherModel++;
    else if (mine === 0) diagnostics.excludedSessions.noTargetModel++;
    else included.push(s);
  }

  // Session and request tables, requests sorted by time within each session.
  const sessionRow = new Int32Array(sessionKind.length).fill(-1);
  const rowOfRequest = new Int32Array(requestCount).fill(-1);
  const order: number[] = [];
  const sessions = {
    length: included.length,
    kind: new Uint8Array(included.length),
    firstRequest: new Uint32Array(included.length),
    requestCount: new Uint32Array(included.length),
  } satisfies SessionTable;
  included.forEach((s, row) => {
    sessionRow[s] = row;
    sessions.kind[row] = sessionKind[s];
    sessions.firstRequest[row] = order.length;
    const mine = sessionRequests[s].filter((r) => valid[r]);
    // Stable by first-seen order; untimed requests last.
    mine.sort((a, b) => {
      const ta = reqTime[a];
      const tb = reqTime[b];
      if (Number.isNaN(ta) || Number.isNaN(tb)) {
        return Number(Number.isNaN(ta)) - Number(Number.isNaN(tb)) || a - b;
      }
      return ta - tb || a - b;
    });
    for (const r of mine) {
      rowOfRequest[r] = order.length;
      order.push(r);
    }
    sessions.requestCount[row] = mine.length;
  });

  const n = order.length;
  const requests = {
    length: n,
    session: new Uint32Array(n),
    timeMs: new Float64Array(n),
    input: new Float64Array(n),
    cacheWrite5m: new Float64Array(n),
    cacheWrite1h: new Float64Array(n),
    cacheRead: new Float64Array(n),
    output: new Float64Array(n),
    context: new Float64Array(n),
    cachedShare: new Float64Array(n),
    gapSeconds: new Float64Array(n),
    compactionBefore: new Int32Array(n).fill(-1),
  } satisfies RequestTable;
  for (let row = 0; row < n; row++) {
    const r = order[row];
    requests.session[row] = sessionRow[reqSession[r]];
    requests.timeMs[row] = reqTime[r];
    requests.input[row] = reqU[r];
    requests.cacheWrite5m[row] = reqW5[r];
    requests.cacheWrite1h[row] = reqW1h[r];
    requests.cacheRead[row] = reqR[r];
    requests.output[row] = reqY[r];
    const x = reqU[r] + reqW5[r] + reqW1h[r] + reqR[r];
    requests.context[row] = x;
    requests.cachedShare[row] = x > 0 ? reqR[r] / x : 0;
  }

  // Compactions of included sessions, in corpus file order.
  const kept = boundaries.filter((b) => sessionRow[b.session] >= 0);
  const m = kept.length;
  const compactions = {
    length: m,
    session: new Uint32Array(m),
    trigger: new Uint8Array(m),
    timeMs: new Float64Array(m),
    inputTokens: new Float64Array(m),
    durationSeconds: new Float64Array(m),
    summaryTokens: new Float64Array(m),
    postContext: new Float64Array(m),
    cachedShareBefore: new Float64Array(m),
    cachedShareAfter: new Float64Array(m),
  } satisfies CompactionTable;
  kept.forEach((b, row) => {
    const list = sessionRequests[b.session];
    let before = -1;
    for (let k = b.position - 1; k >= 0; k--) {
      if (valid[list[k]]) {
        before = rowOfRequest[list[k]];
        break;
      }
    }
    let after = -1;
    for (let k = b.position; k < list.length; k++) {
      if (valid[list[k]]) {
        after = rowOfRequest[list[k]];
        break;
      }
    }
    compactions.session[row] = sessionRow[b.session];
    compactions.trigger[row] = b.manual ? COMPACTION_TRIGGER.manual : COMPACTION_TRIGGER.auto;
    compactions.timeMs[row] = b.timeMs;
    compactions.inputTokens[row] = Number.isFinite(b.preTokens)
      ? b.preTokens
      : before >= 0
      ? requests.context[before]
      : NaN;
    compactions.durationSeconds[row] = b.durationSeconds;
    compactions.summaryTokens[row] = Number.isNaN(b.summaryChars)
      ? NaN
      : Math.ceil(b.summaryChars / 4);
    compactions.postContext[row] = after >= 0 ? requests.context[after] : NaN;
    compactions.cachedShareBefore[row] = before >= 0 ? requests.cachedShare[before] : NaN;
    compactions.cachedShareAfter[row] = after >= 0 ? requests.cachedShare[after] : NaN;
    if (Number.isNaN(b.durationSeconds)) diagnostics.compactionsWithoutDuration++;
    if (Number.isNaN(b.summaryChars)) diagnostics.compactionsWithoutSummary++;
  });

  _workGaps(requests, sessions, compactions, idleLimitSeconds);

  return {
    files: files.length,
    bytes,
    model,
    requests,
    sessions,
    compactions,
    diagnostics,
    idleLimitSeconds,
  };
}

function _mostFrequentModel(counts: Record<string, number>): string {
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

/** Fills `gapSeconds` and `compactionBefore` (analysis-spec §1, work time W). */
function _workGaps(
  requests: RequestTable,
  sessions: SessionTable,
  compactions: CompactionTable,
  idleLimitSeconds: number,
): void {
  const bySession: number[][] = Array.from({ length: sessions.length }, () => []);
  for (let c = 0; c < compactions.length; c++) {
    if (!Number.isNaN(compactions.timeMs[c])) bySession[compactions.session[c]].push(c);
  }
  for (const list of bySession) {
    list.sort((a, b) => compactions.timeMs[a] - compactions.timeMs[b] || a - b);
  }
  for (let s = 0; s < sessions.length; s++) {
    const first = sessions.firstRequest[s];
    const end = first + sessions.requestCount[s];
    const list = bySession[s];
    let c = 0;
    for (let i = first + 1; i < end; i++) {
      const previous = requests.timeMs[i - 1];
      const current = requests.timeMs[i];
      if (Number.isNaN(previous) || Number.isNaN(current)) continue;
      while (c < list.length && compactions.timeMs[list[c]] <= previous) c++;
      let compacting = 0;
      while (c < list.length && compactions.timeMs[list[c]] <= current) {
        if (requests.compactionBefore[i] === -1) requests.compactionBefore[i] = list[c];
        const d = compactions.durationSeconds[list[c]];
        if (Number.isFinite(d)) compacting += d;
        c++;
      }
      const gap = Math.max(0, (current - previous) / 1000 - compacting);
      requests.gapSeconds[i] = gap > idleLimitSeconds ? 0 : gap;
    }
  }
}
