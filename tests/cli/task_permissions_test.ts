/**
 * Least privilege for the tasks of deno.json: `report` and `demo` run no subprocess (the page
 * script is bundled at build time), no command task grants every environment variable, and each
 * task's `--allow-env` list is exactly the variables the code it runs reads (found here by
 * reading the sources for `env("NAME")` and `Deno.env.get("NAME")` calls).
 */
import assert from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url);
const TASKS = JSON.parse(await Deno.readTextFile(new URL("deno.json", ROOT))).tasks as Record<
  string,
  string
>;

/** The value of `--allow-NAME=…` in a task, split at commas; null when absent, [] when bare. */
function _grant(task: string, name: string): string[] | null {
  const match = TASKS[task].match(new RegExp(`--allow-${name}(=(\\S+))?(\\s|$)`));
  if (match === null) return null;
  return match[2] === undefined ? [] : match[2].split(",").sort();
}

/**
 * Names read through `env("X")` / `Deno.env.get("X")` in the .ts files under `dir`, leaving out
 * the paths in `skip` (code that only another task runs).
 */
async function _envNames(
  dir: string,
  names = new Set<string>(),
  skip: string[] = [],
): Promise<Set<string>> {
  for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
    const path = `${dir}/${entry.name}`;
    if (skip.includes(path)) continue;
    if (entry.isDirectory) await _envNames(path, names, skip);
    else if (entry.name.endsWith(".ts")) {
      const source = await Deno.readTextFile(new URL(path, ROOT));
      for (const m of source.matchAll(/\b(?:env|Deno\.env\.get)\("([A-Z_]+)"\)/g)) names.add(m[1]);
    }
  }
  return names;
}

Deno.test("tasks: report and demo run no subprocess (no --allow-run, no --allow-all)", () => {
  for (const task of ["report", "demo", "corpus", "analyze", "measure", "setting"]) {
    assert.doesNotMatch(TASKS[task], /--allow-run|--allow-all|\s-A(\s|$)/, task);
  }
});

Deno.test("tasks: --allow-env names exactly the variables the commands read", async () => {
  // lib/pool/session_key.ts and cli/export.ts run only under the export task (checked below);
  // lib/settings/read_settings.ts only under the tasks that read the Claude Code settings.
  const onlyExport = ["lib/pool/session_key.ts", "cli/export.ts"];
  const settingsReader = "lib/settings/read_settings.ts";
  const read = [
    ...await _envNames("lib", new Set(), [...onlyExport, settingsReader]),
    ...await _envNames("cli", new Set(), onlyExport),
  ];
  const expected = [...new Set(read)].sort();
  // By hand from lib/transcript/default_roots.ts: INIT_CWD (paths from where the user stands),
  // CLAUDE_CONFIG_DIR, HOME and USERPROFILE (the default transcript folders).
  assert.deepEqual(expected, ["CLAUDE_CONFIG_DIR", "HOME", "INIT_CWD", "USERPROFILE"]);
  for (const task of ["demo", "corpus"]) {
    assert.deepEqual(_grant(task, "env"), expected, task);
  }
  // analyze, report and setting also read the two compaction variables (the setting in use).
  const settingsRead = [...await _envNames("lib/settings")].filter((n) => !expected.includes(n));
  assert.deepEqual(settingsRead.sort(), [
    "CLAUDE_AUTOCOMPACT_PCT_OVERRIDE",
    "CLAUDE_CODE_AUTO_COMPACT_WINDOW",
  ]);
  const withSettings = [...new Set([...expected, ...settingsRead])].sort();
  for (const task of ["report", "analyze", "setting"]) {
    assert.deepEqual(_grant(task, "env"), withSettings, task);
  }
  // export also reads XDG_CONFIG_HOME (lib/pool/session_key.ts: where the pool secret lives).
  const exportNames = [...read, ...await _envNames("lib/pool"), ...await _envNames("cli")];
  assert.deepEqual([...new Set(exportNames)].sort(), [...expected, "XDG_CONFIG_HOME"].sort());
  assert.deepEqual(_grant("export", "env"), [...expected, "XDG_CONFIG_HOME"].sort());
  // measure reads only the paths it is given: INIT_CWD alone.
  assert.deepEqual(_grant("measure", "env"), ["INIT_CWD"]);
  // The build of the page script writes its one module, and reads no variable.
  assert.deepEqual(_grant("build-page-script", "write"), ["lib/report/page_script.ts"]);
  assert.equal(_grant("build-page-script", "env"), null);
});
