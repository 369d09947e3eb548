/**
 * LineSplitter on the scanner's memory regions: tiny chunks, region growth, nesting, fill().
 *
 * Expected lines come from `referenceLines` below (String.split("\n") of the whole text, each
 * piece trimmed of the four JSON whitespace characters, a leading BOM dropped, an empty piece
 * after the last "\n" not a line) or are worked out by hand where marked. Random inputs come from
 * mulberry32 with the seeds recorded next to each test.
 */

import assert from "node:assert/strict";
import { LineSplitter, readLines, splitLines } from "../../lib/transcript/jsonl.ts";
import { acquireRegion, regionMemory, releaseRegion } from "../../lib/transcript/_wasm_scanner.ts";
import { int, mulberry32, type Rand } from "./_random.ts";

const encoder = new TextEncoder();
/** Keeps a BOM inside a line as U+FEFF (the default decoder would drop a leading one). */
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

type Line = [number, string];

interface Split {
  lines: Line[];
  blankLines: number;
}

/** The reference framing, from String.split("\n") of the whole text. */
function referenceLines(text: string): Split {
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const pieces = body.split("\n");
  if (pieces.at(-1) === "") pieces.pop(); // text ending in "\n": no line after it
  const lines: Line[] = [];
  let blankLines = 0;
  pieces.forEach((piece, i) => {
    const trimmed = piece.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "");
    if (trimmed === "") blankLines++;
    else lines.push([i + 1, trimmed]);
  });
  return { lines, blankLines };
}

/** A splitter that records its lines as [lineNumber, text]. */
function recorder(chunkBytes = 16): { splitter: LineSplitter; lines: Line[] } {
  const lines: Line[] = [];
  const splitter = new LineSplitter((bytes, start, end, n) => {
    lines.push([n, decoder.decode(bytes.subarray(start, end))]);
  }, { chunkBytes });
  return { splitter, lines };
}

/** The address the next region would get; equal before and after a test: no region leaked. */
function nextRegionOffset(): number {
  const probe = acquireRegion(1);
  releaseRegion(probe);
  return probe.offset;
}

/** Pushes `bytes` in chunks of the given sizes (cycled), then finishes. */
function pushInChunks(bytes: Uint8Array, sizes: number[], chunkBytes = 16): Split & {
  bytes: number;
} {
  const { splitter, lines } = recorder(chunkBytes);
  try {
    let k = 0;
    for (let from = 0; from < bytes.length; k++) {
      const size = sizes[k % sizes.length];
      // A scratch chunk reused between pushes: push must copy it.
      const chunk = bytes.slice(from, from + size);
      splitter.push(chunk);
      chunk.fill(0x21);
      from += size;
    }
    splitter.finish();
  } finally {
    splitter.close();
  }
  return { lines, blankLines: splitter.blankLines, bytes: splitter.bytes };
}

const WORDS = ["a", "{}", "é", "中文", "😀", '"x"', "\\", " ", "\t", "\r", "[1,2]", "0123456789"];

/** A random text: lines of 0..~300 bytes, CRLF, blank and whitespace-only lines, maybe a BOM. */
function randomText(rand: Rand): string {
  let text = rand() < 0.2 ? "\uFEFF" : "";
  const lines = int(rand, 0, 12);
  for (let i = 0; i < lines; i++) {
    const r = rand();
    if (r < 0.1) text += "";
    else if (r < 0.2) text += " \t ";
    else {
      const words = rand() < 0.15 ? int(rand, 40, 120) : int(rand, 1, 12);
      for (let w = 0; w < words; w++) text += WORDS[int(rand, 0, WORDS.length - 1)];
    }
    text += rand() < 0.3 ? "\r\n" : "\n";
  }
  if (rand() < 0.5) text += "tail" + "z".repeat(int(rand, 0, 40)); // final line without "\n"
  return text;
}

