/**
 * Hand-made transcripts for the rework tests: requests that make one or more tool calls, their
 * results, and compaction boundaries, and a reader that reads them through both of its paths
 * with one fixed key (so the two fetch tables can be compared).
 */

import assert from "node:assert/strict";
import { assembleCorpus } from "../../lib/transcript/assemble_corpus.ts";
import type { FetchKey } from "../../lib/transcript/fetch_targets.ts";
import { splitLines } from "../../lib/transcript/jsonl.ts";
import { FileParser } from "../../lib/transcript/parse_file.ts";
import type { Corpus } from "../../lib/transcript/tables.ts";

/** A tool call of a request: the tool, its input, and its result's text length. */
export interface Call {
  name: string;
  input: Record<string, unknown>;
  /** Characters of the result text. */
  chars: number;
  isError?: boolean;
}

/** One step of a session: a request with its calls, or a compaction boundary. */
export type Step = { calls: Call[]; cwd?: string } | "boundary";

const KEY: FetchKey = [0x12345678, 0x9abcdef0, 0x0fedcba9, 0x87654321];

/**
 * The lines of one main session: per request an assistant record (usage, tool uses) at second
 * k, then a user record with the results; a boundary gets a `compact_boundary` record between
 * two requests.
 */
export function sessionLines(id: string, steps: Step[], cwd = "/p"): string[] {
  const lines: string[] = [];
  let t = 0;
  let n = 0;
  const time = () => new Date(Date.UTC(2026, 0, 1, 0, 0, t++)).toISOString();
  for (const step of steps) {
    if (step === "boundary") {
      lines.push(JSON.stringify({
        type: "system",
        subtype: "compact_boundary",
        uuid: `${id}-b${n}`,
        timestamp: time(),
        compactMetadata: { trigger: "auto", preTokens: 1000 },
      }));
      continue;
    }
    n++;
    const uses = step.calls.map((c, k) => ({
      type: "tool_use",
      id: `${id}-t${n}-${k}`,
      name: c.name,
      input: c.input,
    }));
    lines.push(JSON.stringify({
      type: "assistant",
      uuid: `${id}-a${n}`,
      timestamp: time(),
      cwd: step.cwd ?? cwd,
      message: {
        id: `${id}-m${n}`,
        model: "opus",
        usage: { input_tokens: 10, output_tokens: 5 },
        content: [{ type: "text", text: "working" }, ...uses],
      },
    }));
    if (step.calls.length === 0) continue;
    lines.push(JSON.stringify({
      type: "user",
      uuid: `${id}-u${n}`,
      timestamp: time(),
      cwd: step.cwd ?? cwd,
      message: {
        role: "user",
        content: step.calls.map((c, k) => ({
          type: "tool_result",
          tool_use_id: `${id}-t${n}-${k}`,
          content: "x".repeat(c.chars),
          ...(c.isError ? { is_error: true } : {}),
        })),
      },
    }));
  }
  return lines;
}

const encoder = new TextEncoder();

/** The corpus of `files` with fetch targets under one fixed key, on one reading path. */
function readWithKey(files: { path: string; text: string }[], javascript: boolean): Corpus {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const parses = sorted.map(({ text }) => {
    const parser = new FileParser({ fetchTargets: KEY });
    if (javascript) {
      // Plain arrays, never in the scanner's memory: the JavaScript walk.
      text.split("\n").forEach((line, i) => {
        if (line.trim() === "") return;
        const bytes = encoder.encode(line);
        parser.onLine(bytes, 0, bytes.length, i + 1);
      });
    } else splitLines(text, (b, s, e, n) => parser.onLine(b, s, e, n));
    return parser.finish();
  });
  return assembleCorpus(parses, { paths: sorted.map((f) => f.path) });
}

/**
 * The corpus of `files` read with fetch targets, asserted identical (fetch table included) on
 * the WebAssembly and the JavaScript path.
 */
export function fetchCorpusBothWays(files: { path: string; text: string }[]): Corpus {
  const fast = readWithKey(files, false);
  const slow = readWithKey(files, true);
  assert.ok(fast.fetches !== undefined);
  assert.deepEqual(slow, fast, "the JavaScript path differs from the WebAssembly path");
  return fast;
}

/** A Read call. */
export const read = (path: string, chars: number, extra: Record<string, unknown> = {}): Call => ({
  name: "Read",
  input: { file_path: path, ...extra },
  chars,
});

/** A Bash call. */
export const bash = (command: string, chars: number): Call => ({
  name: "Bash",
  input: { command, description: "d" },
  chars,
});
