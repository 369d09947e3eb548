/**
 * The transcript reader's side of the read-cost measurement: one file's lines → the records the
 * read-cost rules need, handed to a {@linkcode ReadCostSink} in file order. The rules themselves
 * (repeated uuids, the message-key fallback chain, last snapshot wins, pairing and carried
 * payloads) are lib/readcost's; this module only reads bytes.
 *
 * What it emits per record (a JSON object; any other line is malformed):
 * - `record(uuid)`: the number of its `uuid` (a non-empty string; -1: none), numbers given in order
 *   of first appearance to the strings `JSON.parse` reads (two spellings of one string share one);
 *   the sink answers whether the record is read on;
 * - a `system` record: `boundary()` when its subtype is `compact_boundary`;
 * - an `assistant` record: `usage(messageId, uuid, snapshot, line)` when `message.usage` is an
 *   object (messageId: the number of a non-empty `message.id`, -1: none; the snapshot's four
 *   fields as values, {@linkcode ABSENT}, or NaN for a present value that is not a count from 0
 *   to 2^53 − 1), then its tool uses;
 * - a `user` record: its tool results (./tool_calls.ts).
 *
 * Reading: lines that do not live in the scanner's memory are read by `JSON.parse` of the decoded
 * line (the reference). Lines from the shared framing do live there, and take a fast path with the
 * same results: one call into WebAssembly (`wasmScanRecord`) validates the line as `JSON.parse`
 * would and lists the members of the record and of its `message`; only the values above are then
 * read from the bytes, keys and strings as `JSON.parse` reads them (escapes decoded, a later
 * duplicate key replacing an earlier one). A line the scan rejects, or cannot handle (too many
 * members, too deep), takes the reference path, which decides (a line that starts with a
 * byte-order mark is malformed there too: the decoder keeps the mark).
 *
 * @module
 */

import { forEachMember, sliceValue } from "./_json_scan.ts";
import { MAX_TOKEN_COUNT } from "./usage_scan.ts";
import { KEY_IDS } from "./wasm/key_ids.ts";
import {
  memberKeyIndex,
  stringValueIs,
  type ToolResult,
  toolResultsFromBytes,
  toolResultsOf,
  type ToolUse,
  toolUsesFromBytes,
  toolUsesOf,
} from "./tool_calls.ts";
import { keyIdOf } from "./key_id_of.ts";
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
} from "./_wasm_scanner.ts";

/** Receives the records of one file, in file order (see the module documentation). */
export interface ReadCostSink {
  /**
   * A record that is a JSON object, with its uuid's number (-1: none).
   * @returns Whether the record is read on (false: skip the rest of it).
   */
  record(uuid: number): boolean;
  /** The current record is a `system`/`compact_boundary`. */
  boundary(): void;
  /**
   * The current `assistant` record has a `message.usage` object.
   * @param messageId Number of its non-empty `message.id` (-1: none).
   * @param uuid Number of its uuid (-1: none).
   * @param snapshot The four counted fields (see {@linkcode UsageSnapshot}).
   * @param lineNumber Its 1-based line number.
   */
  usage(messageId: number, uuid: number, snapshot: UsageSnapshot, lineNumber: number): void;
  /**
   * Tool uses and results of the current record; `results` counts only for a `user` record.
   * @param uses Its tool uses.
   * @param results Its tool results.
   * @param fromUser Whether the record is a `user` record (whose results are measured).
   */
  toolCalls(uses: readonly ToolUse[], results: readonly ToolResult[], fromUser: boolean): void;
}

