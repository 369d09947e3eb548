import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { SHARE_BARS_COLORS, shareBarsFigure, svgToPng } from "../../lib/charts/mod.ts";
import { countColor, decodePng } from "./_png_pixels.ts";

function rects(svg: string) {
  const { document } = parseHTML(`<html><body>${svg}</body></html>`);
  return [...document.querySelectorAll(`g[aria-label="bar"] rect`)];
}

const series = ["one-shot", "carried"];

Deno.test("shareBarsFigure: a bar per known value, each labelled", () => {
  const svg = shareBarsFigure([
    { label: "bulk-read", values: [0.5, 9.87] },
    { label: "search", values: [0.11, null] },
  ], { series });
  const bars = rects(svg);
  assert.equal(bars.length, 3); // the null value has no bar
  assert.deepEqual(
    bars.map((b) => b.getAttribute("fill")),
    [SHARE_BARS_COLORS[0], SHARE_BARS_COLORS[1], SHARE_BARS_COLORS[0]],
  );
  for (const text of ["0.50%", "9.87%", "0.11%", "bulk-read", "search", "carried"]) {
    assert.match(svg, new RegExp(`>${text}</text>`));
  }
  assert.doesNotMatch(svg, />series<\/text>/); // no axis title for the series band
});

Deno.test("shareBarsFigure: longer bar for the larger value", () => {
  const bars = rects(shareBarsFigure([{ label: "k", values: [1, 4] }], { series }));
  const width = (i: number) => Number(bars[i].getAttribute("width"));
  assert.ok(Math.abs(width(1) / width(0) - 4) < 0.02, `${width(1)} / ${width(0)}`);
});

Deno.test("shareBarsFigure rejects no rows, bad series and mismatched rows", () => {
  assert.throws(() => shareBarsFigure([], { series }), /no rows/);
  assert.throws(() => shareBarsFigure([{ label: "k", values: [] }], { series: [] }), RangeError);
  assert.throws(
    () => shareBarsFigure([{ label: "k", values: [1] }], { series }),
    /"k" has 1 values for 2 series/,
  );
});

Deno.test("shareBarsFigure PNG shows the dark series", async () => {
  const pixels = decodePng(
    await svgToPng(shareBarsFigure([{ label: "k", values: [2, 30] }], { series })),
  );
  assert.ok(countColor(pixels, [0x42, 0x69, 0xd0], 20) > 3000);
});
