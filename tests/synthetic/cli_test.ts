import assert from "node:assert/strict";
import { main } from "../../data-synthetic/generate.ts";
import { GENERATOR_VERSION, PROFILES } from "../../data-synthetic/mod.ts";

async function quiet<T>(run: () => Promise<T>): Promise<{ result: T; out: string; err: string }> {
  const log = console.log, error = console.error;
  let out = "", err = "";
  console.log = (...a: unknown[]) => void (out += a.join(" ") + "\n");
  console.error = (...a: unknown[]) => void (err += a.join(" ") + "\n");
  try {
    return { result: await run(), out, err };
  } finally {
    console.log = log;
    console.error = error;
  }
}

async function listFiles(dir: string, prefix = ""): Promise<Map<string, Uint8Array>> {
  const out = new Map<string, Uint8Array>();
  for await (const e of Deno.readDir(`${dir}/${prefix}`)) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory) { for (const [k, v] of await listFiles(dir, rel)) out.set(k, v); }
    else out.set(rel, await Deno.readFile(`${dir}/${rel}`));
  }
  return out;
}

Deno.test("generate: --help, unknown flags and bad values", async () => {
  const help = await quiet(() => main(["--help"]));
  assert.equal(help.result, 0);
  for (const flag of ["--profile", "--seed", "--out", "--force", "--json"]) {
    assert.ok(help.out.includes(flag), flag);
  }
  assert.match(help.out, /default: sample/);
  assert.equal((await quiet(() => main(["--nope"]))).result, 2);
  assert.equal((await quiet(() => main(["--profile", "huge"]))).result, 2);
  assert.equal((await quiet(() => main(["--seed", "-1"]))).result, 2);
  assert.equal((await quiet(() => main(["--seed", "1.5"]))).result, 2);
  assert.equal((await quiet(() => main(["--seed", "4294967296"]))).result, 2);
  assert.equal((await quiet(() => main(["extra"]))).result, 2);
});

Deno.test("generate: never replaces a projects folder it did not write", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/projects/-home-me-app`, { recursive: true });
    await Deno.writeTextFile(`${dir}/projects/-home-me-app/real.jsonl`, "{}\n");
    const run = await quiet(() => main(["--profile", "small", "--out", dir]));
    assert.equal(run.result, 3);
    assert.match(run.err, /Refusing to replace/);
    assert.equal(await Deno.readTextFile(`${dir}/projects/-home-me-app/real.jsonl`), "{}\n");
    // An interrupted run (incomplete marker) is replaced by the next one.
    await Deno.remove(`${dir}/projects`, { recursive: true });
    await Deno.mkdir(`${dir}/projects/partial`, { recursive: true });
    await Deno.writeTextFile(`${dir}/projects/partial/x.jsonl`, "{");
    await Deno.writeTextFile(
      `${dir}/manifest.json`,
      '{"schemaVersion":1,"generator":"data-synthetic","complete":false}\n',
    );
    assert.equal((await quiet(() => main(["--profile", "small", "--out", dir]))).result, 0);
    await assert.rejects(Deno.stat(`${dir}/projects/partial`), Deno.errors.NotFound);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("generate: writes the layout and manifest, byte-identical per seed, reuses a match", async () => {
  const a = await Deno.makeTempDir(), b = await Deno.makeTempDir();
  try {
    const first = await quiet(() =>
      main(["--profile", "small", "--seed", "5", "--out", a, "--json"])
    );
    assert.equal(first.result, 0);
    const manifest = JSON.parse(first.out);
    assert.equal(manifest.generatorVersion, GENERATOR_VERSION);
    assert.equal(manifest.profile, "small");
    assert.equal(manifest.seed, 5);
    assert.deepEqual(manifest.parameters, PROFILES.small);
    const byKind = manifest.expected.requestsByKind;
    assert.equal(byKind.main + byKind.subagent, PROFILES.small.requests);
    assert.deepEqual(JSON.parse(await Deno.readTextFile(`${a}/manifest.json`)), manifest);
    assert.equal(
      (await quiet(() => main(["--profile", "small", "--seed", "5", "--out", b]))).result,
      0,
    );
    const filesA = await listFiles(a), filesB = await listFiles(b);
    assert.deepEqual([...filesA.keys()].sort(), [...filesB.keys()].sort());
    for (const [k, v] of filesA) assert.deepEqual(v, filesB.get(k), k);
    assert.equal(filesA.size, manifest.files + 1);
    let bytes = 0;
    for (const [k, v] of filesA) if (k !== "manifest.json") bytes += v.length;
    assert.equal(bytes, manifest.bytes);
    // A matching manifest is reused: a marker file in projects/ survives; --force replaces it.
    await Deno.writeTextFile(`${a}/projects/marker.txt`, "x");
    const again = await quiet(() => main(["--profile", "small", "--seed", "5", "--out", a]));
    assert.equal(again.result, 0);
    assert.match(again.err, /reused/);
    assert.ok((await Deno.stat(`${a}/projects/marker.txt`)).isFile);
    assert.equal(
      (await quiet(() => main(["--profile", "small", "--seed", "5", "--out", a, "--force"])))
        .result,
      0,
    );
    await assert.rejects(Deno.stat(`${a}/projects/marker.txt`), Deno.errors.NotFound);
    // Another seed regenerates.
    const other = await quiet(() =>
      main(["--profile", "small", "--seed", "6", "--out", a, "--json"])
    );
    assert.equal(JSON.parse(other.out).seed, 6);
    assert.notEqual(JSON.parse(other.out).expected.billedTokens, manifest.expected.billedTokens);
  } finally {
    await Deno.remove(a, { recursive: true });
    await Deno.remove(b, { recursive: true });
  }
});
