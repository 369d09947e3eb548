/**
 * Compactions (boundary, summary, the manual command records) and microcompactions.
 *
 * @module
 */

import { Prng } from "../prng.ts";
import { newToolUseId } from "./ids.ts";
import { Session } from "./session.ts";
import { Simulator } from "./simulator.ts";
import { rawLength, slugOf } from "./text_format.ts";
import { writeCompactionCall } from "./compaction_call.ts";
import { REWORK_WINDOW } from "../expected.ts";
import { LATE_SHAPES } from "./late_shapes.ts";

/** Draws the context size at which the session compacts next (the trigger seen through Claude Code's own estimate, which misses by a few percent). */
export function drawTrigger(sim: Simulator, s: Session, g: Prng): void {
  const p = sim.profile;
  s.trigger = p.compactTriggerTokens * (1 + p.triggerEstimateSd * g.normal());
}

/** The summary record's text: the preamble of its era, prose, and (auto) the trailers; 4·G characters once parsed. */
export function summaryText(
  sim: Simulator,
  g: Prng,
  tokens: number,
  manual: boolean,
  s: Session,
): string {
  const head = manual
    ? "This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\\nAnalysis:\\n"
    : "This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.\\n\\nSummary:\\n1. Primary Request and Intent: ";
  const trailer = manual
    ? ""
    : `\\n\\nIf you need specific details from before compaction (like exact code snippets, error messages, or content you generated), read the full transcript at: /home/dev/.claude/projects/${
      slugOf(s.cwd)
    }/${s.sessionId}.jsonl\\nContinue the conversation from where it left off without asking the user any further questions.`;
  const fixed = rawLength(head) + rawLength(trailer);
  const chars = Math.max(fixed + 8, tokens * 4 - g.int(0, 3));
  return head + sim.pool.proseOf(g, chars - fixed) + trailer;
}

/**
 * The rarer shapes of the k-th compaction written (all sessions), in the proportions chosen for
 * the corpus: every 97th boundary has `compactMetadata: null` (trigger unknown to a reader),
 * another every 97th a null summary, every 11th an array-of-text-blocks summary; where the era
 * sets `logicalParentUuid`, every 7th names a uuid never written and another every 7th (auto)
 * has its logical parent written after the boundary and summary, as real files do.
 *
 * @param k Index of the compaction, from 0.
 * @returns Which variants apply.
 *
 * @example
 * ```ts
 * import { compactionVariant } from "./compaction.ts";
 * import assert from "node:assert/strict";
 * assert.equal(compactionVariant(13).nullMetadata, true);
 * assert.equal(compactionVariant(4).arraySummary, true);
 * assert.equal(compactionVariant(0).danglingParent, false);
 * ```
 */
export function compactionVariant(k: number): {
  nullMetadata: boolean;
  nullSummary: boolean;
  arraySummary: boolean;
  danglingParent: boolean;
  parentAfterBoundary: boolean;
} {
  const nullSummary = k % 97 === 20;
  return {
    nullMetadata: k % 97 === 13,
    nullSummary,
    arraySummary: !nullSummary && k % 11 === 4,
    danglingParent: k % 7 === 3,
    parentAfterBoundary: k % 7 === 5,
  };
}

/**
 * A compaction: boundary, summary and (manual) the command records; resets the context. Era E
 * (sim/late_shapes.ts) adds the precomputed summary, the idle trigger, the newer metadata fields
 * and the rows a later compaction re-appends.
 */
