/**
 * What the model writes: response blocks, one API response written as one line per block with
 * its usage, the tool results that follow, and synthetic records.
 *
 * @module
 */

import type { Era } from "../eras.ts";
import { Prng } from "../prng.ts";
import { BASE64, newMessageId, newRequestId } from "./ids.ts";
import { type Block, Session, type ToolCall } from "./session.ts";
import { Simulator } from "./simulator.ts";
import { esc } from "./text_format.ts";

/** The thinking and text blocks of a response; a final response always has text. */
export function responseBlocks(sim: Simulator, g: Prng, final: boolean): Block[] {
  const p = sim.profile;
  const blocks: Block[] = [];
  if (g.chance(p.thinkingShare)) {
    const text = sim.prose(g, g.lognormal(110 * p.outputScale, 1.0));
    blocks.push({
      json: `{"type":"thinking","thinking":"${text}","signature":"${g.chars(120, BASE64)}"}`,
      tokens: Math.ceil(text.length / 4),
    });
  }
  if (final || g.chance(p.preambleShare)) {
    const text = sim.prose(g, g.lognormal((final ? 260 : 40) * p.outputScale, 0.8));
    blocks.push({
      json: `{"type":"text","text":"${text}"}`,
      tokens: Math.ceil(text.length / 4),
      text,
    });
  }
  return blocks;
}

/**
 * The `usage` object of one assistant line, in the shape of its era.
 *
 * @param era The era.
 * @param u Uncached input.
 * @param w Cache writes (5-minute and 1-hour).
 * @param r Cache reads.
 * @param out Output tokens on this line.
 * @param w5 5-minute cache writes.
 * @param w1h 1-hour cache writes.
 * @returns The JSON text.
 */
export function usageJson(
  era: Era,
  u: number,
  w: number,
  r: number,
  out: number,
  w5: number,
  w1h: number,
): string {
  return era.usage === "final"
    ? `{"input_tokens":${u},"cache_creation_input_tokens":${w},"cache_read_input_tokens":${r},"output_tokens":${out},"server_tool_use":{"web_search_requests":0,"web_fetch_requests":0},"service_tier":"standard","cache_creation":{"ephemeral_1h_input_tokens":${w1h},"ephemeral_5m_input_tokens":${w5}},"inference_geo":"not_available","iterations":[],"speed":"standard"}`
    : era.cacheCreation
    ? `{"input_tokens":${u},"cache_creation_input_tokens":${w},"cache_read_input_tokens":${r},"cache_creation":{"ephemeral_5m_input_tokens":${w5},"ephemeral_1h_input_tokens":${w1h}},"output_tokens":${out},"service_tier":"standard"}`
    : `{"input_tokens":${u},"cache_creation_input_tokens":${w},"cache_read_input_tokens":${r},"output_tokens":${out},"service_tier":"standard"}`;
}

