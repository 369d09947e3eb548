/**
 * Block bootstrap kernels: the four ways the resampling (docs/method.md, Resampling) cuts and
 * re-assembles a sequence.
 *
 * @module
 */
import type { Prng } from "./pcg32.ts";

/** The block bootstrap variants. */
export type BlockMethod = "permute" | "moving" | "circular" | "stationary";

/** All {@linkcode BlockMethod} names, in documentation order. */
export const BLOCK_METHODS: readonly BlockMethod[] = [
  "permute",
  "moving",
  "circular",
  "stationary",
];

/**
 * Groups of consecutive positions to resample independently (for the analysis: one group per
 * session, positions are step rows).
 */
export interface BlockGroups {
  /** First position of each group. */
  start: ArrayLike<number>;
  /** Number of positions of each group (0 allowed). */
  length: ArrayLike<number>;
}

/**
 * A resample stored as segments (runs of consecutive positions) instead of copied values:
 * group g is the concatenation of segments `groupOffset[g] … groupOffset[g + 1] − 1`.
 * Memory is proportional to the number of blocks, not to the number of positions.
 */
export interface BlockPlan {
  /** First position of each segment. */
  segmentStart: Uint32Array;
  /** Number of positions of each segment (≥ 1). */
  segmentLength: Uint32Array;
  /** Segment offsets per group, length groups + 1. */
  groupOffset: Uint32Array;
}

/** Options of {@linkcode resampleBlocks}. */
export interface BlockResampleOptions {
  /**
   * `permute` (each group's blocks in random order, without replacement: keeps the multiset of
   * positions), `moving` (Künsch: blocks of `blockSize` drawn with replacement from all start
   * positions 0 … n − blockSize, the last one cut to fill n), `circular` (moving, but starts in
   * 0 … n − 1 and blocks wrap around the end), `stationary` (Politis–Romano: circular blocks
   * with geometric lengths of mean `blockSize`).
   *
   * @default {"permute"}
   */
  method?: BlockMethod;
  /**
   * Block length in positions (the mean length for `stationary`); the last block of a
   * `permute` group may be shorter.
   *
   * @default {8}
   */
  blockSize?: number;
}

/** Defaults of {@linkcode BlockResampleOptions}. */
export const DEFAULT_BLOCK_RESAMPLE_OPTIONS: Required<BlockResampleOptions> = {
  method: "permute",
  blockSize: 8,
};

/**
 * Draws one block-bootstrap resample of every group. Every method keeps each group's length;
 * `permute` also keeps its multiset of positions. Random draws come only from `prng`, group by
 * group in order, so the same generator state gives the same plan. O(positions / blockSize)
 * for all but `stationary` (O(number of drawn blocks)).
 *
 * @param groups Start and length of each group.
 * @param prng Source of randomness (e.g. {@linkcode Pcg32}).
 * @param options Method and block size.
 * @param keep Optional, per group: 0 draws the group's randomness (the same draws, so the groups
 *   after it get the same plans) but gives it no segment; any other value, or no `keep`, gives
 *   its segments. @default {every group}
 * @returns The resample as segments.
 * @throws {TypeError} When `groups.start` and `groups.length` differ in length.
 * @throws {RangeError} When `blockSize` is not a positive integer or the method is unknown.
 *
 * @example Permuting keeps the positions, only their order changes
 * ```ts
 * import assert from "node:assert/strict";
 * import { Pcg32 } from "./pcg32.ts";
 * import { resampleBlocks } from "./block_resample.ts";
 *
 * const plan = resampleBlocks({ start: [0], length: [10] }, new Pcg32(1, 1), { blockSize: 4 });
 * const positions: number[] = [];
 * for (let s = 0; s < plan.segmentStart.length; s++) {
 *   for (let j = 0; j < plan.segmentLength[s]; j++) positions.push(plan.segmentStart[s] + j);
 * }
 * assert.deepEqual([...positions].sort((a, b) => a - b), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
 * ```
 */
