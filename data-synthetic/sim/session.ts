/**
 * One simulated session (main or sub-agent) and the file it writes to: its context size, cache
 * state, clock and record envelope.
 *
 * @module
 */

import type { Era } from "../eras.ts";
import type { Prng } from "../prng.ts";
import type { SessionTruth } from "../expected.ts";
import type { VirtualFile } from "../text_pool.ts";
import { esc, iso } from "./text_format.ts";

/** The lines of one file being written. */
export class Sink {
  lines: string[] = [];
  constructor(readonly path: string) {}
}

/** One content block of a response and the output tokens it costs. */
export interface Block {
  json: string;
  tokens: number;
  toolId?: string;
  /** The text of a `text` block (JSON-escaped). */
  text?: string;
}

/** One tool call: its tool_use block and what its result adds to the context. */
export interface ToolCall {
  id: string;
  block: Block;
  /** tool_result `content` as JSON (a string literal or an array). */
  content: string;
  /** Context tokens the result adds. */
  tokens: number;
  isError: boolean;
  toolUseResult: string;
  seconds: number;
  /** For Task calls: what the parent needs to run the sub-agent. */
  spawn?: { budget: number; prompt: string; agentType: string; description: string };
  /** A whole-file Read that succeeded: the file (it can be re-read with the same input). */
  readWhole?: VirtualFile;
  /** An Edit: the edited file. */
  edited?: VirtualFile;
}

/** A session being simulated: context size, cache state, clock and record envelope. */
export class Session {
  ctx = 0;
  cachedUpTo = 0;
  lastUse = -Infinity;
  t = 0;
  last: string | null = null;
  lastTs = 0;
  trigger = 0;
  copyFrom = 0;
  lastSubStart = -Infinity;
  microDone = false;
  requests = 0;
  forcedManual = false;
  recent: VirtualFile[] = [];
  /** Files read whole since the session's start (in order of first read) → index of the last request that did. */
  readWholeAt = new Map<VirtualFile, number>();
  /** Planted re-reads to make after a compaction, one per tool-calling request, first first. */
  rereads: VirtualFile[] = [];
  /** Files edited and to be read again by the next whole-file Reads (background). */
  afterEdit: VirtualFile[] = [];
  /** Bedrock-style ids: `msg_bdrk_…` message ids and no `requestId`. */
  bedrock = false;
  /** Helper agent to fork at the end of a turn (`aside_question`, `aspeculation`), if any. */
  helperLabel: string | null = null;
  /** Whether the next spawn event runs as a workflow (`subagents/workflows/<runId>/`). */
  workflow: "none" | "pending" | "done" = "none";
  /** The shape stream of an era-E session (sim/late_shapes.ts); null in other eras. */
  late: Prng | null = null;
  /** The model of the records during a `/model` switch (null: `model`). */
  switchedModel: string | null = null;
  /** Lines of this file at which each boundary was written (re-appended rows copy between). */
  boundaryLines: number[] = [];
  /** Re-appends so far; whether the idle wait and the model switch happened. */
  reappends = 0;
  /** Σ (C − R) of the session's compactions so far (`cumulativeDroppedTokens`, era E). */
  dropped = 0;
  idled = false;
  switched = false;
  readonly head: string;
  readonly tail: string;
  readonly ttlMs: number;

  constructor(
    readonly kind: "main" | "subagent" | "helper",
    readonly era: Era,
    public model: string,
    readonly sessionId: string,
    readonly agentId: string | null,
    readonly project: number,
    readonly cwd: string,
    readonly sink: Sink,
    readonly truth: SessionTruth,
    readonly prefix: number,
    readonly oneHour: boolean,
    readonly index: number,
  ) {
    const sidechain = kind !== "main";
    this.head = `"isSidechain":${sidechain}${
      agentId !== null && era.layout !== "infile" ? `,"agentId":"${agentId}"` : ""
    }`;
    this.tail = `,"userType":"external"${era.entrypoint ? ',"entrypoint":"cli"' : ""},"cwd":"${
      esc(cwd)
    }","sessionId":"${sessionId}","version":"${era.version}","gitBranch":"main"}`;
    this.ttlMs = oneHour ? 3_600_000 : 300_000;
  }

  get canCompact(): boolean {
    return this.era.boundaries && !(this.kind === "subagent" && this.era.layout === "infile");
  }

  record(uuid: string, body: string, ts: number, parent: string | null = this.last): void {
    this.sink.lines.push(
      `{"parentUuid":${
        parent === null ? "null" : `"${parent}"`
      },${this.head},${body},"uuid":"${uuid}","timestamp":"${iso(ts)}"${this.tail}`,
    );
    this.last = uuid;
    this.lastTs = ts;
  }
}
