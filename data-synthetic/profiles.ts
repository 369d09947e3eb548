/**
 * The generator's profiles: every parameter of the simulated work, with its unit. The README of
 * this folder says what real behaviour each one stands for.
 *
 * @module
 */

/** Parameters of one synthetic corpus. Token counts are tokens, times seconds, shares 0…1. */
export interface Profile {
  /** Profile name, as given to `--profile`. */
  readonly name: string;
  /** Included main sessions (a resumed continuation file counts as one). At least 6. */
  readonly mainSessions: number;
  /** Included sub-agent sessions (target model), spread over the main sessions. */
  readonly subagentSessions: number;
  /** Included (de-duplicated, target-model) requests; the generator hits this exactly. */
  readonly requests: number;
  /** Share of the requests made by main sessions (the rest by sub-agents). */
  readonly mainRequestShare: number;
  /** Spread (σ of the logarithm) of the sub-agent request counts. */
  readonly subagentLengthSigma: number;
  /** Spread (σ of the logarithm) of the main-session request counts. */
  readonly mainLengthSigma: number;
  /** Project folders the sessions are spread over. */
  readonly projects: number;
  /** Extra main sessions of another model (each with two sub-agents of a third model). */
  readonly otherModelSessions: number;
  /** Requests of each other-model main session. */
  readonly otherModelRequests: number;
  /** Auto-compaction threshold on Claude Code's own context estimate, tokens. */
  readonly compactTriggerTokens: number;
  /** Relative error of that estimate (σ, a fraction of the threshold), drawn per cycle. */
  readonly triggerEstimateSd: number;
  /** System prompt, tools and memory files of a main session, tokens (never in the transcript). */
  readonly mainPrefixTokens: number;
  /** The same for a sub-agent, tokens. */
  readonly subagentPrefixTokens: number;
  /** Median of the files re-attached after a compaction, tokens (log-normal, σ 0.5). */
  readonly reattachTokensMedian: number;
  /** Mean summary length G, tokens (normal). */
  readonly summaryTokensMean: number;
  /** Standard deviation of G, tokens. */
  readonly summaryTokensSd: number;
  /** Shortest summary, tokens. */
  readonly summaryTokensMin: number;
  /** a: compaction seconds per input token. */
  readonly compactSecondsPerToken: number;
  /** v: summary tokens written per second. */
  readonly summaryTokensPerSecond: number;
  /** σ of the compaction-time noise ε, seconds. */
  readonly compactNoiseSeconds: number;
  /** Chance that a user turn that starts above 70 % of the trigger begins with `/compact`. */
  readonly manualCompactionChance: number;
  /** Median length of a source file of the virtual projects, lines. */
  readonly fileLinesMedian: number;
  /** Longest source file, lines. */
  readonly fileLinesMax: number;
  /** Multiplier on the size of everything the model writes (thinking, text, tool inputs). */
  readonly outputScale: number;
  /** Share of responses that start with a thinking block. */
  readonly thinkingShare: number;
  /** Share of tool-calling responses that say something before their tool calls. */
  readonly preambleShare: number;
  /** Multiplier on the size of grep, test and listing outputs and of ranged Reads. */
  readonly toolOutputScale: number;
  /** Mean number of parallel tool calls of a sub-agent request. */
  readonly subagentParallelCalls: number;
  /** Mean requests per user turn of a main session (geometric). */
  readonly turnRequestsMean: number;
  /** Median time a user takes before the next prompt, seconds (log-normal). */
  readonly userThinkMedianSeconds: number;
  /** σ of the logarithm of that time. */
  readonly userThinkSigma: number;
  /** Multiplier on tool run times. */
  readonly toolSecondsScale: number;
  /** Output speed of the model, tokens per second. */
  readonly outputTokensPerSecond: number;
  /** Share of the newest-era main sessions that ask for the 1-hour cache TTL. */
  readonly oneHourCacheShare: number;
  /** Chance per user turn that the prompt prefix changes (cache rewrite from a random point). */
  readonly prefixChangeChance: number;
  /** First session start, ISO-8601 UTC. */
  readonly startDate: string;
  /** Days over which the main sessions start. */
  readonly spanDays: number;
  /**
   * Cap on the log-normal length weight of a main session, as a multiple of its median (a
   * lighter far tail than the log-normal's). @default Infinity
   */
  readonly mainLengthCap?: number;
  /** Fewest requests of a main session (other than the oldest-era one). @default 8 */
  readonly mainRequestsMin?: number;
  /**
   * Only every k-th newest-era main session takes part in the rotation of helpers and workflow
   * runs. @default 1
   */
  readonly shapeEvery?: number;
  /** Re-reads (docs/method.md, Cost of forgetting): planted after compactions, and everywhere. */
  readonly rework: ReworkParameters;
}

