/**
 * `cli/measure.ts` run in-process through `main(args, io)`: every exit code, the flags, JSON
 * determinism, and the aggregates-only guarantee.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { EXIT, HELP, main } from "../../cli/measure.ts";
import { assistant, call, jsonl, result, usage } from "./_records.ts";
import { meetingPermissionBits } from "../_unprivileged.ts";

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(args: string[]): Promise<Run> {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
  });
  return { code, stdout, stderr };
}

/** A session of `n` messages (1,000 observed input tokens each) and one 8,000-char bulk read. */
function session(n: number): string {
  const records: unknown[] = [
    call("t", "Read", { file_path: "/p/f.py" }, { messageId: "m0", usage: usage(10, 90, 900) }),
    result("t", "x".repeat(8000)),
  ];
  for (let i = 1; i < n; i++) records.push(assistant({ id: `m${i}`, usage: usage(10, 90, 900) }));
  return jsonl(records);
}

async function withDir(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "readcost_cli_" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("exit 0: a report on stdout, nothing on stderr", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.jsonl"), session(5));
    const { code, stdout, stderr } = await run([dir]);
    assert.equal(code, EXIT.ok);
    assert.equal(stderr, "");
    // 8,000 chars → 2,000 one-shot tokens, 4 later messages → 8,000 carried; input 5,000.
    assert.match(stdout, /Observed input tokens +5,000/);
    assert.match(stdout, /candidates +1 +- +8,000 +2,000 +8,000 +40\.00% +160\.00%/);
  });
});

Deno.test("--json: one JSON document, schemaVersion 1, thresholds from the flags", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.jsonl"), session(3));
    const { code, stdout } = await run(["--json", "--min-turns", "3", "--min-chars=9000", dir]);
    assert.equal(code, EXIT.ok);
    const report = JSON.parse(stdout);
    assert.equal(report.schemaVersion, 1);
    assert.deepEqual(report.thresholds, { minTurns: 3, minChars: 9000 });
    // 8,000 < 9,000: no candidate. One-shot 2,000 and carried 2 × 2,000 = 4,000 for all results.
    assert.equal(report.candidates.results, 0);
    assert.equal(report.allResults.carriedTokens, 4000);
    assert.equal(report.tokens.observedInputTokens, 3000);
  });
});

Deno.test("--json output is byte-identical for identical inputs, in any order", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.jsonl"), session(5));
    await Deno.writeTextFile(join(dir, "b.jsonl"), session(9) + "{broken\n");
    const one = await run(["--json", join(dir, "a.jsonl"), join(dir, "b.jsonl")]);
    const two = await run(["--json", join(dir, "b.jsonl"), join(dir, "a.jsonl")]);
    const three = await run(["--json", dir]);
    assert.equal(one.code, EXIT.ok);
    assert.equal(one.stdout, two.stdout);
    assert.equal(one.stdout, three.stdout);
    assert.match(one.stderr, /skipped 1 malformed lines/);
  });
});

Deno.test("repeated input paths are counted once", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.jsonl"), session(5));
    const { stdout } = await run(["--json", dir, join(dir, "a.jsonl"), dir + "/./"]);
    assert.equal(JSON.parse(stdout).files.read, 1);
  });
});

Deno.test("exit 1: no file reaches --min-turns", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.jsonl"), session(4) + "{bad\n");
    const { code, stdout, stderr } = await run([dir]);
    assert.equal(code, EXIT.emptySample);
    assert.equal(stdout, "");
    assert.match(stderr, /empty usable sample: the 1 file does not have at least 5 usage-bearing/);
    assert.match(stderr, /1 malformed lines skipped/);
    assert.equal((await run(["--min-turns", "4", dir])).code, EXIT.ok);
  });
});

