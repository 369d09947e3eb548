import assert from "node:assert/strict";
import { corpusFromText, readCorpus, summarizeCorpus } from "../../lib/transcript/mod.ts";
import { blockBuffers, FileParser, keyHash } from "../../lib/transcript/parse_file.ts";
import { LineSplitter, splitLines } from "../../lib/transcript/jsonl.ts";
import { fixtureFiles, writeFixture } from "./fixture.ts";

// All expected values below are worked out by hand from tests/transcript/fixture.ts.
// Session rows (included sessions in order of first appearance, files in byte-wise path order):
//   0 old.jsonl main, 1 old.jsonl chain x1 (sub-agent), 2 s1 main, 3 agent aaa, 4 s2 main.

Deno.test("reader: sessions, model filter and exclusions", () => {
  const corpus = corpusFromText(fixtureFiles());
  assert.equal(corpus.model, "opus"); // opus 11 requests, sonnet 1, haiku 1
  assert.deepEqual([...corpus.sessions.kind], [0, 1, 0, 1, 0]);
  assert.deepEqual([...corpus.sessions.requestCount], [3, 1, 4, 2, 1]);
  assert.deepEqual(corpus.diagnostics.excludedSessions, { otherModel: 2, noTargetModel: 1 });
  assert.deepEqual(corpus.diagnostics.requestsByModel, { opus: 11, sonnet: 1, haiku: 1 });
  assert.equal(corpus.requests.length, 11);
});

Deno.test("reader: split responses keep the largest usage and the earliest timestamp", () => {
  const r = corpusFromText(fixtureFiles()).requests;
  const m1 = 4; // s1 rows start at 3 + 1 = 4 (old main 3 rows, chain x1 1 row)
  assert.equal(r.session[m1], 2);
  assert.equal(r.output[m1], 50); // preliminary 2, final 50
  assert.equal(r.timeMs[m1], Date.parse("2026-03-02T10:00:05.000Z"));
  assert.equal(r.context[m1], 1003); // 3 + 1000 + 0
});

Deno.test("reader: token categories, missing cache_creation and 1h writes", () => {
  const r = corpusFromText(fixtureFiles()).requests;
  // m2 has no cache_creation object: all 200 created tokens are 5-minute writes.
  assert.equal(r.cacheWrite5m[5], 200);
  assert.equal(r.cacheWrite1h[5], 0);
  // m3: 300 one-hour writes, x = 1 + 300 + 1202 = 1503, c = 1202 / 1503.
  assert.equal(r.cacheWrite1h[6], 300);
  assert.equal(r.context[6], 1503);
  assert.equal(r.cachedShare[6], 1202 / 1503);
});

Deno.test("reader: compactions with every duration fallback", () => {
  const c = corpusFromText(fixtureFiles()).compactions;
  assert.equal(c.length, 2); // s2's copy of cb1 has the same uuid and is not counted again
  // cb1 (s1, auto): C = x(m3) = 1503; 10:11:00 − 10:10:30 = 30 s; G = ceil(401/4) = 101;
  // R = x(m4) = 5 + 600 + 100 = 705; β = 1202/1503; c after = 100/705.
  assert.deepEqual(
    [c.session[0], c.trigger[0], c.inputTokens[0], c.durationSeconds[0], c.summaryTokens[0]],
    [2, 0, 1503, 30, 101],
  );
  assert.equal(c.postContext[0], 705);
  assert.equal(c.cachedShareBefore[0], 1202 / 1503);
  assert.equal(c.cachedShareAfter[0], 100 / 705);
  // cb2 (agent aaa, manual): C = preTokens 5000; 12:01:52 − 12:01:10 = 42 s; G = ceil(90/4) = 23;
  // R = 2000; β = 4000/4501.
  assert.deepEqual(
    [c.session[1], c.trigger[1], c.inputTokens[1], c.durationSeconds[1], c.summaryTokens[1]],
    [3, 1, 5000, 42, 23],
  );
  assert.equal(c.postContext[1], 2000);
  assert.equal(c.cachedShareBefore[1], 4000 / 4501);
});

Deno.test("reader: work-time gaps subtract compactions and drop idle gaps", () => {
  const r = corpusFromText(fixtureFiles()).requests;
  // old main: 10 s, 30 s; s1: 15 s, 585 s > 300 idle → 0, 65 − 30 = 35 s; aaa: 120 − 42 = 78 s.
  assert.deepEqual([...r.gapSeconds], [0, 10, 30, 0, 0, 15, 0, 35, 0, 78, 0]);
  assert.deepEqual([...r.compactionBefore], [-1, -1, -1, -1, -1, -1, -1, 0, -1, 1, -1]);
  // A longer idle limit keeps the 585 s gap.
  const patient = corpusFromText(fixtureFiles(), { idleLimitSeconds: 600 }).requests;
  assert.equal(patient.gapSeconds[6], 585);
});

