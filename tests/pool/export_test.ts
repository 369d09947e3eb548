/**
 * `export`: the Parquet files read back with an independent reader (hyparquet) equal the
 * reader's tables; the column types and layout are the documented ones; and no string value of
 * the files (or of export.json) is an id, path or text of the corpus, fuzz markers included.
 *
 * @module
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { readCorpusPerModel } from "../../lib/transcript/read_corpus.ts";
import { discoverTranscriptFiles } from "../../lib/transcript/discover.ts";
import { exportCorpus } from "../../lib/pool/export_corpus.ts";
import { readParquetMetadata, readParquetRows } from "../../lib/pool/read_parquet.ts";
import { ROW_GROUP_ROWS } from "../../lib/pool/write_parquet.ts";
import {
  COMPACTION_COLUMNS,
  REQUEST_COLUMNS,
  SESSION_KIND_NAMES,
  TRIGGER_NAMES,
} from "../../lib/pool/export_tables.ts";
import { Pcg32 } from "../../lib/stats/pcg32.ts";
import { baseSlice } from "../fuzz/_base.ts";
import { buildCase, MARKER } from "../fuzz/_mutations.ts";

const ROOT = new URL("../../", import.meta.url);
const SAMPLE = new URL("data-synthetic/sample/", ROOT).pathname;
const SECRET = new Uint8Array(32).fill(7);

async function exportOf(paths: string[], out: string) {
  const { files } = await discoverTranscriptFiles(paths);
  return await exportCorpus(files, {
    out,
    secret: SECRET,
    toolkitVersion: "test",
    contributor: "c1",
  });
}

async function rowsOf(folder: string, name: string) {
  const bytes = await Deno.readFile(join(folder, `${name}.parquet`));
  return { bytes, rows: await readParquetRows(bytes), meta: readParquetMetadata(bytes) };
}

Deno.test("export: hyparquet reads back the reader's tables of every model, in (session, position) order", async () => {
  const out = await Deno.makeTempDir();
  try {
    const { folder, manifest } = await exportOf([SAMPLE], out);
    const { corpora } = await readCorpusPerModel([SAMPLE], { idleLimitSeconds: Infinity });
    const requests = (await rowsOf(folder, "requests")).rows;
    const compactions = (await rowsOf(folder, "compactions")).rows;
    assert.equal(corpora.length, 3, "the sample has three models with sessions of their own");
    assert.equal(requests.length, corpora.reduce((a, c) => a + c.requests.length, 0));
    assert.equal(compactions.length, corpora.reduce((a, c) => a + c.compactions.length, 0));
    assert.deepEqual(manifest.models.map((m) => m.model), corpora.map((c) => c.model));
    // Sorted by session key, then position.
    for (let i = 1; i < requests.length; i++) {
      const a = requests[i - 1], b = requests[i];
      const order = (a.session as string) < (b.session as string)
        ? -1
        : a.session === b.session
        ? (a.request_index as number) - (b.request_index as number)
        : 1;
      assert.ok(order < 0, `row ${i} out of order`);
    }
    // Every model's request sums and per-session sequences equal the reader's.
    for (const corpus of corpora) {
      const mine = requests.filter((r) => r.model === corpus.model);
      assert.equal(mine.length, corpus.requests.length);
      const sum = (pick: (r: Record<string, unknown>) => bigint) =>
        mine.reduce((a, r) => a + pick(r), 0n);
      const total = (col: Float64Array) => BigInt(col.reduce((a, v) => a + v, 0));
      assert.equal(sum((r) => r.input_tokens as bigint), total(corpus.requests.input));
      assert.equal(sum((r) => r.cache_read_tokens as bigint), total(corpus.requests.cacheRead));
      assert.equal(sum((r) => r.output_tokens as bigint), total(corpus.requests.output));
      // Session lengths as a multiset.
      const lengths = new Map<string, number>();
      for (const r of mine) {
        lengths.set(r.session as string, (lengths.get(r.session as string) ?? 0) + 1);
      }
      assert.deepEqual(
        [...lengths.values()].sort((a, b) => a - b),
        [...corpus.sessions.requestCount].sort((a, b) => a - b),
      );
      // Times: microseconds of the reader's milliseconds.
      const times = mine.map((r) => (r.time as Date | null)?.getTime() ?? NaN).sort((a, b) =>
        a - b
      );
      const expected = [...corpus.requests.timeMs].sort((a, b) => a - b);
      assert.deepEqual(times, expected);
      const cMine = compactions.filter((k) => k.model === corpus.model);
      assert.equal(cMine.length, corpus.compactions.length);
      const preTokens = cMine.map((k) => Number(k.input_tokens ?? NaN)).sort((a, b) => a - b);
      assert.deepEqual(preTokens, [...corpus.compactions.inputTokens].sort((a, b) => a - b));
    }
    // compaction_before names a compaction of the same session.
    const known = new Set(compactions.map((k) => `${k.session}/${k.compaction_index}`));
    const pointing = requests.filter((r) => r.compaction_before !== null);
    assert.ok(pointing.length > 0);
    for (const r of pointing) assert.ok(known.has(`${r.session}/${r.compaction_before}`));
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("export: column types, codec, dictionaries and row groups are the documented ones", async () => {
  const out = await Deno.makeTempDir();
  try {
    const { folder } = await exportOf([SAMPLE], out);
    for (
      const [name, specs] of [["requests", REQUEST_COLUMNS], [
        "compactions",
        COMPACTION_COLUMNS,
      ]] as const
    ) {
      const { meta } = await rowsOf(folder, name);
      const schema = meta.schema.slice(1);
      assert.deepEqual(schema.map((e) => e.name), specs.map((s) => s.name));
      for (const [i, spec] of specs.entries()) {
        const e = schema[i];
        const expected = {
          string: "BYTE_ARRAY",
          int32: "INT32",
          int64: "INT64",
          timestamp: "INT64",
          double: "DOUBLE",
        }[spec.type];
        assert.equal(e.type, expected, `${name}.${spec.name}`);
        assert.equal(e.repetition_type, spec.nullable ? "OPTIONAL" : "REQUIRED");
        if (spec.type === "timestamp") {
          assert.deepEqual(e.logical_type, {
            type: "TIMESTAMP",
            isAdjustedToUTC: true,
            unit: "MICROS",
          });
        }
        assert.ok(!String(e.converted_type ?? "").startsWith("UINT"), "no unsigned types");
      }
      for (const group of meta.row_groups) {
        assert.ok(Number(group.num_rows) <= ROW_GROUP_ROWS);
        for (const chunk of group.columns) {
          assert.equal(chunk.meta_data?.codec, "ZSTD");
          const column = chunk.meta_data!.path_in_schema[0];
          if (["model", "session_kind", "trigger", "session"].includes(column)) {
            assert.ok(
              chunk.meta_data!.encodings.some((e) => e.includes("DICTIONARY")),
              `${name}.${column} is dictionary-encoded`,
            );
          }
        }
      }
    }
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("export: same secret, same keys; export.json matches its schema", async () => {
  const out = await Deno.makeTempDir();
  try {
    const a = await exportOf([SAMPLE], join(out, "a"));
    const b = await exportOf([SAMPLE], join(out, "b"));
    const keys = async (folder: string) =>
      [...new Set((await rowsOf(folder, "requests")).rows.map((r) => r.session))].sort();
    assert.deepEqual(await keys(a.folder), await keys(b.folder));
    const schema = JSON.parse(
      await Deno.readTextFile(new URL("docs/schema/export.schema.json", ROOT)),
    );
    const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    const validate = ajv.compile(schema);
    const manifest = JSON.parse(await Deno.readTextFile(join(a.folder, "export.json"))) as {
      counts: Record<string, unknown>;
    };
    assert.ok(validate(manifest), JSON.stringify(validate.errors));
    const broken = { ...manifest, counts: { ...manifest.counts, requests: "many" } };
    assert.equal(validate(broken), false);
    assert.equal(manifest.counts.requests, 2041); // sample: 2,002 + 30 + 9 (corpus --model each)
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

/** Every string value anywhere in a JSON value. */
function strings(value: unknown, out: Set<string>, key = ""): void {
  if (typeof value === "string") {
    if (key !== "model") out.add(value);
  } else if (Array.isArray(value)) { for (const v of value) strings(v, out); }
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) strings(v, out, k);
  }
}

