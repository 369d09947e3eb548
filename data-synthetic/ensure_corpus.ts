/**
 * Reuse-or-generate for on-demand corpora (`deno task demo`, the calibration test).
 *
 * @module
 */

import { join } from "node:path";
import { type Manifest, manifestMatches } from "./manifest.ts";
import { type Profile, type ProfileName, PROFILES } from "./profiles.ts";
import { writeCorpus } from "./write_corpus.ts";

/** Options of {@linkcode ensureCorpus}. */
export interface EnsureCorpusOptions {
  /** Profile name or parameters. */
  profile: ProfileName | Profile;
  /** Seed. @default 1 */
  seed?: number;
  /** Corpus folder (e.g. `data-synthetic/full`). */
  dir: string;
  /** Regenerate even when the manifest matches. @default false */
  force?: boolean;
  /** Progress callback, passed to {@linkcode writeCorpus}. @default undefined */
  onProgress?: (files: number, bytes: number) => void;
}

/**
 * Makes sure `dir` holds the corpus of `profile` and `seed`: when `dir/manifest.json` names the
 * same generator version, profile parameters and seed, the corpus there is reused; otherwise it is
 * generated (replacing `dir/projects` and the manifest only).
 *
 * @param options Profile, seed, folder.
 * @returns The manifest and whether the corpus was generated now.
 * @throws {RangeError} for an unknown profile name.
 *
 * @example Second call reuses the first corpus
 * ```ts
 * import { ensureCorpus } from "./ensure_corpus.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * const first = await ensureCorpus({ profile: "small", seed: 3, dir });
 * const second = await ensureCorpus({ profile: "small", seed: 3, dir });
 * assert.equal(first.generated, true);
 * assert.equal(second.generated, false);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function ensureCorpus(
  options: EnsureCorpusOptions,
): Promise<{ manifest: Manifest; generated: boolean }> {
  const { seed = 1, dir, force = false, onProgress } = options;
  const profile = typeof options.profile === "string" ? PROFILES[options.profile] : options.profile;
  if (profile === undefined) {
    throw new RangeError(
      `Unknown profile ${options.profile}: expected one of ${Object.keys(PROFILES).join(", ")}`,
    );
  }
  if (!force) {
    let existing: unknown;
    try {
      existing = JSON.parse(await Deno.readTextFile(join(dir, "manifest.json")));
    } catch {
      existing = undefined;
    }
    if (manifestMatches(existing, profile, seed)) {
      return { manifest: existing as Manifest, generated: false };
    }
  }
  const manifest = await writeCorpus({ profile, seed, dir, onProgress });
  return { manifest, generated: true };
}