export function compact(
  sim: Simulator,
  s: Session,
  g: Prng,
  trigger: "auto" | "manual" | "idle",
): void {
  const p = sim.profile;
  const C = s.ctx;
  // An idle compaction (era E) comes on top of the corpus's own: it takes no rare variant, so
  // the others' variants fall where they did without it.
  const variant = trigger === "idle"
    ? {
      nullMetadata: false,
      nullSummary: false,
      arraySummary: false,
      danglingParent: false,
      parentAfterBoundary: false,
    }
    : compactionVariant(sim.compactionsWritten++);
  const [zSummary, zNoise] = sim.compactionDeviates();
  const G = Math.max(
    p.summaryTokensMin,
    Math.round(p.summaryTokensMean + p.summaryTokensSd * zSummary),
  );
  const seconds = Math.max(
    3,
    p.compactSecondsPerToken * C + G / p.summaryTokensPerSecond +
      p.compactNoiseSeconds * zNoise,
  );
  const late = s.late;
  // A summary made in the background and swapped in: the boundary takes a few hundred ms.
  // (The first E session's first compaction always, so every profile has one.)
  const precomputed = late !== null && trigger === "auto" &&
    (late.chance(LATE_SHAPES.precomputedShare) ||
      (s.index === 0 && s.kind === "main" && s.boundaryLines.length === 0));
  const ms = precomputed ? late!.int(200, 900) : Math.round(seconds * 1000);
  const parent = s.last;
  let startTs = s.lastTs;
  if (trigger === "manual") startTs = s.t;
  if (trigger === "idle") startTs = s.lastTs + LATE_SHAPES.idleWaitMs;
  const boundaryTs = startTs + ms;
  const reattach = Math.round(g.lognormal(p.reattachTokensMedian, 0.5));
  const post = s.prefix + G + reattach;
  const setsParent = s.era.logicalParent === "set";
  const dangling = setsParent && variant.danglingParent;
  // The logical parent (the last record, a prompt or a tool result) written after the summary.
  const lastLine = s.sink.lines[s.sink.lines.length - 1];
  const moved = setsParent && trigger === "auto" && variant.parentAfterBoundary &&
      lastLine?.startsWith('{"parentUuid"') && lastLine.includes(`"uuid":"${parent}"`)
    ? s.sink.lines.pop()!
    : null;
  const lp = dangling
    ? `,"logicalParentUuid":"${sim.shapePrng().uuid()}"`
    : setsParent
    ? `,"logicalParentUuid":"${parent}"`
    : s.era.logicalParent === "null"
    ? `,"logicalParentUuid":null`
    : "";
  const meta = variant.nullMetadata
    ? "null"
    : late !== null
    ? `{"trigger":"${trigger}","preTokens":${C},"postTokens":${
      post - s.prefix
    },"cumulativeDroppedTokens":${(s.dropped += C - post)}${
      // An idle compaction is written without durationMs (so it is not timed; sim/late_shapes.ts).
      trigger === "idle" ? "" : `,"durationMs":${ms}`},"messagesSummarized":${
      s.sink.lines.length - (s.boundaryLines.at(-1) ?? 0)
    }${
      precomputed ? ',"precomputed":true' : ""
    },"preservedMessages":{"anchorUuid":"${late.uuid()}","uuids":[]}}`
    : s.era.durationMs
    ? `{"trigger":"${trigger}","preTokens":${C},"postTokens":${post},"durationMs":${ms}}`
    : `{"trigger":"${trigger}","preTokens":${C}}`;
  if (late !== null && s.kind === "main") reappend(sim, s, late);
  s.boundaryLines.push(s.sink.lines.length);
  const boundary = g.uuid();
  s.record(
    boundary,
    `"type":"system","subtype":"compact_boundary","content":"Conversation compacted","isMeta":false,"level":"info","compactMetadata":${meta}${lp}`,
    boundaryTs,
    null,
  );
  const summary = g.uuid();
  // Drawn even when not written, so the rest of the session stays as it was.
  const text = summaryText(sim, g, G, trigger === "manual", s);
  const cut = text.indexOf("\\n") + 2;
  const content = variant.nullSummary
    ? "null"
    : variant.arraySummary
    ? `[{"type":"text","text":"${text.slice(0, cut)}"},{"type":"text","text":"${text.slice(cut)}"}]`
    : `"${text}"`;
  s.record(
    summary,
    `"type":"user","message":{"role":"user","content":${content}},"isVisibleInTranscriptOnly":true,"isCompactSummary":true`,
    boundaryTs + 4,
  );
  if (moved !== null) {
    s.sink.lines.push(moved);
    s.last = parent;
    sim.acc.quirk("logicalParentAfterBoundary");
  }
  if (s.kind === "main" && s.era.compactionCallFiles) {
    writeCompactionCall(sim, s, C, startTs, boundaryTs);
  }
  if (dangling) sim.acc.quirk("danglingLogicalParent");
  if (variant.nullMetadata) sim.acc.quirk("nullCompactMetadata");
  if (variant.nullSummary) sim.acc.quirk("nullSummaries");
  if (variant.arraySummary) sim.acc.quirk("arraySummaries");
  if (trigger === "manual") {
    s.record(
      g.uuid(),
      `"type":"user","message":{"role":"user","content":"<local-command-caveat>Caveat: The messages below were generated by the user while running local commands. DO NOT respond to these messages or otherwise consider them in your response unless the user explicitly asks you to.</local-command-caveat>"},"isMeta":true`,
      startTs,
    );
    s.record(
      g.uuid(),
      `"type":"user","message":{"role":"user","content":"<command-name>/compact</command-name>\\n            <command-message>compact</command-message>\\n            <command-args></command-args>"}`,
      startTs,
    );
    s.record(
      g.uuid(),
      `"type":"user","message":{"role":"user","content":"<local-command-stdout>Compacted </local-command-stdout>"}`,
      boundaryTs + 100,
    );
    sim.acc.quirk("manualCompactions");
  }
  if (s.era.durationMs) sim.acc.quirk("compactionsWithDurationMs");
  else sim.acc.quirk("compactionsFromTimestamps");
  if (precomputed) sim.acc.quirk("precomputedCompactions");
  if (trigger === "idle") sim.acc.quirk("idleCompactions");
  sim.acc.compaction(
    s.truth,
    variant.nullMetadata ? "unknown" : trigger === "idle" ? "other" : trigger,
    C,
    boundaryTs,
    variant.nullMetadata || trigger === "idle" ? null : ms / 1000,
    precomputed,
  );
  s.ctx = post;
  s.cachedUpTo = s.prefix;
  s.t = Math.max(s.lastTs, boundaryTs + 4);
  s.copyFrom = s.sink.lines.length;
  drawTrigger(sim, s, g);
  plantRework(sim, s, g);
}

