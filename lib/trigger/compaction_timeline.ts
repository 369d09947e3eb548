/**
 * The rows of the compaction timeline ("did the setting take effect?"): every compaction whose
 * boundary time and input size C are both measured, with its trigger and model, oldest first.
 * A compaction without a time or without C cannot be placed and is counted, not drawn.
 *
 * @module
 */

import { COMPACTION_TRIGGER, type CompactionTable } from "../transcript/tables.ts";

/**
 * How a compaction started: automatic, by the user (`/compact`), not recorded, or another
 * trigger (neither auto nor manual, e.g. idle compaction; drawn apart).
 */
export type CompactionTriggerName = "auto" | "manual" | "unknown" | "other";

/** One measured compaction on the timeline. */
export interface CompactionTimelineRow {
  /** Boundary time, ms since the Unix epoch (UTC). */
  timeMs: number;
  /** C: the compaction's input, tokens of context. */
  inputTokens: number;
  /** How it was triggered. */
  trigger: CompactionTriggerName;
  /** The model the compaction's corpus was read for (display name or raw id). */
  model: string;
}

/** The rows, and how many compactions could not be placed. */
export interface CompactionTimeline {
  /** Measured compactions, by time (ties: table order). */
  rows: CompactionTimelineRow[];
  /** Compactions without a boundary time or without C (not in `rows`). */
  unplaced: number;
}

/** Trigger name of a stored trigger code; anything unexpected counts as unknown. */
function _triggerName(code: number): CompactionTriggerName {
  return code === COMPACTION_TRIGGER.auto
    ? "auto"
    : code === COMPACTION_TRIGGER.manual
    ? "manual"
    : code === COMPACTION_TRIGGER.other
    ? "other"
    : "unknown";
}

/**
 * Builds the timeline rows of one model's compactions.
 *
 * @param compactions The corpus' compaction table (`Corpus.compactions`).
 * @param model Name written into every row (the model's display name or raw id).
 * @returns The placed rows, oldest first, and the count of compactions left out.
 *
 * @example One auto, one manual, one without a time
 * ```ts
 * import assert from "node:assert/strict";
 * import { compactionTimelineRows } from "./compaction_timeline.ts";
 *
 * const { rows, unplaced } = compactionTimelineRows({
 *   length: 3,
 *   trigger: Uint8Array.of(0, 1, 0),
 *   timeMs: Float64Array.of(2_000, 1_000, NaN),
 *   inputTokens: Float64Array.of(160_000, 90_000, 150_000),
 * }, "Claude Opus 5.5");
 * assert.deepEqual(rows.map((r) => [r.trigger, r.inputTokens]), [["manual", 90_000], ["auto", 160_000]]);
 * assert.equal(unplaced, 1);
 * ```
 */
export function compactionTimelineRows(
  compactions: Pick<CompactionTable, "length" | "trigger" | "timeMs" | "inputTokens">,
  model: string,
): CompactionTimeline {
  const rows: CompactionTimelineRow[] = [];
  let unplaced = 0;
  for (let i = 0; i < compactions.length; i++) {
    const timeMs = compactions.timeMs[i];
    const inputTokens = compactions.inputTokens[i];
    if (!Number.isFinite(timeMs) || !Number.isFinite(inputTokens)) {
      unplaced++;
      continue;
    }
    rows.push({ timeMs, inputTokens, trigger: _triggerName(compactions.trigger[i]), model });
  }
  // Array.prototype.sort is stable, so equal times keep table order.
  rows.sort((a, b) => a.timeMs - b.timeMs);
  return { rows, unplaced };
}

/**
 * The timeline rows of several models (`--model all`) in one list: each model's rows in the
 * order given, model by model.
 *
 * @param perModel One entry per model: its name and its compaction table.
 * @returns All placed rows and the total count left out.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergedTimelineRows } from "./compaction_timeline.ts";
 *
 * const table = (t: number) => ({
 *   length: 1, trigger: Uint8Array.of(0), timeMs: Float64Array.of(t), inputTokens: Float64Array.of(1e5),
 * });
 * const { rows } = mergedTimelineRows([
 *   { model: "A", compactions: table(5) },
 *   { model: "B", compactions: table(1) },
 * ]);
 * assert.deepEqual(rows.map((r) => r.model), ["A", "B"]);
 * ```
 */
export function mergedTimelineRows(
  perModel: readonly {
    model: string;
    compactions: Pick<CompactionTable, "length" | "trigger" | "timeMs" | "inputTokens">;
  }[],
): CompactionTimeline {
  const rows: CompactionTimelineRow[] = [];
  let unplaced = 0;
  for (const { model, compactions } of perModel) {
    const one = compactionTimelineRows(compactions, model);
    rows.push(...one.rows);
    unplaced += one.unplaced;
  }
  return { rows, unplaced };
}
