import assert from "node:assert/strict";
import { svgToPng } from "../../lib/charts/mod.ts";
import { countColor, decodePng } from "./_png_pixels.ts";

const square = '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="20">' +
  '<rect x="0" y="0" width="15" height="20" fill="#ff0000"/></svg>';

Deno.test("svgToPng draws the SVG at the zoom on white", async () => {
  const pixels = decodePng(await svgToPng(square, { zoom: 3 }));
  assert.equal(pixels.width, 90);
  assert.equal(pixels.height, 60);
  // Left half red, right half the white background.
  assert.equal(countColor(pixels, [255, 0, 0], 0), 45 * 60);
  assert.equal(countColor(pixels, [255, 255, 255], 0), 45 * 60);
});

Deno.test("svgToPng reports a missing converter with the package to install", async () => {
  await assert.rejects(
    () => svgToPng(square, { command: "rsvg-convert-that-does-not-exist" }),
    /librsvg2-bin/,
  );
});

Deno.test("svgToPng reports a converter failure", async () => {
  await assert.rejects(() => svgToPng("this is not svg"), /exited/);
  await assert.rejects(() => svgToPng(square, { zoom: 0 }), RangeError);
});
