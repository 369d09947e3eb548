// The reader's path helpers against node:path (the reference they replace on POSIX systems).
import assert from "node:assert/strict";
import * as nodePath from "node:path";
import {
  basenamePath,
  childPath,
  dirnamePath,
  joinPath,
  normalizePosixPath,
  resolvePath,
} from "../../lib/transcript/paths.ts";

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

// Every path of four segments from a small alphabet of separators, dots and names, joined three
// ways: 3 × 9⁴ = 19,683 paths.
const generated = (() => {
  const parts = ["", "/", "//", ".", "..", "a", "b.ts", "...", ".a"];
  const out: string[] = [];
  for (const a of parts) {
    for (const b of parts) {
      for (const c of parts) {
        for (const d of parts) out.push(`${a}/${b}${c}/${d}`, `${a}${b}/${c}${d}`, a + b + c + d);
      }
    }
  }
  return out;
})();

Deno.test("normalizePosixPath gives node:path's posix.normalize on 19,683 paths", () => {
  assert.equal(generated.length, 3 * 9 ** 4);
  for (const path of generated) {
    assert.equal(normalizePosixPath(path), nodePath.posix.normalize(path), JSON.stringify(path));
  }
  assert.equal(normalizePosixPath("/p/src/../../.."), "/");
  assert.equal(normalizePosixPath("a/../"), "./");
});

Deno.test("dirnamePath and basenamePath give node:path's on 19,683 paths", {
  ignore: Deno.build.os === "windows", // node:path itself is used there
}, () => {
  for (const path of [...generated, ...cases]) {
    assert.equal(dirnamePath(path), nodePath.dirname(path), JSON.stringify(path));
    assert.equal(basenamePath(path), nodePath.basename(path), JSON.stringify(path));
  }
  assert.equal(dirnamePath("/a//b"), "/a/");
  assert.equal(basenamePath("/a/b.jsonl//"), "b.jsonl");
});
