/**
 * The frames the pool's reader (pool/read_tables.ts) writes to stdout, decoded: a `meta` frame
 * (models, contributors, counts), one `compactions` frame, `requests` frames of whole sessions,
 * then `end`. Each frame is a little-endian u32 header length, a JSON header, then each named
 * column's float64 values (NaN for null).
 *
 * @module
 */

/** A decoded frame. */
export interface PoolFrame {
  kind: "meta" | "sessions" | "compactions" | "requests" | "end";
  header: Record<string, unknown>;
  /** Columns by name (empty for meta and end). */
  columns: Record<string, Float64Array>;
  rows: number;
}

/**
 * Decodes frames from a byte stream as they arrive.
 *
 * @param stream The reader's stdout.
 * @yields Each frame in order.
 * @throws {Error} When the stream ends inside a frame or a header is not JSON.
 *
 * @example One meta frame, then end
 * ```ts
 * import assert from "node:assert/strict";
 * import { readFrames } from "./pool_frames.ts";
 * const frame = (h: object) => {
 *   const head = new TextEncoder().encode(JSON.stringify(h));
 *   const out = new Uint8Array(4 + head.length);
 *   new DataView(out.buffer).setUint32(0, head.length, true);
 *   out.set(head, 4);
 *   return out;
 * };
 * const stream = ReadableStream.from([frame({ kind: "meta", models: ["m"] }), frame({ kind: "end" })]);
 * const kinds = [];
 * for await (const f of readFrames(stream)) kinds.push(f.kind);
 * assert.deepEqual(kinds, ["meta", "end"]);
 * ```
 */
export async function* readFrames(stream: ReadableStream<Uint8Array>): AsyncGenerator<PoolFrame> {
  const reader = stream.getReader();
  // Chunks as they came, joined only into the pieces taken (no copy per chunk).
  const chunks: Uint8Array[] = [];
  let size = 0;
  let done = false;
  const need = async (n: number) => {
    while (size < n && !done) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        break;
      }
      chunks.push(next.value);
      size += next.value.length;
    }
    return size >= n;
  };
  const take = (n: number) => {
    const out = new Uint8Array(n);
    let at = 0;
    while (at < n) {
      const head = chunks[0];
      const part = Math.min(head.length, n - at);
      out.set(head.subarray(0, part), at);
      at += part;
      if (part === head.length) chunks.shift();
      else chunks[0] = head.subarray(part);
    }
    size -= n;
    return out;
  };
  const decoder = new TextDecoder();
  for (;;) {
    if (!(await need(4))) {
      if (size === 0) return;
      throw new Error("The pool reader's output ended inside a frame");
    }
    const headLength = new DataView(take(4).buffer).getUint32(0, true);
    if (!(await need(headLength))) throw new Error("The pool reader's output ended inside a frame");
    const header = JSON.parse(decoder.decode(take(headLength))) as Record<string, unknown>;
    const kind = header.kind as PoolFrame["kind"];
    const rows = typeof header.rows === "number" ? header.rows : 0;
    const names = Array.isArray(header.columns) ? header.columns as string[] : [];
    const columns: Record<string, Float64Array> = {};
    for (const name of names) {
      if (!(await need(rows * 8))) throw new Error("The pool reader's output ended inside a frame");
      const bytes = take(rows * 8);
      columns[name] = new Float64Array(bytes.buffer, bytes.byteOffset, rows);
    }
    yield { kind, header, columns, rows };
    if (kind === "end") return;
  }
}
