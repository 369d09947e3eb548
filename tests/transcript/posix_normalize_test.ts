/**
 * normalizePosixPath against `node:path`'s posix.normalize (an independent implementation, the
 * one the fetch targets used before): every path made of four segments from a small alphabet of
 * separators, dots and names, joined three ways.
 */

import assert from "node:assert/strict";
import { posix } from "node:path";
import { normalizePosixPath } from "../../lib/transcript/posix_normalize.ts";

Deno.test("normalizePosixPath gives node:path's posix.normalize on 19,683 paths", () => {
  const parts = ["", "/", "//", ".", "..", "a", "b.ts", "...", ".a"];
  let compared = 0;
  for (const a of parts) {
    for (const b of parts) {
      for (const c of parts) {
        for (const d of parts) {
          for (const path of [`${a}/${b}${c}/${d}`, `${a}${b}/${c}${d}`, a + b + c + d]) {
            assert.equal(normalizePosixPath(path), posix.normalize(path), JSON.stringify(path));
            compared++;
          }
        }
      }
    }
  }
  assert.equal(compared, 3 * 9 ** 4);
});

Deno.test("normalizePosixPath: hand-worked cases", () => {
  assert.equal(normalizePosixPath("/p/src/../../.."), "/");
  assert.equal(normalizePosixPath("/p/./a//b/"), "/p/a/b/");
  assert.equal(normalizePosixPath("../a/./.."), "..");
  assert.equal(normalizePosixPath("a/.."), ".");
  assert.equal(normalizePosixPath("a/../"), "./");
});
