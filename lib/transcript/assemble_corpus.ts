/**
 * Parsed files (in path order) → the corpus tables of docs/method.md (Sessions, Requests, Compactions). Pure.
 *
 * Decisions the method leaves open, made here (docs/method.md, Choices):
 * - A session exists once it has a conversation record. A session whose requests all turned out
 *   to be copies of requests seen earlier (a resumed file's history), or to have zero usage, has
 *   no request left and is counted as `noTargetModel`.
 * - A `compact_boundary` whose uuid was already seen (a resumed or forked copy) is the same
 *   compaction and is not counted again.
 * - Requests without a timestamp sort after the timed ones of their session and add no work time.
 * - When several compactions fall in one gap, all their durations are subtracted and
 *   `compactionBefore` names the first.
 * - A session counts for the model of more than half of its valid requests (docs/method.md, Model
 *   filter): a session that switches model with `/model` is kept whole for its main model, its
 *   requests of other models replayed at that model's prices and counted
 *   (`mixedModelSessions`); a session with no such model (an even split) is left out with the
 *   other-model sessions, whose requests are totalled by model (`leftOut`).
 * - Advisor passes (`usage.iterations` entries of `advisor_message` type) are no requests: they are
 *   de-duplicated by their key (`<request key>#advisor<k>`, the largest total kept) and totalled
 *   by model over the included sessions (`Corpus.advisor`).
 * - Helper sessions (SESSION_KIND.helper) are context windows like sub-agents: their requests
 *   are in the request table, in D and in the work time; only their kind tells them apart.
 * - A compaction call (`agent-acompact-<hex>.jsonl`, or a session whose agentId is
 *   `acompact-<hex>`) is no session: its blocks take no part in de-duplication, in the request
 *   count, in `requestsByModel` or in the model filter, and its own boundaries are not
 *   compactions. Its usage is the last of its requests (by timestamp; split blocks folded by
 *   `message.id`, largest total). It is matched to the first boundary, at or after that request's
 *   timestamp, of the main session of `<sessionId>.jsonl` beside its `<sessionId>/subagents/`
 *   folder (so {@linkcode AssembleOptions.paths} is needed to match any). When several calls reach
 *   one boundary the latest wins and the others are unmatched. Calls matched to a boundary of a
 *   session the model filter leaves out count as matched.
 *
 * @module
 */

import { COMPACTION_CALL_KIND, isCompactionCallFile, parentTranscript } from "./agent_kind.ts";
import type { FileBlocks, FileBoundary, FileParse } from "./parse_file.ts";
import { echoName } from "../io/echo_name.ts";
import { assembleFetches, renumberFetches } from "./assemble_fetches.ts";
import {
  emptyCompactionTable,
  emptyRequestTable,
  emptySessionTable,
  type RequestTableWithOtherModel,
} from "./empty_tables.ts";
import {
  type AdvisorUsage,
  COMPACTION_TRIGGER,
  type CompactionTable,
  type Corpus,
  type ReaderDiagnostics,
  type RequestTable,
  type SessionTable,
  type TokenTotals,
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
  /**
   * The files' paths, in the order of `files`: used only to tell compaction-call files and to
   * find the main transcript of a `<sessionId>/subagents/` file; never in any output.
   * @default {none: compaction calls are told by agentId only, and none is matched}
   */
  paths?: readonly string[];
}

/** The defaults of {@linkcode AssembleOptions}. */
export const DEFAULT_IDLE_LIMIT_SECONDS = 300;

interface PendingBoundary {
  session: number;
  /** Number of the session's requests (first-seen order) before the boundary. */
  position: number;
  trigger: number;
  otherTrigger: string;
  precomputed: boolean;
  timeMs: number;
  preTokens: number;
  durationSeconds: number;
  summaryChars: number;
  /** Index into the run's compaction calls (-1: none matched). */
  call: number;
}

