/**
 * Read-cost measurement of one transcript file: a pure core fed the file's lines in order.
 *
 * Rules (seed `read-cost-measurement.txt`, analysis-spec §4), and the decisions taken where the
 * seed is silent:
 *
 * - **Lines.** Lines come from the shared framing (`lib/transcript/jsonl.ts`: BOM dropped, CRLF
 *   trimmed, blank lines ignored). Each is decoded as UTF-8 (invalid bytes become U+FFFD, as in
 *   Claude Code's own reader) and given to `JSON.parse`. A line that fails to parse, or parses
 *   to something other than an object (an array, a number, …), is malformed: skipped and
 *   counted.
 * - **Repeated record uuids.** A record whose `uuid` (a non-empty string) was already seen
 *   earlier in the same file is skipped entirely (no usage, no tool use, no result, no
 *   boundary) and counted. Records without a uuid are never skipped this way.
 * - **Assistant messages.** A record is usage-bearing when `type === "assistant"` and
 *   `message.usage` is an object, whatever its values: Claude Code's `<synthetic>` records
 *   (API errors, all-zero usage) therefore count as messages, as the seed's rule reads, though
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
 * Reading: the rules above are written against the parsed record, and lines that do not live in
 * the shared scanner's memory are read exactly that way (`JSON.parse` of the decoded line: the
 * reference). Lines from the shared framing do live there, and take a fast path with the same
 * results: one call into WebAssembly (`wasmScanRecord`) validates the line as `JSON.parse` would
 * and lists the members of the record and of its `message`; only the few values the rules need
 * are then read from the bytes (`uuid`, `type`, `subtype`, `message.id`, the four counted fields
 * of `message.usage`, and the tool uses and results of `message.content`, whose text is measured
 * without being decoded unless it holds invalid UTF-8). Keys and strings are read as `JSON.parse`
 * reads them: escapes decoded, a later duplicate key replacing an earlier one. uuids and message
 * ids are compared as numbers given to their bytes, not as strings. A line the scan rejects, or
 * cannot handle (too many members, too deep), takes the reference path, which decides (a line
 * that starts with a byte-order mark is malformed there too: the decoder keeps the mark).
 *
 * @module
 */

import { forEachMember, sliceValue } from "../transcript/_json_scan.ts";
import { splitLines } from "../transcript/jsonl.ts";
import { MAX_TOKEN_COUNT } from "../transcript/usage_scan.ts";
import { KEY_IDS } from "../transcript/wasm/key_ids.ts";
import {
  memberKeyIndex,
  stringValueIs,
  type ToolCall,
  ToolCallPairer,
  toolResultsFromBytes,
  toolUsesFromBytes,
} from "../transcript/tool_calls.ts";
import { keyIdOf } from "../transcript/key_id_of.ts";
import {
  escapedKey,
  inScanMemory,
  memberCount,
  memberKeyEnd,
  memberKeyId,
  memberKeyStart,
  memberValueEnd,
  memberValueStart,
  MESSAGE_TABLE,
  RECORD_TABLE,
  wasmScanRecord,
} from "../transcript/_wasm_scanner.ts";
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

/** Options of {@linkcode FileMeasurer}. */
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

function _isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const USAGE_FIELDS = [
  "input_tokens",
  "cache_creation_input_tokens",
  "cache_read_input_tokens",
  "output_tokens",
] as const;

/**
 * Keeps a byte-order mark: one that starts a line after the first is not JSON (JSON.parse rejects
 * it), so that line is malformed, as it is for the reader and for a per-line JSON parse. The
 * framing already dropped the one that starts a file.
 */
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * What a message's last snapshot says about the four counted usage fields, in
 * {@linkcode USAGE_FIELDS} order: the value (a finite number ≥ 0), {@linkcode ABSENT}, or
 * {@linkcode INVALID} (present, but not a number from 0 to 2^53 − 1: a larger count would make
 * sums inexact and, near the largest double, infinite).
 */
type UsageSnapshot = [number, number, number, number];
const ABSENT = -1;
const INVALID = NaN;

