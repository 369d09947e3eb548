/**
 * The Jupyter plumbing shared by the notebook test and `refresh.ts`: find a Python with
 * nbclient, register the Deno kernel inside the project, run `nbexec.py`.
 *
 * The kernelspec lives in `.cache/jupyter` (gitignored): `JUPYTER_DATA_DIR`, `JUPYTER_PATH` and
 * `XDG_DATA_HOME` point there for every Jupyter process started here, so nothing outside the
 * project is read or written and CI needs only the Debian packages.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { existsSync } from "node:fs";

/** The project root. */
export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The notebook series. */
export const NOTEBOOK_DIR = join(ROOT, "notebooks");
const EXECUTOR = join(ROOT, "tests", "notebooks", "nbexec.py");
const JUPYTER_DIR = join(ROOT, ".cache", "jupyter");

/** The Debian command that installs what the notebooks need. */
export const APT_INSTALL = "apt-get install --no-install-recommends jupyter-nbconvert " +
  "python3-nbclient jupyter-client";

/** Python with nbclient: `NOTEBOOK_PYTHON`, else `/usr/bin/python3` when present, else `python3`. */
export const PYTHON = Deno.env.get("NOTEBOOK_PYTHON") ??
  (existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3");

/** Environment of every Jupyter process started here. */
export const JUPYTER_ENV: Record<string, string> = {
  JUPYTER_DATA_DIR: JUPYTER_DIR,
  JUPYTER_PATH: JUPYTER_DIR,
  XDG_DATA_HOME: join(ROOT, ".cache"),
  NO_COLOR: "1",
};

/** Result of a finished subprocess. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion; a missing command gives code 127. */
export async function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<RunResult> {
  try {
    const out = await new Deno.Command(command, { args, env, stdout: "piped", stderr: "piped" })
      .output();
    const text = (b: Uint8Array) => new TextDecoder().decode(b);
    return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      return { code: 127, stdout: "", stderr: `${command} not found` };
    }
    throw error;
  }
}

/** Why notebooks cannot be executed here (with the install command), or undefined. */
export async function jupyterMissing(): Promise<string | undefined> {
  const probe = await run(PYTHON, ["-c", "import nbclient, nbformat, jupyter_client"]);
  if (probe.code !== 0) {
    return `${PYTHON} cannot import nbclient, nbformat, jupyter_client ` +
      `(${probe.stderr.trim().split("\n").pop()}); install Jupyter with \`${APT_INSTALL}\``;
  }
  return undefined;
}

let registered: Promise<void> | undefined;

/**
 * Registers the Deno kernel for the running deno binary under `.cache/jupyter`, once per
 * process (`deno jupyter --install --force` is idempotent; re-running it follows a moved binary).
 */
export function registerKernel(): Promise<void> {
  registered ??= (async () => {
    const out = await run(Deno.execPath(), ["jupyter", "--install", "--force"], JUPYTER_ENV);
    const spec = join(JUPYTER_DIR, "kernels", "deno", "kernel.json");
    if (out.code !== 0 || !existsSync(spec)) {
      throw new Error(
        `deno jupyter --install did not register the kernel at ${spec}:\n${out.stderr}`,
      );
    }
  })();
  return registered;
}

/**
 * Executes a notebook with `nbexec.py` (kernel started in the notebook's folder).
 *
 * @param input The notebook to run (read only).
 * @param output Where the executed notebook is written (may equal `input`).
 * @param timeoutSeconds Per-cell limit.
 * @returns The executor's exit code (0 ok, 1 a cell errored, 2 bad input, 3 kernel trouble) and
 *   its messages.
 */
export async function executeNotebook(
  input: string,
  output: string,
  timeoutSeconds = 300,
): Promise<RunResult> {
  await registerKernel();
  return await run(PYTHON, [EXECUTOR, input, output, "--timeout", String(timeoutSeconds)], {
    ...JUPYTER_ENV,
  });
}
