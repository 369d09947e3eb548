/**
 * A request block's `message.usage`, read from bytes: the five token counts of docs/method.md, Token categories
 * without `JSON.parse` of the object. Plain integers are read digit by digit; any other value goes
 * through `JSON.parse`, so the counts equal those of parsing the object (later duplicate keys win,
 * as in `JSON.parse`). Keys are read as `JSON.parse` reads them (`"\u0069nput_tokens"` is
 * `input_tokens`; ./key_id_of.ts). The object is expected to be valid JSON already (the reader
 * validates each line before it reads values); invalid JSON elsewhere in it is not detected here.
 *
 * @module
 */

import { forEachMember, sliceValue } from "./_json_scan.ts";
import { keyIdOf } from "./key_id_of.ts";
import { KEY } from "./wasm/key_ids.ts";
import { ABSENT, type UsageSnapshot } from "./read_cost_sink.ts";
import {
  escapedKey,
  inScanMemory,
  memberCount,
  memberKeyId,
  memberValueEnd,
  memberValueStart,
  OBJECT_TABLE,
  wasmScanMembers,
} from "./_wasm_scanner.ts";

/**
 * The largest token count taken as it is: 2^53 − 1, the largest integer a double holds exactly.
 * A larger count (1e308 was seen in fuzzing) is invalid: read as 0 and counted, so that sums of
 * counts stay finite and exact.
 */
export const MAX_TOKEN_COUNT = Number.MAX_SAFE_INTEGER;

/**
 * One entry of `usage.iterations` (docs/transcript-format.md, Iterations): a sampling pass of the
 * response, the executor's (`type: "message"`) or an advisor's (`type: "advisor_message"`, another
 * model named in the entry's `model`), with its own counts, read by the rules of
 * {@linkcode UsageTokens}.
 */
export interface UsagePass {
  /** Whether the entry is an advisor's pass (`advisor_message`), not the executor's. */
  advisor: boolean;
  /** The entry's `model` ("" when absent or not a string; executor passes use the message's). */
  model: string;
  input: number;
  cacheWrite5m: number;
  cacheWrite1h: number;
  cacheRead: number;
  output: number;
}

/** The line before any is read: shared, as a typed array costs an allocation. */
const NO_LINE = new Uint8Array(0);

/**
 * Token counts of one usage object. A count that is absent or `null` is 0; one that is present but
 * not a number from 0 to {@linkcode MAX_TOKEN_COUNT} (negative, too large, a string, …) is 0 and
 * counted in {@linkcode UsageTokens.invalid}.
 */
export class UsageTokens {
  /** `input_tokens` (u). */
  input = 0;
  /** `cache_creation.ephemeral_5m_input_tokens`, or all of `cache_creation_input_tokens` (w5). */
  cacheWrite5m = 0;
  /** `cache_creation.ephemeral_1h_input_tokens` (w1h). */
  cacheWrite1h = 0;
  /** `cache_read_input_tokens` (r). */
  cacheRead = 0;
  /** `output_tokens` (y). */
  output = 0;
  /** Counts of the last read that were present but invalid (read as 0), iterations' included. */
  invalid = 0;
  /**
   * The last read's `iterations` when it is an array with at least one `message` or
   * `advisor_message` entry, in order; null otherwise (absent, empty, not an array: the top-level
   * counts are the one request, as before iterations existed).
   */
  passes: UsagePass[] | null = null;
  /** Entries of the last read's `iterations` that are neither pass type (not read). */
  otherIterations = 0;

  #line: Uint8Array = NO_LINE;
  #created = 0;
  /** Whether a `cache_creation` object was seen (then it decides w5 and w1h). */
  #breakdown = false;
  /** The four counted fields as the read-cost measurement reads them (see {@linkcode snapshot}). */
  #snapshot: UsageSnapshot = [ABSENT, ABSENT, ABSENT, ABSENT];
  /** Range of the last `iterations` member (start -1: none). */
  #iterationsStart = -1;
  #iterationsEnd = -1;