function _isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The four counted usage fields, in {@linkcode UsageSnapshot} order. */
export const USAGE_FIELDS = [
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
export type UsageSnapshot = [number, number, number, number];
/** A usage field the snapshot does not have. */
export const ABSENT = -1;
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
 * Reads one file's lines for the read-cost rules: feed every line to
 * {@linkcode ReadCostReader.addLine}; the records go to the sink as they are read.
 *
 * @example
 * ```ts
 * import { type ReadCostSink, ReadCostReader } from "./read_cost_records.ts";
 * import { splitLines } from "./jsonl.ts";
 * import assert from "node:assert/strict";
 * const seen: string[] = [];
 * const sink: ReadCostSink = {
 *   record: (uuid) => (seen.push(`record ${uuid}`), true),
 *   boundary: () => void seen.push("boundary"),
 *   usage: (id, _uuid, snapshot) => void seen.push(`usage ${id} ${snapshot.join(",")}`),
 *   toolCalls: () => {},
 * };
 * const reader = new ReadCostReader(sink);
 * splitLines(
 *   '{"type":"assistant","uuid":"u","message":{"id":"m","usage":{"output_tokens":2}}}\n' +
 *     '{"type":"system","subtype":"compact_boundary"}\n[1]',
 *   reader.addLine,
 * );
 * assert.deepEqual(seen, ["record 0", "usage 0 -1,-1,-1,2", "record -1", "boundary"]);
 * assert.equal(reader.malformedLines, 1);
 * ```
 */
export class ReadCostReader {
  /** Non-blank lines read. */
  lines = 0;
  /** Lines that are not a JSON object. */
  malformedLines = 0;
  #sink: ReadCostSink;
  /** Record uuids seen so far. */
  #uuids = new Interner();
  /** Non-empty `message.id` values seen so far. */
  #messageIds = new Interner();

  /** @param sink Receives the records. */
  constructor(sink: ReadCostSink) {
    this.#sink = sink;
  }

  /**
   * Reads one trimmed, non-blank line: `bytes[start, end)`. Bound to the instance, so it can be
   * passed as a `LineHandler` directly.
   */
  addLine = (bytes: Uint8Array, start: number, end: number, lineNumber: number): void => {
    this.lines++;
    if (inScanMemory(bytes) && this.#addScanned(bytes.subarray(start, end), lineNumber)) return;
    let record: unknown;
    try {
      record = JSON.parse(decoder.decode(bytes.subarray(start, end)));
    } catch {
      this.malformedLines++;
      return;
    }
    if (!_isObject(record)) {
      this.malformedLines++;
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
      if (this.#sink.record(this.#uuidOf(line, uuidStart, uuidEnd)) && boundary) {
        this.#sink.boundary();
      }
      return true;
    }
    if (
      type === OTHER || messageAt < 0 ||
      line[memberValueStart(RECORD_TABLE, messageAt) - base] !== OPEN_BRACE
    ) {
      // No message object: no usage, no tool calls.
      this.#sink.record(this.#uuidOf(line, uuidStart, uuidEnd));
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
      const uuid = this.#uuidOf(line, uuidStart, uuidEnd);
      if (!this.#sink.record(uuid)) return true;
      if (usage !== undefined) {
        const id = idStart >= 0 && line[idStart] === QUOTE && idEnd - idStart > 2
          ? this.#messageIds.ofJsonString(line, idStart, idEnd)
          : -1;
        this.#sink.usage(id, uuid, usage, lineNumber);
      }
      this.#sink.toolCalls(uses, [], false);
      return true;
    }
    const results = contentStart >= 0 ? toolResultsFromBytes(line, contentStart) : [];
    if (this.#sink.record(this.#uuidOf(line, uuidStart, uuidEnd))) {
      this.#sink.toolCalls([], results, true);
    }
    return true;
  }

  /** The reference path: one record parsed by `JSON.parse`. */
  #addRecord(record: Record<string, unknown>, lineNumber: number): void {
    const uuid = typeof record.uuid === "string" && record.uuid !== ""
      ? this.#uuids.ofString(record.uuid)
      : -1;
    if (!this.#sink.record(uuid)) return;
    const type = record.type;
    if (type === "system") {
      if (record.subtype === "compact_boundary") this.#sink.boundary();
      return;
    }
    if (type === "assistant") {
      const message = record.message;
      if (_isObject(message) && _isObject(message.usage)) {
        const id = typeof message.id === "string" && message.id !== ""
          ? this.#messageIds.ofString(message.id)
          : -1;
        this.#sink.usage(id, uuid, _snapshotOf(message.usage), lineNumber);
      }
      this.#sink.toolCalls(toolUsesOf(record), toolResultsOf(record), false);
      return;
    }
    if (type !== "user") return;
    this.#sink.toolCalls(toolUsesOf(record), toolResultsOf(record), true);
  }

  /** The number of the uuid string at `line[start, end)` (start -1: none, -1). */
  #uuidOf(line: Uint8Array, start: number, end: number): number {
    return start < 0 ? -1 : this.#uuids.ofJsonString(line, start, end);
  }
}
