/**
 * Drives Debian's headless Chromium over a report built from hand-made sums: the page loads
 * without console errors, the v slider moves the time-share curve and not the cost curve, α
 * moves the cost curve and the marked optimum, ρ moves cost only, and Reset restores the
 * analysis; the language switch shows every heading in English and Chinese, keeps the choice in
 * the URL fragment and follows the browser's language; at 390 px (a phone) nothing scrolls
 * sideways and the chart stays in view while a slider moves. Screenshots (1280 and 390 px) are
 * saved to `REPORT_SCREENSHOT_DIR` when set (kept), else to a temporary folder (removed).
 *
 * Chromium is `/usr/bin/chromium` (or `CHROMIUM_PATH`). Without it the test is skipped, except
 * under `CI=true`, where a missing browser is a failure.
 */
import assert from "node:assert/strict";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { PAGE_SCRIPT } from "../../lib/report/page_script.ts";
import { loadCjkFont } from "../../lib/report/cjk_font.ts";
import { renderReport } from "../../lib/report/render_report.ts";
import type { ReportPageState } from "../../lib/report/page_main.ts";
import { TEXTS } from "../../lib/report/texts.ts";
import { fixtureInputs, fixtureReadCost, fixtureReport, fixtureSums } from "./_fixture.ts";

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
    const html = renderReport({ report, sums, inputs, script: PAGE_SCRIPT });

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

/** The visible `<h2>` texts of the page, in order. */
/** The title of each shown timeline drawing (one per language is in the page, one is shown). */
function _visibleTimelineTitles(page: Page): Promise<string[]> {
  return page.$$eval(
    ".timeline-figure > svg",
    (els) =>
      els.filter((e) => (e.parentElement as HTMLElement).offsetParent !== null)
        .map((e) => e.querySelector("text")?.textContent ?? ""),
  );
}

function _headings(page: Page): Promise<string[]> {
  return page.$$eval(
    "h2",
    (els) =>
      els.filter((e) => (e as HTMLElement).offsetParent !== null)
        .map((e) => (e as HTMLElement).innerText.trim()),
  );
}

const HEADINGS = {
  en: [
    TEXTS.en.figureTitle,
    "The setting that puts compaction there",
    "How sure, and what else is nearly as cheap",
    "Did it take effect? Compactions over time",
    "How to read it",
    "Where this can mislead you",
    "Data volume",
    "Time model fit",
    "Checks",
    "Closed form beside the replay",
    "How the numbers were made",
    "Formula and symbols",
    "What reading tool results costs",
  ],
  zh: [
    TEXTS.zh.figureTitle,
    "让压缩发生在那里的设置",
    "有多确定，还有哪些几乎一样便宜",
    "设置生效了吗？压缩随时间的变化",
    "怎样读这张图",
    "哪里可能误导你",
    "数据量",
    "时间模型拟合",
    "核对",
    "闭式解与重放对照",
    "这些数字怎么来的",
    "公式与符号",
    "读取工具结果的成本",
  ],
};