Deno.test("exit 1: an empty directory, or qualifying files with no input tokens", async () => {
  await withDir(async (dir) => {
    assert.equal((await run([dir])).code, EXIT.emptySample);
    await Deno.writeTextFile(
      join(dir, "z.jsonl"),
      jsonl([assistant({ id: "a", usage: usage(0, 0, 0, 9) })]),
    );
    const { code, stderr } = await run(["--min-turns", "1", dir]);
    assert.equal(code, EXIT.emptySample);
    assert.match(stderr, /observed 0 input tokens/);
  });
});

Deno.test("exit 2: invalid arguments", async () => {
  const cases: [string[], RegExp][] = [
    [["--bogus", "x"], /unknown option --bogus/],
    [["-q", "x"], /unknown option -q/],
    [["--min-turns", "0", "x"], /--min-turns must be a positive integer, got "0"/],
    [["--min-turns=-2", "x"], /--min-turns must be a positive integer, got "-2"/],
    [["--min-chars", "1.5", "x"], /--min-chars must be a positive integer/],
    [["--min-chars", "8k", "x"], /--min-chars must be a positive integer/],
    [["--min-chars", "99999999999999999999", "x"], /--min-chars must be a positive integer/],
    [["--min-chars=", "x"], /--min-chars must be a positive integer, got ""/],
    [["x", "--min-turns"], /--min-turns needs a value/],
    [["--min-turns", "2", "--min-turns", "3", "x"], /--min-turns was given 2 times/],
    [["--json=yes", "x"], /--json takes no value/],
    [[], /no input path given/],
    [["--json"], /no input path given/],
  ];
  for (const [args, message] of cases) {
    const { code, stdout, stderr } = await run(args);
    assert.equal(code, EXIT.invalidArguments, args.join(" "));
    assert.equal(stdout, "");
    assert.match(stderr, message, args.join(" "));
  }
});

Deno.test("exit 3: a missing path, named in the message", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.jsonl"), session(5));
    const missing = join(dir, "nope.jsonl");
    const { code, stdout, stderr } = await run([dir, missing]);
    assert.equal(code, EXIT.missingPath);
    assert.equal(stdout, "");
    assert.match(stderr, /path does not exist/);
    assert.ok(stderr.includes(missing));
  });
});

Deno.test("exit 4: a path that cannot be read as a file or directory", async () => {
  const { code, stderr } = await run(["/dev/null"]);
  assert.equal(code, EXIT.unreadableFile);
  assert.match(stderr, /not a regular file or directory/);
});

Deno.test("exit 4: a file without read permission", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.jsonl"), session(5));
    await Deno.chmod(join(dir, "a.jsonl"), 0o000);
    if (Deno.uid() !== 0) {
      assert.equal((await run([dir])).code, EXIT.unreadableFile);
      return;
    }
    // Root reads anything: its own process, started without the capabilities that bypass the
    // permission bits (util-linux setpriv), meets them as any user does.
    const cli = new URL("../../cli/measure.ts", import.meta.url).pathname;
    const [cmd, ...args] = meetingPermissionBits(
      [Deno.execPath(), "run", "--allow-read", "--allow-env=INIT_CWD", cli, dir],
    );
    const { code, stderr } = await new Deno.Command(cmd, {
      args,
      stdout: "null",
      stderr: "piped",
    }).output();
    assert.equal(code, EXIT.unreadableFile, new TextDecoder().decode(stderr));
    assert.match(new TextDecoder().decode(stderr), /Cannot read input: Permission denied/);
  });
});

Deno.test("exit 5: an unexpected error, such as stdout closing early", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "a.jsonl"), session(5));
    let stderr = "";
    const code = await main([dir], {
      stdout: () => {
        throw new Deno.errors.BrokenPipe("Broken pipe (os error 32)");
      },
      stderr: (t) => void (stderr += t),
    });
    assert.equal(code, EXIT.unexpected);
    assert.match(stderr, /unexpected error: BrokenPipe: Broken pipe/);
  });
});

