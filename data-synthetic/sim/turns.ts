/**
 * A session run: user turns, the agent loop of requests, and what happens before a request.
 *
 * @module
 */

import { isNewest } from "../eras.ts";
import { Prng } from "../prng.ts";
import { compact, microcompact } from "./compaction.ts";
import { BASE64 } from "./ids.ts";
import { responseBlocks, writeRequest, writeResults, writeSynthetic } from "./responses.ts";
import { Session, type ToolCall } from "./session.ts";
import { Simulator } from "./simulator.ts";
import { runSubagents } from "./subagents.ts";
import { writeHelper } from "./helpers.ts";
import { iso, rawLength } from "./text_format.ts";
import { LATE_SHAPES } from "./late_shapes.ts";
import { OTHER_MAIN_MODEL } from "./simulator.ts";
import { MAIN_TOOLS, SUB_TOOLS, taskCall, toolCall } from "./tools.ts";

/** Everything that may happen right before a request: compaction, microcompaction, retries. */
export function beforeRequest(sim: Simulator, s: Session, g: Prng): void {
  if (s.canCompact && s.ctx >= s.trigger) compact(sim, s, g, "auto");
  if (
    s.era.microcompact && s.kind === "main" &&
    ((!s.microDone && s.ctx > 0.3 * s.trigger) || (s.ctx > 0.5 * s.trigger && g.chance(0.003)))
  ) microcompact(sim, s, g);
  if (g.chance(0.003) || (s.index === 0 && s.kind === "main" && s.requests === 2)) {
    const tries = g.int(1, 3);
    for (let k = 1; k <= tries; k++) {
      const wait = Math.round(500 * 2 ** k + g.int(0, 400));
      s.record(
        g.uuid(),
        `"type":"system","subtype":"api_error","level":"error","error":{"status":529},"retryInMs":${wait},"retryAttempt":${k},"maxRetries":10`,
        s.t + 50,
      );
      s.t += wait + 50;
      sim.acc.quirk("apiErrorRetries");
    }
  }
}

/**
 * Era E at a main session's turn start (sim/late_shapes.ts): an idle compaction after a wait of
 * 54 minutes at 200K tokens or more (the first E session waits that long once), and a `/model`
 * switch for this turn.
 */
function lateTurnStart(sim: Simulator, s: Session, late: Prng, turn: number): void {
  if (s.kind !== "main") return;
  // 200K tokens, or (profiles whose trigger is lower) three quarters of the trigger.
  if (s.canCompact && s.ctx >= Math.min(LATE_SHAPES.idleContextTokens, 0.75 * s.trigger)) {
    // Forced once, after the session's first compaction (so the corpus's own come first).
    const forced = s.index === 0 && !s.idled && s.boundaryLines.length > 0;
    if (forced) s.t = Math.max(s.t, s.lastTs + LATE_SHAPES.idleWaitMs + 60_000);
    if (
      s.t - s.lastTs >= LATE_SHAPES.idleWaitMs &&
      (late.chance(LATE_SHAPES.idleCompactionShare) || forced)
    ) {
      const back = s.t;
      s.idled = true;
      compact(sim, s, late, "idle");
      s.t = Math.max(back, s.t);
    }
  }
  if (!s.switched && turn === 3 && (s.index === 0 || late.chance(LATE_SHAPES.modelSwitchShare))) {
    s.switched = true;
    switchModel(s, late, OTHER_MAIN_MODEL);
    sim.acc.quirk("modelSwitches");
  }
}

/** `/model` to `model` (null: back to the session's own): a command record, a cold cache. */
function switchModel(s: Session, late: Prng, model: string | null): void {
  const name = model === null ? "opus" : "sonnet";
  const text =
    `<command-name>/model</command-name>\\n            <command-message>model</command-message>\\n            <command-args>${name}</command-args>`;
  s.record(late.uuid(), `"type":"user","message":{"role":"user","content":"${text}"}`, s.t);
  // The command record is part of the conversation sent on (as the read-cost rule counts it).
  s.ctx += Math.ceil(rawLength(text) / 4);
  s.t += 500;
  s.switchedModel = model;
  // Another model has no cache of this conversation; nor has the first one after a while.
  s.cachedUpTo = 0;
}

