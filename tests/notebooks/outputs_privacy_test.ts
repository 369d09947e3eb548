/**
 * The committed notebooks' outputs hold aggregates only. Every output of every
 * `notebooks/*.ipynb` (text, HTML, Markdown, JSON, streams, error tracebacks, and the PNGs'
 * decoded bytes) is scanned for what the committed sample (data-synthetic/sample/, the data the
 * notebooks were executed on) holds privately:
 *
 * - any UUID-shaped string (the sample's session ids are its file names, and its record uuids
 *   have the same shape);
 * - the values of the identifying fields (session, record, parent, agent, request, message and
 *   tool-use ids, `cwd`, file paths in tool inputs) and every folder and file name under
 *   `projects/` (project folders, session folders, agent files);
 * - any run of 31 characters or more of any string value in the sample (message texts, tool
 *   results, summaries: 24-character windows every 8 characters, so every 31-character run holds
 *   one), except model names, which the outputs show on purpose;
 * - absolute paths of this machine (the repository's folder, `$HOME`) and the usual home-folder
 *   prefixes (`/Users/`, `/home/`, `C:\Users\`);
 * - the fuzz suite's planted marker prefix (tests/fuzz/_mutations.ts), which would mean outputs
 *   of a fuzzed corpus were committed.
 *
 * What it proves: the outputs as committed, computed from the sample, show none of the sample's
 * transcript fields, so a notebook cell that displays a session id, a path or a message fails
 * here once its outputs are refreshed. What it does not prove: privacy on other data (the fuzz
 * suite runs the notebooks' helper path on planted markers, tests/fuzz/_notebook_view.ts), or
 * text drawn into a chart's pixels (a PNG's bytes are scanned, its image is not read).
 *
 * @module
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { MARKER } from "../fuzz/_mutations.ts";
import type { Notebook } from "./_notebook.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url)).replace(/\/$/, "");
const NOTEBOOK_DIR = join(ROOT, "notebooks");
const SAMPLE = join(ROOT, "data-synthetic", "sample");

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** Fields whose values identify a session, a record, a request, a tool call or a place. */
const IDENTIFYING_KEYS = new Set([
  "sessionId",
  "uuid",
  "parentUuid",
  "logicalParentUuid",
  "leafUuid",
  "agentId",
  "requestId",
  "tool_use_id",
  "cwd",
  "file_path",
  "path",
]);
const WINDOW = 24;
const STRIDE = 8;

/** What the sample holds privately: identifying values and text windows. */
interface SampleSecrets {
  names: Set<string>;
  identifiers: Set<string>;
  windows: Set<string>;
  fileNameUuids: number;
}

async function sampleSecrets(): Promise<SampleSecrets> {
  const secrets: SampleSecrets = {
    names: new Set(),
    identifiers: new Set(),
    windows: new Set(),
    fileNameUuids: 0,
  };
  const visitValue = (value: unknown, key: string | undefined) => {
    if (typeof value === "string") {
      if (key !== undefined && IDENTIFYING_KEYS.has(key) && value.length >= 6) {
        secrets.identifiers.add(value);
      }
      // Message, request and tool-call ids (`msg_…`, `req_…`, `toolu_…`) under any key.
      if (/^(msg|req|toolu)_[A-Za-z0-9]{8,}$/.test(value)) secrets.identifiers.add(value);
      // Model names are shown on purpose (the outputs name the model they describe).
      if (key === "model") return;
      for (let at = 0; at + WINDOW <= value.length; at += STRIDE) {
        secrets.windows.add(value.slice(at, at + WINDOW));
      }
    } else if (Array.isArray(value)) {
      for (const item of value) visitValue(item, undefined);
    } else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) visitValue(v, k);
    }
  };
  const walk = async (dir: string) => {
    for await (const entry of Deno.readDir(dir)) {
      const path = join(dir, entry.name);
      if (entry.isDirectory) {
        secrets.names.add(entry.name);
        await walk(path);
      } else if (entry.isFile && entry.name.endsWith(".jsonl")) {
        const stem = entry.name.slice(0, -".jsonl".length);
        secrets.names.add(stem);
        if (UUID.test(stem)) secrets.fileNameUuids++;
        for (const line of (await Deno.readTextFile(path)).split("\n")) {
          try {
            visitValue(JSON.parse(line), undefined);
          } catch {
            // The sample has broken lines on purpose; they are not displayed either.
          }
        }
      }
    }
  };
  await walk(join(SAMPLE, "projects"));
  secrets.names.delete("subagents"); // the layout's own folder name, not the user's
  return secrets;
}