/** The snapshot of a parsed `usage` object (the reference path). */
function _snapshotOf(usage: Record<string, unknown>): UsageSnapshot {
  const snapshot: UsageSnapshot = [ABSENT, ABSENT, ABSENT, ABSENT];
  for (let i = 0; i < USAGE_FIELDS.length; i++) {
    const value = usage[USAGE_FIELDS[i]];
    if (value === undefined) continue;
    snapshot[i] = typeof value === "number" && value >= 0 && value <= MAX_TOKEN_COUNT
      ? value
      : INVALID;
  }
  return snapshot;
}

/**
 * The snapshot of the `usage` object at `line[start, …)`, read from bytes (a later duplicate
 * key replaces an earlier one, keys are read with escapes decoded, as `JSON.parse` reads them).
 */
function _snapshotFromBytes(line: Uint8Array, start: number): UsageSnapshot {
  const snapshot: UsageSnapshot = [ABSENT, ABSENT, ABSENT, ABSENT];
  forEachMember(line, start, (ks, ke, vs, ve) => {
    const i = memberKeyIndex(line, ks, ke, USAGE_FIELDS);
    if (i >= 0) snapshot[i] = _usageValue(line, vs, ve);
  });
  return snapshot;
}

/** A usage field's valid JSON value at `line[start, end)`: the number, or INVALID. */
function _usageValue(line: Uint8Array, start: number, end: number): number {
  const first = line[start];
  if (first >= 0x30 && first <= 0x39 && end - start <= 15) {
    // Up to 15 digits: exact in a double, and what JSON.parse gives.
    let value = 0;
    let i = start;
    for (; i < end; i++) {
      const digit = line[i] - 0x30;
      if (digit < 0 || digit > 9) break;
      value = value * 10 + digit;
    }
    if (i === end) return value;
  }
  if ((first >= 0x30 && first <= 0x39) || first === 0x2d) {
    // Fractions, exponents, a sign, long digit runs: JSON.parse's own reading.
    const value = sliceValue(line, start, end) as number;
    return value >= 0 && value <= MAX_TOKEN_COUNT ? value : INVALID;
  }
  return INVALID; // a string, true, false, null, an object or an array
}

/**
 * Ids the record scan gives the keys the rules read (`KEY_IDS` of the shared reader: a key
 * written exactly so, without escapes, gets its id; any other key 0).
 */
const ID_UUID = _keyIdOf("uuid");
const ID_TYPE = _keyIdOf("type");
const ID_SUBTYPE = _keyIdOf("subtype");
const ID_MESSAGE = _keyIdOf("message");
const ID_ID = _keyIdOf("id");
const ID_USAGE = _keyIdOf("usage");
const ID_CONTENT = _keyIdOf("content");

function _keyIdOf(key: (typeof KEY_IDS)[number]): number {
  const id = KEY_IDS.indexOf(key) + 1;
  if (id === 0) throw new Error(`The record scan has no id for "${key}"`);
  return id;
}

/** The `message` keys the rules read, for a `message` object the scan did not list. */
const MESSAGE_KEYS = ["id", "usage", "content"] as const;
const MESSAGE_KEY_ID = [ID_ID, ID_USAGE, ID_CONTENT];
/** What {@linkcode FileMeasurer} `#accept` returns for a record whose uuid was seen before. */
const REPEATED = -2;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;

/**
 * Numbers for strings, in order of first appearance, looked up straight from the bytes of JSON
 * strings written in plain ASCII (no string built, none hashed by the engine), so a per-record
 * key (a uuid, a message id) costs one pass over its bytes. Two spellings of one string (`"a"`
 * and `"\u0061"`) get one number, as `JSON.parse` reads them as one string.
 */
class Interner {
  /** Distinct strings so far; their numbers are 0 … size − 1. */
  size = 0;
  /** Bytes of the ASCII strings, end to end; string k is `#arena[#starts[k], #ends[k])`. */
  #arena = new Uint8Array(1 << 12);
  #used = 0;
  #starts: number[] = [];
  #ends: number[] = [];
  /** Next string with the same hash (-1: none); the first of each hash is in `#heads`. */
  #next: number[] = [];
  #heads = new Map<number, number>();
  /** Strings with a character above U+007F. */
  #wide = new Map<string, number>();
  #codes: number[] = [];