/** A compaction call's own request: its usage and timestamp. */
interface CompactionCall {
  /** Global session of the parent main conversation (-1: none found). */
  parent: number;
  timeMs: number;
  input: number;
  cacheWrite5m: number;
  cacheWrite1h: number;
  cacheRead: number;
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
  // Each step is its own small function with one loop: V8 compiles a hot loop by compiling its
  // whole function, and one big function here was compiled (and de-optimised) again at every
  // loop, which made a cold assembly cost 3-4 times a warm one.
  const diagnostics = emptyDiagnostics();
  const run = _gatherFiles(files, options.paths, diagnostics);
  const pending = _deduplicate(run, diagnostics);
  _matchCalls(pending, run.calls, diagnostics);
  const valid = _countValid(pending, diagnostics);
  const model = options.model ?? _mostFrequentModel(diagnostics.requestsByModel);
  const included = _includedSessions(pending, valid, model, diagnostics);
  const advisor = _advisorUsage(run.advisor, included);
  const { sessions, requests, sessionRow, rowOfRequest } = _requestTable(
    pending,
    valid,
    included,
    model,
  );
  const compactions = _compactionTable(
    pending,
    valid,
    requests,
    sessionRow,
    rowOfRequest,
    run.calls,
    diagnostics,
  );
  _workGaps(requests, sessions, compactions, idleLimitSeconds);
  const fetches = run.fetches.some((f) => f !== undefined)
    ? assembleFetches(run.fetches, run.blockStart, pending.requestOfBlock, rowOfRequest)
    : undefined;
  const corpus: Corpus = {
    files: files.length,
    bytes,
    model,
    requests,
    sessions,
    compactions,
    diagnostics,
    advisor,
    idleLimitSeconds,
    ...(fetches === undefined ? {} : { fetches }),
  };
  _identities.set(corpus, _sessionIdentities(files, options.paths, included));
  return corpus;
}

/** Each session row's identity, kept beside the corpus (never in it, never in an output). */
const _identities = new WeakMap<Corpus, string[]>();

/**
 * The identity of each session row of a corpus this module assembled: the name of its file
 * without `.jsonl` (a main transcript's name is its session id) and the session's key inside the
 * file (`main`, `agent:<agentId>`, …), joined by a NUL. Stable across re-reads of the same
 * files; it is an id, so it is only ever hashed (lib/pool/session_key.ts), never written.
 *
 * @param corpus A corpus from {@linkcode assembleCorpus}.
 * @returns One identity per session row, or undefined for a corpus built elsewhere.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { corpusFromText } from "./read_corpus.ts";
 * import { sessionIdentities } from "./assemble_corpus.ts";
 * const line = '{"type":"assistant","uuid":"a","requestId":"r","timestamp":"2026-01-01T00:00:00Z",' +
 *   '"message":{"id":"m","model":"opus","usage":{"input_tokens":3,"output_tokens":1}}}';
 * const corpus = corpusFromText([{ path: "p/s1.jsonl", text: line }]);
 * assert.deepEqual(sessionIdentities(corpus), ["s1\u0000main"]);
 * ```
 */
export function sessionIdentities(corpus: Corpus): string[] | undefined {
  return _identities.get(corpus);
}

function _sessionIdentities(
  files: FileParse[],
  paths: readonly string[] | undefined,
  included: number[],
): string[] {
  const owner: { file: number; local: number }[] = [];
  files.forEach((file, f) => file.sessions.forEach((_, local) => owner.push({ file: f, local })));
  return included.map((s) => {
    const { file, local } = owner[s];
    const path = paths?.[file] ?? `file${file}`;
    const name = path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1)
      .replace(/\.jsonl$/, "");
    return `${name}\u0000${files[file].sessions[local].key}`;
  });
}

/** Reader diagnostics with every count at zero (a corpus's, or a pool's before its exports add theirs). */
export function emptyDiagnostics(): ReaderDiagnostics {
  return {
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
    microcompactions: 0,
    compactionsWithoutDuration: 0,
    compactionsWithoutSummary: 0,
    compactionsWithUnknownTrigger: 0,
    matchedCompactionCalls: 0,
    unmatchedCompactionCalls: 0,
    excludedSessions: { otherModel: 0, noTargetModel: 0 },
    requestsByModel: {},
    oversizedLines: 0,
    invalidUsageValues: 0,
    undecodableNames: 0,
    repeatedRecordUuids: 0,
    microcompactTokensSaved: 0,
    otherIterations: 0,
    otherTriggers: {},
    mixedModelSessions: { sessions: 0, requestsOfOtherModels: 0 },
    leftOut: { requests: 0, byModel: {} },
  };
}

/** The columns a block keeps from its file through de-duplication: model, time and usage. */
type BlockColumns = Pick<
  FileBlocks,
  "model" | "timeMs" | "input" | "cacheWrite5m" | "cacheWrite1h" | "cacheRead" | "output"
>;

/** The blocks of all files as one corpus-wide run, with global sessions and boundary positions. */
interface BlockRun extends BlockColumns, Pick<FileBlocks, "key" | "keyHash"> {
  length: number;
  /** Global session of each block. */
  session: Float64Array;
  file: Int32Array;
  /** Kind of each global session ({@linkcode COMPACTION_CALL_KIND} for a compaction call). */
  sessionKind: number[];
  /** Boundaries in file order, each with the run position of the first block after it. */
  boundaries: { at: number; session: number; boundary: FileBoundary }[];
  /** Compaction calls, in file order (their blocks are not in the run). */
  calls: CompactionCall[];
  /** Advisor passes of all files, with global sessions (compaction calls' left out). */
  advisor: { session: number[]; key: string[]; model: string[]; usage: number[][] };
  /** Run position of each file's first block. */
  blockStart: Int32Array;
  /** Each file's fetches, blocks numbered as in the run's file (undefined: none read). */
  fetches: (FileParse["fetches"])[];
}

