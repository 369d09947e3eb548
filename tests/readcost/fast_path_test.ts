/**
 * The read-cost measurement through the corpus's reader, on both of its paths (lines read from
 * the scanner's memory by the WebAssembly scan; plain copies read by the JavaScript walk), against
 * an independent reference reader (`JSON.parse` of every decoded line, ./_json_parse_reader.ts)
 * feeding the same rules: all three must give the same `FileMeasurement`, on every file of the
 * committed sample corpus and on seeded random lines that hold the odd cases on purpose
 * (`_random_records.ts`).
 *
 * Expected values: the reference reader.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import {
  type FileMeasurement,
  FileMeasurer,
  ReadCostRules,
} from "../../lib/readcost/file_measure.ts";
import { JsonParseReader } from "./_json_parse_reader.ts";
import { discoverTranscripts } from "../../lib/transcript/discover.ts";
import { readLines, splitLines } from "../../lib/transcript/jsonl.ts";
import { inScanMemory } from "../../lib/transcript/_wasm_scanner.ts";
import { randomTranscript, RecordWriter } from "./_random_records.ts";

const SAMPLE = join(import.meta.dirname!, "../../data-synthetic/sample");

/**
 * The reader's two paths and the reference over `input`: `fast` and `reference` (the JavaScript
 * walk is asserted equal to the fast path here), and how many lines were read.
 */
function bothWays(input: Uint8Array, minChars?: number) {
  const fast = new FileMeasurer({ minChars });
  const walk = new FileMeasurer({ minChars });
  const rules = new ReadCostRules({ minChars });
  const parsed = new JsonParseReader(rules);
  let lines = 0;
  splitLines(input, (bytes, start, end, lineNumber) => {
    assert.ok(inScanMemory(bytes), "the splitter hands out views of the scanner's memory");
    lines++;
    fast.addLine(bytes, start, end, lineNumber);
    const copy = bytes.slice(start, end);
    assert.ok(!inScanMemory(copy));
    walk.addLine(copy, 0, copy.length, lineNumber);
    parsed.addLine(copy, 0, copy.length, lineNumber);
  });
  const measured = fast.finish();
  assert.deepEqual(walk.finish(), measured, "the JavaScript walk differs from the scan");
  return { fast: measured, reference: rules.finish(parsed.lines, parsed.malformedLines), lines };
}

/** The file's result counts summed over kinds, for coverage checks. */
function totals(m: FileMeasurement) {
  let results = 0;
  let images = 0;
  let others = 0;
  let errors = 0;
  for (const kind of Object.values(m.byKind)) {
    results += kind.results;
    images += kind.imageBlocks;
    others += kind.otherBlocks;
    errors += kind.errorResults;
  }
  return { results, images, others, errors };
}

Deno.test("fast path equals the JSON.parse path on every sample-corpus file", async () => {
  const files = await discoverTranscripts([SAMPLE]);
  assert.ok(files.length >= 40, `sample corpus: ${files.length} files`);
  let results = 0;
  for (const file of files) {
    const { fast, reference } = bothWays(await Deno.readFile(file));
    assert.deepEqual(fast, reference, file);
    results += totals(reference).results;
  }
  assert.ok(results > 100, `results read: ${results}`);
});

Deno.test("fast path equals the JSON.parse path through readLines with small chunks", async () => {
  // Lines that span reads are moved inside the scanner's memory: still the fast path.
  const files = (await discoverTranscripts([SAMPLE])).slice(0, 8);
  for (const file of files) {
    const fast = new FileMeasurer();
    await readLines(file, fast.addLine, { chunkBytes: 4096 });
    const rules = new ReadCostRules();
    const reference = new JsonParseReader(rules);
    await readLines(file, (b, s, e, n) => reference.addLine(b.slice(s, e), 0, e - s, n));
    assert.deepEqual(
      fast.finish(),
      rules.finish(reference.lines, reference.malformedLines),
      file,
    );
  }
});

