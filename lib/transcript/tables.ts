/**
 * The columnar tables the transcript reader builds once and every analysis reads.
 *
 * Rows of the request table are sorted by session, then by timestamp (ties: the order in which
 * each request was first seen), so a session is the contiguous row range
 * `sessions.firstRequest[s] … sessions.firstRequest[s] + sessions.requestCount[s] - 1`.
 * Only requests of included sessions (docs/method.md, Model filter) are in the table.
 *
 * @module
 */

/**
 * Session kinds, stored as numbers in {@linkcode SessionTable.kind}. A helper is a forked agent
 * whose `agentId` is `a<label>-<hex>` (`aside_question-…`, `aspeculation-…`): a context window
 * of its own like a sub-agent, reported apart (docs/transcript-format.md, sub-agents).
 */
export const SESSION_KIND = { main: 0, subagent: 1, helper: 2 } as const;

/**
 * Compaction triggers, stored as numbers in {@linkcode CompactionTable.trigger}. `unknown`:
 * `compactMetadata` null, or without a trigger string; `other`: a trigger string that is neither
 * `"auto"` nor `"manual"` (idle compaction's, 2026: docs/transcript-format.md). Both are counted
 * apart and never part of the observed trigger level.
 */
export const COMPACTION_TRIGGER = { auto: 0, manual: 1, unknown: 2, other: 3 } as const;

/** One row per de-duplicated API request of an included session. */
export interface RequestTable {
  /** Number of rows. */
  readonly length: number;
  /** Row index into {@linkcode SessionTable}. */
  readonly session: Uint32Array;
  /** Earliest timestamp among the request's blocks, ms since the Unix epoch (NaN: none). */
  readonly timeMs: Float64Array;
  /** `input_tokens`: uncached plain input. */
  readonly input: Float64Array;
  /** 5-minute cache writes (all of `cache_creation_input_tokens` when no breakdown). */
  readonly cacheWrite5m: Float64Array;
  /** 1-hour cache writes. */
  readonly cacheWrite1h: Float64Array;
  /** `cache_read_input_tokens`. */
  readonly cacheRead: Float64Array;
  /** `output_tokens` (largest block of the response). */
  readonly output: Float64Array;
  /** Context x = input + cacheWrite5m + cacheWrite1h + cacheRead, tokens. */
  readonly context: Float64Array;
  /** Cached share c = cacheRead / context (0 when context is 0). */
  readonly cachedShare: Float64Array;
  /**
   * Work-time gap from the previous request of the same session, seconds: the timestamp gap
   * minus the durations of compactions inside it (floor 0), then 0 when still over the idle
   * limit. 0 for a session's first request.
   */
  readonly gapSeconds: Float64Array;
  /**
   * 1 for a request of another model than the corpus's, in a session counted for the corpus's
   * model (more than half its requests: a `/model` switch); the replay prices it at the corpus
   * model's prices. 0 otherwise; absent in tables not built by the reader (read as 0).
   */
  readonly otherModel?: Uint8Array;
  /**
   * Row in {@linkcode CompactionTable} of the first compaction whose boundary falls inside the
   * gap before this request (previous request's time < boundary time ≤ this request's time),
   * or -1.
   */
  readonly compactionBefore: Int32Array;
}

/** One row per included session (one context window). */
export interface SessionTable {
  readonly length: number;
  /** {@linkcode SESSION_KIND}: 0 main, 1 sub-agent, 2 helper. */
  readonly kind: Uint8Array;
  /** First row of the session in {@linkcode RequestTable}. */
  readonly firstRequest: Uint32Array;
  /** Number of request rows of the session. */
  readonly requestCount: Uint32Array;
}

