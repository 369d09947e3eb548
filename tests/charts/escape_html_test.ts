import assert from "node:assert/strict";
import { escapeHtml } from "../../lib/charts/escape_html.ts";

const ROOT = new URL("../../", import.meta.url);

Deno.test("escapeHtml: the five characters become references, & first", () => {
  // By hand: & → &amp; first, so the references made for < > " ' are not escaped again.
  assert.equal(escapeHtml(`&<>"'`), "&amp;&lt;&gt;&quot;&#39;");
  assert.equal(escapeHtml("&lt;"), "&amp;lt;");
  assert.equal(escapeHtml("plain 文字"), "plain 文字");
});

/** Every .ts file under `dir` (relative to the repository). */
async function* _sources(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* _sources(path);
    else if (entry.name.endsWith(".ts")) yield path;
  }
}

Deno.test("escapeHtml is the only HTML escaper in lib/ and cli/", async () => {
  // An escaper writes the reference for "<" as a string literal; only escape_html.ts may.
  const others: string[] = [];
  for (const dir of ["lib", "cli"]) {
    for await (const path of _sources(dir)) {
      if (path === "lib/charts/escape_html.ts") continue;
      const source = await Deno.readTextFile(new URL(path, ROOT));
      if (/["'`]&lt;["'`]/.test(source)) others.push(path);
    }
  }
  assert.deepEqual(others, []);
});
