import assert from "node:assert/strict";
import { bundleScript } from "../../lib/report/bundle_script.ts";
import { writeReport } from "../../lib/report/write_report.ts";
import { fixtureInputs, fixtureReport, fixtureSums } from "./_fixture.ts";

Deno.test("bundleScript: the page script as one browser script without imports", async () => {
  const js = await bundleScript();
  assert.ok(js.length > 10_000);
  assert.doesNotMatch(js, /^\s*import\s|\bimport\s*\(|\brequire\(/m);
  assert.doesNotMatch(js, /\bDeno\./);
  // The page's own element ids made it into the bundle.
  for (const id of ["report-data", "slider-v", "slider-alpha", "slider-rho", "readout"]) {
    assert.ok(js.includes(id), id);
  }
});

Deno.test("bundleScript: a failing bundle is an Error that carries deno's message", async () => {
  const dir = await Deno.makeTempDir({ prefix: "report-bundle-test-" });
  try {
    const entry = `${dir}/broken.ts`;
    await Deno.writeTextFile(entry, 'import "./does_not_exist.ts";\n');
    await assert.rejects(() => bundleScript({ entry }), (error: Error) => {
      assert.match(error.message, /Cannot bundle the report script .*broken\.ts/);
      assert.match(error.message, /does_not_exist/);
      return true;
    });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("writeReport: writes the page, creating the folder", async () => {
  const dir = await Deno.makeTempDir({ prefix: "report-write-test-" });
  try {
    const sums = fixtureSums();
    const inputs = fixtureInputs();
    const path = `${dir}/out/report.html`;
    const bytes = await writeReport(path, { report: fixtureReport(sums, inputs), sums, inputs });
    const html = await Deno.readTextFile(path);
    assert.equal(new TextEncoder().encode(html).length, bytes);
    assert.ok(html.startsWith("<!doctype html>"));
    const open = '<script type="module">';
    const script = html.slice(html.indexOf(open) + open.length, html.lastIndexOf("</script>"));
    assert.ok(script.length > 10_000 && !script.includes("</script"));
    // Bundling is deterministic too: the same input gives the same file.
    await writeReport(`${dir}/again.html`, { report: fixtureReport(sums, inputs), sums, inputs });
    assert.equal(await Deno.readTextFile(`${dir}/again.html`), html);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
