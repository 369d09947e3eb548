/**
 * The manifest written next to a generated corpus: what made it (generator version, profile and
 * its parameters, seed) and what a correct reader must report on it.
 *
 * @module
 */

import type { ExpectedAggregates } from "./expected.ts";
import type { Profile } from "./profiles.ts";

/**
 * Version of the generator. Bump it whenever the bytes written for a given profile and seed
 * change, so that {@linkcode ensureCorpus} regenerates corpora written by an older version.
 */
export const GENERATOR_VERSION = "1.3.0";

/** Contents of `manifest.json`. */
export interface Manifest {
  /** Format of this document. */
  schemaVersion: 1;
  /** Always `"data-synthetic"`. */
  generator: "data-synthetic";
  /** {@linkcode GENERATOR_VERSION} of the generator that wrote the corpus. */
  generatorVersion: string;
  /** Profile name. */
  profile: string;
  /** Seed. */
  seed: number;
  /** Every parameter of the profile used. */
  parameters: Profile;
  /** What a correct reader reports on the corpus (the `corpus` fields, docs/method.md). */
  expected: ExpectedAggregates;
  /** Files written (transcripts and `.meta.json` sidecars). */
  files: number;
  /** Total bytes of all files written. */
  bytes: number;
}

/**
 * Whether a manifest describes the corpus that `profile` and `seed` would generate now.
 *
 * @param manifest A parsed manifest (any shape).
 * @param profile The profile wanted.
 * @param seed The seed wanted.
 * @returns True when generator version, profile name, parameters and seed all match.
 *
 * @example
 * ```ts
 * import { GENERATOR_VERSION, manifestMatches } from "./manifest.ts";
 * import { PROFILES } from "./profiles.ts";
 * import assert from "node:assert/strict";
 * const m = { generatorVersion: GENERATOR_VERSION, profile: "small", seed: 1, parameters: PROFILES.small };
 * assert.equal(manifestMatches(m, PROFILES.small, 1), true);
 * assert.equal(manifestMatches(m, PROFILES.small, 2), false);
 * ```
 */
export function manifestMatches(manifest: unknown, profile: Profile, seed: number): boolean {
  if (typeof manifest !== "object" || manifest === null) return false;
  const m = manifest as Partial<Manifest>;
  return m.generatorVersion === GENERATOR_VERSION && m.profile === profile.name &&
    m.seed === seed && JSON.stringify(m.parameters) === JSON.stringify(profile);
}
