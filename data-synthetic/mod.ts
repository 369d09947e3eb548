/**
 * The seeded synthetic corpus: Claude Code transcripts with the size and shape of the published
 * study (docs/method.md), every format quirk of docs/transcript-format.md included, usage that
 * follows from the content. See README.md for the profiles and what each parameter stands for.
 *
 * @example Generate the small profile and check what a reader must find
 * ```ts
 * import { ensureCorpus, PROFILES } from "./mod.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * const { manifest } = await ensureCorpus({ profile: "small", seed: 1, dir });
 * const { main, subagent } = manifest.expected.requestsByKind;
 * assert.equal(main + subagent, PROFILES.small.requests);
 * assert.equal(manifest.expected.sessions.main, PROFILES.small.mainSessions);
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @module
 */

export * from "./prng.ts";
export * from "./normal_quantile.ts";
export * from "./profiles.ts";
export * from "./eras.ts";
export * from "./text_pool.ts";
export * from "./expected.ts";
export * from "./generate_corpus.ts";
export * from "./manifest.ts";
export * from "./write_corpus.ts";
export * from "./ensure_corpus.ts";