/** One row per `compact_boundary` in an included session, in corpus file order. */
export interface CompactionTable {
  readonly length: number;
  /** Row index into {@linkcode SessionTable}. */
  readonly session: Uint32Array;
  /** {@linkcode COMPACTION_TRIGGER}: 0 auto, 1 manual, 2 unknown, 3 other. */
  readonly trigger: Uint8Array;
  /**
   * 1 when `compactMetadata.precomputed` is truthy: a summary computed in the background and
   * swapped in at the boundary. Its C, G, R and β are kept; its duration is no summarizing time,
   * so the time fit leaves it out (docs/method.md, Compactions).
   */
  readonly precomputed: Uint8Array;
  /** Boundary timestamp, ms since epoch (NaN: none). */
  readonly timeMs: Float64Array;
  /**
   * C: compaction input tokens (`preTokens`, else the matched compaction call's x, else x of the
   * last request before; NaN: unknown).
   */
  readonly inputTokens: Float64Array;
  /** Duration in seconds (durationMs, else the timestamp fallbacks; NaN: unknown or negative). */
  readonly durationSeconds: Float64Array;
  /** G: ceil(chars / 4) of the summary text (NaN: no summary record found). */
  readonly summaryTokens: Float64Array;
  /** R: context x of the session's first request after the boundary (NaN: none). */
  readonly postContext: Float64Array;
  /**
   * β: the matched compaction call's own cached share r/x when the transcript has the call;
   * otherwise the cached share of the session's last request before the boundary (NaN: none).
   */
  readonly cachedShareBefore: Float64Array;
  /** Cached share c of the session's first request after the boundary (NaN: none). */
  readonly cachedShareAfter: Float64Array;
  /**
   * The matched compaction call's own usage (an `agent-acompact-<hex>.jsonl` file beside the
   * session): `input_tokens`, tokens. NaN when the compaction has no matched call. Its output is
   * not kept: the file holds a preliminary value, G stands for it.
   */
  readonly callInput: Float64Array;
  /** The matched call's 5-minute cache writes, tokens (NaN: no matched call). */
  readonly callCacheWrite5m: Float64Array;
  /** The matched call's 1-hour cache writes, tokens (NaN: no matched call). */
  readonly callCacheWrite1h: Float64Array;
  /** The matched call's cache reads, tokens (NaN: no matched call). */
  readonly callCacheRead: Float64Array;
}

/**
 * One row per tool result that fetched a target (docs/method.md, Cost of forgetting), of a
 * request in the {@linkcode RequestTable}, sorted by request row (ties: file order). Read only
 * when asked for (`fetchTargets`). Targets are keyed hashes under a key drawn per run: they can
 * be compared with each other, never output.
 */
export interface FetchTable {
  readonly length: number;
  /** Row of the request that made the call, into {@linkcode RequestTable}. */
  readonly request: Uint32Array;
  /** Keyed hash of the target. */
  readonly target: Float64Array;
  /** One-shot tokens of the result, ceil(chars / 4). */
  readonly tokens: Float64Array;
  /** Fetches left out: their call sits in a record with no request block (no usage). */
  readonly withoutRequest: number;
  /** Fetches left out: their request is not in the table (session left out, zero usage). */
  readonly outsideTable: number;
  /** Fetches left out as copies of a call already seen (same tool-use id, resumed files). */
  readonly repeated: number;
}

/**
 * Per compaction row, the re-reads of its two rework windows, taken where the fetch targets
 * were (docs/pool.md: an export carries these numbers instead of the targets). What the rework
 * estimate reads of a corpus without a {@linkcode FetchTable}.
 */
export interface ReworkWindowTable {
  /** K, requests per window, the windows were taken with. */
  readonly windowRequests: number;
  /**
   * Per compaction row: 0 both windows complete, 1 no place among the session's requests
   * (untimed), 2 fewer than K requests after, 3 fewer than K before (`WINDOW_STATUS`).
   */
  readonly status: Uint8Array;
  /** Lost re-read tokens in window A (NaN unless complete). */
  readonly tokensA: Float64Array;
  /** Requests of window A with a lost re-read (NaN unless complete). */
  readonly requestsA: Float64Array;
  /** Control re-read tokens in window B (NaN unless complete). */
  readonly tokensB: Float64Array;
  /** Requests of window B with a control re-read (NaN unless complete). */
  readonly requestsB: Float64Array;
}

