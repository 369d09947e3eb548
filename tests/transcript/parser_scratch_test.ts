/**
 * A finished parser hands its uuid arena and id buffer to the thread's next parser
 * (lib/transcript/parse_file.ts, SPARE_UUID_ARENAS). These tests check that nothing but the
 * buffers carries over: parsers alive at once keep their own, and a parser that inherits a buffer
 * finds none of its previous owner's records.
 */
import assert from "node:assert/strict";
import { FileParser } from "../../lib/transcript/parse_file.ts";
import { splitLines } from "../../lib/transcript/jsonl.ts";
import { jsonl, usage } from "./_both_paths.ts";
import { assistant } from "./fixture.ts";

const req = (uuid: string, time: string, x: number) =>
  assistant({ uuid, time, id: `msg-${uuid}`, usage: usage(0, x, 0, 1) });

const feed = (parser: FileParser, records: unknown[]) =>
  splitLines(jsonl(records), (bytes, start, end, n) => parser.onLine(bytes, start, end, n));

Deno.test("parser scratch: a parser that inherits a buffer finds none of its owner's records", () => {
  // Parser A writes r0..r2 into its arena and finishes. B, made next, takes that arena. B reads
  // r1 (10:00:01) after its own r9 (10:00:05): a record not later than B's latest is looked up,
  // and B has seen no r1, so nothing is repeated: 2 blocks, 0 repeats (by hand).
  const a = new FileParser();
  feed(a, [req("r0", "10:00:00", 100), req("r1", "10:00:01", 101), req("r2", "10:00:02", 102)]);
  assert.equal(a.finish().counts.repeatedRecordUuids, 0);
  const b = new FileParser();
  feed(b, [req("r9", "10:00:05", 200), req("r1", "10:00:01", 101)]);
  const parsed = b.finish();
  assert.equal(parsed.counts.repeatedRecordUuids, 0);
  assert.equal(parsed.blocks.key.length, 2);
});

Deno.test("parser scratch: parsers alive at once keep their own arenas", () => {
  // A reads r0 and r1; B (made while A is open, after C finished and left a spare) reads other
  // records; then A reads a copy of r0 (same uuid, same time): A's arena must still hold r0, so
  // the copy is one repeat, and A has 2 blocks (by hand). B's 3 records are all its own.
  const c = new FileParser();
  feed(c, [req("c0", "09:00:00", 1)]);
  c.finish();
  const a = new FileParser();
  feed(a, [req("r0", "10:00:00", 100), req("r1", "10:00:01", 101)]);
  const b = new FileParser();
  feed(b, [req("b0", "11:00:00", 1), req("b1", "11:00:01", 2), req("b2", "11:00:02", 3)]);
  feed(a, [req("r0", "10:00:00", 100)]);
  const parsedA = a.finish();
  assert.equal(parsedA.counts.repeatedRecordUuids, 1);
  assert.equal(parsedA.blocks.key.length, 2);
  const parsedB = b.finish();
  assert.equal(parsedB.counts.repeatedRecordUuids, 0);
  assert.equal(parsedB.blocks.key.length, 3);
});

Deno.test("parser scratch: a parser is finished once", () => {
  const parser = new FileParser();
  feed(parser, [req("r0", "10:00:00", 100)]);
  parser.finish();
  assert.throws(() => parser.finish(), /Cannot finish a file parser twice/);
});
