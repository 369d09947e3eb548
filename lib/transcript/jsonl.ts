/**
 * Streaming JSON Lines framing: bytes in, one callback per non-blank line out.
 *
 * Framing follows analysis-spec §1: a UTF-8 byte-order mark at the start of the stream is
 * dropped, lines end at `\n`, surrounding whitespace (a `\r` before the `\n` included) is
 * trimmed, and blank lines are counted but not delivered. A final line without `\n` is
 * delivered too (it may be half-written; the caller decides whether it parses).
 *
 * Memory: chunks are scanned in place; only a line that spans chunks is copied, once, into a
 * buffer of exactly its size. So memory is bounded by the chunk size plus the longest line, never
 * by the file, and no line is ever turned into a string here.
 *
 * @module
 */

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

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0d || byte === 0x0a;
}

/**
 * Splits a byte stream into trimmed lines, chunk by chunk.
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
  /** Lines that held only whitespace. */
  blankLines = 0;
  /** Bytes pushed so far. */
  bytes = 0;
  #onLine: LineHandler;
  #pending: Uint8Array[] = [];
  #pendingLength = 0;
  #lineNumber = 0;
  #atStart = true;

  constructor(onLine: LineHandler) {
    this.#onLine = onLine;
  }

  /** Feeds the next chunk. The chunk may be reused by the caller after the call returns. */
  push(chunk: Uint8Array): void {
    this.bytes += chunk.length;
    let from = 0;
    if (this.#atStart) {
      if (chunk.length === 0) return;
      this.#atStart = false;
      // A BOM split across chunks is vanishingly rare; a BOM is only looked for in chunk one.
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) {
        from = 3;
      }
    }
    while (from < chunk.length) {
      const newline = chunk.indexOf(NEWLINE, from);
      if (newline === -1) {
        // Copy: the caller may reuse the chunk's buffer.
        this.#pending.push(chunk.slice(from));
        this.#pendingLength += chunk.length - from;
        return;
      }
      this.#lineNumber++;
      if (this.#pendingLength > 0) {
        this.#pending.push(chunk.subarray(from, newline));
        this.#emitPending();
      } else {
        this.#emit(chunk, from, newline);
      }
      from = newline + 1;
    }
  }

  /** Delivers a last line that had no `\n` (possibly half-written). */
  finish(): void {
    if (this.#pendingLength > 0) {
      this.#lineNumber++;
      this.#emitPending();
    }
  }

  #emitPending(): void {
    const line = new Uint8Array(
      this.#pending.reduce((n, part) => n + part.length, 0),
    );
    let offset = 0;
    for (const part of this.#pending) {
      line.set(part, offset);
      offset += part.length;
    }
    this.#pending = [];
    this.#pendingLength = 0;
    this.#emit(line, 0, line.length);
  }

  #emit(bytes: Uint8Array, start: number, end: number): void {
    while (start < end && isSpace(bytes[start])) start++;
    while (end > start && isSpace(bytes[end - 1])) end--;
    if (start === end) {
      this.blankLines++;
      return;
    }
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
}

/** What {@linkcode readLines} read. */
export interface ReadLinesResult {
  bytes: number;
  blankLines: number;
  /** Lines delivered (non-blank). */
  lines: number;
}

/**
 * Streams a file's lines to `onLine`. Opens the file read-only; the file is never written.
 *
 * @param path File to read.
 * @param onLine Called once per non-blank line.
 * @returns Byte and line counts.
 * @throws {Deno.errors.NotFound} and other file-system errors, unchanged.
 */
export async function readLines(
  path: string,
  onLine: LineHandler,
  options: ReadLinesOptions = {},
): Promise<ReadLinesResult> {
  const { chunkBytes = 256 << 10 } = options;
  let lines = 0;
  const splitter = new LineSplitter((bytes, start, end, n) => {
    lines++;
    onLine(bytes, start, end, n);
  });
  // Synchronous reads: parsing is CPU-bound, and an await per chunk left the core idle while
  // the event loop turned (measured: ~30% idle in a profile of the async version).
  using file = await Deno.open(path, { read: true });
  const buffer = new Uint8Array(chunkBytes);
  while (true) {
    const n = file.readSync(buffer);
    if (n === null) break;
    splitter.push(buffer.subarray(0, n));
  }
  splitter.finish();
  return { bytes: splitter.bytes, blankLines: splitter.blankLines, lines };
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
export function splitLines(input: Uint8Array | string, onLine: LineHandler): ReadLinesResult {
  const bytes = typeof input === "string" ? new TextEncoder().encode(input) : input;
  let lines = 0;
  const splitter = new LineSplitter((b, s, e, n) => {
    lines++;
    onLine(b, s, e, n);
  });
  splitter.push(bytes);
  splitter.finish();
  return { bytes: splitter.bytes, blankLines: splitter.blankLines, lines };
}