/** A user prompt (sometimes long, sometimes with a pasted image); the newest era writes a `file-history-snapshot` before it. */
export function userPrompt(
  sim: Simulator,
  s: Session,
  g: Prng,
  options: { image?: boolean; text?: string } = {},
): void {
  const p = sim.profile;
  const tokens = g.chance(0.05) ? g.lognormal(1500 * p.toolOutputScale, 0.6) : g.lognormal(50, 1.0);
  const text = options.text ?? sim.prose(g, tokens);
  let content = `"${text}"`;
  let extra = 0;
  if (options.image) {
    const data = g.chars(g.int(500, 1200) * 4, BASE64);
    content =
      `[{"type":"text","text":"${text}"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"${data}"}}]`;
    extra = g.int(900, 1600);
    sim.acc.quirk("images");
  }
  if (isNewest(s.era) && s.kind === "main") {
    const id = g.uuid();
    s.sink.lines.push(
      `{"type":"file-history-snapshot","messageId":"${id}","snapshot":{"messageId":"${id}","trackedFileBackups":{},"timestamp":"${
        iso(s.t)
      }"},"isSnapshotUpdate":false}`,
    );
  }
  s.record(
    g.uuid(),
    `"type":"user","message":{"role":"user","content":${content}}${
      s.kind === "main" ? `,"promptId":"${g.uuid()}"` : ""
    }${options.image ? `,"imagePasteIds":[1]` : ""}`,
    s.t,
  );
  s.ctx += Math.ceil(rawLength(text) / 4) + extra;
}

/** A planted re-read after a compaction: one request, a whole-file Read of a file read before. */
function reworkRequest(sim: Simulator, s: Session, g: Prng): void {
  const blocks = responseBlocks(sim, g, false);
  const call = toolCall(sim, s, g, "readWhole", s.rereads.shift()!);
  blocks.push(call.block);
  s.readWholeAt.set(call.readWhole!, s.requests);
  const uuids = writeRequest(sim, s, g, blocks, "tool_use");
  sim.acc.planted(s.truth, s.truth.requestTimes[s.truth.requestTimes.length - 1], call);
  writeResults(s, g, [call], uuids, blocks);
}

