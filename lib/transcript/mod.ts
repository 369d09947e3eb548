/**
 * The transcript reader: Claude Code JSONL transcripts → columnar tables of sessions, requests
 * and compactions (analysis-spec §1). Both analyses stand on it.
 *
 * @example Read a folder and summarise it
 * ```ts
 * import { readCorpus, summarizeCorpus } from "./mod.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/s.jsonl`,
 *   '{"type":"assistant","uuid":"a","requestId":"r","timestamp":"2026-01-01T00:00:00Z",' +
 *   '"message":{"id":"m","model":"opus","usage":{"cache_read_input_tokens":7,"output_tokens":3}}}\n');
 * const summary = summarizeCorpus(await readCorpus([dir]));
 * assert.equal(summary.billedTokens, 10);
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @module
 */

export * from "./tables.ts";
export * from "./jsonl.ts";
export * from "./json_scan.ts";
export * from "./records.ts";
export * from "./parse_file.ts";
export * from "./tool_calls.ts";
export * from "./assemble_corpus.ts";
export * from "./discover.ts";
export * from "./read_corpus.ts";
export * from "./summarize_corpus.ts";
export * from "./longest_sessions.ts";
export * from "./model_filter_message.ts";
