import assert from "node:assert/strict";
import * as Plot from "@observablehq/plot";
import { parseHTML } from "linkedom";
import {
  TRIGGER_FIGURE_COLORS,
  type TriggerFigureView,
  triggerPlot,
} from "../../lib/charts/trigger_plot.ts";

function _document(): Document {
  return parseHTML("<!doctype html><html><body></body></html>").document as unknown as Document;
}

/** The figure drawn as the report page draws it, into the given DOM. */
function drawFigure(view: TriggerFigureView, options: { document: Document }): SVGSVGElement {
  const { document } = options;
  return Plot.plot({
    ...triggerPlot(view).options,
    width: 880,
    height: 440,
    document,
  }) as SVGSVGElement;
}

function _view(overrides: Partial<TriggerFigureView> = {}): TriggerFigureView {
  const cost = [1.4, 1.1, 1.05, 1.2];
  const share = [0.12, 0.05, 0.03, 0.02];
  return {
    triggers: [100_000, 200_000, 300_000, 400_000],
    costPerMillion: { mean: cost, p10: cost.map((c) => c - 0.1), p90: cost.map((c) => c + 0.1) },
    timeShare: { mean: share, p10: share.map((s) => s / 2), p90: share.map((s) => s * 1.5) },
    observedTrigger: 267_900,
    optimumTrigger: 300_000,
    steadyStateTrigger: 250_000,
    ...overrides,
  };
}

function _path(svg: SVGSVGElement, cls: string): string {
  const path = svg.querySelector(`g.${cls} path`);
  assert.ok(path, `no path in g.${cls}`);
  return path.getAttribute("d") ?? "";
}

Deno.test("triggerPlot: both curves, both bands, markers and axis labels with units", () => {
  const svg = drawFigure(_view(), { document: _document() });
  for (const cls of ["cost-mean", "cost-band", "time-share-mean", "time-share-band"]) {
    assert.notEqual(_path(svg, cls), "");
  }
  const text = svg.outerHTML;
  assert.match(text, />Cost per 1M tokens \(USD\)</);
  assert.match(text, />Time spent compacting \(% of agent time\)</);
  assert.match(text, />Compaction trigger \(tokens of context\)</);
  assert.match(text, />observed 267\.9K</);
  assert.match(text, />lowest cost 300K</);
  assert.match(text, />T\* ≈ 250K</);
  assert.match(text, />200K</); // x ticks in K
  assert.match(text, />\$1\.1</); // cost ticks in USD
  assert.match(text, />\d+%</); // right axis in %
  assert.ok(svg.querySelector("g.optimum circle"));
});

Deno.test("triggerPlot: a new time share moves only the orange curve", () => {
  const doc = _document();
  const before = drawFigure(_view(), { document: doc });
  const share = [0.24, 0.1, 0.06, 0.04];
  const after = drawFigure(
    _view({ timeShare: { mean: share, p10: share.map((s) => s / 2), p90: share } }),
    { document: doc },
  );
  assert.equal(_path(after, "cost-mean"), _path(before, "cost-mean"));
  assert.equal(_path(after, "cost-band"), _path(before, "cost-band"));
  assert.notEqual(_path(after, "time-share-mean"), _path(before, "time-share-mean"));
});

Deno.test("triggerPlot: markers off the chart or missing are not drawn", () => {
  const svg = drawFigure(
    _view({ observedTrigger: null, optimumTrigger: undefined, steadyStateTrigger: 2_000_000 }),
    { document: _document() },
  );
  const text = svg.outerHTML;
  assert.doesNotMatch(text, /observed|lowest cost|T\*/);
  assert.equal(svg.querySelector("g.optimum"), null);
});

Deno.test("triggerPlot: fewer than 2 triggers or mismatched lengths are RangeErrors", () => {
  const one = { mean: [1], p10: [1], p90: [1] };
  assert.throws(
    () =>
      drawFigure({ triggers: [1e5], costPerMillion: one, timeShare: one }, {
        document: _document(),
      }),
    /need at least 2 triggers, got 1/,
  );
  const view = _view();
  assert.throws(
    () =>
      drawFigure({ ...view, timeShare: { ...view.timeShare, p90: [0.1] } }, {
        document: _document(),
      }),
    /timeShare\.p90 has 1 values for 4 triggers/,
  );
});

Deno.test("triggerPlot: bands of NaN (no resampled workloads) draw empty axes, not an error", () => {
  const nan = { mean: [NaN, NaN], p10: [NaN, NaN], p90: [NaN, NaN] };
  const svg = drawFigure(
    { triggers: [1e5, 2e5], costPerMillion: nan, timeShare: nan, observedTrigger: 1.5e5 },
    { document: _document() },
  );
  assert.match(svg.outerHTML, />observed 150K</);
  assert.doesNotMatch(svg.outerHTML, /NaN/);
});

