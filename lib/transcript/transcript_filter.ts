/**
 * `--since`, `--until` and `--project`: which transcript files a run reads, decided before any
 * file is parsed, so every analysis (trigger, read-cost) sees the same files.
 *
 * The rules (docs/method.md, Input):
 * - **Whole sessions.** A session is its main file `<project>/<id>.jsonl` together with its
 *   folder `<project>/<id>/` (sub-agent and helper files). Dropping requests in the middle of a
 *   session would cut its steps apart and change its compactions, so a session is kept or left
 *   out whole.
 * - **By the session's start.** The start is the earliest timestamp of an `assistant` record
 *   found at the head of each of the session's files (each file is read only up to its first
 *   one). A session is kept when its start's UTC date lies within `since` … `until`, both
 *   inclusive. A session without any such timestamp is left out while a date filter is given,
 *   and counted (`undatedSessions`).
 * - **Project.** The project of a file is its folder just under a `projects/` folder, or else the
 *   folder holding the session. `project` keeps the files whose project folder name contains the
 *   given text, ignoring case (`myapp` matches `-home-me-src-MyApp`).
 *
 * @module
 */

import { isoTimeMs } from "./iso_time.ts";

/** The filter of one run; absent fields do not filter. */
export interface TranscriptFilter {
  /** First UTC date kept, `YYYY-MM-DD` (or `YYYYMMDD`). @default {undefined} (no lower bound) */
  since?: string;
  /** Last UTC date kept, inclusive. @default {undefined} (no upper bound) */
  until?: string;
  /** Text the project folder name must contain, case ignored. @default {undefined} */
  project?: string;
}

/** What {@linkcode filterTranscriptFiles} kept and what it left out (counts only). */
export interface FilterResult {
  /** The files kept, in the input order. */
  files: string[];
  /** The filter as recorded in the JSON outputs: dates normalised to `YYYY-MM-DD`, null when absent. */
  filters: {
    since: string | null;
    until: string | null;
    project: string | null;
    /** Files and sessions left out by the filter. */
    leftOut: { files: number; sessions: number; undatedSessions: number };
  };
}

const DAY_MS = 86_400_000;

/**
 * Parses a filter date: `YYYY-MM-DD` or `YYYYMMDD`, a real calendar date, as its UTC midnight.
 *
 * @param flag The flag's name, for the message.
 * @param text The value given.
 * @returns Milliseconds since the epoch of that date's 00:00 UTC.
 * @throws {RangeError} naming the flag and the expected form.
 *
 * @example
 * ```ts
 * import { parseFilterDate } from "./transcript_filter.ts";
 * import assert from "node:assert/strict";
 * assert.equal(parseFilterDate("--since", "2026-03-02"), Date.UTC(2026, 2, 2));
 * assert.equal(parseFilterDate("--since", "20260302"), Date.UTC(2026, 2, 2));
 * assert.throws(() => parseFilterDate("--until", "2026-02-30"), /--until/);
 * ```
 */
export function parseFilterDate(flag: string, text: string): number {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text.trim());
  if (match) {
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const ms = Date.UTC(y, m - 1, d);
    const back = new Date(ms);
    if (back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d) {
      return ms;
    }
  }
  throw new RangeError(`${flag} must be a date YYYY-MM-DD (UTC), got "${text}"`);
}

/** `YYYY-MM-DD` of a UTC midnight. */
function _day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * Checks a filter's values without touching any file: dates parse, since ≤ until, the project
 * text is not empty.
 *
 * @param filter The filter.
 * @returns The normalised filter (dates as `YYYY-MM-DD`).
 * @throws {RangeError} for a bad value, naming its flag.
 *
 * @example
 * ```ts
 * import { checkFilter } from "./transcript_filter.ts";
 * import assert from "node:assert/strict";
 * assert.deepEqual(checkFilter({ since: "20260105" }), { since: "2026-01-05" });
 * assert.throws(() => checkFilter({ since: "2026-02-01", until: "2026-01-01" }), /after/);
 * ```
 */