/**
 * The rework after a compaction: a Poisson number of files (mean
 * `rework.filesAfterCompaction`) drawn among those the session read whole before the boundary,
 * queued to be re-read first, one per tool-calling request. Only files read whole at least once
 * from the session's request K on ({@linkcode REWORK_WINDOW}) are drawn: the estimate looks for
 * window A's targets there (docs/method.md, Cost of forgetting: equal look-backs).
 */
function plantRework(sim: Simulator, s: Session, g: Prng): void {
  const mean = sim.profile.rework.filesAfterCompaction;
  // No draw without rework: such a profile writes what it wrote before rework was planted.
  const wanted = mean > 0 ? poisson(g, mean) : 0;
  const pool = [...s.readWholeAt].filter(([, at]) => at >= REWORK_WINDOW).map(([file]) => file);
  s.rereads = [];
  for (let k = 0; k < wanted && pool.length > 0; k++) {
    s.rereads.push(pool.splice(g.int(0, pool.length - 1), 1)[0]);
  }
}

/**
 * A Poisson draw (Knuth's product of uniforms).
 *
 * @param g The random stream.
 * @param mean The mean (≥ 0; small).
 * @returns A count.
 *
 * @example
 * ```ts
 * import { poisson } from "./compaction.ts";
 * import { Prng } from "../prng.ts";
 * import assert from "node:assert/strict";
 * assert.equal(poisson(new Prng(1), 0), 0);
 * ```
 */
export function poisson(g: Prng, mean: number): number {
  const limit = Math.exp(-mean);
  let k = 0;
  for (let product = g.next(); product > limit; product *= g.next()) k++;
  return k;
}

/**
 * Before a main session's second or later compaction (era E, sim/late_shapes.ts): the rows of the
 * segment before the previous boundary written again with their uuids and timestamps, as a
 * second `/compact` in one process does (anthropics/claude-code #92089).
 */
function reappend(sim: Simulator, s: Session, late: Prng): void {
  const previous = s.boundaryLines.at(-1);
  if (previous === undefined || s.reappends >= LATE_SHAPES.maxReappends) return;
  const forced = s.index === 0 && s.reappends === 0;
  if (!late.chance(LATE_SHAPES.reappendShare) && !forced) return;
  const from = s.boundaryLines.at(-2) ?? 0;
  // Conversation records only (they have uuids); the file's other lines are not messages.
  const rows = s.sink.lines.slice(from, previous).filter((l) => l.startsWith('{"parentUuid"'));
  s.sink.lines.push(...rows);
  s.reappends++;
  sim.acc.quirk("reappendedRecords", rows.length);
}

/** A `microcompact_boundary` marker: clears part of the tool results from what is sent, so the context shrinks and part of the cache is rewritten. */
export function microcompact(sim: Simulator, s: Session, g: Prng): void {
  const saved = Math.round((s.ctx - s.prefix) * (0.15 + 0.15 * g.next()));
  const ids = [newToolUseId(g), newToolUseId(g)];
  s.record(
    g.uuid(),
    `"type":"system","subtype":"microcompact_boundary","content":"Context microcompacted","isMeta":false,"level":"info","microcompactMetadata":{"trigger":"auto","preTokens":${s.ctx},"tokensSaved":${saved},"compactedToolIds":["${
      ids.join('","')
    }"],"clearedAttachmentUUIDs":[]}`,
    s.t + 2,
  );
  s.ctx -= saved;
  s.cachedUpTo = Math.min(s.cachedUpTo, s.prefix + Math.round((s.ctx - s.prefix) * 0.4));
  s.microDone = true;
  sim.acc.quirk("microcompactions");
}
