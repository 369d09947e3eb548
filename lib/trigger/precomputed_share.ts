/**
 * The time share if some compactions cost no waiting: a precomputed compaction (2026) swaps in
 * a summary made in the background, so the agent does not wait for it (docs/method.md,
 * Precomputed compactions). The replay times every compaction by the time model; this says what
 * the share would be if a share `p` of them, the observed share of precomputed ones, cost
 * nothing.
 *
 * @module
 */

import type { CompactionTable } from "../transcript/tables.ts";

/**
 * The observed share of precomputed compactions: precomputed / all compactions (0 when none).
 *
 * @param compactions The reader's compaction table.
 * @returns p, 0…1.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { precomputedShare } from "./precomputed_share.ts";
 * assert.equal(precomputedShare({ length: 4, precomputed: Uint8Array.of(1, 0, 0, 0) }), 0.25);
 * assert.equal(precomputedShare({ length: 0, precomputed: new Uint8Array(0) }), 0);
 * ```
 */
export function precomputedShare(
  compactions: Pick<CompactionTable, "length" | "precomputed">,
): number {
  if (compactions.length === 0) return 0;
  let n = 0;
  for (let i = 0; i < compactions.length; i++) n += compactions.precomputed[i] === 1 ? 1 : 0;
  return n / compactions.length;
}

/**
 * A time share s = T_c / (W + T_c) with a share `p` of the compaction time T_c removed:
 * (1 − p)·T_c / (W + (1 − p)·T_c) = (1 − p)·s / (1 − p·s). Increasing in s, so it maps a band's
 * quantiles onto the quantiles of the changed share.
 *
 * @param share s, 0…1.
 * @param p The share of compactions that cost no waiting, 0…1.
 * @returns The changed share (s when p is 0; 0 when p is 1 and s < 1).
 *
 * @example Worked by hand: W = 90 s, T_c = 10 s (s = 0.1), a quarter precomputed → 7.5 / 97.5
 * ```ts
 * import assert from "node:assert/strict";
 * import { timeShareWithoutWaiting } from "./precomputed_share.ts";
 * assert.ok(Math.abs(timeShareWithoutWaiting(0.1, 0.25) - 7.5 / 97.5) < 1e-15);
 * assert.equal(timeShareWithoutWaiting(0.1, 0), 0.1);
 * ```
 */
export function timeShareWithoutWaiting(share: number, p: number): number {
  if (p === 0) return share;
  const denominator = 1 - p * share;
  return denominator > 0 ? (1 - p) * share / denominator : 0;
}
