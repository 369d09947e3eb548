/**
 * What every command shares: `--version`, option errors in the toolkit's own words, `--requests -`,
 * the filters on `corpus`/`analyze`, and `measure`'s `--recursive` and folder hint.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { main as corpusMain } from "../../cli/corpus.ts";
import { main as analyzeMain } from "../../cli/analyze.ts";
import { main as reportMain } from "../../cli/report.ts";
import { main as demoMain } from "../../cli/demo.ts";
import { main as measureMain } from "../../cli/measure.ts";
import { parseCommandLine, UsageError, VERSION } from "../../cli/_shared.ts";
import { runMain } from "../_capture.ts";
import { writeFixture } from "../transcript/fixture.ts";
import { assistant, jsonl, usage } from "../readcost/_records.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

async function measure(args: string[]) {
  let stdout = "", stderr = "";
  const code = await measureMain(args, {
    stdout: (t) => void (stdout += t),
    stderr: (t) => void (stderr += t),
  });
  return { code, stdout, stderr };
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

Deno.test("--version on every command", async () => {
  for (
    const [name, main] of [
      ["corpus", corpusMain],
      ["analyze", analyzeMain],
      ["report", reportMain],
      ["demo", demoMain],
    ] as const
  ) {
    const run = await runMain(main, ["--version"]);
    assert.equal(run.code, 0, name);
    assert.equal(run.stdout, `${name} ${VERSION} (deno ${Deno.version.deno})`);
  }
  const m = await measure(["--version"]);
  assert.equal(m.code, 0);
  assert.equal(m.stdout, `measure ${VERSION} (deno ${Deno.version.deno})\n`);
});

Deno.test("option errors are the toolkit's own words", async () => {
  // A value starting with a dash is the option's value; the command then judges it.
  const alpha = await runMain(analyzeMain, ["--alpha", "-1", "/nowhere"]);
  assert.equal(alpha.code, 2);
  assert.equal(alpha.stderr, `analyze: --alpha must be a number >= 0 and <= 10, got "-1"`);
  const bogus = await runMain(corpusMain, ["--bogus"]);
  assert.equal(bogus.code, 2);
  assert.equal(
    bogus.stderr,
    "corpus: unknown option --bogus\nRun `deno task corpus --help` for usage.",
  );
  const cases: [string[], string][] = [
    [["--model"], "--model needs a value"],
    [["--json=1"], `--json takes no value, got "1"`],
    [["--model", "a", "--model=b"], "--model was given twice; give it once"],
    [["-x"], "unknown option -x (a path starting with a dash goes after --)"],
  ];
  const spec = { model: { type: "string" as const }, json: { type: "boolean" as const } };
  for (const [args, message] of cases) {
    assert.throws(() => parseCommandLine(args, spec), (e) => {
      assert.ok(e instanceof UsageError);
      assert.equal(e.message, message);
      return true;
    });
  }
  assert.deepEqual(parseCommandLine(["--", "--json", "-"], spec).positionals, ["--json", "-"]);
  assert.throws(() => parseCommandLine(["x"], spec, false), /unexpected argument "x"/);
});

Deno.test("corpus --requests - writes the CSV to stdout and the summary to stderr", async () => {
  await withFixture(async (dir) => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["run", "--allow-read", "--allow-env", "cli/corpus.ts", "--requests", "-", dir],
      cwd: ROOT,
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    const rows = new TextDecoder().decode(out.stdout).trim().split("\n");
    assert.equal(rows.length, 12); // header + the fixture's 11 requests
    assert.match(rows[0], /^session,session_kind,timestamp_utc,/);
    assert.match(new TextDecoder().decode(out.stderr), /Requests: 11/);
  });
});

Deno.test("corpus and analyze filters: dates and project by whole session, recorded in the JSON", async () => {
  await withFixture(async (dir) => {
    // Every session of the fixture starts on 2026-03-02 (UTC).
    const kept = await runMain(corpusMain, [
      "--json",
      "--since",
      "2026-03-02",
      "--until",
      "2026-03-02",
      dir,
    ]);
    assert.equal(kept.code, 0, kept.stderr);
    const summary = JSON.parse(kept.stdout);
    assert.equal(summary.requests, 11); // as unfiltered
    assert.equal(summary.options.filters.since, "2026-03-02");
    assert.equal(summary.options.filters.leftOut.files, 1); // empty.jsonl: no assistant record
    assert.equal(summary.options.filters.leftOut.undatedSessions, 1);
    const none = await runMain(corpusMain, ["--since", "2026-03-03", dir]);
    assert.equal(none.code, 1);
    assert.match(none.stderr, /--since 2026-03-03 left out all 6 transcript files/);
    const project = await runMain(analyzeMain, ["--project", "nope", dir]);
    assert.equal(project.code, 1);
    assert.match(project.stderr, /--project "nope" left out all 6 transcript files/);
    const bad = await runMain(analyzeMain, ["--until", "03/02/2026", dir]);
    assert.equal(bad.code, 2);
  });
});

Deno.test("measure: shallow by default with a hint, --recursive, --project", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const records = [];
    for (let i = 0; i < 6; i++) records.push(assistant({ id: `m${i}`, usage: usage(10, 0, 990) }));
    await Deno.mkdir(join(dir, "app", "s", "subagents"), { recursive: true });
    await Deno.mkdir(join(dir, "web"));
    await Deno.writeTextFile(join(dir, "app", "s.jsonl"), jsonl(records));
    await Deno.writeTextFile(join(dir, "app", "s", "subagents", "agent-a.jsonl"), jsonl(records));
    await Deno.writeTextFile(join(dir, "web", "t.jsonl"), jsonl(records));
    // The top folder has only sub-folders: no file, and a hint saying what to do.
    const shallow = await measure(["--json", dir]);
    assert.equal(shallow.code, 1);
    assert.match(
      shallow.stderr,
      /has no \*\.jsonl directly inside but 2 sub-folders; .*--recursive/,
    );
    const deep = await measure(["--json", "--recursive", dir]);
    assert.equal(deep.code, 0, deep.stderr);
    assert.equal(JSON.parse(deep.stdout).files.read, 3);
    assert.equal(JSON.parse(deep.stdout).options, undefined); // no filter, nothing recorded
    const app = await measure(["--json", "--recursive", "--project", "app", dir]);
    const report = JSON.parse(app.stdout);
    assert.equal(report.files.read, 2); // the session and its sub-agent
    assert.equal(report.options.filters.leftOut.files, 1);
    // A folder with files directly inside gets no hint.
    assert.equal((await measure([join(dir, "app")])).stderr, "");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
