import assert from "node:assert/strict";
import { chartOutput } from "../../lib/charts/mod.ts";
import { decodePng } from "./_png_pixels.ts";

const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="40">' +
  '<circle cx="25" cy="20" r="10"/></svg>';

Deno.test("chartOutput makes the PNG, the HTML figure and the text", async () => {
  const out = await chartOutput(svg, { alt: 'a "dot"', zoom: 3 });
  const png = Uint8Array.from(atob(out.data["image/png"]), (c) => c.charCodeAt(0));
  const pixels = decodePng(png);
  assert.equal(pixels.width, 150);
  // The display size is the SVG's size, not the zoomed pixels.
  assert.deepEqual(out.metadata["image/png"], { width: 50, height: 40 });
  assert.equal(out.data["text/plain"], 'a "dot"');
  assert.ok(out.data["text/html"].includes(svg));
  assert.ok(out.data["text/html"].includes('aria-label="a &quot;dot&quot;"'));
});

Deno.test("chartOutput leaves the HTML figure out on request", async () => {
  const out = await chartOutput(svg, { html: false });
  assert.deepEqual(Object.keys(out.data).sort(), ["image/png", "text/plain"]);
});
