// The reader's path helpers against node:path (the reference they replace on POSIX systems).
import assert from "node:assert/strict";
import * as nodePath from "node:path";
import { childPath, joinPath, resolvePath } from "../../lib/transcript/paths.ts";

const cases = [
  "",
  ".",
  "..",
  "a",
  "a/b",
  "a/b/",
  "a//b",
  "./a/./b/.",
  "a/../b",
  "a/../../b",
  "../../..",
  "/",
  "//",
  "/a/b/../../..",
  "/a/./b//c/",
  "/.claude/projects",
  "dir with spaces/ü/x.jsonl",
  "...",
  "a/.../b",
];

Deno.test("resolvePath gives node:path's resolve for every case, from several working directories", () => {
  for (const cwd of ["/", "/work/main", "/a/b/c", "/x y/é"]) {
    for (const path of cases) {
      assert.equal(resolvePath(path, cwd), nodePath.resolve(cwd, path), `${cwd} + ${path}`);
    }
  }
  assert.equal(resolvePath("a"), nodePath.resolve("a"));
});

Deno.test("joinPath gives node:path's join, ignoring a trailing separator", () => {
  const strip = (p: string) => (p.length > 1 && p.endsWith("/") ? p.slice(0, -1) : p);
  for (const a of cases) {
    for (const b of ["projects", ".claude/projects", "../p", ""]) {
      assert.equal(joinPath(a, b), strip(nodePath.join(a, b)), `${a} + ${b}`);
    }
  }
  assert.equal(joinPath("/home/u", ".claude", "projects"), "/home/u/.claude/projects");
});

Deno.test("childPath appends an entry name to a resolved directory", () => {
  assert.equal(childPath("/a/b", "c.jsonl"), nodePath.join("/a/b", "c.jsonl"));
  assert.equal(childPath("/", "c.jsonl"), "/c.jsonl");
});
