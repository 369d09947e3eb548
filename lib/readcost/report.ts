/**
 * The read-cost report: per-file measurements combined into the JSON document of
 * `schemaVersion: 1` (docs/method.md, Read-cost measurement and Outputs; docs/schema/measure.schema.json).
 *
 * A file is included when it has at least `minTurns` unique usage-bearing assistant messages;
 * each included file is one session. Every count except `diagnostics.skippedMalformedLines`
 * describes included files only; malformed lines are counted over every file read, excluded
 * ones too. Percentages are `100 × estimate / observedInputTokens`, unrounded, and `null` when
 * no input tokens were observed. The report carries aggregates only: no text, tool input, path
 * or session id ever reaches it. Key order is fixed, so identical inputs give byte-identical
 * `JSON.stringify` output.
 *
 * @module
 */

import { RESULT_KINDS, type ResultKind } from "./classify.ts";
import {
  emptyKindTotals,
  type FileDiagnostics,
  type FileMeasurement,
  type KindTotals,
  type UsageTotals,
} from "./file_measure.ts";
import { type ReadCostOptions, resolveReadCostOptions } from "./options.ts";

/** Shares of observed input, percent (`null` when observed input is 0). */
export interface PercentOfObservedInput {
  oneShotPercentOfObservedInput: number | null;
  carriedPercentOfObservedInput: number | null;
}

/** One kind's totals with their shares of observed input. */
export type KindReport = KindTotals & PercentOfObservedInput;

/** All results together. */
export interface AllResultsReport extends KindTotals, PercentOfObservedInput {
  /** Results without a preceding matching tool use (the "unmatched" kind). */
  unmatchedResults: number;
}

/** The bulk-read candidates. */
export interface CandidatesReport extends PercentOfObservedInput {
  results: number;
  textChars: number;
  oneShotTokens: number;
  carriedTokens: number;
}

/** Counts that explain how the sample was read. */
export interface ReadCostDiagnostics extends FileDiagnostics {
  /** Malformed lines skipped in every file read, excluded files included. The other counts
   * cover included files only. */
  skippedMalformedLines: number;
  /**
   * Lines longer than the reader's line limit (128 MiB), skipped unread, in every file read
   * (excluded files included), like `skippedMalformedLines`.
   */
  skippedOversizedLines: number;
  /**
   * Entries of named directories whose name is not valid UTF-8, skipped (they cannot be opened
   * through Deno's lossy listing); set by the file-system edge, 0 for in-memory measurements.
   */
  skippedUndecodableNames: number;
}

/** The read-cost report, `schemaVersion: 1`. */
export interface ReadCostReport {
  schemaVersion: 1;
  thresholds: Required<ReadCostOptions>;
  files: {
    /** Files read. */
    read: number;
    /** Files with at least `minTurns` assistant messages (sessions). */
    included: number;
    /** Files with fewer. */
    excludedBelowMinTurns: number;
  };
  /** Unique usage-bearing assistant messages of included files. */
  assistantMessages: number;
  /** Token counters of included files, cache counters apart. */
  tokens: UsageTotals;
  allResults: AllResultsReport;
  candidates: CandidatesReport;
  /** Per kind, in {@linkcode RESULT_KINDS} order. */
  byKind: Record<ResultKind, KindReport>;
  diagnostics: ReadCostDiagnostics;
}

function _percent(part: number, whole: number): number | null {
  return whole > 0 ? (100 * part) / whole : null;
}

function _shares(oneShot: number, carried: number, whole: number): PercentOfObservedInput {
  return {
    oneShotPercentOfObservedInput: _percent(oneShot, whole),
    carriedPercentOfObservedInput: _percent(carried, whole),
  };
}

/**
 * Whether a file qualifies for the sample.
 *
 * @param measurement The file's measurement.
 * @param minTurns Smallest number of assistant messages.
 * @returns `true` when the file has at least `minTurns` assistant messages.
 *
 * @example
 * ```ts
 * import { isIncluded } from "./report.ts";
 * import { measureTranscript } from "./file_measure.ts";
 * import assert from "node:assert/strict";
 * const m = measureTranscript('{"type":"assistant","message":{"id":"a","usage":{}}}');
 * assert.equal(isIncluded(m, 1), true);
 * assert.equal(isIncluded(m, 2), false);
 * ```
 */
export function isIncluded(measurement: FileMeasurement, minTurns: number): boolean {
  return measurement.assistantMessages >= minTurns;
}

