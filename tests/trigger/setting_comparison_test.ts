/**
 * Default | current | recommended and the measured offset.
 *
 * Planted truth: a reduced `full` profile (6 main sessions, 3,000 requests) whose generator
 * compacts when the context passes 150,000 tokens (on an estimate with 2% noise). A user who
 * set a window W then sees automatic compactions with a median C a little above 150,000 (the
 * request that crossed the threshold adds its own growth), so the measured offset W − median C
 * must come out within a few thousand tokens below W − 150,000, and a window the compactions
 * do not follow (W = 500,000) must not count as taking effect.
 */
import assert from "node:assert/strict";
import { generateCorpus, PROFILES } from "../../data-synthetic/mod.ts";
import { corpusFromText } from "../../lib/transcript/mod.ts";
import {
  analyzeTrigger,
  curveAt,
  measuredOffset,
  settingTrigger,
  withSettingComparison,
} from "../../lib/trigger/mod.ts";
import type { CurrentSetting, SettingsSnapshot } from "../../lib/settings/mod.ts";

const PLANTED = 150_000;

function plantedCorpus() {
  const profile = {
    ...PROFILES.full,
    compactTriggerTokens: PLANTED,
    requests: 3_000,
    mainSessions: 6,
    subagentSessions: 20,
    otherModelSessions: 1,
    otherModelRequests: 20,
    spanDays: 10,
  };
  const files: { path: string; text: string }[] = [];
  const it = generateCorpus(profile, 1);
  for (let step = it.next(); !step.done; step = it.next()) files.push(step.value);
  return corpusFromText(files);
}

const corpus = plantedCorpus();

function user(window: number | null, changedAtMs = 0, pct: number | null = null): CurrentSetting {
  return {
    autoCompactWindow: window,
    pctOverride: pct,
    source: "user",
    key: "autoCompactWindow",
    pctSource: pct === null ? null : "user",
    changedAtMs,
    changedAtSource: "settingsFile",
    path: "/h/.claude/settings.json",
    problems: [],
  };
}

Deno.test("offset: recovers the planted threshold; the assumed 33,000 holds, so it is not used", () => {
  const m = measuredOffset(user(PLANTED + 33_000), 1e6, corpus.compactions);
  assert.equal(m.status, "measured");
  assert.ok(m.compactions >= 20, `${m.compactions} automatic compactions`);
  // Planted: W − 150,000 = 33,000, less the overshoot of the crossing request (0 … 3,000).
  assert.ok(m.offsetTokens! <= 33_000 + 500 && m.offsetTokens! >= 30_000, `${m.offsetTokens}`);
  assert.equal(m.tookEffect, true);
  assert.equal(m.usedForRecommendation, false);
});

Deno.test("offset: a window 45,000 above the threshold measures about 45,000 and is used", async () => {
  const window = PLANTED + 45_000;
  const m = measuredOffset(user(window), 1e6, corpus.compactions);
  assert.ok(m.offsetTokens! <= 45_000 + 500 && m.offsetTokens! >= 42_000, `${m.offsetTokens}`);
  assert.ok(m.differenceTokens! > 5_000);
  assert.equal(m.usedForRecommendation, true);
  // The analysis then computes the recommended window with it: window = T + offset.
  const layer = {
    source: "user" as const,
    path: "/h/.claude/settings.json",
    exists: true,
    doc: { autoCompactWindow: window },
    error: null,
    mtimeMs: 0,
  };
  const settings: SettingsSnapshot = { layers: [layer], environment: {} };
  const { report } = await analyzeTrigger(corpus, { workloads: 4, settings, force: true });
  const rec = report.recommendation;
  assert.equal(rec.measuredOffset!.offsetTokens, m.offsetTokens);
  assert.notEqual(rec.trigger, null);
  assert.equal(rec.kind, "window", `${rec.trigger} ${rec.arithmetic}`);
  assert.equal(rec.settings!.autoCompactWindow, Math.ceil(rec.trigger! + m.offsetTokens!));
  assert.match(rec.arithmetic!, /offset measured on your own compactions/);
  assert.equal(rec.current!.autoCompactWindow, window);
  // The current setting is priced where its compactions happen: window − measured offset.
  assert.equal(rec.current!.triggerTokens, window - m.offsetTokens!);
  assert.equal(rec.default.triggerTokens, 1e6 - 33_000);
});

