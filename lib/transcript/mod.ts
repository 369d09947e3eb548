/**
 * The transcript reader: Claude Code JSONL transcripts → columnar tables of sessions, requests
 * and compactions (docs/method.md, Sessions to Compactions). Both analyses stand on it.
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

// The reader's public API. The line splitter, the file parser, the tool-call readers and the
// byte scanner behind them (`_`-prefixed files) are internal: import them from their own files
// when a test or benchmark needs them.
export * from "./tables.ts";
export { type AssembleOptions, DEFAULT_IDLE_LIMIT_SECONDS } from "./assemble_corpus.ts";
export {
  corpusFromText,
  readCorpus,
  type ReadCorpusOptions,
  readCorpusPerModel,
} from "./read_corpus.ts";
export * from "./discover.ts";
export * from "./select_transcripts.ts";
export {
  checkFilter,
  type FilterResult,
  filterTranscriptFiles,
  parseFilterDate,
  type TranscriptFilter,
} from "./transcript_filter.ts";
export * from "./summarize_corpus.ts";
export * from "./longest_sessions.ts";
export * from "./model_filter_message.ts";