export function resampleBlocks(
  groups: BlockGroups,
  prng: Prng,
  options: BlockResampleOptions = {},
  keep?: ArrayLike<number>,
): BlockPlan {
  const { method, blockSize } = { ...DEFAULT_BLOCK_RESAMPLE_OPTIONS, ...options };
  if (!Number.isInteger(blockSize) || blockSize < 1) {
    throw new RangeError(
      `Cannot resample blocks: blockSize must be a positive integer, got ${blockSize}`,
    );
  }
  if (!BLOCK_METHODS.includes(method)) {
    throw new RangeError(
      `Cannot resample blocks: unknown method "${method}" (expected ${BLOCK_METHODS.join(", ")})`,
    );
  }
  const nGroups = groups.start.length;
  if (groups.length.length !== nGroups) {
    throw new TypeError(
      `Cannot resample blocks: ${nGroups} group starts but ${groups.length.length} lengths`,
    );
  }
  const out = new _SegmentBuilder(64);
  const groupOffset = new Uint32Array(nGroups + 1);
  const logKeep = Math.log(1 - 1 / blockSize);
  let order = new Uint32Array(16);
  for (let g = 0; g < nGroups; g++) {
    groupOffset[g] = out.size;
    const base = groups.start[g];
    const n = groups.length[g];
    if (n === 0) continue;
    const emit = keep === undefined || keep[g] !== 0;
    if (method === "permute" && !emit) {
      // The shuffle's draws only.
      for (let b = Math.ceil(n / blockSize) - 1; b > 0; b--) prng.nextBelow(b + 1);
    } else if (method === "permute") {
      const nb = Math.ceil(n / blockSize);
      if (order.length < nb) order = new Uint32Array(Math.max(nb, order.length * 2));
      for (let b = 0; b < nb; b++) order[b] = b;
      for (let b = nb - 1; b > 0; b--) {
        const j = prng.nextBelow(b + 1);
        const t = order[b];
        order[b] = order[j];
        order[j] = t;
      }
      for (let b = 0; b < nb; b++) {
        const from = order[b] * blockSize;
        out.push(base + from, Math.min(blockSize, n - from));
      }
    } else if (method === "moving") {
      const starts = n >= blockSize ? n - blockSize + 1 : 1;
      for (let filled = 0; filled < n;) {
        const from = prng.nextBelow(starts);
        const len = Math.min(blockSize, n - filled, n - from);
        if (emit) out.push(base + from, len);
        filled += len;
      }
    } else {
      for (let filled = 0; filled < n;) {
        const from = prng.nextBelow(n);
        let len: number;
        if (method === "circular") {
          len = Math.min(blockSize, n - filled);
        } else {
          const u = prng.nextFloat();
          len = blockSize === 1 ? 1 : 1 + Math.floor(Math.log(1 - u) / logKeep);
          len = Math.min(len, n - filled);
        }
        if (emit) {
          const head = Math.min(len, n - from);
          out.push(base + from, head);
          if (head < len) out.push(base, len - head);
        }
        filled += len;
      }
    }
  }
  groupOffset[nGroups] = out.size;
  return { ...out.finish(), groupOffset };
}

class _SegmentBuilder {
  size = 0;
  #start: Uint32Array;
  #length: Uint32Array;
  constructor(capacity: number) {
    this.#start = new Uint32Array(capacity);
    this.#length = new Uint32Array(capacity);
  }
  push(start: number, length: number): void {
    if (this.size === this.#start.length) {
      const s = new Uint32Array(this.size * 2);
      s.set(this.#start);
      this.#start = s;
      const l = new Uint32Array(this.size * 2);
      l.set(this.#length);
      this.#length = l;
    }
    this.#start[this.size] = start;
    this.#length[this.size] = length;
    this.size++;
  }
  finish(): { segmentStart: Uint32Array; segmentLength: Uint32Array } {
    return {
      segmentStart: this.#start.slice(0, this.size),
      segmentLength: this.#length.slice(0, this.size),
    };
  }
}
