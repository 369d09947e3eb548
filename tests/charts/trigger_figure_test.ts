import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import {
  svgToPng,
  TRIGGER_FIGURE_COLORS,
  triggerFigure,
  type TriggerReplayPoint,
} from "../../lib/charts/mod.ts";
import { countColor, decodePng } from "./_png_pixels.ts";

/** A hand-made replay: a U-shaped cost and a falling time share, 100K … 900K in 50K steps. */
function replay(): TriggerReplayPoint[] {
  const points: TriggerReplayPoint[] = [];
  for (let t = 100_000; t <= 900_000; t += 50_000) {
    const k = t / 1000;
    const cost = 1.1 + 60 / k + (k * k) / 2.5e6;
    const share = 10 / k;
    points.push({
      trigger: t,
      costPerMillion: { mean: cost, p10: cost * 0.95, p90: cost * 1.06 },
      timeShare: { mean: share, p10: share * 0.8, p90: share * 1.25 },
    });
  }
  return points;
}

function texts(svg: string): string[] {
  const { document } = parseHTML(`<html><body>${svg}</body></html>`);
  return [...document.querySelectorAll("text")].map((t) => t.textContent ?? "");
}

function ariaGroups(svg: string, label: string) {
  const { document } = parseHTML(`<html><body>${svg}</body></html>`);
  return [...document.querySelectorAll(`g[aria-label="${label}"]`)];
}

Deno.test("triggerFigure draws two bands, two lines and the two axes' labels", () => {
  const svg = triggerFigure(replay(), { observedTrigger: 267_900, optimumTrigger: 400_000 });
  // Plot labels each mark's group: two areas (bands), two lines (means).
  assert.equal(ariaGroups(svg, "area").length, 2);
  assert.equal(ariaGroups(svg, "line").length, 2);
  const all = texts(svg);
  for (
    const label of [
      "Cost per 1M tokens (USD)",
      "Time spent compacting (% of agent time)",
      "Compaction trigger (tokens of context)",
      "observed 267.9K",
      "lowest cost 400K",
    ]
  ) assert.ok(all.includes(label), `missing text "${label}"`);
  // The default title names no model.
  assert.ok(all.includes("When should the model compact?"));
});

Deno.test("triggerFigure legend has one item per drawn series and marker", () => {
  const points = replay();
  assert.equal(ariaGroups(triggerFigure(points), "legend item").length, 2);
  assert.equal(
    ariaGroups(triggerFigure(points, { observedTrigger: 267_900 }), "legend item").length,
    3,
  );
  const all = triggerFigure(points, {
    observedTrigger: 267_900,
    optimumTrigger: 400_000,
    steadyStateTrigger: 380_000,
  });
  assert.equal(ariaGroups(all, "legend item").length, 5);
  assert.ok(texts(all).includes("T* ≈ 380K"));
  // The optimum dot sits on the replay point of that trigger.
  assert.equal(ariaGroups(all, "dot").length, 1);
  // Without an optimum there is neither dot nor label.
  const none = triggerFigure(points, { observedTrigger: 267_900 });
  assert.equal(ariaGroups(none, "dot").length, 0);
  assert.ok(!texts(none).some((t) => t.startsWith("lowest cost")));
});

Deno.test("triggerFigure axis tick labels are distinct and cover the data", () => {
  const points = replay();
  const svg = triggerFigure(points);
  const tickTexts = (label: string) =>
    ariaGroups(svg, label).flatMap((g) =>
      [...g.querySelectorAll("text")].map((t) => t.textContent ?? "")
    );
  const left = tickTexts("y-axis tick label");
  assert.ok(left.length >= 3, `only ${left.length} left/right tick labels`);
  assert.equal(new Set(left).size, left.length, `repeated tick labels: ${left.join(" ")}`);
  const shares = left.filter((t) => t.endsWith("%")).map((t) => parseFloat(t));
  const costLabels = left.filter((t) => !t.endsWith("%"));
  assert.ok(costLabels.every((t) => t.startsWith("$")), `cost ticks ${costLabels.join(" ")}`);
  const costs = costLabels.map((t) => Number(t.slice(1)));
  assert.equal(shares[0], 0);
  const maxShare = Math.max(...points.map((p) => p.timeShare.p90 ?? 0)) * 100;
  assert.ok(Math.max(...shares) >= maxShare, `right axis tops at ${Math.max(...shares)}%`);
  const maxCost = Math.max(...points.map((p) => p.costPerMillion.p90 ?? 0));
  const minCost = Math.min(...points.map((p) => p.costPerMillion.p10 ?? Infinity));
  assert.ok(Math.max(...costs) >= maxCost && Math.min(...costs) <= minCost);
});

