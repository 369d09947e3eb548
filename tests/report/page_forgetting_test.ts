import assert from "node:assert/strict";
import { forgettingSection } from "../../lib/report/page_forgetting.ts";
import { TEXTS } from "../../lib/report/texts.ts";
import type { TriggerReport } from "../../lib/trigger/analyze.ts";

const plain = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

/** A document with a measured rework (the figures of the full synthetic corpus, rounded). */
function measured(): TriggerReport {
  return {
    rework: {
      source: "measured",
      compactions: 258,
      windowRequests: 30,
      tokensPerCompaction: { estimate: 9106, low: 7478, high: 10922 },
      requestsPerCompaction: { estimate: 3.58, low: 2.99, high: 4.21 },
      naiveTokensPerCompaction: 19347,
      growth: { kind: "constant", reason: "a constant" },
      seed: 1,
      reason: null,
      applied: {
        tokensIntercept: 9106,
        tokensPerInputToken: 0,
        requests: 3.58,
        outputTokensPerRequest: 209,
        workSecondsPerRequest: 16.9,
      },
    },
    steadyState: {
      tStarTokens: 211612,
      replayArgminTokens: 180000,
      tStarWithoutReworkTokens: 117592,
      replayArgminWithoutReworkTokens: 120000,
    },
  } as unknown as TriggerReport;
}

Deno.test("forgetting section, measured: estimate, interval, naive figure and the move", () => {
  const en = plain(forgettingSection(TEXTS.en, measured()));
  assert.match(en, /The cost of forgetting/);
  assert.match(en, /re-read, on average, 9\.1K tokens more/);
  assert.match(en, /95% interval 7\.5K to 10\.9K, over 258 compactions/);
  assert.match(en, /3\.6 more requests with a re-read \(95% interval 3\.0 to 4\.2\)/);
  assert.match(en, /the figure would be 19\.3K tokens/);
  assert.match(en, /cheapest trigger is then 180K instead of 120K/);
  assert.match(en, /T\* 211\.6K instead of 117\.6K/);
  assert.match(en, /do not change the re-reads/);
  const zh = plain(forgettingSection(TEXTS.zh, measured()));
  assert.match(zh, /遗忘的代价/);
  assert.match(zh, /9\.1K token/);
  assert.match(zh, /95% 区间 7\.5K 至 10\.9K，基于 258 次压缩/);
  assert.match(zh, /最便宜的触发点因此是 180K，而不是 120K/);
});

Deno.test("forgetting section: none, off, an unmoved trigger, no block", () => {
  const r = measured();
  const none = {
    ...r,
    rework: {
      ...r.rework!,
      source: "none" as const,
      compactions: 4,
      tokensPerCompaction: null,
      requestsPerCompaction: null,
      naiveTokensPerCompaction: null,
      growth: null,
      reason: "only 4 of 5 compactions have both windows of 30 requests complete",
      applied: null,
    },
  } as TriggerReport;
  assert.match(plain(forgettingSection(TEXTS.en, none)), /only 4 compactions have complete/);
  const noTargets = {
    ...none,
    rework: {
      ...none.rework!,
      compactions: 0,
      reason: "the transcripts were read without fetch targets",
    },
  } as TriggerReport;
  assert.match(plain(forgettingSection(TEXTS.en, noTargets)), /read without the targets/);
  const off = { ...none, rework: { ...none.rework!, source: "off" as const } } as TriggerReport;
  assert.match(plain(forgettingSection(TEXTS.zh, off)), /--rework off/);
  const same = {
    ...r,
    steadyState: { ...r.steadyState, replayArgminTokens: 120000 },
  } as TriggerReport;
  assert.match(plain(forgettingSection(TEXTS.en, same)), /cheapest trigger stays at 120K/);
  const { rework: _, ...without } = r;
  assert.equal(forgettingSection(TEXTS.en, without as TriggerReport), "");
});