/** Per-file counters into `diagnostics`; the files' blocks into one {@linkcode BlockRun}. */
function _gatherFiles(
  parsed: FileParse[],
  paths: readonly string[] | undefined,
  diagnostics: ReaderDiagnostics,
): BlockRun {
  const sessionKind: number[] = [];
  const sessionBase = new Int32Array(parsed.length);
  const blockStart = new Int32Array(parsed.length + 1);
  const boundaries: BlockRun["boundaries"] = [];
  const advisor: BlockRun["advisor"] = { session: [], key: [], model: [], usage: [] };
  parsed.forEach((file, f) => {
    sessionBase[f] = sessionKind.length;
    const callFile = paths !== undefined && isCompactionCallFile(paths[f]);
    for (const s of file.sessions) sessionKind.push(callFile ? COMPACTION_CALL_KIND : s.kind);
  });
  // Compaction calls leave the run here; the files holding them are replaced by copies without.
  const calls: CompactionCall[] = [];
  const files = parsed.map((file, f) => {
    const base = sessionBase[f];
    if (!file.sessions.some((_, s) => sessionKind[base + s] === COMPACTION_CALL_KIND)) return file;
    return _withoutCalls(
      file,
      base,
      sessionKind,
      _parentSession(parsed, paths, f, sessionBase),
      calls,
    );
  });
  files.forEach((file, fileIndex) => {
    const c = file.counts;
    diagnostics.malformedLines += c.malformedLines;
    for (const line of c.malformedExamples) {
      if (diagnostics.malformedExamples.length < 20) {
        diagnostics.malformedExamples.push({ file: fileIndex, line });
      }
    }
    diagnostics.blankLines += c.blankLines;
    diagnostics.oversizedLines += c.oversizedLines;
    diagnostics.invalidUsageValues += c.invalidUsageValues;
    for (const [type, n] of Object.entries(c.recordTypes)) {
      diagnostics.recordTypes[type] = (diagnostics.recordTypes[type] ?? 0) + n;
    }
    diagnostics.syntheticRecords += c.syntheticRecords;
    diagnostics.apiErrorRecords += c.apiErrorRecords;
    diagnostics.blocksWithoutUsage += c.blocksWithoutUsage;
    diagnostics.microcompactions += c.microcompactions;
    diagnostics.duplicateBlocks += c.repeatedBlocks;
    diagnostics.repeatedRecordUuids += c.repeatedRecordUuids;
    diagnostics.microcompactTokensSaved += c.microcompactTokensSaved;
    diagnostics.otherIterations += c.otherIterations;
    const a = file.advisor;
    for (let k = 0; k < a.key.length; k++) {
      const session = sessionBase[fileIndex] + a.session[k];
      if (sessionKind[session] === COMPACTION_CALL_KIND) continue;
      advisor.session.push(session);
      advisor.key.push(a.key[k]);
      advisor.model.push(echoName(a.model[k]));
      advisor.usage.push([
        a.input[k],
        a.cacheWrite5m[k],
        a.cacheWrite1h[k],
        a.cacheRead[k],
        a.output[k],
      ]);
    }
    blockStart[fileIndex + 1] = blockStart[fileIndex] + file.blocks.key.length;
    for (const boundary of file.boundaries) {
      boundaries.push({
        at: blockStart[fileIndex] + boundary.blocksBefore,
        session: sessionBase[fileIndex] + boundary.session,
        boundary,
      });
    }
  });
  const length = blockStart[files.length];
  const column = (pick: (blocks: FileParse["blocks"]) => ArrayLike<number>) => {
    const out = new Float64Array(length);
    files.forEach((file, f) => out.set(pick(file.blocks), blockStart[f]));
    return out;
  };
  const session = column((b) => b.session);
  const file = new Int32Array(length);
  files.forEach((_, f) => {
    file.fill(f, blockStart[f], blockStart[f + 1]);
    for (let i = blockStart[f]; i < blockStart[f + 1]; i++) session[i] += sessionBase[f];
  });
  return {
    length,
    session,
    file,
    key: ([] as string[]).concat(...files.map((f) => f.blocks.key)),
    keyHash: column((b) => b.keyHash),
    // A model name that does not look like an identifier is the model "other" everywhere (so
    // it never reaches an output; ../io/echo_name.ts).
    model: ([] as string[]).concat(...files.map((f) => f.blocks.model.map(echoName))),
    timeMs: column((b) => b.timeMs),
    input: column((b) => b.input),
    cacheWrite5m: column((b) => b.cacheWrite5m),
    cacheWrite1h: column((b) => b.cacheWrite1h),
    cacheRead: column((b) => b.cacheRead),
    output: column((b) => b.output),
    sessionKind,
    boundaries,
    calls,
    advisor,
    blockStart,
    fetches: files.map((f) => f.fetches),
  };
}

