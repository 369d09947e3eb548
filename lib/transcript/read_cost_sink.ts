/**
 * What the transcript reader hands the read-cost measurement: the contract of a
 * {@linkcode ReadCostSink}, the usage snapshot it carries, and the {@linkcode Interner} that
 * numbers uuids and message ids. The reader is ./parse_file.ts's `FileParser` (given a sink, it
 * emits these alongside the corpus's facts, from the same fields both its reading paths fill); the
 * rules (repeated uuids, the message-key fallback chain, last snapshot wins, pairing and carried
 * payloads) are lib/readcost's, which reads no bytes itself.
 *
 * Per line that is a JSON object, in file order, keys and strings read as `JSON.parse` reads them
 * (escapes decoded, a later duplicate key replacing an earlier one; a record's `message` is the
 * last member of that name, and when that one is not an object the record has no message):
 * - `record(uuid)`: the number of its `uuid` (a non-empty string; -1: none), numbers given in order
 *   of first appearance to the decoded strings (two spellings of one string share one); the sink
 *   answers whether the record is read on; if not, nothing more of it is emitted;
 * - a `system` record: `boundary()` when its subtype is `compact_boundary`;
 * - an `assistant` record with a message: `usage(messageId, uuid, snapshot, line)` when
 *   `message.usage` is an object (messageId: the number of a non-empty `message.id`, -1: none),
 *   then `toolUses(uses)` of its `message.content` when it has any;
 * - a `user` record with a message: `toolResults(results)` of its `message.content` when it has
 *   any (./tool_calls.ts sizes them).
 * Lines that are not a JSON object emit nothing (the reader counts them as malformed).
 *
 * @module
 */

import type { ToolResult, ToolUse } from "./tool_calls.ts";
import { sliceValue } from "./_json_scan.ts";

/** Receives the records of one file, in file order (see the module documentation). */
export interface ReadCostSink {
  /**
   * A record that is a JSON object, with its uuid's number (-1: none).
   * @returns Whether the record is read on (false: nothing more of it is emitted).
   */
  record(uuid: number): boolean;
  /** The current record is a `system`/`compact_boundary`. */
  boundary(): void;
  /**
   * The current `assistant` record has a `message.usage` object.
   * @param messageId Number of its non-empty `message.id` (-1: none).
   * @param uuid Number of its uuid (-1: none).
   * @param snapshot The four counted fields (see {@linkcode UsageSnapshot}); the sink may keep it.
   * @param lineNumber Its 1-based line number.
   */
  usage(messageId: number, uuid: number, snapshot: UsageSnapshot, lineNumber: number): void;
  /** The tool uses of the current `assistant` record, in block order (never empty). */
  toolUses(uses: readonly ToolUse[]): void;
  /** The tool results of the current `user` record, in block order (never empty). */
  toolResults(results: readonly ToolResult[]): void;
}

/** The four counted usage fields, in {@linkcode UsageSnapshot} order. */
export const USAGE_FIELDS = [
  "input_tokens",
  "cache_creation_input_tokens",
  "cache_read_input_tokens",
  "output_tokens",
] as const;

/**
 * What one usage object says about the four counted fields, in {@linkcode USAGE_FIELDS} order:
 * the value of the last member of that name (a number from 0 to 2^53 − 1), {@linkcode ABSENT},
 * or NaN (present, but not such a number: `null`, a string, a negative or larger count, which
 * would make sums inexact and, near the largest double, infinite).
 */
export type UsageSnapshot = [number, number, number, number];
/** A usage field the snapshot does not have. */
export const ABSENT = -1;

const BACKSLASH = 0x5c;

/**
 * Numbers for strings, in order of first appearance, looked up straight from the bytes of JSON
 * strings written in plain ASCII (no string built, none hashed by the engine), so a per-record
 * key (a uuid, a message id) costs one pass over its bytes. Two spellings of one string (`"a"`
 * and `"\u0061"`) get one number, as `JSON.parse` reads them as one string.
 *
 * @example
 * ```ts
 * import { Interner } from "./read_cost_sink.ts";
 * import assert from "node:assert/strict";
 * const line = new TextEncoder().encode('"ab" "cd" "\\u0061b" "é"');
 * const numbers = new Interner();
 * assert.equal(numbers.ofJsonString(line, 0, 4), 0);
 * assert.equal(numbers.ofJsonString(line, 5, 9), 1);
 * assert.equal(numbers.ofJsonString(line, 10, 19), 0); // "\u0061b" is "ab"
 * assert.equal(numbers.ofString("é"), 2);
 * assert.equal(numbers.ofJsonString(line, 20, line.length), 2);
 * assert.equal(numbers.size, 3);
 * ```
 */
export class Interner {
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
