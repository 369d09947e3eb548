/**
 * Standard output that reports its failures. `console.log` swallows a broken pipe, so a command
 * whose reader went away (`… | head -c0`) exited 0 as if its output had been delivered. The
 * commands write their data through {@linkcode writeStdout}, which throws
 * {@linkcode OutputError} instead; they exit 5 for it (as `measure` does).
 *
 * The sink can be replaced ({@linkcode replaceStdout}), so that tests and embedding code running
 * a command in-process see what it writes.
 *
 * @module
 */

/** Writing to standard output failed (closed pipe, full disk, …). */
export class OutputError extends Error {
  /**
   * @param cause What the write threw.
   */
  constructor(cause: unknown) {
    super(
      `Cannot write the output: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = "OutputError";
  }
}

/** Receives text for standard output; throws when it cannot be delivered. */
export type TextSink = (text: string) => void;

const encoder = new TextEncoder();

function _processStdout(text: string): void {
  const bytes = encoder.encode(text);
  let written = 0;
  while (written < bytes.length) written += Deno.stdout.writeSync(bytes.subarray(written));
}

let sink: TextSink = _processStdout;

/**
 * Writes `text` to standard output, all of it.
 *
 * @param text What to write (add the final newline yourself).
 * @throws {OutputError} when it cannot be written.
 *
 * @example
 * ```ts
 * import { replaceStdout, writeStdout } from "./stdout.ts";
 * import assert from "node:assert/strict";
 * const seen: string[] = [];
 * const previous = replaceStdout((text) => void seen.push(text));
 * writeStdout("hello\n");
 * replaceStdout(previous);
 * assert.deepEqual(seen, ["hello\n"]);
 * ```
 */
export function writeStdout(text: string): void {
  try {
    sink(text);
  } catch (error) {
    throw new OutputError(error);
  }
}

/**
 * Sends {@linkcode writeStdout}'s text to `next` from now on.
 *
 * @param next The new sink.
 * @returns The sink it replaces (give it back when done).
 */
export function replaceStdout(next: TextSink): TextSink {
  const previous = sink;
  sink = next;
  return previous;
}