Deno.test("reader: diagnostics count what was skipped", () => {
  const d = corpusFromText(fixtureFiles()).diagnostics;
  assert.equal(d.malformedLines, 2); // s1's truncated last line, old.jsonl's "[1,2]"
  assert.deepEqual(d.malformedExamples, [{ file: 2, line: 4 }, { file: 3, line: 16 }]);
  assert.equal(d.blankLines, 1);
  assert.equal(d.syntheticRecords, 1);
  assert.equal(d.apiErrorRecords, 1);
  assert.equal(d.microcompactions, 1);
  assert.equal(d.duplicateBlocks, 3); // a1b in s1, a1 and a1b copied into s2
  assert.equal(d.crossFileDuplicateRequests, 1);
  assert.equal(d.requestsWithoutMessageId, 1);
  assert.equal(d.zeroUsageRequests, 0);
});

Deno.test("reader: summary matches hand-computed totals", () => {
  const s = summarizeCorpus(corpusFromText(fixtureFiles()));
  // u 22, w5 2450, w1h 300, r 9212, y 280 → D = 12264
  assert.equal(s.billedTokens, 12264);
  assert.equal(s.billingMix.cacheRead, 9212 / 12264);
  assert.equal(s.billingMix.cacheWrite5m, 2450 / 12264);
  assert.equal(s.billingMix.cacheWrite1h, 300 / 12264);
  assert.equal(s.billingMix.input, 22 / 12264);
  assert.equal(s.billingMix.output, 280 / 12264);
  assert.equal(s.omega, (22 + 1.25 * 2450 + 2 * 300) / (22 + 2450 + 300));
  assert.deepEqual(s.sessions, { main: 3, subagent: 2, helper: 0 });
  assert.deepEqual(s.compactions, {
    auto: 1,
    manual: 1,
    unknown: 0,
    other: 0,
    timed: 2,
    precomputed: 0,
  });
  assert.equal(s.observedTrigger, 1503);
  assert.equal(s.workHours, (10 + 30 + 15 + 35 + 78) / 3600);
  assert.equal(s.files, 6);
});

Deno.test("reader: --model picks another target", () => {
  const corpus = corpusFromText(fixtureFiles(), { model: "sonnet" });
  assert.equal(corpus.requests.length, 1);
  assert.deepEqual(corpus.diagnostics.excludedSessions, { otherModel: 6, noTargetModel: 1 });
});

Deno.test("reader: files on disk give the same corpus as text in memory", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await writeFixture(dir);
    const fromDisk = summarizeCorpus(await readCorpus([dir]));
    const fromText = summarizeCorpus(corpusFromText(fixtureFiles()));
    assert.deepEqual(fromDisk, fromText);
    // A repeated path is read once.
    assert.equal((await readCorpus([dir, `${dir}/proj`])).files, 6);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("reader: a missing path is an error naming it", async () => {
  await assert.rejects(() => readCorpus(["/no/such/dir-xyz"]), (e: Error) => {
    assert.ok(e instanceof Deno.errors.NotFound);
    assert.match(e.message, /\/no\/such\/dir-xyz/);
    return true;
  });
});

Deno.test("line splitter: every chunk boundary gives the same lines", () => {
  const text = fixtureFiles()[0].text;
  const bytes = new TextEncoder().encode(text);
  const collect = (chunks: Uint8Array[]) => {
    const out: string[] = [];
    const splitter = new LineSplitter((b, s, e, n) =>
      out.push(`${n}:${new TextDecoder().decode(b.subarray(s, e))}`)
    );
    for (const chunk of chunks) splitter.push(chunk);
    splitter.finish();
    return { out, blank: splitter.blankLines };
  };
  const whole = collect([bytes]);
  assert.equal(whole.out.length, 15); // 16 lines, one blank
  assert.equal(whole.blank, 1);
  for (let cut = 0; cut <= bytes.length; cut += 7) {
    assert.deepEqual(collect([bytes.slice(0, cut), bytes.slice(cut)]), whole);
  }
});

Deno.test("parser: a line of 64 MB parses without decoding its strings", () => {
  const big = "z".repeat(64 * 1024 * 1024);
  const line = JSON.stringify({
    type: "user",
    uuid: "big",
    timestamp: "2026-03-02T10:00:00.000Z",
    message: { role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: big }] },
  });
  const parser = new FileParser();
  splitLines(line + "\n", (b, s, e, n) => parser.onLine(b, s, e, n));
  const parsed = parser.finish();
  assert.equal(parsed.counts.malformedLines, 0);
  assert.equal(parsed.counts.recordTypes.user, 1);
});

