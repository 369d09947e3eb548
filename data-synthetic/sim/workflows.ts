/**
 * Workflow runs: the sub-agents of one spawn event written under
 * `<session>/subagents/workflows/<runId>/agent-<id>.jsonl`, with the run's `journal.jsonl` beside
 * them and `<session>/workflows/<runId>.json` (docs/transcript-format.md, Sub-agents). The
 * journal is no transcript: its records (`{"type":"started"|"result","key":…,"agentId":…}`)
 * have no `uuid`, `timestamp` or `isSidechain`. The agents themselves are ordinary sub-agent
 * sessions, counted as such.
 *
 * @module
 */

import type { Prng } from "../prng.ts";
import { Sink } from "./session.ts";
import type { Simulator } from "./simulator.ts";
import { emitFile } from "./files.ts";

/** One workflow run being written. */
export interface WorkflowRun {
  /** Run id, `wf_<12 hex>`. */
  runId: string;
  /** Folder of the run's agent files and journal, relative to the corpus. */
  folder: string;
  /** Agent ids in start order. */
  agents: string[];
}

/**
 * Opens a workflow run of a main session.
 *
 * @param g A stream of its own (so the run leaves the session's draws as they were).
 * @param sessionFolder `projects/<slug>/<sessionId>`.
 * @returns The run.
 */
export function openWorkflow(g: Prng, sessionFolder: string): WorkflowRun {
  const runId = "wf_" + g.hex(12);
  return { runId, folder: `${sessionFolder}/subagents/workflows/${runId}`, agents: [] };
}

/**
 * Writes the run's journal and run record once its agents are done.
 *
 * @param sim The simulator.
 * @param run The run.
 * @param sessionFolder `projects/<slug>/<sessionId>`.
 */
export function closeWorkflow(sim: Simulator, run: WorkflowRun, sessionFolder: string): void {
  const journal = new Sink(`${run.folder}/journal.jsonl`);
  run.agents.forEach((agentId, i) =>
    journal.lines.push(`{"type":"started","key":"step-${i + 1}","agentId":"${agentId}"}`)
  );
  run.agents.forEach((agentId, i) =>
    journal.lines.push(
      `{"type":"result","key":"step-${i + 1}","agentId":"${agentId}","status":"completed"}`,
    )
  );
  sim.acc.quirk("workflowJournalLines", journal.lines.length);
  emitFile(sim, journal);
  sim.out.push({
    path: `${sessionFolder}/workflows/${run.runId}.json`,
    text: `{"runId":"${run.runId}","status":"completed","agents":${JSON.stringify(run.agents)}}\n`,
  });
  sim.acc.quirk("workflowRuns");
  sim.acc.quirk("workflowAgents", run.agents.length);
}
