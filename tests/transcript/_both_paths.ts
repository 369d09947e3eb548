/**
 * Reads in-memory transcripts both ways the reader can read a line: through the splitter (the
 * line sits in the WebAssembly scanner's memory, the fast path) and line by line from plain byte
 * arrays (never in that memory: the JavaScript walk and `JSON.parse`). A rule must give the same
 * corpus (and the same read-cost measurement) on both, so {@linkcode corpusBothWays} (and
 * {@linkcode measureBothWays}) asserts that and returns one of them.
 */

import assert from "node:assert/strict";
import { type AssembleOptions, type Corpus, corpusFromText } from "../../lib/transcript/mod.ts";
import { assembleCorpus } from "../../lib/transcript/assemble_corpus.ts";
import { FileParser } from "../../lib/transcript/parse_file.ts";
import {
  type FileMeasurement,
  FileMeasurer,
  type FileMeasurerOptions,
  measureTranscript,
} from "../../lib/readcost/file_measure.ts";

const encoder = new TextEncoder();

/** The corpus of `files` through the JavaScript path only. */
export function corpusViaJavaScript(
  files: { path: string; text: string }[],
  options: Omit<AssembleOptions, "bytes" | "paths"> = {},
): Corpus {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  let bytes = 0;
  const parses = sorted.map(({ text }) => {
    const parser = new FileParser();
    const lines = text.split("\n");
    // The splitter drops the file's BOM, trims and skips blank lines; the same here.
    let blank = 0;
    lines.forEach((raw, i) => {
      const line = (i === 0 ? raw.replace(/^\uFEFF/, "") : raw).trim();
      if (i === lines.length - 1 && raw === "") return; // the final newline
      if (line === "") {
        blank++;
        return;
      }
      const b = encoder.encode(line);
      parser.onLine(b, 0, b.length, i + 1);
    });
    parser.addBlankLines(blank);
    bytes += encoder.encode(text).length;
    return parser.finish();
  });
  return assembleCorpus(parses, { ...options, bytes, paths: sorted.map((f) => f.path) });
}

/** The corpus of `files`, asserted identical on the WebAssembly and the JavaScript path. */
export function corpusBothWays(
  files: { path: string; text: string }[],
  options: Omit<AssembleOptions, "bytes" | "paths"> = {},
): Corpus {
  const fast = corpusFromText(files, options);
  const slow = corpusViaJavaScript(files, options);
  assert.deepEqual(slow, fast, "the JavaScript path differs from the WebAssembly path");
  return fast;
}

/**
 * The read-cost measurement of `text` on both of the reader's paths (through the splitter, and
 * line by line from plain byte arrays), asserted identical; returns one of them.
 */
export function measureBothWays(text: string, options: FileMeasurerOptions = {}): FileMeasurement {
  const fast = measureTranscript(text, options);
  const slow = new FileMeasurer(options);
  text.split("\n").forEach((raw, i) => {
    const line = (i === 0 ? raw.replace(/^\uFEFF/, "") : raw).trim();
    if (line === "") return; // blank lines are not lines
    const b = encoder.encode(line);
    slow.addLine(b, 0, b.length, i + 1);
  });
  assert.deepEqual(slow.finish(), fast, "the JavaScript path differs from the WebAssembly path");
  return fast;
}

/** JSON Lines text of `records` (strings are written as they are). */
export const jsonl = (records: unknown[]): string =>
  records.map((r) => (typeof r === "string" ? r : JSON.stringify(r))).join("\n") + "\n";

/** A usage object with a `cache_creation` breakdown. */
export const usage = (u: number, w5: number, r: number, y: number, w1h = 0) => ({
  input_tokens: u,
  cache_creation_input_tokens: w5 + w1h,
  cache_read_input_tokens: r,
  cache_creation: { ephemeral_5m_input_tokens: w5, ephemeral_1h_input_tokens: w1h },
  output_tokens: y,
});

/** A `compact_boundary` record (`meta` written as given: null and {} allowed). */
export const boundary = (
  uuid: string,
  time: string,
  meta: unknown,
  logical?: string | null,
  extra: Record<string, unknown> = {},
) => ({
  parentUuid: null,
  ...(logical === undefined ? {} : { logicalParentUuid: logical }),
  isSidechain: false,
  type: "system",
  subtype: "compact_boundary",
  content: "Conversation compacted",
  uuid,
  timestamp: `2026-03-02T${time}.000Z`,
  compactMetadata: meta,
  ...extra,
});
