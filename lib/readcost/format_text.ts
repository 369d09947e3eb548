/**
 * The human-readable read-cost report: the same aggregates as the JSON, as aligned text.
 * Integers are grouped by thousands with commas and percentages have two decimals, independently
 * of the locale, so the text is deterministic too.
 *
 * @module
 */

import { countText } from "../io/count_text.ts";
import { RESULT_KINDS } from "./classify.ts";
import type { KindTotals } from "./file_measure.ts";
import type { ReadCostReport } from "./report.ts";

function _int(value: number): string {
  const sign = value < 0 ? "-" : "";
  const digits = String(Math.abs(Math.round(value)));
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ",";
    out += digits[i];
  }
  return sign + out;
}

function _percent(value: number | null): string {
  return value === null ? "n/a" : `${value.toFixed(2)}%`;
}

function _row(cells: string[], widths: number[]): string {
  return cells
    .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
    .join("  ")
    .trimEnd();
}

/**
 * Renders the report as text for a terminal.
 *
 * @param report A report from `buildReadCostReport`.
 * @returns Lines ending in `\n`.
 *
 * @example
 * ```ts
 * import { formatReadCostText } from "./format_text.ts";
 * import { buildReadCostReport } from "./report.ts";
 * import { measureTranscript } from "./file_measure.ts";
 * import assert from "node:assert/strict";
 * const m = measureTranscript('{"type":"assistant","message":{"id":"a","usage":{"input_tokens":1234}}}');
 * const text = formatReadCostText(buildReadCostReport([m], { minTurns: 1 }));
 * assert.match(text, /Observed input tokens +1,234/);
 * ```
 */
export function formatReadCostText(report: ReadCostReport): string {
  const { thresholds, files, tokens, allResults, candidates, diagnostics } = report;
  const lines: string[] = [];
  lines.push("Read-cost measurement (aggregates only; estimates are ceil(characters / 4) tokens)");
  lines.push(
    `Thresholds: at least ${_int(thresholds.minTurns)} assistant messages per file, ` +
      `candidates at least ${_int(thresholds.minChars)} characters`,
  );
  lines.push("");
  const summary: [string, string][] = [
    ["Files read", _int(files.read)],
    ["Sessions included", _int(files.included)],
    ["Files excluded (too few messages)", _int(files.excludedBelowMinTurns)],
    ["Assistant messages", _int(report.assistantMessages)],
    ["Observed input tokens", _int(tokens.observedInputTokens)],
    ["  input", _int(tokens.inputTokens)],
    ["  cache creation", _int(tokens.cacheCreationInputTokens)],
    ["  cache read", _int(tokens.cacheReadInputTokens)],
    ["Output tokens (not in observed input)", _int(tokens.outputTokens)],
  ];
  const labelWidth = Math.max(...summary.map(([label]) => label.length));
  const valueWidth = Math.max(...summary.map(([, value]) => value.length));
  for (const [label, value] of summary) {
    lines.push(`${label.padEnd(labelWidth)}  ${value.padStart(valueWidth)}`);
  }
  lines.push("");
  const header = [
    "Kind",
    "Results",
    "Errors",
    "Text chars",
    "One-shot tokens",
    "Carried tokens",
    "One-shot %",
    "Carried %",
  ];
  const table: string[][] = [header];
  const kindRow = (name: string, t: KindTotals, one: number | null, carried: number | null) => [
    name,
    _int(t.results),
    _int(t.errorResults),
    _int(t.textChars),
    _int(t.oneShotTokens),
    _int(t.carriedTokens),
    _percent(one),
    _percent(carried),
  ];
  for (const kind of RESULT_KINDS) {
    const k = report.byKind[kind];
    table.push(
      kindRow(kind, k, k.oneShotPercentOfObservedInput, k.carriedPercentOfObservedInput),
    );
  }
  table.push(
    kindRow(
      "all results",
      allResults,
      allResults.oneShotPercentOfObservedInput,
      allResults.carriedPercentOfObservedInput,
    ),
  );
  table.push([
    "candidates",
    _int(candidates.results),
    "-",
    _int(candidates.textChars),
    _int(candidates.oneShotTokens),
    _int(candidates.carriedTokens),
    _percent(candidates.oneShotPercentOfObservedInput),
    _percent(candidates.carriedPercentOfObservedInput),
  ]);
  const widths = header.map((_, i) => Math.max(...table.map((row) => row[i].length)));
  for (const row of table) lines.push(_row(row, widths));
  lines.push("");
  lines.push(
    `All results: one-shot ${_int(allResults.oneShotTokens)} tokens ` +
      `(${_percent(allResults.oneShotPercentOfObservedInput)} of observed input), ` +
      `carried ${_int(allResults.carriedTokens)} tokens ` +
      `(${_percent(allResults.carriedPercentOfObservedInput)}).`,
  );
  lines.push(
    `Bulk-read candidates (non-error bulk reads of at least ${_int(thresholds.minChars)} ` +
      `characters): ${countText(candidates.results, "result")}, one-shot ` +
      `${_int(candidates.oneShotTokens)} tokens ` +
      `(${_percent(candidates.oneShotPercentOfObservedInput)}), carried ` +
      `${_int(candidates.carriedTokens)} tokens ` +
      `(${_percent(candidates.carriedPercentOfObservedInput)}).`,
  );
  lines.push(
    `Non-text blocks (no estimated tokens): ${_int(allResults.imageBlocks)} image, ` +
      `${_int(allResults.otherBlocks)} other.`,
  );
  lines.push("");
  lines.push(
    "Diagnostics (included files, except malformed and oversized lines and names: all files read)",
  );
  const diag: [string, number][] = [
    ["Malformed lines skipped", diagnostics.skippedMalformedLines],
    ["Oversized lines skipped", diagnostics.skippedOversizedLines],
    ["Names not UTF-8 skipped", diagnostics.skippedUndecodableNames],
    ["Message ids from record uuid", diagnostics.messageIdFromRecordUuid],
    ["Message ids from line position", diagnostics.messageIdFromLinePosition],
    ["Repeated message snapshots", diagnostics.repeatedSnapshots],
    ["Repeated record uuids skipped", diagnostics.repeatedRecordUuids],
    ["Invalid usage values (as 0)", diagnostics.invalidUsageValues],
    ["Compaction boundaries", diagnostics.compactBoundaries],
    ["Unmatched results", allResults.unmatchedResults],
  ];
  const diagWidth = Math.max(...diag.map(([label]) => label.length));
  const diagValues = diag.map(([, v]) => _int(v));
  const diagValueWidth = Math.max(...diagValues.map((v) => v.length));
  diag.forEach(([label], i) => {
    lines.push(`  ${label.padEnd(diagWidth)}  ${diagValues[i].padStart(diagValueWidth)}`);
  });
  return lines.join("\n") + "\n";
}
