import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  GENERATOR_VERSION,
  type Manifest,
  manifestMatches,
  PROFILES,
  TARGET_MODEL,
} from "../../data-synthetic/mod.ts";
import { readCorpus, summarizeCorpus } from "../../lib/transcript/mod.ts";
import { checkQuirks, checkShapes, generateInMemory, parseLines } from "./_corpus.ts";

const SAMPLE = fileURLToPath(new URL("../../data-synthetic/sample", import.meta.url));
const manifest: Manifest = JSON.parse(await Deno.readTextFile(`${SAMPLE}/manifest.json`));

Deno.test("the committed sample is what the current generator writes (regenerate it if not)", async () => {
  assert.equal(manifest.generatorVersion, GENERATOR_VERSION);
  assert.ok(
    manifestMatches(manifest, PROFILES.sample, manifest.seed),
    "sample parameters differ from PROFILES.sample: run deno task generate --profile sample --force",
  );
  const fresh = generateInMemory(PROFILES.sample, manifest.seed);
  assert.equal(fresh.files.length, manifest.files);
  for (const f of fresh.files) {
    assert.equal(await Deno.readTextFile(`${SAMPLE}/${f.path}`), f.text, f.path);
  }
  assert.deepEqual(fresh.expected, manifest.expected);
  checkQuirks(fresh.files, parseLines(fresh.files).filter((l) => l.record !== undefined));
});

Deno.test("the committed sample holds every shape of real data, read from its files", async () => {
  const files = [];
  for (const path of await listFiles(SAMPLE)) {
    if (path === "manifest.json") continue;
    files.push({ path, text: await Deno.readTextFile(`${SAMPLE}/${path}`) });
  }
  assert.equal(files.length, manifest.files);
  const records = parseLines(files).filter((l) => l.record !== undefined);
  checkShapes(files, records);
  // The manifest counts the same shapes.
  for (
    const quirk of [
      "compactionCallFiles",
      "helper_aside_question",
      "helper_aspeculation",
      "helperReplayedRequests",
      "danglingLogicalParent",
      "logicalParentAfterBoundary",
      "nullCompactMetadata",
      "arraySummaries",
      "nullSummaries",
      "mixedModelSessions",
      "workflowRuns",
      // Era E, the late-2026 shapes (data-synthetic/sim/late_shapes.ts).
      "advisorResponses",
      "precomputedCompactions",
      "idleCompactions",
      "reappendedRecords",
      "modelSwitches",
      "microcompactions",
    ]
  ) assert.ok((manifest.expected.quirks[quirk] ?? 0) > 0, quirk);
  assert.ok(manifest.expected.sessions.helper > 0);
  assert.ok(manifest.expected.compactions.unknown > 0);
  assert.ok(manifest.expected.compactionCalls.count > 0);
});

/** Files under `dir`, relative, `/`-separated, sorted. */
async function listFiles(dir: string, prefix = ""): Promise<string[]> {
  const out: string[] = [];
  for await (const e of Deno.readDir(`${dir}/${prefix}`)) {
    const rel = prefix === "" ? e.name : `${prefix}/${e.name}`;
    if (e.isDirectory) out.push(...await listFiles(dir, rel));
    else if (e.isFile) out.push(rel);
  }
  return out.sort();
}

// Amended reader rules (message.id-only key, helper kind, acompact files no session, null
// compactMetadata an unknown trigger): passes once the reader implements them.
Deno.test("the reader reports the sample's manifest aggregates", async () => {
  const s = summarizeCorpus(await readCorpus([`${SAMPLE}/projects`]));
  const e = manifest.expected;
  assert.equal(s.model, TARGET_MODEL);
  assert.deepEqual(s.sessions, e.sessions);
  assert.equal(s.requests, e.requests);
  assert.equal(e.requestsByKind.main + e.requestsByKind.subagent, PROFILES.sample.requests);
  assert.deepEqual(s.compactions, e.compactions);
  assert.deepEqual(s.excludedSessions, e.excludedSessions);
  assert.equal(s.malformedLines, e.malformedLines);
  assert.equal(s.billedTokens, e.billedTokens);
  assert.equal(s.files, e.files);
  assert.ok(Math.abs(s.workHours - e.workHours) < 1e-9);
  assert.equal(s.observedTrigger, e.observedTrigger);
  // At most a few MB, as committed.
  assert.ok(manifest.bytes < 10_000_000, `sample is ${manifest.bytes} bytes`);
});

Deno.test("the sample's late-2026 shapes reach the reader's counts", async () => {
  // Each shape of era E as the reader reports it: advisor passes, precomputed and other-trigger
  // compactions, re-appended rows, a session that switched model, microcompaction's savings.
  const corpus = await readCorpus([`${SAMPLE}/projects`]);
  const s = summarizeCorpus(corpus);
  const q = manifest.expected.quirks;
  assert.equal(s.advisor.iterations, q.advisorResponses);
  assert.equal(s.compactions.precomputed, manifest.expected.compactions.precomputed);
  assert.equal(s.compactions.other, q.idleCompactions);
  assert.deepEqual(corpus.diagnostics.otherTriggers, { idle: q.idleCompactions });
  assert.equal(corpus.diagnostics.repeatedRecordUuids, q.reappendedRecords);
  assert.ok(s.modelSwitches.sessions >= q.modelSwitches);
  assert.ok(corpus.diagnostics.microcompactTokensSaved > 0);
});
