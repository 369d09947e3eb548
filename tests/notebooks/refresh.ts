/**
 * Re-executes notebooks in place, so they can be committed with fresh outputs:
 *
 *     deno run --allow-all tests/notebooks/refresh.ts                # every notebooks/*.ipynb
 *     deno run --allow-all tests/notebooks/refresh.ts 01-parsing     # the ones named
 *
 * Registers the Deno kernel under `.cache/jupyter`, runs each notebook with `nbexec.py` into a
 * temporary file and replaces the notebook only when every cell ran without error and the result
 * passes the committed-shape check. Exit 0 when all were refreshed, 1 otherwise.
 *
 * @module
 */

import { join } from "node:path";
import { readdirSync } from "node:fs";
import { checkCommitted, type Notebook } from "./_notebook.ts";
import { executeNotebook, jupyterMissing, NOTEBOOK_DIR } from "./_jupyter.ts";

/**
 * Refreshes the named notebooks (all when none is named).
 *
 * @param args Notebook names, with or without `.ipynb`.
 * @returns The exit code: 0 all refreshed, 1 some failed or the tools are missing.
 */
export async function main(args: string[]): Promise<number> {
  const missing = await jupyterMissing();
  if (missing) {
    console.error(`Cannot execute notebooks: ${missing}`);
    return 1;
  }
  const all = readdirSync(NOTEBOOK_DIR).filter((f) => f.endsWith(".ipynb") && !f.startsWith("_"))
    .sort();
  const wanted = args.length === 0
    ? all
    : args.map((a) => (a.endsWith(".ipynb") ? a : `${a}.ipynb`).replace(/^.*\//, ""));
  let failed = 0;
  for (const name of wanted) {
    if (!all.includes(name)) {
      console.error(`${name}: no such notebook in ${NOTEBOOK_DIR}`);
      failed++;
      continue;
    }
    const path = join(NOTEBOOK_DIR, name);
    const dir = await Deno.makeTempDir({ prefix: "notebook-refresh-" });
    try {
      const fresh = join(dir, name);
      const out = await executeNotebook(path, fresh);
      const problems = out.code === 0
        ? checkCommitted(JSON.parse(await Deno.readTextFile(fresh)) as Notebook)
        : [`executor exit ${out.code}`, out.stderr.trim()];
      if (problems.length > 0) {
        console.error(`${name}: not refreshed:\n  ${problems.join("\n  ")}`);
        failed++;
        continue;
      }
      await Deno.copyFile(fresh, path);
      console.error(`${name}: refreshed`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  }
  return failed === 0 ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
