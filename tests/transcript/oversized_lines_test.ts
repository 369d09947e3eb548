/**
 * One huge line is skipped and counted, not buffered without limit (a link to /dev/zero or a
 * 3 GiB sparse file grew the scanner's memory until WebAssembly.Memory.grow failed). The limit is
 * an option (`maxLineBytes`); most tests use a small one, one uses the real 128 MiB limit on a
 * sparse file (cheap: the zeros are not on disk).
 */
import assert from "node:assert/strict";
import { LineSplitter, MAX_LINE_BYTES, readLines, splitLines } from "../../lib/transcript/jsonl.ts";
import { regionMemory } from "../../lib/transcript/_wasm_scanner.ts";
import { readCorpus } from "../../lib/transcript/read_corpus.ts";
import { measureReadCost } from "../../lib/readcost/measure_paths.ts";

const decoder = new TextDecoder();

function collect(
  text: string,
  maxLineBytes: number,
  chunk: number,
): { lines: [number, string][]; oversized: number; blank: number } {
  const lines: [number, string][] = [];
  const splitter = new LineSplitter((b, s, e, n) => {
    lines.push([n, decoder.decode(b.subarray(s, e))]);
  }, { chunkBytes: 16, maxLineBytes });
  const bytes = new TextEncoder().encode(text);
  for (let at = 0; at < bytes.length; at += chunk) splitter.push(bytes.subarray(at, at + chunk));
  splitter.finish();
  return { lines, oversized: splitter.oversizedLines, blank: splitter.blankLines };
}

Deno.test("LineSplitter: a line over maxLineBytes is skipped and counted; the rest is read", () => {
  // Limit 10 bytes. Lines (by hand): 1 "a" (1 byte), 2 twenty x's (oversized), 3 blank,
  // 4 exactly 10 bytes (kept), 5 eleven bytes (oversized), 6 "b", 7 an unterminated 30-byte tail.
  const text = `a\n${"x".repeat(20)}\n\n${"y".repeat(10)}\n${"z".repeat(11)}\nb\n${"w".repeat(30)}`;
  for (const chunk of [1, 3, 7, 16, 1000]) {
    const got = collect(text, 10, chunk);
    assert.deepEqual(got.lines, [[1, "a"], [4, "y".repeat(10)], [6, "b"]], `chunks of ${chunk}`);
    assert.equal(got.oversized, 3, `chunks of ${chunk}`);
    assert.equal(got.blank, 1);
  }
  // splitLines (the in-memory twin) applies the same limit.
  const result = splitLines(text, () => {}, { maxLineBytes: 10 });
  assert.equal(result.oversizedLines, 3);
  assert.equal(result.lines, 3);
});

Deno.test("LineSplitter: memory stays bounded by the limit, not by the line", () => {
  const before = regionMemory().byteLength;
  const splitter = new LineSplitter(() => assert.fail("no line is complete"), {
    chunkBytes: 1 << 16,
    maxLineBytes: 1 << 16,
  });
  const block = new Uint8Array(1 << 20); // NUL bytes, no newline
  for (let i = 0; i < 48; i++) splitter.push(block); // one 48 MiB line
  splitter.finish();
  assert.equal(splitter.oversizedLines, 1);
  // Without the limit the region doubled up to 64 MiB; with it, it never passes 128 KiB.
  assert.ok(
    regionMemory().byteLength - before <= 1 << 20,
    `grew ${regionMemory().byteLength - before}`,
  );
});

Deno.test("readLines, readCorpus and measure: a line over the real 128 MiB limit in a sparse file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const line = (n: number) =>
      JSON.stringify({
        type: "assistant",
        uuid: `u${n}`,
        requestId: `r${n}`,
        timestamp: `2026-01-01T00:0${n}:00.000Z`,
        message: { id: `m${n}`, model: "opus", usage: { input_tokens: 7, output_tokens: 1 } },
      });
    const path = `${dir}/s.jsonl`;
    await Deno.writeTextFile(path, line(1) + "\n");
    // 130 MiB of zeros (a hole), then a newline and a second record.
    await Deno.truncate(path, 130 * 1024 * 1024);
    await Deno.writeTextFile(path, "\n" + line(2) + "\n", { append: true });
    const before = regionMemory().byteLength;
    const read = await readLines(path, () => {});
    assert.equal(MAX_LINE_BYTES, 128 * 1024 * 1024);
    assert.deepEqual([read.lines, read.oversizedLines, read.blankLines], [2, 1, 0]);
    assert.ok(regionMemory().byteLength - before <= MAX_LINE_BYTES + (1 << 20));
    const corpus = await readCorpus([dir]);
    assert.equal(corpus.requests.length, 2);
    assert.equal(corpus.diagnostics.oversizedLines, 1);
    assert.equal(corpus.diagnostics.malformedLines, 0);
    const measured = await measureReadCost([dir], { minTurns: 1 });
    assert.equal(measured.report.diagnostics.skippedOversizedLines, 1);
    assert.equal(measured.report.tokens.inputTokens, 14);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
