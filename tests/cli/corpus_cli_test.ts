import assert from "node:assert/strict";
import { main } from "../../cli/corpus.ts";
import { writeFixture } from "../transcript/fixture.ts";
import { type CapturedRun, runMain } from "../_capture.ts";

/** Runs the corpus CLI in-process, capturing stdout and stderr. */
function run(args: string[]): Promise<CapturedRun> {
  return runMain(main, args);
}

async function withFixture(fn: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  try {
    await writeFixture(dir);
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("corpus CLI: --json reports the hand-computed summary and nothing private", async () => {
  await withFixture(async (dir) => {
    const { code, stdout: out } = await run(["--json", dir]);
    assert.equal(code, 0);
    const summary = JSON.parse(out);
    assert.equal(summary.requests, 11);
    assert.equal(summary.billedTokens, 12264);
    assert.deepEqual(summary.sessions, { main: 3, subagent: 2, helper: 0 });
    // Transcript text, ids and paths never appear.
    for (const secret of ["SECRET", "m1:r1", "aaa", dir, "proj/"]) {
      assert.ok(!out.includes(secret), `output contains ${secret}`);
    }
    const text = await run([dir]);
    assert.equal(text.code, 0);
    assert.match(text.stdout, /Requests: 11/);
    assert.ok(!text.stdout.includes("SECRET"));
  });
});

Deno.test("corpus CLI: identical input gives byte-identical JSON", async () => {
  await withFixture(async (dir) => {
    assert.equal((await run(["--json", dir])).stdout, (await run(["--json", dir])).stdout);
  });
});

Deno.test("corpus CLI: --requests writes the per-request CSV without ids", async () => {
  await withFixture(async (dir) => {
    const csv = `${dir}/requests.csv`;
    assert.equal((await run(["--requests", csv, `${dir}/proj`])).code, 0);
    const rows = (await Deno.readTextFile(csv)).trim().split("\n");
    assert.equal(
      rows[0],
      "session,session_kind,timestamp_utc,input_tokens,cache_write_5m_tokens," +
        "cache_write_1h_tokens,cache_read_tokens,output_tokens,context_tokens,cached_share," +
        "other_model",
    );
    assert.equal(rows.length, 12); // header + 11 requests
    assert.equal(rows[7], `2,main,2026-03-02T10:10:05.000Z,1,0,300,1202,40,1503,${1202 / 1503},0`);
  });
});

Deno.test("corpus CLI: exit codes for bad input", async () => {
  assert.equal((await run(["--no-such-flag"])).code, 2);
  assert.equal((await run(["--idle-limit", "-5", "x"])).code, 2);
  const missing = await run(["/no/such/path-q7"]);
  assert.equal(missing.code, 3);
  assert.match(missing.stderr, /\/no\/such\/path-q7/);
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/bad.jsonl`, "{oops\n");
    const empty = await run([dir]);
    assert.equal(empty.code, 1);
    assert.match(empty.stderr, /empty sample/);
    assert.match(empty.stderr, /1 malformed/);
    // A folder with no transcript at all says so.
    await Deno.mkdir(`${dir}/none`);
    const none = await run([`${dir}/none`]);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /no transcript \(\*\.jsonl\) found under .*none/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("corpus CLI: a path it may not read exits 4, naming it", async () => {
  await withFixture(async (dir) => {
    // Read permission for one file only: listing the folder is refused.
    const command = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        `--allow-read=${dir}/proj/s1.jsonl,${Deno.cwd()}`,
        "--allow-env",
        "cli/corpus.ts",
        `${dir}/proj`,
      ],
      stdout: "piped",
      stderr: "piped",
    });
    const { code, stderr } = await command.output();
    assert.equal(code, 4);
    assert.match(new TextDecoder().decode(stderr), /proj/);
  });
});