Deno.test("LineSplitter: CRLF, blank lines, BOM, a final line without newline, line numbers", () => {
  const before = nextRegionOffset();
  // Worked by hand: line 1 after the BOM, line 2 blank (CRLF only), line 3 whitespace only,
  // line 4 trimmed, line 5 a final line without "\n".
  const text = '\uFEFF{"a":1}\r\n\r\n \t \n  {"b":2}  \r\n{"c":3}';
  const expected: Line[] = [[1, '{"a":1}'], [4, '{"b":2}'], [5, '{"c":3}']];
  assert.deepEqual(referenceLines(text).lines, expected);
  const bytes = encoder.encode(text);
  for (const size of [1, 2, 3, 5, 16, bytes.length]) {
    // A BOM is only recognised when the first push holds all three of its bytes; see the
    // random test below.
    const sizes = size < 3 ? [3, size] : [size];
    const got = pushInChunks(bytes, sizes);
    assert.deepEqual(got.lines, expected, `chunks of ${size}`);
    assert.equal(got.blankLines, 2);
    assert.equal(got.bytes, bytes.length);
  }
  // splitLines gives the same, and counts what it delivered.
  const seen: Line[] = [];
  const result = splitLines(text, (b, s, e, n) => seen.push([n, decoder.decode(b.subarray(s, e))]));
  assert.deepEqual(seen, expected);
  assert.deepEqual(result, { bytes: bytes.length, blankLines: 2, lines: 3, oversizedLines: 0 });
  // A BOM not at the start stays in the line (by hand).
  const inner: Line[] = [];
  splitLines("a\n\uFEFFb", (b, s, e, n) => inner.push([n, decoder.decode(b.subarray(s, e))]));
  assert.deepEqual(inner, [[1, "a"], [2, "\uFEFFb"]]);
  // Empty input and a lone newline: no lines; the newline is one blank line (by hand).
  assert.deepEqual(splitLines("", () => assert.fail()), {
    bytes: 0,
    blankLines: 0,
    lines: 0,
    oversizedLines: 0,
  });
  assert.deepEqual(splitLines("\n", () => assert.fail()), {
    bytes: 1,
    blankLines: 1,
    lines: 0,
    oversizedLines: 0,
  });
  assert.equal(nextRegionOffset(), before);
});

Deno.test("LineSplitter: lines far longer than a 16-byte chunk grow the region", () => {
  const before = nextRegionOffset();
  // Lines of 1,000 and 5,000 bytes with a 16-byte region: it doubles until each fits.
  const long = "x".repeat(1000);
  const longer = "é".repeat(2500); // 5,000 bytes
  const text = `${long}\nshort\n${longer}\r\n\n${long}${longer}`;
  const expected = referenceLines(text);
  assert.equal(expected.lines.length, 4);
  const bytes = encoder.encode(text);
  for (const sizes of [[bytes.length], [7], [1, 16, 100], [4096]]) {
    const got = pushInChunks(bytes, sizes);
    assert.deepEqual(got.lines, expected.lines, `chunks ${sizes}`);
    assert.equal(got.blankLines, expected.blankLines);
  }
  assert.equal(nextRegionOffset(), before);
});

Deno.test("LineSplitter: random chunk sizes give the lines of String.split", () => {
  // Seed 0x11e5_0001; 300 texts, each pushed in random chunk sizes 1..40 to a 16-byte region.
  const before = nextRegionOffset();
  const rand = mulberry32(0x11e50001);
  for (let round = 0; round < 300; round++) {
    const text = randomText(rand);
    const bytes = encoder.encode(text);
    const sizes = Array.from({ length: 20 }, () => int(rand, 1, 40));
    // A BOM split across the first two pushes is not recognised (jsonl.ts only looks for it in
    // the first chunk), so a text with a BOM starts with a push of at least 3 bytes.
    if (text.startsWith("\uFEFF")) sizes[0] = Math.max(3, sizes[0]);
    const expected = referenceLines(text);
    const got = pushInChunks(bytes, sizes);
    assert.deepEqual(got.lines, expected.lines, `round ${round}: ${JSON.stringify(text)}`);
    assert.equal(got.blankLines, expected.blankLines, `round ${round}`);
    assert.equal(got.bytes, bytes.length);
  }
  assert.equal(nextRegionOffset(), before);
});