/**
 * Global session of the main conversation of the transcript a `<sessionId>/subagents/` file
 * belongs to, or -1 (no paths, not in such a folder, parent file not read, or no main session).
 */
function _parentSession(
  files: FileParse[],
  paths: readonly string[] | undefined,
  f: number,
  sessionBase: Int32Array,
): number {
  const parent = paths === undefined ? undefined : parentTranscript(paths[f]);
  if (parent === undefined) return -1;
  const p = paths!.indexOf(parent);
  if (p < 0) return -1;
  const main = files[p].sessions.findIndex((s) => s.key === "main");
  return main < 0 ? -1 : sessionBase[p] + main;
}

/**
 * `file` without the blocks and boundaries of its compaction-call sessions; each call session's
 * last request (see the module doc) is appended to `calls`.
 */
function _withoutCalls(
  file: FileParse,
  base: number,
  sessionKind: number[],
  parent: number,
  calls: CompactionCall[],
): FileParse {
  const b = file.blocks;
  const isCall = (local: number) => sessionKind[base + local] === COMPACTION_CALL_KIND;
  const kept: number[] = [];
  /** Per call session: key → the folded block (earliest time, usage of the largest total). */
  const requests = new Map<number, Map<string, CompactionCall & { total: number }>>();
  for (let i = 0; i < b.key.length; i++) {
    if (!isCall(b.session[i])) {
      kept.push(i);
      continue;
    }
    const total = b.input[i] + b.cacheWrite5m[i] + b.cacheWrite1h[i] + b.cacheRead[i] +
      b.output[i];
    if (total === 0) continue;
    let byKey = requests.get(b.session[i]);
    if (byKey === undefined) requests.set(b.session[i], byKey = new Map());
    const block = {
      parent,
      timeMs: b.timeMs[i],
      input: b.input[i],
      cacheWrite5m: b.cacheWrite5m[i],
      cacheWrite1h: b.cacheWrite1h[i],
      cacheRead: b.cacheRead[i],
      total,
    };
    const seen = byKey.get(b.key[i]);
    if (seen === undefined) {
      byKey.set(b.key[i], block);
      continue;
    }
    const earliest = seen.timeMs <= block.timeMs || Number.isNaN(block.timeMs)
      ? seen.timeMs
      : block.timeMs;
    if (total >= seen.total) Object.assign(seen, block);
    seen.timeMs = earliest;
  }
  for (const byKey of requests.values()) {
    let last: (CompactionCall & { total: number }) | undefined;
    for (const request of byKey.values()) {
      // The latest timestamp; ties and untimed requests: the later one in the file.
      if (last === undefined || !(request.timeMs < last.timeMs)) last = request;
    }
    if (last !== undefined) {
      const { total: _, ...call } = last;
      calls.push(call);
    }
  }
  // A call session with no usable request is still a call: counted, never matched.
  for (let local = 0; local < file.sessions.length; local++) {
    if (isCall(local) && !requests.has(local)) {
      calls.push({
        parent: -1,
        timeMs: NaN,
        input: NaN,
        cacheWrite5m: NaN,
        cacheWrite1h: NaN,
        cacheRead: NaN,
      });
    }
  }
  const keptBefore = new Int32Array(b.key.length + 1);
  for (let i = 0, k = 0; i <= b.key.length; i++) {
    while (k < kept.length && kept[k] < i) k++;
    keptBefore[i] = k;
  }
  const pick = <T extends Float64Array | Uint32Array>(column: T): T =>
    column.filter((_, i) => !isCall(b.session[i])) as T;
  return {
    ...file,
    blocks: {
      session: pick(b.session),
      key: kept.map((i) => b.key[i]),
      keyHash: pick(b.keyHash),
      model: kept.map((i) => b.model[i]),
      timeMs: pick(b.timeMs),
      input: pick(b.input),
      cacheWrite5m: pick(b.cacheWrite5m),
      cacheWrite1h: pick(b.cacheWrite1h),
      cacheRead: pick(b.cacheRead),
      output: pick(b.output),
    },
    boundaries: file.boundaries.filter((fb) => !isCall(fb.session)).map((fb) => ({
      ...fb,
      blocksBefore: keptBefore[fb.blocksBefore],
    })),
    fetches: file.fetches &&
      renumberFetches(file.fetches, (i) => (isCall(b.session[i]) ? -1 : keptBefore[i])),
  };
}

