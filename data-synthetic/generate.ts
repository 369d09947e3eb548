/**
 * `deno task generate`: writes a seeded synthetic corpus of Claude Code transcripts.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { join } from "node:path";
import { ensureCorpus } from "./ensure_corpus.ts";
import { type ProfileName, PROFILES, withoutRework } from "./profiles.ts";

const HELP = `Usage: deno task generate [OPTIONS]

Writes a synthetic corpus of Claude Code JSONL transcripts in the real layout
(DIR/projects/<slug>/...) and DIR/manifest.json (seed, profile, generator version and the
aggregates a correct reader reports). Same profile and seed: byte-identical files. A corpus whose
manifest already matches is reused, not rewritten (use --force to rewrite). Only DIR/projects
and DIR/manifest.json are ever replaced, and DIR/projects only when DIR/manifest.json shows that
this generator wrote it: real transcripts are never deleted.

Options:
  --profile NAME   small | sample | full | real-shaped (default: sample)
  --seed N         Seed, an integer in [0, 4294967295] (default: 1)
  --out DIR        Corpus folder (default: data-synthetic/<profile>)
  --no-rework      Plant no rework after compactions (the background re-reads stay; the
                   manifest records the parameters) (default: off)
  --force          Regenerate even when the manifest matches (default: off)
  --json           Print the manifest as one JSON document on stdout (default: off)
  -h, --help       Show this help.

Exit codes:
  0  success
  2  invalid arguments
  3  DIR/projects holds files this generator did not write (left untouched)
  4  a file could not be written
`;

/**
 * Runs the CLI.
 *
 * @param args Command-line arguments (without the program name).
 * @returns The exit code.
 *
 * @example
 * ```ts
 * import { main } from "./generate.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * assert.equal(await main(["--profile", "small", "--seed", "2", "--out", dir]), 0);
 * assert.equal(await main(["--profile", "tiny"]), 2);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function main(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        profile: { type: "string", default: "sample" },
        seed: { type: "string", default: "1" },
        out: { type: "string" },
        force: { type: "boolean", default: false },
        "no-rework": { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    console.error(`generate: ${(error as Error).message}\n\n${HELP}`);
    return 2;
  }
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const name = values.profile as ProfileName;
  if (!Object.hasOwn(PROFILES, name)) {
    console.error(
      `generate: unknown profile "${values.profile}": expected one of ${
        Object.keys(PROFILES).join(", ")
      }`,
    );
    return 2;
  }
  const seed = Number(values.seed);
  if (!/^\d+$/.test(values.seed) || !Number.isSafeInteger(seed) || seed >= 2 ** 32) {
    console.error(`generate: invalid --seed "${values.seed}": expected an integer in [0, 2^32)`);
    return 2;
  }
  const dir = values.out ?? join("data-synthetic", name);
  const progress = Deno.stderr.isTerminal();
  const encoder = new TextEncoder();
  const started = performance.now();
  let result;
  try {
    result = await ensureCorpus({
      profile: values["no-rework"] ? withoutRework(PROFILES[name]) : name,
      seed,
      dir,
      force: values.force,
      onProgress: progress
        ? (files, bytes) => {
          if (files % 25 === 0) {
            Deno.stderr.writeSync(
              encoder.encode(`\rgenerate: ${files} files, ${(bytes / 1e6).toFixed(0)} MB`),
            );
          }
        }
        : undefined,
    });
  } catch (error) {
    console.error(`generate: cannot write the corpus to ${dir}: ${(error as Error).message}`);
    return error instanceof Deno.errors.AlreadyExists ? 3 : 4;
  }
  if (progress) Deno.stderr.writeSync(encoder.encode("\r\x1b[K"));
  const { manifest, generated } = result;
  const seconds = (performance.now() - started) / 1000;
  console.error(
    generated
      ? `generate: wrote ${manifest.files} files, ${
        (manifest.bytes / 1e6).toFixed(1)
      } MB to ${dir} in ${seconds.toFixed(1)} s`
      : `generate: ${dir} already holds profile ${name} seed ${seed} (manifest matches); reused`,
  );
  if (values.json) console.log(JSON.stringify(manifest, null, 2));
  else {
    const e = manifest.expected;
    console.log(
      `${dir}: profile ${manifest.profile}, seed ${manifest.seed}, ${e.sessions.main} main + ` +
        `${e.sessions.subagent} sub-agent sessions, ${e.requests} requests, ` +
        `${e.compactions.auto + e.compactions.manual} compactions, ` +
        `${(e.billedTokens / 1e6).toFixed(0)}M billed tokens`,
    );
  }
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
