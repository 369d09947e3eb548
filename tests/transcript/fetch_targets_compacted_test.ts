/**
 * `readCorpus(paths, { fetchTargets: "compacted" })`: fetch targets gathered only in the files
 * with a compaction and in the files that share a request with those (in rounds, until none is
 * left), and the same rework windows as with targets in every file.
 */
import assert from "node:assert/strict";
import { estimateRework } from "../../lib/rework/estimate.ts";
import { compactionWindows } from "../../lib/rework/windows.ts";
import { readCorpus } from "../../lib/transcript/read_corpus.ts";
import { bash, read, sessionLines } from "../rework/_fixture.ts";

const text = (lines: string[]) => lines.join("\n") + "\n";

/**
 * Four files, by hand:
 * - a: Read x, Read y, a compaction, Read x: 3 fetches, 1 compaction.
 * - b: a copy of a's first request (its two lines), then a request of its own (Read z): shares
 *   a request with a, so it is read with targets; its copy of a's call counts once.
 * - c: Read x, `cat x`: 2 fetches, no compaction, nothing shared: read without targets.
 * - d: a copy of b's own request, then Read w: shares a request with b only, so it is read with
 *   targets in the second round.
 */
async function writeCorpus(dir: string): Promise<void> {
  const a = sessionLines("a", [
    { calls: [read("/p/x.ts", 8)] },
    { calls: [read("/p/y.ts", 8)] },
    "boundary",
    { calls: [read("/p/x.ts", 8)] },
  ]);
  const own = sessionLines("r", [{ calls: [read("/p/z.ts", 4)] }]);
  const b = [...a.slice(0, 2), ...own];
  const c = sessionLines("c", [{ calls: [read("/p/x.ts", 8)] }, { calls: [bash("cat x.ts", 4)] }]);
  const d = [...own, ...sessionLines("d", [{ calls: [read("/p/w.ts", 4)] }])];
  await Deno.mkdir(`${dir}/p`);
  for (const [name, lines] of Object.entries({ a, b, c, d })) {
    await Deno.writeTextFile(`${dir}/p/${name}.jsonl`, text(lines));
  }
}

for (const workers of [1, 2]) {
  Deno.test(`fetchTargets "compacted" (${workers} thread${workers > 1 ? "s" : ""}): the files a compaction's windows can reach`, async () => {
    const dir = await Deno.makeTempDir();
    try {
      await writeCorpus(dir);
      const every = await readCorpus([dir], { fetchTargets: true, workers });
      const compacted = await readCorpus([dir], { fetchTargets: "compacted", workers });
      // Every file: a 3, b 1 (+1 copy), c 2, d 1 (+1 copy) = 7 kept, 2 copies.
      assert.equal(every.fetches!.length, 7);
      assert.equal(every.fetches!.repeated, 2);
      // Without c: 5 kept, the same 2 copies.
      assert.equal(compacted.fetches!.length, 5);
      assert.equal(compacted.fetches!.repeated, 2);
      // c's requests are rows 4 and 5 of the table (path order a, b, c, d; a has 3, b 1 of its own).
      assert.deepEqual([...every.fetches!.request], [0, 1, 2, 3, 4, 5, 6]);
      assert.deepEqual([...compacted.fetches!.request], [0, 1, 2, 3, 6]);
      assert.deepEqual([...compacted.fetches!.tokens], [2, 2, 2, 1, 1]);
      // Everything else is as read with targets everywhere.
      const { fetches: _e, ...everyRest } = every;
      const { fetches: _c, ...compactedRest } = compacted;
      assert.deepEqual(compactedRest, everyRest);
      for (const k of [1, 2]) {
        assert.deepEqual(compactionWindows(compacted, k), compactionWindows(every, k));
      }
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}

Deno.test('fetchTargets "compacted": no compaction anywhere still gives a (empty) fetch table', async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/s.jsonl`,
      text(sessionLines("s", [{ calls: [read("/p/x.ts", 8)] }])),
    );
    const corpus = await readCorpus([dir], { fetchTargets: "compacted" });
    assert.equal(corpus.fetches?.length, 0);
    // The estimate says there are too few compactions, not that targets were not read.
    assert.doesNotMatch(estimateRework(corpus).reason ?? "", /without fetch targets/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test('fetchTargets "compacted" on the committed sample: the same rework estimate', async () => {
  const sample = new URL("../../data-synthetic/sample", import.meta.url).pathname;
  const every = await readCorpus([sample], { fetchTargets: true });
  const compacted = await readCorpus([sample], { fetchTargets: "compacted" });
  // The sample has files without a compaction, so fewer fetches are kept.
  assert.ok(compacted.fetches!.length < every.fetches!.length);
  assert.equal(estimateRework(compacted).source, "measured");
  assert.deepEqual(estimateRework(compacted), estimateRework(every));
});
