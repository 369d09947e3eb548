/**
 * The page script is bundled at build time: lib/report/page_script.ts must be what a fresh
 * `deno bundle` of lib/report/page_main.ts gives (expected value: that bundle, made here by
 * build_page_script.ts), and it holds no text (tests/cli/task_permissions_test.ts checks the
 * tasks need no `--allow-run`).
 */
import assert from "node:assert/strict";
import { freshPageScriptSource, PAGE_SCRIPT_MODULE } from "../../lib/report/build_page_script.ts";
import { PAGE_SCRIPT } from "../../lib/report/page_script.ts";
import { TEXTS } from "../../lib/report/texts.ts";

Deno.test("page script: page_script.ts equals a fresh bundle of page_main.ts", async () => {
  const committed = await Deno.readTextFile(PAGE_SCRIPT_MODULE);
  assert.ok(
    committed === await freshPageScriptSource(),
    "lib/report/page_script.ts is out of date: run `deno task build-page-script`",
  );
});

Deno.test("page script: the texts travel with the page, not in the bundle", () => {
  // A Chinese text in the bundle would mean a text edit needs a new bundle.
  assert.ok(!PAGE_SCRIPT.includes(TEXTS.zh.answerLabel));
  assert.ok(!PAGE_SCRIPT.includes(TEXTS.en.readoutBest.slice(0, 20)));
  assert.ok(!PAGE_SCRIPT.includes(TEXTS.zh.sectionFormula));
  assert.ok(PAGE_SCRIPT.includes("report-texts"));
});