/** Requests after corpus-wide de-duplication, in first-seen order, before any filter. */
interface PendingRequests extends BlockColumns {
  length: number;
  session: Float64Array;
  /** 1 when the key is not a message id (`uuid:` or `line:` fallback). */
  noId: Uint8Array;
  sessionKind: number[];
  /** Per global session, its requests in first-seen order. */
  sessionRequests: number[][];
  boundaries: PendingBoundary[];
  /** The request each run block became or was merged into. */
  requestOfBlock: Int32Array;
}

/**
 * 1 for each block whose key hash no other block has: its key is certainly unique, so the
 * de-duplication needs no string look-up for it. An open-addressing count over typed arrays.
 */
function _uniqueHashes(hash: Float64Array): Uint8Array {
  let capacity = 16;
  while (capacity < 2 * hash.length) capacity *= 2;
  const mask = capacity - 1;
  const keys = new Float64Array(capacity);
  const used = new Uint8Array(capacity);
  const count = new Int32Array(capacity);
  const slotOf = new Int32Array(hash.length);
  for (let i = 0; i < hash.length; i++) {
    const h = hash[i];
    let slot = (h >>> 0) & mask;
    while (used[slot] === 1 && keys[slot] !== h) slot = (slot + 1) & mask;
    used[slot] = 1;
    keys[slot] = h;
    count[slot]++;
    slotOf[i] = slot;
  }
  const unique = new Uint8Array(hash.length);
  for (let i = 0; i < hash.length; i++) unique[i] = count[slotOf[i]] === 1 ? 1 : 0;
  return unique;
}

/**
 * One pass over the run: the first block of each key makes a request; a later block of the same
 * key replaces its usage when its total is at least as large, and moves its time earlier.
 * Boundaries are placed among their session's requests on the way, copies counted once.
 */
function _deduplicate(run: BlockRun, diagnostics: ReaderDiagnostics): PendingRequests {
  const size = run.length;
  const out: PendingRequests = {
    length: 0,
    session: new Float64Array(size),
    model: [],
    timeMs: new Float64Array(size),
    input: new Float64Array(size),
    cacheWrite5m: new Float64Array(size),
    cacheWrite1h: new Float64Array(size),
    cacheRead: new Float64Array(size),
    output: new Float64Array(size),
    noId: new Uint8Array(size),
    sessionKind: run.sessionKind,
    sessionRequests: run.sessionKind.map(() => []),
    boundaries: [],
    requestOfBlock: new Int32Array(size),
  };
  const unique = _uniqueHashes(run.keyHash);
  const firstFile = new Int32Array(size);
  // Only keys whose hash is shared go into the map (a few hundred in a typical corpus).
  const keyIndex = new Map<string, number>();
  const crossFile = new Set<number>();
  const seenBoundaries = new Set<string>();
  const { key: keys, input, cacheWrite5m, cacheWrite1h, cacheRead, output } = run;
  let n = 0;
  let nextBoundary = 0;
  for (let i = 0; i <= size; i++) {
    while (nextBoundary < run.boundaries.length && run.boundaries[nextBoundary].at <= i) {
      const { session, boundary: fb } = run.boundaries[nextBoundary++];
      if (fb.uuid) {
        if (seenBoundaries.has(fb.uuid)) continue;
        seenBoundaries.add(fb.uuid);
      }
      out.boundaries.push({
        session,
        position: out.sessionRequests[session].length,
        trigger: fb.trigger,
        otherTrigger: fb.otherTrigger,
        precomputed: fb.precomputed,
        timeMs: fb.timeMs,
        preTokens: fb.preTokens,
        durationSeconds: fb.durationSeconds,
        summaryChars: fb.summaryChars,
        call: -1,
      });
    }
    if (i === size) break;
    const key = keys[i];
    const existing = unique[i] === 1 ? undefined : keyIndex.get(key);
    out.requestOfBlock[i] = existing ?? n;
    if (existing === undefined) {
      if (unique[i] === 0) keyIndex.set(key, n);
      const session = run.session[i];
      out.session[n] = session;
      out.sessionRequests[session].push(n);
      out.model.push(run.model[i]);
      out.timeMs[n] = run.timeMs[i];
      firstFile[n] = run.file[i];
      out.input[n] = input[i];
      out.cacheWrite5m[n] = cacheWrite5m[i];
      out.cacheWrite1h[n] = cacheWrite1h[i];
      out.cacheRead[n] = cacheRead[i];
      out.output[n] = output[i];
      out.noId[n] = key.startsWith("uuid:") || key.startsWith("line:") ? 1 : 0;
      n++;
      continue;
    }
    diagnostics.duplicateBlocks++;
    if (firstFile[existing] !== run.file[i]) crossFile.add(existing);
    const t = run.timeMs[i];
    if (!(out.timeMs[existing] <= t)) {
      out.timeMs[existing] = Number.isNaN(t) ? out.timeMs[existing] : t;
    }
    const total = input[i] + cacheWrite5m[i] + cacheWrite1h[i] + cacheRead[i] + output[i];
    const kept = out.input[existing] + out.cacheWrite5m[existing] + out.cacheWrite1h[existing] +
      out.cacheRead[existing] + out.output[existing];
    if (total >= kept) {
      out.model[existing] = run.model[i];
      out.input[existing] = input[i];
      out.cacheWrite5m[existing] = cacheWrite5m[i];
      out.cacheWrite1h[existing] = cacheWrite1h[i];
      out.cacheRead[existing] = cacheRead[i];
      out.output[existing] = output[i];
    }
  }
  out.length = n;
  diagnostics.crossFileDuplicateRequests = crossFile.size;
  return out;
}