/** Checks every string value of an export against the corpus's strings. */
async function assertPrivate(dir: string, folder: string) {
  const { files } = await discoverTranscriptFiles([dir]);
  const forbidden = new Set<string>();
  const models = new Set<string>();
  for (const file of files) {
    for (const part of file.split("/")) if (part.length >= 6) forbidden.add(part);
    forbidden.add(file);
    const text = await Deno.readTextFile(file);
    for (const line of text.split("\n")) {
      try {
        const record = JSON.parse(line);
        strings(record, forbidden);
        const model = record?.message?.model;
        if (typeof model === "string") models.add(model);
      } catch {
        // Not JSON (a mutated line): its markers are caught by the MARKER check below.
      }
    }
  }
  const vocabulary = new Set<string>([...SESSION_KIND_NAMES, ...TRIGGER_NAMES, ...models, "other"]);
  // Ids hold digits, paths slashes, texts spaces: plain lower-case words (record types, roles,
  // "auto") are the format's vocabulary, not the user's data.
  const long = [...forbidden].filter((s) =>
    s.length >= 6 && !vocabulary.has(s) && !/^[a-z_:-]+$/.test(s)
  );
  const values: string[] = [];
  for (const name of ["requests", "compactions"]) {
    const { rows, meta } = await rowsOf(folder, name);
    for (const row of rows) {
      for (const v of Object.values(row)) if (typeof v === "string") values.push(v);
    }
    for (const kv of meta.key_value_metadata ?? []) values.push(kv.key, kv.value ?? "");
  }
  const manifestText = await Deno.readTextFile(join(folder, "export.json"));
  assert.ok(!manifestText.includes(MARKER), "a planted marker reached export.json");
  const manifest = new Set<string>();
  strings(JSON.parse(manifestText), manifest);
  values.push(...manifest);
  assert.ok(values.length > 0);
  for (const v of new Set(values)) {
    assert.ok(!v.includes(MARKER), `a planted marker reached the export: ${JSON.stringify(v)}`);
    for (const s of long) {
      assert.ok(!v.includes(s), `a corpus string reached the export: ${JSON.stringify(s)}`);
    }
  }
  // The tables' strings are keys, models, kinds and triggers only.
  for (const name of ["requests", "compactions"]) {
    for (const row of (await rowsOf(folder, name)).rows) {
      assert.match(row.session as string, /^[0-9a-f]{64}$/);
      assert.ok(models.has(row.model as string) || row.model === "other", String(row.model));
      if (name === "requests") {
        assert.ok((SESSION_KIND_NAMES as readonly string[]).includes(row.session_kind as string));
      } else assert.ok((TRIGGER_NAMES as readonly string[]).includes(row.trigger as string));
    }
  }
  return long.length;
}

