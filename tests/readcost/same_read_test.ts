/**
 * The read-cost measurement taken in the same read as the corpus (`readFileParses` with
 * `readCostMinChars`, as `deno task report` reads) equals the measurement of its own read
 * (`measureReadCost`, as `deno task measure` reads the same files), and the corpus equals the
 * corpus read without it: on the committed sample (compactions, sub-agents, resumed copies) in
 * every way the reader runs, and on seeded random files with the odd cases of the fast-path tests.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { measureReadCost, readCostOfMeasurements } from "../../lib/readcost/measure_paths.ts";
import {
  corpusOfParses,
  readCorpus,
  type ReadCorpusOptions,
  readFileParses,
} from "../../lib/transcript/read_corpus.ts";
import { discoverTranscriptFiles } from "../../lib/transcript/discover.ts";
import { randomTranscript, RecordWriter } from "./_random_records.ts";

const SAMPLE = fileURLToPath(new URL("../../data-synthetic/sample", import.meta.url));

const WAYS: ReadCorpusOptions[] = [
  { workers: 1 },
  { workers: 2 },
  { workers: 1, fetchTargets: "compacted" }, // a file with a compaction is read twice
  { workers: 2, fetchTargets: "compacted" },
  { workers: 2, fetchTargets: true },
];

async function assertSameRead(files: string[], minChars: number, ways: ReadCorpusOptions[]) {
  const alone = await measureReadCost(files, { minChars, workers: 1 });
  for (const way of ways) {
    const label = JSON.stringify(way);
    const read = await readFileParses(files, { ...way, readCostMinChars: minChars });
    assert.equal(read.readCosts?.length, files.length, label);
    const same = readCostOfMeasurements(read.readCosts!, { minChars }, { bytes: read.bytes });
    assert.deepEqual(same.report, alone.report, label);
    assert.deepEqual(same.sizes, alone.sizes, label);
    assert.deepEqual(same.histograms, alone.histograms, label);
    assert.equal(same.bytes, alone.bytes, label);
    // The corpus is the one read without the measurement.
    const corpus = corpusOfParses(read, way);
    const plain = await readCorpus(files, way);
    assert.deepEqual(corpus.requests, plain.requests, label);
    assert.deepEqual(corpus.compactions, plain.compactions, label);
    assert.deepEqual(corpus.sessions, plain.sessions, label);
    assert.deepEqual(corpus.diagnostics, plain.diagnostics, label);
    assert.equal(corpus.fetches?.target.length, plain.fetches?.target.length, label);
  }
}

Deno.test("read cost in the same read as the corpus: the sample, every way the reader runs", async () => {
  const { files } = await discoverTranscriptFiles([SAMPLE]);
  assert.ok(files.length > 10);
  const alone = await measureReadCost(files);
  assert.ok(alone.report.files.included > 0, "the sample has files to measure");
  assert.ok(alone.report.candidates.results > 0, "and candidates");
  await assertSameRead(files, 8000, WAYS);
  // Another threshold reaches the rules (fewer candidates at a higher one).
  await assertSameRead(files, 20000, [{ workers: 2, fetchTargets: "compacted" }]);
  const higher = await measureReadCost(files, { minChars: 20000 });
  assert.ok(higher.report.candidates.results < alone.report.candidates.results);
});

Deno.test("read cost in the same read as the corpus: random files with escapes, duplicates and malformed lines", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const files: string[] = [];
    for (let f = 0; f < 8; f++) {
      const path = join(dir, `random-${f}.jsonl`);
      await Deno.writeFile(path, randomTranscript(new RecordWriter(20261204, f), 300));
      files.push(path);
    }
    const alone = await measureReadCost(files, { workers: 1 });
    assert.ok(alone.report.diagnostics.skippedMalformedLines > 0, "the files hold malformed lines");
    await assertSameRead(files, 8000, [{ workers: 1 }, { workers: 2 }]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
