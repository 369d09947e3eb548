/**
 * Reading the layers from files (managed fragments merged in name order), and writing one
 * file safely: backup, atomic write, refusals, revert byte for byte. Everything happens in a
 * temporary folder; the managed folder is named by option so the machine's own is never read.
 *
 * Read-only: these tests run as root, where the permission bits do not stop a write; the
 * refusal is decided from the bits themselves (write_settings.ts), which is what is tested.
 */
import assert from "node:assert/strict";
import {
  applySettingsWrite,
  latestBackup,
  MalformedSettingsError,
  NoBackupError,
  planSettingsWrite,
  ReadOnlySettingsError,
  readSettingsSnapshot,
  resolveSetting,
  revertSettings,
} from "../../lib/settings/mod.ts";

async function withTemp(run: (dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir({ prefix: "settings_test_" });
  try {
    await run(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("read: layers by precedence; managed fragments merge over the base in name order", async () => {
  await withTemp(async (dir) => {
    const managed = `${dir}/managed`;
    await Deno.mkdir(`${managed}/managed-settings.d`, { recursive: true });
    await Deno.writeTextFile(`${managed}/managed-settings.json`, '{"env": {"A": "base"}}');
    // 20 after 10: its scalar wins; the hidden file is skipped; the env objects merge.
    await Deno.writeTextFile(
      `${managed}/managed-settings.d/20-b.json`,
      '{"autoCompactWindow": 220000}',
    );
    await Deno.writeTextFile(
      `${managed}/managed-settings.d/10-a.json`,
      '{"autoCompactWindow": 210000, "env": {"B": "x"}}',
    );
    await Deno.writeTextFile(
      `${managed}/managed-settings.d/.30-hidden.json`,
      '{"autoCompactWindow": 1}',
    );
    await Deno.mkdir(`${dir}/home/.claude`, { recursive: true });
    await Deno.writeTextFile(`${dir}/home/.claude/settings.json`, '{"autoCompactWindow": 300000}');
    await Deno.mkdir(`${dir}/work/.claude`, { recursive: true });
    await Deno.writeTextFile(`${dir}/work/.claude/settings.json`, "{ not json");
    const env = (name: string) => ({ HOME: `${dir}/home` } as Record<string, string>)[name];
    const snapshot = await readSettingsSnapshot({
      env,
      cwd: `${dir}/work`,
      managedFolder: managed,
    });
    assert.deepEqual(snapshot.layers.map((l) => [l.source, l.exists]), [
      ["managed", true],
      ["local", false],
      ["project", true],
      ["user", true],
    ]);
    assert.deepEqual(snapshot.layers[0].doc, {
      env: { A: "base", B: "x" },
      autoCompactWindow: 220_000,
    });
    assert.match(snapshot.layers[2].error!, /^not valid JSON/);
    const s = resolveSetting(snapshot, "m");
    assert.deepEqual([s.autoCompactWindow, s.source], [220_000, "managed"]);
    // CLAUDE_CONFIG_DIR replaces ~/.claude for the user file.
    const other = await readSettingsSnapshot({
      env: (name) =>
        ({ HOME: `${dir}/home`, CLAUDE_CONFIG_DIR: `${dir}/none` } as Record<string, string>)[name],
      managedFolder: null,
    });
    assert.deepEqual(other.layers.map((l) => [l.source, l.exists]), [["user", false]]);
  });
});

Deno.test("write: backup then atomic write; revert restores the bytes; backups are kept", async () => {
  await withTemp(async (dir) => {
    const path = `${dir}/settings.json`;
    // Odd bytes on purpose: a BOM-less UTF-8 name, spacing, no final newline.
    const original = '{ "hooks" : {"x": ["é"]},   "autoCompactWindow":300000}';
    await Deno.writeTextFile(path, original);
    await Deno.chmod(path, 0o640);
    const plan = await planSettingsWrite(path, { autoCompactWindow: 153_000 });
    assert.equal(plan.after, original.replace("300000", "153000"));
    assert.equal(plan.diff[0], `--- ${path}`);
    const { backup } = await applySettingsWrite(plan, new Date(Date.UTC(2026, 11, 3, 6, 0, 0)));
    assert.equal(backup, `${path}.bak-20261203T060000.000Z`);
    assert.equal(await Deno.readTextFile(backup), original);
    assert.equal(await Deno.readTextFile(path), plan.after);
    assert.equal((await Deno.stat(path)).mode! & 0o777, 0o640);
    // No temporary file is left.
    const names = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
    assert.deepEqual(names, ["settings.json", "settings.json.bak-20261203T060000.000Z"]);
    // A second write in the same millisecond gets its own backup name.
    const again = await planSettingsWrite(path, { autoCompactWindow: 160_000 });
    const second = await applySettingsWrite(again, new Date(Date.UTC(2026, 11, 3, 6, 0, 0)));
    assert.equal(second.backup, `${path}.bak-20261203T060000.000Z-1`);
    assert.equal(await latestBackup(path), second.backup);
    await revertSettings(path);
    assert.equal(await Deno.readTextFile(path), plan.after);
  });
});

Deno.test("write: a file that did not exist is created, and revert removes it", async () => {
  await withTemp(async (dir) => {
    const path = `${dir}/settings.json`;
    const plan = await planSettingsWrite(path, {
      autoCompactWindow: 100_000,
      env: { CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: "62.5" },
    });
    assert.deepEqual(plan.diff.slice(0, 2), ["--- /dev/null", `+++ ${path} (proposed)`]);
    const { backup } = await applySettingsWrite(plan);
    assert.match(backup, /\.bak-\d{8}T\d{6}\.\d{3}Z\.absent$/);
    assert.deepEqual(JSON.parse(await Deno.readTextFile(path)), {
      autoCompactWindow: 100_000,
      env: { CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: "62.5" },
    });
    const { restored } = await revertSettings(path);
    assert.equal(restored, null);
    await assert.rejects(Deno.stat(path), Deno.errors.NotFound);
  });
});

Deno.test("write: malformed and read-only files are refused, nothing written", async () => {
  await withTemp(async (dir) => {
    const path = `${dir}/settings.json`;
    await Deno.writeTextFile(path, '{"a": 1,}');
    await assert.rejects(planSettingsWrite(path, { autoCompactWindow: 1 }), MalformedSettingsError);
    await Deno.writeTextFile(path, '{"a": 1}');
    const plan = await planSettingsWrite(path, { autoCompactWindow: 153_000 });
    await Deno.chmod(path, 0o444);
    await assert.rejects(applySettingsWrite(plan), ReadOnlySettingsError);
    await Deno.chmod(path, 0o644);
    await Deno.chmod(dir, 0o555);
    try {
      await assert.rejects(applySettingsWrite(plan), /the folder .* is read-only/);
    } finally {
      await Deno.chmod(dir, 0o755);
    }
    assert.equal(await Deno.readTextFile(path), '{"a": 1}');
    assert.equal(await latestBackup(path), null);
    await assert.rejects(revertSettings(path), NoBackupError);
    // The file changed after the plan: refused.
    await Deno.writeTextFile(path, '{"a": 2}');
    await assert.rejects(applySettingsWrite(plan), /changed while the change was prepared/);
  });
});
