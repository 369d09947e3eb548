/**
 * The generator core: simulates Claude Code sessions turn by turn and writes them as JSONL in the
 * real layout. Pure: no I/O; files are yielded one at a time so a writer can stream them.
 *
 * How usage follows from content (docs/method.md, "The synthetic corpus"): a session keeps its
 * context size `ctx` in tokens. Every record that enters the conversation adds `ceil(chars / 4)`
 * of its text (tool results, prompts) or its output tokens (the model's own blocks, which are
 * written with four characters per output token); images add their pixel cost. A request's
 * context x is `ctx`; its cache read is the prefix cached by the previous request when that cache
 * is still warm (younger than the session's TTL of 5 minutes or 1 hour), its cache write the rest
 * minus a few uncached input tokens. An idle gap longer than the TTL therefore rewrites the whole
 * context; a compaction rewrites all but the system prefix. Compactions happen when `ctx` passes
 * the trigger (on an estimate with a few percent of error), with a summary of G ≈ N(mean, sd)
 * tokens written as 4·G characters, a duration `a·C + G/v + ε`, and a post-compaction context of
 * prefix + G + re-attached files.
 *
 * The simulation lives in `sim/`, one concept per file: the shared state (`simulator.ts`), the
 * plan (`plan.ts`), sessions and their records (`session.ts`), turns (`turns.ts`), responses and
 * tool results (`responses.ts`), the tool kinds (`tools*.ts`), compactions (`compaction.ts`),
 * sub-agents (`subagents.ts`), file-level quirks (`files.ts`), and the order sessions are written
 * in (`main_sessions.ts`, `left_out_sessions.ts`).
 *
 * @module
 */

import type { Profile } from "./profiles.ts";
import type { ExpectedAggregates } from "./expected.ts";
import { type CorpusFile, IDLE_LIMIT_SECONDS, Simulator } from "./sim/simulator.ts";
import { planMains } from "./sim/plan.ts";
import { runMainSessions } from "./sim/main_sessions.ts";

export {
  type CorpusFile,
  OTHER_MAIN_MODEL,
  OTHER_SUB_MODEL,
  TARGET_MODEL,
} from "./sim/simulator.ts";

/**
 * Checks a profile's parameters.
 *
 * @param profile The profile.
 * @throws {RangeError} naming the first parameter out of range.
 */
function checkProfile(profile: Profile): void {
  const positive = [
    "requests",
    "subagentSessions",
    "compactTriggerTokens",
    "summaryTokensMean",
    "fileLinesMedian",
    "outputTokensPerSecond",
    "summaryTokensPerSecond",
    "turnRequestsMean",
    "projects",
  ] as const;
  for (const key of positive) {
    if (!(profile[key] > 0)) {
      throw new RangeError(
        `Invalid profile ${profile.name}: ${key} is ${profile[key]}, must be > 0`,
      );
    }
  }
  if (profile.mainSessions < 6) {
    throw new RangeError(
      `Invalid profile ${profile.name}: mainSessions is ${profile.mainSessions}, must be >= 6 (one per era and quirk)`,
    );
  }
  const sub = profile.requests - Math.round(profile.requests * profile.mainRequestShare);
  if (sub < profile.subagentSessions) {
    throw new RangeError(
      `Invalid profile ${profile.name}: ${sub} sub-agent requests for ${profile.subagentSessions} sub-agent sessions`,
    );
  }
  if (profile.subagentSessions < 6) {
    throw new RangeError(
      `Invalid profile ${profile.name}: subagentSessions is ${profile.subagentSessions}, must be >= 6 (one per era and quirk)`,
    );
  }
}

/**
 * Generates a corpus: yields its files (transcripts and `.meta.json` sidecars, paths relative to
 * the corpus folder, e.g. `projects/<slug>/<session>.jsonl`) one at a time, and returns the
 * aggregates a correct reader must report. Same profile and seed, same bytes.
 *
 * @param profile The parameters (see {@linkcode PROFILES}).
 * @param seed Seed of every random choice, an integer in [0, 2³²).
 * @returns A generator of files whose return value is the expected summary.
 * @throws {RangeError} when a profile parameter is out of range.
 *
 * @example Generate the small profile in memory
 * ```ts
 * import { generateCorpus } from "./generate_corpus.ts";
 * import { PROFILES } from "./profiles.ts";
 * import assert from "node:assert/strict";
 * const it = generateCorpus(PROFILES.small, 1);
 * const paths: string[] = [];
 * let step = it.next();
 * while (!step.done) {
 *   paths.push(step.value.path);
 *   step = it.next();
 * }
 * assert.ok(paths.some((p) => /\/subagents\/agent-a[0-9a-f]{16}\.jsonl$/.test(p)));
 * const { main, subagent } = step.value.requestsByKind;
 * assert.equal(main + subagent, PROFILES.small.requests);
 * ```
 */
export function* generateCorpus(
  profile: Profile,
  seed: number,
): Generator<CorpusFile, ExpectedAggregates> {
  checkProfile(profile);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) {
    throw new RangeError(`Invalid seed ${seed}: must be an integer in [0, 2^32)`);
  }
  const sim = new Simulator(profile, seed);
  const plans = planMains(sim);
  yield* runMainSessions(sim, plans);
  return sim.acc.finish(IDLE_LIMIT_SECONDS);
}
