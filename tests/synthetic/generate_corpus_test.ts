import assert from "node:assert/strict";
import { PROFILES, TARGET_MODEL } from "../../data-synthetic/mod.ts";
import { corpusFromText, summarizeCorpus } from "../../lib/transcript/mod.ts";
import {
  checkQuirks,
  checkShapes,
  generateInMemory,
  type ParsedLine,
  parseLines,
} from "./_corpus.ts";

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

Deno.test("layout: main files, subagents/ with meta sidecars, flat agent files, helpers, compaction calls, workflows", () => {
  const paths = small.files.map((f) => f.path);
  const main = new RegExp(`^projects/-[A-Za-z0-9-]+/${UUID}\\.jsonl$`);
  const session = `^projects/-[A-Za-z0-9-]+/${UUID}`;
  // Sub-agent ids: 6 hex digits up to 2.1.39, 16 after.
  const nested = new RegExp(`${session}/subagents/agent-a([0-9a-f]{6}|[0-9a-f]{16})\\.jsonl$`);
  const flat = /^projects\/-[A-Za-z0-9-]+\/agent-a[0-9a-f]{6}\.jsonl$/;
  const meta = /\/subagents\/(workflows\/wf_[0-9a-f]{12}\/)?agent-a[0-9a-f]{16}\.meta\.json$/;
  const helper = new RegExp(
    `${session}/subagents/agent-(aside_question|aspeculation)-[0-9a-f]{16}\\.jsonl$`,
  );
  const call = new RegExp(`${session}/subagents/agent-acompact-[0-9a-f]{6}\\.jsonl$`);
  const workflow = new RegExp(
    `${session}/(subagents/workflows/wf_[0-9a-f]{12}/(agent-a[0-9a-f]{16}|journal)\\.jsonl|workflows/wf_[0-9a-f]{12}\\.json)$`,
  );
  for (const p of paths) {
    assert.ok(
      [main, nested, flat, meta, helper, call, workflow].some((re) => re.test(p)),
      `unexpected path ${p}`,
    );
  }
  for (const re of [nested, flat, meta, helper, call, workflow]) {
    assert.ok(paths.some((p) => re.test(p)), `a path like ${re}`);
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
  for (
    const l of records.filter((l) => /agent-a[0-9a-z_-]+\.jsonl$/.test(l.file) && l.record.uuid)
  ) {
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
    const records = parseLines(corpus.files).filter((l) => l.record !== undefined);
    checkQuirks(corpus.files, records);
    // The small world is too small for the rarest shapes; the sample has them all.
    checkShapes(corpus.files, records, { rare: false });
  });
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
    // Eras D and E (2.1.311: the same usage, with the late-2026 shapes).
    const newest = (v: string | undefined) => v === "2.1.332" || v === "2.1.311";
    if (!newest(fileLines[0]?.record.version) && !newest(fileLines[1]?.record.version)) continue;
    let prev: { id: string; x: number; y: number } | null = null;
    let added = 0, skip = false;
    const seen = new Set<string>();
    for (const { record: r } of fileLines) {
      // Rows re-appended by a later compaction (same uuid) are read once, as the reader does.
      if (r.uuid !== undefined && seen.has(r.uuid)) continue;
      if (r.uuid !== undefined) seen.add(r.uuid);
      // A response with an advisor (usage.iterations) adds its advice to the context unseen.
      if (r.type === "assistant" && (r.message.usage?.iterations?.length ?? 0) > 0) skip = true;
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

// Amended reader rules (message.id-only key, helper kind, acompact files no session, null
// compactMetadata an unknown trigger): passes once the reader implements them.
Deno.test("the reader reports exactly the aggregates the generator expects (small, seed 1)", () => {
  const summary = summarizeCorpus(
    corpusFromText(small.files.filter((f) => f.path.endsWith(".jsonl"))),
  );
  const e = small.expected;
  assert.equal(summary.model, TARGET_MODEL);
  assert.equal(summary.files, e.files);
  assert.equal(summary.bytes, e.bytes);
  assert.deepEqual(summary.sessions, e.sessions);
  assert.equal(summary.requests, e.requests);
  // The profile's request count is that of main sessions and sub-agents; helpers come on top.
  assert.equal(e.requestsByKind.main + e.requestsByKind.subagent, PROFILES.small.requests);
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

Deno.test("real-shaped, scaled down: more project folders than source trees, fewer sub-agents than main sessions", () => {
  const profile = {
    ...PROFILES["real-shaped"],
    mainSessions: 40,
    subagentSessions: 10,
    requests: 900,
    projects: 25,
    shapeEvery: 1,
  };
  const { files, expected } = generateInMemory(profile, 1);
  const folders = new Set(files.map((f) => f.path.split("/")[1]));
  // 40 main sessions spread by index over 25 folders (index 1, the resumed one, joins folder 0):
  // every folder gets one.
  assert.equal(folders.size, 25);
  assert.deepEqual(
    { main: expected.sessions.main, subagent: expected.sessions.subagent },
    { main: 40, subagent: 10 },
  );
  assert.equal(expected.requestsByKind.main + expected.requestsByKind.subagent, 900);
  // Main files: the 40 included ones and the left-out sessions on top.
  const mains = files.filter((f) => /^projects\/[^/]+\/[0-9a-f-]{36}\.jsonl$/.test(f.path));
  assert.equal(mains.length, 40 + profile.otherModelSessions + 2);
});
