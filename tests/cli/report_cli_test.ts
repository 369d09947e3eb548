/**
 * `deno task report` end to end, and paths from another directory: each run is a real
 * `deno task --config <repo>/deno.json …` subprocess started in a temp folder, so `INIT_CWD` is
 * set by `deno task` itself, as for a user.
 */
import assert from "node:assert/strict";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { decodePng } from "../charts/_png_pixels.ts";
import { svgToPng } from "../../lib/charts/png.ts";
import { CJK_FONT, loadCjkFont } from "../../lib/report/cjk_font.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CONFIG = join(ROOT, "deno.json");
const SAMPLE = join(ROOT, "data-synthetic", "sample");

function inherited(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ["PATH", "HOME", "DENO_DIR", "TMPDIR"]) {
    const value = Deno.env.get(name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}

async function task(cwd: string, args: string[], env: Record<string, string> = {}) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", "-q", "--config", CONFIG, ...args],
    cwd,
    // A fresh environment: an INIT_CWD inherited from an outer `deno task` (as under
    // `deno task test`) is kept by the inner one, which is not what a user's shell has.
    clearEnv: true,
    env: { NO_COLOR: "1", ...inherited(), ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code: out.code, stdout: text(out.stdout), stderr: text(out.stderr) };
}

Deno.test("report: from another directory, relative input and --out land where the user stands", async () => {
  const here = await Deno.makeTempDir({ prefix: "report_cli_" });
  try {
    const input = relative(here, SAMPLE); // e.g. ../../work/…/data-synthetic/sample
    const run = await task(here, ["report", "--out", "rep", input]);
    assert.equal(run.code, 0, run.stderr);
    const names = [...Deno.readDirSync(join(here, "rep"))].map((e) => e.name).sort();
    assert.deepEqual(names, [
      "analysis.json",
      "figure.png",
      "figure.svg",
      "read-cost.json",
      "report.html",
      "timeline.png",
      "timeline.svg",
    ]);
    // The last line names what was written, and where.
    const last = run.stdout.trim().split("\n").pop()!;
    assert.equal(
      last,
      `Wrote report.html, figure.png, figure.svg, timeline.png, timeline.svg, analysis.json, ` +
        `read-cost.json in ${join(await Deno.realPath(here), "rep")}`,
    );
    assert.match(run.stdout, /^Answer: /m);
    const analysis = JSON.parse(await Deno.readTextFile(join(here, "rep", "analysis.json")));
    assert.deepEqual(analysis.options.filters, {
      since: null,
      until: null,
      project: null,
      leftOut: { files: 0, sessions: 0, undatedSessions: 0 },
    });
    // The read-cost measurement read the same files as the trigger analysis (sub-agents too).
    const readCost = JSON.parse(await Deno.readTextFile(join(here, "rep", "read-cost.json")));
    assert.equal(readCost.files.read, analysis.corpus.files);
    // The PNG is the SVG's size at zoom 2.
    const svg = await Deno.readTextFile(join(here, "rep", "figure.svg"));
    const width = Number(/width="(\d+)"/.exec(svg)![1]);
    assert.equal(decodePng(await Deno.readFile(join(here, "rep", "figure.png"))).width, 2 * width);
    const html = await Deno.readTextFile(join(here, "rep", "report.html"));
    assert.ok(!html.includes(SAMPLE), "the page names no input path");
    // Nothing was written in the repository root.
    assert.ok(!(await exists(join(ROOT, "rep"))));
    // An INIT_CWD that is set (as by `deno task`) is where relative paths start.
    const elsewhere = await Deno.makeTempDir({ prefix: "report_cli_" });
    try {
      const moved = await task(
        here,
        ["corpus", "--requests", "r.csv", relative(elsewhere, SAMPLE)],
        {
          INIT_CWD: elsewhere,
        },
      );
      assert.equal(moved.code, 0, moved.stderr);
      assert.ok(await exists(join(elsewhere, "r.csv")));
    } finally {
      await Deno.remove(elsewhere, { recursive: true });
    }
  } finally {
    await Deno.remove(here, { recursive: true });
  }
});

