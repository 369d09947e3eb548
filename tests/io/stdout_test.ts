/**
 * A closed standard output is a failure, not a success: `deno task corpus --json … | head -c0`
 * exited 0. Expected: exit 5, the code `measure` already uses for a failed write to stdout.
 */
import assert from "node:assert/strict";
import { OutputError, replaceStdout, writeStdout } from "../../lib/io/stdout.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

/** Runs a CLI with its stdout a pipe that is closed before the command writes. */
async function runWithClosedStdout(script: string, args: string[]): Promise<number> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", `${ROOT}${script}`, ...args],
    stdout: "piped",
    stderr: "null",
    stdin: "null",
  }).spawn();
  // Closing the read end at once: the command reads the corpus first, then writes.
  await child.stdout.cancel();
  return (await child.status).code;
}

Deno.test("closed stdout: corpus --json exits 5", async () => {
  assert.equal(
    await runWithClosedStdout("cli/corpus.ts", ["--json", `${ROOT}data-synthetic/sample`]),
    5,
  );
});

Deno.test("closed stdout: corpus (text) exits 5", async () => {
  assert.equal(await runWithClosedStdout("cli/corpus.ts", [`${ROOT}data-synthetic/sample`]), 5);
});

Deno.test("closed stdout: analyze --json exits 5", async () => {
  assert.equal(
    await runWithClosedStdout("cli/analyze.ts", [
      "--json",
      "--workloads",
      "2",
      `${ROOT}data-synthetic/sample`,
    ]),
    5,
  );
});

Deno.test("closed stdout: measure exits 5 (its documented code)", async () => {
  assert.equal(
    await runWithClosedStdout("cli/measure.ts", [
      "--json",
      `${ROOT}data-synthetic/sample/projects/-home-dev-projects-ledger-api`,
    ]),
    5,
  );
});

Deno.test("writeStdout: a failing sink becomes an OutputError; replaceStdout restores", () => {
  const seen: string[] = [];
  const previous = replaceStdout((text) => void seen.push(text));
  try {
    writeStdout("a\n");
    replaceStdout(() => {
      throw new Deno.errors.BrokenPipe("Broken pipe (os error 32)");
    });
    assert.throws(() => writeStdout("b"), OutputError);
  } finally {
    replaceStdout(previous);
  }
  assert.deepEqual(seen, ["a\n"]);
});