/**
 * Matches each compaction call to the first boundary of its parent session at or after the call's
 * timestamp (the latest call wins a boundary reached by several), and counts both outcomes.
 */
function _matchCalls(
  pending: PendingRequests,
  calls: CompactionCall[],
  diagnostics: ReaderDiagnostics,
): void {
  const boundaries = pending.boundaries;
  calls.forEach((call, index) => {
    if (call.parent < 0 || Number.isNaN(call.timeMs)) return;
    const target = boundaries.find((b) => b.session === call.parent && b.timeMs >= call.timeMs);
    if (target === undefined) return;
    if (target.call < 0 || !(calls[target.call].timeMs > call.timeMs)) target.call = index;
  });
  const matched = new Set(boundaries.map((b) => b.call).filter((c) => c >= 0)).size;
  diagnostics.matchedCompactionCalls = matched;
  diagnostics.unmatchedCompactionCalls = calls.length - matched;
}

/** Marks requests with any usage (1) and counts them by model; zero-usage ones are counted. */
function _countValid(pending: PendingRequests, diagnostics: ReaderDiagnostics): Uint8Array {
  const valid = new Uint8Array(pending.length);
  // A Map, not the result object: model strings built from bytes are not internalised, and a
  // keyed property access with such a string is a slow runtime look-up.
  const byModel = new Map<string, number>();
  for (let i = 0; i < pending.length; i++) {
    if (
      pending.input[i] + pending.cacheWrite5m[i] + pending.cacheWrite1h[i] +
          pending.cacheRead[i] + pending.output[i] === 0
    ) {
      diagnostics.zeroUsageRequests++;
      continue;
    }
    valid[i] = 1;
    byModel.set(pending.model[i], (byModel.get(pending.model[i]) ?? 0) + 1);
    if (pending.noId[i]) diagnostics.requestsWithoutMessageId++;
  }
  for (const [model, count] of byModel) {
    diagnostics.requestsByModel[model] = (diagnostics.requestsByModel[model] ?? 0) + count;
  }
  return valid;
}

/**
 * Sessions of which more than half the valid requests are of `model`; the others are counted,
 * those of another model (or of no majority) with their requests totalled by model (`leftOut`).
 */
function _includedSessions(
  pending: PendingRequests,
  valid: Uint8Array,
  model: string,
  diagnostics: ReaderDiagnostics,
): number[] {
  const included: number[] = [];
  for (let s = 0; s < pending.sessionKind.length; s++) {
    if (pending.sessionKind[s] === COMPACTION_CALL_KIND) continue; // no session
    const list = pending.sessionRequests[s];
    const { mine, all } = _countOfModel(list, pending.model, valid, model);
    if (all === 0) diagnostics.excludedSessions.noTargetModel++;
    else if (2 * mine > all) {
      included.push(s);
      if (mine < all) {
        diagnostics.mixedModelSessions.sessions++;
        diagnostics.mixedModelSessions.requestsOfOtherModels += all - mine;
      }
    } else {
      diagnostics.excludedSessions.otherModel++;
      _addLeftOut(list, pending, valid, diagnostics.leftOut);
    }
  }
  return included;
}

/**
 * Valid requests of `model` among `list`, and valid requests in all. (Its own function: V8
 * compiles an inner loop alone, and leaving it de-optimises the outer loop.)
 */