/** Runs a session (main or sub-agent) for `budget` requests. */
export function runSession(
  sim: Simulator,
  s: Session,
  g: Prng,
  budget: number,
  subBudgets: number[],
  extraSubs: number,
): string {
  const p = sim.profile;
  const spawns = new Map<number, number>();
  if (subBudgets.length + extraSubs > 0) {
    const slots = Math.max(1, budget - 1);
    const events = Math.min(slots, Math.max(1, Math.ceil((subBudgets.length + extraSubs) / 1.3)));
    const chosen = new Set<number>();
    while (chosen.size < events) chosen.add(g.int(0, slots - 1));
    const idx = [...chosen].sort((a, b) => a - b);
    for (const i of idx) spawns.set(i, 1);
    for (let k = events; k < subBudgets.length + extraSubs; k++) {
      const i = idx[g.int(0, idx.length - 1)];
      spawns.set(i, spawns.get(i)! + 1);
    }
  }
  const queue = [...subBudgets];
  let extraLeft = extraSubs;
  let finalText = "";
  let i = 0, turn = 0;
  /** Ordinary requests so far (the spawn slots count these; inserted re-reads do not). */
  let o = 0;
  while (i < budget) {
    // A user turn (sub-agents have exactly one, started by the parent's prompt).
    if (s.kind === "main") {
      if (turn > 0) {
        s.t += Math.round(g.lognormal(p.userThinkMedianSeconds, p.userThinkSigma) * 1000);
        if (g.chance(p.prefixChangeChance)) {
          s.cachedUpTo = Math.min(
            s.cachedUpTo,
            s.prefix + Math.round(g.next() * (s.ctx - s.prefix)),
          );
          sim.acc.quirk("prefixChanges");
        }
        const wantManual = s.canCompact &&
          ((s.ctx > 0.7 * s.trigger && g.chance(p.manualCompactionChance)) ||
            (s.index === 2 && !s.forcedManual && s.ctx > 0.4 * s.trigger));
        if (wantManual) {
          s.forcedManual = true;
          compact(sim, s, g, "manual");
          s.t += Math.round(g.lognormal(20, 0.8) * 1000);
        }
      }
      if (s.late !== null && turn > 0) lateTurnStart(sim, s, s.late, turn);
      const image = s.index === 0 && turn === 1;
      userPrompt(sim, s, g, { image: image || g.chance(0.01) });
      if (s.index === 0 && turn === 2) {
        // An interrupted turn answered by a synthetic non-error record.
        s.record(
          g.uuid(),
          `"type":"user","message":{"role":"user","content":[{"type":"text","text":"[Request interrupted by user]"}]}`,
          s.t + 800,
        );
        s.t += 800;
        s.ctx += Math.ceil("[Request interrupted by user]".length / 4);
        writeSynthetic(sim, s, g, "No response requested.", false);
        s.t += 5000;
        userPrompt(sim, s, g);
      }
    }
    const turnLength = s.kind === "main"
      ? Math.max(1, Math.round(-Math.log(1 - g.next()) * p.turnRequestsMean))
      : budget;
    const turnStart = s.t;
    for (let j = 0; i < budget; j++, i++) {
      if (s.rereads.length > 0 && i < budget - 2) {
        // Rework after a compaction: a request inserted where the agent was (the turn goes on
        // after it), so the session's budget still ends it.
        beforeRequest(sim, s, g);
        reworkRequest(sim, s, g);
        j--;
        continue;
      }
      // Spawns whose slots the inserted requests pushed past the session's end run at its
      // second-to-last request, so every sub-agent still runs.
      const late = i === budget - 2 ? queue.length + Math.max(0, extraLeft) : 0;
      const spawnHere = Math.max(spawns.get(o++) ?? 0, late);
      const last = i === budget - 1 || (j >= turnLength - 1 && spawnHere === 0);
      beforeRequest(sim, s, g);
      const blocks = responseBlocks(sim, g, last);
      const calls: ToolCall[] = [];
      if (!last) {
        if (spawnHere > 0) {
          for (let k = 0; k < spawnHere; k++) {
            if (queue.length > 0) calls.push(taskCall(sim, s, g, queue.shift()!));
            else if (extraLeft-- > 0) calls.push(taskCall(sim, s, g, g.int(2, 5), "Explore"));
          }
        } else {
          const n = s.kind === "main" ? (g.chance(0.85) ? 1 : g.int(2, 3)) : Math.max(
            1,
            Math.round(1 + (p.subagentParallelCalls - 1) * -Math.log(1 - g.next())),
          );
          const tools = s.kind === "main" ? MAIN_TOOLS : SUB_TOOLS;
          for (let k = 0; k < Math.min(n, 5); k++) {
            const kind = tools[g.weighted(tools.map((t) => t[1]))][0];
            // The background re-read: a whole-file Read goes to a file edited since, if any.
            const file = kind === "readWhole" ? s.afterEdit.shift() : undefined;
            calls.push(toolCall(sim, s, g, kind, file));
          }
        }
        for (const c of calls) {
          blocks.push(c.block);
          // s.requests: this request's index in the session (it is written below).
          if (c.readWhole !== undefined) s.readWholeAt.set(c.readWhole, s.requests);
          // No draw when the chance is 0: such a profile writes what it wrote without rework.
          if (
            c.edited !== undefined && p.rework.rereadAfterEdit > 0 &&
            g.chance(p.rework.rereadAfterEdit)
          ) {
            s.afterEdit.push(c.edited);
          }
        }
      }
      // Era E: an advisor consulted now and then (two passes: two requests of the budget).
      const advise = s.late !== null && s.kind === "main" && !last && i < budget - 2 &&
        s.late.chance(LATE_SHAPES.advisorShare);
      const uuids = writeRequest(sim, s, g, blocks, last ? "end_turn" : "tool_use", advise);
      if (advise) i++;
      if (last) {
        finalText = blocks.find((b) => b.text !== undefined)?.text ?? "Done.";
        if (s.index === 0 && s.kind === "main" && turn === 0) {
          // A request that failed for good: only the synthetic API-error record remains.
          writeSynthetic(
            sim,
            s,
            g,
            'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
            true,
          );
        }
        break;
      }
      const spawned = calls.filter((c) => c.spawn);
      if (spawned.length > 0) runSubagents(sim, s, g, spawned, uuids, blocks);
      else writeResults(s, g, calls, uuids, blocks);
    }
    i++;
    if (s.switchedModel !== null) switchModel(s, s.late!, null);
    if (s.kind === "main" && isNewest(s.era) && s.t - turnStart > 30_000) {
      s.record(
        g.uuid(),
        `"type":"system","subtype":"turn_duration","durationMs":${s.t - turnStart},"isMeta":false`,
        s.t + 20,
      );
    }
    if (s.helperLabel !== null && s.requests >= 3) {
      writeHelper(sim, s, s.helperLabel);
      s.helperLabel = null;
    }
    turn++;
  }
  return finalText;
}
