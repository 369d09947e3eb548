/**
 * The cost of forgetting: rework after each compaction, measured from the transcripts
 * (docs/method.md, Cost of forgetting).
 *
 * @example
 * ```ts
 * import { estimateRework } from "./mod.ts";
 * import { corpusFromText } from "../transcript/read_corpus.ts";
 * import assert from "node:assert/strict";
 * assert.equal(estimateRework(corpusFromText([])).reason,
 *   "the transcripts were read without fetch targets");
 * ```
 *
 * @module
 */

export { estimateRework, excessOf, REWORK_DEFAULTS, reworkGrowth } from "./estimate.ts";
export {
  byFigures,
  type CompactionWindows,
  compactionWindows,
  tableWindows,
  WINDOW_STATUS,
  type WindowShortfall,
} from "./windows.ts";
export type {
  ReworkEstimate,
  ReworkGrowth,
  ReworkInterval,
  ReworkOptions,
  ReworkSource,
} from "./types.ts";
