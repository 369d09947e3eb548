/**
 * One session of one workload, step by step: the step rows in the workload's order, and the context
 * the session would carry request by request if it never compacted (docs/method.md, Replay). For
 * pictures of the resampling; the replay does not use these.
 *
 * @module
 */
import type { BlockPlan } from "../stats/block_resample.ts";
import type { StepColumns } from "./steps.ts";

function _checkSession(steps: Pick<StepColumns, "sessions">, session: number): void {
  if (!Number.isInteger(session) || session < 0 || session >= steps.sessions) {
    throw new RangeError(
      `Invalid session: expected an integer in 0…${steps.sessions - 1}, got ${session}`,
    );
  }
}

/**
 * The step rows of one session in a workload's order (the start row not included).
 *
 * @param steps Step columns (`sessions` is read).
 * @param plan The workload (e.g. `drawWorkloads(…).plans[k]`).
 * @param session Session index (row of the session table).
 * @returns Step rows, in the order the workload replays them.
 * @throws {RangeError} When `session` is not a session index.
 *
 * @example Two blocks of a 4-step session, swapped
 * ```ts
 * import assert from "node:assert/strict";
 * import { workloadRows } from "./context_trace.ts";
 *
 * const plan = { segmentStart: Uint32Array.of(3, 1), segmentLength: Uint32Array.of(2, 2),
 *   groupOffset: Uint32Array.of(0, 2) };
 * assert.deepEqual([...workloadRows({ sessions: 1 }, plan, 0)], [3, 4, 1, 2]);
 * ```
 */
export function workloadRows(
  steps: Pick<StepColumns, "sessions">,
  plan: BlockPlan,
  session: number,
): Uint32Array {
  _checkSession(steps, session);
  const rows: number[] = [];
  for (let g = plan.groupOffset[session]; g < plan.groupOffset[session + 1]; g++) {
    for (let j = 0; j < plan.segmentLength[g]; j++) rows.push(plan.segmentStart[g] + j);
  }
  return Uint32Array.from(rows);
}

/**
 * Context x per request of one session of one workload, without any compaction: x₀, then
 * x = max(0, x + d) for each step in the workload's order (the replay's rule with an infinite
 * trigger). O(session steps).
 *
 * @param steps Step columns.
 * @param plan The workload.
 * @param session Session index.
 * @returns One context per request (1 + steps), tokens.
 * @throws {RangeError} When `session` is not a session index.
 *
 * @example Worked by hand: x₀ = 100, growth 50, −200, 30 in observed order
 * ```ts
 * import assert from "node:assert/strict";
 * import { contextTrace } from "./context_trace.ts";
 *
 * const steps = { sessions: 1, start: Uint32Array.of(0), growth: Float64Array.of(100, 50, -200, 30) };
 * const plan = { segmentStart: Uint32Array.of(1), segmentLength: Uint32Array.of(3),
 *   groupOffset: Uint32Array.of(0, 1) };
 * assert.deepEqual([...contextTrace(steps, plan, 0)], [100, 150, 0, 30]); // floored at 0
 * ```
 */
export function contextTrace(
  steps: Pick<StepColumns, "sessions" | "start" | "growth">,
  plan: BlockPlan,
  session: number,
): Float64Array {
  const rows = workloadRows(steps, plan, session);
  const out = new Float64Array(rows.length + 1);
  let x = steps.growth[steps.start[session]];
  out[0] = x;
  rows.forEach((row, i) => {
    x += steps.growth[row];
    if (x < 0) x = 0;
    out[i + 1] = x;
  });
  return out;
}

/** Options of {@linkcode sessionsBySteps}. */
export interface SessionsByStepsOptions {
  /** Leave out sessions with fewer steps. @default {0} */
  minSteps?: number;
  /** Leave out sessions with more steps. @default {Infinity} */
  maxSteps?: number;
}

/**
 * Session indices by number of steps, most first (ties: lower index first), optionally within
 * a range of step counts: picks the sessions a picture shows without naming any.
 *
 * @param steps Step columns (`sessions`, `count`).
 * @param options Range of step counts.
 * @returns Session indices.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sessionsBySteps } from "./context_trace.ts";
 *
 * const steps = { sessions: 3, count: Uint32Array.of(10, 41, 20) }; // 9, 40, 19 steps
 * assert.deepEqual([...sessionsBySteps(steps)], [1, 2, 0]);
 * assert.deepEqual([...sessionsBySteps(steps, { maxSteps: 30 })], [2, 0]);
 * ```
 */
export function sessionsBySteps(
  steps: Pick<StepColumns, "sessions" | "count">,
  options: SessionsByStepsOptions = {},
): Uint32Array {
  const { minSteps = 0, maxSteps = Infinity } = options;
  const out: number[] = [];
  for (let s = 0; s < steps.sessions; s++) {
    const n = steps.count[s] - 1;
    if (n >= minSteps && n <= maxSteps) out.push(s);
  }
  out.sort((a, b) => steps.count[b] - steps.count[a] || a - b);
  return Uint32Array.from(out);
}
