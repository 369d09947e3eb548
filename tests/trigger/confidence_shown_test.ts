/**
 * The texts show each confidence reason once: with fewer than 10 timed compactions the medium
 * reason "N timed compactions (30 or more would make the time fit firm)" only repeats the low one,
 * so the CLI line and the page leave it out; the document keeps both codes. Hand-made inputs.
 */
import assert from "node:assert/strict";
import { confidenceGrade, shownReasons } from "../../lib/trigger/confidence.ts";
import { confidenceLine } from "../../cli/_range_text.ts";
import { confidenceSentence } from "../../lib/report/page_range.ts";
import { TEXTS } from "../../lib/report/texts.ts";

const grade = (timedCompactions: number) =>
  confidenceGrade({
    timedCompactions,
    timeFitRSquared: 0.9,
    trigger: 100000,
    sessionsAtTrigger: 40,
    outsideMeasuredInput: false,
    atGridEdge: false,
    range: { fromTokens: 90000, toTokens: 110000 },
    grid: { fromTokens: 40000, toTokens: 400000 },
    spread: { p10: 90000, p90: 110000 },
    reworkMeasured: true,
  });

Deno.test("confidence: a medium reason that repeats a low one is not shown; alone it is", () => {
  const three = grade(3);
  assert.deepEqual(three.reasons.map((r) => r.code), [
    "fewTimedCompactions",
    "someTimedCompactions",
  ]);
  assert.deepEqual(shownReasons(three).map((r) => r.code), ["fewTimedCompactions"]);
  // 15 timed compactions: not low on that count (10 or more), medium below 30: shown.
  const fifteen = grade(15);
  assert.equal(fifteen.grade, "medium");
  assert.deepEqual(shownReasons(fifteen).map((r) => r.code), ["someTimedCompactions"]);

  const report = (c: ReturnType<typeof grade>) =>
    ({
      steadyState: { confidence: c, argminSpread: { p10: 90000, p90: 110000 } },
      recommendation: { withheld: "x", nearOptimal: null, trigger: 100000 },
    }) as never;
  const line = confidenceLine(report(three));
  assert.match(line, /^Confidence: LOW: only 3 timed compactions \(at least 10 /);
  assert.doesNotMatch(line, /30 or more/);
  assert.match(
    confidenceLine(report(fifteen)),
    /^Confidence: medium \(15 timed compactions \(30 or more/,
  );
  const page = confidenceSentence(TEXTS.en, report(three));
  assert.equal(page.match(/\b3\b/g)?.length, 1, page);
});
