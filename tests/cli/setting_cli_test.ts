/**
 * `deno task setting` end to end on a temporary HOME: each run is a real `deno task --config
 * <repo>/deno.json setting …` subprocess (so the task's own permissions are the ones tested),
 * started in a temporary working directory with a fresh environment whose HOME is a temporary
 * folder; the machine's own settings are never read or written.
 *
 * Read-only: these tests run as root, where a file's permission bits do not stop a write; the
 * command refuses from the bits themselves (lib/settings/write_settings.ts), which is what the
 * read-only case checks, besides the file staying byte-identical.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { homeEnv, homeTask } from "./_home_task.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CONFIG = join(ROOT, "deno.json");
const SAMPLE = join(ROOT, "data-synthetic", "sample");

// A settings file with keys the toolkit does not know, odd spacing and tabs, no final newline.
const ORIGINAL = '{\n\t"model": "opus",\n\t"permissions": { "allow": ["Bash(ls)"] },\n' +
  '\t"futureKey": {"x": [1,2,3]},\n\t"autoCompactWindow": 300000\n}';

function setting(
  home: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return homeTask(home, ["setting", ...args], env);
}

async function withHome(run: (home: string, settings: string) => Promise<void>) {
  const home = await Deno.makeTempDir({ prefix: "setting_cli_" });
  try {
    await Deno.mkdir(join(home, ".claude"));
    const settings = join(home, ".claude", "settings.json");
    await Deno.writeTextFile(settings, ORIGINAL);
    await run(home, settings);
  } finally {
    await Deno.chmod(home, 0o755).catch(() => {});
    await Deno.remove(home, { recursive: true });
  }
}

function backups(home: string): string[] {
  return [...Deno.readDirSync(join(home, ".claude"))].map((e) => e.name)
    .filter((n) => n.includes("bak")).sort();
}

/**
 * The analysis of the sample, once, as `analyze --json` writes it (no settings read); `--force`
 * because the sample's confidence grade is low (its cheapest trigger is on the grid's edge) and
 * the settings would be withheld.
 */
const ANALYSIS = await (async () => {
  const home = await Deno.makeTempDir({ prefix: "setting_cli_analysis_" });
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "task",
      "-q",
      "--config",
      CONFIG,
      "analyze",
      "--json",
      "--workloads",
      "8",
      "--force",
      SAMPLE,
    ],
    cwd: home,
    clearEnv: true,
    env: homeEnv(home),
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const path = join(home, "analysis.json");
  await Deno.writeFile(path, out.stdout);
  return path;
})();

Deno.test("setting: --write --yes then --revert --yes round-trips byte for byte; unknown keys kept", async () => {
  await withHome(async (home, settings) => {
    const before = await Deno.readFile(settings);
    const write = await setting(home, ["--write", "--yes", "--workloads", "8", "--force", SAMPLE]);
    assert.equal(write.code, 0, write.stderr);
    assert.match(write.stdout, /default\s+current\s+recommended/);
    assert.match(
      write.stdout,
      /Setting in use: autoCompactWindow 300000 \(from your settings\.json\)/,
    );
    assert.match(write.stdout, /^--- .*settings\.json$/m);
    assert.match(write.stdout, /^-\t"autoCompactWindow": 300000$/m);
    const after = JSON.parse(await Deno.readTextFile(settings));
    const analysis = JSON.parse(await Deno.readTextFile(ANALYSIS));
    const rec = analysis.recommendation;
    assert.equal(after.autoCompactWindow, rec.settings.autoCompactWindow);
    assert.deepEqual(after.env ?? {}, rec.settings.env);
    // Every other key as it was.
    const was = JSON.parse(ORIGINAL);
    for (const key of ["model", "permissions", "futureKey"]) assert.deepEqual(after[key], was[key]);
    assert.equal(backups(home).length, 1);
    assert.deepEqual(await Deno.readFile(join(home, ".claude", backups(home)[0])), before);
    const revert = await setting(home, ["--revert", "--yes"]);
    assert.equal(revert.code, 0, revert.stderr);
    assert.deepEqual(await Deno.readFile(settings), before);
  });
});

Deno.test("setting: a malformed settings file is refused with exit 2, nothing written", async () => {
  await withHome(async (home, settings) => {
    const broken = '{\n  "autoCompactWindow": 300000,\n';
    await Deno.writeTextFile(settings, broken);
    for (const args of [["--from", ANALYSIS], ["--from", ANALYSIS, "--write", "--yes"]]) {
      const run = await setting(home, args);
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.match(run.stderr, /settings\.json is not valid JSON/);
    }
    assert.equal(await Deno.readTextFile(settings), broken);
    assert.deepEqual(backups(home), []);
  });
});

