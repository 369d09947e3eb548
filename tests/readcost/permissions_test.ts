/**
 * The measure CLI runs with read permission only: no environment variable but INIT_CWD where granted,
 * no writes, no network, no subprocesses. Spawned as `deno run --no-prompt --allow-read`, so any
 * other access fails instead of prompting.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assistant, call, jsonl, result, usage } from "./_records.ts";

const CLI = fileURLToPath(new URL("../../cli/measure.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

async function spawn(args: string[], allowRead = "--allow-read") {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", allowRead, CLI, ...args],
    cwd: ROOT,
    clearEnv: true,
    env: { NO_COLOR: "1", PATH: Deno.env.get("PATH") ?? "", HOME: Deno.env.get("HOME") ?? "" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code, stdout: decode(stdout), stderr: decode(stderr) };
}

Deno.test("runs under --allow-read only, text and JSON, and fails cleanly", async () => {
  const dir = await Deno.makeTempDir({ prefix: "readcost_perm_" });
  try {
    const records: unknown[] = [call("t", "Read", {}, { usage: usage(1, 0, 999) })];
    records.push(result("t", "x".repeat(8000)));
    for (let i = 0; i < 4; i++) records.push(assistant({ usage: usage(1, 0, 999) }));
    await Deno.writeTextFile(join(dir, "s.jsonl"), jsonl(records));
    const before = [...Deno.readDirSync(dir)].map((e) => e.name).sort();

    const json = await spawn(["--json", dir]);
    assert.equal(json.code, 0, json.stderr);
    assert.equal(json.stderr, "");
    const report = JSON.parse(json.stdout);
    // 2,000 one-shot tokens carried by 4 later messages; 5 × 1,000 input tokens.
    assert.equal(report.candidates.carriedTokens, 8000);
    assert.equal(report.tokens.observedInputTokens, 5000);

    const text = await spawn([dir]);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /Observed input tokens/);

    assert.equal((await spawn(["--help"])).code, 0);
    assert.equal((await spawn([join(dir, "missing.jsonl")])).code, 3);
    assert.equal((await spawn(["--min-turns", "x", dir])).code, 2);
    // Read permission limited to the repository: the input cannot be read → exit 4.
    const denied = await spawn([dir], `--allow-read=${ROOT}`);
    assert.equal(denied.code, 4, denied.stderr);
    assert.match(denied.stderr, /Cannot read input/);
    // Nothing was written next to the input.
    assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name).sort(), before);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
