import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { type SizeHistogramBin, sizeHistogramFigure, svgToPng } from "../../lib/charts/mod.ts";
import { countColor, decodePng } from "./_png_pixels.ts";

/** Power-of-two bins from 0 with the given counts. */
function bins(...counts: number[]): SizeHistogramBin[] {
  return counts.map((results, b) => ({
    lowerChars: b === 0 ? 0 : 2 ** (b - 1),
    upperChars: 2 ** b,
    results,
  }));
}

function doc(svg: string) {
  return parseHTML(`<html><body>${svg}</body></html>`).document;
}

Deno.test("sizeHistogramFigure draws one bar per non-empty bin, one row per kind with results", () => {
  const svg = sizeHistogramFigure({
    "bulk-read": bins(0, 0, 0, 0, 0, 0, 4, 9, 2, 0, 0, 0, 0, 0, 1),
    search: bins(0, 0, 0, 0, 0, 7, 3),
    unmatched: [],
  }, { thresholdChars: 8000 });
  const d = doc(svg);
  // 4 + 2 bars; Plot draws one rect per datum across facets.
  assert.equal(d.querySelectorAll('g[aria-label="rect"] rect').length, 6);
  const labels = [...d.querySelectorAll('g[aria-label="fy-axis tick label"] text')]
    .map((t) => t.textContent);
  assert.deepEqual(labels, ["bulk-read", "search"]);
  assert.match(svg, />candidate threshold 8,000 chars<\/text>/);
  // Tooltips give the counts.
  assert.match(svg, /<title>9 results of 64–128 characters<\/title>/);
});

Deno.test("sizeHistogramFigure grows with the number of rows", () => {
  const height = (svg: string) => Number(/height="(\d+)"/.exec(svg)?.[1]);
  const one = sizeHistogramFigure({ a: bins(0, 1) });
  const three = sizeHistogramFigure({ a: bins(0, 1), b: bins(0, 2), c: bins(0, 0, 3) });
  assert.equal(height(three) - height(one), 2 * 64);
});

Deno.test("sizeHistogramFigure rejects no kinds and no results", () => {
  assert.throws(() => sizeHistogramFigure({}), RangeError);
  assert.throws(() => sizeHistogramFigure({ a: bins(0, 0), b: [] }), /no results in 2 kinds/);
});

Deno.test("sizeHistogramFigure PNG shows the bars", async () => {
  const pixels = decodePng(
    await svgToPng(sizeHistogramFigure({ a: bins(0, 0, 0, 0, 0, 5, 20, 40, 10) })),
  );
  const bars = countColor(pixels, [0x42, 0x69, 0xd0], 10);
  assert.ok(bars > 5000, `only ${bars} bar pixels`);
});
