/**
 * Every `notebooks/*.ipynb`:
 * 1. type-checks: its code cells joined into one module pass `deno check` (always runs);
 * 2. is committed in shape: one parameters cell first, executed top to bottom, no errors, a PNG
 *    in every chart cell (always runs);
 * 3. runs: executed afresh with the real Jupyter machinery and the Deno kernel
 *    (`nbexec.py`, output to a temp folder), no cell errors, every display cell shows outputs of
 *    the committed kinds, every chart cell a PNG.
 *
 * Step 3 needs Jupyter (Debian: `jupyter-nbconvert python3-nbclient jupyter-client`). Without
 * it the step is skipped with a message saying so, unless `CI=true`, where it fails. The Deno
 * kernel is registered inside the project (`.cache/jupyter`, gitignored) on each run.
 *
 * Environment: `NOTEBOOK_PYTHON` picks the Python with nbclient (default `/usr/bin/python3`
 * when present, else `python3`); `NOTEBOOK_TIMEOUT` is seconds per cell (default 300).
 *
 * @module
 */

import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { existsSync, readdirSync } from "node:fs";
import { checkCommitted, checkFresh, type Notebook, notebookModule } from "./_notebook.ts";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const NOTEBOOK_DIR = join(ROOT, "notebooks");
const EXECUTOR = join(ROOT, "tests", "notebooks", "nbexec.py");
const JUPYTER_DIR = join(ROOT, ".cache", "jupyter");
const APT = "apt-get install --no-install-recommends jupyter-nbconvert python3-nbclient " +
  "jupyter-client";
const PYTHON = Deno.env.get("NOTEBOOK_PYTHON") ??
  (existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3");
const CI = Deno.env.get("CI") === "true";

const notebooks = existsSync(NOTEBOOK_DIR)
  ? readdirSync(NOTEBOOK_DIR).filter((f) => f.endsWith(".ipynb")).sort()
  : [];

async function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
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

/** Why Jupyter cannot run here, or undefined when it can. */
async function jupyterMissing(): Promise<string | undefined> {
  const probe = await run(PYTHON, ["-c", "import nbclient, nbformat, jupyter_client"]);
  if (probe.code === 0) return undefined;
  return `${PYTHON} cannot import nbclient, nbformat, jupyter_client ` +
    `(${probe.stderr.trim().split("\n").pop()}); install Jupyter with \`${APT}\``;
}

const missing = await jupyterMissing();
if (missing && !CI) {
  console.warn(
    `SKIPPED notebook execution tests: ${missing}. (With CI=true this is a failure.)`,
  );
}

const jupyterEnv = {
  JUPYTER_DATA_DIR: JUPYTER_DIR,
  JUPYTER_PATH: JUPYTER_DIR,
  XDG_DATA_HOME: join(ROOT, ".cache"),
  NO_COLOR: "1",
};

let kernelRegistered: Promise<void> | undefined;

/** Registers the Deno kernel under .cache/jupyter, once per test run, for this deno binary. */
function registerKernel(): Promise<void> {
  kernelRegistered ??= (async () => {
    const out = await run(Deno.execPath(), ["jupyter", "--install", "--force"], jupyterEnv);
    const spec = join(JUPYTER_DIR, "kernels", "deno", "kernel.json");
    assert.equal(out.code, 0, `deno jupyter --install failed:\n${out.stderr}`);
    assert.ok(existsSync(spec), `deno jupyter --install wrote no ${spec}:\n${out.stderr}`);
  })();
  return kernelRegistered;
}

function readNotebook(path: string): Notebook {
  return JSON.parse(Deno.readTextFileSync(path)) as Notebook;
}

Deno.test("notebooks: the series exists and is numbered", () => {
  assert.ok(notebooks.length > 0, `no notebooks in ${NOTEBOOK_DIR}`);
  for (const name of notebooks) {
    assert.match(name, /^\d\d-[a-z0-9-]+\.ipynb$/, `notebook name ${name} is not NN-name.ipynb`);
  }
});

for (const name of notebooks) {
  const path = join(NOTEBOOK_DIR, name);

  Deno.test(`notebooks/${name}: committed executed, in shape`, () => {
    const problems = checkCommitted(readNotebook(path));
    assert.deepEqual(problems, [], `${name}:\n  ${problems.join("\n  ")}`);
  });

  Deno.test(`notebooks/${name}: code type-checks`, async () => {
    const dir = await Deno.makeTempDir({ prefix: "notebook-check-" });
    try {
      const module = join(dir, name.replace(/\.ipynb$/, ".ts"));
      await Deno.writeTextFile(module, notebookModule(readNotebook(path), NOTEBOOK_DIR));
      const out = await run(Deno.execPath(), [
        "check",
        "--quiet",
        "--config",
        join(ROOT, "deno.json"),
        module,
      ], { NO_COLOR: "1" });
      assert.equal(out.code, 0, `deno check of ${name}'s code failed:\n${out.stderr}`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });

  Deno.test({
    name: missing && !CI
      ? `notebooks/${name}: executes (SKIPPED: Jupyter not installed; ${APT})`
      : `notebooks/${name}: executes top to bottom with every output`,
    ignore: missing !== undefined && !CI,
    sanitizeResources: false,
    sanitizeOps: false,
    async fn() {
      assert.equal(missing, undefined, `CI=true and Jupyter is missing: ${missing}`);
      await registerKernel();
      const dir = await Deno.makeTempDir({ prefix: "notebook-run-" });
      try {
        const fresh = join(dir, name);
        const out = await run(PYTHON, [
          EXECUTOR,
          path,
          fresh,
          "--timeout",
          Deno.env.get("NOTEBOOK_TIMEOUT") ?? "300",
        ], jupyterEnv);
        assert.ok(
          out.code === 0 || out.code === 1,
          `executor failed (exit ${out.code}) on ${name}:\n${out.stderr}`,
        );
        const problems = checkFresh(readNotebook(path), readNotebook(fresh));
        assert.deepEqual(
          problems,
          [],
          `${name}, fresh run:\n  ${problems.join("\n  ")}\nexecutor: ${out.stderr.trim()}`,
        );
        assert.equal(out.code, 0, `executor reported errors:\n${out.stderr}`);
      } finally {
        await Deno.remove(dir, { recursive: true });
      }
    },
  });
}
