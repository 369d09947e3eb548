import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { CONTEXT_FIGURE_COLORS, sensitivityFigure, svgToPng } from "../../lib/charts/mod.ts";
import { countColor, decodePng } from "./_png_pixels.ts";

function groups(svg: string, label: string) {
  const { document } = parseHTML(`<html><body>${svg}</body></html>`);
  return [...document.querySelectorAll(`g[aria-label="${label}"]`)];
}

const triggers = [10_000, 15_000, 20_000, 25_000];
const sweep = {
  parameter: "alpha",
  measure: "costPerMillion" as const,
  triggers,
  curves: [
    { value: 0.025, mean: [0.8, 0.6, 0.65, 0.7], markerTrigger: 15_000, markerValue: 0.6 },
    { value: 0.05, mean: [0.9, 0.7, 0.8, 0.95], markerTrigger: 15_000, markerValue: 0.7 },
    { value: 0.1, mean: [1.1, 1.0, 1.2, 1.4], markerTrigger: NaN, markerValue: NaN },
  ],
};

Deno.test("sensitivityFigure: a line per value, a dot per marked curve, legend per value", () => {
  const svg = sensitivityFigure(sweep, { usedValue: 0.05 });
  assert.equal(groups(svg, "line").length, 3);
  assert.equal(groups(svg, "dot")[0].querySelectorAll("circle").length, 2); // third unmarked
  assert.match(svg, />α = 0.025: lowest at 15K<\/text>/);
  assert.match(svg, />α = 0.05 \(used\): lowest at 15K<\/text>/);
  assert.match(svg, />α = 0.1<\/text>/);
  assert.match(svg, />Sensitivity to α \(cached \/ uncached input price\)<\/text>/);
});

Deno.test("sensitivityFigure: time share reads the marker as a percentage", () => {
  const svg = sensitivityFigure({
    parameter: "v",
    measure: "timeShare",
    triggers,
    curves: [{ value: 9, mean: [0.3, 0.2, 0.15, 0.1], markerTrigger: 15_000, markerValue: 0.2 }],
  });
  assert.match(svg, />v = 9: 20.0% at the lowest-cost trigger 15K<\/text>/);
  assert.match(svg, />Time spent compacting \(%\)<\/text>/);
});

Deno.test("sensitivityFigure rejects no curve, 11 curves and a curve of the wrong length", () => {
  assert.throws(() => sensitivityFigure({ ...sweep, curves: [] }), RangeError);
  assert.throws(
    () => sensitivityFigure({ ...sweep, curves: Array(11).fill(sweep.curves[0]) }),
    RangeError,
  );
  assert.throws(
    () => sensitivityFigure({ ...sweep, curves: [{ ...sweep.curves[0], mean: [1, 2] }] }),
    /has 2 values for 4 triggers/,
  );
});

Deno.test("sensitivityFigure PNG draws the used curve thick in its colour", async () => {
  const pixels = decodePng(await svgToPng(sensitivityFigure(sweep, { usedValue: 0.05 })));
  const yellow = countColor(pixels, [0xef, 0xb1, 0x18], 20); // CONTEXT_FIGURE_COLORS[1]
  assert.equal(CONTEXT_FIGURE_COLORS[1], "#efb118");
  assert.ok(yellow > 1500, `only ${yellow} pixels of the used curve`);
});
