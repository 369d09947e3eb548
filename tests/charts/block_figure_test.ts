import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { blockFigure, CONTEXT_FIGURE_COLORS, svgToPng } from "../../lib/charts/mod.ts";
import { countColor, decodePng } from "./_png_pixels.ts";

function groups(svg: string, label: string) {
  const { document } = parseHTML(`<html><body>${svg}</body></html>`);
  return [...document.querySelectorAll(`g[aria-label="${label}"]`)];
}

const observed = {
  label: "observed order",
  growth: [5, 6, 7, 8, 9, 10, 11],
  block: [0, 0, 0, 1, 1, 1, 2],
};
const shuffled = {
  label: "workload 1",
  growth: [11, 8, 9, 10, 5, 6, 7],
  block: [2, 1, 1, 1, 0, 0, 0],
};

Deno.test("blockFigure: a bar per step, a label per run of one block", () => {
  const svg = blockFigure([observed, shuffled]);
  const rects = groups(svg, "rect").flatMap((g) => [...g.querySelectorAll("rect")]);
  assert.equal(rects.length, 14);
  for (const row of ["observed order", "workload 1"]) {
    assert.match(svg, new RegExp(`>${row}</text>`));
  }
  // Three runs per row: b1 b2 b3 and b3 b2 b1.
  assert.equal(svg.match(/>b[123]<\/text>/g)?.length, 6);
});

Deno.test("blockFigure colours a step by its observed block", () => {
  const svg = blockFigure([observed]);
  const fills = groups(svg, "rect").flatMap((g) => [...g.querySelectorAll("rect")])
    .map((r) => r.getAttribute("fill"));
  assert.deepEqual(fills, [0, 0, 0, 1, 1, 1, 2].map((b) => CONTEXT_FIGURE_COLORS[b]));
});

Deno.test("blockFigure rejects no rows, five rows and mismatched lengths", () => {
  assert.throws(() => blockFigure([]), RangeError);
  assert.throws(() => blockFigure(Array(5).fill(observed)), RangeError);
  assert.throws(
    () => blockFigure([{ label: "bad", growth: [1, 2], block: [0] }]),
    /"bad" has 2 steps and 1 blocks/,
  );
});

Deno.test("blockFigure PNG shows the first block's colour", async () => {
  const pixels = decodePng(await svgToPng(blockFigure([observed, shuffled])));
  const blue = countColor(pixels, [0x42, 0x69, 0xd0], 20);
  assert.ok(blue > 2000, `only ${blue} pixels of block 1's colour`);
});
