/** Test helpers: a generated corpus in memory, parsed line by line, and its quirk checks. */

import assert from "node:assert/strict";
import {
  type CorpusFile,
  type ExpectedAggregates,
  generateCorpus,
  type Profile,
  TARGET_MODEL,
} from "../../data-synthetic/mod.ts";

/** A generated corpus held in memory. */
export interface MemoryCorpus {
  files: CorpusFile[];
  expected: ExpectedAggregates;
}

/** Runs the generator to the end. */
export function generateInMemory(profile: Profile, seed: number): MemoryCorpus {
  const files: CorpusFile[] = [];
  const it = generateCorpus(profile, seed);
  let step = it.next();
  while (!step.done) {
    files.push(step.value);
    step = it.next();
  }
  return { files, expected: step.value };
}

/** One line of a transcript file. */
export interface ParsedLine {
  file: string;
  line: number;
  raw: string;
  // deno-lint-ignore no-explicit-any
  record: any;
}

/**
 * Splits the `.jsonl` files into lines as docs/method.md frames them (BOM dropped, `\r`
 * trimmed, blank lines skipped); `record` is undefined for a malformed line.
 */
export function parseLines(files: CorpusFile[]): ParsedLine[] {
  const out: ParsedLine[] = [];
  for (const f of files) {
    if (!f.path.endsWith(".jsonl")) continue;
    const text = f.text.startsWith("\uFEFF") ? f.text.slice(1) : f.text;
    text.split("\n").forEach((raw, i) => {
      const trimmed = raw.trim();
      if (trimmed === "") return;
      let record;
      try {
        record = JSON.parse(trimmed);
        if (typeof record !== "object" || record === null || Array.isArray(record)) {
          record = undefined;
        }
      } catch {
        record = undefined;
      }
      out.push({ file: f.path, line: i + 1, raw, record });
    });
  }
  return out;
}

/**
 * Asserts, by reading the files (not the generator's counters), that every quirk of the format
 * reference is present.
 */
export function checkQuirks(files: CorpusFile[], records: ParsedLine[]): void {
  const lines = parseLines(files);
  const byMessage = new Map<string, ParsedLine[]>();
  for (const l of records) {
    if (l.record.type !== "assistant" || !l.record.message?.usage) continue;
    const key = `${l.file}|${l.record.message.id}`;
    byMessage.set(key, [...(byMessage.get(key) ?? []), l]);
  }
  const split = [...byMessage.values()].filter((g) => g.length > 1);
  assert.ok(split.length > 0, "split responses");
  const out = (l: ParsedLine) => l.record.message.usage.output_tokens;
  assert.ok(
    split.some((g) => out(g[0]) < out(g[g.length - 1]) && g[0].record.message.stop_reason === null),
    "preliminary usage on early blocks, a larger count on the last",
  );
  assert.ok(
    split.some((g) =>
      g.every((l) => out(l) === out(g[0]) && l.record.message.stop_reason !== null)
    ),
    "final usage backfilled onto every block",
  );
  // Duplicates: the same records copied into a resumed file under a new sessionId (helpers'
  // replays, which keep the sessionId, are checked by checkShapes).
  const seen = new Map<string, ParsedLine>();
  let copies = 0;
  for (const l of records) {
    if (!l.record.uuid || l.record.type !== "assistant" || l.file.includes("/subagents/")) continue;
    const first = seen.get(l.record.uuid);
    if (first && first.file !== l.file) {
      assert.notEqual(first.record.sessionId, l.record.sessionId);
      assert.equal(first.record.requestId, l.record.requestId);
      copies++;
    } else seen.set(l.record.uuid, l);
  }
  assert.ok(copies > 0, "duplicates across resumed files");
  const system = (subtype: string) => records.filter((l) => l.record.subtype === subtype);
  assert.ok(system("microcompact_boundary").length > 0, "microcompaction markers");
  assert.ok(system("api_error").length > 0, "API-error retry records");
  const synthetic = records.filter((l) => l.record.message?.model === "<synthetic>");
  assert.ok(synthetic.some((l) => l.record.isApiErrorMessage === true), "synthetic API errors");
  assert.ok(synthetic.some((l) => l.record.isApiErrorMessage === false), "synthetic non-errors");
  const withUsage = records.filter((l) => l.record.message?.usage);
  assert.ok(
    withUsage.some((l) =>
      l.record.requestId === undefined && /^msg_bdrk_/.test(l.record.message.id) &&
      l.record.message.model === TARGET_MODEL
    ),
    "Bedrock-style requests without requestId",
  );
  const usages = withUsage.map((l) => l.record.message.usage);
  assert.ok(
    usages.some((u) => u.cache_creation === undefined && u.cache_creation_input_tokens > 0),
    "usage without cache_creation",
  );
  // Malformed lines in the middle of a file, and a half-written last line.
  assert.ok(lines.filter((l) => l.record === undefined).length >= 2);
  const truncated = files.filter((f) => f.path.endsWith(".jsonl") && !f.text.endsWith("\n"));
  assert.equal(truncated.length, 1);
  assert.throws(() => JSON.parse(truncated[0].text.slice(truncated[0].text.lastIndexOf("\n") + 1)));
  assert.ok(files.some((f) => f.text.startsWith("\uFEFF")), "byte-order mark");
  assert.ok(files.some((f) => f.text.includes("}\r\n")), "CRLF line");
  assert.ok(files.some((f) => f.text.includes("\n\n")), "blank line");
  // Other models.
  const models = new Set(
    records.filter((l) => l.record.message?.usage).map((l) => l.record.message.model),
  );
  for (const m of [TARGET_MODEL, "claude-sonnet-4-6", "claude-haiku-4-5-20251001"]) {
    assert.ok(models.has(m), `model ${m}`);
  }
  // Compactions: with durationMs, without (timestamps), manual with its /compact record.
  const boundaries = system("compact_boundary").map((l) => l.record);
  assert.ok(boundaries.some((b) => b.compactMetadata.durationMs !== undefined));
  assert.ok(boundaries.some((b) => b.compactMetadata.durationMs === undefined));
  assert.ok(boundaries.some((b) => b.compactMetadata.trigger === "auto"));
  assert.ok(boundaries.some((b) => b.compactMetadata.trigger === "manual"));
  assert.ok(boundaries.some((b) => !("logicalParentUuid" in b) || b.logicalParentUuid === null));
  assert.ok(records.some((l) => /<command-name>\/compact<\/command-name>/.test(l.raw)));
  assert.equal(
    records.filter((l) => l.record.isCompactSummary === true).length,
    boundaries.length,
    "one summary per boundary",
  );
  // Tool kinds, errors, images, both sub-agent tool names, progress records with nested usage.
  const toolNames = new Set(
    records.flatMap((l) =>
      l.record.type === "assistant"
        ? (l.record.message.content ?? []).filter((b: { type: string }) => b.type === "tool_use")
          .map((b: { name: string }) => b.name)
        : []
    ),
  );
  for (const name of ["Read", "Bash", "Grep", "Glob", "Edit", "Task", "Agent"]) {
    assert.ok(toolNames.has(name), `tool ${name}`);
  }
  assert.ok(records.some((l) => l.raw.includes('"is_error":true')), "tool errors");
  assert.ok(records.some((l) => l.raw.includes('"type":"image"')), "images");
  assert.ok(
    records.some((l) => l.record.type === "progress" && l.record.data?.message?.message?.usage),
    "progress records with nested usage",
  );
}

