/**
 * Picks sessions to show without naming any: the longest ones, by number of requests.
 *
 * @module
 */

import type { SessionTable } from "./tables.ts";

/** Options of {@linkcode longestSessions}. */
export interface LongestSessionsOptions {
  /** Only sessions of this kind (`SESSION_KIND`: 0 main, 1 sub-agent, 2 helper). @default {any kind} */
  kind?: number;
  /** How many sessions at most. @default {Infinity} */
  count?: number;
}

/**
 * Session rows ordered by request count, most first (ties: the earlier row first).
 *
 * @param sessions The session table.
 * @param options Kind filter and how many.
 * @returns Session rows.
 *
 * @example
 * ```ts
 * import { longestSessions } from "./longest_sessions.ts";
 * import assert from "node:assert/strict";
 * const sessions = {
 *   length: 4,
 *   kind: Uint8Array.of(0, 1, 0, 0),
 *   firstRequest: Uint32Array.of(0, 5, 25, 28),
 *   requestCount: Uint32Array.of(5, 20, 3, 5),
 * };
 * assert.deepEqual(longestSessions(sessions), [1, 0, 3, 2]);
 * assert.deepEqual(longestSessions(sessions, { kind: 0, count: 2 }), [0, 3]);
 * ```
 */
export function longestSessions(
  sessions: SessionTable,
  options: LongestSessionsOptions = {},
): number[] {
  const { kind, count = Infinity } = options;
  const rows: number[] = [];
  for (let s = 0; s < sessions.length; s++) {
    if (kind === undefined || sessions.kind[s] === kind) rows.push(s);
  }
  rows.sort((a, b) => sessions.requestCount[b] - sessions.requestCount[a] || a - b);
  return rows.slice(0, count);
}