Deno.test("-- before a path that starts with a dash", async () => {
  await withDir(async (dir) => {
    await Deno.writeTextFile(join(dir, "-dash.jsonl"), session(5));
    const cwd = Deno.cwd();
    Deno.chdir(dir);
    try {
      assert.equal((await run(["--", "-dash.jsonl"])).code, EXIT.ok);
      assert.equal((await run(["--json", "--", "-dash.jsonl"])).code, EXIT.ok);
      assert.equal((await run(["-dash.jsonl"])).code, EXIT.invalidArguments);
    } finally {
      Deno.chdir(cwd);
    }
  });
});

Deno.test("--help: every flag with its default, every exit code", async () => {
  const { code, stdout, stderr } = await run(["--help", "ignored-path"]);
  assert.equal(code, EXIT.ok);
  assert.equal(stderr, "");
  assert.equal(stdout, HELP);
  for (const flag of ["-h, --help", "--json", "--min-turns N", "--min-chars N"]) {
    assert.ok(stdout.includes(flag), flag);
  }
  assert.match(stdout, /\(default: 5\)/);
  assert.match(stdout, /\(default: 8000\)/);
  for (const [name, value] of Object.entries(EXIT)) {
    assert.match(stdout, new RegExp(`^  ${value}  \\S`, "m"), name);
  }
  assert.equal((await run(["-h"])).stdout, HELP);
});

Deno.test("aggregates only: no planted marker reaches any output", async () => {
  const marker = (what: string) => `ZZMARK-${what}-7f3a`;
  await withDir(async (root) => {
    const dir = join(root, marker("dir"));
    await Deno.mkdir(join(dir, marker("session"), "subagents"), { recursive: true });
    const records: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const id = marker(`tool${i}`);
      const input = {
        file_path: marker(`path${i}`),
        command: `cat ${marker(`cmd${i}`)}`,
        pattern: marker(`pattern${i}`),
        prompt: marker(`prompt${i}`),
      };
      const name = ["Read", "Bash", "Grep", "Agent", "Edit", "Read"][i];
      const rec = call(id, name, input, {
        messageId: marker(`msg${i}`),
        usage: usage(1, 2, 3000),
      });
      rec.sessionId = marker("sessionid");
      rec.cwd = marker("cwd");
      rec.uuid = marker(`uuid${i}`);
      (rec.message as { content: unknown[] }).content.push({ type: "text", text: marker("say") });
      records.push(rec);
      records.push({
        ...result(id, marker(`result${i}`).repeat(700), { isError: i === 5 }),
        sessionId: marker("sessionid"),
        toolUseResult: { file: { filePath: marker("tur"), content: marker("turc") } },
      });
    }
    records.push({ type: "ai-title", aiTitle: marker("title"), sessionId: marker("sessionid") });
    records.push(`{"broken": "${marker("malformed")}"`);
    const text = jsonl(records);
    await Deno.writeTextFile(join(dir, `${marker("file")}.jsonl`), text);
    await Deno.writeTextFile(join(dir, marker("session"), "subagents", "agent-x.jsonl"), text);
    const subagents = join(dir, marker("session"), "subagents");
    const outputs: Run[] = [
      await run([dir, subagents]),
      await run(["--json", dir, subagents]),
      await run(["--json", "--min-turns", "1", "--min-chars", "1", dir, subagents]),
    ];
    for (const out of outputs) {
      assert.equal(out.code, EXIT.ok);
      assert.ok(out.stdout.length > 0);
      assert.ok(!out.stdout.includes("ZZMARK"), "stdout carries a marker");
      assert.ok(!out.stderr.includes("ZZMARK"), "stderr carries a marker");
    }
    // The sample really held the planted content: 2 files, 12 results, 2 malformed lines.
    const report = JSON.parse(outputs[1].stdout);
    assert.equal(report.files.included, 2);
    assert.equal(report.allResults.results, 12);
    assert.equal(report.diagnostics.skippedMalformedLines, 2);
  });
});
