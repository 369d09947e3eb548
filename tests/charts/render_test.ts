import assert from "node:assert/strict";
import * as Plot from "@observablehq/plot";
import { DOMParser, parseHTML } from "linkedom";
import { renderSvg, svgToPng } from "../../lib/charts/mod.ts";
import { decodePng } from "./_png_pixels.ts";

const marks = [Plot.lineY([1, 3, 2, 5], { stroke: "steelblue" })];

function root(svg: string) {
  const doc = new DOMParser().parseFromString(svg, "image/svg+xml");
  return doc.documentElement;
}

Deno.test("renderSvg writes a standalone SVG of the requested size", () => {
  const svg = renderSvg({ marks }, { width: 500, plotHeight: 200 });
  const el = root(svg);
  assert.equal(el.tagName.toLowerCase(), "svg");
  assert.equal(el.getAttribute("xmlns"), "http://www.w3.org/2000/svg");
  // No title, subtitle or legend: no header, so the total height is the plot's.
  assert.equal(el.getAttribute("width"), "500");
  assert.equal(el.getAttribute("height"), "200");
  assert.equal(el.getAttribute("viewBox"), "0 0 500 200");
});

Deno.test("renderSvg adds a header for title, subtitle and legend above the plot", () => {
  const svg = renderSvg({ marks }, {
    width: 500,
    plotHeight: 200,
    title: "A & B <title>",
    subtitle: "sub",
    legend: [{ label: "one", color: "red" }, { label: "two", color: "blue", swatch: "band" }],
  });
  const el = root(svg);
  const height = Number(el.getAttribute("height"));
  assert.ok(height > 200 + 40, `header too small: total height ${height}`);
  const plot = el.querySelector("svg");
  assert.ok(plot, "the plot is a nested <svg>");
  assert.equal(Number(plot.getAttribute("y")), height - 200);
  const texts = [...el.querySelectorAll("text")].map((t) => t.textContent);
  // Escaped in the source, read back as written.
  assert.ok(texts.includes("A & B <title>"));
  assert.ok(texts.includes("sub"));
  assert.equal(el.querySelectorAll('g[aria-label="legend item"]').length, 2);
});

Deno.test("renderSvg wraps a long legend into more rows", () => {
  const legend = Array.from({ length: 8 }, (_, i) => ({
    label: `series number ${i}`,
    color: "gray",
  }));
  const wide = root(renderSvg({ marks }, { width: 2000, plotHeight: 100, legend }));
  const narrow = root(renderSvg({ marks }, { width: 300, plotHeight: 100, legend }));
  const rows = (el: ReturnType<typeof root>) =>
    new Set(
      [...el.querySelectorAll('g[aria-label="legend item"] text')].map((t) => t.getAttribute("y")),
    ).size;
  assert.equal(rows(wide), 1);
  assert.ok(rows(narrow) >= 4, `narrow legend has ${rows(narrow)} rows`);
  // Every legend label starts inside the chart.
  for (const t of narrow.querySelectorAll('g[aria-label="legend item"] text')) {
    assert.ok(Number(t.getAttribute("x")) < 300);
  }
});

Deno.test("renderSvg is deterministic", () => {
  assert.equal(renderSvg({ marks }, { title: "t" }), renderSvg({ marks }, { title: "t" }));
});

Deno.test("renderSvg rejects a bad size and Plot's HTML title", () => {
  assert.throws(() => renderSvg({ marks }, { width: 0 }), RangeError);
  assert.throws(() => renderSvg({ marks, title: "html title" }), /not <svg>/);
});

Deno.test("renderSvg gives a run of marks with the same clip one group, drawn the same", async () => {
  // Values up to 50 with the y domain cut at 6: the clipped marks leave the top of the plot.
  const data = [1, 3, 50, 2, 5];
  const clipped = [
    Plot.areaY(data, { fill: "orange", fillOpacity: 0.3, clip: true }),
    Plot.lineY(data, { stroke: "steelblue", clip: true }),
    Plot.lineY(data, { y: (d: number) => d / 2, stroke: "red", clip: true }),
  ];
  const options = { marks: [Plot.ruleY([0]), ...clipped, Plot.dotY(data)], y: { domain: [0, 6] } };
  const svg = renderSvg(options, { width: 300, plotHeight: 150 });
  const plotSvg = root(svg).querySelector("svg")!;
  const named = plotSvg.querySelectorAll("[clip-path]");
  assert.equal(named.length, 1, "one element names the clip");
  const group = named[0];
  assert.equal(group.children.length, 3, "the three clipped marks, in their order");
  assert.deepEqual(
    [...group.children].map((g) => g.getAttribute("aria-label")),
    ["area", "line", "line"],
  );
  // The rule before and the dots after stay outside, in place.
  assert.equal(group.previousElementSibling?.tagName.toLowerCase(), "clippath");
  assert.equal(group.nextElementSibling?.getAttribute("aria-label"), "dot");

  // The same plot with the clip on every mark, as Plot writes it, draws the same PNG up to the
  // rounding of compositing one layer instead of three (on the full corpus's figure: 478 of
  // 6.45 million channels differ, by at most 7 of 255).
  const { document } = parseHTML("<!doctype html><html><body></body></html>");
  const plain = Plot.plot({ ...options, width: 300, height: 150, document }) as unknown as Element;
  plain.setAttribute("x", "0");
  plain.setAttribute("y", "0");
  plain.setAttribute("font-family", "DejaVu Sans, system-ui, sans-serif");
  assert.equal(plain.querySelectorAll("[clip-path]").length, 3);
  const unshared = svg.slice(0, svg.indexOf("<svg", 1)) + plain.outerHTML + "</svg>";
  assert.notEqual(unshared, svg);
  const before = decodePng(await svgToPng(unshared)), after = decodePng(await svgToPng(svg));
  assert.equal(after.rgba.length, before.rgba.length);
  let most = 0;
  for (let i = 0; i < before.rgba.length; i++) {
    most = Math.max(most, Math.abs(before.rgba[i] - after.rgba[i]));
  }
  assert.ok(most <= 8, `a channel differs by ${most}`);
  // And the clip still cuts: nothing drawn above the plot's frame (x 40-280, y from 20; the
  // PNG is at zoom 2), where the marks' peak at 50 would reach.
  for (let y = 0; y < 2 * 20 - 1; y++) {
    for (let x = 2 * 40 + 1; x < 2 * 280; x++) {
      const i = 4 * (y * after.width + x);
      const [r, g, b] = [after.rgba[i], after.rgba[i + 1], after.rgba[i + 2]];
      assert.ok(r > 240 && g > 240 && b > 240, `pixel (${x}, ${y}) is drawn: ${r},${g},${b}`);
    }
  }
});
