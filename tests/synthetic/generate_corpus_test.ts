import assert from "node:assert/strict";
import { type CorpusFile, PROFILES, TARGET_MODEL } from "../../data-synthetic/mod.ts";
import { corpusFromText, summarizeCorpus } from "../../lib/transcript/mod.ts";
import { generateInMemory, type ParsedLine, parseLines } from "./_corpus.ts";

const small = generateInMemory(PROFILES.small, 1);
const lines = parseLines(small.files);
const records = lines.filter((l) => l.record !== undefined);
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";

Deno.test("same profile and seed give identical files; another seed gives others", () => {
  const again = generateInMemory(PROFILES.small, 1);
  assert.deepEqual(again.files, small.files);
  assert.deepEqual(again.expected, small.expected);
  const other = generateInMemory(PROFILES.small, 2);
  const before = new Map(small.files.map((f) => [f.path, f.text]));
  const changed = other.files.filter((f) => before.get(f.path) !== f.text);
  assert.ok(changed.length === other.files.length, "every file of seed 2 differs from seed 1");
});

Deno.test("layout: main files, subagents/ with meta sidecars, flat agent files", () => {
  const paths = small.files.map((f) => f.path);
  const main = new RegExp(`^projects/-[A-Za-z0-9-]+/${UUID}\\.jsonl$`);
  const nested = new RegExp(
    `^projects/-[A-Za-z0-9-]+/${UUID}/subagents/agent-a[0-9a-f]{16}\\.jsonl$`,
  );
  const flat = /^projects\/-[A-Za-z0-9-]+\/agent-a[0-9a-f]{6}\.jsonl$/;
  const meta = /\/subagents\/agent-a[0-9a-f]{16}\.meta\.json$/;
  for (const p of paths) {
    assert.ok(
      main.test(p) || nested.test(p) || flat.test(p) || meta.test(p),
      `unexpected path ${p}`,
    );
  }
  assert.ok(paths.filter((p) => main.test(p)).length >= PROFILES.small.mainSessions);
  assert.ok(paths.some((p) => nested.test(p)));
  assert.ok(paths.some((p) => flat.test(p)));
  // Every sidecar sits next to its transcript and names the spawning tool call.
  const toolUseIds = new Set(
    records.flatMap((l) =>
      l.record.type === "assistant"
        ? (l.record.message.content ?? []).filter((b: { type: string }) => b.type === "tool_use")
          .map((b: { id: string }) => b.id)
        : []
    ),
  );
  for (const f of small.files.filter((f) => meta.test(f.path))) {
    assert.ok(paths.includes(f.path.replace(/\.meta\.json$/, ".jsonl")));
    const sidecar = JSON.parse(f.text);
    assert.equal(typeof sidecar.agentType, "string");
    assert.ok(toolUseIds.has(sidecar.toolUseId), "toolUseId names a tool_use of the parent");
  }
  // Sub-agent records in their own files carry isSidechain and agentId, and the parent's sessionId.
  const sessionIds = new Set(paths.filter((p) => main.test(p)).map((p) => p.slice(-42, -6)));
  for (const l of records.filter((l) => /agent-a[0-9a-f]+\.jsonl$/.test(l.file) && l.record.uuid)) {
    assert.equal(l.record.isSidechain, true);
    assert.match(l.file, new RegExp(`agent-${l.record.agentId}\\.jsonl$`));
    assert.ok(sessionIds.has(l.record.sessionId));
  }
  // The old layout: sidechain records inside a main file, without agentId, in chains from null.
  const inFile = records.filter((l) => main.test(l.file) && l.record.isSidechain === true);
  assert.ok(inFile.length > 0);
  assert.ok(inFile.every((l) => l.record.agentId === undefined));
  assert.ok(inFile.some((l) => l.record.parentUuid === null));
});

for (const seed of [1, 2, 3]) {
  Deno.test(`every quirk of the format reference is present in the small profile, seed ${seed}`, () => {
    const corpus = seed === 1 ? small : generateInMemory(PROFILES.small, seed);
    checkQuirks(corpus.files, parseLines(corpus.files).filter((l) => l.record !== undefined));
  });
}

function checkQuirks(files: CorpusFile[], records: ParsedLine[]): void {
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
  const usages = records.filter((l) => l.record.message?.usage).map((l) => l.record.message.usage);
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

Deno.test("usage follows from content: context growth equals the tokens each turn added", () => {
  // Independent check, newest era (final usage on every block): between two requests of one
  // session, x must grow by the previous output plus ceil(chars / 4) of each text the turn
  // added (prompts, tool results, sub-agent reports), the read-cost rule. Stretches with a
  // compaction, a microcompaction or an image are skipped.
  const tokens = (s: string) => Math.ceil(s.length / 4);
  let checked = 0;
  const files = new Map<string, ParsedLine[]>();
  for (const l of records) files.set(l.file, [...(files.get(l.file) ?? []), l]);
  for (const fileLines of files.values()) {
    if (fileLines[0]?.record.version !== "2.1.332" && fileLines[1]?.record.version !== "2.1.332") {
      continue;
    }
    let prev: { id: string; x: number; y: number } | null = null;
    let added = 0, skip = false;
    for (const { record: r } of fileLines) {
      if (r.type === "system" && /compact_boundary$/.test(r.subtype)) skip = true;
      if (r.isCompactSummary) skip = true;
      if (r.type === "user") {
        const content = r.message.content;
        if (typeof content === "string") added += tokens(content);
        else {
          for (const b of content) {
            if (b.type === "image") skip = true;
            else if (b.type === "text") added += tokens(b.text);
            else if (b.type === "tool_result") {
              if (typeof b.content === "string") added += tokens(b.content);
              else {
                for (const c of b.content) {
                  if (c.type === "text") added += tokens(c.text);
                  else skip = true;
                }
              }
            }
          }
        }
      }
      if (r.type !== "assistant" || r.message.model === "<synthetic>") continue;
      if (prev !== null && r.message.id === prev.id) continue;
      const u = r.message.usage;
      const x = u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens;
      if (prev !== null && !skip) {
        assert.equal(x, prev.x + prev.y + added, `request ${r.message.id}`);
        checked++;
      }
      prev = { id: r.message.id, x, y: u.output_tokens };
      added = 0;
      skip = false;
    }
  }
  assert.ok(checked > 100, `checked ${checked} request pairs`);
});

Deno.test("the reader reports exactly the aggregates the generator expects (small, seed 1)", () => {
  const summary = summarizeCorpus(
    corpusFromText(small.files.filter((f) => f.path.endsWith(".jsonl"))),
  );
  const e = small.expected;
  assert.equal(summary.model, TARGET_MODEL);
  assert.equal(summary.files, e.files);
  assert.equal(summary.bytes, e.bytes);
  assert.deepEqual(summary.sessions, e.sessions);
  assert.equal(summary.requests, PROFILES.small.requests);
  assert.deepEqual(summary.excludedSessions, e.excludedSessions);
  assert.equal(summary.malformedLines, e.malformedLines);
  assert.deepEqual(summary.compactions, e.compactions);
  assert.equal(summary.billedTokens, e.billedTokens);
  assert.ok(Math.abs(summary.workHours - e.workHours) < 1e-9);
  assert.equal(summary.observedTrigger, e.observedTrigger);
  for (const k of Object.keys(e.billingMix) as (keyof typeof e.billingMix)[]) {
    assert.ok(Math.abs(summary.billingMix[k] - e.billingMix[k]) < 1e-12, k);
  }
  assert.equal(summary.diagnostics.microcompactions, e.quirks.microcompactions);
});
