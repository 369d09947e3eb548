/** Input paths: shallow directories, sub-agent folders only when named, de-duplication. */
import assert from "node:assert/strict";
import { join } from "node:path";
import { expandInputPaths, InputPathError } from "../../lib/readcost/input_paths.ts";

async function tree(): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "readcost_paths_" });
  await Deno.mkdir(join(dir, "s1", "subagents"), { recursive: true });
  for (const file of ["s1.jsonl", "s2.jsonl", "agent-flat.jsonl", "notes.txt", "S3.JSONL"]) {
    await Deno.writeTextFile(join(dir, file), "");
  }
  await Deno.writeTextFile(join(dir, "s1", "subagents", "agent-a.jsonl"), "");
  await Deno.writeTextFile(join(dir, "s1", "subagents", "agent-a.meta.json"), "{}");
  await Deno.mkdir(join(dir, "dir.jsonl")); // a directory with a .jsonl name is not a file
  return dir;
}

const names = (files: string[], root: string) => files.map((f) => f.slice(root.length + 1));

Deno.test("a directory is shallow: *.jsonl files directly inside, sorted", async () => {
  const dir = await tree();
  const real = await Deno.realPath(dir);
  try {
    const files = await expandInputPaths([dir]);
    // flat agent file included (it is directly inside); subagents/ not entered; S3.JSONL,
    // notes.txt and the dir.jsonl directory left out.
    assert.deepEqual(names(files, real), ["agent-flat.jsonl", "s1.jsonl", "s2.jsonl"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("sub-agent transcripts are read when their folder or file is named", async () => {
  const dir = await tree();
  const real = await Deno.realPath(dir);
  try {
    const viaFolder = await expandInputPaths([dir, join(dir, "s1", "subagents")]);
    assert.deepEqual(names(viaFolder, real).slice(3), ["s1/subagents/agent-a.jsonl"]);
    // A named file is used whatever its name.
    const viaFile = await expandInputPaths([join(dir, "s1", "subagents", "agent-a.meta.json")]);
    assert.deepEqual(names(viaFile, real), ["s1/subagents/agent-a.meta.json"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("repeated paths are resolved and de-duplicated, first place kept", async () => {
  const dir = await tree();
  const real = await Deno.realPath(dir);
  try {
    await Deno.symlink(join(dir, "s2.jsonl"), join(dir, "link-to-s2.jsonl"));
    const files = await expandInputPaths([
      join(dir, "s2.jsonl"),
      dir,
      join(dir, "s1", "..", "s2.jsonl"),
      dir + "/",
    ]);
    // s2 first (named first); the directory adds agent-flat and s1; the link resolves to s2.
    assert.deepEqual(names(files, real), ["s2.jsonl", "agent-flat.jsonl", "s1.jsonl"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("copies at different paths are not de-duplicated", async () => {
  const dir = await tree();
  try {
    await Deno.copyFile(join(dir, "s1.jsonl"), join(dir, "s1-copy.jsonl"));
    assert.equal((await expandInputPaths([dir])).length, 4);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("missing and unreadable paths fail with their reason", async () => {
  const dir = await tree();
  try {
    await assert.rejects(
      () => expandInputPaths([dir, join(dir, "absent.jsonl")]),
      (e: unknown) => e instanceof InputPathError && e.reason === "missing",
    );
    await assert.rejects(
      () => expandInputPaths(["/dev/null"]),
      (e: unknown) => e instanceof InputPathError && e.reason === "unreadable",
    );
    await Deno.symlink(join(dir, "gone"), join(dir, "broken.jsonl"));
    await assert.rejects(
      () => expandInputPaths([dir]),
      (e: unknown) => e instanceof InputPathError && e.reason === "unreadable",
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
