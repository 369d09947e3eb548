/**
 * A `deno task` of this repository as a subprocess whose HOME and working directory are a
 * temporary folder, with a fresh environment (the machine's own settings are never read): the
 * task's own permissions are the ones tested. Deno's cache stays the machine's, so nothing is
 * fetched.
 *
 * @module
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CONFIG = join(ROOT, "deno.json");
const DENO_DIR = Deno.env.get("DENO_DIR") ??
  join(Deno.env.get("HOME") ?? "/root", ".cache", "deno");

/**
 * The fresh environment of a run whose HOME is `home`: no colour, the machine's PATH and Deno
 * cache (so nothing is fetched), nothing else of the machine's.
 *
 * @param home The temporary HOME.
 * @param env More environment variables.
 * @returns The environment, for `Deno.Command` with `clearEnv: true`.
 */
export function homeEnv(home: string, env: Record<string, string> = {}): Record<string, string> {
  return { NO_COLOR: "1", PATH: Deno.env.get("PATH") ?? "", HOME: home, DENO_DIR, ...env };
}

/**
 * Runs `deno task -q <args>` in `home`, with HOME = `home`.
 *
 * @param home The temporary folder (HOME and working directory).
 * @param args The task and its arguments.
 * @param env More environment variables.
 * @returns The exit code and the decoded stdout and stderr.
 */
export async function homeTask(
  home: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", "-q", "--config", CONFIG, ...args],
    cwd: home,
    clearEnv: true,
    env: homeEnv(home, env),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}
