/**
 * The two text tables: the same keys and placeholders in both, and nothing left untranslated,
 * in the tables and in the rendered page (every English element's Chinese twin differs and is
 * written in Chinese).
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { renderReport } from "../../lib/report/render_report.ts";
import { fillText, parseLang, placeholders, TEXTS } from "../../lib/report/texts.ts";
import { TEXTS_EN } from "../../lib/report/texts_en.ts";
import { TEXTS_ZH } from "../../lib/report/texts_zh.ts";
import { buildReadCostReport } from "../../lib/readcost/report.ts";
import { measureTranscript } from "../../lib/readcost/file_measure.ts";
import { fixtureInputs, fixtureReport, fixtureSums } from "./_fixture.ts";

/** Han characters and CJK punctuation. */
const CJK = /[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]/;
/** Texts that are symbols in both languages (a marker label before a number). */
const SAME_IN_BOTH = new Set(["chartMarkTStar"]);

Deno.test("texts: both tables have the same keys", () => {
  assert.deepEqual(Object.keys(TEXTS_ZH).sort(), Object.keys(TEXTS_EN).sort());
  assert.ok(Object.keys(TEXTS_EN).length > 150);
});

Deno.test("texts: each text has the same placeholders in both languages", () => {
  for (const key of Object.keys(TEXTS_EN) as (keyof typeof TEXTS_EN)[]) {
    assert.deepEqual(
      placeholders(TEXTS_ZH[key]).sort(),
      placeholders(TEXTS_EN[key]).sort(),
      key,
    );
  }
});

Deno.test("texts: no Chinese text is the English one, and each is written in Chinese", () => {
  const untranslated: string[] = [];
  for (const key of Object.keys(TEXTS_EN) as (keyof typeof TEXTS_EN)[]) {
    if (SAME_IN_BOTH.has(key)) {
      assert.equal(TEXTS_ZH[key], TEXTS_EN[key], key);
      continue;
    }
    if (TEXTS_ZH[key] === TEXTS_EN[key] || !CJK.test(TEXTS_ZH[key])) untranslated.push(key);
    assert.doesNotMatch(TEXTS_EN[key], CJK, `English ${key} holds Chinese`);
  }
  assert.deepEqual(untranslated, []);
});

Deno.test("fillText fills every placeholder and refuses a missing one", () => {
  assert.equal(
    fillText(TEXTS.en.legendObserved, { trigger: "267.9K" }),
    "Observed trigger (267.9K)",
  );
  assert.equal(fillText(TEXTS.zh.legendObserved, { trigger: "267.9K" }), "实际触发点（267.9K）");
  assert.throws(() => fillText(TEXTS.en.legendObserved, {}), /no value for \{trigger\}/);
  assert.equal(parseLang("zh-TW"), "zh");
  assert.equal(parseLang(""), undefined);
});

/** Text of an element, whitespace collapsed. */
function _text(el: Element): string {
  return (el.textContent ?? "").replace(/\s+/g, " ").trim();
}

Deno.test("the page: every English element has a Chinese twin that is translated", () => {
  const sums = fixtureSums();
  const inputs = fixtureInputs();
  const line = (id: string) =>
    JSON.stringify({ type: "assistant", message: { id, usage: { input_tokens: 100 } } });
  const readCost = buildReadCostReport(
    [measureTranscript([line("a"), line("b")].join("\n"))],
    { minTurns: 1 },
  );
  const report = fixtureReport(sums, inputs);
  const row = {
    sessions: 3,
    requests: 30,
    billedTokens: 1e6,
    observedTrigger: null,
    argminAtGridEdge: null,
    tStarTokens: null,
    timeShareAtCheapest: null,
    recommendedTrigger: null,
    savingVsObservedTrigger: null,
    cheapestTrigger: null,
    cheapestCostPerMillion: null,
    confidence: null,
    dollars: null,
  };
  const models = {
    schemaVersion: 1 as const,
    options: {},
    models: [
      { model: "claude-opus-5-5", analysis: report },
      {
        model: "claude-haiku-4-5",
        error: { message: "no compaction", missing: [], reasons: ["no compaction"] },
      },
    ],
    comparison: [
      { ...row, model: "claude-opus-5-5", error: null },
      { ...row, model: "claude-haiku-4-5", error: "no compaction" },
    ],
    modelsWithoutSession: [],
  };
  const html = renderReport({
    report,
    sums,
    inputs,
    script: "void 0;",
    modelDisplayName: "Claude Opus 5.5",
    synthetic: true,
    readCost,
    models: { report: models, displayNames: { "claude-opus-5-5": "Claude Opus 5.5" } },
    timeline: {
      rows: [{ timeMs: Date.UTC(2026, 10, 2), inputTokens: 150_000, trigger: "auto", model: "m" }],
      unplaced: 2,
      configuredLevel: 137_000,
      autoCompactWindow: 170_000,
    },
  });
  const { document } = parseHTML(html);
  const en = [...document.querySelectorAll(".l-en")];
  const zh = [...document.querySelectorAll(".l-zh")];
  assert.equal(en.length, zh.length);
  assert.ok(en.length > 25, `${en.length} language blocks`);
  const problems: string[] = [];
  en.forEach((e, i) => {
    const z = zh[i];
    // Twins stand side by side: the Chinese one right after the English one.
    if (e.nextElementSibling !== z) problems.push(`block ${i}: no Chinese twin beside it`);
    const a = _text(e), b = _text(z);
    if (a === "" && b === "") return; // e.g. the grid-edge warning when there is none
    if (a === b || !CJK.test(b)) problems.push(`block ${i}: "${b.slice(0, 60)}"`);
    if (CJK.test(a)) problems.push(`block ${i} (English) holds Chinese: "${a.slice(0, 60)}"`);
  });
  assert.deepEqual(problems, []);
  // Every section heading exists in both languages.
  const headings = (cls: string) =>
    [...document.querySelectorAll(`.${cls} h2`)].map((h) => _text(h as Element));
  assert.deepEqual(headings("l-en"), [
    "Every model on its own",
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
  ]);
  assert.deepEqual(headings("l-zh"), [
    "各模型分别分析",
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
  ]);
  const h3 = [...document.querySelectorAll(".l-en h3")].map((h) => _text(h as Element));
  assert.ok(h3.includes("Cost per 1M tokens") && h3.includes("What moves the best trigger"));
});
