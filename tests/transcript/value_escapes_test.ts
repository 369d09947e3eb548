/**
 * Values are read as `JSON.parse` reads them, whatever their spelling: the committed sample with
 * its string values partly rewritten as `\uXXXX` escapes (and `/` as `\/`) must give the same
 * analysis as the sample itself, on both reader paths (the WebAssembly scanner, for files read
 * from disk, and the JavaScript walk, for text in memory). Expected value: the analysis of the
 * unchanged sample; only the byte count may differ.
 */
import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { corpusFromText, readCorpus } from "../../lib/transcript/mod.ts";
import { analyzeTrigger } from "../../lib/trigger/analyze.ts";

const SAMPLE = fileURLToPath(new URL("../../data-synthetic/sample/projects", import.meta.url));

/** A string as JSON, with `<`, `>`, `/` and every fifth letter or digit written as an escape. */
function _escapedString(s: string): string {
  let out = '"';
  let n = 0;
  for (const ch of s) {
    const code = ch.codePointAt(0)!;
    if (ch === "/") out += n++ % 2 === 0 ? "\\/" : "\\u002f";
    else if (ch === "<" || ch === ">") out += `\\u00${code.toString(16)}`;
    else if (/[A-Za-z0-9]/.test(ch) && n++ % 5 === 0) {
      out += `\\u${code.toString(16).padStart(4, "0")}`;
    } else out += JSON.stringify(ch).slice(1, -1);
  }
  return out + '"';
}

/** JSON of `value` with every string value (not key) spelled by {@linkcode _escapedString}. */
function _escapedJson(value: unknown): string {
  if (typeof value === "string") return _escapedString(value);
  if (Array.isArray(value)) return `[${value.map(_escapedJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const members = Object.entries(value).map(([k, v]) =>
      `${JSON.stringify(k)}:${_escapedJson(v)}`
    );
    return `{${members.join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Each line re-spelled (lines that are not JSON, kept malformed on purpose, left as they are). */
function _respelled(text: string): string {
  return text.split("\n").map((line) => {
    try {
      return _escapedJson(JSON.parse(line));
    } catch {
      return line;
    }
  }).join("\n");
}

async function* _files(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) yield* _files(path);
    else if (entry.name.endsWith(".jsonl")) yield path;
  }
}

/** The analysis as JSON, without the byte count (the escapes lengthen the files). */
async function _analysis(corpus: Awaited<ReturnType<typeof readCorpus>>): Promise<string> {
  const { report } = await analyzeTrigger(corpus, { workloads: 8 });
  const { bytes: _bytes, ...rest } = report.corpus;
  return JSON.stringify({ ...report, corpus: rest }, null, 1);
}

Deno.test("values spelled with escapes read as JSON.parse reads them, on both reader paths", async () => {
  const dir = await Deno.makeTempDir({ prefix: "escaped_sample_" });
  try {
    const texts: { path: string; text: string }[] = [];
    let escapes = 0;
    for await (const path of _files(SAMPLE)) {
      const text = _respelled(await Deno.readTextFile(path));
      escapes += text.split("\\u").length - 1;
      const target = join(dir, relative(SAMPLE, path));
      await Deno.mkdir(join(target, ".."), { recursive: true });
      await Deno.writeTextFile(target, text);
      texts.push({ path: `/${relative(SAMPLE, path)}`, text });
    }
    assert.ok(escapes > 10_000, `only ${escapes} escapes planted`);
    const plain = await _analysis(await readCorpus([SAMPLE]));
    // The WebAssembly path: files read from disk.
    const fromDisk = await _analysis(await readCorpus([dir]));
    assert.equal(fromDisk, plain);
    // The JavaScript walk: the same text in memory.
    const original = [];
    for await (const path of _files(SAMPLE)) {
      original.push({ path: `/${relative(SAMPLE, path)}`, text: await Deno.readTextFile(path) });
    }
    const plainText = await _analysis(corpusFromText(original));
    assert.equal(await _analysis(corpusFromText(texts)), plainText);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