/** Counts of everything the reader skipped or had to guess, by kind. */
export interface ReaderDiagnostics {
  /** Lines that were not a JSON object, over all files read. */
  malformedLines: number;
  /** Up to the first 20 malformed lines as `{file index, 1-based line number}` (no paths). */
  malformedExamples: { file: number; line: number }[];
  blankLines: number;
  /** Records by top-level `type` (and `system:<subtype>`), counted once per line. */
  recordTypes: Record<string, number>;
  /** Assistant blocks dropped: `<synthetic>` model (API errors are counted apart). */
  syntheticRecords: number;
  /** Assistant blocks dropped: `isApiErrorMessage: true` (whatever their model). */
  apiErrorRecords: number;
  /** Requests whose four token counts are all zero (dropped). */
  zeroUsageRequests: number;
  /** Assistant blocks without `message.usage`. */
  blocksWithoutUsage: number;
  /** Blocks that repeated a request key already seen (merged into it). */
  duplicateBlocks: number;
  /** Requests first seen in one file and seen again in a later file. */
  crossFileDuplicateRequests: number;
  /** Requests keyed by record uuid because `message.id` was missing. */
  requestsWithoutMessageId: number;
  /** `microcompact_boundary` records (not compactions). */
  microcompactions: number;
  /** Compactions whose duration could not be found or was negative (not in the time fit). */
  compactionsWithoutDuration: number;
  /** Compactions without a summary (no summary record, or its content null or missing). */
  compactionsWithoutSummary: number;
  /** Compactions of trigger `unknown` (`compactMetadata` null or without a trigger). */
  compactionsWithUnknownTrigger: number;
  /** Compaction calls (`agent-acompact-<hex>.jsonl`) matched to a boundary of their session. */
  matchedCompactionCalls: number;
  /**
   * Compaction calls matched to no boundary: no parent session file, no boundary at or after the
   * call's last request, no timestamp, or a boundary another (later) call already took.
   */
  unmatchedCompactionCalls: number;
  /** Sessions left out by reason: other model, or no request of the target model. */
  excludedSessions: { otherModel: number; noTargetModel: number };
  /** Requests per model over the whole corpus (before the model filter). */
  requestsByModel: Record<string, number>;
  /**
   * Lines longer than the reader's line limit (128 MiB, see `MAX_LINE_BYTES` in jsonl.ts),
   * skipped unread.
   */
  oversizedLines: number;
  /**
   * Usage token counts that are present but not a number from 0 to 2^53 − 1 (negative, too
   * large to add exactly, not a number); read as 0. `null` counts as absent.
   */
  invalidUsageValues: number;
  /** Files or folders whose name is not valid UTF-8, skipped while walking (see discover.ts). */
  undecodableNames: number;
  /**
   * Records skipped because a record with the same `uuid` was already read in their file (rows
   * a second `/compact` re-appends): requests, compactions and work time count them once.
   */
  repeatedRecordUuids: number;
  /** `microcompact_boundary` records' Σ `microcompactMetadata.tokensSaved`, tokens. */
  microcompactTokensSaved: number;
  /** `usage.iterations` entries of neither `message` nor `advisor_message` type (not read). */
  otherIterations: number;
  /**
   * Compactions of kind `other` (a trigger string neither `auto` nor `manual`) by trigger value,
   * the value when it looks like an identifier, else `other` (../io/echo_name.ts).
   */
  otherTriggers: Record<string, number>;
  /**
   * Included sessions that switch model: counted for the model of more than half of their
   * requests, and their requests of other models, which the replay prices at that model's.
   */
  mixedModelSessions: { sessions: number; requestsOfOtherModels: number };
  /**
   * The requests of the sessions left out for their model (`excludedSessions.otherModel`), by
   * each request's own model: what the analysis of this model leaves out (priced where the
   * catalog knows the model).
   */
  leftOut: { requests: number; byModel: Record<string, TokenTotals> };
}

/** Token totals of a set of requests or passes, by category, tokens. */
export interface TokenTotals {
  /** Requests (or advisor passes) counted. */
  count: number;
  input: number;
  cacheWrite5m: number;
  cacheWrite1h: number;
  cacheRead: number;
  output: number;
}

/**
 * Advisor passes (`usage.iterations` entries of type `advisor_message`) of the included sessions'
 * responses, each counted once: another model's sampling passes, in no request of any session
 * and in no top-level usage counter, so the replay leaves them out (docs/method.md, Advisor).
 */
export interface AdvisorUsage {
  /** Advisor passes. */
  iterations: number;
  /** Totals by the pass's `model` (echoed when it looks like an identifier, else `other`). */
  byModel: Record<string, TokenTotals>;
}

/** Everything the reader returns for the trigger analysis and the corpus summary. */
export interface Corpus {
  /** Number of transcript files read. */
  files: number;
  /** Bytes read. */
  bytes: number;
  /** Target model of the filter. */
  model: string;
  requests: RequestTable;
  sessions: SessionTable;
  compactions: CompactionTable;
  diagnostics: ReaderDiagnostics;
  /** Advisor passes of the included sessions, apart from the requests. */
  advisor: AdvisorUsage;
  /** Idle limit used for the work-time gaps, seconds. */
  idleLimitSeconds: number;
  /** The tool calls' fetch targets, when read with `fetchTargets` (else absent). */
  fetches?: FetchTable;
  /**
   * The compactions' rework windows taken elsewhere (a pooled corpus: the exports carry them
   * instead of fetch targets); absent for a corpus read from transcripts.
   */
  reworkWindows?: ReworkWindowTable;
}
