/**
 * The JSON Schemas of docs/schema/ against the real `--json` documents of the three commands,
 * run as subprocesses on the committed synthetic sample, plus one broken document per schema.
 *
 * Validator: Ajv 8 (npm `ajv`, pinned in deno.json and deno.lock), its draft 2020-12 class, in
 * strict mode: it is the most used and actively maintained JSON Schema validator on npm, and its
 * strict mode rejects a schema with an unknown keyword or a keyword that does not fit the type,
 * so a typo in a schema fails here instead of silently validating nothing (the smaller
 * `@cfworker/json-schema` ignores unknown keywords). `ajv-formats` is not needed: the schemas use
 * no `format`.
 *
 * @module
 */
import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";

const ROOT = new URL("../../", import.meta.url);
const SAMPLE = new URL("data-synthetic/sample/", ROOT).pathname;
const NAMES = ["corpus", "analyze", "measure"] as const;
type Name = typeof NAMES[number];

function validator() {
  const ajv = new Ajv2020({
    strict: true,
    // Open objects require fields that another schema part (allOf) defines.
    strictRequired: false,
    // Nullable numbers are written as type [number, null].
    allowUnionTypes: true,
    allErrors: true,
  });
  for (const name of NAMES) {
    const text = Deno.readTextFileSync(new URL(`docs/schema/${name}.schema.json`, ROOT));
    ajv.addSchema(JSON.parse(text), name);
  }
  return (name: Name, doc: unknown) => {
    const validate = ajv.getSchema(name)!;
    const ok = validate(doc) as boolean;
    return { ok, errors: JSON.stringify(validate.errors ?? [], null, 1) };
  };
}

/** Runs `deno run cli/<name>.ts --json ARGS` and returns the parsed stdout. */
async function runJson(
  name: Name,
  args: string[],
): Promise<{ code: number; doc: unknown; stderr: string }> {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-env", `cli/${name}.ts`, "--json", ...args],
    cwd: ROOT.pathname,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(stdout);
  return {
    code,
    doc: code === 0 ? JSON.parse(out) : null,
    stderr: new TextDecoder().decode(stderr),
  };
}

const projects = () =>
  [...Deno.readDirSync(new URL("projects/", `file://${SAMPLE}`))].map((e) =>
    `${SAMPLE}projects/${e.name}`
  ).sort();

const check = validator();

function assertValid(name: Name, doc: unknown) {
  const { ok, errors } = check(name, doc);
  assert.ok(ok, `${name} document does not match docs/schema/${name}.schema.json: ${errors}`);
}

function assertInvalid(name: Name, doc: unknown, keyword: RegExp) {
  const { ok, errors } = check(name, doc);
  assert.equal(ok, false, `a broken ${name} document was accepted`);
  assert.match(errors, keyword);
}

Deno.test("schema: corpus --json on the sample matches, a broken one does not", async () => {
  const run = await runJson("corpus", [SAMPLE]);
  assert.equal(run.code, 0, run.stderr);
  assertValid("corpus", run.doc);
  const broken = structuredClone(run.doc) as Record<string, unknown>;
  delete broken.requests;
  (broken.billingMix as Record<string, unknown>).cacheRead = 1.5;
  assertInvalid("corpus", broken, /"missingProperty": "requests"/);
  assertInvalid("corpus", broken, /"instancePath": "\/billingMix\/cacheRead"/);
});

Deno.test("schema: analyze --json on the sample matches, in three configurations", async () => {
  for (
    const args of [
      [],
      ["--method", "stationary", "--block-size", "auto", "--workloads", "5"],
      [
        "--a",
        "9e-5",
        "--v",
        "80",
        "--summary-tokens",
        "8000",
        "--post-prefix",
        "58000",
        "--beta",
        "0.99",
        "--c-post",
        "0.3",
        "--workloads",
        "5",
      ],
    ]
  ) {
    const run = await runJson("analyze", [...args, SAMPLE]);
    assert.equal(run.code, 0, run.stderr);
    assertValid("analyze", run.doc);
  }
});

Deno.test("schema: a broken analyze document is rejected", async () => {
  const run = await runJson("analyze", ["--workloads", "5", SAMPLE]);
  assert.equal(run.code, 0, run.stderr);
  const doc = run.doc as { replay: { costPerMillion: { mean: unknown } }[] };
  const wrongType = structuredClone(doc);
  wrongType.replay[0].costPerMillion.mean = "1.02";
  assertInvalid("analyze", wrongType, /"instancePath": "\/replay\/0\/costPerMillion\/mean"/);
  // Without its replay it is no single-model analysis, and no per-model document either.
  const noReplay = structuredClone(doc) as Record<string, unknown>;
  delete noReplay.replay;
  assertInvalid("analyze", noReplay, /"missingProperty": "models"/);
});

Deno.test("schema: analyze --json --model all matches, a broken entry does not", async () => {
  const run = await runJson("analyze", ["--model", "all", "--workloads", "5", SAMPLE]);
  assert.equal(run.code, 0, run.stderr);
  assertValid("analyze", run.doc);
  // The layout (lib/trigger/analyze_models.ts): { schemaVersion, options, models: [{ model,
  // analysis } | { model, error }], comparison, modelsWithoutSession }. The sample holds one
  // model with compactions and others without, so both kinds of entry are in it.
  const doc = run.doc as { models: Record<string, unknown>[]; comparison: object[] };
  const failed = doc.models.findIndex((m) => "error" in m);
  assert.ok(failed >= 0, "the sample has a model that cannot be analysed on its own");
  assert.ok(doc.models.some((m) => "analysis" in m), "and one that can");
  const noError = structuredClone(doc);
  delete noError.models[failed].error;
  assertInvalid("analyze", noError, /"keyword": "oneOf"/);
  // Every comparison row carries every column (null where unknown).
  const shortRow = structuredClone(doc) as { comparison: Record<string, unknown>[] };
  delete shortRow.comparison[0].tStarTokens;
  assertInvalid("analyze", shortRow, /"missingProperty": "tStarTokens"/);
});

Deno.test("schema: fields every analysis writes are required", async () => {
  const run = await runJson("analyze", ["--workloads", "5", SAMPLE]);
  assert.equal(run.code, 0, run.stderr);
  const doc = run.doc as Record<string, Record<string, unknown>>;
  for (
    const [block, field] of [
      ["recommendation", "settings"],
      ["recommendation", "budgetError"],
      ["prices", "sources"],
      ["steadyState", "argminSpread"],
      ["options", "maxTimeShare"],
    ]
  ) {
    const broken = structuredClone(doc);
    delete broken[block][field];
    assertInvalid("analyze", broken, new RegExp(`"missingProperty": "${field}"`));
  }
});

Deno.test("schema: measure --json on the sample matches, a broken one does not", async () => {
  const run = await runJson("measure", projects());
  assert.equal(run.code, 0, run.stderr);
  assertValid("measure", run.doc);
  const broken = structuredClone(run.doc) as { byKind: Record<string, unknown> };
  delete broken.byKind.search;
  assertInvalid("measure", broken, /"missingProperty": "search"/);
});
