/**
 * The `corpus` task runs V8 with Maglev as its top tier (`--v8-flags=--maglev-as-top-tier`, see
 * README "Speed"): a setting of how code is compiled, which must never change what the command
 * prints. Here the task's own command line (read from deno.json) and the same command without the
 * V8 setting are run on the committed synthetic sample, and their outputs compared byte for byte.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);
const TASKS = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT))).tasks as Record<
  string,
  string
>;

/** Runs `deno <args>` in the repository, returning its exit code and stdout. */
async function _deno(args: string[]): Promise<{ code: number; stdout: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    env: { INIT_CWD: new URL(".", ROOT).pathname, NO_COLOR: "1" },
    stdout: "piped",
    stderr: "null",
  }).output();
  return { code: out.code, stdout: new TextDecoder().decode(out.stdout) };
}

Deno.test("corpus task: the V8 setting changes nothing the command prints", async () => {
  const task = TASKS.corpus.split(" ").slice(1); // without the leading "deno"
  assert.ok(task.includes("--v8-flags=--maglev-as-top-tier"), TASKS.corpus);
  const plain = task.filter((arg) => !arg.startsWith("--v8-flags"));
  for (const extra of [["--json"], ["--requests", "-"], []]) {
    const args = [...extra, "data-synthetic/sample"];
    const withSetting = await _deno([...task, ...args]);
    const without = await _deno([...plain, ...args]);
    assert.equal(withSetting.code, 0, extra.join(" "));
    assert.equal(without.code, 0, extra.join(" "));
    assert.ok(withSetting.stdout.length > 100, extra.join(" "));
    assert.equal(withSetting.stdout, without.stdout, extra.join(" "));
  }
});
