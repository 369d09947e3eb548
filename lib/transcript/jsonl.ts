/**
 * Streaming JSON Lines framing: bytes in, one callback per non-blank line out.
 *
 * Framing follows docs/transcript-format.md, Line framing: a UTF-8 byte-order mark at the start of the stream is
 * dropped, lines end at `\n`, surrounding whitespace (a `\r` before the `\n` included) is
 * trimmed, and blank lines are counted but not delivered. A final line without `\n` is
 * delivered too (it may be half-written; the caller decides whether it parses).
 *
 * Memory: file bytes are read straight into one buffer (in the WebAssembly scanner's memory) and
 * scanned in place; a line that spans reads is moved to the buffer's start, and the buffer doubles
 * when one line outgrows it, up to the line limit. So memory is bounded by the chunk size plus the
 * line limit, never by the file or its longest line, and no line is ever turned into a string
 * here.
 *
 * Line limit: a line longer than {@linkcode MAX_LINE_BYTES} (128 MiB; bytes between two `\n`,
 * before trimming) is skipped unread and counted (`oversizedLines`), and reading goes on after its
 * `\n`. No transcript line comes near it (tool results run to a few MB; a 64 MB line is still
 * read); a file that holds one is broken or hostile (a link to `/dev/zero`, a sparse file of
 * zeros), and buffering it ran the scanner's memory out.
 *
 * @module
 */

import {
  acquireRegion,
  growRegion,
  inScanMemory,
  regionMemory,
  releaseRegion,
  type ScanRegion,
  wasmIndexOf,
} from "./_wasm_scanner.ts";

/**
 * Receives one line: `bytes[start, end)` holds it, trimmed. `lineNumber` is 1-based and counts
 * every `\n`-terminated line of the file, blank ones included, so it matches an editor's.
 * The bytes are only valid during the call.
 */
export type LineHandler = (
  bytes: Uint8Array,
  start: number,
  end: number,
  lineNumber: number,
) => void;

const NEWLINE = 0x0a;

/**
 * The longest line read, bytes (128 MiB): a longer one is skipped and counted (see the module
 * documentation).
 */
export const MAX_LINE_BYTES = 128 * 1024 * 1024;

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === 0x0a;
}

/** Options for {@linkcode LineSplitter}. */
export interface LineSplitterOptions {
  /**
   * Initial buffer size in bytes; it doubles whenever one line does not fit.
   * @default {262144}
   */
  chunkBytes?: number;
  /**
   * Longest line delivered, bytes (before trimming, without its `\n`); a longer one is skipped
   * and counted in {@linkcode LineSplitter.oversizedLines}.
   * @default {MAX_LINE_BYTES}
   */
  maxLineBytes?: number;
}

/**
 * Splits a byte stream into trimmed lines, chunk by chunk.
 *
 * The bytes live in the WebAssembly scanner's memory ({@linkcode ./_wasm_scanner.ts}): the newline
 * search runs there with SIMD, and the lines a handler receives can be scanned there without a
 * copy. A line that spans chunks stays at the start of the buffer while the rest arrives; the
 * buffer doubles when one line outgrows it. Call {@linkcode finish} (or {@linkcode close}) to
 * give the buffer back.
 *
 * @example Two chunks, a CRLF line and a blank line
 * ```ts
 * import { LineSplitter } from "./jsonl.ts";
 * import assert from "node:assert/strict";
 *
 * const seen: string[] = [];
 * const splitter = new LineSplitter((bytes, start, end, n) => {
 *   seen.push(`${n}:${new TextDecoder().decode(bytes.subarray(start, end))}`);
 * });
 * const enc = new TextEncoder();
 * splitter.push(enc.encode('\uFEFF{"a":1}\r\n\n{"b"'));
 * splitter.push(enc.encode(":2}"));
 * splitter.finish();
 * assert.deepEqual(seen, ['1:{"a":1}', '3:{"b":2}']);
 * assert.equal(splitter.blankLines, 1);
 * ```
 */
