import assert from "node:assert/strict";
import { autoCompactSetting, settingsSnippet } from "../../lib/trigger/auto_compact_setting.ts";

Deno.test("a window of 300,000 puts the threshold at 267,000 (published: 267.9K observed)", () => {
  // 300000 − min(max output, 20000) − 13000 = 267000; the measured C overshoots the threshold
  // by part of the last request's growth, hence 267.9K observed.
  const s = autoCompactSetting(267000, { contextWindow: 1_000_000 });
  assert.equal(s.kind, "window");
  assert.equal(s.settings.autoCompactWindow, 300000);
  assert.equal(s.resultingTrigger, 267000);
  assert.equal(s.reserveTokens, 33000);
});

Deno.test("within 100,000 … the model's window: autoCompactWindow = T + 33,000", () => {
  const s = autoCompactSetting(130000);
  assert.equal(s.kind, "window");
  assert.deepEqual(s.settings, { autoCompactWindow: 163000, env: {} });
  assert.deepEqual(s.environment, ["CLAUDE_CODE_AUTO_COMPACT_WINDOW=163000"]);
  assert.equal(
    s.arithmetic,
    "trigger = window - min(max output, 20,000) - 13,000 = window - 20,000 - 13,000; " +
      "window = 130,000 + 33,000 = 163,000",
  );
  assert.match(s.caveat, /changed between releases/);
  // The edges: 67,000 -> 100,000 and 167,000 -> 200,000 are both settings.
  assert.equal(autoCompactSetting(67000).settings.autoCompactWindow, 100000);
  assert.equal(autoCompactSetting(167000).settings.autoCompactWindow, 200000);
  assert.equal(settingsSnippet(s), '{\n  "autoCompactWindow": 163000\n}');
});

Deno.test("below the range: the percentage override on the 100,000 window", () => {
  // 100000 − 20000 = 80000 effective; 10000 / 80000 = 12.5%; floor(80000 · 0.125) = 10000.
  const s = autoCompactSetting(10000);
  assert.equal(s.kind, "percentOverride");
  assert.deepEqual(s.settings, {
    autoCompactWindow: 100000,
    env: { CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: "12.5" },
  });
  assert.deepEqual(s.environment, [
    "CLAUDE_CODE_AUTO_COMPACT_WINDOW=100000",
    "CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=12.5",
  ]);
  assert.equal(s.resultingTrigger, 10000);
  assert.match(s.arithmetic, /floor\(\(100,000 - 20,000\) x 12\.5%\) = 10,000/);
  // 66000 / 80000 = 82.5%.
  assert.equal(autoCompactSetting(66000).settings.env.CLAUDE_AUTOCOMPACT_PCT_OVERRIDE, "82.5");
  // 45000 / 80000 = 56.25%; 33333 / 80000 = 41.66625% -> 41.67% -> floor(33336) = 33336.
  assert.equal(autoCompactSetting(45000).settings.env.CLAUDE_AUTOCOMPACT_PCT_OVERRIDE, "56.25");
  assert.equal(autoCompactSetting(33333).resultingTrigger, 33336);
  assert.equal(
    settingsSnippet(s),
    '{\n  "autoCompactWindow": 100000,\n  "env": {\n    "CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "12.5"\n  }\n}',
  );
});

Deno.test("above the model's window: not reachable", () => {
  // 170000 + 33000 = 203000 > 200000.
  const s = autoCompactSetting(170000);
  assert.equal(s.kind, "notReachable");
  assert.deepEqual(s.settings, { autoCompactWindow: null, env: {} });
  assert.deepEqual(s.environment, []);
  assert.equal(s.resultingTrigger, null);
  assert.match(s.arithmetic, /highest automatic trigger is 167,000/);
  assert.equal(settingsSnippet(s), null);
  // A 1M model reaches it; 1M itself is the cap of the setting too.
  assert.equal(
    autoCompactSetting(170000, { contextWindow: 1e6 }).settings.autoCompactWindow,
    203000,
  );
  assert.equal(autoCompactSetting(970000, { contextWindow: 2e6 }).kind, "notReachable");
});

Deno.test("a small maximum output shrinks the reserve", () => {
  // min(8000, 20000) + 13000 = 21000.
  const s = autoCompactSetting(130000, { maxOutputTokens: 8000 });
  assert.equal(s.reserveTokens, 21000);
  assert.equal(s.settings.autoCompactWindow, 151000);
});

Deno.test("bad inputs are named", () => {
  assert.throws(() => autoCompactSetting(0), /trigger must be > 0/);
  assert.throws(() => autoCompactSetting(1e5, { contextWindow: NaN }), /context window/);
});
