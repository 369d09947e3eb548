/**
 * The figure in a language: the English texts reproduce the charts' own default figure byte
 * for byte, and the Chinese figure carries the Chinese labels.
 */
import assert from "node:assert/strict";
import { svgToPng } from "../../lib/charts/png.ts";
import { triggerFigure } from "../../lib/charts/trigger_figure.ts";
import { figureFontFiles, triggerFigureTexts } from "../../lib/report/figure_texts.ts";
import { TEXTS } from "../../lib/report/texts.ts";

const band = (mean: number) => ({ mean, p10: mean * 0.9, p90: mean * 1.1 });
const REPLAY = [
  { trigger: 100_000, costPerMillion: band(1.4), timeShare: band(0.12) },
  { trigger: 200_000, costPerMillion: band(1.1), timeShare: band(0.05) },
  { trigger: 300_000, costPerMillion: band(1.2), timeShare: band(0.03) },
];
const MARKERS = { observedTrigger: 267_900, optimumTrigger: 200_000, steadyStateTrigger: 150_000 };

Deno.test("figure texts: English is the charts' default figure", () => {
  const own = triggerFigure(REPLAY, { ...MARKERS, modelName: "Claude Opus 5.5" });
  const en = triggerFigure(REPLAY, { ...MARKERS, ...triggerFigureTexts("en", "Claude Opus 5.5") });
  assert.equal(en, own);
});

Deno.test("figure texts: the Chinese figure has Chinese title, axes, markers and legend", async () => {
  const svg = triggerFigure(REPLAY, { ...MARKERS, ...triggerFigureTexts("zh", "Claude Opus 5.5") });
  for (
    const text of [
      "Claude Opus 5.5 何时该压缩上下文？",
      TEXTS.zh.chartSubtitle,
      TEXTS.zh.chartAxisX,
      TEXTS.zh.chartAxisCost,
      TEXTS.zh.chartAxisShare,
      `${TEXTS.zh.chartMarkObserved} 267.9K`,
      `${TEXTS.zh.chartMarkOptimum} 200K`,
      TEXTS.zh.chartLegendShare,
    ]
  ) {
    assert.ok(svg.includes(`>${text}<`), text);
  }
  assert.doesNotMatch(svg, />Compaction trigger|>lowest cost|>observed /);
  assert.match(svg, /font-family="DejaVu Sans, UnifontExMono, sans-serif"/);
  assert.equal((await figureFontFiles("zh")).length, 1);
});

Deno.test("figure texts: the Chinese PNG draws its characters with the Chinese font", async () => {
  // Two different characters, alone: without a font that has them both draw the same
  // placeholder (or nothing), so their PNGs are identical; with the font they differ.
  const one = (c: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><text x="4" y="32" ` +
    `font-size="32" font-family="DejaVu Sans, UnifontExMono, sans-serif">${c}</text></svg>`;
  const fontFiles = await figureFontFiles("zh");
  assert.deepEqual(await svgToPng(one("压")), await svgToPng(one("缩")));
  assert.notDeepEqual(
    await svgToPng(one("压"), { fontFiles }),
    await svgToPng(one("缩"), { fontFiles }),
  );
  const svg = triggerFigure(REPLAY, { ...MARKERS, ...triggerFigureTexts("zh", "Claude Opus 5.5") });
  const png = await svgToPng(svg, { fontFiles });
  assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
});