/** What the simulated agent reads again. */
export interface ReworkParameters {
  /**
   * Mean number of files re-read right after each compaction (Poisson), drawn among the files
   * the session read whole before it; each re-read is a request of its own (0: no rework).
   */
  readonly filesAfterCompaction: number;
  /**
   * Chance that an Edit sends the session's next whole-file Read to the edited file (background,
   * before and after boundaries alike; the Read is one the tool mix draws anyway).
   */
  readonly rereadAfterEdit: number;
}

/**
 * The profile without planted rework (`deno task generate --no-rework`): no re-reads after
 * compactions; the background re-reads stay.
 *
 * @param profile A profile.
 * @returns The same profile with `rework.filesAfterCompaction` 0.
 *
 * @example
 * ```ts
 * import { PROFILES, withoutRework } from "./profiles.ts";
 * import assert from "node:assert/strict";
 * assert.equal(withoutRework(PROFILES.full).rework.filesAfterCompaction, 0);
 * assert.equal(withoutRework(PROFILES.full).rework.rereadAfterEdit, 0.3);
 * ```
 */
export function withoutRework(profile: Profile): Profile {
  return { ...profile, rework: { ...profile.rework, filesAfterCompaction: 0 } };
}

/** Names of the built-in profiles. */
export type ProfileName = "small" | "sample" | "full" | "real-shaped";

const COMMON = {
  mainLengthSigma: 0.45,
  triggerEstimateSd: 0.02,
  summaryTokensPerSecond: 80,
  fileLinesMax: 3000,
  subagentParallelCalls: 1.7,
  outputTokensPerSecond: 70,
  startDate: "2026-09-01T08:00:00.000Z",
  thinkingShare: 0.55,
  preambleShare: 0.7,
  rework: { filesAfterCompaction: 3.5, rereadAfterEdit: 0.3 },
} as const;

/**
 * The built-in profiles. `small` serves unit tests (a few hundred requests, a scaled-down world
 * with a low trigger so compactions happen); `sample` is committed under `data-synthetic/sample/`
 * (a few thousand requests, a few MB); `full` reproduces the published corpus of
 * docs/method.md (555 sessions, 45,170 requests, trigger ≈267.9K).
 *
 * @example
 * ```ts
 * import { PROFILES } from "./profiles.ts";
 * import assert from "node:assert/strict";
 * assert.equal(PROFILES.full.mainSessions + PROFILES.full.subagentSessions, 555);
 * assert.equal(PROFILES.full.requests, 45_170);
 * ```
 */