function _countOfModel(
  list: number[],
  models: string[],
  valid: Uint8Array,
  model: string,
): { mine: number; all: number } {
  let mine = 0;
  let all = 0;
  for (let k = 0; k < list.length; k++) {
    const r = list[k];
    if (!valid[r]) continue;
    all++;
    if (models[r] === model) mine++;
  }
  return { mine, all };
}

/** Adds the valid requests of a left-out session to `leftOut`, by each request's model. */
function _addLeftOut(
  list: number[],
  pending: PendingRequests,
  valid: Uint8Array,
  leftOut: ReaderDiagnostics["leftOut"],
): void {
  for (const r of list) {
    if (!valid[r]) continue;
    leftOut.requests++;
    const totals = leftOut.byModel[pending.model[r]] ??= _emptyTotals();
    totals.count++;
    totals.input += pending.input[r];
    totals.cacheWrite5m += pending.cacheWrite5m[r];
    totals.cacheWrite1h += pending.cacheWrite1h[r];
    totals.cacheRead += pending.cacheRead[r];
    totals.output += pending.output[r];
  }
}

function _emptyTotals(): TokenTotals {
  return { count: 0, input: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0, output: 0 };
}

/**
 * The advisor passes of the included sessions, each key once (the copy with the largest total;
 * ties: the later one), totalled by model.
 */
function _advisorUsage(passes: BlockRun["advisor"], included: number[]): AdvisorUsage {
  const keep = new Set(included);
  const byKey = new Map<string, number>();
  const total = (k: number) => passes.usage[k].reduce((sum, v) => sum + v, 0);
  for (let k = 0; k < passes.key.length; k++) {
    if (!keep.has(passes.session[k])) continue;
    const seen = byKey.get(passes.key[k]);
    if (seen === undefined || total(k) >= total(seen)) byKey.set(passes.key[k], k);
  }
  const out: AdvisorUsage = { iterations: 0, byModel: {} };
  // Models in name order, so equal inputs give byte-identical JSON.
  const chosen = [...byKey.values()].sort((a, b) =>
    passes.model[a] < passes.model[b] ? -1 : passes.model[a] > passes.model[b] ? 1 : a - b
  );
  for (const k of chosen) {
    const [input, cacheWrite5m, cacheWrite1h, cacheRead, output] = passes.usage[k];
    out.iterations++;
    const totals = out.byModel[passes.model[k]] ??= _emptyTotals();
    totals.count++;
    totals.input += input;
    totals.cacheWrite5m += cacheWrite5m;
    totals.cacheWrite1h += cacheWrite1h;
    totals.cacheRead += cacheRead;
    totals.output += output;
  }
  return out;
}

/** Session and request tables, requests sorted by time within each session. */
function _requestTable(
  pending: PendingRequests,
  valid: Uint8Array,
  included: number[],
  model: string,
) {
  const sessionRow = new Int32Array(pending.sessionKind.length).fill(-1);
  const rowOfRequest = new Int32Array(pending.length).fill(-1);
  const order: number[] = [];
  const sessions = emptySessionTable(included.length);
  const time = pending.timeMs;
  included.forEach((s, row) => {
    sessionRow[s] = row;
    sessions.kind[row] = pending.sessionKind[s];
    sessions.firstRequest[row] = order.length;
    const mine = pending.sessionRequests[s].filter((r) => valid[r]);
    // Stable by first-seen order; untimed requests last. Most sessions are in order already.
    if (!_inTimeOrder(mine, time)) {
      mine.sort((a, b) => {
        const ta = time[a];
        const tb = time[b];
        if (Number.isNaN(ta) || Number.isNaN(tb)) {
          return Number(Number.isNaN(ta)) - Number(Number.isNaN(tb)) || a - b;
        }
        return ta - tb || a - b;
      });
    }
    for (const r of mine) {
      rowOfRequest[r] = order.length;
      order.push(r);
    }
    sessions.requestCount[row] = mine.length;
  });

  const requests = emptyRequestTable(order.length, { otherModel: true });
  _fillRequestRows(requests, order, pending, sessionRow, model);
  return { sessions, requests, sessionRow, rowOfRequest };
}

/**
 * Fills the request rows from the pending requests in `order`. Its own function, each column in
 * a local: it runs once per corpus, mostly before V8 optimises it, where every property read
 * costs; and no branch is taken only rarely (such a branch de-optimised the loop).
 */