Deno.test("LineSplitter: fill() with a reader that returns a few bytes at a time", () => {
  // Seed 0x11e5_0002. The reader hands out 1..7 bytes per call (never more than it is offered),
  // then null; the lines must be those of String.split.
  const before = nextRegionOffset();
  const rand = mulberry32(0x11e50002);
  for (let round = 0; round < 100; round++) {
    const text = randomText(rand);
    const bytes = encoder.encode(text);
    const { splitter, lines } = recorder(16);
    let at = 0;
    let calls = 0;
    try {
      const read = (into: Uint8Array): number | null => {
        calls++;
        assert.ok(into.length > 0, "fill offers room for at least one byte");
        if (at >= bytes.length) return null;
        // The first read gives 3 bytes or more, so a BOM arrives in one piece (see above).
        const want = at === 0 ? int(rand, 3, 7) : int(rand, 1, 7);
        const n = Math.min(into.length, bytes.length - at, want);
        into.set(bytes.subarray(at, at + n));
        at += n;
        return n;
      };
      while (splitter.fill(read));
      splitter.finish();
    } finally {
      splitter.close();
    }
    const expected = referenceLines(text);
    assert.deepEqual(lines, expected.lines, `round ${round}: ${JSON.stringify(text)}`);
    assert.equal(splitter.blankLines, expected.blankLines);
    assert.equal(splitter.bytes, bytes.length);
    assert.ok(calls >= Math.ceil(bytes.length / 7));
  }
  assert.equal(nextRegionOffset(), before);
});

Deno.test("LineSplitter: readLines on a file with a small read size", async () => {
  // Seed 0x11e5_0003: 20 random texts, read 16 bytes at a time (the file's first read is a full
  // 16 bytes, so a BOM is seen whole).
  const before = nextRegionOffset();
  const rand = mulberry32(0x11e50003);
  const path = await Deno.makeTempFile({ suffix: ".jsonl" });
  try {
    for (let round = 0; round < 20; round++) {
      const text = randomText(rand);
      await Deno.writeTextFile(path, text);
      const lines: Line[] = [];
      const result = await readLines(path, (b, s, e, n) => {
        lines.push([n, decoder.decode(b.subarray(s, e))]);
      }, { chunkBytes: 16 });
      const expected = referenceLines(text);
      assert.deepEqual(lines, expected.lines, `round ${round}`);
      assert.deepEqual(result, {
        bytes: encoder.encode(text).length,
        blankLines: expected.blankLines,
        lines: expected.lines.length,
        oversizedLines: 0,
      });
    }
  } finally {
    await Deno.remove(path);
  }
  assert.equal(nextRegionOffset(), before);
});

Deno.test("LineSplitter: a handler that runs splitLines itself (regions stack)", () => {
  const before = nextRegionOffset();
  // Each outer line lists inner lines separated by "|"; the handler splits a copy of it. The
  // third outer line's inner input is larger than the whole memory so far, so the memory grows
  // (and the outer splitter's view is replaced) while the outer splitter is inside its loop.
  const count = Math.ceil(regionMemory().length / 100) + 10;
  const big = Array.from({ length: count }, (_, i) => `${i}:${"b".repeat(95)}`).join("|");
  let grew = 0;
  const outerText = ["a|b|c", "", "d||e", big, "f"].join("\n");
  const expectedOuter = referenceLines(outerText);
  const outer: Line[] = [];
  const inner: Line[][] = [];
  const result = splitLines(outerText, (bytes, start, end, n) => {
    const text = decoder.decode(bytes.subarray(start, end));
    outer.push([n, text]);
    const lines: Line[] = [];
    // A copy: the view `bytes` goes stale when the nested splitter grows the memory.
    splitLines(encoder.encode(text.replaceAll("|", "\n")), (b, s, e, k) => {
      lines.push([k, decoder.decode(b.subarray(s, e))]);
    });
    inner.push(lines);
    if (bytes.buffer !== regionMemory().buffer) grew++;
  });
  assert.deepEqual(outer, expectedOuter.lines);
  assert.equal(result.lines, 4);
  assert.equal(result.blankLines, 1);
  assert.deepEqual(
    inner,
    expectedOuter.lines.map(([, text]) => referenceLines(text.replaceAll("|", "\n")).lines),
  );
  assert.equal(inner[2].length, count);
  assert.equal(grew, 1, "the memory grew inside the handler of the big line");
  assert.equal(nextRegionOffset(), before);
});