Deno.test("fast path equals the JSON.parse path on seeded random records", () => {
  // 60 files × 80 records = 4,800 records, with thresholds low and default.
  const seen = {
    lines: 0,
    malformed: 0,
    results: 0,
    images: 0,
    others: 0,
    errors: 0,
    repeatedUuids: 0,
    invalidUsage: 0,
    boundaries: 0,
    candidates: 0,
    fromUuid: 0,
    fromLine: 0,
  };
  for (let file = 0; file < 60; file++) {
    const writer = new RecordWriter(20261129, file);
    const input = randomTranscript(writer, 80);
    for (const minChars of [50, undefined]) {
      const { fast, reference, lines } = bothWays(input, minChars);
      assert.deepEqual(fast, reference, `file ${file}, minChars ${minChars}`);
      if (minChars === undefined) continue;
      seen.lines += lines;
      seen.malformed += reference.malformedLines;
      const t = totals(reference);
      seen.results += t.results;
      seen.images += t.images;
      seen.others += t.others;
      seen.errors += t.errors;
      seen.repeatedUuids += reference.diagnostics.repeatedRecordUuids;
      seen.invalidUsage += reference.diagnostics.invalidUsageValues;
      seen.boundaries += reference.diagnostics.compactBoundaries;
      seen.candidates += reference.candidates.results;
      seen.fromUuid += reference.diagnostics.messageIdFromRecordUuid;
      seen.fromLine += reference.diagnostics.messageIdFromLinePosition;
    }
  }
  // The generator reached the cases it is meant to exercise (counts of the 50-character run).
  for (const [name, count] of Object.entries(seen)) assert.ok(count > 5, `${name}: ${count}`);
});

Deno.test("random lines: all but the deliberately malformed ones are valid JSON", () => {
  // Guards the generator: a line JSON.parse rejects by mistake would test nothing.
  const writer = new RecordWriter(7, 1);
  const decoder = new TextDecoder();
  let malformed = 0;
  let lines = 0;
  splitLines(randomTranscript(writer, 2000), (bytes, start, end) => {
    lines++;
    try {
      const value = JSON.parse(decoder.decode(bytes.subarray(start, end)));
      if (typeof value !== "object" || value === null || Array.isArray(value)) malformed++;
    } catch {
      malformed++;
    }
  });
  // About 2% of lines are written malformed on purpose (MALFORMED in _random_records.ts).
  assert.ok(malformed < lines * 0.05, `${malformed} of ${lines}`);
});

Deno.test("fast path: odd lines one by one", () => {
  const cases = [
    // A byte-order mark before a later line: not JSON, so the line is malformed on both paths.
    '{"type":"user","uuid":"a"}\n\uFEFF{"type":"assistant","message":{"id":"m","usage":{}}}',
    // Escaped keys and values at every level.
    '{"t\\u0079pe":"\\u0061ssistant","m\\u0065ssage":{"\\u0069d":"m1","usag\\u0065":' +
    '{"input_tokens":5},"content":[{"typ\\u0065":"tool_\\u0075se","id":"t","n\\u0061me":"Read",' +
    '"input":{"offs\\u0065t":null,"limit":3}}]}}\n' +
    '{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"t",' +
    '"content":"a\\u00e9\\ud83d\\ude00\\n"}]}}',
    // The last "message" is not an object; the raw "message" object before it is not read.
    '{"type":"assistant","message":{"id":"m","usage":{"input_tokens":1}},"message":null}',
    // The last "message" is spelled with an escape; an earlier raw one holds other members.
    '{"type":"assistant","message":{"id":"a","usage":{"input_tokens":1}},' +
    '"m\\u0065ssage":{"id":"b","usage":{"input_tokens":2}}}',
    '{"type":"assistant","m\\u0065ssage":{"id":"b","usage":{"input_tokens":2}},' +
    '"message":{"id":"a","usage":{"input_tokens":1}}}',
    // Duplicates: uuid, type, usage, id.
    '{"uuid":"x","uuid":"y","type":"system","type":"assistant","message":' +
    '{"usage":{"input_tokens":1},"usage":null,"id":"q"}}\n{"uuid":"y","type":"user"}',
    // Invalid UTF-8 inside a tool result's text, and a non-ASCII uuid.
    new Uint8Array([
      ...new TextEncoder().encode(
        '{"uuid":"ü","type":"user","message":{"content":[{"type":"tool_result","content":"a',
      ),
      0xff,
      0xe2,
      0x82,
      ...new TextEncoder().encode('b"}]}}'),
    ]),
  ];
  for (const text of cases) {
    const input = typeof text === "string" ? new TextEncoder().encode(text) : text;
    const { fast, reference } = bothWays(input, 1);
    assert.deepEqual(fast, reference, typeof text === "string" ? text : "bytes");
  }
});