Deno.test("export: no id, path or text of the sample is in any string value of the export", async () => {
  const out = await Deno.makeTempDir();
  try {
    const { folder } = await exportOf([SAMPLE], out);
    const checked = await assertPrivate(SAMPLE, folder);
    assert.ok(checked > 1000, `only ${checked} corpus strings were checked`);
  } finally {
    await Deno.remove(out, { recursive: true });
  }
});

Deno.test("export: the fuzz suite's planted markers never reach the export", async () => {
  for (const seed of [1, 2, 3, 4, 5]) {
    const dir = await Deno.makeTempDir();
    try {
      const prng = new Pcg32(seed, 23);
      const setup = buildCase("markers", prng, baseSlice(prng));
      for (const file of setup.files) {
        const path = join(dir, "projects", file.path);
        await Deno.mkdir(join(path, ".."), { recursive: true });
        await Deno.writeFile(path, file.bytes);
      }
      const { files } = await discoverTranscriptFiles([join(dir, "projects")]);
      const planted = (await Promise.all(files.map((f) => Deno.readTextFile(f))))
        .join("").includes(MARKER) || files.some((f) => f.includes(MARKER));
      assert.ok(planted, "the case carries markers");
      const { folder } = await exportCorpus(files, {
        out: join(dir, "out"),
        secret: SECRET,
        toolkitVersion: "test",
      });
      await assertPrivate(join(dir, "projects"), folder);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  }
});