Deno.test("LineSplitter: the outer region grows while an inner one sits above it", () => {
  const before = nextRegionOffset();
  // The outer handler feeds every line to an inner splitter that lives across calls (and holds an
  // unfinished line between them). Outer lines grow past 16 bytes after the inner region was
  // taken, so the outer region must move above it; then inner lines grow past the inner region,
  // which moves above the outer one. Expected lines: String.split of what each side was given.
  const outerLines = ["a", "b".repeat(40), "c".repeat(200), "d", "e".repeat(1000), "f"];
  const outerText = outerLines.join("\n");
  let innerText = "";
  const innerLines: Line[] = [];
  const outerStarts: number[] = [];
  const innerStarts: number[] = [];
  let inner: LineSplitter | undefined;
  const seenOuter: Line[] = [];
  const outer = new LineSplitter((bytes, start, end, n) => {
    outerStarts.push(start);
    const text = decoder.decode(bytes.subarray(start, end));
    seenOuter.push([n, text]);
    inner ??= new LineSplitter((b, s, e, k) => {
      innerStarts.push(s);
      innerLines.push([k, decoder.decode(b.subarray(s, e))]);
    }, { chunkBytes: 16 });
    // Every other line ends without "\n", so the inner splitter carries it into the next push.
    const piece = n % 2 === 1 ? `${text}-` : `${text}${text}\n`;
    innerText += piece;
    inner.push(encoder.encode(piece));
  }, { chunkBytes: 16 });
  try {
    const bytes = encoder.encode(outerText);
    for (let from = 0; from < bytes.length; from += 5) outer.push(bytes.subarray(from, from + 5));
    outer.finish();
    inner?.finish();
  } finally {
    outer.close();
    inner?.close();
  }
  assert.deepEqual(seenOuter, referenceLines(outerText).lines);
  assert.deepEqual(innerLines, referenceLines(innerText).lines);
  // The outer region moved above the inner one: its first line sat below the inner's first
  // line, its later (long) lines above it.
  assert.ok(outerStarts[0] < innerStarts[0], `${outerStarts} / ${innerStarts}`);
  assert.ok(outerStarts.at(-2)! > innerStarts[0], `${outerStarts} / ${innerStarts}`);
  // And the inner region moved above the outer one when its own lines outgrew it.
  assert.ok(innerStarts.at(-1)! > outerStarts.at(-2)!, `${outerStarts} / ${innerStarts}`);
  assert.equal(nextRegionOffset(), before);
});

Deno.test("LineSplitter: close() is safe twice, after finish() and before any input", () => {
  const before = nextRegionOffset();
  const a = recorder();
  a.splitter.push(encoder.encode("one\ntwo"));
  a.splitter.close(); // drops the unfinished "two" (by hand: only line 1 was delivered)
  a.splitter.close();
  a.splitter.finish(); // nothing left to deliver
  assert.deepEqual(a.lines, [[1, "one"]]);
  const b = recorder();
  b.splitter.finish();
  b.splitter.close();
  b.splitter.close();
  assert.deepEqual(b.lines, []);
  const c = recorder();
  c.splitter.close();
  assert.equal(nextRegionOffset(), before);
  // Regions released out of order (the lower first) are all returned once the upper one goes.
  const low = acquireRegion(10);
  const high = acquireRegion(10);
  releaseRegion(low);
  assert.ok(nextRegionOffset() > high.offset);
  releaseRegion(high);
  assert.equal(nextRegionOffset(), before);
  // The memory views handed out stay usable (regionMemory re-fetches after growth).
  assert.ok(regionMemory().length >= before);
});