/** Writes one API response (one line per block) and returns when it finished. */
export function writeRequest(
  sim: Simulator,
  s: Session,
  g: Prng,
  blocks: Block[],
  stop: "tool_use" | "end_turn",
): string[] {
  const p = sim.profile;
  const send = s.t + g.int(15, 250);
  const x = s.ctx;
  const u = Math.min(x, g.int(1, 9));
  const cold = send - s.lastUse > s.ttlMs;
  const r = cold ? 0 : Math.max(0, Math.min(s.cachedUpTo, x - u));
  const w = x - u - r;
  const w1h = s.oneHour ? w : 0;
  const w5 = w - w1h;
  let y = 0;
  for (const b of blocks) y += b.tokens;
  const ttft = (1.4 + x * 1e-5 + w * 2e-5) * g.lognormal(1, 0.25);
  const msg = s.bedrock ? "msg_bdrk_" + newMessageId(g).slice(4) : newMessageId(g);
  const req = newRequestId(g);
  const reqField = s.bedrock ? "" : `,"requestId":"${req}"`;
  const prelim = g.int(1, 12);
  const partialLast = g.chance(0.8) ? y : Math.max(prelim, Math.round(y * 0.6));
  let time = send + ttft * 1000;
  let visible = 0, firstTs = 0;
  const uuids: string[] = [];
  const era = s.era;
  for (let i = 0; i < blocks.length; i++) {
    time += (blocks[i].tokens / p.outputTokensPerSecond) * 1000;
    const ts = Math.round(time);
    if (i === 0) firstTs = ts;
    const lastLine = i === blocks.length - 1;
    const out = era.usage === "final"
      ? y
      : era.usage === "partial"
      ? (lastLine ? partialLast : prelim)
      : prelim;
    visible = Math.max(visible, out);
    const stopReason = era.usage === "final" ? `"${stop}"` : "null";
    const usage = usageJson(era, u, w, r, out, w5, w1h);
    const uuid = g.uuid();
    s.record(
      uuid,
      `"type":"assistant","message":{"model":"${s.model}","id":"${msg}","type":"message","role":"assistant","content":[${
        blocks[i].json
      }],"stop_reason":${stopReason},"stop_sequence":null,"usage":${usage}}${reqField}`,
      ts,
    );
    uuids.push(uuid);
  }
  if (blocks.length > 1) sim.acc.quirk("splitResponses");
  if (era.usage !== "final" && blocks.length > 1) sim.acc.quirk("preliminaryUsage");
  if (!era.cacheCreation) sim.acc.quirk("missingCacheCreation");
  if (s.bedrock) sim.acc.quirk("withoutRequestId");
  sim.acc.request(s.truth, firstTs, u, s.oneHour ? 0 : w5, w1h, r, visible);
  s.requests++;
  s.ctx = x + y;
  s.cachedUpTo = x;
  s.lastUse = send;
  s.t = s.lastTs;
  return uuids;
}

/** Writes the results of the tool calls of the response whose block uuids are given. */
export function writeResults(
  s: Session,
  g: Prng,
  calls: ToolCall[],
  blockUuids: string[],
  blocks: Block[],
): void {
  const start = s.t;
  const order = calls.map((c, i) => ({ c, i, at: start + Math.round(c.seconds * 1000) + i }))
    .sort((a, b) => a.at - b.at || a.i - b.i);
  for (const { c, at } of order) {
    const owner = blockUuids[blocks.findIndex((b) => b.toolId === c.id)];
    const parent = s.era.sourceTool ? owner : s.last;
    if (s.era.progress && g.chance(0.3)) {
      s.record(
        g.uuid(),
        `"type":"progress","data":{"type":"bash_progress","output":"","elapsedTimeSeconds":1},"toolUseID":"${c.id}","parentToolUseID":"${c.id}"`,
        Math.max(start, at - 500),
        owner,
      );
      s.last = parent;
    }
    s.record(
      g.uuid(),
      `"type":"user","message":{"role":"user","content":[{"tool_use_id":"${c.id}","type":"tool_result","content":${c.content}${
        c.isError ? ',"is_error":true' : ""
      }}]},"toolUseResult":${c.toolUseResult}${
        s.era.sourceTool ? `,"sourceToolAssistantUUID":"${owner}"` : ""
      }`,
      at,
      parent,
    );
    s.ctx += c.tokens;
  }
  s.t = s.lastTs;
}

/** A `<synthetic>` assistant record: an API error that failed for good, or the answer to an interrupted turn. */
export function writeSynthetic(
  sim: Simulator,
  s: Session,
  g: Prng,
  text: string,
  apiError: boolean,
): void {
  const fields = apiError
    ? `,"error":"server_error","isApiErrorMessage":true`
    : `,"isApiErrorMessage":false`;
  s.record(
    g.uuid(),
    `"type":"assistant","message":{"id":"${g.uuid()}","container":null,"model":"<synthetic>","role":"assistant","stop_reason":"stop_sequence","stop_sequence":"","type":"message","usage":{"input_tokens":0,"output_tokens":0,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"server_tool_use":{"web_search_requests":0,"web_fetch_requests":0},"service_tier":null,"cache_creation":{"ephemeral_1h_input_tokens":0,"ephemeral_5m_input_tokens":0}},"content":[{"type":"text","text":"${
      esc(text)
    }"}],"context_management":null}${fields}`,
    s.t + 1200,
  );
  s.t += 1200;
  sim.acc.quirk(apiError ? "syntheticApiErrors" : "syntheticNonErrors");
}