Deno.test("report: the default input is CLAUDE_CONFIG_DIR, and the filter is recorded", async () => {
  const here = await Deno.makeTempDir({ prefix: "report_cli_" });
  try {
    // CLAUDE_CONFIG_DIR names the sample folder: its projects/ is read.
    const run = await task(here, ["report", "--project", "LEDGER"], { CLAUDE_CONFIG_DIR: SAMPLE });
    assert.equal(run.code, 0, run.stderr);
    const analysis = JSON.parse(await Deno.readTextFile(join(here, "out", "analysis.json")));
    assert.equal(analysis.options.filters.project, "LEDGER");
    assert.ok(analysis.options.filters.leftOut.files > 0);
    const bad = await task(here, ["report", "--since", "2026-02-30"], {
      CLAUDE_CONFIG_DIR: SAMPLE,
    });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--since must be a date YYYY-MM-DD/);
  } finally {
    await Deno.remove(here, { recursive: true });
  }
});

Deno.test("corpus and measure: relative paths from another directory, --requests there", async () => {
  const here = await Deno.makeTempDir({ prefix: "corpus_cli_" });
  try {
    const input = relative(here, SAMPLE);
    const corpus = await task(here, ["corpus", "--requests", "r.csv", input]);
    assert.equal(corpus.code, 0, corpus.stderr);
    const header = (await Deno.readTextFile(join(here, "r.csv"))).split("\n")[0];
    assert.match(header, /^session,session_kind,timestamp_utc,input_tokens,/);
    const measure = await task(here, ["measure", "--recursive", "--json", input]);
    assert.equal(measure.code, 0, measure.stderr);
    assert.ok(JSON.parse(measure.stdout).files.read > 0);
  } finally {
    await Deno.remove(here, { recursive: true });
  }
});

Deno.test("report --lang zh: Chinese figures drawn with the CJK font; analysis flags; the page", async () => {
  const here = await Deno.makeTempDir({ prefix: "report_cli_" });
  try {
    const run = await task(here, [
      "report",
      "--lang",
      "zh",
      "--workloads",
      "12",
      "--seed",
      "7",
      "--auto-compact-window",
      "50000",
      // The sample grades low (few compactions): --force prints the settings tested below.
      "--force",
      "--out",
      "rep",
      SAMPLE,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const read = (name: string) => Deno.readTextFile(join(here, "rep", name));
    // The analysis flags reached the analysis (analyze's own table).
    const analysis = JSON.parse(await read("analysis.json"));
    assert.equal(analysis.options.workloads, 12);
    assert.equal(analysis.options.seed, 7);
    // figure.svg in Chinese, titled with the catalog's display name, the CJK font listed.
    const svg = await read("figure.svg");
    assert.match(svg, />Claude Opus 5\.5 何时该压缩上下文？<\/text>/);
    assert.ok(svg.includes(CJK_FONT.family));
    // figure.png is that SVG drawn with the Chinese font: byte for byte what the renderer gives
    // with the font, and not what it gives without (missing glyphs).
    const png = await Deno.readFile(join(here, "rep", "figure.png"));
    const font = await loadCjkFont();
    assert.deepEqual(png, await svgToPng(svg, { fontFiles: [font] }));
    assert.notDeepEqual(png, await svgToPng(svg));
    // The timeline: Chinese, the configured level 50,000 − 33,000 = 17,000 drawn.
    const timeline = await read("timeline.svg");
    assert.match(timeline, />压缩随时间的变化<\/text>/);
    assert.match(timeline, />设置值 17K<\/text>/);
    assert.deepEqual(
      await Deno.readFile(join(here, "rep", "timeline.png")),
      await svgToPng(timeline, { fontFiles: [font] }),
    );
    // The page: the display name in the title, the recommendation block in both languages.
    const html = await read("report.html");
    assert.match(
      html,
      /<title>When should Claude Opus 5\.5 compact\? \| Context Compaction Threshold<\/title>/,
    );
    const setting = /<section id="setting">([\s\S]*?)<\/section>/.exec(html)![1];
    const [en, zh] = setting.split(/<div class="l-zh"/);
    for (const block of [en, zh]) {
      assert.match(
        block,
        /<pre class="snippet settings-json"><code>\{\n {2}&quot;autoCompactWindow&quot;: \d+/,
      );
      assert.match(block, /CLAUDE_CODE_AUTO_COMPACT_WINDOW=\d+/);
    }
    assert.match(en, /The setting that puts compaction there/);
    assert.match(en, /has changed between releases/);
    assert.match(zh, /让压缩发生在那里的设置/);
    assert.match(zh, /不同版本之间有过变化/);
    // The timeline section shows the configured window in both languages.
    assert.match(html, /autoCompactWindow = 50,000 gives: 17K/);
    assert.match(html, /autoCompactWindow = 50,000 所对应的触发点：17K/);
  } finally {
    await Deno.remove(here, { recursive: true });
  }
});

Deno.test("report --out: never a .jsonl, never an input; exit 2 before reading", async () => {
  const here = await Deno.makeTempDir({ prefix: "report_cli_" });
  try {
    const jsonl = await task(here, ["report", "--out", "x.jsonl", SAMPLE]);
    assert.equal(jsonl.code, 2, jsonl.stderr);
    assert.match(jsonl.stderr, /^report: --out: x\.jsonl is a \.jsonl file/);
    assert.ok(!(await exists(join(here, "x.jsonl"))));
    // A copy of one project folder as input, and as --out.
    const project = join(here, "p");
    await Deno.mkdir(project);
    const source = join(SAMPLE, "projects", "-home-dev-projects-ledger-api");
    for (const entry of Deno.readDirSync(source)) {
      if (entry.isFile) await Deno.copyFile(join(source, entry.name), join(project, entry.name));
    }
    const before = [...Deno.readDirSync(project)].map((e) => e.name).sort();
    const input = await task(here, ["report", "--out", "p", "p"]);
    assert.equal(input.code, 2, input.stderr);
    assert.match(input.stderr, /^report: --out: .*p is an input of this command/);
    assert.deepEqual([...Deno.readDirSync(project)].map((e) => e.name).sort(), before);
    // A transcript named as input: its own path as --out is refused (a .jsonl, too).
    const file = before.find((n) => n.endsWith(".jsonl"))!;
    const same = await task(here, ["report", "--out", `p/${file}`, `p/${file}`]);
    assert.equal(same.code, 2, same.stderr);
  } finally {
    await Deno.remove(here, { recursive: true });
  }
});

Deno.test("report: a closed stdout exits 5", async () => {
  const here = await Deno.makeTempDir({ prefix: "report_cli_" });
  try {
    const child = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--allow-all",
        "--config",
        CONFIG,
        join(ROOT, "cli", "report.ts"),
        "--workloads",
        "4",
        "--out",
        join(here, "rep"),
        SAMPLE,
      ],
      stdout: "piped",
      stderr: "null",
      stdin: "null",
    }).spawn();
    // The read end closes at once; the command writes its files, then its summary.
    await child.stdout.cancel();
    assert.equal((await child.status).code, 5);
  } finally {
    await Deno.remove(here, { recursive: true });
  }
});

