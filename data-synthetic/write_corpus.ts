/**
 * The file-writing edge of the generator: streams a generated corpus to disk, then its manifest.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { generateCorpus } from "./generate_corpus.ts";
import { GENERATOR_VERSION, type Manifest } from "./manifest.ts";
import type { Profile } from "./profiles.ts";

/** Options of {@linkcode writeCorpus}. */
export interface WriteCorpusOptions {
  /** The profile. */
  profile: Profile;
  /** The seed, an integer in [0, 2³²). */
  seed: number;
  /** Corpus folder; files go to `dir/projects/…`, the manifest to `dir/manifest.json`. */
  dir: string;
  /** Called after each file with the files and bytes written so far. @default undefined */
  onProgress?: (files: number, bytes: number) => void;
}

/**
 * Generates a corpus into `dir`. Any `dir/projects` and `dir/manifest.json` already there are
 * replaced (nothing else in `dir` is touched); until the last file is written the manifest is an
 * incomplete marker, so a run that stops half-way is never mistaken for a complete corpus. Memory
 * stays bounded by one main session and its sub-agents.
 *
 * A non-empty `dir/projects` is only replaced when `dir/manifest.json` says this generator wrote
 * it (completely or not): real transcripts (`~/.claude`) are never deleted.
 *
 * @param options Profile, seed, folder.
 * @returns The manifest written.
 * @throws {Deno.errors.AlreadyExists} when `dir/projects` holds files this generator did not
 * write.
 *
 * @example
 * ```ts
 * import { writeCorpus } from "./write_corpus.ts";
 * import { PROFILES } from "./profiles.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * const manifest = await writeCorpus({ profile: PROFILES.small, seed: 1, dir });
 * const { main, subagent } = manifest.expected.requestsByKind;
 * assert.equal(main + subagent, PROFILES.small.requests);
 * assert.ok((await Deno.stat(`${dir}/manifest.json`)).isFile);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function writeCorpus(options: WriteCorpusOptions): Promise<Manifest> {
  const { profile, seed, dir, onProgress } = options;
  await checkReplaceable(dir);
  await Deno.mkdir(dir, { recursive: true });
  // A marker that names the generator but matches no profile: an interrupted run is never
  // mistaken for a complete corpus, and may still be replaced by the next run.
  await Deno.writeTextFile(
    join(dir, "manifest.json"),
    '{"schemaVersion":1,"generator":"data-synthetic","complete":false}\n',
  );
  await Deno.remove(join(dir, "projects"), { recursive: true }).catch(ignoreNotFound);
  const made = new Set<string>();
  const encoder = new TextEncoder();
  let files = 0, bytes = 0;
  const generator = generateCorpus(profile, seed);
  let step = generator.next();
  while (!step.done) {
    const file = step.value;
    const path = join(dir, ...file.path.split("/"));
    const folder = dirname(path);
    if (!made.has(folder)) {
      await Deno.mkdir(folder, { recursive: true });
      made.add(folder);
    }
    const data = encoder.encode(file.text);
    await Deno.writeFile(path, data);
    files++;
    bytes += data.length;
    onProgress?.(files, bytes);
    step = generator.next();
  }
  const manifest: Manifest = {
    schemaVersion: 1,
    generator: "data-synthetic",
    generatorVersion: GENERATOR_VERSION,
    profile: profile.name,
    seed,
    parameters: profile,
    expected: step.value,
    files,
    bytes,
  };
  await Deno.writeTextFile(join(dir, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
  return manifest;
}

/** Throws unless `dir/projects` is absent, empty, or was written by this generator. */
async function checkReplaceable(dir: string): Promise<void> {
  const projects = join(dir, "projects");
  let empty = true;
  try {
    for await (const _ of Deno.readDir(projects)) {
      empty = false;
      break;
    }
  } catch (error) {
    ignoreNotFound(error);
    return;
  }
  if (empty) return;
  let generator: unknown;
  try {
    generator = JSON.parse(await Deno.readTextFile(join(dir, "manifest.json"))).generator;
  } catch {
    generator = undefined;
  }
  if (generator !== "data-synthetic") {
    throw new Deno.errors.AlreadyExists(
      `Refusing to replace ${projects}: it is not empty and ${
        join(dir, "manifest.json")
      } does not name a data-synthetic corpus`,
    );
  }
}

function ignoreNotFound(error: unknown): void {
  if (!(error instanceof Deno.errors.NotFound)) throw error;
}
