/**
 * No output may land on a path the command reads, or on a `.jsonl` file (issue: `--requests`
 * onto a transcript overwrote it). Expected: exit 2, the transcript's bytes unchanged.
 */
import assert from "node:assert/strict";
import { main as corpusMain } from "../../cli/corpus.ts";
import { checkOutputPath } from "../../lib/io/output_path.ts";
import { runMain } from "../_capture.ts";

const LINE = JSON.stringify({
  type: "assistant",
  uuid: "u1",
  requestId: "r1",
  timestamp: "2026-01-01T00:00:00.000Z",
  message: { id: "m1", model: "opus", usage: { input_tokens: 5, output_tokens: 2 } },
}) + "\n";

async function withCorpus(fn: (dir: string, transcript: string) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/p`);
    await Deno.writeTextFile(`${dir}/p/s.jsonl`, LINE);
    await fn(dir, `${dir}/p/s.jsonl`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("corpus --requests onto a transcript of the corpus: exit 2, the transcript unchanged", async () => {
  await withCorpus(async (dir, transcript) => {
    const run = await runMain(corpusMain, ["--requests", transcript, dir]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--requests/);
    assert.equal(await Deno.readTextFile(transcript), LINE);
  });
});

Deno.test("corpus --requests onto any .jsonl file, or onto a named input: exit 2", async () => {
  await withCorpus(async (dir, transcript) => {
    const elsewhere = await Deno.makeTempDir();
    try {
      assert.equal(
        (await runMain(corpusMain, ["--requests", `${elsewhere}/x.JSONL`, dir])).code,
        2,
      );
      // A link with another name that points at the transcript is the transcript.
      await Deno.symlink(transcript, `${elsewhere}/link.csv`);
      assert.equal(
        (await runMain(corpusMain, ["--requests", `${elsewhere}/link.csv`, dir])).code,
        2,
      );
      // A hard link to a named file is that file.
      await Deno.link(transcript, `${elsewhere}/hard.csv`);
      assert.equal(
        (await runMain(corpusMain, ["--requests", `${elsewhere}/hard.csv`, transcript])).code,
        2,
      );
      assert.equal(await Deno.readTextFile(transcript), LINE);
      // A fresh CSV next to the corpus is fine.
      assert.equal((await runMain(corpusMain, ["--requests", `${elsewhere}/r.csv`, dir])).code, 0);
    } finally {
      await Deno.remove(elsewhere, { recursive: true });
    }
  });
});

Deno.test("checkOutputPath: the rules one by one", async () => {
  await withCorpus(async (dir, transcript) => {
    assert.match((await checkOutputPath(transcript, [dir]))!, /\.jsonl/);
    assert.match((await checkOutputPath(`${dir}/p`, [dir + "/p"]))!, /read/);
    assert.match((await checkOutputPath(dir, [transcript, dir]))!, /read/);
    assert.equal(await checkOutputPath(`${dir}/out.csv`, [dir]), undefined);
    assert.equal(await checkOutputPath("-", [dir]), undefined);
    // Relative and absolute spellings of one path are one path.
    const rel = `${dir}/p/../p/s.jsonl.csv`;
    await Deno.writeTextFile(`${dir}/p/s.jsonl.csv`, "x");
    assert.match((await checkOutputPath(rel, [`${dir}/p/s.jsonl.csv`]))!, /read/);
  });
});
