import assert from "node:assert/strict";
import { table } from "../../lib/charts/mod.ts";

Deno.test("table renders Markdown, HTML and text from the same cells", () => {
  const t = table(["what", "value"], [["a | b", 1234.5], ["<x>", "7 %"]]);
  assert.equal(t.markdown.split("\n")[2], "| a \\| b | 1,234.5 |");
  assert.match(t.html, /<td style="text-align:left">&lt;x&gt;<\/td>/);
  assert.equal(t.text, "what     value\na | b  1,234.5\n<x>        7 %");
  const bundle = t[Symbol.for("Jupyter.display")]();
  assert.deepEqual(Object.keys(bundle).sort(), ["text/html", "text/markdown", "text/plain"]);
});

Deno.test("table honours alignment and rejects ragged rows", () => {
  const t = table(["a", "b"], [["1", "2"]], { align: ["right", "left"] });
  assert.equal(t.markdown.split("\n")[1], "| ---: | :--- |");
  assert.throws(() => table(["a", "b"], [["1"]]), RangeError);
});