function _fillRequestRows(
  requests: RequestTableWithOtherModel,
  order: number[],
  pending: PendingRequests,
  sessionRow: Int32Array,
  model: string,
): void {
  const { session, timeMs, input, cacheWrite5m, cacheWrite1h, cacheRead, output } = requests;
  const { context, cachedShare, otherModel } = requests;
  const pSession = pending.session, pTime = pending.timeMs, pModel = pending.model;
  const pInput = pending.input, pWrite5m = pending.cacheWrite5m, pWrite1h = pending.cacheWrite1h;
  const pRead = pending.cacheRead, pOutput = pending.output;
  for (let row = 0; row < order.length; row++) {
    const r = order[row];
    session[row] = sessionRow[pSession[r]];
    timeMs[row] = pTime[r];
    const i = pInput[r], w5 = pWrite5m[r], w1 = pWrite1h[r], c = pRead[r];
    input[row] = i;
    cacheWrite5m[row] = w5;
    cacheWrite1h[row] = w1;
    cacheRead[row] = c;
    output[row] = pOutput[r];
    otherModel[row] = pModel[r] === model ? 0 : 1;
    const x = i + w5 + w1 + c;
    context[row] = x;
    cachedShare[row] = x > 0 ? c / x : 0;
  }
}

/** Whether `list` (request indices, ascending) has non-decreasing times and none missing. */
function _inTimeOrder(list: number[], time: Float64Array): boolean {
  for (let k = 1; k < list.length; k++) {
    if (!(time[list[k - 1]] <= time[list[k]])) return false;
  }
  return list.length === 0 || !Number.isNaN(time[list[0]]);
}

/** Compactions of included sessions, in corpus file order. */
function _compactionTable(
  pending: PendingRequests,
  valid: Uint8Array,
  requests: RequestTable,
  sessionRow: Int32Array,
  rowOfRequest: Int32Array,
  calls: CompactionCall[],
  diagnostics: ReaderDiagnostics,
): CompactionTable {
  const kept = pending.boundaries.filter((b) => sessionRow[b.session] >= 0);
  const m = kept.length;
  const compactions = emptyCompactionTable(m);
  kept.forEach((b, row) => {
    const list = pending.sessionRequests[b.session];
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
    const call = b.call >= 0 ? calls[b.call] : undefined;
    const callContext = call === undefined
      ? NaN
      : call.input + call.cacheWrite5m + call.cacheWrite1h + call.cacheRead;
    compactions.session[row] = sessionRow[b.session];
    compactions.trigger[row] = b.trigger;
    compactions.precomputed[row] = b.precomputed ? 1 : 0;
    compactions.timeMs[row] = b.timeMs;
    compactions.inputTokens[row] = Number.isFinite(b.preTokens)
      ? b.preTokens
      : call !== undefined
      ? callContext
      : before >= 0
      ? requests.context[before]
      : NaN;
    compactions.durationSeconds[row] = b.durationSeconds;
    compactions.summaryTokens[row] = Number.isNaN(b.summaryChars)
      ? NaN
      : Math.ceil(b.summaryChars / 4);
    compactions.postContext[row] = after >= 0 ? requests.context[after] : NaN;
    compactions.cachedShareBefore[row] = call !== undefined
      ? (callContext > 0 ? call.cacheRead / callContext : 0)
      : before >= 0
      ? requests.cachedShare[before]
      : NaN;
    compactions.cachedShareAfter[row] = after >= 0 ? requests.cachedShare[after] : NaN;
    if (call !== undefined) {
      compactions.callInput[row] = call.input;
      compactions.callCacheWrite5m[row] = call.cacheWrite5m;
      compactions.callCacheWrite1h[row] = call.cacheWrite1h;
      compactions.callCacheRead[row] = call.cacheRead;
    }
    if (b.trigger === COMPACTION_TRIGGER.unknown) diagnostics.compactionsWithUnknownTrigger++;
    if (b.trigger === COMPACTION_TRIGGER.other) {
      diagnostics.otherTriggers[b.otherTrigger] = (diagnostics.otherTriggers[b.otherTrigger] ?? 0) +
        1;
    }
    if (Number.isNaN(b.durationSeconds)) diagnostics.compactionsWithoutDuration++;
    if (Number.isNaN(b.summaryChars)) diagnostics.compactionsWithoutSummary++;
  });
  return compactions;
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

/** Fills `gapSeconds` and `compactionBefore` (docs/method.md, Work time). */
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
    _sessionGaps(
      requests,
      compactions,
      sessions.firstRequest[s],
      sessions.firstRequest[s] + sessions.requestCount[s],
      bySession[s],
      idleLimitSeconds,
    );
  }
}

/** The work gaps of the requests `[first, end)` of one session, whose timed compactions are `list`. */
function _sessionGaps(
  requests: RequestTable,
  compactions: CompactionTable,
  first: number,
  end: number,
  list: number[],
  idleLimitSeconds: number,
): void {
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
