/**
 * The trigger figure's two zones: the 2% range shaded behind the curves and the extrapolated
 * triggers faded and hatched over them, at positions worked by hand.
 */
import assert from "node:assert/strict";
import * as Plot from "@observablehq/plot";
import { parseHTML } from "linkedom";
import { type TriggerFigureView, triggerPlot } from "../../lib/charts/trigger_plot.ts";
import { triggerFigure } from "../../lib/charts/trigger_figure.ts";

function _svg(view: TriggerFigureView): SVGSVGElement {
  const { document } = parseHTML("<!doctype html><html><body></body></html>");
  return Plot.plot({
    ...triggerPlot(view).options,
    width: 880,
    height: 440,
    document: document as unknown as Document,
  }) as SVGSVGElement;
}

function _view(overrides: Partial<TriggerFigureView> = {}): TriggerFigureView {
  const cost = [1.4, 1.1, 1.05, 1.2];
  const share = [0.12, 0.05, 0.03, 0.02];
  return {
    triggers: [100_000, 200_000, 300_000, 400_000],
    costPerMillion: { mean: cost, p10: cost.map((c) => c - 0.1), p90: cost.map((c) => c + 0.1) },
    timeShare: { mean: share, p10: share.map((s) => s / 2), p90: share.map((s) => s * 1.5) },
    ...overrides,
  };
}

// The x scale: 100K at the left margin (76 px), 400K at 880 − 76 = 804 px: 728 px per 300K.
const x = (tokens: number) => 76 + (tokens - 100_000) * 728 / 300_000;

Deno.test("the 2% range: a green zone behind the curves, from its first to its last trigger", () => {
  const svg = _svg(_view({ nearOptimalRange: { fromTokens: 200_000, toTokens: 300_000 } }));
  const rect = svg.querySelector("g.near-optimal rect")!;
  assert.ok(rect);
  assert.ok(Math.abs(Number(rect.getAttribute("x")) - x(200_000)) < 0.01);
  assert.ok(Math.abs(Number(rect.getAttribute("width")) - (x(300_000) - x(200_000))) < 0.01);
  // Behind the curves: drawn before the cost line.
  const html = svg.outerHTML;
  assert.ok(html.indexOf("near-optimal") < html.indexOf("cost-mean"));
  const legend = triggerPlot(_view({ nearOptimalRange: { fromTokens: 2e5, toTokens: 3e5 } }))
    .legend.map((l) => l.label);
  assert.ok(legend.includes("Within 2% of the lowest cost"));
  assert.equal(_svg(_view()).querySelector("g.near-optimal"), null);
});

Deno.test("the extrapolated zone: faded over the curves and hatched, halfway to the neighbour", () => {
  const svg = _svg(_view({ extrapolated: [true, false, false, true] }));
  const rects = [...svg.querySelectorAll("g.extrapolated rect")];
  assert.equal(rects.length, 2);
  // First run: 100K (the edge) … 150K (halfway to 200K); last run: 350K … 400K (the edge).
  const spans = rects.map((r) => [Number(r.getAttribute("x")), Number(r.getAttribute("width"))]);
  spans.sort((a, b) => a[0] - b[0]);
  assert.ok(
    Math.abs(spans[0][0] - x(100_000)) < 0.01 &&
      Math.abs(spans[0][1] - (x(150_000) - x(100_000))) < 0.01,
  );
  assert.ok(
    Math.abs(spans[1][0] - x(350_000)) < 0.01 &&
      Math.abs(spans[1][1] - (x(400_000) - x(350_000))) < 0.01,
  );
  // Over the curves: drawn after the cost line.
  const html = svg.outerHTML;
  assert.ok(html.indexOf('class="extrapolated"') > html.indexOf("cost-mean"));
  // The hatch: diagonals inside the two runs only (1/40 of 300K = 7.5K apart: 50K / 7.5K ≈ 7
  // lines start in each run, plus those entering from the left).
  const lines = [...svg.querySelectorAll("g.extrapolated-hatch path, g.extrapolated-hatch line")];
  assert.ok(lines.length >= 12, `${lines.length} hatch lines`);
  for (const l of lines) {
    const d = l.getAttribute("d") ?? "";
    const xs = [...d.matchAll(/[ML]\s*([-\d.]+)[ ,]/g)].map((m) => Number(m[1]));
    for (const px of xs) {
      const inside = (px >= x(100_000) - 0.01 && px <= x(150_000) + 0.01) ||
        (px >= x(350_000) - 0.01 && px <= x(400_000) + 0.01);
      assert.ok(inside, `hatch x ${px}`);
    }
  }
  assert.equal(
    _svg(_view({ extrapolated: [false, false, false, false] }))
      .querySelector("g.extrapolated"),
    null,
  );
});

Deno.test("triggerFigure draws both zones from the replay's support and the range option", () => {
  const band = (mean: number) => ({ mean, p10: mean * 0.95, p90: mean * 1.05 });
  const point = (trigger: number, cost: number, extrapolated: boolean) => ({
    trigger,
    costPerMillion: band(cost),
    timeShare: band(0.05),
    support: { extrapolated },
  });
  const svg = triggerFigure(
    [point(100_000, 1.4, true), point(200_000, 1.1, false), point(300_000, 1.12, false)],
    { nearOptimalRange: { fromTokens: 200_000, toTokens: 300_000 } },
  );
  assert.match(svg, /class="near-optimal"/);
  assert.match(svg, /class="extrapolated"/);
  assert.match(svg, />Extrapolated \(few sessions, or compaction sizes not measured\)</);
});
