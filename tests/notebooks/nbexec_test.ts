/**
 * The executor on hand-made notebooks (no project imports, so they run from a temp folder).
 * Needs Jupyter; skipped like the notebook tests without it, a failure under `CI=true`.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { type Notebook, outputKinds } from "./_notebook.ts";
import { APT_INSTALL, executeNotebook, jupyterMissing } from "./_jupyter.ts";

const CI = Deno.env.get("CI") === "true";
const missing = await jupyterMissing();
const skip = missing !== undefined && !CI;

function notebook(sources: string[]): Notebook {
  return {
    cells: sources.map((source) => ({
      cell_type: "code",
      source,
      metadata: {},
      outputs: [],
      execution_count: null,
    })),
    metadata: { kernelspec: { name: "deno", display_name: "Deno", language: "typescript" } },
  };
}

async function execute(nb: Notebook) {
  const dir = await Deno.makeTempDir({ prefix: "nbexec-test-" });
  try {
    const input = join(dir, "in.ipynb"), output = join(dir, "out.ipynb");
    await Deno.writeTextFile(input, JSON.stringify({ ...nb, nbformat: 4, nbformat_minor: 4 }));
    const out = await executeNotebook(input, output, 120);
    let result: Notebook | undefined;
    try {
      result = JSON.parse(await Deno.readTextFile(output)) as Notebook;
    } catch {
      result = undefined;
    }
    return { ...out, result };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const name = (what: string) =>
  skip ? `nbexec: ${what} (SKIPPED: ${APT_INSTALL})` : `nbexec: ${what}`;

Deno.test({
  name: name("keeps every cell's outputs, in its own cell"),
  ignore: skip,
  async fn() {
    assert.equal(missing, undefined, `CI=true and the notebook tools are missing: ${missing}`);
    const sources = Array.from({ length: 12 }, (_, i) => `Deno.jupyter.html\`<b>${i}</b>\``);
    sources.push('await Deno.jupyter.display(Deno.jupyter.md`*mid*`);\nconsole.log("after");');
    const { code, stderr, result } = await execute(notebook(sources));
    assert.equal(code, 0, stderr);
    assert.ok(result);
    result.cells.slice(0, 12).forEach((cell, i) => {
      assert.deepEqual(outputKinds(cell), ["execute_result:text/html"], `cell ${i}`);
      assert.equal(cell.execution_count, i + 1);
      const html = cell.outputs?.[0].data?.["text/html"];
      assert.equal(Array.isArray(html) ? html.join("") : html, `<b>${i}</b>`);
    });
    assert.deepEqual(outputKinds(result.cells[12]), [
      "display_data:text/markdown",
      "stream:stdout",
    ]);
  },
});

Deno.test({
  name: name("records an error, runs on, exits 1"),
  ignore: skip,
  async fn() {
    assert.equal(missing, undefined, `CI=true and the notebook tools are missing: ${missing}`);
    const { code, stderr, result } = await execute(
      notebook(["1 + 1", "throw new RangeError('planted')", "2 + 2"]),
    );
    assert.equal(code, 1);
    assert.match(stderr, /cell 1: RangeError: planted/);
    assert.deepEqual(outputKinds(result!.cells[1]), ["error"]);
    assert.deepEqual(outputKinds(result!.cells[2]), ["execute_result:text/plain"]);
  },
});

Deno.test({
  name: name("exits 2 on an unreadable notebook"),
  ignore: skip,
  async fn() {
    const dir = await Deno.makeTempDir({ prefix: "nbexec-test-" });
    try {
      await Deno.writeTextFile(join(dir, "in.ipynb"), "{ not json");
      const out = await executeNotebook(join(dir, "in.ipynb"), join(dir, "out.ipynb"));
      assert.equal(out.code, 2, out.stderr);
      assert.match(out.stderr, /cannot read/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
