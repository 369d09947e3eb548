/**
 * `deno task pool analyze --tables DIR` as a user runs it: the answer names the setting for
 * everyone and for one user with the counts behind it, the JSON validates against
 * docs/schema/analyze.schema.json, `--stream` gives the in-memory answer without the session
 * bootstrap (text and JSON, `--model all` too), and `deno task analyze --tables` and `report --tables`
 * (which may start no process) point to the pool task; `pool report` writes the pool's page.
 * Skipped without DuckDB, except under CI=true.
 *
 * @module
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { discoverTranscriptFiles } from "../../lib/transcript/discover.ts";
import { exportCorpus } from "../../lib/pool/export_corpus.ts";
import { poolInstalled } from "../../lib/pool/read_pool.ts";
import { autoCompactSetting } from "../../lib/trigger/auto_compact_setting.ts";
import { close } from "./_pool_helpers.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const RUN = poolInstalled() || Deno.env.get("CI") === "true";
const SKIPPED = RUN ? "" : " (skipped: DuckDB not installed; deno task pool-install)";

async function task(args: string[], cwd: string) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["task", "-q", "--config", join(ROOT, "deno.json"), ...args],
    cwd,
    // Relative paths start here, not at an INIT_CWD inherited from an outer `deno task test`.
    env: { INIT_CWD: cwd },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const d = new TextDecoder();
  return { code, stdout: d.decode(stdout), stderr: d.decode(stderr) };
}

Deno.test({
  name:
    `pool CLI: the answer names managed-settings.json with its counts; JSON per schema${SKIPPED}`,
  ignore: !RUN,
  fn: async () => {
    const cwd = await Deno.makeTempDir();
    try {
      // Two contributors: the first project folder, and the other two.
      const projects = join(ROOT, "data-synthetic/sample/projects");
      const names = [];
      for await (const e of Deno.readDir(projects)) names.push(e.name);
      names.sort();
      const secret = new Uint8Array(32).fill(9);
      for (const part of [names.slice(0, 1), names.slice(1)]) {
        const { files } = await discoverTranscriptFiles(part.map((n) => join(projects, n)));
        await exportCorpus(files, { out: join(cwd, "pool"), secret, toolkitVersion: "t" });
      }
      // --force: the sample's cheapest trigger lies on the grid's edge, and the setting would be
      // withheld for low confidence.
      const flags = ["--tables", "pool", "--force", "--workloads", "5"];
      const json = await task(["pool", "analyze", ...flags, "--json"], cwd);
      assert.equal(json.code, 0, json.stderr);
      // deno-lint-ignore no-explicit-any
      const doc: any = JSON.parse(json.stdout);
      const ajv = new Ajv2020({ strict: true, strictRequired: false, allowUnionTypes: true });
      for (const name of ["corpus", "analyze"]) {
        const text = await Deno.readTextFile(join(ROOT, `docs/schema/${name}.schema.json`));
        ajv.addSchema(JSON.parse(text), name);
      }
      const validate = ajv.getSchema("analyze")!;
      assert.ok(validate(structuredClone(doc)), JSON.stringify(validate.errors));
      assert.equal(doc.pool.contributors, 2);
      assert.equal(
        doc.pool.sessions,
        doc.corpus.sessions.main + doc.corpus.sessions.subagent +
          doc.corpus.sessions.helper,
      );
      assert.equal(doc.pool.compactions, 25); // the sample's 25 compactions of its main model
      const expected = autoCompactSetting(doc.recommendation.trigger, {
        contextWindow: doc.recommendation.contextWindow,
      }).settings;
      assert.ok(expected.autoCompactWindow !== null, "a setting is recommended");
      assert.deepEqual(doc.pool.organisation.settings, expected);
      assert.deepEqual(doc.pool.user.settings, expected);
      // The rework is measured from the exports' windows, as the analysis's own block says.
      assert.equal(doc.pool.rework.source, "measured");
      assert.deepEqual(doc.pool.rework, doc.rework);
      const text = await task(["pool", "analyze", ...flags], cwd);
      assert.equal(text.code, 0, text.stderr);
      assert.match(
        text.stdout,
        /Pool: 2 contributors, [\d,]+ sessions, 2,002 requests and 25 compactions/,
      );
      assert.match(
        text.stdout,
        new RegExp(`"autoCompactWindow":${expected.autoCompactWindow},"env":\\{"CLAUDE_AUTO`),
      );
      assert.match(text.stdout, /For everyone \(managed settings, \/etc\/claude-code\/managed/);
      assert.match(text.stdout, /For one user \(~\/\.claude\/settings\.json\)/);
      // --stream: batches of whole sessions; the answer as the in-memory analysis gives it
      // without the session bootstrap (--session-draws 0), in text and JSON.
      const stream = ["--stream", "--batch-rows", "300"];
      const streamed = await task(["pool", "analyze", ...flags, ...stream], cwd);
      assert.equal(streamed.code, 0, streamed.stderr);
      const [head, ...rest] = streamed.stdout.split("\n");
      const batches = Number(head.match(/2,002 requests in (\d+) batches of whole sessions/)?.[1]);
      assert.ok(batches > 3, head);
      assert.match(head, /the session bootstrap's 100 draws replayed batch by batch/);
      // The rest is the in-memory text: the dollars ("In dollars: ... saved"), the session
      // bootstrap's spread, the setting for everyone and for one user, the rework measured from
      // the exports' windows.
      assert.equal(rest.join("\n"), text.stdout);
      assert.match(
        streamed.stdout,
        /Cheapest trigger with other sessions like these \(sessions drawn/,
      );
      assert.match(streamed.stdout, /In dollars: \$[\d.]+ saved on this history/);
      assert.ok(
        streamed.stdout.includes(
          `For one user (~/.claude/settings.json): ${JSON.stringify(expected)}`,
        ),
        streamed.stdout.slice(-800),
      );
      assert.match(streamed.stdout, /Rework after a compaction: measured from the exports'/);
      const streamedJson = await task(["pool", "analyze", ...flags, ...stream, "--json"], cwd);
      assert.equal(streamedJson.code, 0, streamedJson.stderr);
      // deno-lint-ignore no-explicit-any
      const sdoc: any = JSON.parse(streamedJson.stdout);
      assert.ok(validate(structuredClone(sdoc)), JSON.stringify(validate.errors));
      const { stream: block, ...figures } = sdoc;
      close(figures, doc, "streamed document");
      assert.deepEqual(block.leftOut, []);
      assert.equal(block.batches, batches);
      const again = await task(["pool", "analyze", ...flags, ...stream, "--json"], cwd);
      assert.equal(again.stdout, streamedJson.stdout, "byte-identical for identical inputs");
      // --block-size auto: a pass of its own chooses the size the in-memory rule chooses
      // (without session draws, and so --model all below, to keep the test short).
      const draws0 = ["--session-draws", "0"];
      const auto = ["--block-size", "auto", "--json", ...draws0];
      const memoryAuto = await task(["pool", "analyze", ...flags, ...auto], cwd);
      const streamedAuto = await task(["pool", "analyze", ...flags, ...stream, ...auto], cwd);
      assert.equal(streamedAuto.code, 0, streamedAuto.stderr);
      const { stream: _b, ...autoFigures } = JSON.parse(streamedAuto.stdout);
      assert.ok(autoFigures.options.blockSizeChosen !== null);
      close(autoFigures, JSON.parse(memoryAuto.stdout), "streamed --block-size auto");
      // --model all: one streamed run per model, as the in-memory --model all (a model that
      // cannot be analysed keeps its error, its comparison row and its withoutCurves).
      const all = ["--model", "all"];
      const memoryAll = await task(["pool", "analyze", ...flags, ...draws0, ...all, "--json"], cwd);
      const streamedAll = await task(
        ["pool", "analyze", ...flags, ...draws0, ...stream, ...all, "--json"],
        cwd,
      );
      assert.equal(streamedAll.code, 0, streamedAll.stderr);
      // deno-lint-ignore no-explicit-any
      const sall: any = JSON.parse(streamedAll.stdout);
      assert.ok(validate(structuredClone(sall)), JSON.stringify(validate.errors));
      // deno-lint-ignore no-explicit-any
      const mall: any = JSON.parse(memoryAll.stdout);
      assert.ok(validate(structuredClone(mall)), JSON.stringify(validate.errors));
      assert.ok(mall.models.some((m: object) => "withoutCurves" in m), "a model not analysed");
      const { stream: allBlock, ...allFigures } = sall;
      close(allFigures, mall, "streamed --model all");
      assert.deepEqual(Object.keys(allBlock.models), Object.keys(sall.pool));
      assert.deepEqual(allBlock.leftOut, block.leftOut);
      // report: the page, figures, timeline and analysis.json of the pool; no read cost.
      const report = await task(["pool", "report", ...flags, "--out", "rep"], cwd);
      assert.equal(report.code, 0, report.stderr);
      assert.match(report.stdout, /Read cost: not measured from a pool/);
      assert.match(
        report.stdout,
        /Pool: 2 contributors, [\d,]+ sessions, 2,002 requests and 25 compactions/,
      );
      const written = [];
      for await (const e of Deno.readDir(join(cwd, "rep"))) written.push(e.name);
      assert.deepEqual(written.sort(), [
        "analysis.json",
        "figure.png",
        "figure.svg",
        "report.html",
        "timeline.png",
        "timeline.svg",
      ]);
      // deno-lint-ignore no-explicit-any
      const page: any = JSON.parse(await Deno.readTextFile(join(cwd, "rep", "analysis.json")));
      assert.ok(validate(structuredClone(page)), JSON.stringify(validate.errors));
      assert.deepEqual(page.pool.organisation.settings, expected);
      const html = await Deno.readTextFile(join(cwd, "rep", "report.html"));
      const section = html.match(/<section id="pool">([\s\S]*?)<\/section>/)?.[1] ?? "";
      assert.match(section, /exports of 2 contributors/);
      assert.match(section, /25 compactions/);
      assert.match(section, /\/etc\/claude-code\/managed-settings\.json/);
      assert.match(
        section,
        new RegExp(`&quot;autoCompactWindow&quot;: ${expected.autoCompactWindow}`),
      );
      assert.match(section, /2 位贡献者/);
      assert.match(section, /is measured from the rework windows the exports carry/);
      assert.doesNotMatch(section, /carry no rework windows/);
      assert.doesNotMatch(html, /<section id="read-cost">/);
    } finally {
      await Deno.remove(cwd, { recursive: true });
    }
  },
});

Deno.test("pool CLI: analyze --tables without the pool task says which task to run", async () => {
  const cwd = await Deno.makeTempDir();
  try {
    const plain = await task(["analyze", "--tables", "pool"], cwd);
    assert.equal(plain.code, 2);
    assert.match(plain.stderr, /deno task pool analyze --tables DIR/);
    const both = await task(["analyze", "--tables", "pool", "some/path"], cwd);
    assert.equal(both.code, 2);
    const report = await task(["report", "--tables", "pool"], cwd);
    assert.equal(report.code, 2);
    assert.match(report.stderr, /deno task pool report --tables DIR/);
    const none = await task(["pool", "analyze"], cwd);
    assert.equal(none.code, 2);
    assert.match(none.stderr, /--tables DIR is required/);
  } finally {
    await Deno.remove(cwd, { recursive: true });
  }
});