  /**
   * Reads the usage value at `line[start, end)`.
   *
   * @returns false when the value is not an object (absent usage, as docs/method.md, Requests, treats it).
   * @throws {SyntaxError} when a count is not valid JSON.
   *
   * @example
   * ```ts
   * import { UsageTokens } from "./usage_scan.ts";
   * import assert from "node:assert/strict";
   * const text = '{"input_tokens":3,"cache_creation_input_tokens":7,"output_tokens":2}';
   * const usage = new UsageTokens();
   * assert.equal(usage.read(new TextEncoder().encode(text), 0, text.length), true);
   * assert.deepEqual([usage.input, usage.cacheWrite5m, usage.cacheWrite1h, usage.output], [3, 7, 0, 2]);
   * ```
   */
  read(line: Uint8Array, start: number, end: number): boolean {
    this.input =
      this.cacheWrite5m =
      this.cacheWrite1h =
      this.cacheRead =
      this.output =
        0;
    this.#created = 0;
    this.#breakdown = false;
    this.invalid = 0;
    this.#snapshot.fill(ABSENT);
    this.passes = null;
    this.otherIterations = 0;
    this.#iterationsStart = -1;
    const first = line[start];
    // An array is an object to JSON.parse-based code too: every count reads as absent.
    if (first === 0x5b) return true;
    if (first !== 0x7b) return false;
    this.#line = line;
    if (!(inScanMemory(line) && this.#readInWasm(line, start, end))) {
      if (forEachMember(line, start, this.#visitUsage) !== end) {
        throw new SyntaxError("usage is not a well-formed object");
      }
    }
    if (!this.#breakdown) this.cacheWrite5m = this.#created;
    // `[]` (every ordinary response of 2026) is decided here; the rest, rare, out of line.
    const at = this.#iterationsStart;
    if (at >= 0 && !(line[at] === 0x5b && line[at + 1] === 0x5d)) {
      this.#readPasses(line, at, this.#iterationsEnd);
    }
    return true;
  }

  /**
   * The passes of a non-empty `iterations` array (an empty one, `[]` on every ordinary response
   * of 2026, costs one look at its bytes). The array is small and rare: `JSON.parse`d, the same on
   * both reading paths.
   */
  #readPasses(line: Uint8Array, start: number, end: number): void {
    if (line[start] !== 0x5b) return;
    let i = start + 1;
    while (
      i < end && (line[i] === 0x20 || line[i] === 0x0a || line[i] === 0x0d || line[i] === 0x09)
    ) {
      i++;
    }
    if (line[i] === 0x5d) return;
    const entries = sliceValue(line, start, end) as unknown[];
    const passes: UsagePass[] = [];
    for (const entry of entries) {
      const kind = entry !== null && typeof entry === "object" && !Array.isArray(entry)
        ? (entry as Record<string, unknown>).type
        : undefined;
      if (kind !== "message" && kind !== "advisor_message") {
        this.otherIterations++;
        continue;
      }
      passes.push(this.#pass(entry as Record<string, unknown>, kind === "advisor_message"));
    }
    if (passes.length > 0) this.passes = passes;
  }

  /** One pass's counts, by the rules of the top-level ones (invalid values counted). */
  #pass(entry: Record<string, unknown>, advisor: boolean): UsagePass {
    const count = (value: unknown): number => {
      if (value === undefined || value === null) return 0;
      if (typeof value === "number" && value >= 0 && value <= MAX_TOKEN_COUNT) {
        return value === 0 ? 0 : value;
      }
      this.invalid++;
      return 0;
    };
    const created = count(entry.cache_creation_input_tokens);
    const tiers = entry.cache_creation;
    let cacheWrite5m = created;
    let cacheWrite1h = 0;
    if (tiers !== null && typeof tiers === "object") {
      const t = tiers as Record<string, unknown>;
      cacheWrite5m = Array.isArray(tiers) ? 0 : count(t.ephemeral_5m_input_tokens);
      cacheWrite1h = Array.isArray(tiers) ? 0 : count(t.ephemeral_1h_input_tokens);
    }
    return {
      advisor,
      model: typeof entry.model === "string" ? entry.model : "",
      input: count(entry.input_tokens),
      cacheWrite5m,
      cacheWrite1h,
      cacheRead: count(entry.cache_read_input_tokens),
      output: count(entry.output_tokens),
    };
  }

  /**
   * The same reading from the scanner's object table (one call into WebAssembly per object);
   * false when the object does not fit the table, to read it in JavaScript instead.
   */
  #readInWasm(line: Uint8Array, start: number, end: number): boolean {
    const base = line.byteOffset;
    const scanned = wasmScanMembers(base + start, base + end);
    if (scanned === -3) return false;
    if (scanned !== base + end) throw new SyntaxError("usage is not a well-formed object");
    // A key spelled with an escape may be a known one: read in JavaScript, keys decoded.
    if (escapedKey()) return false;
    let breakdownStart = -1;
    let breakdownEnd = -1;
    for (let k = 0, n = memberCount(OBJECT_TABLE); k < n; k++) {
      const id = memberKeyId(OBJECT_TABLE, k);
      if (id === 0) continue;
      const vs = memberValueStart(OBJECT_TABLE, k) - base;
      const ve = memberValueEnd(OBJECT_TABLE, k) - base;
      if (id === KEY.cache_creation) {
        // The last one decides, as in JSON.parse; it is read after this loop (the table is
        // reused for it).
        breakdownStart = vs;
        breakdownEnd = ve;
      } else this.#setCount(id, line, vs, ve);
    }
    if (breakdownStart >= 0) {
      const first = line[breakdownStart];
      this.#breakdown = first === 0x7b || first === 0x5b;
      if (first === 0x7b) {
        const inner = wasmScanMembers(base + breakdownStart, base + breakdownEnd);
        if (inner === -3 || escapedKey()) {
          forEachMember(line, breakdownStart, this.#visitBreakdown);
        } else {
          for (let k = 0, n = memberCount(OBJECT_TABLE); k < n; k++) {
            this.#setBreakdownCount(
              memberKeyId(OBJECT_TABLE, k),
              line,
              memberValueStart(OBJECT_TABLE, k) - base,
              memberValueEnd(OBJECT_TABLE, k) - base,
            );
          }
        }
      }
    }
    return true;
  }

  /**
   * The last read's `input_tokens`, `cache_creation_input_tokens`, `cache_read_input_tokens` and
   * `output_tokens` as the read-cost measurement reads them (./read_cost_sink.ts): the count,
   * `ABSENT`, or NaN for a present value that is not a count (`null` included). A fresh array.
   *
   * @returns The snapshot of the last {@linkcode read}.
   *
   * @example
   * ```ts
   * import { UsageTokens } from "./usage_scan.ts";
   * import assert from "node:assert/strict";
   * const text = '{"input_tokens":3,"cache_read_input_tokens":null,"output_tokens":2}';
   * const usage = new UsageTokens();
   * usage.read(new TextEncoder().encode(text), 0, text.length);
   * assert.deepEqual(usage.snapshot(), [3, -1, NaN, 2]);
   * assert.equal(usage.cacheRead, 0); // null is absent to the corpus
   * ```
   */
  snapshot(): UsageSnapshot {
    const s = this.#snapshot;
    return [s[0], s[1], s[2], s[3]];
  }

  /** A count, or 0 counted as invalid (see {@linkcode MAX_TOKEN_COUNT}). */
  #count(line: Uint8Array, start: number, end: number): number {
    return this.#counted(_count(line, start, end));
  }

