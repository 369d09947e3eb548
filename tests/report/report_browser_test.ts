/**
 * Drives Debian's headless Chromium over a report built from hand-made sums: the page loads
 * without console errors, the v slider moves the time-share curve and not the cost curve, α
 * moves the cost curve and the marked optimum, ρ moves cost only, and Reset restores the
 * analysis. A screenshot is saved to `REPORT_SCREENSHOT_DIR` when set (kept), else to a
 * temporary folder (removed).
 *
 * Chromium is `/usr/bin/chromium` (or `CHROMIUM_PATH`). Without it the test is skipped, except
 * under `CI=true`, where a missing browser is a failure.
 */
import assert from "node:assert/strict";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { bundleScript } from "../../lib/report/bundle_script.ts";
import { renderReport } from "../../lib/report/render_report.ts";
import type { ReportPageState } from "../../lib/report/page_main.ts";
import { fixtureInputs, fixtureReport, fixtureSums } from "./_fixture.ts";

const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";
const IN_CI = Deno.env.get("CI") === "true";
const HAVE_CHROMIUM = (() => {
  try {
    return Deno.statSync(CHROMIUM).isFile;
  } catch {
    return false;
  }
})();
if (!HAVE_CHROMIUM && !IN_CI) {
  console.log(
    `report browser test skipped: no Chromium at ${CHROMIUM} ` +
      "(apt-get install -y --no-install-recommends chromium)",
  );
}

/** Flags from the environment notes: headless, no sandbox, nothing fetched in the background. */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function _state(page: Page): Promise<ReportPageState> {
  return page.evaluate(() => (globalThis as unknown as { __report: ReportPageState }).__report);
}

async function _move(page: Page, id: string, value: string, draws: number): Promise<void> {
  await page.fill(`#${id}`, value);
  await page.waitForFunction((n) => Number(document.body.dataset.draws) >= n, draws);
}

function _path(page: Page, cls: string): Promise<string> {
  return page.$eval(`#figure g.${cls} path`, (el) => el.getAttribute("d") ?? "");
}

function _optimumX(page: Page): Promise<string> {
  return page.$eval("#figure g.optimum circle", (el) => el.getAttribute("cx") ?? "");
}

function _close(a: number[], b: number[], tolerance = 1e-12): boolean {
  return a.length === b.length &&
    a.every((x, i) => Math.abs(x - b[i]) <= tolerance * Math.max(1, Math.abs(b[i])));
}

Deno.test({
  name: "report page in Chromium: loads cleanly, sliders re-price and redraw",
  ignore: !HAVE_CHROMIUM && !IN_CI,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    if (!HAVE_CHROMIUM) {
      throw new Error(`Chromium is missing at ${CHROMIUM} (CI=true): the browser test must run`);
    }
    const sums = fixtureSums();
    const inputs = fixtureInputs();
    const report = fixtureReport(sums, inputs);
    const html = renderReport({ report, sums, inputs, script: await bundleScript() });

    const dir = await Deno.makeTempDir({ prefix: "report-browser-" });
    const keepDir = Deno.env.get("REPORT_SCREENSHOT_DIR");
    let context: BrowserContext | undefined;
    try {
      const file = `${dir}/report.html`;
      await Deno.writeTextFile(file, html);
      context = await chromium.launchPersistentContext(`${dir}/profile`, {
        executablePath: CHROMIUM,
        headless: true,
        args: CHROMIUM_ARGS,
        viewport: { width: 1000, height: 1100 },
      });
      const page = context.pages()[0] ?? await context.newPage();
      const errors: string[] = [];
      const requests: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") errors.push(`${m.type()}: ${m.text()}`);
      });
      page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
      page.on("request", (r) => requests.push(r.url()));
      await page.goto(`file://${file}`);
      await page.waitForFunction(() => document.body.dataset.draws === "1");

      // First draw: the analysis' own curves, the optimum and T* of the report.
      const first = await _state(page);
      assert.deepEqual(first.triggers, report.replay.map((p) => p.trigger));
      assert.ok(_close(first.costMean, report.replay.map((p) => p.costPerMillion.mean!)));
      assert.ok(_close(first.timeShareMean, report.replay.map((p) => p.timeShare.mean!)));
      assert.equal(first.argminTrigger, report.steadyState.replayArgminTokens);
      assert.ok(Math.abs(first.tStar! - report.steadyState.tStarTokens!) < 1e-6);
      assert.equal(await page.textContent("#value-v"), "60.0 tokens/s");
      const readout0 = await page.textContent("#readout");
      assert.match(readout0 ?? "", /Lowest mean cost at 80K/);
      const cost0 = await _path(page, "cost-mean");
      const share0 = await _path(page, "time-share-mean");
      const dot0 = await _optimumX(page);

      // v: time share moves (a slower writer waits longer), cost and optimum stay.
      await _move(page, "slider-v", "20", 2);
      const slow = await _state(page);
      assert.equal(slow.v, 20);
      assert.deepEqual(slow.costMean, first.costMean);
      assert.equal(slow.argminTrigger, first.argminTrigger);
      assert.ok(slow.timeShareMean.every((s, i) => s > first.timeShareMean[i]));
      assert.equal(await _path(page, "cost-mean"), cost0);
      assert.notEqual(await _path(page, "time-share-mean"), share0);
      assert.equal(await page.textContent("#value-v"), "20.0 tokens/s");

      // α: cheaper cache reads lower the cost and move the optimum to a higher trigger.
      const share1 = await _path(page, "time-share-mean");
      await _move(page, "slider-alpha", "0.01", 3);
      const cheap = await _state(page);
      assert.equal(cheap.alpha, 0.01);
      assert.deepEqual(cheap.timeShareMean, slow.timeShareMean);
      assert.ok(cheap.costMean.every((c, i) => c < slow.costMean[i]));
      assert.ok(cheap.argminTrigger! > first.argminTrigger!);
      assert.ok(cheap.tStar! > first.tStar!);
      assert.notEqual(await _path(page, "cost-mean"), cost0);
      assert.notEqual(await _optimumX(page), dot0);
      assert.equal(await _path(page, "time-share-mean"), share1);
      assert.notEqual(await page.textContent("#readout"), readout0);
      assert.match(await page.textContent("#value-alpha") ?? "", /^0\.010 \(cache read \$0\.050/);

      // ρ: dearer output raises cost only.
      await _move(page, "slider-rho", "10", 4);
      const dear = await _state(page);
      assert.ok(dear.costMean.every((c, i) => c > cheap.costMean[i]));
      assert.deepEqual(dear.timeShareMean, cheap.timeShareMean);

      const shotDir = keepDir ?? dir;
      await Deno.mkdir(shotDir, { recursive: true });
      const shot = `${shotDir}/report-sliders-moved.png`;
      await page.screenshot({ path: shot });
      // Reset: back to the analysis' values exactly.
      await page.click("#reset");
      await page.waitForFunction(() => document.body.dataset.draws === "5");
      const reset = await _state(page);
      assert.deepEqual(reset.costMean, first.costMean);
      assert.deepEqual(reset.timeShareMean, first.timeShareMean);
      assert.equal(await _path(page, "cost-mean"), cost0);
      await page.screenshot({ path: `${shotDir}/report.png` });
      const png = await Deno.readFile(`${shotDir}/report.png`);
      assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"

      assert.deepEqual(errors, []);
      assert.deepEqual(requests.filter((u) => !u.startsWith("file://")), []);
    } finally {
      await context?.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
