/**
 * Read-cost measurement of one transcript file: a pure core fed the file's lines in order.
 *
 * Rules (docs/method.md, Read-cost measurement), and the decisions taken where the
 * seed is silent:
 *
 * - **Lines.** Lines come from the shared framing (`lib/transcript/jsonl.ts`: BOM dropped, CRLF
 *   trimmed, blank lines ignored) and are read as `JSON.parse` reads the line decoded as UTF-8
 *   (invalid bytes become U+FFFD, as in Claude Code's own reader). A line that is not valid JSON,
 *   or is something other than an object (an array, a number, …), is malformed: skipped and
 *   counted. A record's `message` is its last member of that name; when that one is not an
 *   object the record has no message (no usage, no tool use or result).
 * - **Repeated record uuids.** A record whose `uuid` (a non-empty string) was already seen
 *   earlier in the same file is skipped entirely (no usage, no tool use, no result, no
 *   boundary) and counted. Records without a uuid are never skipped this way.
 * - **Assistant messages.** A record is usage-bearing when `type === "assistant"` and
 *   `message.usage` is an object, whatever its values: Claude Code's `<synthetic>` records
 *   (API errors, all-zero usage) therefore count as messages, as the original tool's rule reads, though
 *   the shared reader does not count them as requests. Its message key is `message.id`
 *   (non-empty string), else the record `uuid` (counted in `messageIdFromRecordUuid`), else its
 *   line number (counted in `messageIdFromLinePosition`); the three kinds of key never collide.
 *   A file's assistant messages are its distinct keys. A message's tokens are those of its
 *   *last* usage-bearing snapshot in file order (later snapshots are counted in
 *   `repeatedSnapshots`), even when a later snapshot crosses a compaction boundary.
 * - **Tokens.** Observed input = `input_tokens + cache_creation_input_tokens +
 *   cache_read_input_tokens`; `output_tokens` apart. A missing field is 0; a present field that
 *   is not a finite number ≥ 0 is 0 and counted in `invalidUsageValues`, on the last snapshot
 *   only.
 * - **Positions.** A message takes its place in file order once, at the line where its key is
 *   *first* seen with usage; later snapshots do not move it.
 * - **One-shot payload** of a tool result: `ceil(textChars / 4)` tokens, where `textChars` is
 *   the UTF-16 length of its text with text blocks summed before rounding (see
 *   `lib/transcript/tool_calls.ts`). Image and other non-text blocks add nothing and are
 *   counted apart.
 * - **Carried payload** of a tool result: one-shot × the number of messages whose place comes
 *   after the result's line and before the next `system`/`compact_boundary` record (or end of
 *   file). A result after the last message of its segment carries 0.
 * - **Tool calls.** Tool uses are taken from every `assistant` record (with or without usage),
 *   tool results from `user` records only (`lib/transcript/tool_calls.ts`); `progress` records
 *   and `toolUseResult` copies are never read.
 * - **Kinds and candidates.** Each result is classified by the latest tool use with its id that
 *   came before it in the file (`classify.ts`). A candidate is a `bulk-read` result with
 *   `is_error` not true and at least `minChars` characters. Unmatched and error results count in
 *   all-result volume, never as candidates.
 *
 * Results are summed per file; the minimum-turn filter is applied later, across files
 * (`report.ts`), so a file's malformed lines are known even when the file is excluded.
 *
 * Reading: this module reads no bytes. The corpus's reader (`FileParser` in
 * `lib/transcript/parse_file.ts`) reads each line, as `JSON.parse` reads it (escapes in keys and
 * strings decoded, a later duplicate key replacing an earlier one), and hands a
 * {@linkcode ReadCostSink} (`lib/transcript/read_cost_sink.ts`) per record its uuid's number, a
 * compaction boundary, the usage snapshot with its `message.id` number, and its tool uses and
 * results with their sizes; {@linkcode ReadCostRules} applies the rules above to those.
 *
 * @module
 */

