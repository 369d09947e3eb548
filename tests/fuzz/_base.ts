/**
 * The valid corpora the fuzz suite mutates: small slices of the synthetic `small` profile
 * (data-synthetic/, seed 1), generated once per process. A case takes a few of its transcript
 * files, each cut to its first lines (at line ends, so the slice is still valid), keeping the
 * real layout (`projects/<slug>/<session>.jsonl`, `<session>/subagents/agent-….jsonl`).
 *
 * @module
 */

import { generateCorpus } from "../../data-synthetic/generate_corpus.ts";
import { PROFILES } from "../../data-synthetic/profiles.ts";
import type { Prng } from "../../lib/stats/pcg32.ts";

/** One file of a case: path relative to the case folder, and its bytes. */
export interface CaseFile {
  path: string;
  bytes: Uint8Array;
}

let base: { path: string; lines: string[] }[] | undefined;

/** The transcript files of the small synthetic corpus, as lines (generated once). */
function baseFiles(): { path: string; lines: string[] }[] {
  if (base === undefined) {
    base = [];
    for (const file of generateCorpus(PROFILES.small, 1)) {
      if (!file.path.endsWith(".jsonl")) continue;
      // Only the valid lines (the generator writes a byte-order mark, CRLF and broken lines on
      // purpose, in some files): the mutations start from a valid corpus.
      const lines = file.text.replace(/^\uFEFF/, "").split("\n").map((l) => l.trim())
        .filter((l) => {
          try {
            const value = JSON.parse(l);
            return value !== null && typeof value === "object" && !Array.isArray(value);
          } catch {
            return false;
          }
        });
      if (lines.length >= 5) base.push({ path: file.path, lines });
    }
  }
  return base;
}

/** A uniform integer in [from, to]. */
export function intIn(prng: Prng, from: number, to: number): number {
  return from + prng.nextBelow(to - from + 1);
}

/** One element of `items`, uniformly. */
export function pick<T>(prng: Prng, items: readonly T[]): T {
  return items[prng.nextBelow(items.length)];
}

/**
 * A valid corpus slice: 2 to 4 transcript files (a main session and, when drawn, files of other
 * sessions or sub-agents), each cut to at most `maxLines` lines.
 *
 * @param prng The case's generator.
 * @param maxLines Most lines kept per file.
 * @returns Files, paths relative to the case folder, as parsed JSON lines.
 */
export function baseSlice(prng: Prng, maxLines = 40): { path: string; lines: string[] }[] {
  const files = baseFiles();
  const count = intIn(prng, 2, 4);
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(prng.nextBelow(files.length));
  return [...chosen].sort((a, b) => a - b).map((i) => {
    const keep = intIn(prng, 5, maxLines);
    return { path: files[i].path, lines: files[i].lines.slice(0, keep) };
  });
}