  /** The number of the valid JSON string `line[start, end)` (quotes included). */
  ofJsonString(line: Uint8Array, start: number, end: number): number {
    let hash = 0x811c9dc5;
    for (let i = start + 1; i < end - 1; i++) {
      const byte = line[i];
      if (byte >= 0x80 || byte === BACKSLASH) {
        return this.ofString(sliceValue(line, start, end) as string);
      }
      hash = Math.imul(hash ^ byte, 0x01000193);
    }
    return this.#find(hash, line, start + 1, end - 1);
  }

  /** The number of `text`. */
  ofString(text: string): number {
    const codes = this.#codes;
    codes.length = 0;
    let hash = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x80) {
        let id = this.#wide.get(text);
        if (id === undefined) {
          id = this.#add(-1, -1);
          this.#wide.set(text, id);
        }
        return id;
      }
      codes.push(code);
      hash = Math.imul(hash ^ code, 0x01000193);
    }
    return this.#find(hash, codes, 0, codes.length);
  }

  /** The number of the ASCII string whose character codes are `codes[start, end)`. */
  #find(hash: number, codes: ArrayLike<number>, start: number, end: number): number {
    const length = end - start;
    const arena = this.#arena;
    for (let id = this.#heads.get(hash) ?? -1; id >= 0; id = this.#next[id]) {
      const from = this.#starts[id];
      if (this.#ends[id] - from !== length) continue;
      let same = true;
      for (let i = 0; i < length; i++) {
        if (arena[from + i] !== codes[start + i]) {
          same = false;
          break;
        }
      }
      if (same) return id;
    }
    if (this.#used + length > this.#arena.length) {
      const grown = new Uint8Array(Math.max(2 * this.#arena.length, this.#used + length));
      grown.set(this.#arena.subarray(0, this.#used));
      this.#arena = grown;
    }
    const from = this.#used;
    for (let i = 0; i < length; i++) this.#arena[from + i] = codes[start + i];
    this.#used += length;
    const id = this.#add(from, from + length);
    this.#next[id] = this.#heads.get(hash) ?? -1;
    this.#heads.set(hash, id);
    return id;
  }

  #add(from: number, to: number): number {
    this.#starts.push(from);
    this.#ends.push(to);
    this.#next.push(-1);
    return this.size++;
  }
}

/** `type` values the rules distinguish. */
const OTHER = 0;
const SYSTEM = 1;
const ASSISTANT = 2;
const USER = 3;

/**
 * Measures one file, line by line. Feed every line with {@linkcode FileMeasurer.addLine} (it
 * matches `LineHandler` of `lib/transcript/jsonl.ts`), then call {@linkcode FileMeasurer.finish}.
 *
 * @example One Read, two later messages, a boundary, one more message
 * ```ts
 * import { FileMeasurer } from "./file_measure.ts";
 * import { splitLines } from "../transcript/jsonl.ts";
import { MAX_TOKEN_COUNT } from "../transcript/usage_scan.ts";
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
  #minChars: number;
  #lines = 0;
  #malformed = 0;
  /** Record uuids seen so far, and how many of them were seen before the current record. */
  #uuids = new Interner();
  #uuidsSeen = 0;
  /** Non-empty `message.id` values seen so far. */
  #messageIds = new Interner();
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
   * Feeds one trimmed, non-blank line: `bytes[start, end)`. Bound to the instance, so it can be
   * passed as a `LineHandler` directly.
   */
  addLine = (bytes: Uint8Array, start: number, end: number, lineNumber: number): void => {
    if (this.#finished) throw new RangeError("Cannot add a line: the measurer is finished");
    this.#lines++;
    if (inScanMemory(bytes) && this.#addScanned(bytes.subarray(start, end), lineNumber)) return;
    let record: unknown;
    try {
      record = JSON.parse(decoder.decode(bytes.subarray(start, end)));
    } catch {
      this.#malformed++;
      return;
    }
    if (!_isObject(record)) {
      this.#malformed++;
      return;
    }
    this.#addRecord(record, lineNumber);
  };

  /**
   * The fast path: reads a line that lives in the scanner's memory from its bytes. Returns false,
   * having changed nothing, when the line must take the reference path instead: the scan found it
   * malformed (the reference path then decides, so a line `JSON.parse` accepts after decoding,
   * such as one that starts with a byte-order mark, is still read) or could not handle it.
   */
  #addScanned(line: Uint8Array, lineNumber: number): boolean {
    const base = line.byteOffset;
    const scanned = wasmScanRecord(base, base + line.length);
    if (scanned !== base + line.length) return false;
    // The last member of each wanted key (a later duplicate replaces an earlier one).
    let uuidAt = -1;
    let typeAt = -1;
    let subtypeAt = -1;
    let messageAt = -1;
    let messageId = 0;
    // Keys the scan gave no id are read again, decoded, only when one of them holds an escape.
    const escaped = escapedKey();
    for (let k = 0, n = memberCount(RECORD_TABLE); k < n; k++) {
      const raw = memberKeyId(RECORD_TABLE, k);
      const id = raw === 0 && escaped
        ? keyIdOf(
          line,
          memberKeyStart(RECORD_TABLE, k) - base,
          memberKeyEnd(RECORD_TABLE, k) - base,
        )
        : raw;
      if (id === ID_UUID) uuidAt = k;
      else if (id === ID_TYPE) typeAt = k;
      else if (id === ID_SUBTYPE) subtypeAt = k;
      else if (id === ID_MESSAGE) {
        messageAt = k;
        messageId = raw;
      }
    }
    // Everything is read before anything is counted (reading cannot fail on a valid line).
    let uuidStart = -1;
    let uuidEnd = -1;
    if (uuidAt >= 0) {
      const vs = memberValueStart(RECORD_TABLE, uuidAt) - base;
      const ve = memberValueEnd(RECORD_TABLE, uuidAt) - base;
      // A JSON string is empty only when nothing stands between its quotes.
      if (line[vs] === QUOTE && ve - vs > 2) {
        uuidStart = vs;
        uuidEnd = ve;
      }
    }
    let type = OTHER;
    if (typeAt >= 0) {
      const vs = memberValueStart(RECORD_TABLE, typeAt) - base;
      const ve = memberValueEnd(RECORD_TABLE, typeAt) - base;
      if (stringValueIs(line, vs, ve, "assistant")) type = ASSISTANT;
      else if (stringValueIs(line, vs, ve, "user")) type = USER;
      else if (stringValueIs(line, vs, ve, "system")) type = SYSTEM;
    }
    if (type === SYSTEM) {
      const boundary = subtypeAt >= 0 &&
        stringValueIs(
          line,
          memberValueStart(RECORD_TABLE, subtypeAt) - base,
          memberValueEnd(RECORD_TABLE, subtypeAt) - base,
          "compact_boundary",
        );
      if (this.#acceptBytes(line, uuidStart, uuidEnd) !== REPEATED && boundary) this.#boundary();
      return true;
    }
    if (
      type === OTHER || messageAt < 0 ||
      line[memberValueStart(RECORD_TABLE, messageAt) - base] !== OPEN_BRACE
    ) {
      // No message object: no usage, no tool calls.
      this.#acceptBytes(line, uuidStart, uuidEnd);
      return true;
    }
    // The message's members: the scan listed those of the last object under the raw key
    // "message"; when the last member that JSON.parse reads as "message" was written with an
    // escape, that list may be another member's, so that object is walked here instead.
    let idStart = -1;
    let idEnd = -1;
    let usageStart = -1;
    let contentStart = -1;
    const note = (id: number, vs: number, ve: number) => {
      if (id === ID_ID) {
        idStart = vs;
        idEnd = ve;
      } else if (id === ID_USAGE) usageStart = vs;
      else if (id === ID_CONTENT) contentStart = vs;
    };
    if (messageId === ID_MESSAGE) {
      for (let k = 0, n = memberCount(MESSAGE_TABLE); k < n; k++) {
        const raw = memberKeyId(MESSAGE_TABLE, k);
        const id = raw === 0 && escaped
          ? keyIdOf(
            line,
            memberKeyStart(MESSAGE_TABLE, k) - base,
            memberKeyEnd(MESSAGE_TABLE, k) - base,
          )
          : raw;
        note(
          id,
          memberValueStart(MESSAGE_TABLE, k) - base,
          memberValueEnd(MESSAGE_TABLE, k) - base,
        );
      }
    } else {
      forEachMember(line, memberValueStart(RECORD_TABLE, messageAt) - base, (ks, ke, vs, ve) => {
        const k = memberKeyIndex(line, ks, ke, MESSAGE_KEYS);
        if (k >= 0) note(MESSAGE_KEY_ID[k], vs, ve);
      });
    }
    if (type === ASSISTANT) {
      const usage = usageStart >= 0 && line[usageStart] === OPEN_BRACE
        ? _snapshotFromBytes(line, usageStart)
        : undefined;
      const uses = contentStart >= 0 ? toolUsesFromBytes(line, contentStart) : [];
      const uuid = this.#acceptBytes(line, uuidStart, uuidEnd);
      if (uuid === REPEATED) return true;
      if (usage !== undefined) {
        const id = idStart >= 0 && line[idStart] === QUOTE && idEnd - idStart > 2
          ? this.#messageIds.ofJsonString(line, idStart, idEnd)
          : -1;
        this.#addUsage(id, uuid, usage, lineNumber);
      }
      this.#pairer.addExtracted(uses, []);
      return true;
    }
    const results = contentStart >= 0 ? toolResultsFromBytes(line, contentStart) : [];
    if (this.#acceptBytes(line, uuidStart, uuidEnd) !== REPEATED) {
      this.#addResults(this.#pairer.addExtracted([], results));
    }
    return true;
  }

  /** The reference path: one record parsed by `JSON.parse`. */
  #addRecord(record: Record<string, unknown>, lineNumber: number): void {
    const uuid = this.#accept(
      typeof record.uuid === "string" && record.uuid !== ""
        ? this.#uuids.ofString(record.uuid)
        : -1,
    );
    if (uuid === REPEATED) return;
    const type = record.type;
    if (type === "system") {
      if (record.subtype === "compact_boundary") this.#boundary();
      return;
    }
    if (type === "assistant") {
      const message = record.message;
      if (_isObject(message) && _isObject(message.usage)) {
        const id = typeof message.id === "string" && message.id !== ""
          ? this.#messageIds.ofString(message.id)
          : -1;
        this.#addUsage(id, uuid, _snapshotOf(message.usage), lineNumber);
      }
      this.#pairer.add(record);
      return;
    }
    if (type !== "user") return;
    this.#addResults(this.#pairer.add(record));
  }

  /** {@linkcode #accept} of the uuid string at `line[start, end)` (start -1: none). */
  #acceptBytes(line: Uint8Array, start: number, end: number): number {
    return this.#accept(start < 0 ? -1 : this.#uuids.ofJsonString(line, start, end));
  }

  /**
   * Whether a record is read, given its uuid's number just interned in `#uuids` (-1: no uuid):
   * {@linkcode REPEATED} (and counted) when the uuid was seen before, else the number (or -1).
   */
  #accept(uuid: number): number {
    if (uuid < 0) return -1;
    if (uuid < this.#uuidsSeen) {
      this.#diagnostics.repeatedRecordUuids++;
      return REPEATED;
    }
    this.#uuidsSeen = this.#uuids.size;
    return uuid;
  }

  /** A `system`/`compact_boundary` record. */
  #boundary(): void {
    this.#diagnostics.compactBoundaries++;
    this.#closeSegment();
  }

  /**
   * A usage-bearing assistant record: the number of its `message.id` (non-empty; -1: none) and
   * of its record uuid (-1: none), and its usage snapshot.
   */
  #addUsage(id: number, uuid: number, usage: UsageSnapshot, lineNumber: number): void {
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

  /** A user record's tool results, paired. */
  #addResults(calls: ToolCall[]): void {
    const placed = this.#messages.size;
    for (const { use, result } of calls) {
      const kind = classifyToolUse(use);
      const totals = this.#byKind[kind];
      const oneShot = Math.ceil(result.textChars / 4);
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
   * @returns The file's totals.
   */
  finish(): FileMeasurement {
    if (this.#finished) throw new RangeError("Cannot finish: the measurer is already finished");
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
      lines: this.#lines,
      malformedLines: this.#malformed,
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
