/**
 * Every `notebooks/*.ipynb` (but `_*.ipynb`, local scratch files, never committed):
 * 1. type-checks: its code cells joined into one module pass `deno check` (always runs);
 * 2. is committed in shape: one parameters cell first, executed top to bottom, no errors, a PNG
 *    in every chart cell (always runs);
 * 3. runs: executed afresh with the real Jupyter machinery and the Deno kernel
 *    (`nbexec.py`, output to a temp folder), no cell errors, every display cell shows outputs of
 *    the committed kinds, every chart cell a PNG.
 *
 * Step 3 needs Jupyter (Debian: `jupyter-nbconvert python3-nbclient jupyter-client`); the
 * charts' PNGs need nothing more (the renderer is WebAssembly from npm). Without them the step is skipped with a message saying so and
 * how to install them, unless `CI=true`, where it fails. The Deno kernel is registered inside
 * the project (`.cache/jupyter`, gitignored) on each run.
 *
 * Environment: `NOTEBOOK_PYTHON` picks the Python with nbclient (default `/usr/bin/python3`
 * when present, else `python3`); `NOTEBOOK_TIMEOUT` is seconds per cell (default 300).
 *
 * @module
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { existsSync, readdirSync } from "node:fs";
import {
  checkCommitted,
  checkFresh,
  isChartCell,
  isLiveCell,
  type Notebook,
  notebookModule,
} from "./_notebook.ts";
import {
  APT_INSTALL,
  executeNotebook,
  jupyterMissing,
  NOTEBOOK_DIR,
  ROOT,
  run,
} from "./_jupyter.ts";

const CI = Deno.env.get("CI") === "true";
const notebooks = existsSync(NOTEBOOK_DIR)
  ? readdirSync(NOTEBOOK_DIR).filter((f) => f.endsWith(".ipynb") && !f.startsWith("_")).sort()
  : [];

const DRAFT_DIR = join(NOTEBOOK_DIR, "drafts");
const drafts = existsSync(DRAFT_DIR)
  ? readdirSync(DRAFT_DIR).filter((f) => f.endsWith(".ipynb") && !f.startsWith("_")).sort()
  : [];

const missing = await jupyterMissing();
if (missing && !CI) {
  console.warn(`SKIPPED notebook execution tests: ${missing}. (With CI=true this is a failure.)`);
}

function readNotebook(path: string): Notebook {
  return JSON.parse(Deno.readTextFileSync(path)) as Notebook;
}

/**
 * `deno check` of the notebook's code cells joined into one module. Relative imports resolve
 * against the series folder (drafts are written for it too).
 */
async function typeCheck(path: string): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "notebook-check-" });
  try {
    const module = join(dir, "notebook.ts");
    await Deno.writeTextFile(module, notebookModule(readNotebook(path), NOTEBOOK_DIR));
    const out = await run(Deno.execPath(), [
      "check",
      "--quiet",
      "--config",
      join(ROOT, "deno.json"),
      module,
    ], { NO_COLOR: "1" });
    assert.equal(out.code, 0, `deno check of ${path}'s code failed:\n${out.stderr}`);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

for (const name of drafts) {
  Deno.test(`notebooks/drafts/${name}: code type-checks`, () => typeCheck(join(DRAFT_DIR, name)));
}

/**
 * The series and what each notebook must display: its chart cells (each must store a PNG), its
 * live cells (each must store a live block with its PNG) and its display cells (code cells with outputs: tables, charts, printed text). A notebook added,
 * removed or made to show less must be registered here and in notebooks/README.md.
 */
const SERIES: Record<string, { charts: number; live: number; displays: number }> = {
  "01-parsing.ipynb": { charts: 1, live: 0, displays: 5 },
  "02-fitting.ipynb": { charts: 4, live: 0, displays: 6 },
  "03-resampling.ipynb": { charts: 2, live: 0, displays: 5 },
  "04-replay.ipynb": { charts: 4, live: 1, displays: 10 },
  "05-read-cost.ipynb": { charts: 2, live: 0, displays: 3 },
  "06-models-and-settings.ipynb": { charts: 1, live: 1, displays: 11 },
};

Deno.test("notebooks: the series exists and is numbered", () => {
  assert.ok(notebooks.length > 0, `no notebooks in ${NOTEBOOK_DIR}`);
  for (const name of notebooks) {
    assert.match(name, /^\d\d-[a-z0-9-]+\.ipynb$/, `notebook name ${name} is not NN-name.ipynb`);
  }
});

Deno.test("notebooks: every notebook is registered here and in notebooks/README.md", () => {
  assert.deepEqual(notebooks, Object.keys(SERIES).sort(), "the series differs from SERIES");
  const readme = Deno.readTextFileSync(join(NOTEBOOK_DIR, "README.md"));
  const listed = [...readme.matchAll(/^\| `(\d\d-[a-z0-9-]+\.ipynb)` \|/gm)].map((m) => m[1])
    .sort();
  assert.deepEqual(listed, notebooks, "notebooks/README.md's table lists other notebooks");
});

for (const name of notebooks) {
  const path = join(NOTEBOOK_DIR, name);

  Deno.test(`notebooks/${name}: committed executed, in shape`, () => {
    const nb = readNotebook(path);
    const problems = checkCommitted(nb);
    assert.deepEqual(problems, [], `${name}:\n  ${problems.join("\n  ")}`);
    const code = nb.cells.filter((c) => c.cell_type === "code");
    const shown = {
      charts: code.filter(isChartCell).length,
      live: code.filter(isLiveCell).length,
      displays: code.filter((c) => (c.outputs ?? []).length > 0).length,
    };
    assert.deepEqual(shown, SERIES[name], `${name}: chart and display cells differ from SERIES`);
  });

  Deno.test(`notebooks/${name}: code type-checks`, () => typeCheck(path));

  Deno.test({
    name: missing && !CI
      ? `notebooks/${name}: executes (SKIPPED: Jupyter not installed; ${APT_INSTALL})`
      : `notebooks/${name}: executes top to bottom with every output`,
    ignore: missing !== undefined && !CI,
    async fn() {
      assert.equal(missing, undefined, `CI=true and the notebook tools are missing: ${missing}`);
      const dir = await Deno.makeTempDir({ prefix: "notebook-run-" });
      try {
        const fresh = join(dir, name);
        const timeout = Number(Deno.env.get("NOTEBOOK_TIMEOUT") ?? "300");
        const out = await executeNotebook(path, fresh, timeout);
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
