/**
 * What the pool's tests share: a corpus split into two exports, the deterministic figures of an
 * analysis, and their comparison within rounding.
 *
 * @module
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { discoverTranscriptFiles } from "../../lib/transcript/discover.ts";
import { exportCorpus } from "../../lib/pool/export_corpus.ts";
import { poolInstalled } from "../../lib/pool/read_pool.ts";
import type { TriggerReport } from "../../lib/trigger/analyze.ts";

export const ROOT = new URL("../../", import.meta.url).pathname;
export const SAMPLE = join(ROOT, "data-synthetic/sample");
export const SECRET = new Uint8Array(32).fill(3);
/** Whether the pool's tests run: DuckDB installed, or CI (where they must). */
export const RUN = poolInstalled() || Deno.env.get("CI") === "true";
export const SKIPPED = RUN ? "" : " (skipped: DuckDB not installed; deno task pool-install)";

/**
 * A held-out-like corpus: the generator's `small` profile with seed 7, in a temporary folder
 * (the caller removes it).
 */
export async function generatedCorpus(): Promise<string> {
  const dir = await Deno.makeTempDir();
  const gen = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--allow-write",
      join(ROOT, "data-synthetic/generate.ts"),
      "--profile",
      "small",
      "--seed",
      "7",
      "--out",
      dir,
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.equal(gen.code, 0, new TextDecoder().decode(gen.stderr));
  return dir;
}

/**
 * Exports the corpus under `root` as two contributors: the first project folder, the rest.
 * `ids` name them; the pool orders contributors by id, so `["b", "a"]` puts the first folder
 * last (another order than the reader's).
 */
export async function splitPool(
  root: string,
  out: string,
  ids: readonly [string, string] = ["a", "b"],
): Promise<void> {
  const projects = [];
  for await (const e of Deno.readDir(join(root, "projects"))) projects.push(e.name);
  projects.sort();
  const half = async (names: string[], id: string) => {
    const { files } = await discoverTranscriptFiles(names.map((n) => join(root, "projects", n)));
    await exportCorpus(files, { out, secret: SECRET, toolkitVersion: "test", contributor: id });
  };
  await half(projects.slice(0, 1), ids[0]);
  await half(projects.slice(1), ids[1]);
}

/** Close to within 1e-9 of the larger magnitude (sums in another order), or both not finite. */
export function close(a: unknown, b: unknown, path: string): void {
  if (typeof a === "number" && typeof b === "number") {
    if (!Number.isFinite(a) || !Number.isFinite(b)) return assert.equal(a, b, path);
    return assert.ok(
      Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)),
      `${path}: ${a} vs ${b}`,
    );
  }
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") {
    return assert.deepEqual(a, b, path);
  }
  const ka = Object.keys(a as object).sort(), kb = Object.keys(b as object).sort();
  assert.deepEqual(ka, kb, `${path}: keys`);
  for (const k of ka) close((a as never)[k], (b as never)[k], `${path}.${k}`);
}

/** The deterministic figures of an analysis: everything that does not depend on the order in
 * which sessions are resampled. */
export function deterministic(r: TriggerReport) {
  const { malformedExamples: _m, ...diagnostics } = r.diagnostics;
  return {
    options: r.options,
    corpus: r.corpus,
    fit: r.fit,
    prices: r.prices,
    timeModel: r.timeModel,
    observedCurve: r.replay.map((p) => ({ trigger: p.trigger, ...p.observed })),
    observedBill: r.checks.observedBill,
    replayAtObservedTrigger: r.checks.replayAtObservedTrigger,
    tStarTokens: r.steadyState.tStarTokens,
    steadyInputs: r.steadyState.inputs,
    diagnostics,
    // Estimate, interval, naive figure, growth and what the replay added: all deterministic.
    rework: r.rework,
  };
}
