import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import {
  COMPACTION_TIMELINE_COLORS,
  compactionTimelineFigure,
  type CompactionTimelinePoint,
  svgToPng,
} from "../../lib/charts/mod.ts";
import { countColor, decodePng } from "./_png_pixels.ts";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 2);

function point(
  day: number,
  inputTokens: number,
  trigger: CompactionTimelinePoint["trigger"] = "auto",
  model = "Claude Opus 5.5",
): CompactionTimelinePoint {
  return { timeMs: T0 + day * DAY, inputTokens, trigger, model };
}

function dom(svg: string) {
  return parseHTML(`<html><body>${svg}</body></html>`).document;
}

/** The dots of one trigger (by fill colour), with their facet's vertical offset. */
function dots(svg: string, trigger: keyof typeof COMPACTION_TIMELINE_COLORS) {
  // Unfaceted, Plot puts the fill on the mark's group; faceted, on one inner group per panel.
  const groups = [...dom(svg).querySelectorAll(`g[aria-label="dot"], g[aria-label="dot"] g`)]
    .filter((g) => g.getAttribute("fill") === COMPACTION_TIMELINE_COLORS[trigger]);
  return groups.flatMap((g) => {
    const offset = Number(
      /translate\(0,([\d.]+)\)/.exec(g.getAttribute("transform") ?? "")?.[1] ?? 0,
    );
    return [...g.querySelectorAll("circle, path")].map((e) => {
      const circle = e.tagName.toLowerCase() === "circle";
      const [, x, y] = circle
        ? [0, e.getAttribute("cx"), e.getAttribute("cy")]
        : /translate\(([\d.]+),([\d.]+)\)/.exec(e.getAttribute("transform") ?? "")!;
      return { x: Number(x), y: Number(y), offset, shape: e.tagName.toLowerCase() };
    });
  });
}

Deno.test("compactionTimelineFigure: one dot per compaction, shape and colour by trigger", () => {
  const svg = compactionTimelineFigure([
    point(0, 267_000),
    point(1, 90_000, "manual"),
    point(2, 130_000),
    point(3, 131_000),
    point(4, 60_000, "unknown"),
  ]);
  const auto = dots(svg, "auto");
  assert.equal(auto.length, 3);
  assert.ok(auto.every((d) => d.shape === "circle"));
  const manual = dots(svg, "manual");
  assert.equal(manual.length, 1);
  assert.equal(manual[0].shape, "path"); // a triangle
  assert.equal(dots(svg, "unknown").length, 1);
  // Later days lie further right; larger C lies higher (smaller y).
  assert.ok(auto[0].x < manual[0].x && manual[0].x < auto[1].x && auto[1].x < auto[2].x);
  assert.ok(auto[0].y < auto[2].y && auto[2].y < auto[1].y);
  for (const text of ["automatic", "manual (/compact)", "trigger not recorded"]) {
    assert.match(svg, new RegExp(`>${text.replace(/[()/]/g, "\\$&")}</text>`));
  }
  assert.doesNotMatch(svg, /configured/); // no level given, no rule nor legend item
});

Deno.test("compactionTimelineFigure: a trigger without compactions has no legend item", () => {
  const svg = compactionTimelineFigure([point(0, 100_000), point(1, 120_000)]);
  assert.match(svg, />automatic<\/text>/);
  assert.doesNotMatch(svg, />manual/);
  assert.doesNotMatch(svg, />trigger not recorded/);
});

Deno.test("compactionTimelineFigure: the configured level's rule sits at its C", () => {
  const svg = compactionTimelineFigure([point(0, 100_000), point(1, 200_000)], {
    configuredLevel: 150_000,
  });
  const [low, high] = dots(svg, "auto");
  const rule = dom(svg).querySelector(`g[aria-label="rule"] line`)!;
  assert.equal(rule.parentElement!.getAttribute("stroke"), COMPACTION_TIMELINE_COLORS.configured);
  const y = Number(rule.getAttribute("y1"));
  // Linear y scale: 150K is halfway between the dots at 100K and 200K (by hand).
  assert.ok(Math.abs((y - low.y) / (high.y - low.y) - 0.5) < 1e-9, `${y} ${low.y} ${high.y}`);
  assert.match(svg, />configured 150K<\/text>/);
  assert.match(svg, />configured trigger level<\/text>/);
});

