/**
 * The setting in effect: the precedence of lib/settings/effective_setting.ts on hand-made
 * layers. Each expected value follows from the order written in docs/method.md ("The setting in
 * use"): a variable from the highest `env` block, else the process environment; else the
 * highest layer with a window, the per-model entry first within one file; else the default.
 */
import assert from "node:assert/strict";
import {
  managedOverrides,
  resolveSetting,
  type SettingsLayer,
  type SettingsSnapshot,
} from "../../lib/settings/mod.ts";

function layer(
  source: SettingsLayer["source"],
  doc: Record<string, unknown> | null,
  mtimeMs = 1_000,
  error: string | null = null,
): SettingsLayer {
  return { source, path: `/${source}/settings.json`, exists: true, doc, error, mtimeMs };
}

function snap(layers: SettingsLayer[], environment: SettingsSnapshot["environment"] = {}) {
  return { layers, environment };
}

Deno.test("setting: nothing set is the default, with no change time", () => {
  const s = resolveSetting(snap([layer("user", { model: "opus" })]), "m");
  assert.deepEqual(
    [s.autoCompactWindow, s.pctOverride, s.source, s.key, s.changedAtMs],
    [null, null, "default", null, null],
  );
});

Deno.test("setting: a higher layer's key wins; its mtime dates the change", () => {
  const s = resolveSetting(
    snap([
      layer("managed", null),
      layer("local", { autoCompactWindow: 250_000 }, 2_000),
      layer("project", { autoCompactWindow: 200_000 }, 3_000),
      layer("user", { autoCompactWindow: 300_000 }, 4_000),
    ]),
    "m",
  );
  assert.deepEqual([s.autoCompactWindow, s.source, s.changedAtMs, s.changedAtSource], [
    250_000,
    "local",
    2_000,
    "settingsFile",
  ]);
});

Deno.test("setting: within one file the per-model entry wins; a higher file's key beats a lower per-model one", () => {
  const user = layer("user", {
    autoCompactWindow: 300_000,
    modelSettings: { m: { autoCompactWindow: 180_000 }, other: { autoCompactWindow: 500_000 } },
  });
  const one = resolveSetting(snap([user]), "m");
  assert.deepEqual([one.autoCompactWindow, one.key], [180_000, "modelSettings"]);
  // Another model's entry does not apply.
  assert.equal(resolveSetting(snap([user]), "x").autoCompactWindow, 300_000);
  const project = layer("project", { autoCompactWindow: 220_000 });
  const two = resolveSetting(snap([project, user]), "m");
  assert.deepEqual([two.autoCompactWindow, two.source, two.key], [
    220_000,
    "project",
    "autoCompactWindow",
  ]);
});

Deno.test("setting: the environment variable wins over every key; a file's env block over the process", () => {
  const user = layer("user", { autoCompactWindow: 300_000 });
  const env = resolveSetting(snap([user], { autoCompactWindow: "400000" }), "m");
  assert.deepEqual([env.autoCompactWindow, env.source, env.key, env.changedAtMs], [
    400_000,
    "env",
    "env",
    null,
  ]);
  const block = layer("user", {
    autoCompactWindow: 300_000,
    env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "350000", CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: "70" },
  }, 5_000);
  const s = resolveSetting(snap([block], { autoCompactWindow: "400000" }), "m");
  assert.deepEqual(
    [s.autoCompactWindow, s.source, s.key, s.pctOverride, s.pctSource, s.changedAtMs],
    [350_000, "user", "env", 70, "user", 5_000],
  );
});

Deno.test("setting: --since dates the change; auto is the default; bad values are named and skipped", () => {
  const s = resolveSetting({
    layers: [
      layer("user", { autoCompactWindow: "lots" }),
      layer("user", { autoCompactWindow: 210_000 }),
    ],
    environment: { pctOverride: "150" },
    sinceMs: 42,
  }, "m");
  assert.equal(s.autoCompactWindow, 210_000);
  assert.deepEqual([s.changedAtMs, s.changedAtSource], [42, "since"]);
  assert.equal(s.pctOverride, null);
  assert.equal(s.problems.length, 2);
  assert.match(s.problems[0], /autoCompactWindow "lots" is not a number/);
  assert.match(
    s.problems[1],
    /CLAUDE_AUTOCOMPACT_PCT_OVERRIDE="150" is not a number from 0 to 100/,
  );
  const auto = resolveSetting(snap([layer("user", { autoCompactWindow: "auto" })]), "m");
  assert.deepEqual([auto.autoCompactWindow, auto.source], [null, "user"]);
});

Deno.test("setting: a malformed layer is reported and does not count", () => {
  const s = resolveSetting(
    snap([
      layer("project", null, 1, "not valid JSON (Unexpected end of JSON input)"),
      layer("user", { autoCompactWindow: 300_000 }),
    ]),
    "m",
  );
  assert.equal(s.source, "user");
  assert.match(s.problems[0], /^project settings ignored: not valid JSON/);
});

Deno.test("setting: managed keys that decide the window are named", () => {
  const managed = layer("managed", {
    autoCompactWindow: 200_000,
    modelSettings: { m: { autoCompactWindow: 150_000 } },
    env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "1", OTHER: "x" },
  });
  assert.deepEqual(managedOverrides(snap([managed, layer("user", {})]), "m"), [
    "autoCompactWindow",
    "modelSettings.m.autoCompactWindow",
    "env.CLAUDE_CODE_AUTO_COMPACT_WINDOW",
  ]);
  assert.deepEqual(managedOverrides(snap([layer("managed", { model: "x" })]), "m"), []);
});
