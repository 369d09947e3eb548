import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { contextFigure, svgToPng } from "../../lib/charts/mod.ts";
import { countColor, decodePng } from "./_png_pixels.ts";

/** Saw-tooth: grows by `step` per request and falls back to `floor` above `trigger`. */
function sawTooth(n: number, step: number, floor: number, trigger: number): number[] {
  const out: number[] = [];
  let x = floor;
  for (let i = 0; i < n; i++) {
    out.push(x);
    x = x + step > trigger ? floor : x + step;
  }
  return out;
}

function groups(svg: string, label: string) {
  const { document } = parseHTML(`<html><body>${svg}</body></html>`);
  return [...document.querySelectorAll(`g[aria-label="${label}"]`)];
}

Deno.test("contextFigure draws one line and one legend item per series", () => {
  const svg = contextFigure([
    { label: "main session 1", context: sawTooth(200, 4_000, 20_000, 160_000) },
    { label: "main session 2", context: sawTooth(120, 6_000, 25_000, 160_000) },
    { label: "main session 3", context: new Float64Array(sawTooth(60, 2_000, 10_000, 90_000)) },
  ], { triggerLevel: 160_000 });
  assert.equal(groups(svg, "line").length, 3);
  assert.equal(groups(svg, "legend item").length, 3);
  assert.equal(groups(svg, "rule").length, 2); // y = 0 and the trigger
  assert.match(svg, />observed trigger 160K<\/text>/);
  assert.match(svg, />Request number in the session<\/text>/);
});

Deno.test("contextFigure rejects no series, too many, and an empty one", () => {
  assert.throws(() => contextFigure([]), RangeError);
  const one = { label: "s", context: [1, 2] };
  assert.throws(() => contextFigure(Array(11).fill(one)), RangeError);
  assert.throws(() => contextFigure([{ label: "empty", context: [] }]), /"empty" has no requests/);
});

Deno.test("contextFigure PNG shows the lines", async () => {
  const pixels = decodePng(
    await svgToPng(contextFigure([
      { label: "main session 1", context: sawTooth(300, 3_000, 20_000, 160_000) },
    ])),
  );
  const blue = countColor(pixels, [0x42, 0x69, 0xd0], 20);
  assert.ok(blue > 3000, `only ${blue} pixels of the line colour`);
});
