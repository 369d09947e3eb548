/**
 * Sub-agent sessions spawned by Task/Agent calls, in the layout of their era.
 *
 * @module
 */

import { isNewest } from "../eras.ts";
import { Prng } from "../prng.ts";
import { drawTrigger } from "./compaction.ts";
import { emitFile } from "./files.ts";
import { newAgentId, newMessageId } from "./ids.ts";
import { writeResults } from "./responses.ts";
import { type Block, Session, Sink, type ToolCall } from "./session.ts";
import { OTHER_SUB_MODEL, Simulator, TARGET_MODEL } from "./simulator.ts";
import { rawLength, slugOf } from "./text_format.ts";
import { runSession } from "./turns.ts";
import { closeWorkflow, openWorkflow } from "./workflows.ts";

/** Runs the sub-agents of one response's Task/Agent calls (their files written in the era's layout) and then writes the calls' results into the parent. */
export function runSubagents(
  sim: Simulator,
  parent: Session,
  g: Prng,
  calls: ToolCall[],
  uuids: string[],
  blocks: Block[],
): void {
  const start = parent.t + 250;
  const ends: number[] = [];
  const sessionFolder = `projects/${slugOf(sim.roots[parent.project])}/${parent.sessionId}`;
  const run = parent.workflow === "pending" && parent.era.layout === "subagents"
    ? openWorkflow(sim.shapePrng(), sessionFolder)
    : null;
  for (const c of calls) {
    const spawn = c.spawn!;
    const included = spawn.agentType !== "Explore" && parent.model === TARGET_MODEL;
    const model = included ? TARGET_MODEL : OTHER_SUB_MODEL;
    const era = parent.era;
    const agentId = newAgentId(g, era);
    const root = sim.roots[parent.project];
    const sinkPath = era.layout === "infile"
      ? parent.sink.path
      : era.layout === "flat"
      ? `projects/${slugOf(root)}/agent-${agentId}.jsonl`
      : run !== null
      ? `${run.folder}/agent-${agentId}.jsonl`
      : `projects/${slugOf(root)}/${parent.sessionId}/subagents/agent-${agentId}.jsonl`;
    run?.agents.push(agentId);
    const sink = era.layout === "infile" ? parent.sink : new Sink(sinkPath);
    if (!included) sim.acc.otherModel++;
    const sub = new Session(
      "subagent",
      era,
      model,
      parent.sessionId,
      agentId,
      parent.project,
      parent.cwd,
      sink,
      sim.acc.session("subagent", included),
      sim.profile.subagentPrefixTokens,
      false,
      -1,
    );
    const sg = sim.nextPrng();
    if (era.late) sub.late = sim.latePrng();
    sub.bedrock = parent.bedrock;
    sub.t = start;
    drawTrigger(sim, sub, sg);
    if (start - parent.lastSubStart < 300_000) {
      sub.cachedUpTo = sim.profile.subagentPrefixTokens;
      sub.lastUse = parent.lastSubStart;
    }
    parent.lastSubStart = start;
    sub.ctx = sim.profile.subagentPrefixTokens;
    sub.last = null;
    sub.record(
      sg.uuid(),
      `"type":"user","message":{"role":"user","content":"${spawn.prompt}"}`,
      start,
      null,
    );
    sub.ctx += Math.ceil(spawn.prompt.length / 4);
    const text = runSession(sim, sub, sg, spawn.budget, [], 0);
    const end = sub.t + 100;
    ends.push(end);
    if (era.layout !== "infile") {
      if (era.meta) {
        sim.out.push({
          path: sinkPath.replace(/\.jsonl$/, ".meta.json"),
          text:
            `{"agentType":"${spawn.agentType}","description":"${spawn.description}","toolUseId":"${c.id}"}\n`,
        });
        sim.acc.quirk("metaSidecars");
      }
      emitFile(sim, sink);
    }
    sim.acc.quirk(`layout_${era.layout}`);
    const tokens = Math.round(sub.ctx);
    const agentText = isNewest(era) || era.name === "C"
      ? `agentId: ${agentId} (use SendMessage with to: '${agentId}' to continue this agent)\\n<usage>total_tokens: ${tokens}\\ntool_uses: ${sub.requests}\\nduration_ms: ${
        end - start
      }</usage>`
      : "";
    c.content = `[{"type":"text","text":"${text}"}${
      agentText ? `,{"type":"text","text":"${agentText}"}` : ""
    }]`;
    c.tokens = Math.ceil(rawLength(text) / 4) +
      (agentText ? Math.ceil(rawLength(agentText) / 4) : 0);
    c.toolUseResult =
      `{"status":"completed","prompt":"${spawn.prompt}","agentId":"${agentId}","agentType":"${spawn.agentType}","content":[{"type":"text","text":"${text}"}],"totalDurationMs":${
        end - start
      },"totalTokens":${tokens},"totalToolUseCount":${sub.requests}}`;
    c.seconds = (end - parent.t) / 1000;
    if (parent.era.progress) {
      parent.record(
        g.uuid(),
        `"type":"progress","data":{"type":"agent_progress","message":{"type":"assistant","message":{"model":"${model}","id":"${
          newMessageId(g)
        }","usage":{"input_tokens":3,"cache_creation_input_tokens":500,"cache_read_input_tokens":9000,"output_tokens":40}}},"normalizedMessages":[]},"toolUseID":"${c.id}","parentToolUseID":"${c.id}"`,
        start + 1000,
        uuids[blocks.findIndex((b) => b.toolId === c.id)],
      );
      parent.last = uuids[uuids.length - 1];
      sim.acc.quirk("progressWithNestedUsage");
    }
  }
  if (run !== null) {
    closeWorkflow(sim, run, sessionFolder);
    parent.workflow = "done";
  }
  writeResults(parent, g, calls, uuids, blocks);
}