/** The shapes a real-data reader must handle (amended rules); which of them to require. */
export interface ShapeOptions {
  /** Require the shapes that are rare even in the sample (speculation, null metadata and summary, logical parent after the boundary). @default true */
  rare?: boolean;
}

/**
 * Asserts, by reading the files, that the shapes of real data are present and well formed:
 * compaction-call files, helper agents with replayed parent messages under new request ids,
 * dangling and late `logicalParentUuid`, `compactMetadata: null`, array and null summaries, a
 * main session that switches model, and workflow folders with their journal.
 */
export function checkShapes(
  files: CorpusFile[],
  records: ParsedLine[],
  options: ShapeOptions = {},
): void {
  const rare = options.rare ?? true;
  const paths = files.map((f) => f.path);
  const inFile = (re: RegExp) => records.filter((l) => re.test(l.file));
  const time = (l: ParsedLine) => Date.parse(l.record.timestamp);
  // Compaction calls: one per file, before a boundary of the parent main session.
  const callFiles = paths.filter((p) => /\/subagents\/agent-acompact-[0-9a-f]{6}\.jsonl$/.test(p));
  assert.ok(callFiles.length > 0, "agent-acompact files");
  for (const path of callFiles) {
    const lines = records.filter((l) => l.file === path);
    const agentId = path.slice(path.lastIndexOf("agent-") + 6, -6);
    assert.ok(lines.every((l) => l.record.isSidechain === true && l.record.agentId === agentId));
    assert.match(agentId, /^acompact-[0-9a-f]{6}$/);
    const meta = lines.filter((l) => l.record.isMeta === true);
    assert.ok(meta.length >= 1, "isMeta hook records");
    const prompts = lines.filter((l) => l.record.type === "user" && l.record.isMeta !== true);
    assert.equal(prompts.length, 1, "one summarization prompt");
    assert.match(prompts[0].record.message.content, /summary of the conversation/);
    const calls = lines.filter((l) => l.record.type === "assistant");
    assert.equal(calls.length, 1, "one assistant record");
    const u = calls[0].record.message.usage;
    assert.ok(u.output_tokens >= 1 && u.output_tokens <= 9, "preliminary single-digit output");
    // The parent main file and its first boundary at or after the call.
    const mainPath = path.replace(/\/subagents\/.*$/, ".jsonl");
    const parent = records.filter((l) => l.file === mainPath && l.record.isSidechain === false);
    assert.ok(parent.length > 0, `parent file of ${path}`);
    assert.ok(
      parent.some((l) => l.record.uuid === meta[0].record.parentUuid),
      "hooks parented into the main chain",
    );
    const boundary = parent.find((l) =>
      l.record.subtype === "compact_boundary" && time(l) >= time(calls[0])
    );
    assert.ok(boundary, "a boundary at or after the call");
    const x = u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens;
    const C = boundary.record.compactMetadata?.preTokens;
    // The call's input is the pre-compaction context plus the prompt (a few hundred tokens).
    if (C !== undefined) assert.ok(x >= C && x < C + 500, `call input ${x} against C ${C}`);
  }
  assert.ok(
    records.some((l) =>
      /agent-acompact-/.test(l.file) && l.record.message?.usage?.cache_read_input_tokens > 0
    ),
    "a compaction call reading the parent's warm cache",
  );
  // Helpers: replays of parent messages with the same message.id and a new requestId.
  const byMessage = new Map<string, ParsedLine>();
  for (const l of records) {
    if (l.record.type === "assistant" && l.record.isSidechain === false) {
      byMessage.set(l.record.message.id, l);
    }
  }
  for (const label of rare ? ["aside_question", "aspeculation"] : ["aside_question"]) {
    const lines = inFile(new RegExp(`/subagents/agent-${label}-[0-9a-f]{16}\\.jsonl$`));
    assert.ok(lines.length > 0, `helper ${label}`);
    assert.ok(
      lines.every((l) => l.record.isSidechain === true && l.record.agentId.startsWith(`${label}-`)),
    );
    const replays = lines.filter((l) =>
      l.record.type === "assistant" && byMessage.has(l.record.message.id)
    );
    assert.ok(replays.length > 0, `${label} replays parent messages`);
    // (A replayed `<synthetic>` record has no requestId to renew.)
    for (const r of replays.filter((l) => l.record.message.model !== "<synthetic>")) {
      const original = byMessage.get(r.record.message.id)!;
      assert.notEqual(r.record.requestId, original.record.requestId, "a new requestId");
      assert.deepEqual(r.record.message.usage, original.record.message.usage);
    }
    assert.ok(
      lines.some((l) => l.record.type === "assistant" && !byMessage.has(l.record.message.id)),
      `${label} makes a request of its own`,
    );
  }
  // Boundaries: dangling and late logical parents, null metadata, array and null summaries.
  const boundaries = records.filter((l) => l.record.subtype === "compact_boundary");
  const uuidsOf = new Map<string, Map<string, number>>();
  records.forEach((l, i) => {
    if (!l.record.uuid) return;
    if (!uuidsOf.has(l.file)) uuidsOf.set(l.file, new Map());
    uuidsOf.get(l.file)!.set(l.record.uuid, i);
  });
  const index = new Map(records.map((l, i) => [l, i]));
  const lp = boundaries.filter((b) => typeof b.record.logicalParentUuid === "string");
  assert.ok(
    lp.some((b) => !uuidsOf.get(b.file)!.has(b.record.logicalParentUuid)),
    "dangling logicalParentUuid",
  );
  if (rare) {
    assert.ok(
      lp.some((b) => (uuidsOf.get(b.file)!.get(b.record.logicalParentUuid) ?? -1) > index.get(b)!),
      "logicalParentUuid record written after the boundary",
    );
    assert.ok(boundaries.some((b) => b.record.compactMetadata === null), "compactMetadata null");
  }
  const summaries = records.filter((l) => l.record.isCompactSummary === true);
  assert.ok(
    summaries.some((l) =>
      Array.isArray(l.record.message.content) &&
      l.record.message.content.every((b: { type: string }) => b.type === "text")
    ),
    "array-of-text-blocks summary",
  );
  if (rare) assert.ok(summaries.some((l) => l.record.message.content === null), "null summary");
  // A main session that switches model mid-file.
  const modelsByMain = new Map<string, Set<string>>();
  for (const l of records) {
    if (l.record.type !== "assistant" || l.record.isSidechain !== false) continue;
    if (l.record.message.model === "<synthetic>") continue;
    if (!modelsByMain.has(l.file)) modelsByMain.set(l.file, new Set());
    modelsByMain.get(l.file)!.add(l.record.message.model);
  }
  assert.ok(
    [...modelsByMain.values()].some((m) => m.size > 1),
    "a main session that switches model",
  );
  // Workflow folders: agent transcripts and a journal that is no transcript.
  const journals = files.filter((f) =>
    /\/subagents\/workflows\/[^/]+\/journal\.jsonl$/.test(f.path)
  );
  assert.ok(journals.length > 0, "workflow journal");
  for (const j of journals) {
    const folder = j.path.slice(0, -"journal.jsonl".length);
    const agents = paths.filter((p) =>
      p.startsWith(folder) && /agent-a[0-9a-f]{16}\.jsonl$/.test(p)
    );
    assert.ok(agents.length > 0, "workflow agent transcripts");
    const entries = j.text.trim().split("\n").map((t) => JSON.parse(t));
    for (const e of entries) {
      assert.ok(e.type === "started" || e.type === "result");
      assert.ok(!("uuid" in e) && !("timestamp" in e) && !("isSidechain" in e));
      assert.ok(agents.some((p) => p.endsWith(`agent-${e.agentId}.jsonl`)));
    }
  }
}
