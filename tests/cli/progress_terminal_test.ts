/**
 * Progress on a terminal, end to end: `export` (which showed none) and `analyze` run under a
 * pseudo-terminal (util-linux `script`, in every Debian install), and their reading line is
 * there, throttled, ending with every file read.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { homeEnv } from "./_home_task.ts";

const SAMPLE = fileURLToPath(new URL("../../data-synthetic/sample", import.meta.url));

async function hasScript(): Promise<boolean> {
  try {
    const out = await new Deno.Command("script", { args: ["--version"], stdout: "null" }).output();
    return out.success;
  } catch {
    return false;
  }
}

/** `deno task -q ARGS` in `home` with stdout and stderr on a pseudo-terminal; what it printed. */
async function onTerminal(home: string, args: string[]): Promise<{ code: number; text: string }> {
  // script runs the command through a shell: each argument single-quoted.
  const line = [Deno.execPath(), "task", "-q", ...args].map((a) =>
    `'${a.replaceAll("'", "'\\''")}'`
  )
    .join(" ");
  const { code, stdout } = await new Deno.Command("script", {
    args: ["-qec", line, "/dev/null"],
    cwd: home,
    clearEnv: true,
    env: homeEnv(home),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, text: new TextDecoder().decode(stdout) };
}

Deno.test({
  name: "export and analyze show their reading progress on a terminal, ending with every file",
  ignore: !(await hasScript()),
  async fn() {
    const home = await Deno.makeTempDir();
    try {
      const config = fileURLToPath(new URL("../../deno.json", import.meta.url));
      const secret = join(home, "secret");
      await Deno.writeTextFile(secret, "7".repeat(64) + "\n");
      const files = [...Deno.readDirSync(join(SAMPLE, "projects"))].length;
      assert.ok(files > 0);
      for (
        const [name, args] of [
          ["export", ["export", "--out", join(home, "pool"), "--secret-file", secret, SAMPLE]],
          ["analyze", ["analyze", SAMPLE]],
        ] as const
      ) {
        const run = await onTerminal(home, ["--config", config, ...args]);
        assert.equal(run.code, 0, run.text);
        const lines = run.text.split("\r").filter((l) => l.startsWith(`${name}: reading: `));
        assert.ok(lines.length >= 1, `${name}: no progress line in ${JSON.stringify(run.text)}`);
        const last = lines[lines.length - 1];
        const m = /^\S+: reading: ([\d,]+)\/([\d,]+) files, [\d,]+ MB$/.exec(last.trimEnd());
        assert.ok(m, `${name}: ${JSON.stringify(last)}`);
        assert.equal(m[1], m[2], "the last line has every file read");
      }
    } finally {
      await Deno.remove(home, { recursive: true });
    }
  },
});
