/**
 * The settings files are read for the setting in use, and nothing of them but that setting
 * reaches an output. A user's settings.json can hold secrets (an `env` block with keys) and its
 * path names the user. Every output of `analyze` (text, `--json`, `--model all`) and of `report`
 * (each file it writes, `--model all` too) is searched for a planted value and for the settings
 * folder's path. Real `deno task` subprocesses, started with a temporary HOME and working
 * directory; synthetic transcripts only (the committed sample).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { homeTask } from "./_home_task.ts";

const SAMPLE = join(fileURLToPath(new URL("../../", import.meta.url)), "data-synthetic", "sample");
const SECRET = "sk-QZXSECRET-do-not-print";

/** The task in `home`; it must succeed. */
async function task(home: string, args: string[]): Promise<{ stdout: string }> {
  const run = await homeTask(home, args);
  assert.equal(run.code, 0, run.stderr);
  return run;
}

Deno.test("no settings value or settings path reaches analyze's or report's outputs", async () => {
  const home = await Deno.makeTempDir({ prefix: "settings_privacy_" });
  try {
    const claude = join(home, ".claude");
    await Deno.mkdir(claude);
    await Deno.writeTextFile(
      join(claude, "settings.json"),
      JSON.stringify({ autoCompactWindow: 400000, env: { ANTHROPIC_API_KEY: SECRET } }),
    );
    const fast = ["--workloads", "8", "--session-draws", "8"];
    const outputs: [string, string][] = [];
    for (const args of [[], ["--json"], ["--model", "all"], ["--model", "all", "--json"]]) {
      const run = await task(home, ["analyze", ...fast, ...args, SAMPLE]);
      outputs.push([`analyze ${args.join(" ")}`, run.stdout]);
    }
    // The setting in use was read from the file: 400000 is in the JSON, the file is not.
    assert.match(outputs[1][1], /"autoCompactWindow": 400000/);
    for (const [name, args] of [["out", []], ["out-all", ["--model", "all"]]] as const) {
      await task(home, ["report", ...fast, ...args, "--out", name, SAMPLE]);
      for (const entry of Deno.readDirSync(join(home, name))) {
        const bytes = await Deno.readFile(join(home, name, entry.name));
        outputs.push([`report ${args.join(" ")} ${entry.name}`, new TextDecoder().decode(bytes)]);
      }
    }
    assert.ok(outputs.length >= 10, `${outputs.length} outputs`);
    for (const [name, text] of outputs) {
      assert.ok(!text.includes(SECRET), `${name}: a settings value was printed`);
      assert.ok(!text.includes(claude), `${name}: the settings folder's path was printed`);
    }
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});
