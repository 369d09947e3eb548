import assert from "node:assert/strict";
import {
  checkFilter,
  filterTranscriptFiles,
  parseFilterDate,
  projectOfFile,
  sessionKeyOfFile,
} from "../../lib/transcript/transcript_filter.ts";

const user = (t: string) => JSON.stringify({ type: "user", timestamp: t });
const assistant = (t: string) => JSON.stringify({ type: "assistant", timestamp: t });

/**
 * projects/app/s1.jsonl            starts 2026-01-31T23:59:59Z (its user line is earlier, the 30th)
 * projects/app/s1/subagents/a.jsonl starts 2026-02-01T00:10:00Z (follows s1)
 * projects/app/s2.jsonl            starts 2026-02-01T00:00:00Z
 * projects/web/s3.jsonl            starts 2026-02-02T12:00:00+02:00 = 10:00Z on the 2nd
 * projects/web/s4.jsonl            no assistant record (undated)
 */
async function corpus(): Promise<{ root: string; files: string[] }> {
  const root = await Deno.makeTempDir();
  const p = `${root}/projects`;
  await Deno.mkdir(`${p}/app/s1/subagents`, { recursive: true });
  await Deno.mkdir(`${p}/web`, { recursive: true });
  const files: Record<string, string[]> = {
    [`${p}/app/s1.jsonl`]: [user("2026-01-30T08:00:00Z"), assistant("2026-01-31T23:59:59Z")],
    [`${p}/app/s1/subagents/a.jsonl`]: [assistant("2026-02-01T00:10:00Z")],
    [`${p}/app/s2.jsonl`]: ["{bad", assistant("2026-02-01T00:00:00Z")],
    [`${p}/web/s3.jsonl`]: [assistant("2026-02-02T12:00:00+02:00")],
    [`${p}/web/s4.jsonl`]: [user("2026-02-01T00:00:00Z")],
  };
  for (const [path, lines] of Object.entries(files)) {
    await Deno.writeTextFile(path, lines.join("\n") + "\n");
  }
  return { root, files: Object.keys(files).sort() };
}

const names = (files: string[]) => files.map((f) => f.slice(f.indexOf("/projects/") + 10));

Deno.test("date filter: whole sessions by their first assistant timestamp, UTC, both ends inclusive", async () => {
  const { root, files } = await corpus();
  try {
    // --since 2026-02-01: s1 started on the 31st (its sub-agent goes with it), s4 is undated.
    const since = await filterTranscriptFiles(files, { since: "2026-02-01" });
    assert.deepEqual(names(since.files), ["app/s2.jsonl", "web/s3.jsonl"]);
    assert.deepEqual(since.filters, {
      since: "2026-02-01",
      until: null,
      project: null,
      leftOut: { files: 3, sessions: 2, undatedSessions: 1 },
    });
    // --until 2026-01-31 keeps s1 (23:59:59 on the 31st) and its sub-agent of the 1st.
    const until = await filterTranscriptFiles(files, { until: "2026-01-31" });
    assert.deepEqual(names(until.files), ["app/s1.jsonl", "app/s1/subagents/a.jsonl"]);
    // One day: 2026-02-02 keeps s3 only (10:00Z; +02:00 read as the offset says).
    const day = await filterTranscriptFiles(files, { since: "20260202", until: "2026-02-02" });
    assert.deepEqual(names(day.files), ["web/s3.jsonl"]);
    assert.equal(day.filters.leftOut.sessions, 3);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("project filter: part of the folder name under projects/, case ignored", async () => {
  const { root, files } = await corpus();
  try {
    const app = await filterTranscriptFiles(files, { project: "AP" });
    assert.deepEqual(names(app.files), [
      "app/s1.jsonl",
      "app/s1/subagents/a.jsonl",
      "app/s2.jsonl",
    ]);
    assert.deepEqual(app.filters.leftOut, { files: 2, sessions: 2, undatedSessions: 0 });
    // Both filters together: the web project's sessions from the 2nd on.
    const both = await filterTranscriptFiles(files, { project: "web", since: "2026-02-02" });
    assert.deepEqual(names(both.files), ["web/s3.jsonl"]);
    // No filter: every file, nothing read.
    const all = await filterTranscriptFiles(files, {});
    assert.deepEqual(all.files, files);
    assert.deepEqual(all.filters.leftOut, { files: 0, sessions: 0, undatedSessions: 0 });
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("filter values: dates checked, since after until refused", () => {
  assert.equal(parseFilterDate("--since", "2024-02-29"), Date.UTC(2024, 1, 29));
  for (const bad of ["2025-02-29", "2026-13-01", "2026-1-1", "yesterday", "2026-01-01T00:00"]) {
    assert.throws(() => parseFilterDate("--since", bad), /--since must be a date YYYY-MM-DD/);
  }
  assert.throws(() => checkFilter({ since: "2026-02-02", until: "2026-02-01" }), /after --until/);
  assert.throws(() => checkFilter({ project: " " }), /--project must not be empty/);
});

Deno.test("session and project of a file", () => {
  assert.equal(sessionKeyOfFile("/r/projects/p/s/subagents/agent-x.jsonl"), "/r/projects/p/s");
  assert.equal(sessionKeyOfFile("/r/projects/p/s.jsonl"), "/r/projects/p/s");
  assert.equal(projectOfFile("/r/projects/p/s.jsonl"), "p");
  assert.equal(projectOfFile("/r/projects/p/s/subagents/agent-x.jsonl"), "p");
  // Outside a projects/ folder: the folder holding the session.
  assert.equal(projectOfFile("/copy/p/s/subagents/agent-x.jsonl"), "p");
  assert.equal(projectOfFile("/copy/p/s.jsonl"), "p");
});
