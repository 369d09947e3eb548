/**
 * `deno task export` as a user runs it: a subprocess from another folder (INIT_CWD), the secret
 * made once with mode 0600 and reused, `--json`, and the usage errors.
 *
 * @module
 */
import assert from "node:assert/strict";
import { join } from "node:path";

const ROOT = new URL("../../", import.meta.url).pathname;
const SAMPLE = join(ROOT, "data-synthetic/sample");

async function run(args: string[], cwd: string) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["task", "-q", "--config", join(ROOT, "deno.json"), "export", ...args],
    cwd,
    // INIT_CWD set to the folder: one inherited from an outer `deno task test` would send
    // the relative --out into the repository instead.
    env: { XDG_CONFIG_HOME: join(cwd, "config"), INIT_CWD: cwd },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code,
    stdout: new TextDecoder().decode(stdout),
    stderr: new TextDecoder().decode(stderr),
  };
}

Deno.test("export CLI: relative --out from where the user stands, secret made once, --json", async () => {
  const cwd = await Deno.makeTempDir();
  try {
    const first = await run([SAMPLE, "--out", "pool"], cwd);
    assert.equal(first.code, 0, first.stderr);
    assert.match(
      first.stdout,
      /^Exported contributor [0-9a-f]{16}: 62 sessions, 2,041 requests, 25 compactions, 3 models \(requests.parquet [0-9,]+ bytes/,
    );
    const secret = join(cwd, "config/agent-session-cost/pool-secret");
    // The message says where the secret is (the user's own config file, not a transcript).
    assert.ok(first.stderr.includes(`made a new secret in ${secret} (keep it`), first.stderr);
    assert.equal((await Deno.stat(secret)).mode! & 0o777, 0o600);
    const second = await run([SAMPLE, "--out", "pool", "--json"], cwd);
    assert.equal(second.code, 0, second.stderr);
    assert.doesNotMatch(second.stderr, /made a new secret/);
    const manifest = JSON.parse(second.stdout);
    const folders = [];
    for await (const e of Deno.readDir(join(cwd, "pool"))) folders.push(e.name);
    assert.equal(folders.length, 2);
    assert.ok(folders.includes(`contributor=${manifest.contributor}`));
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});

Deno.test("export CLI: --out is required, a missing path exits 3, help names the threat model", async () => {
  const cwd = await Deno.makeTempDir();
  try {
    const none = await run([SAMPLE], cwd);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /--out DIR is required/);
    const missing = await run([join(cwd, "nowhere"), "--out", "pool"], cwd);
    assert.equal(missing.code, 3);
    const help = await run(["--help"], cwd);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /docs\/pool\.md/);
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});
