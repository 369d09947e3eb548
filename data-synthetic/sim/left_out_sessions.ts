/**
 * Sessions a one-model reader must leave out: other-model sessions, a session that switches
 * model, and one whose only request failed.
 *
 * @module
 */

import { ERAS } from "../eras.ts";
import { drawTrigger } from "./compaction.ts";
import { emitFile } from "./files.ts";
import { newMain } from "./main_sessions.ts";
import type { MainPlan } from "./plan.ts";
import { writeSynthetic } from "./responses.ts";
import { type CorpusFile, OTHER_MAIN_MODEL, Simulator, TARGET_MODEL } from "./simulator.ts";
import { runSession, userPrompt } from "./turns.ts";

/** Writes the sessions a one-model reader must leave out, after the included ones. */
export function* runLeftOutSessions(sim: Simulator, n: number): Generator<CorpusFile> {
  const p = sim.profile;
  const g = sim.nextPrng();
  const spanMs = p.spanDays * 86_400_000;
  // Other-model main sessions, each with two sub-agents of a third model.
  for (let k = 0; k < p.otherModelSessions; k++) {
    const plan: MainPlan = {
      index: n + k,
      era: ERAS.D,
      budget: p.otherModelRequests,
      subBudgets: [],
      project: k % sim.roots.length,
      sessionId: g.uuid(),
      startMs: sim.startMs + Math.floor(g.next() * spanMs),
      continuationOf: null,
    };
    const s = newMain(sim, plan, OTHER_MAIN_MODEL, false, false);
    drawTrigger(sim, s, g);
    sim.acc.otherModel++;
    sim.acc.quirk("otherModelSessions");
    runSession(sim, s, g, plan.budget, [], 2);
    emitFile(sim, s.sink);
    yield* sim.drain();
  }
  // A session that switches model half-way (left out: it has requests of another model).
  {
    const plan: MainPlan = {
      index: n + p.otherModelSessions,
      era: ERAS.D,
      budget: 6,
      subBudgets: [],
      project: 0,
      sessionId: g.uuid(),
      startMs: sim.startMs + Math.floor(g.next() * spanMs),
      continuationOf: null,
    };
    const s = newMain(sim, plan, TARGET_MODEL, false, false);
    drawTrigger(sim, s, g);
    runSession(sim, s, g, 3, [], 0);
    s.model = OTHER_MAIN_MODEL;
    s.t += 60_000;
    userPrompt(sim, s, g, { text: "/model sonnet" });
    runSession(sim, s, g, 3, [], 0);
    sim.acc.otherModel++;
    sim.acc.quirk("mixedModelSessions");
    emitFile(sim, s.sink);
  }
  // A session whose only request failed: no request of any model.
  {
    const plan: MainPlan = {
      index: n + p.otherModelSessions + 1,
      era: ERAS.D,
      budget: 0,
      subBudgets: [],
      project: 0,
      sessionId: g.uuid(),
      startMs: sim.startMs + Math.floor(g.next() * spanMs),
      continuationOf: null,
    };
    const s = newMain(sim, plan, TARGET_MODEL, false, false);
    userPrompt(sim, s, g);
    for (let k = 1; k <= 3; k++) {
      s.record(
        g.uuid(),
        `"type":"system","subtype":"api_error","level":"error","error":{"status":529},"retryInMs":${
          1000 * k
        },"retryAttempt":${k},"maxRetries":3`,
        s.t + 1000 * k,
      );
    }
    s.t += 6000;
    writeSynthetic(sim, s, g, "API Error: Request was aborted.", true);
    sim.acc.noTargetModel++;
    emitFile(sim, s.sink);
  }
  yield* sim.drain();
}