  /** {@linkcode #count} of a value {@linkcode _count} has read. */
  #counted(value: number): number {
    if (value >= 0) return value;
    if (value === INVALID) this.invalid++;
    return 0;
  }

  /**
   * A top-level count by its key id (other ids: nothing), for both reading paths; the four of
   * the snapshot are noted there too.
   */
  #setCount(id: number, line: Uint8Array, vs: number, ve: number): void {
    switch (id) {
      case KEY.input_tokens:
        this.input = this.#noted(0, line, vs, ve);
        break;
      case KEY.cache_creation_input_tokens:
        this.#created = this.#noted(1, line, vs, ve);
        break;
      case KEY.cache_read_input_tokens:
        this.cacheRead = this.#noted(2, line, vs, ve);
        break;
      case KEY.output_tokens:
        this.output = this.#noted(3, line, vs, ve);
        break;
      case KEY.iterations:
        this.#iterationsStart = vs;
        this.#iterationsEnd = ve;
        break;
    }
  }

  /** {@linkcode #count}, the value also noted in field `field` of the snapshot. */
  #noted(field: number, line: Uint8Array, start: number, end: number): number {
    const value = _count(line, start, end);
    this.#snapshot[field] = value >= 0 ? value : NaN;
    return this.#counted(value);
  }

  /** A `cache_creation` count by its key id (other ids: nothing), for both reading paths. */
  #setBreakdownCount(id: number, line: Uint8Array, vs: number, ve: number): void {
    if (id === KEY.ephemeral_5m_input_tokens) this.cacheWrite5m = this.#count(line, vs, ve);
    else if (id === KEY.ephemeral_1h_input_tokens) this.cacheWrite1h = this.#count(line, vs, ve);
  }

  #visitUsage = (ks: number, ke: number, vs: number, ve: number): void => {
    const line = this.#line;
    const id = keyIdOf(line, ks, ke);
    if (id !== KEY.cache_creation) {
      this.#setCount(id, line, vs, ve);
      return;
    }
    this.cacheWrite5m = this.cacheWrite1h = 0;
    const first = line[vs];
    this.#breakdown = first === 0x7b || first === 0x5b;
    if (first === 0x7b && forEachMember(line, vs, this.#visitBreakdown) !== ve) {
      throw new SyntaxError("usage.cache_creation is not a well-formed object");
    }
  };

  #visitBreakdown = (ks: number, ke: number, vs: number, ve: number): void => {
    this.#setBreakdownCount(keyIdOf(this.#line, ks, ke), this.#line, vs, ve);
  };
}

/** {@linkcode _count} of a present value that is not a valid count. */
const INVALID = -1;
/** {@linkcode _count} of `null` (absent, as JSON.parse-based readers take it). */
const NULL = -2;

/** A token count: a number from 0 to MAX_TOKEN_COUNT as it is, `null` NULL, anything else INVALID. */
function _count(line: Uint8Array, start: number, end: number): number {
  // A leading zero is left to JSON.parse, which rejects it as JSON does.
  if (end - start <= 15 && (line[start] !== 0x30 || end - start === 1)) {
    let value = 0;
    let i = start;
    for (; i < end; i++) {
      const d = line[i] - 0x30;
      if (d < 0 || d > 9) break;
      value = value * 10 + d;
    }
    if (i === end) return value;
  }
  const value = sliceValue(line, start, end);
  if (value === null) return NULL;
  if (typeof value !== "number" || !(value >= 0 && value <= MAX_TOKEN_COUNT)) return INVALID;
  return value === 0 ? 0 : value; // -0 reads as 0
}