export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  small: {
    ...COMMON,
    name: "small",
    // The unit tests' corpus stays as it was before rework was planted (no re-reads, no draws).
    rework: { filesAfterCompaction: 0, rereadAfterEdit: 0 },
    mainLengthSigma: 0.15,
    mainSessions: 6,
    subagentSessions: 10,
    requests: 420,
    mainRequestShare: 0.8,
    subagentLengthSigma: 0.6,
    projects: 2,
    otherModelSessions: 1,
    otherModelRequests: 12,
    compactTriggerTokens: 24_000,
    mainPrefixTokens: 3_000,
    subagentPrefixTokens: 1_500,
    reattachTokensMedian: 1_500,
    summaryTokensMean: 1_200,
    summaryTokensSd: 400,
    summaryTokensMin: 300,
    compactSecondsPerToken: 25 / 24_000,
    compactNoiseSeconds: 20,
    summaryTokensPerSecond: 12,
    manualCompactionChance: 0.1,
    fileLinesMedian: 30,
    outputScale: 0.5,
    toolOutputScale: 0.3,
    turnRequestsMean: 8,
    userThinkMedianSeconds: 40,
    userThinkSigma: 1.4,
    toolSecondsScale: 1,
    oneHourCacheShare: 0.5,
    prefixChangeChance: 0.05,
    spanDays: 3,
  },
  sample: {
    ...COMMON,
    name: "sample",
    mainSessions: 8,
    subagentSessions: 48,
    requests: 2_000,
    mainRequestShare: 0.78,
    subagentLengthSigma: 0.8,
    projects: 3,
    otherModelSessions: 1,
    otherModelRequests: 30,
    compactTriggerTokens: 16_000,
    mainPrefixTokens: 2_500,
    subagentPrefixTokens: 1_200,
    reattachTokensMedian: 1_600,
    summaryTokensMean: 1_000,
    summaryTokensSd: 380,
    summaryTokensMin: 250,
    compactSecondsPerToken: 25 / 16_000,
    compactNoiseSeconds: 22,
    summaryTokensPerSecond: 10,
    manualCompactionChance: 0.02,
    fileLinesMedian: 11,
    outputScale: 0.25,
    toolOutputScale: 0.18,
    thinkingShare: 0.08,
    preambleShare: 0.3,
    subagentParallelCalls: 1.3,
    turnRequestsMean: 12,
    userThinkMedianSeconds: 45,
    userThinkSigma: 1.5,
    toolSecondsScale: 1,
    oneHourCacheShare: 0.3,
    prefixChangeChance: 0.05,
    spanDays: 10,
  },
  full: {
    ...COMMON,
    name: "full",
    mainSessions: 20,
    subagentSessions: 535,
    requests: 45_170,
    mainRequestShare: 0.85,
    subagentLengthSigma: 1.2,
    projects: 4,
    otherModelSessions: 2,
    otherModelRequests: 150,
    compactTriggerTokens: 265_500,
    mainPrefixTokens: 21_000,
    subagentPrefixTokens: 11_000,
    reattachTokensMedian: 36_000,
    summaryTokensMean: 8_000,
    summaryTokensSd: 3_000,
    summaryTokensMin: 1_200,
    compactSecondsPerToken: 25 / 267_900,
    compactNoiseSeconds: 22,
    manualCompactionChance: 0.005,
    fileLinesMedian: 170,
    outputScale: 2.5,
    toolOutputScale: 0.45,
    turnRequestsMean: 14,
    userThinkMedianSeconds: 45,
    userThinkSigma: 1.6,
    toolSecondsScale: 1,
    oneHourCacheShare: 0.25,
    prefixChangeChance: 0.3,
    spanDays: 40,
    subagentParallelCalls: 4,
    outputTokensPerSecond: 65,
  },
  // Shaped like a real ~/.claude/projects for the speed benchmark, not like the published study:
  // many project folders (most holding one or two files), many short sessions and a few long
  // ones (file sizes over three orders of magnitude), few sub-agents,
  // small model output and mid-sized tool results. Seed 1: 2,791 files in 2,075 folders, 578 MB.
  "real-shaped": {
    ...COMMON,
    name: "real-shaped",
    mainSessions: 2_250,
    subagentSessions: 560,
    requests: 86_000,
    mainRequestShare: 0.9,
    mainLengthSigma: 2.2,
    mainLengthCap: 22,
    mainRequestsMin: 2,
    subagentLengthSigma: 1.0,
    projects: 1_150,
    otherModelSessions: 2,
    otherModelRequests: 20,
    compactTriggerTokens: 155_000,
    mainPrefixTokens: 21_000,
    subagentPrefixTokens: 11_000,
    reattachTokensMedian: 20_000,
    summaryTokensMean: 6_000,
    summaryTokensSd: 2_000,
    summaryTokensMin: 1_000,
    compactSecondsPerToken: 25 / 155_000,
    compactNoiseSeconds: 20,
    manualCompactionChance: 0.01,
    fileLinesMedian: 80,
    outputScale: 0.1,
    thinkingShare: 0.03,
    preambleShare: 0.3,
    toolOutputScale: 0.62,
    subagentParallelCalls: 1.5,
    turnRequestsMean: 8,
    userThinkMedianSeconds: 45,
    userThinkSigma: 1.6,
    toolSecondsScale: 1,
    oneHourCacheShare: 0.25,
    prefixChangeChance: 0.2,
    spanDays: 120,
    shapeEvery: 30,
  },
};
