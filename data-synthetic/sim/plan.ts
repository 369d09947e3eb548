/**
 * The plan of the main sessions: request budgets, sub-agent budgets, projects, ids and start
 * times, drawn before any session runs.
 *
 * @module
 */

import { type Era, eraOfMain } from "../eras.ts";
import { Simulator } from "./simulator.ts";

/** What is decided about a main session before it runs. */
export interface MainPlan {
  index: number;
  era: Era;
  budget: number;
  subBudgets: number[];
  project: number;
  sessionId: string;
  startMs: number;
  continuationOf: number | null;
}

/** Splits `total` into parts proportional to `weights`, each at least `min` (largest remainder). */
export function apportion(total: number, weights: number[], min: number): number[] {
  const n = weights.length;
  const free = total - min * n;
  if (free < 0) {
    throw new RangeError(`Cannot split ${total} into ${n} parts of at least ${min}`);
  }
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * free);
  const parts = exact.map((e) => Math.floor(e));
  let left = free - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i]).sort((a, b) =>
    b[0] - a[0] || a[1] - b[1]
  );
  for (let k = 0; left > 0; k = (k + 1) % n, left--) parts[order[k][1]]++;
  return parts.map((p) => p + min);
}

/** Plans the main sessions: request budgets (hit exactly), sub-agent budgets spread in proportion to length (the shortest to the in-file eras, which never compact), projects, ids and start times. */
export function planMains(sim: Simulator): MainPlan[] {
  const p = sim.profile, g = sim.prng;
  const mainTotal = Math.round(p.requests * p.mainRequestShare);
  const subTotal = p.requests - mainTotal;
  const n = p.mainSessions;
  const a0Budget = Math.max(4, Math.min(40, Math.round((mainTotal / n) * 0.2)));
  const weights = Array.from({ length: n }, (_, i) => {
    const w = Math.min(g.lognormal(1, p.mainLengthSigma), p.mainLengthCap ?? Infinity);
    return i === 0 || i === 2 || i === 3 || i === 4 ? w * 1.6 : w;
  });
  const budgets = apportion(
    mainTotal - a0Budget,
    weights.filter((_, i) => i !== 5),
    p.mainRequestsMin ?? 8,
  );
  budgets.splice(5, 0, a0Budget);

  const subBudgets = apportion(
    subTotal,
    Array.from({ length: p.subagentSessions }, () => g.lognormal(1, p.subagentLengthSigma)),
    1,
  ).sort((a, b) => a - b);
  // Every main session spawns at least one sub-agent when there are enough of them; otherwise
  // the first six (one per era and quirk) do, and the rest go to the longest sessions.
  const floor = p.subagentSessions >= n ? n : 6;
  const subCounts = apportion(p.subagentSessions - floor, budgets, 0).map((c, i) =>
    i < floor ? c + 1 : c
  );
  // In-file sub-agents never compact: give them the shortest runs.
  const inFile = budgets.map((_, i) => eraOfMain(i).layout === "infile");
  const short = subBudgets.slice(
    0,
    subCounts.filter((_, i) => inFile[i]).reduce((a, b) => a + b, 0),
  );
  const rest = subBudgets.slice(short.length);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = Math.floor(g.next() * (i + 1));
    [rest[i], rest[j]] = [rest[j], rest[i]];
  }
  const ids = Array.from({ length: n }, () => g.uuid());
  if (ids[1] < ids[0]) [ids[0], ids[1]] = [ids[1], ids[0]];
  const spanMs = p.spanDays * 86_400_000;
  return budgets.map((budget, index) => {
    const mine = inFile[index]
      ? short.splice(0, subCounts[index])
      : rest.splice(0, subCounts[index]);
    const project = index === 1 ? 0 : index % sim.roots.length;
    return {
      index,
      era: eraOfMain(index),
      budget,
      subBudgets: mine,
      project,
      sessionId: ids[index],
      startMs: sim.startMs + Math.floor((index / n) * spanMs) + g.int(0, 6) * 3_600_000,
      continuationOf: index === 1 ? 0 : null,
    };
  });
}