import { splitLines } from "../transcript/jsonl.ts";
import { FileParser } from "../transcript/parse_file.ts";
import {
  ABSENT,
  type ReadCostSink,
  USAGE_FIELDS,
  type UsageSnapshot,
} from "../transcript/read_cost_sink.ts";
import {
  oneShotTokens,
  type ToolCall,
  ToolCallPairer,
  type ToolResult,
  type ToolUse,
} from "../transcript/tool_calls.ts";
import { classifyToolUse, RESULT_KINDS, type ResultKind } from "./classify.ts";
import { DEFAULT_READ_COST_OPTIONS } from "./options.ts";

/** Totals of one kind of tool result. */
export interface KindTotals {
  /** Tool results of this kind. */
  results: number;
  /** Of those, results with `is_error: true`. */
  errorResults: number;
  /** Text characters (UTF-16 code units). */
  textChars: number;
  /** Sum of per-result `ceil(textChars / 4)`, tokens. */
  oneShotTokens: number;
  /** Sum of per-result one-shot × later messages, tokens. */
  carriedTokens: number;
  /** Image blocks inside the results. */
  imageBlocks: number;
  /** Other non-text blocks inside the results. */
  otherBlocks: number;
}

/** Totals of the bulk-read candidates. */
export interface CandidateTotals {
  results: number;
  textChars: number;
  oneShotTokens: number;
  carriedTokens: number;
}

/** Token counters of the unique assistant messages (last snapshot each). */
export interface UsageTotals {
  inputTokens: number;
  cacheCreationInputTokens: number;
  cacheReadInputTokens: number;
  /** input + cache creation + cache read. */
  observedInputTokens: number;
  outputTokens: number;
}

/** Counts that explain how a file was read. */
export interface FileDiagnostics {
  /** Assistant records whose message key fell back to the record uuid. */
  messageIdFromRecordUuid: number;
  /** Assistant records whose message key fell back to the line position. */
  messageIdFromLinePosition: number;
  /** Usage-bearing records that repeated an already-seen message key. */
  repeatedSnapshots: number;
  /** Records skipped because their uuid was already seen in the file. */
  repeatedRecordUuids: number;
  /** Usage fields present but not a number from 0 to 2^53 − 1 (counted as 0). */
  invalidUsageValues: number;
  /** `system`/`compact_boundary` records. */
  compactBoundaries: number;
}

/** Everything measured in one file (aggregates and result sizes only, no text). */
export interface FileMeasurement {
  /** The candidate threshold the file was measured with, characters. */
  minChars: number;
  /** Non-blank lines. */
  lines: number;
  /** Lines skipped because they are not a JSON object. */
  malformedLines: number;
  /**
   * Lines over the reader's line limit, skipped unread (set by the file-system edge from the
   * splitter; absent: none).
   */
  oversizedLines?: number;
  /** Unique usage-bearing assistant messages. */
  assistantMessages: number;
  usage: UsageTotals;
  diagnostics: FileDiagnostics;
  /** Totals per kind, keys in {@linkcode RESULT_KINDS} order. */
  byKind: Record<ResultKind, KindTotals>;
  candidates: CandidateTotals;
  /** Text characters of every result, per kind, in file order. */
  resultChars: Record<ResultKind, number[]>;
}

/** Options of {@linkcode FileMeasurer} and {@linkcode ReadCostRules}. */
export interface FileMeasurerOptions {
  /**
   * Smallest text size of a candidate, UTF-16 code units.
   * @default {8000}
   */
  minChars?: number;
}

/**
 * Empty {@linkcode KindTotals}: every count 0.
 *
 * @returns A fresh object.
 *
 * @example
 * ```ts
 * import { emptyKindTotals } from "./file_measure.ts";
 * import assert from "node:assert/strict";
 * assert.equal(emptyKindTotals().results, 0);
 * ```
 */
export function emptyKindTotals(): KindTotals {
  return {
    results: 0,
    errorResults: 0,
    textChars: 0,
    oneShotTokens: 0,
    carriedTokens: 0,
    imageBlocks: 0,
    otherBlocks: 0,
  };
}

