/**
 * The page from a real analysis of synthetic transcripts: the embedded data re-prices to the
 * document's own curves, and nothing of the transcripts but aggregates reaches the page.
 */
import assert from "node:assert/strict";
import { corpusFromText } from "../../lib/transcript/mod.ts";
import { analyzeTrigger } from "../../lib/trigger/analyze.ts";
import { priceCurves } from "../../lib/trigger/price_curves.ts";
import { renderReport } from "../../lib/report/render_report.ts";
import { replaySumsFromData } from "../../lib/report/report_data.ts";
import { syntheticTranscripts } from "../trigger/_transcripts.ts";

const DATA_OPEN = '<script type="application/json" id="report-data">';

function _strings(value: unknown, out: Set<string>): void {
  if (typeof value === "string") out.add(value);
  else if (Array.isArray(value)) { for (const v of value) _strings(v, out); }
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      _strings(v, out);
    }
  }
}

Deno.test("report from a real analysis: data re-prices to the document, transcripts stay out", async () => {
  const files = syntheticTranscripts();
  const analysis = await analyzeTrigger(corpusFromText(files), {
    workloads: 6,
    triggerFrom: 60_000,
    triggerTo: 300_000,
    triggerStep: 20_000,
  });
  const html = renderReport({ ...analysis, script: "void 0;" });
  assert.equal(html, renderReport({ ...analysis, script: "void 0;" }));

  const start = html.indexOf(DATA_OPEN) + DATA_OPEN.length;
  const data = JSON.parse(html.slice(start, html.indexOf("</script>", start)));
  const curves = priceCurves(replaySumsFromData(data), data.inputs);
  assert.deepEqual(
    Array.from(curves.costPerMillion.mean),
    analysis.report.replay.map((p) => p.costPerMillion.mean),
  );
  assert.deepEqual(
    Array.from(curves.timeShare.mean),
    analysis.report.replay.map((p) => p.timeShare.mean),
  );

  // Every string of the transcripts (ids, paths, texts, keys) of some length, except the model
  // name, is absent from the page.
  const strings = new Set<string>();
  for (const file of files) {
    strings.add(file.path);
    for (const line of file.text.split("\n")) if (line.trim()) _strings(JSON.parse(line), strings);
  }
  strings.delete(analysis.report.corpus.model);
  const leaked = [...strings].filter((s) => s.length >= 12 && html.includes(s));
  assert.deepEqual(leaked, []);
  assert.ok(strings.size > 10);
});
