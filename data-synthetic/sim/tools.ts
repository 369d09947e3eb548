/**
 * The tool calls of a response: the tool mixes and one function per tool kind, each writing the
 * tool_use block, the tool_result content and its toolUseResult.
 *
 * @module
 */

import { Prng } from "../prng.ts";
import type { VirtualFile } from "../text_pool.ts";
import { newToolUseId } from "./ids.ts";
import { Session, type ToolCall } from "./session.ts";
import { Simulator } from "./simulator.ts";
import { rawLength } from "./text_format.ts";
import { editFile, todoWrite, writeFile } from "./tools_edit.ts";
import { readFileRange, readImage, readMissingFile, readWholeFile } from "./tools_read.ts";
import { globSearch, grepSearch } from "./tools_search.ts";
import { bashCat, bashTest } from "./tools_shell.ts";

/** The tool kinds the agents call. */
export type ToolKind =
  | "readWhole"
  | "readRange"
  | "bashCat"
  | "bashGrep"
  | "bashTest"
  | "grep"
  | "glob"
  | "edit"
  | "write"
  | "todo"
  | "readMissing"
  | "readImage";

/** Tool mix of a main session (kind, weight). */
export const MAIN_TOOLS: [ToolKind, number][] = [
  ["readWhole", 0.13],
  ["readRange", 0.14],
  ["bashCat", 0.02],
  ["bashGrep", 0.08],
  ["bashTest", 0.1],
  ["grep", 0.09],
  ["glob", 0.04],
  ["edit", 0.24],
  ["write", 0.03],
  ["todo", 0.05],
  ["readMissing", 0.015],
  ["readImage", 0.004],
];
/** Tool mix of a sub-agent: more whole-file Reads and searches. */
export const SUB_TOOLS: [ToolKind, number][] = [
  ["readWhole", 0.34],
  ["readRange", 0.16],
  ["grep", 0.2],
  ["glob", 0.1],
  ["bashGrep", 0.1],
  ["bashCat", 0.05],
  ["readMissing", 0.02],
  ["bashTest", 0.03],
];

/** A file of the session's project to work on: a quarter of the time one it touched recently. */
export function pickFile(sim: Simulator, s: Session, g: Prng): VirtualFile {
  const files = sim.filesOf(s.project);
  if (s.recent.length > 0 && g.chance(0.25)) return s.recent[g.int(0, s.recent.length - 1)];
  const f = files[g.int(0, files.length - 1)];
  s.recent.push(f);
  if (s.recent.length > 12) s.recent.shift();
  return f;
}

/** What every tool-kind writer needs: the simulator, the session, its stream and the call's id. */
export interface ToolContext {
  /** The simulator. */
  sim: Simulator;
  /** The calling session. */
  s: Session;
  /** The session's random stream. */
  g: Prng;
  /** Project root of the session. */
  root: string;
  /** `toolOutputScale` of the profile. */
  scale: number;
  /** Builds the call from its parts (the tool_use block, the result and its size). */
  mk: (
    name: string,
    input: string,
    content: string,
    chars: number,
    toolUseResult: string,
    seconds: number,
    isError?: boolean,
    extraTokens?: number,
  ) => ToolCall;
}

/**
 * One tool call of the given kind: its tool_use block, result and run time.
 *
 * @param sim The simulator.
 * @param s The calling session.
 * @param g The session's random stream.
 * @param kind The tool kind.
 * @param file For `readWhole`: the file to read again (a re-read); else one is picked.
 * @returns The call.
 */
export function toolCall(
  sim: Simulator,
  s: Session,
  g: Prng,
  kind: ToolKind,
  file?: VirtualFile,
): ToolCall {
  const p = sim.profile;
  const id = newToolUseId(g);
  const root = sim.roots[s.project];
  const scale = p.toolOutputScale;
  const mk = (
    name: string,
    input: string,
    content: string,
    chars: number,
    toolUseResult: string,
    seconds: number,
    isError = false,
    extraTokens = 0,
  ): ToolCall => ({
    id,
    block: {
      json: `{"type":"tool_use","id":"${id}","name":"${name}","input":${input}}`,
      tokens: Math.ceil(rawLength(input) / 4) + 8,
      toolId: id,
    },
    content,
    tokens: Math.ceil(chars / 4) + extraTokens,
    isError,
    toolUseResult,
    seconds: seconds * p.toolSecondsScale,
  });
  const t: ToolContext = { sim, s, g, root, scale, mk };
  switch (kind) {
    case "readWhole":
      return readWholeFile(t, file);
    case "readRange":
      return readFileRange(t);
    case "bashCat":
      return bashCat(t);
    case "bashGrep":
    case "grep":
      return grepSearch(t, kind);
    case "bashTest":
      return bashTest(t);
    case "glob":
      return globSearch(t);
    case "edit":
      return editFile(t);
    case "write":
      return writeFile(t);
    case "todo":
      return todoWrite(t);
    case "readMissing":
      return readMissingFile(t);
    case "readImage":
      return readImage(t);
  }
}

/** A Task/Agent call that spawns a sub-agent with the given budget. */
export function taskCall(
  sim: Simulator,
  s: Session,
  g: Prng,
  budget: number,
  agentType = "general-purpose",
): ToolCall {
  const id = newToolUseId(g);
  const description = sim.pool.proseOf(g, g.int(20, 40));
  const prompt = sim.prose(g, g.lognormal(120 * sim.profile.outputScale, 0.6));
  const input =
    `{"description":"${description}","prompt":"${prompt}","subagent_type":"${agentType}"}`;
  return {
    id,
    block: {
      json: `{"type":"tool_use","id":"${id}","name":"${s.era.agentTool}","input":${input}}`,
      tokens: Math.ceil(input.length / 4) + 8,
      toolId: id,
    },
    content: "",
    tokens: 0,
    isError: false,
    toolUseResult: "",
    seconds: 0,
    spawn: { budget, prompt, agentType, description },
  };
}
