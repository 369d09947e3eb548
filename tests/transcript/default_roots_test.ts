import assert from "node:assert/strict";
import {
  callerPath,
  defaultTranscriptRoots,
  expandHome,
  notebookCorpusPaths,
  NoTranscriptRootError,
} from "../../lib/transcript/default_roots.ts";

const envOf = (vars: Record<string, string>) => (name: string) => vars[name];

Deno.test("default roots: CLAUDE_CONFIG_DIR list, each DIR/projects or DIR itself when projects/", () => {
  const dirs = new Set([
    "/a/projects",
    "/b/projects",
    "/home/me/c/projects",
    "/home/me/.claude/projects",
  ]);
  const isDirectory = (p: string) => dirs.has(p);
  const env = envOf({ CLAUDE_CONFIG_DIR: " /a , /b/projects,,~/c,/a", HOME: "/home/me" });
  // /a → /a/projects; /b/projects taken as it is; ~/c expanded; the repeated /a counted once;
  // the home defaults are not looked at while CLAUDE_CONFIG_DIR is set.
  assert.deepEqual(defaultTranscriptRoots({ env, isDirectory }), [
    "/a/projects",
    "/b/projects",
    "/home/me/c/projects",
  ]);
});

Deno.test("default roots: CLAUDE_CONFIG_DIR giving no folder names each place looked at", () => {
  const env = envOf({ CLAUDE_CONFIG_DIR: "/x,/y/projects", HOME: "/home/me" });
  let error: NoTranscriptRootError | undefined;
  try {
    defaultTranscriptRoots({ env, isDirectory: (p) => p === "/home/me/.claude/projects" });
  } catch (e) {
    error = e as NoTranscriptRootError;
  }
  assert.ok(error instanceof NoTranscriptRootError);
  // /y/projects is not a directory here, so its /y/projects/projects was looked at too.
  assert.deepEqual(error.tried, ["/x/projects", "/y/projects/projects"]);
  assert.match(error.message, /CLAUDE_CONFIG_DIR.*\/x\/projects, \/y\/projects\/projects/);
  // A NotFound, so the commands exit 3 as for any missing path.
  assert.ok(error instanceof Deno.errors.NotFound);
});

Deno.test("default roots: without CLAUDE_CONFIG_DIR, ~/.config/claude/projects and ~/.claude/projects", () => {
  const env = envOf({ HOME: "/home/me" });
  const both = new Set(["/home/me/.config/claude/projects", "/home/me/.claude/projects"]);
  assert.deepEqual(defaultTranscriptRoots({ env, isDirectory: (p) => both.has(p) }), [
    "/home/me/.config/claude/projects",
    "/home/me/.claude/projects",
  ]);
  assert.deepEqual(
    defaultTranscriptRoots({ env, isDirectory: (p) => p === "/home/me/.config/claude/projects" }),
    ["/home/me/.config/claude/projects"],
  );
  // An empty CLAUDE_CONFIG_DIR counts as unset.
  assert.deepEqual(
    defaultTranscriptRoots({
      env: envOf({ HOME: "/home/me", CLAUDE_CONFIG_DIR: "  " }),
      isDirectory: (p) => p === "/home/me/.claude/projects",
    }),
    ["/home/me/.claude/projects"],
  );
  assert.throws(
    () => defaultTranscriptRoots({ env, isDirectory: () => false }),
    /looked at \/home\/me\/.config\/claude\/projects, \/home\/me\/.claude\/projects/,
  );
});

Deno.test("default roots: real folders on disk", async () => {
  const home = await Deno.makeTempDir();
  try {
    const env = envOf({ HOME: home });
    assert.throws(() => defaultTranscriptRoots({ env }), NoTranscriptRootError);
    await Deno.mkdir(`${home}/.claude/projects`, { recursive: true });
    assert.deepEqual(defaultTranscriptRoots({ env }), [`${home}/.claude/projects`]);
    // A file named projects is no folder.
    await Deno.mkdir(`${home}/cfg`);
    await Deno.writeTextFile(`${home}/cfg/projects`, "");
    assert.throws(
      () =>
        defaultTranscriptRoots({ env: envOf({ HOME: home, CLAUDE_CONFIG_DIR: `${home}/cfg` }) }),
      NoTranscriptRootError,
    );
  } finally {
    await Deno.remove(home, { recursive: true });
  }
});

Deno.test("callerPath: INIT_CWD under deno task, the working directory otherwise", () => {
  const env = envOf({ INIT_CWD: "/home/me/notebooks", HOME: "/home/me" });
  assert.equal(
    callerPath("../data-synthetic/sample", { env, cwd: "/repo", taskDir: "/repo" }),
    "/home/me/data-synthetic/sample",
  );
  assert.equal(callerPath("out", { env, cwd: "/elsewhere", taskDir: "/repo" }), "/elsewhere/out");
  assert.equal(callerPath("out", { env: envOf({}), cwd: "/repo", taskDir: "/repo" }), "/repo/out");
  assert.equal(callerPath("~", { env, cwd: "/repo", taskDir: "/repo" }), "/home/me");
});

Deno.test("expandHome and notebookCorpusPaths", () => {
  const env = envOf({ HOME: "/home/me" });
  assert.equal(expandHome("~/.claude/projects", env), "/home/me/.claude/projects");
  assert.equal(expandHome("~user/x", env), "~user/x");
  assert.throws(() => expandHome("~/x", envOf({})), /HOME is not set/);
  assert.deepEqual(notebookCorpusPaths(["~/a", "/b"], { env }), ["/home/me/a", "/b"]);
  const isDirectory = (p: string) => p === "/home/me/.claude/projects";
  assert.deepEqual(notebookCorpusPaths(undefined, { env, isDirectory }), [
    "/home/me/.claude/projects",
  ]);
  assert.deepEqual(notebookCorpusPaths([" "], { env, isDirectory }), ["/home/me/.claude/projects"]);
});
