/**
 * Claude Code format eras the generator writes, as docs/transcript-format.md describes them. Each
 * session is written in one era, chosen by version; every era appears in every profile.
 *
 * The model of every included session is the target model whatever the era: the eras are there
 * to exercise the reader on each on-disk shape, not to date the sessions.
 *
 * @module
 */

/** How one era writes a session. */
export interface Era {
  /** Short name: A0, A, B, C, D or E. */
  readonly name: string;
  /** `version` field of the records. */
  readonly version: string;
  /** Where sub-agent records go: in the main file, flat `agent-*.jsonl`, or `subagents/`. */
  readonly layout: "infile" | "flat" | "subagents";
  /** Whether a `agent-<id>.meta.json` sidecar is written (≥ ~2.1.63–2.1.72). */
  readonly meta: boolean;
  /** Usage on split blocks: preliminary everywhere (≤ 2.1.29), growing (2.1.30–2.1.96), final (≥ 2.1.97). */
  readonly usage: "preliminary" | "partial" | "final";
  /** Whether usage has the `cache_creation` breakdown (absent before mid-2025). */
  readonly cacheCreation: boolean;
  /** Whether `compactMetadata` has `durationMs` and `postTokens` (≥ 2.1.105). */
  readonly durationMs: boolean;
  /** `logicalParentUuid` on boundaries: set, null, or absent. */
  readonly logicalParent: "set" | "null" | "absent";
  /** Whether `microcompact_boundary` markers are written (2.1.8–~2.1.104). */
  readonly microcompact: boolean;
  /** Whether `progress` records are written (~2.1.8–2.1.91). */
  readonly progress: boolean;
  /** Name of the sub-agent tool: `Task` up to 2.1.62, `Agent` after. */
  readonly agentTool: "Task" | "Agent";
  /** Whether tool results point at the assistant record (`sourceToolAssistantUUID`, ≥ 2.0.77). */
  readonly sourceTool: boolean;
  /** Whether records carry `entrypoint` (2.1.x). */
  readonly entrypoint: boolean;
  /** Whether the era has compaction boundaries at all (≥ 1.0.106). */
  readonly boundaries: boolean;
  /** Hex digits of agent ids after the leading `a`. */
  readonly agentIdDigits: number;
  /**
   * Whether a main session's compactions leave their summarizing call in
   * `<session>/subagents/agent-acompact-<6 hex>.jsonl` (seen in 2.1.38–2.1.39).
   */
  readonly compactionCallFiles: boolean;
  /**
   * The shapes of late 2026 (docs/transcript-format.md, Late 2026): executor and advisor passes
   * in `usage.iterations`, precomputed and idle compactions, rows re-appended by a later
   * compaction, `/model` switches, the newer `compactMetadata` fields (sim/late_shapes.ts).
   */
  readonly late: boolean;
}

/**
 * The six eras. A0 is the oldest (no `cache_creation`, no boundaries: its sessions stay below
 * the trigger); D writes final usage on every block, `durationMs` and meta sidecars; E is D as
 * releases after 2.1.207 write it, with the late-2026 shapes.
 *
 * @example
 * ```ts
 * import { ERAS } from "./eras.ts";
 * import assert from "node:assert/strict";
 * assert.equal(ERAS.D.layout, "subagents");
 * assert.equal(ERAS.A.layout, "infile");
 * ```
 */
export const ERAS: Readonly<Record<"A0" | "A" | "B" | "C" | "D" | "E", Era>> = {
  A0: {
    name: "A0",
    version: "1.0.51",
    layout: "infile",
    meta: false,
    usage: "preliminary",
    cacheCreation: false,
    durationMs: false,
    logicalParent: "absent",
    microcompact: false,
    progress: false,
    agentTool: "Task",
    sourceTool: false,
    entrypoint: false,
    boundaries: false,
    agentIdDigits: 0,
    compactionCallFiles: false,
    late: false,
  },
  A: {
    name: "A",
    version: "1.0.128",
    layout: "infile",
    meta: false,
    usage: "preliminary",
    cacheCreation: true,
    durationMs: false,
    logicalParent: "absent",
    microcompact: false,
    progress: false,
    agentTool: "Task",
    sourceTool: false,
    entrypoint: false,
    boundaries: true,
    agentIdDigits: 0,
    compactionCallFiles: false,
    late: false,
  },
  B: {
    name: "B",
    version: "2.0.77",
    layout: "flat",
    meta: false,
    usage: "preliminary",
    cacheCreation: true,
    durationMs: false,
    logicalParent: "null",
    microcompact: false,
    progress: false,
    agentTool: "Task",
    sourceTool: true,
    entrypoint: false,
    boundaries: true,
    agentIdDigits: 6,
    compactionCallFiles: false,
    late: false,
  },
  C: {
    name: "C",
    version: "2.1.39",
    layout: "subagents",
    meta: false,
    usage: "partial",
    cacheCreation: true,
    durationMs: false,
    logicalParent: "set",
    microcompact: true,
    progress: true,
    agentTool: "Task",
    sourceTool: true,
    entrypoint: true,
    boundaries: true,
    agentIdDigits: 6,
    compactionCallFiles: true,
    late: false,
  },
  D: {
    name: "D",
    version: "2.1.332",
    layout: "subagents",
    meta: true,
    usage: "final",
    cacheCreation: true,
    durationMs: true,
    logicalParent: "set",
    microcompact: false,
    progress: false,
    agentTool: "Agent",
    sourceTool: true,
    entrypoint: true,
    boundaries: true,
    agentIdDigits: 16,
    compactionCallFiles: false,
    late: false,
  },
  E: {
    name: "E",
    version: "2.1.311",
    layout: "subagents",
    meta: true,
    usage: "final",
    cacheCreation: true,
    durationMs: true,
    logicalParent: "set",
    microcompact: false,
    progress: false,
    agentTool: "Agent",
    sourceTool: true,
    entrypoint: true,
    boundaries: true,
    agentIdDigits: 16,
    compactionCallFiles: false,
    late: true,
  },
};

/**
 * Whether `era` is one of the newest two (D, E), which share every D behaviour (file-history
 * snapshots, trailers, turn durations, the 1-hour cache share, helpers).
 *
 * @param era The era.
 * @returns True for D and E.
 *
 * @example
 * ```ts
 * import { ERAS, isNewest } from "./eras.ts";
 * import assert from "node:assert/strict";
 * assert.equal(isNewest(ERAS.E), true);
 * assert.equal(isNewest(ERAS.C), false);
 * ```
 */
export function isNewest(era: Era): boolean {
  return era.name === "D" || era.name === "E";
}

/**
 * Era of main session `index`: the first six cover every era and quirk (0 newest (E), 1 its
 * resumed continuation, 2 C, 3 B, 4 A, 5 A0); later ones are mostly D.
 *
 * @param index 0-based main-session index.
 * @returns The era.
 *
 * @example
 * ```ts
 * import { eraOfMain, ERAS } from "./eras.ts";
 * import assert from "node:assert/strict";
 * assert.equal(eraOfMain(5), ERAS.A0);
 * ```
 */
export function eraOfMain(index: number): Era {
  const fixed = [ERAS.E, ERAS.E, ERAS.C, ERAS.B, ERAS.A, ERAS.A0];
  if (index < fixed.length) return fixed[index];
  const cycle = [ERAS.D, ERAS.D, ERAS.C, ERAS.D, ERAS.B, ERAS.D, ERAS.D, ERAS.C, ERAS.A, ERAS.D];
  return cycle[(index - fixed.length) % cycle.length];
}
