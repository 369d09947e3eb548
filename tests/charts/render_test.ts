import assert from "node:assert/strict";
import * as Plot from "@observablehq/plot";
import { DOMParser } from "linkedom";
import { renderSvg } from "../../lib/charts/mod.ts";

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
