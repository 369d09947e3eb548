/**
 * The included main sessions, the resumed pair among them, and the order their files are written in.
 *
 * @module
 */

import { isNewest } from "../eras.ts";
import { drawTrigger } from "./compaction.ts";
import { emitFile, writeHeader, writeTrailer } from "./files.ts";
import { runLeftOutSessions } from "./left_out_sessions.ts";
import type { MainPlan } from "./plan.ts";
import { Session, Sink } from "./session.ts";
import { type CorpusFile, Simulator, TARGET_MODEL } from "./simulator.ts";
import { slugOf } from "./text_format.ts";
import { runSession } from "./turns.ts";

/** A main session at its start: prefix in the context, clock at the plan's start. */
export function newMain(
  sim: Simulator,
  plan: MainPlan,
  model: string,
  included: boolean,
  oneHour: boolean,
): Session {
  const root = sim.roots[plan.project];
  const sink = new Sink(`projects/${slugOf(root)}/${plan.sessionId}.jsonl`);
  const s = new Session(
    "main",
    plan.era,
    model,
    plan.sessionId,
    null,
    plan.project,
    root,
    sink,
    sim.acc.session("main", included),
    sim.profile.mainPrefixTokens,
    oneHour,
    plan.index,
  );
  s.ctx = sim.profile.mainPrefixTokens;
  s.t = plan.startMs;
  if (plan.era.late) s.late = sim.latePrng();
  return s;
}

/** Runs every planned main session and yields the files in write order; the original of the resumed pair is written with its continuation, so the copy comes from its full history. */
export function* runMainSessions(sim: Simulator, plans: MainPlan[]): Generator<CorpusFile> {
  let original: Session | null = null;
  let newest = 0;
  let shaped = 0;
  for (const plan of plans) {
    const g = sim.nextPrng();
    // The 1-hour TTL goes to a fixed share of the newest-era sessions (every k-th one, the
    // resumed pair always), not to a random draw: a few long sessions carry the whole 1 h
    // bucket, so a coin per session would swing the billing mix by tenths of a point.
    let oneHour = false;
    if (isNewest(plan.era)) {
      const share = sim.profile.oneHourCacheShare;
      oneHour = plan.index <= 1 ||
        Math.floor((newest + 1) * share) > Math.floor(newest * share);
      if (plan.index > 1) newest++;
    }
    const s = newMain(sim, plan, TARGET_MODEL, true, oneHour);
    s.bedrock = plan.index === 3;
    const every = sim.profile.shapeEvery ?? 1;
    if (isNewest(plan.era) && plan.continuationOf === null && newest % every === 0) {
      // Helpers and workflow runs in the newest era, by rotation (not a coin, so the sample has
      // each): a /btw helper in every third session, a speculation run in the next, and one
      // spawn event in every fifth session run as a workflow.
      s.helperLabel = ["aside_question", "aspeculation", null][shaped % 3];
      if (shaped % 5 === 0) s.workflow = "pending";
      shaped++;
    }
    drawTrigger(sim, s, g);
    if (plan.continuationOf !== null && original !== null) {
      // A resumed session: a new file that starts with a copy of the original's history.
      const copied = original.sink.lines.slice(original.copyFrom)
        .map((l) => l.replaceAll(original!.sessionId, s.sessionId));
      s.sink.lines.push(...copied);
      sim.acc.quirk("resumeCopiedLines", copied.length);
      s.ctx = original.ctx;
      s.last = original.last;
      s.lastTs = original.lastTs;
      s.t = original.t + Math.round((3 + g.next() * 17) * 3_600_000);
      s.trigger = original.trigger;
    } else writeHeader(sim, s, g);
    const extra = plan.index === 0 ? 1 : 0;
    runSession(sim, s, g, plan.budget, plan.subBudgets, extra);
    writeTrailer(sim, s, g);
    yield* sim.drain();
    if (plan.index === 0) {
      original = s;
      continue; // written with its continuation, so that the copy comes from the full file
    }
    if (plan.continuationOf !== null && original !== null) {
      emitFile(sim, original.sink, { garble: true });
      original = null;
    }
    emitFile(sim, s.sink, { bom: plan.index === 2, truncateLast: plan.index === 3 });
    yield* sim.drain();
  }
  if (original !== null) emitFile(sim, original.sink, { garble: true });
  yield* sim.drain();
  yield* runLeftOutSessions(sim, plans.length);
}