Deno.test("report --model all: the comparison and each model's answer; figure of the largest", async () => {
  const here = await Deno.makeTempDir({ prefix: "report_cli_" });
  try {
    const run = await task(here, ["report", "--model", "all", "--workloads", "8", SAMPLE]);
    assert.equal(run.code, 0, run.stderr);
    const analysis = JSON.parse(await Deno.readTextFile(join(here, "out", "analysis.json")));
    const models = analysis.comparison.map((c: { model: string }) => c.model);
    assert.equal(models[0], "claude-opus-5-5"); // most requests first
    assert.ok(models.length >= 2, JSON.stringify(models));
    const svg = await Deno.readTextFile(join(here, "out", "figure.svg"));
    assert.match(svg, />When should Claude Opus 5\.5 compact\?<\/text>/);
    const html = await Deno.readTextFile(join(here, "out", "report.html"));
    const section = /<section id="models">([\s\S]*?)<\/section>/.exec(html)![1];
    assert.match(section, /Every model on its own/);
    assert.match(section, /各模型分别分析/);
    // Every model has a row and an answer item in each language.
    // Each answer starts with its model's name and a colon (":" in English, "：" in Chinese).
    const items = [...section.matchAll(/<li><strong>([^<]+?)[:：]<\/strong>/g)].map((m) => m[1]);
    assert.equal(items.length, 2 * models.length);
    assert.ok(items.includes("Claude Opus 5.5"));
    // The sample's grade is low: its setting is withheld, not "no setting reaches" the trigger.
    assert.equal(analysis.models[0].analysis.steadyState.confidence.grade, "low");
    assert.match(
      section,
      /Claude Opus 5\.5:<\/strong> [^<]*The setting is withheld: the answer&#39;s confidence is low|Claude Opus 5\.5:<\/strong> [^<]*The setting is withheld: the answer's confidence is low/,
    );
    assert.doesNotMatch(section, /Claude Opus 5\.5:<\/strong> [^<]*No setting reaches/);
    assert.match(run.stdout, /^Answer \(Claude Opus 5\.5\): /m);
  } finally {
    await Deno.remove(here, { recursive: true });
  }
});

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}