Deno.test("triggerFigure is deterministic and ignores input order", () => {
  const points = replay();
  const shuffled = [...points].reverse();
  assert.equal(triggerFigure(points), triggerFigure(shuffled));
});

Deno.test("triggerFigure rejects too few points and non-finite values", () => {
  const points = replay();
  assert.throws(() => triggerFigure(points.slice(0, 1)), RangeError);
  const bad = structuredClone(points);
  bad[3].timeShare.p90 = NaN;
  assert.throws(() => triggerFigure(bad), /replay\[3\]/);
});

Deno.test("triggerFigure PNG shows the cost band, the cost line and the orange line", async () => {
  const png = await svgToPng(triggerFigure(replay(), { observedTrigger: 267_900 }));
  assert.ok(png.length > 20_000, `PNG of ${png.length} bytes is suspiciously small`);
  const pixels = decodePng(png);
  assert.equal(pixels.width, 1440);
  const blend = (hex: string, alpha: number) =>
    [1, 3, 5].map((i) =>
      Math.round(255 * (1 - alpha) + parseInt(hex.slice(i, i + 2), 16) * alpha)
    ) as [number, number, number];
  const hex = (h: string) =>
    [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
  const area = pixels.width * pixels.height;
  // The light-blue band covers a visible part of the picture, not a sliver.
  const band = countColor(pixels, blend(TRIGGER_FIGURE_COLORS.cost, 0.2), 6);
  assert.ok(band > area * 0.02, `band covers ${band} of ${area} pixels`);
  const line = countColor(pixels, hex(TRIGGER_FIGURE_COLORS.cost), 20);
  assert.ok(line > 2000, `cost line has ${line} pixels`);
  const orange = countColor(pixels, hex(TRIGGER_FIGURE_COLORS.timeShare), 20);
  assert.ok(orange > 2000, `orange line has ${orange} pixels`);
  // Text was drawn: dark pixels beyond the lines (a missing font would leave almost none).
  const dark = countColor(pixels, [0, 0, 0], 60);
  assert.ok(dark > 5000, `only ${dark} dark pixels`);
});

Deno.test("triggerFigure leaves out points with unknown values", () => {
  const points = replay();
  const withGap: TriggerReplayPoint[] = structuredClone(points);
  withGap[5].costPerMillion = { mean: null, p10: null, p90: null };
  const { document } = parseHTML(`<html><body>${triggerFigure(withGap)}</body></html>`);
  const line = document.querySelector('g[aria-label="line"] path');
  const gapLine = line?.getAttribute("d") ?? "";
  const { document: full } = parseHTML(`<html><body>${triggerFigure(points)}</body></html>`);
  const fullLine = full.querySelector('g[aria-label="line"] path')?.getAttribute("d") ?? "";
  // One vertex fewer in every line: "L" commands count the vertices after the first.
  assert.equal(gapLine.split("L").length, fullLine.split("L").length - 1);
  const onlyOne = points.map((p, i) =>
    i === 0 ? p : { ...p, timeShare: { ...p.timeShare, p90: null } }
  );
  assert.throws(() => triggerFigure(onlyOne), /need at least 2 triggers with known values, got 1/);
});

Deno.test("triggerFigure draws the price-tier threshold as a labelled rule when in range", () => {
  const points = replay();
  const svg = triggerFigure(points, { tierThreshold: 200_000 });
  assert.ok(texts(svg).includes("higher price above 200K"));
  assert.equal(ariaGroups(svg, "legend item").length, 3);
  const outside = triggerFigure(points, { tierThreshold: 5_000_000 });
  assert.ok(!texts(outside).some((t) => t.startsWith("higher price above")));
});

Deno.test("triggerFigure: the cost without rework is drawn only when it differs", async () => {
  const { triggerFigure } = await import("../../lib/charts/trigger_figure.ts");
  const band = (mean: number) => ({ mean, p10: mean * 0.95, p90: mean * 1.05 });
  const point = (trigger: number, cost: number, without: number) => ({
    trigger,
    costPerMillion: band(cost),
    timeShare: band(0.05),
    costPerMillionWithoutRework: band(without),
  });
  const moved = triggerFigure(
    [point(100_000, 1.4, 1.0), point(200_000, 1.1, 1.05), point(300_000, 1.2, 1.15)],
    { optimumTrigger: 200_000, optimumWithoutReworkTrigger: 100_000 },
  );
  assert.match(moved, /class="cost-without-rework"/);
  assert.match(moved, />lowest without re-reads 100K</);
  const same = triggerFigure(
    [point(100_000, 1.4, 1.4), point(200_000, 1.1, 1.1), point(300_000, 1.2, 1.2)],
    { optimumTrigger: 200_000, optimumWithoutReworkTrigger: 200_000 },
  );
  assert.doesNotMatch(same, /cost-without-rework|without re-reads/);
});