Deno.test("parser: structurally broken lines are malformed", () => {
  const bad = [
    '{"type":"user","message":{"content":"x"}', // unclosed
    '{"type":"user",}',
    '{"type":tru}',
    '"just a string"',
    "42",
    '{"type":"assistant","message":{"id":"m","usage":{"input_tokens":1}]}}', // mismatched
  ];
  const parser = new FileParser();
  splitLines(bad.join("\n"), (b, s, e, n) => parser.onLine(b, s, e, n));
  assert.equal(parser.finish().counts.malformedLines, bad.length);
});

Deno.test("reader: worker threads give the same corpus as one thread", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await writeFixture(dir);
    const one = await readCorpus([dir], { workers: 1 });
    const two = await readCorpus([dir], { workers: 2 });
    assert.deepEqual(two, one);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("reader: three threads on many small files give the same corpus as one", async () => {
  // More files than threads, so the calling thread and both workers can all take some.
  const dir = await Deno.makeTempDir();
  try {
    for (let f = 0; f < 12; f++) {
      const lines = [];
      for (let k = 0; k < 5; k++) {
        lines.push(JSON.stringify({
          type: "assistant",
          uuid: `u${f}-${k}`,
          requestId: `r${f}-${k}`,
          timestamp: `2026-01-01T00:0${k}:00.000Z`,
          message: {
            id: `m${f}-${k}`,
            model: "m",
            usage: { input_tokens: f + k, output_tokens: 1 },
          },
        }));
      }
      await Deno.writeTextFile(`${dir}/s${String(f).padStart(2, "0")}.jsonl`, lines.join("\n"));
    }
    const one = await readCorpus([dir], { workers: 1 });
    const three = await readCorpus([dir], { workers: 3 });
    assert.deepEqual(three, one);
    assert.equal(one.requests.length, 60); // 12 files × 5 requests
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("reader: a file gone before its turn fails the threaded read with its name", async () => {
  // Ten files, largest first in the queue; the smallest (s9) is deleted once the first file is
  // done, so whichever thread opens it finds it missing. (chmod would not stop root.)
  const dir = await Deno.makeTempDir();
  try {
    for (let f = 0; f < 10; f++) {
      await Deno.writeTextFile(`${dir}/s${f}.jsonl`, "{}\n".repeat(1000 - 10 * f));
    }
    let deleted = false;
    await assert.rejects(
      () =>
        readCorpus([dir], {
          workers: 2,
          onProgress: () => {
            if (!deleted) Deno.removeSync(`${dir}/s9.jsonl`);
            deleted = true;
          },
        }),
      Deno.errors.NotFound,
      "s9.jsonl",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("reader: a file's typed block columns share one buffer, which a worker transfers", () => {
  const parser = new FileParser();
  const line = (id: string, input: number) =>
    `{"type":"assistant","uuid":"u${id}","timestamp":"2026-01-01T00:00:0${id}.000Z",` +
    `"message":{"id":"m${id}","model":"m","usage":{"input_tokens":${input},"output_tokens":2}}}`;
  splitLines(
    [line("1", 5), line("2", 7), line("3", 11)].join("\n"),
    (b, s, e, n) => parser.onLine(b, s, e, n),
  );
  const { blocks } = parser.finish();
  const buffers = blockBuffers(blocks);
  assert.equal(buffers.length, 1);
  // Three blocks: seven float columns of 8 bytes and the session column of 4, by hand.
  assert.equal(buffers[0].byteLength, 3 * (7 * 8 + 4));
  assert.deepEqual([...blocks.input], [5, 7, 11]);
  assert.deepEqual([...blocks.output], [2, 2, 2]);
  assert.deepEqual([...blocks.session], [0, 0, 0]);
  assert.deepEqual([...blocks.keyHash], ["m1", "m2", "m3"].map(keyHash));
  assert.deepEqual([...blocks.timeMs].map((t) => t - blocks.timeMs[0]), [0, 1000, 2000]);
});