/**
 * Combines per-file measurements into the report.
 *
 * @param measurements One measurement per file read (order does not change the result).
 * @param options Thresholds; `minTurns` filters files here; `minChars` was applied when the
 *   files were measured and must be the value they were measured with.
 * @returns The report.
 * @throws {RangeError} when a threshold is out of range, or a file was measured with another
 *   `minChars`.
 *
 * @example Two files, one under the minimum
 * ```ts
 * import { buildReadCostReport } from "./report.ts";
 * import { measureTranscript } from "./file_measure.ts";
 * import assert from "node:assert/strict";
 * const line = (id: string) =>
 *   JSON.stringify({ type: "assistant", message: { id, usage: { input_tokens: 100 } } });
 * const big = measureTranscript([line("a"), line("b")].join("\n"));
 * const small = measureTranscript(line("c") + "\n{broken");
 * const report = buildReadCostReport([big, small], { minTurns: 2 });
 * assert.deepEqual(report.files, { read: 2, included: 1, excludedBelowMinTurns: 1 });
 * assert.equal(report.tokens.observedInputTokens, 200); // 100 + 100, file two excluded
 * assert.equal(report.diagnostics.skippedMalformedLines, 1); // counted in the excluded file
 * ```
 */
export function buildReadCostReport(
  measurements: readonly FileMeasurement[],
  options: ReadCostOptions = {},
): ReadCostReport {
  const thresholds = resolveReadCostOptions(options);
  const tokens: UsageTotals = {
    inputTokens: 0,
    cacheCreationInputTokens: 0,
    cacheReadInputTokens: 0,
    observedInputTokens: 0,
    outputTokens: 0,
  };
  const diagnostics: ReadCostDiagnostics = {
    skippedMalformedLines: 0,
    messageIdFromRecordUuid: 0,
    messageIdFromLinePosition: 0,
    repeatedSnapshots: 0,
    repeatedRecordUuids: 0,
    invalidUsageValues: 0,
    compactBoundaries: 0,
    skippedOversizedLines: 0,
    skippedUndecodableNames: 0,
  };
  const kinds = {} as Record<ResultKind, KindTotals>;
  for (const kind of RESULT_KINDS) {
    kinds[kind] = emptyKindTotals();
  }
  const candidates = { results: 0, textChars: 0, oneShotTokens: 0, carriedTokens: 0 };
  let included = 0;
  let assistantMessages = 0;
  for (const m of measurements) {
    if (m.minChars !== thresholds.minChars) {
      throw new RangeError(
        `Cannot build the report with minChars ${thresholds.minChars}: ` +
          `a file was measured with minChars ${m.minChars}`,
      );
    }
    diagnostics.skippedMalformedLines += m.malformedLines;
    diagnostics.skippedOversizedLines += m.oversizedLines ?? 0;
    if (!isIncluded(m, thresholds.minTurns)) continue;
    included++;
    assistantMessages += m.assistantMessages;
    for (const key of Object.keys(tokens) as (keyof UsageTotals)[]) tokens[key] += m.usage[key];
    for (const key of Object.keys(m.diagnostics) as (keyof typeof m.diagnostics)[]) {
      diagnostics[key] += m.diagnostics[key];
    }
    for (const kind of RESULT_KINDS) {
      const into = kinds[kind];
      const from = m.byKind[kind];
      for (const key of Object.keys(into) as (keyof KindTotals)[]) into[key] += from[key];
    }
    for (const key of Object.keys(candidates) as (keyof typeof candidates)[]) {
      candidates[key] += m.candidates[key];
    }
  }
  const observed = tokens.observedInputTokens;
  const all: KindTotals = emptyKindTotals();
  const byKind = {} as Record<ResultKind, KindReport>;
  for (const kind of RESULT_KINDS) {
    const totals = kinds[kind];
    for (const key of Object.keys(all) as (keyof KindTotals)[]) all[key] += totals[key];
    byKind[kind] = {
      ...totals,
      ..._shares(totals.oneShotTokens, totals.carriedTokens, observed),
    };
  }
  return {
    schemaVersion: 1,
    thresholds,
    files: {
      read: measurements.length,
      included,
      excludedBelowMinTurns: measurements.length - included,
    },
    assistantMessages,
    tokens,
    allResults: {
      ...all,
      unmatchedResults: kinds.unmatched.results,
      ..._shares(all.oneShotTokens, all.carriedTokens, observed),
    },
    candidates: {
      ...candidates,
      ..._shares(candidates.oneShotTokens, candidates.carriedTokens, observed),
    },
    byKind,
    diagnostics,
  };
}
