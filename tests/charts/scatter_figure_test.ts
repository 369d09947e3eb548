import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { SCATTER_FIGURE_COLORS, scatterFigure, svgToPng } from "../../lib/charts/mod.ts";
import { countColor, decodePng } from "./_png_pixels.ts";

function groups(svg: string, label: string) {
  const { document } = parseHTML(`<html><body>${svg}</body></html>`);
  return [...document.querySelectorAll(`g[aria-label="${label}"]`)];
}

Deno.test("scatterFigure draws one dot per finite point and the line", () => {
  const svg = scatterFigure([1000, 2000, NaN, 4000], [10, 25, 30, 38], {
    line: { intercept: 0, slope: 0.01, label: "t = a·C" },
    xFromZero: true,
    xLabel: "C",
    yLabel: "t",
  });
  const dots = groups(svg, "dot");
  assert.equal(dots.length, 1);
  assert.equal(dots[0].querySelectorAll("circle").length, 3); // NaN point left out
  assert.equal(groups(svg, "line").length, 1);
  assert.match(svg, />t = a·C<\/text>/);
  assert.match(svg, />measured<\/text>/);
});

Deno.test("scatterFigure without a line has no line mark; zeroRule adds a rule", () => {
  const svg = scatterFigure([1, 2, 3], [-1, 2, -0.5], { zeroRule: true });
  assert.equal(groups(svg, "line").length, 0);
  assert.equal(groups(svg, "rule").length, 1);
});

Deno.test("scatterFigure rejects mismatched lengths and no finite point", () => {
  assert.throws(() => scatterFigure([1, 2], [1]), /2 x values but 1 y values/);
  assert.throws(() => scatterFigure([NaN], [1]), /none of the 1 points/);
});

Deno.test("scatterFigure PNG shows points and line in their colours", async () => {
  const x = Array.from({ length: 30 }, (_, i) => 10_000 + 300 * i);
  const y = x.map((v, i) => v / 100 + (i % 5) * 3);
  const pixels = decodePng(
    await svgToPng(
      scatterFigure(x, y, { line: { intercept: 0, slope: 0.01, label: "fit" } }),
    ),
  );
  const hex = (c: string) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
  // Points are drawn at 75 % opacity over white.
  const blended = hex(SCATTER_FIGURE_COLORS.points).map((c) => Math.round(0.75 * c + 0.25 * 255));
  const blue = countColor(pixels, blended as [number, number, number], 20);
  const red = countColor(pixels, hex(SCATTER_FIGURE_COLORS.line) as [number, number, number], 30);
  assert.ok(blue > 500, `only ${blue} point pixels`);
  assert.ok(red > 500, `only ${red} line pixels`);
});
