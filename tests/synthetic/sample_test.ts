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
import { checkQuirks, generateInMemory, parseLines } from "./_corpus.ts";

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

Deno.test("the reader reports the sample's manifest aggregates", async () => {
  const s = summarizeCorpus(await readCorpus([`${SAMPLE}/projects`]));
  const e = manifest.expected;
  assert.equal(s.model, TARGET_MODEL);
  assert.deepEqual(s.sessions, e.sessions);
  assert.equal(s.requests, PROFILES.sample.requests);
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