export function checkFilter(filter: TranscriptFilter): TranscriptFilter {
  const out: TranscriptFilter = {};
  if (filter.since !== undefined) out.since = _day(parseFilterDate("--since", filter.since));
  if (filter.until !== undefined) out.until = _day(parseFilterDate("--until", filter.until));
  if (out.since && out.until && out.since > out.until) {
    throw new RangeError(`--since (${out.since}) is after --until (${out.until})`);
  }
  if (filter.project !== undefined) {
    if (filter.project.trim() === "") throw new RangeError("--project must not be empty");
    out.project = filter.project;
  }
  return out;
}

function _parts(path: string): string[] {
  return path.split(/[\\/]/).filter((p) => p !== "");
}

/**
 * The session a transcript file belongs to: `<dir>/<id>` for `<dir>/<id>.jsonl` and for every
 * file under `<dir>/<id>/` (its sub-agents, helpers, workflows).
 *
 * @param path An absolute file path.
 * @returns The session's key (a path without extension).
 *
 * @example
 * ```ts
 * import { sessionKeyOfFile } from "./transcript_filter.ts";
 * import assert from "node:assert/strict";
 * assert.equal(sessionKeyOfFile("/p/proj/s1.jsonl"), "/p/proj/s1");
 * assert.equal(sessionKeyOfFile("/p/proj/s1/subagents/agent-a.jsonl"), "/p/proj/s1");
 * ```
 */
export function sessionKeyOfFile(path: string): string {
  const parts = _parts(path);
  const sub = parts.lastIndexOf("subagents");
  if (sub >= 1) return "/" + parts.slice(0, sub).join("/");
  const workflows = parts.lastIndexOf("workflows");
  if (workflows >= 1) return "/" + parts.slice(0, workflows).join("/");
  return "/" + parts.join("/").replace(/\.jsonl$/, "");
}

/**
 * The project folder name of a transcript file: the folder just under a `projects/` folder on
 * its path, else the folder holding its session.
 *
 * @param path An absolute file path.
 * @returns The project folder's name.
 *
 * @example
 * ```ts
 * import { projectOfFile } from "./transcript_filter.ts";
 * import assert from "node:assert/strict";
 * assert.equal(projectOfFile("/h/.claude/projects/-h-app/s1/subagents/agent-a.jsonl"), "-h-app");
 * assert.equal(projectOfFile("/tmp/copy/-h-app/s1.jsonl"), "-h-app");
 * ```
 */
export function projectOfFile(path: string): string {
  const parts = _parts(path);
  const projects = parts.lastIndexOf("projects");
  if (projects >= 0 && projects < parts.length - 2) return parts[projects + 1];
  const session = _parts(sessionKeyOfFile(path));
  return session[session.length - 2] ?? "";
}

/** The largest head of a file read to find its first timestamp, bytes. */
const HEAD_LIMIT = 8 * 1024 * 1024;
const encoder = new TextEncoder();

/**
 * The timestamp of the first `assistant` record of a file, read from its head (at most 8 MiB).
 *
 * @param path The file.
 * @returns Milliseconds since the epoch, or NaN when the head holds none.
 *
 * @example
 * ```ts
 * import { firstAssistantTimeMs } from "./transcript_filter.ts";
 * import assert from "node:assert/strict";
 * const file = await Deno.makeTempFile({ suffix: ".jsonl" });
 * await Deno.writeTextFile(file, '{"type":"user","timestamp":"2026-01-01T00:00:00Z"}\n' +
 *   '{"type":"assistant","timestamp":"2026-01-02T03:04:05Z"}\n');
 * assert.equal(await firstAssistantTimeMs(file), Date.UTC(2026, 0, 2, 3, 4, 5));
 * await Deno.remove(file);
 * ```
 */
