/**
 * The answer of a pool: the analysis's recommended setting, named for the organisation
 * (`managed-settings.json`, which Claude Code applies to every user of a machine) and for one
 * user (`settings.json`), with how many contributors, sessions and compactions stand behind it.
 * Pure.
 *
 * @module
 */
import { countText } from "../io/count_text.ts";
import type { ReworkReport, TriggerReport } from "../trigger/analyze.ts";

/** Where managed settings live, by system (Claude Code's documented locations). */
export const MANAGED_SETTINGS_PATHS = {
  linux: "/etc/claude-code/managed-settings.json",
  macos: "/Library/Application Support/ClaudeCode/managed-settings.json",
} as const;

/** The per-user settings file. */
export const USER_SETTINGS_PATH = "~/.claude/settings.json";

/** Why an analysis of a pool without a rework block (one built by hand) has no estimate. */
export const POOL_REWORK_REASON = "the analysis gave no rework block";

/** The `pool` block of `analyze --tables --json`. */
export interface PoolAnswer {
  /** Contributors with at least one session of the model, after the filters. */
  contributors: number;
  sessions: number;
  requests: number;
  compactions: number;
  /** The filters DuckDB applied before the analysis. */
  filters: { since: string | null; until: string | null; contributors: string[] | null };
  /** The setting for everyone, and where it goes (null settings: no setting recommended). */
  organisation: { paths: typeof MANAGED_SETTINGS_PATHS; settings: Record<string, unknown> | null };
  /** The same setting for one user. */
  user: { path: string; settings: Record<string, unknown> | null };
  /**
   * The rework after a compaction as the analysis measured it from the exports' rework windows
   * (its own `rework` block); `none` with the reason when it could not.
   */
  rework: ReworkReport;
}

/**
 * The pool block of one model's analysis.
 *
 * @param report The analysis of the pooled corpus (its `rework` block, when it has one).
 * @param counts Contributors, sessions, requests and compactions of the model in the pool.
 * @param filters The filters applied.
 * @returns The block.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { poolAnswer } from "./pool_answer.ts";
 * const report = { recommendation: { settings: { autoCompactWindow: 153000, env: {} } } };
 * const a = poolAnswer(report as never, { contributors: 2, sessions: 9, requests: 90,
 *   compactions: 4 }, { since: null, until: null, contributors: null });
 * assert.deepEqual(a.organisation.settings, { autoCompactWindow: 153000 });
 * assert.equal(a.rework.source, "none");
 * ```
 */
export function poolAnswer(
  report: Pick<TriggerReport, "recommendation"> & Partial<Pick<TriggerReport, "rework">>,
  counts: { contributors: number; sessions: number; requests: number; compactions: number },
  filters: PoolAnswer["filters"],
): PoolAnswer {
  // Null settings: withheld by the analysis (its recommendation says why).
  const { autoCompactWindow, env } = report.recommendation.settings ??
    { autoCompactWindow: null, env: {} };
  const settings = autoCompactWindow === null
    ? null
    : Object.keys(env).length > 0
    ? { autoCompactWindow, env: { ...env } }
    : { autoCompactWindow };
  return {
    ...counts,
    filters,
    organisation: { paths: MANAGED_SETTINGS_PATHS, settings },
    user: { path: USER_SETTINGS_PATH, settings },
    rework: report.rework ?? {
      source: "none",
      compactions: 0,
      windowRequests: 30,
      tokensPerCompaction: null,
      requestsPerCompaction: null,
      naiveTokensPerCompaction: null,
      growth: null,
      seed: 1,
      reason: POOL_REWORK_REASON,
      applied: null,
    },
  };
}

/**
 * The answer's lines for the text output.
 *
 * @param answer The pool block.
 * @param model The model analysed.
 * @param why Why no setting is given, when none is (the analysis's own words). @default {none}
 * @returns Lines (no trailing newline).
 */
export function poolAnswerLines(answer: PoolAnswer, model: string, why?: string | null): string[] {
  const n = countText;
  const lines = [
    `Pool: ${n(answer.contributors, "contributor")}, ${n(answer.sessions, "session")}, ` +
    `${n(answer.requests, "request")} and ${n(answer.compactions, "compaction")} of ${model} ` +
    `(read through DuckDB).`,
  ];
  const s = answer.organisation.settings;
  if (s === null) {
    lines.push(`No setting to roll out: ${why ?? "the analysis recommends none (see above)."}`);
  } else {
    const text = JSON.stringify(s);
    lines.push(
      `For everyone (managed settings, ${MANAGED_SETTINGS_PATHS.linux} on Linux, ` +
        `${MANAGED_SETTINGS_PATHS.macos} on macOS): ${text}`,
      `For one user (${USER_SETTINGS_PATH}): ${text}`,
    );
  }
  lines.push(`Rework after a compaction: ${_reworkText(answer.rework)}.`);
  return lines;
}

function _reworkText(w: ReworkReport): string {
  if (w.source === "off") return "left out (--rework off)";
  if (w.source === "option") return "given by option, not measured";
  const t = w.tokensPerCompaction, r = w.requestsPerCompaction;
  if (w.source !== "measured" || t === null || r === null) return `not measured: ${w.reason}`;
  const k = (v: number) => Math.round(v).toLocaleString("en-US");
  return `measured from the exports' rework windows (counts only), ${k(t.estimate)} tokens ` +
    `(95% ${k(t.low)} to ${k(t.high)}) and ${r.estimate.toFixed(1)} requests ` +
    `(${r.low.toFixed(1)} to ${
      r.high.toFixed(1)
    }) per compaction over ${w.compactions} compactions`;
}
