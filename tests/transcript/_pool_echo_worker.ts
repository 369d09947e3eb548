/**
 * A worker for tests/transcript/file_pool_test.ts: answers each file with its size and its
 * first line, read from disk; a file whose first line is `throw` fails with NotFound.
 *
 * @module
 */

import { serveFilePool } from "../../lib/transcript/file_pool.ts";

serveFilePool<{ first: string; tag: unknown }>((path, init) => {
  const text = Deno.readTextFileSync(path);
  const first = text.split("\n")[0];
  if (first === "throw") return Promise.reject(new Deno.errors.NotFound("gone"));
  return Promise.resolve({ value: { first, tag: init }, bytes: text.length });
});
