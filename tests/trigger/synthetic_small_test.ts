import assert from "node:assert/strict";
import { generateCorpus } from "../../data-synthetic/generate_corpus.ts";
import { PROFILES } from "../../data-synthetic/profiles.ts";
import { corpusFromText } from "../../lib/transcript/mod.ts";
import { analyzeTrigger } from "../../lib/trigger/mod.ts";

function smallCorpus() {
  const files: { path: string; text: string }[] = [];
  const it = generateCorpus(PROFILES.small, 1);
  for (let step = it.next(); !step.done; step = it.next()) {
    files.push({ path: step.value.path, text: step.value.text });
  }
  return corpusFromText(files);
}

Deno.test("the analysis runs on the generator's small profile, deterministically", async () => {
  const corpus = smallCorpus();
  // Six compactions fit no sensible time model (the unconstrained fit gives a < 0): the
  // constrained fit keeps a ≥ 0, v > 0, and the grade is low, so the settings are withheld.
  const fitted = (await analyzeTrigger(corpus, { workloads: 2 })).report;
  assert.ok(fitted.fit.both!.a < 0);
  assert.equal(fitted.fit.constrained!.method, "summary only");
  assert.equal(fitted.timeModel.aSecondsPerToken, 0);
  assert.ok(fitted.timeModel.aSecondsPerToken >= 0 && fitted.timeModel.vTokensPerSecond > 0);
  assert.equal(fitted.steadyState.confidence.grade, "low");
  assert.equal(fitted.recommendation.settings, null);
  assert.match(fitted.recommendation.withheld!, /confidence is low/);
  const options = { workloads: 8, triggerStep: 20000, a: 1e-4, v: 80 };
  const a = (await analyzeTrigger(corpus, options)).report;
  assert.equal(a.corpus.requests, corpus.requests.length);
  assert.ok(a.replay.length > 0);
  assert.equal(a.checks.permuteKeepsGrowth?.mismatches, 0);
  assert.equal(
    JSON.stringify((await analyzeTrigger(smallCorpus(), options)).report),
    JSON.stringify(a),
  );
  const text = JSON.stringify(a);
  assert.ok(!/\.jsonl|\/home\/|agent-a[0-9a-f]/.test(text), "no paths or ids in the document");
});