/** Every output of a notebook as [where, text] pairs; PNGs decoded to Latin-1 text. */
function outputTexts(nb: Notebook): [string, string][] {
  const out: [string, string][] = [];
  const join = (v: unknown) =>
    Array.isArray(v) ? v.join("") : typeof v === "string" ? v : JSON.stringify(v);
  nb.cells.forEach((cell, c) => {
    for (const [o, output] of (cell.outputs ?? []).entries()) {
      const where = `cell ${c} output ${o}`;
      if (output.text !== undefined) {
        out.push([`${where} (${output.output_type})`, join(output.text)]);
      }
      if (output.evalue !== undefined) out.push([`${where} (error)`, output.evalue]);
      if (output.traceback !== undefined) {
        out.push([`${where} (traceback)`, output.traceback.join("\n")]);
      }
      for (const [mime, data] of Object.entries(output.data ?? {})) {
        const text = mime === "image/png" ? atob(join(data).replace(/\s/g, "")) : join(data);
        out.push([`${where} (${mime})`, text]);
      }
    }
  });
  return out;
}

/** The private strings found in `text` (empty: none). */
function leaks(text: string, secrets: SampleSecrets): string[] {
  const found: string[] = [];
  const uuid = UUID.exec(text);
  if (uuid) found.push(`UUID ${uuid[0]}`);
  if (text.includes(MARKER)) found.push(`fuzz marker ${MARKER}`);
  for (const path of [ROOT, SAMPLE, Deno.env.get("HOME") ?? ""]) {
    if (path.length > 1 && text.includes(path)) found.push(`path ${path}`);
  }
  for (const prefix of ["/Users/", "/home/", "C:\\Users\\"]) {
    if (text.includes(prefix)) found.push(`path prefix ${prefix}`);
  }
  for (const name of secrets.names) if (text.includes(name)) found.push(`name ${name}`);
  for (const id of secrets.identifiers) if (text.includes(id)) found.push(`identifier ${id}`);
  for (let at = 0; at + WINDOW <= text.length; at++) {
    const window = text.slice(at, at + WINDOW);
    if (secrets.windows.has(window)) {
      found.push(`text ${JSON.stringify(window)}`);
      break;
    }
  }
  return found;
}

const secrets = await sampleSecrets();
const notebooks = [...Deno.readDirSync(NOTEBOOK_DIR)]
  .filter((e) => e.isFile && e.name.endsWith(".ipynb"))
  .map((e) => e.name)
  .sort();

Deno.test("notebook outputs privacy: the sample's private strings are known", () => {
  // The scan means something only if there is something to find: the sample's session files
  // are named by UUIDs, and it has ids, names and texts.
  assert.ok(secrets.fileNameUuids >= 3, `${secrets.fileNameUuids} UUID file names`);
  assert.ok(secrets.identifiers.size > 100, `${secrets.identifiers.size} identifiers`);
  assert.ok(secrets.names.has("-Users-sam-src-data-pipeline"));
  assert.ok(secrets.windows.size > 1000, `${secrets.windows.size} text windows`);
  assert.ok(notebooks.length > 0);
});

Deno.test("notebook outputs privacy: the scan finds what a leaking output would show", () => {
  // A hand-made notebook whose outputs echo a session file name, a cwd, a text run and a PNG
  // carrying a marker in a text chunk: each is reported.
  const sessionFile = [...secrets.names].find((n) => UUID.test(n))!;
  const id = [...secrets.identifiers].find((v) => v.startsWith("msg_"))!;
  const text = [...secrets.windows].find((w) => /^[A-Za-z ]+$/.test(w))!;
  const png = btoa(`\x89PNG\r\n\x1a\ntEXt${MARKER}1`);
  const nb: Notebook = {
    cells: [{
      cell_type: "code",
      source: "",
      outputs: [
        { output_type: "stream", name: "stdout", text: [`session ${sessionFile}\n`] },
        { output_type: "execute_result", data: { "text/html": [`<td>${id}</td>`] } },
        { output_type: "display_data", data: { "text/plain": `…${text}…` } },
        { output_type: "display_data", data: { "image/png": png } },
        { output_type: "error", evalue: `NotFound: ${ROOT}/x.jsonl`, traceback: [] },
      ],
    }],
  };
  const found = outputTexts(nb).map(([, t]) => leaks(t, secrets));
  assert.ok(found[0].some((f) => f.startsWith("UUID")), JSON.stringify(found[0]));
  assert.ok(found[1].includes(`identifier ${id}`), JSON.stringify(found[1]));
  assert.ok(found[2].some((f) => f.startsWith("text ")), JSON.stringify(found[2]));
  assert.ok(found[3].includes(`fuzz marker ${MARKER}`), JSON.stringify(found[3]));
  assert.ok(found[4].some((f) => f.startsWith("path ")), JSON.stringify(found[4]));
});

for (const name of notebooks) {
  Deno.test(`notebooks/${name}: outputs hold no id, path, name or text of the sample`, async () => {
    const nb = JSON.parse(await Deno.readTextFile(join(NOTEBOOK_DIR, name))) as Notebook;
    const texts = outputTexts(nb);
    assert.ok(texts.length > 0, "the notebook is committed executed");
    const problems = texts.flatMap(([where, text]) =>
      leaks(text, secrets).map((l) => `${where}: ${l}`)
    );
    assert.deepEqual(problems, []);
  });
}
