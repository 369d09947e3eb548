/**
 * Read-cost measurement: how much input context comes from tool results and large file reads
 * (docs/method.md, Read-cost measurement). The notebooks call
 * {@linkcode measureReadCost}; `cli/measure.ts` is the command line.
 *
 * @example End to end on one synthetic file
 * ```ts
 * import { formatReadCostText, measureReadCost, sizeHistogram } from "./mod.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * const usage = { input_tokens: 10, cache_read_input_tokens: 990 };
 * const records = [
 *   { type: "assistant", message: { id: "m1", usage, content: [
 *     { type: "tool_use", id: "t1", name: "Read", input: { file_path: "x" } }] } },
 *   { type: "user", message: { content: [
 *     { type: "tool_result", tool_use_id: "t1", content: "y".repeat(8000) }] } },
 *   { type: "assistant", message: { id: "m2", usage } },
 * ];
 * await Deno.writeTextFile(`${dir}/s.jsonl`, records.map((r) => JSON.stringify(r)).join("\n"));
 * const { report, sizes } = await measureReadCost([dir], { minTurns: 2 });
 * // 8000 chars → 2000 one-shot tokens, one later message → 2000 carried; input 2 × 1000.
 * assert.equal(report.candidates.results, 1);
 * assert.equal(report.candidates.carriedTokens, 2000);
 * assert.equal(report.candidates.oneShotPercentOfObservedInput, 100);
 * assert.deepEqual(sizeHistogram(sizes["bulk-read"]).at(-1), {
 *   lowerChars: 4096, upperChars: 8192, results: 1,
 * });
 * assert.match(formatReadCostText(report), /candidates/);
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @module
 */

export * from "../transcript/tool_calls.ts";
export * from "./classify.ts";
export * from "./options.ts";
export * from "./file_measure.ts";
export * from "./report.ts";
export * from "./result_sizes.ts";
export * from "./format_text.ts";
export * from "./input_paths.ts";
export * from "./measure_paths.ts";