Deno.test({
  name: "report page in Chromium: English and Chinese, a link keeps the language, a phone fits",
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
    const html = renderReport({
      report,
      sums,
      inputs,
      script: PAGE_SCRIPT,
      modelDisplayName: "Claude Opus 5.5",
      synthetic: true,
      readCost: fixtureReadCost(),
      timeline: {
        rows: [0, 1, 2].map((day) => ({
          timeMs: Date.UTC(2026, 10, 2 + day),
          inputTokens: 260_000 - day * 60_000,
          trigger: day === 1 ? "manual" as const : "auto" as const,
          model: "Claude Opus 5.5",
        })),
        unplaced: 0,
        configuredLevel: 137_000,
        autoCompactWindow: 170_000,
      },
    });
    const dir = await Deno.makeTempDir({ prefix: "report-lang-" });
    const shotDir = Deno.env.get("REPORT_SCREENSHOT_DIR") ?? dir;
    await Deno.mkdir(shotDir, { recursive: true });
    const errors: string[] = [];
    // One browser; a context per browser language (the locale sets navigator.language).
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    const open = async (locale: string, width: number, hash = "", height = 844) => {
      const context = await browser.newContext({ locale, viewport: { width, height } });
      const page = await context.newPage();
      page.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") errors.push(`${m.type()}: ${m.text()}`);
      });
      page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
      await page.goto(`file://${file}${hash}`);
      await page.waitForFunction(() => document.body.dataset.draws === "1");
      return page;
    };
    const file = `${dir}/report.html`;
    try {
      await Deno.writeTextFile(file, html);

      // An English browser: English page, the display name in the title.
      const page = await open("en-US", 1280);
      assert.equal(await page.getAttribute("html", "data-lang"), "en");
      assert.equal(
        await page.title(),
        "When should Claude Opus 5.5 compact? | Context Compaction Threshold",
      );
      assert.deepEqual(await _headings(page), HEADINGS.en);
      assert.deepEqual(await _visibleTimelineTitles(page), ["Compactions over time"]);
      assert.match(await page.textContent("#value-v") ?? "", /^60\.0 tokens\/s$/);
      assert.match(await page.textContent("#answer .answer-text") ?? "", /^Compacting at 80K/);
      assert.match(await page.getAttribute("#figure", "aria-label") ?? "", /^Chart of the cost/);
      assert.match(await page.textContent("#figure svg") ?? "", /Compaction trigger/);
      await page.screenshot({ path: `${shotDir}/report-1280-en.png` });

      // Switch to Chinese: headings, sliders, readout, answer, chart labels, title, fragment.
      await page.click('[data-set-lang="zh"]');
      await page.waitForFunction(() => document.body.dataset.draws === "2");
      assert.equal(await page.getAttribute("html", "data-lang"), "zh");
      assert.equal(await page.getAttribute("html", "lang"), "zh-Hans");
      assert.equal(await page.evaluate(() => location.hash), "#lang=zh");
      assert.equal(await page.title(), "Claude Opus 5.5 何时该压缩上下文？| 上下文压缩阈值");
      assert.deepEqual(await _headings(page), HEADINGS.zh);
      assert.deepEqual(await _visibleTimelineTitles(page), ["压缩随时间的变化"]);
      assert.equal(await page.textContent("#value-v"), "60.0 token/秒");
      assert.match(await page.textContent("#readout") ?? "", /^平均费用最低的触发点是 80K/);
      assert.match(
        await page.textContent("#answer .answer-text") ?? "",
        /^在 80K 而不是 267\.9K 压缩/,
      );
      assert.match(await page.textContent("#figure svg") ?? "", /压缩触发点（上下文 token 数）/);
      assert.equal(await page.getAttribute('[data-set-lang="zh"]', "aria-pressed"), "true");
      const zhState = await _state(page);
      assert.equal(zhState.lang, "zh");
      // The answer re-computes when a slider moves (cheaper cache reads: a higher optimum).
      await _move(page, "slider-alpha", "0.01", 3);
      const moved = await _state(page);
      assert.ok(moved.argminTrigger! > zhState.argminTrigger!);
      assert.notEqual(moved.answer, zhState.answer);
      assert.match(moved.answer, /^在 /);
      await page.screenshot({ path: `${shotDir}/report-1280-zh.png` });
      // And back to English.
      await page.click('[data-set-lang="en"]');
      await page.waitForFunction(() => document.documentElement.dataset.lang === "en");
      assert.deepEqual(await _headings(page), HEADINGS.en);
      assert.equal(await page.evaluate(() => location.hash), "#lang=en");

      // A link with #lang=zh opens in Chinese in an English browser; a Chinese browser opens
      // in Chinese without one, and #lang=en overrides it.
      const linked = await open("en-US", 1280, "#lang=zh");
      assert.equal(await linked.getAttribute("html", "data-lang"), "zh");
      const chinese = await open("zh-CN", 1280);
      assert.equal(await chinese.getAttribute("html", "data-lang"), "zh");
      assert.deepEqual(await _headings(chinese), HEADINGS.zh);
      const overridden = await open("zh-CN", 1280, "#lang=en");
      assert.equal(await overridden.getAttribute("html", "data-lang"), "en");

      // A phone, 390 px wide (and short, 600 px, so that the figure section is taller than the
      // screen): no sideways scrolling in either language.
      const phone = await open("en-US", 390, "", 600);
      const overflow = () =>
        phone.evaluate(() => {
          const s = document.scrollingElement!;
          return { scroll: s.scrollWidth, client: s.clientWidth };
        });
      const en390 = await overflow();
      assert.ok(en390.scroll <= en390.client, `390 px, English: ${JSON.stringify(en390)}`);
      await phone.screenshot({ path: `${shotDir}/report-390-en.png`, fullPage: true });
      // The chart stays in view while the last slider moves.
      await phone.$eval("#slider-rho", (e) => e.scrollIntoView({ block: "end" }));
      await _move(phone, "slider-rho", "10", 2);
      const view = await phone.evaluate(() => {
        const chart = document.getElementById("figure")!.getBoundingClientRect();
        const slider = document.getElementById("slider-rho")!.getBoundingClientRect();
        return {
          chartTop: chart.top,
          chartBottom: chart.bottom,
          sliderTop: slider.top,
          height: innerHeight,
          scrollY,
        };
      });
      assert.ok(view.scrollY > 0, "the page scrolled to the slider");
      // The chart is stuck to the top of the screen, above the slider, fully visible.
      assert.ok(view.chartTop >= 0 && view.chartBottom <= view.sliderTop, JSON.stringify(view));
      const stuck = await phone.$eval(".chart-sticky", (e) => e.getBoundingClientRect().top);
      assert.equal(stuck, 0);
      assert.ok(view.sliderTop < view.height, JSON.stringify(view));
      await phone.screenshot({ path: `${shotDir}/report-390-slider.png` });
      await phone.click('[data-set-lang="zh"]').catch(async () => {
        // The switch is at the top of the page: scroll back to it first.
        await phone.evaluate(() => scrollTo(0, 0));
        await phone.click('[data-set-lang="zh"]');
      });
      await phone.waitForFunction(() => document.documentElement.dataset.lang === "zh");
      const zh390 = await overflow();
      assert.ok(zh390.scroll <= zh390.client, `390 px, Chinese: ${JSON.stringify(zh390)}`);
      await phone.screenshot({ path: `${shotDir}/report-390-zh.png`, fullPage: true });
      const png = await Deno.readFile(`${shotDir}/report-390-zh.png`);
      assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"

      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test({
  name: "report page in Chromium: at 390 px the --model all table fits and the timeline's text " +
    "stays readable; the embedded CJK font draws the page's Chinese and the switch's 中文",
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
    const row = {
      sessions: 1234,
      requests: 567_890,
      billedTokens: 6_717_300_000,
      observedTrigger: 267_900,
      argminAtGridEdge: false,
      tStarTokens: 123_000,
      timeShareAtCheapest: { mean: 0.123, p10: 0.1, p90: 0.15 },
      recommendedTrigger: 80_000,
      savingVsObservedTrigger: 0.0712,
      cheapestTrigger: 80_000,
      cheapestCostPerMillion: { mean: 1.234, p10: 1.111, p90: 1.356 },
      confidence: "medium" as const,
      dollars: { historyUsd: 12.5, per30DaysUsd: 37.5 },
      error: null,
    };
    const models = {
      schemaVersion: 1 as const,
      options: {},
      models: [{ model: "claude-opus-5-5", analysis: report }],
      comparison: [
        { ...row, model: "claude-opus-5-5" },
        { ...row, model: "claude-sonnet-4-6-20260101-with-a-long-id" },
      ],
      modelsWithoutSession: [],
    };
    const html = renderReport({
      report,
      sums,
      inputs,
      script: PAGE_SCRIPT,
      models: { report: models },
      cjkFont: await loadCjkFont(),
      timeline: {
        rows: [0, 1, 2, 3].map((day) => ({
          timeMs: Date.UTC(2026, 10, 2 + day),
          inputTokens: 260_000 - day * 40_000,
          trigger: "auto" as const,
          model: day < 2 ? "Claude Opus 5.5" : "Claude Sonnet 4.6",
        })),
        unplaced: 0,
      },
    });
    const dir = await Deno.makeTempDir({ prefix: "report-phone-" });
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    try {
      await Deno.writeTextFile(`${dir}/report.html`, html);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error" || m.type() === "warning") errors.push(`${m.type()}: ${m.text()}`);
      });
      await page.goto(`file://${dir}/report.html`);
      await page.waitForFunction(() => document.body.dataset.draws === "1");
      // The embedded CJK subset loads (Chromium's font sanitizer accepts it) and has the page's
      // Chinese: a glyph the page shows is in it, one it does not show is not.
      const font = await page.evaluate(async () => {
        const faces = await document.fonts.load('16px "ReportCJK"', "压缩");
        return {
          loaded: faces.map((f) => f.status),
          shown: document.fonts.check('16px "ReportCJK"', "压缩"),
        };
      });
      assert.deepEqual(font.loaded, ["loaded"], JSON.stringify(errors));
      assert.equal(font.shown, true);
      // The language switch's 中文 is drawn with CJK glyphs, one em each in any CJK font; a box
      // for a missing glyph is narrower (about 0.6 em: two boxes measured 15.6 px at 13 px).
      const label = await page.evaluate(() => {
        const button = document.querySelector('button[data-set-lang="zh"]')!;
        const range = document.createRange();
        range.selectNodeContents(button);
        return {
          text: button.textContent,
          width: range.getBoundingClientRect().width,
          em: parseFloat(getComputedStyle(button).fontSize),
        };
      });
      assert.equal(label.text, "中文");
      assert.ok(Math.abs(label.width - 2 * label.em) < 1, JSON.stringify(label));
      assert.deepEqual(errors, []);
      const sizes = await page.evaluate(() => {
        const root = document.scrollingElement!;
        const visible = (el: Element) => (el as HTMLElement).offsetParent !== null;
        const table = [...document.querySelectorAll("table.models")].find(visible)!;
        const svg = [...document.querySelectorAll(".timeline-figure svg")].find(visible)!;
        // The rendered height of the timeline's tick labels, CSS px.
        const ticks = [...svg.querySelectorAll("text")].map((t) => t.getBoundingClientRect().height)
          .filter((h) => h > 0);
        return {
          page: { scroll: root.scrollWidth, client: root.clientWidth },
          table: table.getBoundingClientRect().width,
          smallestText: Math.min(...ticks),
        };
      });
      assert.ok(sizes.page.scroll <= sizes.page.client, JSON.stringify(sizes));
      assert.ok(sizes.table <= 390, `models table ${sizes.table} px wide at 390 px`);
      // 11 px text drawn 720 px wide and shown about 360 px wide was about 5 px high; the
      // phone's own drawing keeps it at its size (a glyph box of 10 px text is about 11 px).
      assert.ok(sizes.smallestText >= 9, `timeline text ${sizes.smallestText} px high`);
      // Opened in Chinese (#lang=zh): the title's Chinese is drawn with CJK glyphs, one em each
      // (laid out while the embedded font still loaded, it kept boxes: 389 px for 482).
      const zhPage = await context.newPage();
      await zhPage.goto(`file://${dir}/report.html#lang=zh`);
      await zhPage.waitForFunction(() => document.body.dataset.draws === "1");
      const title = await zhPage.evaluate(() => {
        const span = document.querySelector("h1 .l-zh")!;
        const node = span.firstChild as Text;
        const from = [...node.data].findIndex((c) => c.codePointAt(0)! >= 0x2e80);
        const range = document.createRange();
        range.setStart(node, from);
        range.setEnd(node, node.data.length);
        return {
          text: node.data.slice(from),
          // The title may wrap at 390 px: the widths of its line boxes, summed.
          width: [...range.getClientRects()].reduce((sum, r) => sum + r.width, 0),
          em: parseFloat(getComputedStyle(span).fontSize),
        };
      });
      assert.equal(title.text, "何时该压缩上下文？");
      assert.ok(Math.abs(title.width - 9 * title.em) < 1, JSON.stringify(title));
      // And every Chinese character the page shows, outside the charts: one em each (the
      // formula's serif labels were boxes, their font list naming no CJK family).
      const boxes = await zhPage.evaluate(() => {
        const found: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
          const node = n as Text;
          const el = node.parentElement!;
          if (el.closest("svg") !== null || el.getClientRects().length === 0) continue;
          const em = parseFloat(getComputedStyle(el).fontSize);
          for (let i = 0; i < node.data.length; i++) {
            const c = node.data.charCodeAt(i);
            if (c < 0x4e00 || c > 0x9fff) continue;
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const w = range.getBoundingClientRect().width;
            if (w > 0 && Math.abs(w - em) > 0.6) {
              found.push(`${el.tagName}.${el.className}: ${node.data.slice(i, i + 4)} ${w}/${em}`);
              break;
            }
          }
        }
        return found;
      });
      assert.deepEqual(boxes, []);
      // Wider windows: the twelve-column table (cards up to 1,000 px, a table from there) never
      // scrolls the page sideways (it was 1,172 px wide from 721 px on).
      for (const width of [800, 1000, 1001, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        const wide = await page.evaluate(() => {
          const root = document.scrollingElement!;
          return { scroll: root.scrollWidth, client: root.clientWidth };
        });
        assert.ok(wide.scroll <= wide.client, `${width} px: ${JSON.stringify(wide)}`);
      }
    } finally {
      await browser.close();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
