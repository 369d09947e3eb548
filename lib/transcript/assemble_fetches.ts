/**
 * The files' fetches (./file_fetches.ts) → the corpus's {@linkcode FetchTable}: each fetch placed
 * on the request row of the block that made its call, copies of one call counted once.
 *
 * @module
 */

import type { FileFetches } from "./file_fetches.ts";
import type { FetchTable } from "./tables.ts";

/**
 * `fetches` with their blocks renumbered by `blockOf` (-1: the block is gone, e.g. a compaction
 * call's).
 *
 * @param fetches One file's fetches.
 * @param blockOf New index of each old block index.
 * @returns The renumbered fetches.
 *
 * @example
 * ```ts
 * import { renumberFetches } from "./assemble_fetches.ts";
 * import assert from "node:assert/strict";
 * const f = { block: Int32Array.of(0, 2), target: Float64Array.of(1, 2),
 *   tokens: Float64Array.of(3, 4), call: Float64Array.of(5, 6) };
 * assert.deepEqual([...renumberFetches(f, (b) => (b === 0 ? -1 : b - 1)).block], [-1, 1]);
 * ```
 */
export function renumberFetches(
  fetches: FileFetches,
  blockOf: (block: number) => number,
): FileFetches {
  return { ...fetches, block: fetches.block.map((b) => (b < 0 ? -1 : blockOf(b))) };
}

/**
 * Builds the fetch table.
 *
 * @param files Each file's fetches (undefined: none), in corpus file order.
 * @param blockStart Run position of each file's first block.
 * @param requestOfBlock Request (first-seen order) of each run block.
 * @param rowOfRequest Request-table row of each request (-1: not in the table).
 * @returns The table, sorted by request row.
 *
 * @example
 * ```ts
 * import { assembleFetches } from "./assemble_fetches.ts";
 * import assert from "node:assert/strict";
 * const f = { block: Int32Array.of(1, 0, 0), target: Float64Array.of(7, 8, 8),
 *   tokens: Float64Array.of(3, 4, 4), call: Float64Array.of(1, 2, 2) };
 * const table = assembleFetches([f], Int32Array.of(0), Int32Array.of(0, 1), Int32Array.of(1, 0));
 * assert.deepEqual([...table.request], [0, 1]); // block 1 is row 0; the copy of call 2 is dropped
 * assert.deepEqual([...table.target], [7, 8]);
 * assert.equal(table.repeated, 1);
 * ```
 */
export function assembleFetches(
  files: readonly (FileFetches | undefined)[],
  blockStart: Int32Array,
  requestOfBlock: Int32Array,
  rowOfRequest: Int32Array,
): FetchTable {
  const rows: number[] = [];
  const targets: number[] = [];
  const tokens: number[] = [];
  const seen = new Set<number>();
  let withoutRequest = 0, outsideTable = 0, repeated = 0;
  files.forEach((fetches, f) => {
    if (fetches === undefined) return;
    for (let e = 0; e < fetches.block.length; e++) {
      const block = fetches.block[e];
      if (block < 0) {
        withoutRequest++;
        continue;
      }
      const row = rowOfRequest[requestOfBlock[blockStart[f] + block]];
      if (row < 0) {
        outsideTable++;
        continue;
      }
      if (seen.has(fetches.call[e])) {
        repeated++;
        continue;
      }
      seen.add(fetches.call[e]);
      rows.push(row);
      targets.push(fetches.target[e]);
      tokens.push(fetches.tokens[e]);
    }
  });
  const order = rows.map((_, i) => i).sort((a, b) => rows[a] - rows[b] || a - b);
  return {
    length: order.length,
    request: Uint32Array.from(order, (i) => rows[i]),
    target: Float64Array.from(order, (i) => targets[i]),
    tokens: Float64Array.from(order, (i) => tokens[i]),
    withoutRequest,
    outsideTable,
    repeated,
  };
}
