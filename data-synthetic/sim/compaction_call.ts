/**
 * The compaction's own summarizing call, as some 2.1.x releases leave it on disk:
 * `<session>/subagents/agent-acompact-<6 hex>.jsonl` (docs/transcript-format.md, Compaction).
 * Two `isMeta` hook records parented into the main chain, the summarization prompt, and one
 * assistant record whose usage is the call's real input (it reads the parent's warm cache, so
 * its cache read is about the pre-compaction context) with the preliminary single-digit
 * `output_tokens`. Everything is stamped after the compaction starts and before its boundary, so
 * a reader matches the call to the first boundary at or after it.
 *
 * Written for main sessions only: the file sits under the main session's folder, and a reader
 * matches it to that session's boundaries, so a sub-agent's call there would be mismatched.
 *
 * @module
 */

import { newMessageId, newRequestId } from "./ids.ts";
import { usageJson } from "./responses.ts";
import { Session, Sink } from "./session.ts";
import { Simulator } from "./simulator.ts";
import { slugOf } from "./text_format.ts";
import { emitFile } from "./files.ts";

const PROMPT =
  "Your task is to create a detailed summary of the conversation so far, paying close attention to the user's explicit requests and your previous actions. This summary should be thorough in capturing technical details, code patterns, and architectural decisions that would be essential for continuing development work without losing context.\\n\\nBefore providing your final summary, wrap your analysis in <analysis> tags to organize your thoughts and ensure you've covered all necessary points.";

/**
 * Writes the summarizing call of a compaction of `s` that starts at `startTs` with context C
 * and ends at `boundaryTs`, and records its usage in the expected aggregates.
 *
 * @param sim The simulator.
 * @param s The compacting main session (before its context is reset).
 * @param C The compaction input, tokens.
 * @param startTs When the compaction starts, ms.
 * @param boundaryTs The boundary's timestamp, ms.
 */
export function writeCompactionCall(
  sim: Simulator,
  s: Session,
  C: number,
  startTs: number,
  boundaryTs: number,
): void {
  const g = sim.shapePrng();
  const agentId = "acompact-" + g.hex(6);
  const sink = new Sink(
    `projects/${slugOf(s.cwd)}/${s.sessionId}/subagents/agent-${agentId}.jsonl`,
  );
  // Not a session: its truth is kept out of the accumulator.
  const call = new Session(
    "subagent",
    s.era,
    s.model,
    s.sessionId,
    agentId,
    s.project,
    s.cwd,
    sink,
    { included: false, kind: "subagent", requestTimes: [], compactions: [] },
    s.prefix,
    s.oneHour,
    -1,
  );
  call.last = s.last;
  for (const [k, hook] of ["PreCompact", "SessionStart:compact"].entries()) {
    call.record(
      g.uuid(),
      `"type":"user","message":{"role":"user","content":"<system-reminder>${hook} hook success: Success</system-reminder>"},"isMeta":true`,
      startTs + 3 * (k + 1),
    );
  }
  call.record(
    g.uuid(),
    `"type":"user","message":{"role":"user","content":"${PROMPT}"}`,
    startTs + 10,
  );
  const x = C + Math.ceil(PROMPT.length / 4);
  const u = Math.min(x, g.int(1, 9));
  const warm = startTs - s.lastUse <= s.ttlMs;
  const r = warm ? Math.max(0, Math.min(s.cachedUpTo, x - u)) : 0;
  const w = x - u - r;
  const w1h = s.oneHour ? w : 0;
  const w5 = w - w1h;
  const ttftMs = (1.4 + x * 1e-5 + w * 2e-5) * 1000;
  const ts = Math.min(boundaryTs - 20, startTs + 10 + Math.round(ttftMs));
  const req = s.bedrock ? "" : `,"requestId":"${newRequestId(g)}"`;
  call.record(
    g.uuid(),
    `"type":"assistant","message":{"model":"${s.model}","id":"${
      newMessageId(g)
    }","type":"message","role":"assistant","content":[{"type":"text","text":"<analysis>"}],"stop_reason":null,"stop_sequence":null,"usage":${
      usageJson(s.era, u, w, r, g.int(1, 9), w5, w1h)
    }}${req}`,
    Math.max(startTs + 11, ts),
  );
  emitFile(sim, sink);
  sim.acc.compactionCall(u, w5, w1h, r);
  sim.acc.quirk("compactionCallFiles");
}
