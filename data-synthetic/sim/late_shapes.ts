/**
 * The late-2026 shapes of era E (docs/transcript-format.md, Late 2026), in the proportions the
 * generator writes them. No public source gives these frequencies; they are chosen so that a
 * year-long corpus holds a few of each, as a user of the advisor, of background summaries and of
 * `/model` would see:
 *
 * - an **advisor** consulted in 1 in 25 non-final responses of a main session: the response has
 *   two executor passes and one advisor pass in `usage.iterations` (the first pass calls the
 *   advisor, the second continues with its advice in context; both count in the session's
 *   request budget);
 * - one in five automatic compactions **precomputed** (the summary made in the background;
 *   `durationMs` a few hundred ms), and the first E session's first one if automatic;
 * - an **idle compaction** (trigger `idle`, the value no public source confirms) at every wait
 *   of 54 minutes or more of a main session of at least 200K tokens (three quarters of the
 *   trigger in profiles whose trigger is lower), written without `durationMs` (whether it has one
 *   is not known either), so the reader counts it and does not time it; the first E session gets
 *   one forced idle wait once it is past that size, so every profile has one;
 * - at a main session's second or later compaction, 3 in 10 times (at most twice a session; the
 *   first E session's first chance always), the rows of the segment before the previous boundary
 *   **re-appended** with their uuids and timestamps (anthropics/claude-code #92089; the real bug
 *   copies from the history's start, the generator the last segment only, to keep files small);
 * - a quarter of the E main sessions (the first always) **switch model** with `/model` for their
 *   fourth turn and back: the session stays the target model's by most of its requests;
 * - the newer `compactMetadata` fields on every boundary (`postTokens` without the fixed prefix,
 *   `cumulativeDroppedTokens`, `messagesSummarized`, `preservedMessages`); microcompaction with
 *   `tokensSaved` is era C's.
 *
 * Every draw for these shapes comes from the session's own shape stream, so the rest of the
 * session is written as it would be without them.
 *
 * @module
 */

/** The proportions above. */
export const LATE_SHAPES = Object.freeze({
  advisorShare: 1 / 25,
  precomputedShare: 0.2,
  idleWaitMs: 54 * 60_000,
  idleContextTokens: 200_000,
  idleCompactionShare: 1,
  reappendShare: 0.3,
  maxReappends: 2,
  modelSwitchShare: 0.25,
});

/** The advisor's model (the example of the public fixture). */
export const ADVISOR_MODEL = "claude-fable-5-1";
