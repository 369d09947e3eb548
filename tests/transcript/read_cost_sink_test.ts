/**
 * The reader with a read-cost sink: the sink changes nothing of the corpus's facts, and gets the
 * same records whether the corpus's facts are gathered too or not (`corpus: false`, as the
 * read-cost measurement runs it), on every file of the committed sample corpus.
 *
 * Expected values: the reader without a sink (the corpus's facts), and the sink's records with
 * `corpus: false` (the records). What the records say is checked against an independent
 * `JSON.parse` reader in tests/readcost/fast_path_test.ts.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { discoverTranscripts } from "../../lib/transcript/discover.ts";
import { splitLines } from "../../lib/transcript/jsonl.ts";
import { FileParser } from "../../lib/transcript/parse_file.ts";
import type { ReadCostSink } from "../../lib/transcript/read_cost_sink.ts";

const SAMPLE = join(import.meta.dirname!, "../../data-synthetic/sample");

/** A sink that writes down every call, and skips records whose uuid number is odd. */
function recorder(): { sink: ReadCostSink; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const sink: ReadCostSink = {
    record: (uuid) => (calls.push(["record", uuid]), uuid < 0 || uuid % 2 === 0),
    boundary: () => void calls.push(["boundary"]),
    usage: (id, uuid, snapshot, line) => void calls.push(["usage", id, uuid, snapshot, line]),
    toolUses: (uses) => void calls.push(["uses", uses]),
    toolResults: (results) => void calls.push(["results", results]),
  };
  return { sink, calls };
}

Deno.test("read-cost sink: corpus facts unchanged, records the same without them", async () => {
  const files = await discoverTranscripts([SAMPLE]);
  assert.ok(files.length >= 40, `sample corpus: ${files.length} files`);
  const seen = { usage: 0, uses: 0, results: 0, boundary: 0, skipped: 0 };
  for (const file of files) {
    const plain = new FileParser();
    const both = recorder();
    const withSink = new FileParser({ readCost: both.sink });
    const only = recorder();
    const sinkOnly = new FileParser({ readCost: only.sink, corpus: false });
    splitLines(await Deno.readFile(file), (bytes, start, end, n) => {
      for (const parser of [plain, withSink, sinkOnly]) parser.onLine(bytes, start, end, n);
    });
    const facts = plain.finish();
    assert.deepEqual(withSink.finish(), facts, file);
    const counts = sinkOnly.finish().counts;
    assert.deepEqual([counts.lines, counts.malformedLines], [
      facts.counts.lines,
      facts.counts.malformedLines,
    ]);
    assert.deepEqual(only.calls, both.calls, file);
    for (const [kind, uuid] of only.calls) {
      if (kind === "record" && (uuid as number) % 2 === 1) seen.skipped++;
      else if (kind !== "record") seen[kind as keyof typeof seen]++;
    }
  }
  // The sample reaches every kind of call (counts over all files). Boundaries are fewer: the
  // sample has about two dozen, and the recorder skips the records of odd uuid numbers.
  for (const [name, count] of Object.entries(seen)) {
    assert.ok(count > (name === "boundary" ? 5 : 10), `${name}: ${count}`);
  }
});
