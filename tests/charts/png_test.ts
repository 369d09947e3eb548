import assert from "node:assert/strict";
import { svgToPng } from "../../lib/charts/mod.ts";
import { countColor, decodePng } from "./_png_pixels.ts";

const square = '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20">' +
  '<rect x="0" y="0" width="15" height="20" fill="#ff0000"/></svg>';

Deno.test("svgToPng draws the SVG at the zoom on white", async () => {
  const pixels = decodePng(await svgToPng(square, { zoom: 3 }));
  // 30 × 20 at zoom 3.
  assert.equal(pixels.width, 90);
  assert.equal(pixels.height, 60);
  // Left half red, right half the white background: 45 × 60 pixels each.
  assert.equal(countColor(pixels, [255, 0, 0], 0), 45 * 60);
  assert.equal(countColor(pixels, [255, 255, 255], 0), 45 * 60);
});

Deno.test("svgToPng defaults to zoom 2 and paints the given background", async () => {
  const pixels = decodePng(await svgToPng(square, { background: "#0000ff" }));
  assert.equal(pixels.width, 60);
  assert.equal(pixels.height, 40);
  // The right half (30 × 40 at zoom 2) is the blue background, fully opaque.
  assert.equal(countColor(pixels, [0, 0, 255], 0), 30 * 40);
  assert.equal(pixels.rgba[pixels.rgba.length - 1], 255);
});

Deno.test("svgToPng accepts a root <svg> without xmlns", async () => {
  const bare = square.replace(' xmlns="http://www.w3.org/2000/svg"', "");
  const pixels = decodePng(await svgToPng(bare, { zoom: 1 }));
  assert.equal(countColor(pixels, [255, 0, 0], 0), 15 * 20);
});

Deno.test("svgToPng draws text with the bundled font, whatever family the SVG names", async () => {
  const text = (family: string, weight: string) =>
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40">' +
    `<text x="4" y="28" font-family="${family}" font-weight="${weight}" font-size="24" ` +
    `fill="#000000">Compaction</text></svg>`;
  const dark = async (family: string, weight = "normal") =>
    countColor(decodePng(await svgToPng(text(family, weight), { zoom: 1 })), [0, 0, 0], 60);
  const regular = await dark("DejaVu Sans, system-ui, sans-serif");
  // Ten glyphs at 24 px ink hundreds of pixels; without a font nothing is drawn at all.
  assert.ok(regular > 200, `only ${regular} dark pixels`);
  // A family the renderer does not have falls back to the same font: the same pixels.
  assert.equal(await dark("NoSuchFamily, sans-serif"), regular);
  // Bold is its own face: thicker strokes, more dark pixels.
  assert.ok((await dark("DejaVu Sans", "bold")) > regular * 1.1);
});

Deno.test("svgToPng reports an SVG it cannot parse, and a zoom that is not positive", async () => {
  await assert.rejects(() => svgToPng("this is not svg"), /Cannot convert SVG to PNG/);
  await assert.rejects(() => svgToPng(square, { zoom: 0 }), RangeError);
  await assert.rejects(() => svgToPng(square, { zoom: Number.NaN }), RangeError);
});