Deno.test("triggerPlot: the legend names each drawn series and marker, in the figure's colours", () => {
  const { legend } = triggerPlot(_view());
  assert.deepEqual(legend.map((item) => item.swatch), ["band", "band", "dashed", "dot", "dotted"]);
  assert.deepEqual(legend.map((item) => item.color), [
    TRIGGER_FIGURE_COLORS.cost,
    TRIGGER_FIGURE_COLORS.timeShare,
    TRIGGER_FIGURE_COLORS.observed,
    TRIGGER_FIGURE_COLORS.optimum,
    TRIGGER_FIGURE_COLORS.steadyState,
  ]);
  const off = triggerPlot(_view({ observedTrigger: null, steadyStateTrigger: 2_000_000 }));
  assert.deepEqual(off.legend.map((item) => item.label).slice(2), ["Lowest replay cost"]);
});

Deno.test("triggerPlot: the cost without rework is a thin dashed line with its own optimum", () => {
  const without = [1.0, 0.9, 0.95, 1.1];
  const svg = drawFigure(
    _view({ costWithoutRework: without, optimumWithoutReworkTrigger: 200_000 }),
    { document: _document() },
  );
  const path = svg.querySelector("g.cost-without-rework path");
  assert.ok(path, "the dashed line is drawn");
  const g = svg.querySelector("g.cost-without-rework")!;
  assert.equal(g.getAttribute("stroke-dasharray"), "5 3");
  assert.equal(g.getAttribute("stroke-width"), "1.2");
  // Its optimum: a hollow dot and a labelled rule.
  const dot = svg.querySelector("g.optimum-without-rework circle");
  assert.ok(dot);
  assert.equal(svg.querySelector("g.optimum-without-rework")!.getAttribute("fill"), "white");
  assert.match(svg.outerHTML, />lowest without re-reads 200K</);
  const { legend } = triggerPlot(
    _view({ costWithoutRework: without, optimumWithoutReworkTrigger: 200_000 }),
  );
  assert.ok(legend.some((l) => l.label.startsWith("Cost per 1M tokens without the re-reads")));
  // Without the dashed line, its optimum is not drawn either.
  const plain = drawFigure(_view({ optimumWithoutReworkTrigger: 200_000 }), {
    document: _document(),
  });
  assert.equal(plain.querySelector("g.cost-without-rework"), null);
  assert.doesNotMatch(plain.outerHTML, /without re-reads/);
  assert.throws(
    () => triggerPlot(_view({ costWithoutRework: [1, 2] })),
    /costWithoutRework has 2 values for 4 triggers/,
  );
});

Deno.test("triggerPlot: a cost above 4x the lowest mean leaves the top of the axis, cut there", () => {
  // Lowest mean 1.05, cap 4 × 1.05 = 4.2: the axis covers the values up to it (the highest is
  // the p90 1.3 at 400K), and the 9.0 ± 0.1 at the first trigger is cut at the top.
  const cost = [9.0, 1.1, 1.05, 1.2];
  const view = _view({
    costPerMillion: { mean: cost, p10: cost.map((c) => c - 0.1), p90: cost.map((c) => c + 0.1) },
    costWithoutRework: [8.0, 1.0, 0.95, 1.1],
  });
  const { options } = triggerPlot(view);
  const [, top] = (options.y as { domain: number[] }).domain;
  assert.ok(top < 4.2 && top >= 1.3, `top ${top}`);
  const svg = drawFigure(view, { document: _document() });
  // Cut in the data, not clipped (a clip path costs the PNG renderer a mask of the whole canvas).
  assert.equal(svg.querySelectorAll("[clip-path]").length, 0);
  const frameTop = options.marginTop as number;
  const ys = (d: string) => [...d.matchAll(/(-?[\d.]+),(-?[\d.e-]+)/g)].map((m) => Number(m[2]));
  for (const cls of ["cost-mean", "cost-band", "cost-without-rework"]) {
    const y = ys(_path(svg, cls));
    assert.ok(y.every((v) => v >= frameTop - 1e-3), `${cls} leaves the frame: ${Math.min(...y)}`);
    // The first segment is cut where it crosses the top, not dropped.
    assert.ok(y.some((v) => Math.abs(v - frameTop) < 1e-3), `${cls} never reaches the top`);
  }
  // The line from 9.0 at 100K to 1.1 at 200K crosses the top at 100K + (9 - top)/(9 - 1.1) ×
  // 100K: the cost line starts there (by hand, from the data above).
  const x = (trigger: number) => {
    const [x0, x1] = (options.x as { domain: number[] }).domain;
    const left = options.marginLeft as number, right = 880 - (options.marginRight as number);
    return left + (trigger - x0) / (x1 - x0) * (right - left);
  };
  const first = /^M(-?[\d.]+),(-?[\d.]+)/.exec(_path(svg, "cost-mean"))!;
  assert.ok(Math.abs(Number(first[1]) - x(100_000 + (9 - top) / (9 - 1.1) * 100_000)) < 1e-2);
  assert.ok(Math.abs(Number(first[2]) - frameTop) < 1e-3);
  // Within 4x nothing is cut: the rows are drawn as they are.
  const plain = drawFigure(_view(), { document: _document() });
  assert.match(_path(plain, "cost-mean"), /^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){3}$/);
});
