// What the replay leaves out, in analyze's text and on the report page (docs/method.md, Advisor
// passes, Model filter, Precomputed compactions), on the report fixture with the late-2026 counts
// set by hand.
import assert from "node:assert/strict";
import { leftOutLines } from "../../cli/analyze.ts";
import { checksSection } from "../../lib/report/page_checks.ts";
import { TEXTS_EN } from "../../lib/report/texts_en.ts";
import { TEXTS_ZH } from "../../lib/report/texts_zh.ts";
import { fixtureReport } from "../report/_fixture.ts";

function withLateShapes() {
  const r = structuredClone(fixtureReport());
  r.corpus.advisor = {
    iterations: 3,
    billedTokens: r.corpus.billedTokens / 50, // 2% of D
    byModel: { "claude-fable-5-1": r.corpus.billedTokens / 50 },
    usd: 1.9,
    unpricedIterations: 0,
  };
  r.checks.observedBill.advisorCostPerMillion = 0.25;
  r.corpus.leftOut = {
    sessions: 2,
    requests: 40,
    billedTokens: 1e6,
    usd: 6.17,
    unpricedRequests: 0,
  };
  r.corpus.modelSwitches = { sessions: 1, requestsOfOtherModels: 9 };
  // p = 0.25 precomputed; S = 0.05 → (0.75 · 0.05) / (1 − 0.25 · 0.05) = 0.0375 / 0.9875.
  r.precomputedCompactions = {
    share: 0.25,
    recommendedTimeShare: { mean: 0.0375 / 0.9875, p10: null, p90: null },
    observedTriggerTimeShare: null,
  };
  return r;
}

Deno.test("analyze text: advisor passes, left-out sessions, model switches, precomputed share", () => {
  const lines = leftOutLines(withLateShapes()).join("\n");
  assert.match(lines, /3 advisor passes of another model, .* \(2\.0% of D\), \$1\.90 at catalog/);
  assert.match(lines, /\$0\.25 per million of D/);
  assert.match(lines, /40 requests in 2 sessions of another model .*\$6\.17/);
  assert.match(lines, /kept whole across \/model: 1 session with 9 requests of other models/);
  // 0.0375 / 0.9875 = 3.797…% → 3.8%; the headline 5.0%.
  assert.match(lines, /25% of the observed ones; .* would be 3\.8% \(with: 5\.0%\)/);
  assert.deepEqual(leftOutLines(fixtureReport()), []);
});

Deno.test("report page: the same three rows in both languages", () => {
  const r = withLateShapes();
  for (const t of [TEXTS_EN, TEXTS_ZH]) {
    const html = checksSection(t, r);
    assert.ok(html.includes("$6.17"), "left-out dollars");
    assert.ok(html.includes("$1.90"), "advisor dollars");
    assert.ok(html.includes("3.8%"), "time share without precomputed waits");
  }
  assert.ok(!checksSection(TEXTS_EN, fixtureReport()).includes("Advisor passes"));
});