Deno.test("offset: nothing planted at the window: no effect; too few after the change; env needs a date", () => {
  const far = measuredOffset(user(500_000), 1e6, corpus.compactions);
  assert.equal(far.tookEffect, false);
  assert.equal(far.usedForRecommendation, false);
  const late = measuredOffset(user(183_000, Date.UTC(2100, 0, 1)), 1e6, corpus.compactions);
  assert.deepEqual([late.status, late.compactions, late.offsetTokens], ["tooFew", 0, null]);
  const env = measuredOffset(
    { ...user(183_000, 0), source: "env", changedAtMs: null, changedAtSource: null, path: null },
    1e6,
    corpus.compactions,
  );
  assert.equal(env.status, "noDate");
  // Under a percentage override: the median C against the expected trigger.
  // floor((200,000 − 20,000) × 84%) = 151,200, within 5,000 of a median near 151K.
  const pct = measuredOffset(user(200_000, 0, 84), 1e6, corpus.compactions);
  assert.equal(pct.expectedTriggerTokens, 151_200);
  assert.equal(pct.offsetTokens, null);
  assert.equal(pct.tookEffect, true);
});

Deno.test("setting trigger: window held in 100K … 1M and the model's window; the override lowers it", () => {
  assert.deepEqual(settingTrigger(50_000, null, 1e6), { window: 100_000, trigger: 67_000 });
  assert.deepEqual(settingTrigger(2e6, null, 1e6), { window: 1e6, trigger: 967_000 });
  // floor((300,000 − 20,000) × 50%) = 140,000 < 267,000.
  assert.deepEqual(settingTrigger(300_000, 50, 1e6), { window: 300_000, trigger: 140_000 });
  // 99%: floor(280,000 × 0.99) = 277,200 > 267,000, so 267,000 stays.
  assert.deepEqual(settingTrigger(300_000, 99, 1e6), { window: 300_000, trigger: 267_000 });
});

Deno.test("comparison: costs read off the curves, savings against the current setting", () => {
  const point = (trigger: number, cost: number, share: number, n: number) => ({
    trigger,
    costPerMillion: { mean: cost },
    timeShare: { mean: share },
    compactions: { mean: n },
    observed: { compactions: n },
  });
  // The default on a 200K model: 167K, 7/40 of the way from 160K to 200K.
  const replay = [
    point(120_000, 0.3, 0.03, 4),
    point(160_000, 0.34, 0.02, 2),
    point(200_000, 0.42, 0.01, 1),
  ];
  const rec = {
    trigger: 120_000,
    costPerMillion: { mean: 0.3 },
    contextWindow: 200_000,
    kind: "window" as const,
    settings: { autoCompactWindow: 153_000, env: {} },
    environment: ["CLAUDE_CODE_AUTO_COMPACT_WINDOW=153000"],
    resultingTrigger: 120_000,
    arithmetic: "x",
  };
  const out = withSettingComparison(rec, replay, user(193_000), null);
  // Current: 193,000 − 33,000 = 160,000, a grid point: $0.34.
  assert.equal(out.current!.triggerTokens, 160_000);
  assert.equal(out.current!.costPerMillion, 0.34);
  // Default: 167,000 = 160,000 + 7/40 of the way to 200,000: 0.34 + 0.175 × 0.08 = 0.354.
  assert.equal(out.default.triggerTokens, 167_000);
  assert.ok(Math.abs(out.default.costPerMillion! - 0.354) < 1e-12);
  assert.ok(Math.abs(out.default.timeShare! - (0.02 - 0.175 * 0.01)) < 1e-12);
  // Savings against the current $0.34: recommended 1 − 0.3/0.34, default 1 − 0.354/0.34 < 0.
  assert.ok(Math.abs(out.savingVsCurrent! - (1 - 0.3 / 0.34)) < 1e-12);
  assert.ok(Math.abs(out.default.savingVsCurrent! - (1 - 0.354 / 0.34)) < 1e-12);
  assert.equal(out.current!.savingVsCurrent, 0);
  // No setting read: no current column, no offset.
  const none = withSettingComparison(rec, replay, null, null);
  assert.deepEqual([none.current, none.measuredOffset, none.savingVsCurrent], [null, null, null]);
  // Above a grid whose last point still compacts: unknown, not extrapolated.
  assert.deepEqual(curveAt(replay, 250_000), {
    costPerMillion: null,
    timeShare: null,
    curve: "outside",
  });
});
