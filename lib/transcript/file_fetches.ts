/**
 * One file's fetches, gathered while the file is parsed (./parse_file.ts): each tool result
 * that answers a tool use with a target (./fetch_targets.ts), with the block of the request that
 * made the call, the target's keyed hash and the result's one-shot tokens. Results marked
 * `is_error` fetched nothing and are left out; so are results answering no earlier tool use of
 * the file.
 *
 * @module
 */

import { type FetchKey, fetchUsesFromBytes, keyedHash } from "./fetch_targets.ts";
import { oneShotTokens, toolResultsFromBytes } from "./tool_calls.ts";

/** The fetches of one file, in file order (typed columns; see the module documentation). */
export interface FileFetches {
  /** File-local index of the request block that made the call (-1: none, e.g. no usage). */
  block: Int32Array;
  /** Keyed hash of the target. */
  target: Float64Array;
  /** One-shot tokens of the result, ceil(chars / 4). */
  tokens: Float64Array;
  /** Keyed hash of the `tool_use` id: copies of one call (a resumed file) share it. */
  call: Float64Array;
}

/**
 * The fetches of a file that has none (or was read without fetch targets).
 *
 * @returns Empty columns.
 *
 * @example
 * ```ts
 * import { emptyFileFetches } from "./file_fetches.ts";
 * import assert from "node:assert/strict";
 * assert.equal(emptyFileFetches().block.length, 0);
 * ```
 */
export function emptyFileFetches(): FileFetches {
  return {
    block: new Int32Array(0),
    target: new Float64Array(0),
    tokens: new Float64Array(0),
    call: new Float64Array(0),
  };
}

/**
 * Gathers a file's fetches record by record.
 *
 * @example
 * ```ts
 * import { FetchRecorder } from "./file_fetches.ts";
 * import assert from "node:assert/strict";
 * const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
 * const recorder = new FetchRecorder([1, 2, 3, 4]);
 * recorder.uses(bytes([{ type: "tool_use", id: "t", name: "Read", input: { file_path: "/a" } }]),
 *   0, 7, () => undefined);
 * recorder.results(bytes([{ type: "tool_result", tool_use_id: "t", content: "abcde" }]), 0);
 * const fetches = recorder.finish();
 * assert.deepEqual([...fetches.block], [7]);
 * assert.deepEqual([...fetches.tokens], [2]);
 * ```
 */
export class FetchRecorder {
  readonly #key: FetchKey;
  /** Tool use id → its block and target, until the file ends. */
  #pending = new Map<string, { block: number; target: number; call: number }>();
  #block: number[] = [];
  #target: number[] = [];
  #tokens: number[] = [];
  #call: number[] = [];

  /** @param key The run's key. */
  constructor(key: FetchKey) {
    this.#key = key;
  }

  /**
   * An assistant record's `message.content`.
   *
   * @param line The line's bytes (valid JSON).
   * @param start Position of the content's value.
   * @param block File-local index of the record's request block (-1: none).
   * @param cwd The record's working directory, asked for only when needed.
   */
  uses(line: Uint8Array, start: number, block: number, cwd: () => string | undefined): void {
    for (const use of fetchUsesFromBytes(line, start, this.#key, cwd)) {
      this.#pending.set(use.id, {
        block,
        target: use.target,
        call: keyedHash(use.id, this.#key),
      });
    }
  }

  /**
   * A user record's `message.content`.
   *
   * @param line The line's bytes (valid JSON).
   * @param start Position of the content's value.
   */
  results(line: Uint8Array, start: number): void {
    if (this.#pending.size === 0) return;
    for (const result of toolResultsFromBytes(line, start)) {
      if (result.toolUseId === undefined || result.isError) continue;
      const use = this.#pending.get(result.toolUseId);
      if (use === undefined) continue;
      this.#block.push(use.block);
      this.#target.push(use.target);
      this.#tokens.push(oneShotTokens(result));
      this.#call.push(use.call);
    }
  }

  /** The file's fetches. The recorder must not be used afterwards. */
  finish(): FileFetches {
    this.#pending.clear();
    return {
      block: Int32Array.from(this.#block),
      target: Float64Array.from(this.#target),
      tokens: Float64Array.from(this.#tokens),
      call: Float64Array.from(this.#call),
    };
  }
}
