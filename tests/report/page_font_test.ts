/**
 * The page carries its own CJK glyphs: given a CJK font, `renderReport` embeds the subset of it
 * that maps exactly the page's CJK characters. Expected set: the CJK characters found in the page
 * itself (U+2E80–U+FFEF, counted here from the HTML), all of which the full font maps.
 */
import assert from "node:assert/strict";
import { loadCjkFont } from "../../lib/report/cjk_font.ts";
import { fontCharacters } from "../../lib/report/font_subset.ts";
import { renderReport } from "../../lib/report/render_report.ts";
import { fixtureInputs, fixtureReport, fixtureSums } from "./_fixture.ts";

Deno.test("the page embeds a font subset of exactly its own CJK characters", async () => {
  const sums = fixtureSums();
  const inputs = fixtureInputs();
  const report = fixtureReport(sums, inputs);
  const font = await loadCjkFont();
  const html = renderReport({ report, sums, inputs, script: "void 0;", cjkFont: font });
  const match = html.match(
    /src: url\(data:font\/ttf;base64,([A-Za-z0-9+/=]+)\) format\("truetype"\)/,
  );
  assert.ok(match, "no embedded font");
  const subset = Uint8Array.from(atob(match[1]), (c) => c.charCodeAt(0));
  const shown = [...new Set(html)].map((c) => c.codePointAt(0)!)
    .filter((c) => c >= 0x2e80 && c <= 0xffef).sort((a, b) => a - b);
  assert.ok(shown.length > 300, `only ${shown.length} CJK characters on the page`);
  const full = new Set(fontCharacters(font));
  assert.deepEqual(fontCharacters(subset), shown.filter((c) => full.has(c)));
  // The page names it after the machine's own CJK fonts, and without a font embeds none.
  assert.match(html, /"Microsoft YaHei", ReportCJK, sans-serif/);
  assert.doesNotMatch(renderReport({ report, sums, inputs, script: "void 0;" }), /@font-face/);
});
