/** Test helpers: a generated corpus in memory, parsed line by line. */

import {
  type CorpusFile,
  type ExpectedAggregates,
  generateCorpus,
} from "../../data-synthetic/mod.ts";
import type { Profile } from "../../data-synthetic/mod.ts";

/** A generated corpus held in memory. */
export interface MemoryCorpus {
  files: CorpusFile[];
  expected: ExpectedAggregates;
}

/** Runs the generator to the end. */
export function generateInMemory(profile: Profile, seed: number): MemoryCorpus {
  const files: CorpusFile[] = [];
  const it = generateCorpus(profile, seed);
  let step = it.next();
  while (!step.done) {
    files.push(step.value);
    step = it.next();
  }
  return { files, expected: step.value };
}

/** One line of a transcript file. */
export interface ParsedLine {
  file: string;
  line: number;
  raw: string;
  // deno-lint-ignore no-explicit-any
  record: any;
}

/**
 * Splits the `.jsonl` files into lines as analysis-spec §1 frames them (BOM dropped, `\r`
 * trimmed, blank lines skipped); `record` is undefined for a malformed line.
 */
export function parseLines(files: CorpusFile[]): ParsedLine[] {
  const out: ParsedLine[] = [];
  for (const f of files) {
    if (!f.path.endsWith(".jsonl")) continue;
    const text = f.text.startsWith("\uFEFF") ? f.text.slice(1) : f.text;
    text.split("\n").forEach((raw, i) => {
      const trimmed = raw.trim();
      if (trimmed === "") return;
      let record;
      try {
        record = JSON.parse(trimmed);
        if (typeof record !== "object" || record === null || Array.isArray(record)) {
          record = undefined;
        }
      } catch {
        record = undefined;
      }
      out.push({ file: f.path, line: i + 1, raw, record });
    });
  }
  return out;
}
