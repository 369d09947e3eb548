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
import { ADVISOR_MODEL } from "./late_shapes.ts";

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
 * @param iterations The `iterations` array as JSON (final usage only). @default {"[]"}
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
  iterations = "[]",
): string {
  return era.usage === "final"
    ? `{"input_tokens":${u},"cache_creation_input_tokens":${w},"cache_read_input_tokens":${r},"output_tokens":${out},"server_tool_use":{"web_search_requests":0,"web_fetch_requests":0},"service_tier":"standard","cache_creation":{"ephemeral_1h_input_tokens":${w1h},"ephemeral_5m_input_tokens":${w5}},"inference_geo":"not_available","iterations":${iterations},"speed":"standard"}`
    : era.cacheCreation
    ? `{"input_tokens":${u},"cache_creation_input_tokens":${w},"cache_read_input_tokens":${r},"cache_creation":{"ephemeral_5m_input_tokens":${w5},"ephemeral_1h_input_tokens":${w1h}},"output_tokens":${out},"service_tier":"standard"}`
    : `{"input_tokens":${u},"cache_creation_input_tokens":${w},"cache_read_input_tokens":${r},"output_tokens":${out},"service_tier":"standard"}`;
}

/** One `usage.iterations` entry as JSON. */
function passJson(
  type: string,
  model: string | null,
  u: number,
  w5: number,
  w1h: number,
  r: number,
  y: number,
): string {
  return `{"type":"${type}",${
    model === null ? "" : `"model":"${model}",`
  }"input_tokens":${u},"cache_creation_input_tokens":${
    w5 + w1h
  },"cache_read_input_tokens":${r},"output_tokens":${y},"cache_creation":{"ephemeral_1h_input_tokens":${w1h},"ephemeral_5m_input_tokens":${w5}}}`;
}

/**
 * Writes one API response (one line per block) and returns the uuids of the lines of `blocks`.
 * `advise` (era E, sim/late_shapes.ts): the response consults an advisor, so it has two executor
 * passes (the first calls the advisor, the second answers with its advice in context) and an
 * advisor pass in `usage.iterations`, two more lines (the advisor call and its redacted result)
 * and two requests.
 */
export function writeRequest(
  sim: Simulator,
  s: Session,
  g: Prng,
  blocks: Block[],
  stop: "tool_use" | "end_turn",
  advise = false,
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
  // The advised response's second pass (all drawn from the shape stream).
  const late = advise ? s.late! : null;
  const y1 = late === null ? 0 : late.int(30, 80);
  const x2 = late === null ? 0 : x + y1 + late.int(150, 600);
  const u2 = late === null ? 0 : late.int(1, 9);
  const w2 = late === null ? 0 : x2 - u2 - x;
  const w2h = s.oneHour ? w2 : 0;
  const advisorOut = late === null ? 0 : late.int(1500, 4000);
  const advisorSeconds = late === null ? 0 : late.int(8, 30);
  const iterations = late === null
    ? "[]"
    : `[${passJson("message", null, u, w5, w1h, r, y1)},${
      passJson("advisor_message", ADVISOR_MODEL, x, 0, 0, 0, advisorOut)
    },${passJson("message", null, u2, w2 - w2h, w2h, x, y)}]`;
  const lineBlocks: Block[] = late === null ? blocks : [
    {
      json: `{"type":"server_tool_use","id":"srvtoolu_${
        late.chars(24, BASE64)
      }","name":"advisor","input":{}}`,
      tokens: 0,
    },
    {
      json:
        `{"type":"advisor_tool_result","tool_use_id":"srvtoolu_x","content":{"type":"advisor_redacted_result","encrypted_content":"${
          late.chars(160, BASE64)
        }"}}`,
      tokens: 0,
    },
    ...blocks,
  ];
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
  const model = s.switchedModel ?? s.model;
  for (let i = 0; i < lineBlocks.length; i++) {
    time += (lineBlocks[i].tokens / p.outputTokensPerSecond) * 1000;
    if (late !== null && i === 1) time += advisorSeconds * 1000;
    const ts = Math.round(time);
    if (i === 0) firstTs = ts;
    const lastLine = i === lineBlocks.length - 1;
    const out = era.usage === "final"
      ? y + y1
      : era.usage === "partial"
      ? (lastLine ? partialLast : prelim)
      : prelim;
    visible = Math.max(visible, out);
    const stopReason = era.usage === "final" ? `"${stop}"` : "null";
    const usage = late === null
      ? usageJson(era, u, w, r, out, w5, w1h)
      : usageJson(era, u + u2, w + w2, r + x, out, w5 + w2 - w2h, w1h + w2h, iterations);
    const uuid = late !== null && i < 2 ? late.uuid() : g.uuid();
    s.record(
      uuid,
      `"type":"assistant","message":{"model":"${model}","id":"${msg}","type":"message","role":"assistant","content":[${
        lineBlocks[i].json
      }],"stop_reason":${stopReason},"stop_sequence":null,"usage":${usage}}${reqField}`,
      ts,
    );
    if (late === null || i >= 2) uuids.push(uuid);
  }
  if (blocks.length > 1) sim.acc.quirk("splitResponses");
  if (era.usage !== "final" && blocks.length > 1) sim.acc.quirk("preliminaryUsage");
  if (!era.cacheCreation) sim.acc.quirk("missingCacheCreation");
  if (s.bedrock) sim.acc.quirk("withoutRequestId");
  if (late !== null) {
    // Two requests at the response's time: the passes as the reader counts them.
    sim.acc.request(s.truth, firstTs, u, s.oneHour ? 0 : w5, w1h, r, y1);
    sim.acc.request(s.truth, firstTs, u2, w2 - w2h, w2h, x, y);
    sim.acc.quirk("advisorResponses");
    s.requests += 2;
    s.ctx = x2 + y;
    s.cachedUpTo = x2;
    s.lastUse = send;
    s.t = s.lastTs;
    return uuids;
  }
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