export class LineSplitter {
  /** Lines delivered to the handler (non-blank, within the limit). */
  lines = 0;
  /** Lines that held only whitespace. */
  blankLines = 0;
  /** Lines longer than the line limit, skipped unread. */
  oversizedLines = 0;
  /** Bytes pushed so far. */
  bytes = 0;
  #onLine: LineHandler;
  #chunkBytes: number;
  #maxLineBytes: number;
  /** Inside a line over the limit: bytes are dropped until its `\n`. */
  #skipping = false;
  #region: ScanRegion | undefined;
  /** Bytes of an unfinished line held at the region's start. */
  #carry = 0;
  #lineNumber = 0;
  #atStart = true;

  constructor(onLine: LineHandler, options: LineSplitterOptions = {}) {
    this.#onLine = onLine;
    this.#chunkBytes = Math.max(16, options.chunkBytes ?? 256 << 10);
    this.#maxLineBytes = Math.max(1, options.maxLineBytes ?? MAX_LINE_BYTES);
  }

  /** Feeds the next chunk (copied; the caller may reuse it after the call returns). */
  push(chunk: Uint8Array): void {
    // A view into the scanner's own memory (a line handed on by an outer splitter) would be
    // detached if taking or growing the region grows that memory: copy it out first.
    if (inScanMemory(chunk)) chunk = chunk.slice();
    let from = 0;
    while (from < chunk.length) {
      const region = this.#space();
      const n = Math.min(region.capacity - this.#carry, chunk.length - from);
      regionMemory().set(chunk.subarray(from, from + n), region.offset + this.#carry);
      from += n;
      this.bytes += n;
      this.#split(n);
    }
  }

  /**
   * Reads the next chunk straight into the buffer: `read` fills the view it is given and returns
   * how many bytes it wrote, or `null` at the end of the input (as `Deno.FsFile.readSync` does).
   *
   * @returns false at the end of the input.
   */
  fill(read: (into: Uint8Array) => number | null): boolean {
    const region = this.#space();
    const start = region.offset + this.#carry;
    const n = read(regionMemory().subarray(start, region.offset + region.capacity));
    if (n === null || n === 0) return false;
    this.bytes += n;
    this.#split(n);
    return true;
  }

  /** Delivers a last line that had no `\n` (possibly half-written), then gives the buffer back. */
  finish(): void {
    if (this.#skipping) {
      this.#skipping = false;
      this.#lineNumber++;
      this.oversizedLines++;
    } else if (this.#carry > 0 && this.#region !== undefined) {
      this.#lineNumber++;
      const base = this.#region.offset;
      const carry = this.#carry;
      this.#carry = 0;
      this.#emit(base, base + carry);
    }
    this.close();
  }

  /** Gives the buffer back without delivering an unfinished line. Safe to call twice. */
  close(): void {
    if (this.#region !== undefined) releaseRegion(this.#region);
    this.#region = undefined;
    this.#carry = 0;
  }

  /** The region, with room for at least one more byte. */
  #space(): ScanRegion {
    if (this.#region === undefined) this.#region = acquireRegion(this.#chunkBytes);
    else if (this.#carry === this.#region.capacity) {
      // Here carry ≤ the limit (#split starts skipping past it), so the region grows to at most
      // one byte past the limit: room to see the line's end, or that it is too long.
      const capacity = Math.min(this.#region.capacity * 2, this.#maxLineBytes + 1);
      growRegion(this.#region, capacity, this.#carry);
    }
    return this.#region;
  }

  /** Splits the region after `added` new bytes arrived behind the carried ones. */
  #split(added: number): void {
    const base = this.#region!.offset;
    const end = base + this.#carry + added;
    let from = base;
    // Only the new bytes can hold a newline: the carried ones were searched already.
    let search = base + this.#carry;
    if (this.#skipping) {
      // The carry is empty while skipping: drop everything up to the oversized line's end.
      const newline = wasmIndexOf(NEWLINE, search, end);
      if (newline === -1) {
        this.#carry = 0;
        return;
      }
      this.#skipping = false;
      this.#lineNumber++;
      this.oversizedLines++;
      from = search = newline + 1;
    }
    if (this.#atStart) {
      const bytes = regionMemory();
      const n = end - base;
      const bom = (n < 1 || bytes[base] === 0xef) && (n < 2 || bytes[base + 1] === 0xbb) &&
        (n < 3 || bytes[base + 2] === 0xbf);
      // Fewer than three bytes that could still begin a BOM: wait for more (finish() delivers
      // them as a line if nothing follows).
      if (bom && n < 3) {
        this.#carry = n;
        return;
      }
      this.#atStart = false;
      if (bom) from = search = base + 3;
    }
    while (true) {
      const newline = wasmIndexOf(NEWLINE, search, end);
      if (newline === -1) break;
      this.#lineNumber++;
      if (newline - from > this.#maxLineBytes) this.oversizedLines++;
      else this.#emit(from, newline);
      from = search = newline + 1;
    }
    this.#carry = end - from;
    if (this.#carry > this.#maxLineBytes) {
      this.#skipping = true;
      this.#carry = 0;
      return;
    }
    if (this.#carry > 0 && from !== base) regionMemory().copyWithin(base, from, end);
  }

  #emit(start: number, end: number): void {
    const bytes = regionMemory();
    while (start < end && isSpace(bytes[start])) start++;
    while (end > start && isSpace(bytes[end - 1])) end--;
    if (start === end) {
      this.blankLines++;
      return;
    }
    this.lines++;
    this.#onLine(bytes, start, end, this.#lineNumber);
  }
}

/** Options for {@linkcode readLines}. */
export interface ReadLinesOptions {
  /**
   * Read size in bytes. Small enough to stay in the CPU cache between the read and the scan
   * (measured here: 256 KiB reads scanned faster than 4 MiB ones).
   * @default {262144}
   */
  chunkBytes?: number;
  /**
   * Longest line delivered, bytes; a longer one is skipped and counted.
   * @default {MAX_LINE_BYTES}
   */
  maxLineBytes?: number;
}

/** What {@linkcode readLines} read. */
export interface ReadLinesResult {
  bytes: number;
  blankLines: number;
  /** Lines delivered (non-blank). */
  lines: number;
  /** Lines longer than the line limit, skipped unread. */
  oversizedLines: number;
}

/**
 * Streams a file's lines to `onLine`. Opens the file read-only; the file is never written.
 *
 * @param path File to read.
 * @param onLine Called once per non-blank line.
 * @returns Byte and line counts.
 * @throws {Deno.errors.NotFound} and other file-system errors, unchanged.
 */
export function readLines(
  path: string,
  onLine: LineHandler,
  options: ReadLinesOptions = {},
): Promise<ReadLinesResult> {
  try {
    return Promise.resolve(_readLinesSync(path, onLine, options));
  } catch (error) {
    return Promise.reject(error);
  }
}

function _readLinesSync(
  path: string,
  onLine: LineHandler,
  options: ReadLinesOptions,
): ReadLinesResult {
  const { chunkBytes = 256 << 10, maxLineBytes = MAX_LINE_BYTES } = options;
  // Synchronous open and reads: parsing is CPU-bound, and an await per chunk (or per open: the
  // open then runs on another thread while this one idles) left the core idle while the event
  // loop turned. On corpora of many small files the async open was the largest per-file cost.
  using file = Deno.openSync(path, { read: true });
  const splitter = new LineSplitter(onLine, { chunkBytes, maxLineBytes });
  try {
    while (splitter.fill((into) => file.readSync(into)));
    splitter.finish();
  } finally {
    splitter.close();
  }
  return _counts(splitter);
}

/** The counts of a finished splitter, as {@linkcode readLines} and {@linkcode splitLines} return. */
function _counts(splitter: LineSplitter): ReadLinesResult {
  const { bytes, blankLines, lines, oversizedLines } = splitter;
  return { bytes, blankLines, lines, oversizedLines };
}

/**
 * Splits an in-memory byte array (or string) into lines; the pure twin of
 * {@linkcode readLines}, for tests and small inputs.
 *
 * @example
 * ```ts
 * import { splitLines } from "./jsonl.ts";
 * import assert from "node:assert/strict";
 * const out: number[] = [];
 * splitLines("a\n\nb", (_b, _s, _e, n) => out.push(n));
 * assert.deepEqual(out, [1, 3]);
 * ```
 */
export function splitLines(
  input: Uint8Array | string,
  onLine: LineHandler,
  options: { maxLineBytes?: number } = {},
): ReadLinesResult {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const splitter = new LineSplitter(onLine, {
    chunkBytes: Math.max(bytes.length, 16),
    maxLineBytes: options.maxLineBytes,
  });
  try {
    splitter.push(bytes);
    splitter.finish();
  } finally {
    splitter.close();
  }
  return _counts(splitter);
}