/**
 * The read-cost rules of one file (see the module documentation), fed the records a reader
 * emits: a {@linkcode ReadCostSink}. {@linkcode FileMeasurer} gives it to the corpus's reader;
 * any reader that keeps the sink's contract can feed it (the tests feed a `JSON.parse` reference).
 *
 * @example A message twice, the last snapshot counted once
 * ```ts
 * import { ReadCostRules } from "./file_measure.ts";
 * import assert from "node:assert/strict";
 * const rules = new ReadCostRules();
 * for (const [line, output] of [[1, 5], [2, 7]]) {
 *   if (rules.record(-1)) rules.usage(0, -1, [-1, -1, 100, output], line);
 * }
 * const m = rules.finish(2, 0);
 * assert.equal(m.assistantMessages, 1);
 * assert.equal(m.usage.outputTokens, 7);
 * assert.equal(m.diagnostics.repeatedSnapshots, 1);
 * ```
 */
export class ReadCostRules implements ReadCostSink {
  #minChars: number;
  /** How many distinct record uuids the file had before the current record. */
  #uuidsSeen = 0;
  #pairer = new ToolCallPairer();
  /**
   * Message key → what its last usage snapshot says. Keys: 2n for the message id numbered n,
   * 2n + 1 for the record uuid numbered n, −line for a line position (so the kinds never collide).
   */
  #messages = new Map<number, UsageSnapshot>();
  #diagnostics: FileDiagnostics = {
    messageIdFromRecordUuid: 0,
    messageIdFromLinePosition: 0,
    repeatedSnapshots: 0,
    repeatedRecordUuids: 0,
    invalidUsageValues: 0,
    compactBoundaries: 0,
  };
  #byKind = {} as Record<ResultKind, KindTotals>;
  #resultChars = {} as Record<ResultKind, number[]>;
  #candidates: CandidateTotals = { results: 0, textChars: 0, oneShotTokens: 0, carriedTokens: 0 };
  // Open segment: per kind, Σ oneShot and Σ oneShot × (messages placed before the result).
  #segmentOneShot = new Map<ResultKind, number>();
  #segmentWeighted = new Map<ResultKind, number>();
  #segmentCandidateOneShot = 0;
  #segmentCandidateWeighted = 0;
  #finished = false;

  /**
   * @param options Candidate threshold; see {@linkcode FileMeasurerOptions}.
   */
  constructor(options: FileMeasurerOptions = {}) {
    const { minChars = DEFAULT_READ_COST_OPTIONS.minChars } = options;
    this.#minChars = minChars;
    for (const kind of RESULT_KINDS) {
      this.#byKind[kind] = emptyKindTotals();
      this.#resultChars[kind] = [];
      this.#segmentOneShot.set(kind, 0);
      this.#segmentWeighted.set(kind, 0);
    }
  }

  /**
   * Whether a record is read, given its uuid's number (-1: no uuid; numbers come in order of first
   * appearance): false (and counted) when the uuid was seen before.
   */
  record(uuid: number): boolean {
    if (uuid < 0) return true;
    if (uuid < this.#uuidsSeen) {
      this.#diagnostics.repeatedRecordUuids++;
      return false;
    }
    this.#uuidsSeen = uuid + 1;
    return true;
  }

  /** A `system`/`compact_boundary` record. */
  boundary(): void {
    this.#diagnostics.compactBoundaries++;
    this.#closeSegment();
  }

  /**
   * A usage-bearing assistant record: the number of its `message.id` (non-empty; -1: none) and
   * of its record uuid (-1: none), and its usage snapshot.
   */
  usage(id: number, uuid: number, usage: UsageSnapshot, lineNumber: number): void {
    let key: number;
    if (id >= 0) {
      key = 2 * id;
    } else if (uuid >= 0) {
      key = 2 * uuid + 1;
      this.#diagnostics.messageIdFromRecordUuid++;
    } else {
      key = -lineNumber;
      this.#diagnostics.messageIdFromLinePosition++;
    }
    if (this.#messages.has(key)) this.#diagnostics.repeatedSnapshots++;
    // Map.set keeps the first insertion's place; the count only grows on a new key.
    this.#messages.set(key, usage);
  }

  /** An assistant record's tool uses, for the results that follow. */
  toolUses(uses: readonly ToolUse[]): void {
    this.#pairer.add(uses, []);
  }

  /** A user record's tool results, paired and measured. */
  toolResults(results: readonly ToolResult[]): void {
    this.#addResults(this.#pairer.add([], results));
  }

  #addResults(calls: ToolCall[]): void {
    const placed = this.#messages.size;
    for (const { use, result } of calls) {
      const kind = classifyToolUse(use);
      const totals = this.#byKind[kind];
      const oneShot = oneShotTokens(result);
      totals.results++;
      if (result.isError) totals.errorResults++;
      totals.textChars += result.textChars;
      totals.oneShotTokens += oneShot;
      totals.imageBlocks += result.imageBlocks;
      totals.otherBlocks += result.otherBlocks;
      this.#resultChars[kind].push(result.textChars);
      this.#segmentOneShot.set(kind, this.#segmentOneShot.get(kind)! + oneShot);
      this.#segmentWeighted.set(kind, this.#segmentWeighted.get(kind)! + oneShot * placed);
      if (kind === "bulk-read" && !result.isError && result.textChars >= this.#minChars) {
        this.#candidates.results++;
        this.#candidates.textChars += result.textChars;
        this.#candidates.oneShotTokens += oneShot;
        this.#segmentCandidateOneShot += oneShot;
        this.#segmentCandidateWeighted += oneShot * placed;
      }
    }
  }

  /** Ends the open segment: each of its results is carried by the messages placed after it. */
  #closeSegment(): void {
    const placed = this.#messages.size;
    for (const kind of RESULT_KINDS) {
      // Σ oneShot × (placed − placedAtResult) = placed × Σ oneShot − Σ (oneShot × placedAtResult)
      this.#byKind[kind].carriedTokens += placed * this.#segmentOneShot.get(kind)! -
        this.#segmentWeighted.get(kind)!;
      this.#segmentOneShot.set(kind, 0);
      this.#segmentWeighted.set(kind, 0);
    }
    this.#candidates.carriedTokens += placed * this.#segmentCandidateOneShot -
      this.#segmentCandidateWeighted;
    this.#segmentCandidateOneShot = 0;
    this.#segmentCandidateWeighted = 0;
  }

  /**
   * Closes the last segment and returns the file's measurement. Call once.
   *
   * @param lines The reader's count of non-blank lines.
   * @param malformedLines Of those, the lines that are not a JSON object.
   * @returns The file's totals.
   */
  finish(lines: number, malformedLines: number): FileMeasurement {
    if (this.#finished) throw new RangeError("Cannot finish: the rules are already finished");
    this.#finished = true;
    this.#closeSegment();
    const sums = [0, 0, 0, 0];
    for (const snapshot of this.#messages.values()) {
      for (let i = 0; i < USAGE_FIELDS.length; i++) {
        const value = snapshot[i];
        if (value === ABSENT) continue;
        if (Number.isNaN(value)) this.#diagnostics.invalidUsageValues++;
        else sums[i] += value;
      }
    }
    return {
      minChars: this.#minChars,
      lines,
      malformedLines,
      assistantMessages: this.#messages.size,
      usage: {
        inputTokens: sums[0],
        cacheCreationInputTokens: sums[1],
        cacheReadInputTokens: sums[2],
        observedInputTokens: sums[0] + sums[1] + sums[2],
        outputTokens: sums[3],
      },
      diagnostics: { ...this.#diagnostics },
      byKind: this.#byKind,
      candidates: this.#candidates,
      resultChars: this.#resultChars,
    };
  }
}

/**
 * Measures one file, line by line: the corpus's reader (`FileParser`) with
 * {@linkcode ReadCostRules} as its sink. Feed every line with {@linkcode FileMeasurer.addLine}
 * (it matches `LineHandler` of `lib/transcript/jsonl.ts`), then call
 * {@linkcode FileMeasurer.finish}.
 *
 * @example One Read, two later messages, a boundary, one more message
 * ```ts
 * import { FileMeasurer } from "./file_measure.ts";
 * import { splitLines } from "../transcript/jsonl.ts";
 * import assert from "node:assert/strict";
 * const usage = { input_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 9 };
 * const lines = [
 *   { type: "assistant", message: { id: "m1", usage, content: [
 *     { type: "tool_use", id: "t1", name: "Read", input: { file_path: "f" } }] } },
 *   { type: "user", message: { content: [
 *     { type: "tool_result", tool_use_id: "t1", content: "x".repeat(10) }] } },
 *   { type: "assistant", message: { id: "m2", usage } },
 *   { type: "assistant", message: { id: "m3", usage } },
 *   { type: "system", subtype: "compact_boundary" },
 *   { type: "assistant", message: { id: "m4", usage } },
 * ];
 * const measurer = new FileMeasurer();
 * splitLines(lines.map((l) => JSON.stringify(l)).join("\n"), measurer.addLine);
 * const m = measurer.finish();
 * // ceil(10 / 4) = 3 one-shot tokens, carried by m2 and m3 only: 3 × 2 = 6.
 * assert.equal(m.byKind["bulk-read"].oneShotTokens, 3);
 * assert.equal(m.byKind["bulk-read"].carriedTokens, 6);
 * assert.equal(m.assistantMessages, 4);
 * assert.equal(m.usage.observedInputTokens, 40);
 * ```
 */
export class FileMeasurer {
  #rules: ReadCostRules;
  #parser: FileParser;
  #finished = false;

  /**
   * @param options Candidate threshold; see {@linkcode FileMeasurerOptions}.
   */
  constructor(options: FileMeasurerOptions = {}) {
    this.#rules = new ReadCostRules(options);
    // The corpus's facts are not wanted here: only the line counts and the sink's records.
    this.#parser = new FileParser({ readCost: this.#rules, corpus: false });
  }

  /**
   * Feeds one trimmed, non-blank line: `bytes[start, end)`. Bound to the instance, so it can be
   * passed as a `LineHandler` directly.
   */
  addLine = (bytes: Uint8Array, start: number, end: number, lineNumber: number): void => {
    if (this.#finished) throw new RangeError("Cannot add a line: the measurer is finished");
    this.#parser.onLine(bytes, start, end, lineNumber);
  };

  /**
   * Closes the last segment and returns the file's measurement. Call once.
   *
   * @returns The file's totals.
   */
  finish(): FileMeasurement {
    if (this.#finished) throw new RangeError("Cannot finish: the measurer is already finished");
    this.#finished = true;
    const { lines, malformedLines } = this.#parser.finish().counts;
    return this.#rules.finish(lines, malformedLines);
  }
}

/**
 * Measures one whole transcript held in memory; the pure twin of reading a file.
 *
 * @param input The file's bytes, or its text.
 * @param options Candidate threshold; see {@linkcode FileMeasurerOptions}.
 * @returns The file's totals.
 *
 * @example A malformed line is skipped and counted
 * ```ts
 * import { measureTranscript } from "./file_measure.ts";
 * import assert from "node:assert/strict";
 * const m = measureTranscript('{"type":"assistant","message":{"id":"m","usage":{}}}\n{"type":');
 * assert.equal(m.malformedLines, 1);
 * assert.equal(m.assistantMessages, 1);
 * ```
 */
export function measureTranscript(
  input: Uint8Array | string,
  options: FileMeasurerOptions = {},
): FileMeasurement {
  const measurer = new FileMeasurer(options);
  splitLines(input, measurer.addLine);
  return measurer.finish();
}
