import assert from "node:assert/strict";
import {
  checkCommitted,
  checkFresh,
  type Notebook,
  type NotebookCell,
  notebookModule,
  outputKinds,
} from "./_notebook.ts";

const PNG = { output_type: "display_data", data: { "image/png": "iVBORw0KGgo".padEnd(200, "A") } };
const TEXT = { output_type: "execute_result", data: { "text/plain": "42" } };

function code(
  source: string | string[],
  count: number | null,
  outputs: NotebookCell["outputs"] = [],
) {
  return { cell_type: "code", source, execution_count: count, outputs, metadata: {} };
}

function good(): Notebook {
  return {
    cells: [
      { cell_type: "markdown", source: "# Title" },
      { ...code('const path = "../data";', 1), metadata: { tags: ["parameters"] } },
      code('await displayTable(table(["n"], [["42"]]));', 2, [TEXT]),
      code("await displayChart(svg);", 3, [PNG]),
      code("const quiet = 1;", 4),
    ],
  };
}

Deno.test("checkCommitted accepts a well-formed notebook", () => {
  assert.deepEqual(checkCommitted(good()), []);
});

Deno.test("checkCommitted finds a chart without PNG, a gap in execution, a lost tag", () => {
  const nb = good();
  nb.cells[3].outputs = [TEXT];
  assert.match(checkCommitted(nb).join("\n"), /cell 3: chart cell has no image\/png/);
  const skipped = good();
  skipped.cells[2].execution_count = null;
  assert.match(checkCommitted(skipped).join("\n"), /cell 2: execution_count null, expected 2/);
  const untagged = good();
  untagged.cells[1].metadata = {};
  assert.match(checkCommitted(untagged).join("\n"), /tagged "parameters"/);
  const errored = good();
  errored.cells[4].outputs = [{ output_type: "error", ename: "TypeError", evalue: "boom" }];
  assert.match(checkCommitted(errored).join("\n"), /cell 4: TypeError: boom/);
});

Deno.test("checkCommitted: a displaying cell must end with an awaited display helper", () => {
  const bare = good();
  bare.cells[2].source = "40 + 2";
  assert.match(checkCommitted(bare).join("\n"), /cell 2: shows output but does not end with await/);
  const printed = good();
  printed.cells[2].source = 'console.log(\n  "a",\n);';
  assert.match(checkCommitted(printed).join("\n"), /cell 2: shows output/);
  printed.cells[2].source = 'console.log(\n  "a",\n);\nawait settleDisplay();\n// done';
  assert.deepEqual(checkCommitted(printed), []);
});

Deno.test("checkFresh accepts the same shape with other text", () => {
  const fresh = good();
  fresh.cells[2].outputs = [{ output_type: "execute_result", data: { "text/plain": "43" } }];
  assert.deepEqual(checkFresh(good(), fresh), []);
});

Deno.test("checkFresh finds lost outputs, a lost PNG, errors and changed cells", () => {
  const lost = good();
  lost.cells[2].outputs = [];
  assert.match(checkFresh(good(), lost).join("\n"), /cell 2: showed nothing/);
  const noPng = good();
  noPng.cells[3].outputs = [TEXT];
  assert.match(checkFresh(good(), noPng).join("\n"), /cell 3: chart without image\/png/);
  const failed = good();
  failed.cells[2].outputs = [{
    output_type: "error",
    ename: "ReferenceError",
    evalue: "x is not defined",
    traceback: ["\x1b[31mReferenceError\x1b[0m: x is not defined", "    at <anonymous>:1:1"],
  }];
  const text = checkFresh(good(), failed).join("\n");
  assert.match(text, /error: cell 2: ReferenceError: x is not defined/);
  assert.ok(!text.includes("\x1b["), "ANSI colours are stripped");
  const shorter = good();
  shorter.cells.pop();
  assert.match(checkFresh(good(), shorter).join("\n"), /cell count: committed 5, fresh 4/);
  const edited = good();
  edited.cells[4].source = "const quiet = 2;";
  assert.match(checkFresh(good(), edited).join("\n"), /cell 4: source or type differs/);
  const extra = good();
  extra.cells[4].outputs = [TEXT];
  assert.match(checkFresh(good(), extra).join("\n"), /cell 4: outputs execute_result/);
});

Deno.test("outputKinds names output types and MIME types", () => {
  assert.deepEqual(
    outputKinds(code("x", 1, [PNG, { output_type: "stream", name: "stdout", text: "hi" }])),
    ["display_data:image/png", "stream:stdout"],
  );
});

Deno.test("notebookModule joins code cells and makes relative imports absolute", () => {
  const nb: Notebook = {
    cells: [
      { cell_type: "markdown", source: "import x from './not-code.ts'" },
      code('import { a } from "../lib/a.ts";\nconst m = await import("./b.ts");', 1),
      code(['import * as Plot from "@observablehq/plot";\n', "a(m, Plot);"], 2),
    ],
  };
  const text = notebookModule(nb, "/repo/notebooks");
  assert.match(text, /\/\/ cell 1\nimport \{ a \} from "file:\/\/\/repo\/lib\/a.ts";/);
  assert.match(text, /await import\("file:\/\/\/repo\/notebooks\/b.ts"\)/);
  assert.match(text, /from "@observablehq\/plot"/);
  assert.ok(!text.includes("not-code"), "markdown cells are left out");
  assert.ok(text.indexOf("// cell 1") < text.indexOf("// cell 2"));
});

Deno.test("checkCommitted and checkFresh: a live cell must hold its block (PNG, data, script)", () => {
  const block =
    '<div class="live-trigger" id="live-0"><img class="live-png" src="data:image/png;base64,' +
    "iVBORw0KGgo".padEnd(1200, "A") + '"><script type="application/json" class="live-data">{}' +
    "</script><script>(function(){})();</script></div>";
  const live = (html: string | string[]) => {
    const nb = good();
    nb.cells[4] = code("await displayLive(input);", 4, [
      { output_type: "display_data", data: { "text/html": html, "text/plain": "alt" } },
    ]);
    return nb;
  };
  assert.deepEqual(checkCommitted(live(block)), []);
  // nbformat may keep the HTML as a list of lines.
  assert.deepEqual(checkCommitted(live(block.split(/(?<=>)/))), []);
  const noScript = live(block.replace("<script>(function(){})();</script>", ""));
  assert.match(checkCommitted(noScript).join("\n"), /cell 4: live cell has no live block/);
  const noPng = live(block.replace(/<img[^>]*>/, ""));
  assert.match(checkFresh(live(block), noPng).join("\n"), /cell 4: live cell without its block/);
});
