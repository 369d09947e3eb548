/**
 * Helper agents forked from a main session between turns: a `/btw` side question
 * (`agent-aside_question-<hex>.jsonl`) and a speculation run (`agent-aspeculation-<hex>.jsonl`),
 * both under `<session>/subagents/` (docs/transcript-format.md, Sub-agents). The file starts
 * with a replay of the parent's latest records: the same uuids, timestamps, `message.id` and
 * usage, but each replayed response under a NEW `requestId` (the copy a `message.id:requestId`
 * key counts twice), then the helper's own request, which reads the parent's warm cache.
 *
 * A helper is a session of kind `helper`: its own request counts (it is of the target model),
 * its replayed ones belong to the parent, whose file sorts first (`<id>.jsonl` before
 * `<id>/…`). Helpers run beside the parent, so the parent's clock and cache stay as they were.
 *
 * @module
 */

import { newMessageId, newRequestId } from "./ids.ts";
import { usageJson } from "./responses.ts";
import { Session, Sink } from "./session.ts";
import { Simulator } from "./simulator.ts";
import { slugOf } from "./text_format.ts";
import { emitFile } from "./files.ts";

/** Records of the parent replayed at the start of a helper file, at most. */
const REPLAYED_RECORDS = 12;

/**
 * Writes one helper agent of `parent` at the parent's current time.
 *
 * @param sim The simulator.
 * @param parent The main session it forks from.
 * @param label `aside_question` or `aspeculation`.
 */
export function writeHelper(sim: Simulator, parent: Session, label: string): void {
  const g = sim.shapePrng();
  const agentId = `${label}-${g.hex(parent.era.agentIdDigits || 16)}`;
  const sink = new Sink(
    `projects/${slugOf(parent.cwd)}/${parent.sessionId}/subagents/agent-${agentId}.jsonl`,
  );
  const h = new Session(
    "helper",
    parent.era,
    parent.model,
    parent.sessionId,
    agentId,
    parent.project,
    parent.cwd,
    sink,
    sim.acc.session("helper", parent.truth.included),
    parent.prefix,
    parent.oneHour,
    -1,
  );
  // The replay: conversation records since the last compaction, the envelope turned sidechain.
  const from = Math.max(parent.copyFrom, parent.sink.lines.length - REPLAYED_RECORDS);
  const renamed = new Map<string, string>();
  let last: string | null = null;
  for (const line of parent.sink.lines.slice(from)) {
    if (!line.startsWith('{"parentUuid"') || !line.includes('"isSidechain":false')) continue;
    if (!line.includes('"type":"user"') && !line.includes('"type":"assistant"')) continue;
    const copy = line.replace('"isSidechain":false', `"isSidechain":true,"agentId":"${agentId}"`)
      .replace(/"requestId":"(req_[0-9A-Za-z]+)"/, (_, old: string) => {
        if (!renamed.has(old)) renamed.set(old, newRequestId(g));
        return `"requestId":"${renamed.get(old)}"`;
      });
    sink.lines.push(copy);
    last = /"uuid":"([^"]+)"/.exec(line.slice(line.lastIndexOf('"uuid":"')))![1];
  }
  sim.acc.quirk("helperReplayedRequests", renamed.size);
  // The helper's own request: the question, then one answer.
  const question = label === "aside_question"
    ? `/btw ${sim.prose(g, g.lognormal(25, 0.5))}`
    : sim.prose(g, g.lognormal(30, 0.6));
  const asked = parent.t + g.int(1500, 8000);
  h.record(
    g.uuid(),
    `"type":"user","message":{"role":"user","content":"${question}"}`,
    asked,
    last,
  );
  const x = parent.ctx + Math.ceil(question.length / 4);
  const u = Math.min(x, g.int(1, 9));
  const send = asked + g.int(15, 250);
  const warm = send - parent.lastUse <= parent.ttlMs;
  const r = warm ? Math.max(0, Math.min(parent.cachedUpTo, x - u)) : 0;
  const w = x - u - r;
  const w1h = parent.oneHour ? w : 0;
  const w5 = w - w1h;
  const answer = sim.prose(g, g.lognormal(80, 0.6));
  const y = Math.ceil(answer.length / 4);
  const ts = send + Math.round((1.4 + x * 1e-5 + w * 2e-5) * 1000 + (y / 70) * 1000);
  const req = parent.bedrock ? "" : `,"requestId":"${newRequestId(g)}"`;
  h.record(
    g.uuid(),
    `"type":"assistant","message":{"model":"${h.model}","id":"${
      newMessageId(g)
    }","type":"message","role":"assistant","content":[{"type":"text","text":"${answer}"}],"stop_reason":"end_turn","stop_sequence":null,"usage":${
      usageJson(h.era, u, w, r, y, w5, w1h)
    }}${req}`,
    ts,
  );
  sim.acc.request(h.truth, ts, u, w5, w1h, r, y);
  emitFile(sim, sink);
  sim.acc.quirk(`helper_${label}`);
}
