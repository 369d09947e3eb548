/**
 * A transcript file, or a folder under the walked tree, that the user may not read: every command
 * that reads transcripts exits 4 and names the path, and writes nothing. Run as the tasks run
 * (`deno task -q …`, a process of its own). As root, permission bits stop nothing, so the process
 * is started without the two capabilities that bypass them (`setpriv --bounding-set
 * -dac_override,-dac_read_search`, util-linux): the same bits then stop root too, and the test
 * runs instead of being skipped. Synthetic input only (a copy of the committed sample).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { meetingPermissionBits } from "../_unprivileged.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SAMPLE = join(ROOT, "data-synthetic/sample/projects");

/** The task as its own process, meeting permission bits (as root too: ../_unprivileged.ts). */
async function task(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const [cmd, ...rest] = meetingPermissionBits([Deno.execPath(), "task", "-q", ...args]);
  const { code, stdout, stderr } = await new Deno.Command(cmd, {
    args: rest,
    cwd: ROOT,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code, stdout: decode(stdout), stderr: decode(stderr) };
}

/** A copy of the sample in a fresh folder; `lock` gets mode 000 for the run, then back. */
async function withCopy(
  lock: (projects: string) => Promise<string>,
  fn: (dir: string, projects: string, locked: string) => Promise<void>,
): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "unreadable_" });
  const projects = join(dir, "projects");
  const { code } = await new Deno.Command("cp", { args: ["-r", SAMPLE, projects] }).output();
  assert.equal(code, 0);
  const locked = await lock(projects);
  const mode = (await Deno.stat(locked)).mode! & 0o777;
  await Deno.chmod(locked, 0o000);
  try {
    await fn(dir, projects, locked);
  } finally {
    await Deno.chmod(locked, mode);
    await Deno.remove(dir, { recursive: true });
  }
}

/** The first transcript file of the tree, in name order. */
async function firstFile(folder: string): Promise<string> {
  const entries = [...Deno.readDirSync(folder)].sort((a, b) => a.name < b.name ? -1 : 1);
  for (const e of entries) {
    const path = join(folder, e.name);
    if (e.isFile && e.name.endsWith(".jsonl")) return path;
    if (e.isDirectory) {
      const inner = await firstFile(path).catch(() => "");
      if (inner !== "") return inner;
    }
  }
  throw new Error(`no .jsonl under ${folder}`);
}

Deno.test("an unreadable transcript file: every command exits 4 and names it", async () => {
  await withCopy(firstFile, async (dir, projects, locked) => {
    const out = join(dir, "out");
    const commands = [
      ["corpus", projects],
      ["corpus", "--json", projects],
      ["analyze", projects],
      ["measure", "--recursive", projects],
      ["report", "--out", out, projects],
      ["export", "--out", join(dir, "pool"), "--secret-file", join(dir, "secret"), projects],
    ];
    for (const args of commands) {
      const run = await task(args);
      assert.equal(run.code, 4, `${args[0]}: ${run.stderr}`);
      assert.ok(run.stderr.includes(locked), `${args[0]} names the file: ${run.stderr}`);
      assert.match(run.stderr, /Permission denied/, args[0]);
      assert.equal(run.stdout, "", args[0]);
    }
    // Nothing was written: no report folder, no pool (the secret may be made before the read).
    const names = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
    assert.ok(!names.includes("out") && !names.includes("pool"), names.join(", "));
  });
});

Deno.test("an unreadable folder under the tree: corpus and analyze exit 4 and name it", async () => {
  const firstFolder = (projects: string) =>
    Promise.resolve(
      join(projects, [...Deno.readDirSync(projects)].filter((e) => e.isDirectory)[0].name),
    );
  await withCopy(firstFolder, async (_dir, projects, locked) => {
    for (const command of ["corpus", "analyze"]) {
      const run = await task([command, projects]);
      assert.equal(run.code, 4, `${command}: ${run.stderr}`);
      assert.ok(run.stderr.includes(locked), `${command} names the folder: ${run.stderr}`);
      assert.equal(run.stdout, "", command);
    }
  });
});