export async function firstAssistantTimeMs(path: string): Promise<number> {
  const file = await Deno.open(path, { read: true });
  try {
    const decoder = new TextDecoder();
    const chunk = new Uint8Array(64 * 1024);
    let pending = "";
    let read = 0;
    while (read < HEAD_LIMIT) {
      const n = await file.read(chunk);
      const done = n === null;
      if (!done) {
        read += n;
        pending += decoder.decode(chunk.subarray(0, n), { stream: true });
      }
      const lines = pending.split("\n");
      pending = done ? "" : lines.pop()!;
      for (const line of lines) {
        const ms = _assistantTime(line);
        if (!Number.isNaN(ms)) return ms;
      }
      if (done) break;
    }
    return NaN;
  } finally {
    file.close();
  }
}

function _assistantTime(line: string): number {
  if (!line.includes('"assistant"')) return NaN;
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return NaN;
  }
  if (typeof record !== "object" || record === null) return NaN;
  const { type, timestamp } = record as { type?: unknown; timestamp?: unknown };
  if (type !== "assistant" || typeof timestamp !== "string") return NaN;
  // The reader's own timestamp rule, so the filter and the analyses agree on every record.
  const bytes = encoder.encode(JSON.stringify(timestamp));
  return isoTimeMs(bytes, 0, bytes.length);
}

/**
 * Applies a filter to a list of transcript files (whole sessions; see the module doc).
 *
 * @param files Absolute file paths, e.g. from `discoverTranscripts`.
 * @param filter The filter; an empty one keeps every file and reads nothing.
 * @returns The files kept (input order) and the filter as recorded, with what it left out.
 * @throws {RangeError} for a bad filter value; file-system errors of the files read.
 *
 * @example
 * ```ts
 * import { filterTranscriptFiles } from "./transcript_filter.ts";
 * import assert from "node:assert/strict";
 * const result = await filterTranscriptFiles(["/p/app/s.jsonl", "/p/web/s.jsonl"], { project: "APP" });
 * assert.deepEqual(result.files, ["/p/app/s.jsonl"]);
 * assert.deepEqual(result.filters.leftOut, { files: 1, sessions: 1, undatedSessions: 0 });
 * ```
 */
export async function filterTranscriptFiles(
  files: readonly string[],
  filter: TranscriptFilter = {},
): Promise<FilterResult> {
  const checked = checkFilter(filter);
  const needle = checked.project?.toLowerCase();
  const byProject = needle === undefined
    ? [...files]
    : files.filter((f) => projectOfFile(f).toLowerCase().includes(needle));
  const leftOutSessions = new Set<string>();
  const projectKept = new Set(byProject);
  for (const f of files) {
    if (!projectKept.has(f)) leftOutSessions.add(sessionKeyOfFile(f));
  }
  let kept = byProject;
  let undated = 0;
  if (checked.since !== undefined || checked.until !== undefined) {
    const from = checked.since === undefined ? -Infinity : Date.parse(checked.since + "T00:00:00Z");
    const to = checked.until === undefined
      ? Infinity
      : Date.parse(checked.until + "T00:00:00Z") + DAY_MS;
    const start = new Map<string, number>();
    for (const f of byProject) {
      const key = sessionKeyOfFile(f);
      const ms = await firstAssistantTimeMs(f);
      const before = start.get(key);
      if (before === undefined || Number.isNaN(before)) start.set(key, ms);
      else if (!Number.isNaN(ms)) start.set(key, Math.min(before, ms));
    }
    const keep = new Set<string>();
    for (const [key, ms] of start) {
      if (Number.isNaN(ms)) {
        undated++;
        leftOutSessions.add(key);
      } else if (ms >= from && ms < to) keep.add(key);
      else leftOutSessions.add(key);
    }
    kept = byProject.filter((f) => keep.has(sessionKeyOfFile(f)));
  }
  return {
    files: kept,
    filters: {
      since: checked.since ?? null,
      until: checked.until ?? null,
      project: checked.project ?? null,
      leftOut: {
        files: files.length - kept.length,
        sessions: leftOutSessions.size,
        undatedSessions: undated,
      },
    },
  };
}