Deno.test("setting: a read-only settings file is refused with exit 4, nothing written", async () => {
  await withHome(async (home, settings) => {
    await Deno.chmod(settings, 0o444);
    const run = await setting(home, ["--from", ANALYSIS, "--write", "--yes"]);
    assert.equal(run.code, 4, run.stdout + run.stderr);
    assert.match(run.stderr, /the file is read-only/);
    assert.equal(await Deno.readTextFile(settings), ORIGINAL);
    assert.deepEqual(backups(home), []);
    // A read-only folder too (the backup and the temporary file go there).
    await Deno.chmod(settings, 0o644);
    await Deno.chmod(join(home, ".claude"), 0o555);
    const folder = await setting(home, ["--from", ANALYSIS, "--write", "--yes"]);
    await Deno.chmod(join(home, ".claude"), 0o755);
    assert.equal(folder.code, 4, folder.stderr);
    assert.equal(await Deno.readTextFile(settings), ORIGINAL);
  });
});

Deno.test("setting: the environment's window is reported as the one in use, and the write warned", async () => {
  await withHome(async (home, settings) => {
    const env = { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "250000" };
    const run = await setting(home, ["--workloads", "8", "--force", SAMPLE], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Setting in use: autoCompactWindow 250000 \(from the environment\)/);
    // 250,000 − 33,000 = 217,000, the current column's trigger.
    assert.match(run.stdout, /trigger\s+967K\s+217K/);
    assert.match(run.stdout, /give --since DATE/);
    const write = await setting(home, ["--from", ANALYSIS, "--write", "--yes"], env);
    assert.equal(write.code, 0, write.stderr);
    assert.match(
      write.stdout,
      /Warning: CLAUDE_CODE_AUTO_COMPACT_WINDOW is set in the environment/,
    );
    assert.notEqual(await Deno.readTextFile(settings), ORIGINAL);
  });
});

Deno.test("setting: a withheld recommendation is not written without --force (exit 1)", async () => {
  await withHome(async (home, settings) => {
    const run = await setting(home, ["--write", "--yes", "--workloads", "8", SAMPLE]);
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /withheld/);
    assert.match(run.stdout, /Nothing written; `deno task setting --force --write` writes it/);
    assert.equal(await Deno.readTextFile(settings), ORIGINAL);
    assert.deepEqual(backups(home), []);
    // Without --write the way on is shown, and that --force alone writes nothing.
    const show = await setting(home, ["--workloads", "8", SAMPLE]);
    assert.equal(show.code, 0, show.stdout + show.stderr);
    assert.match(show.stdout, /`deno task setting --force` shows the change; with --write it/);
    assert.doesNotMatch(show.stdout, /shows the change and writes it/);
  });
});

Deno.test("setting: off a terminal --write needs --yes (exit 2); --revert without a backup exits 3", async () => {
  await withHome(async (home, settings) => {
    const run = await setting(home, ["--from", ANALYSIS, "--write"]);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /give --yes/);
    assert.equal(await Deno.readTextFile(settings), ORIGINAL);
    const revert = await setting(home, ["--revert", "--yes"]);
    assert.equal(revert.code, 3, revert.stderr);
    assert.match(revert.stderr, /no backup of/);
    // Without --write nothing is written and the diff is shown.
    const show = await setting(home, ["--from", ANALYSIS]);
    assert.equal(show.code, 0, show.stderr);
    assert.match(show.stdout, /Nothing written; run again with --write/);
    assert.deepEqual(backups(home), []);
  });
});

Deno.test("setting: --scope project writes .claude/settings.json where the command runs", async () => {
  await withHome(async (home, settings) => {
    const project = await Deno.makeTempDir({ dir: home, prefix: "project_" });
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "task",
        "-q",
        "--config",
        CONFIG,
        "setting",
        "--scope",
        "project",
        "--from",
        ANALYSIS,
        "--write",
        "--yes",
      ],
      cwd: project,
      clearEnv: true,
      env: homeEnv(home),
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
    const written = JSON.parse(await Deno.readTextFile(join(project, ".claude", "settings.json")));
    const rec = JSON.parse(await Deno.readTextFile(ANALYSIS)).recommendation;
    assert.equal(written.autoCompactWindow, rec.settings.autoCompactWindow);
    assert.equal(await Deno.readTextFile(settings), ORIGINAL);
  });
});
