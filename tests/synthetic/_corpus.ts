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
 * Splits the `.jsonl` files into lines as analysis-spec §1 frames them (BOM dropped, `\r`
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
  // Duplicates: the same records copied into a resumed file under a new sessionId.
  const seen = new Map<string, ParsedLine>();
  let copies = 0;
  for (const l of records) {
    if (!l.record.uuid || l.record.type !== "assistant") continue;
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