Deno.test("compactionTimelineFigure: one panel per model, each model's dots in its own", () => {
  const svg = compactionTimelineFigure([
    point(0, 100_000, "auto", "Claude Opus 5.5"),
    point(1, 110_000, "auto", "Claude Opus 5.5"),
    point(2, 150_000, "auto", "Claude Sonnet 5"),
  ]);
  const labels = [...dom(svg).querySelectorAll(`g[aria-label="fy-axis tick label"] text`)]
    .map((t) => t.textContent);
  assert.deepEqual(labels, ["Claude Opus 5.5", "Claude Sonnet 5"]);
  const auto = dots(svg, "auto");
  assert.equal(auto.length, 3);
  assert.equal(auto[0].offset, auto[1].offset);
  assert.ok(auto[2].offset > auto[0].offset); // the second model's panel is below
  // A single model draws no panel labels.
  assert.doesNotMatch(compactionTimelineFigure([point(0, 1e5)]), /fy-axis/);
});

Deno.test("compactionTimelineFigure: same rows, same SVG; times in UTC", () => {
  const rows = [point(0, 100_000), point(1, 120_000, "manual")];
  assert.equal(compactionTimelineFigure(rows), compactionTimelineFigure([...rows].reverse()));
  assert.match(compactionTimelineFigure(rows), />Nov 2</); // 2026-11-02 UTC, the first tick
});

Deno.test("compactionTimelineFigure rejects rows with nothing to place", () => {
  assert.throws(() => compactionTimelineFigure([]), /none of the 0 compactions/);
  assert.throws(
    () => compactionTimelineFigure([{ ...point(0, 1e5), timeMs: NaN }]),
    /the 1 compaction does not have a finite time/,
  );
});

Deno.test("compactionTimelineFigure PNG shows the manual triangle and the configured rule", async () => {
  const rows = [point(0, 100_000), point(1, 90_000, "manual"), point(2, 200_000)];
  const withRule = decodePng(
    await svgToPng(compactionTimelineFigure(rows, { configuredLevel: 150_000 })),
  );
  const without = decodePng(await svgToPng(compactionTimelineFigure(rows)));
  assert.ok(countColor(withRule, [0xff, 0x72, 0x5c], 20) > 30); // the orange triangle
  // The green dashed rule (the legend swatch is drawn only with it, too).
  assert.ok(countColor(withRule, [0x3c, 0xa9, 0x51], 30) > 150);
  assert.equal(countColor(without, [0x3c, 0xa9, 0x51], 30), 0);
});

Deno.test("compactionTimelineFigure: dateTick writes the date ticks (UTC)", () => {
  const svg = compactionTimelineFigure([point(0, 1e5), point(3, 1.2e5)], {
    dateTick: (d) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}`,
  });
  // 2026-11-02 … 2026-11-05 UTC: daily ticks 11/2 … 11/5.
  for (const day of [2, 3, 4, 5]) assert.match(svg, new RegExp(`>11/${day}<`));
  assert.doesNotMatch(svg, />Nov</);
});

Deno.test("compactionTimelineFigure: each legend item shows its kind's own symbol", () => {
  const svg = compactionTimelineFigure([
    point(0, 100_000),
    point(1, 80_000, "manual"),
    point(2, 90_000, "unknown"),
  ]);
  const items = [...dom(svg).querySelectorAll('g[aria-label="legend item"]')];
  const shape = (label: string) => {
    const item = items.find((g) => g.querySelector("text")?.textContent === label)!;
    const symbol = item.querySelector("circle, polygon")!;
    // A triangle has three corners, a diamond four.
    const corners = (symbol.getAttribute("points") ?? "").trim().split(/\s+/).length;
    return symbol.tagName.toLowerCase() === "circle" ? "circle" : `${corners} corners`;
  };
  assert.equal(shape("automatic"), "circle");
  assert.equal(shape("manual (/compact)"), "3 corners");
  assert.equal(shape("trigger not recorded"), "4 corners");
});

Deno.test("compactionTimelineFigure: other triggers (idle compaction) are drawn apart", () => {
  const svg = compactionTimelineFigure([
    point(0, 267_000),
    point(1, 210_000, "other"),
    point(2, 220_000, "other"),
  ]);
  assert.equal(dots(svg, "auto").length, 1);
  const other = dots(svg, "other");
  assert.equal(other.length, 2);
  assert.ok(other.every((d) => d.shape === "path")); // squares, not the auto circles
  assert.match(svg, />other trigger \(e\.g\. idle\)<\/text>/);
});
