/**
 * Runs fuzz cases: builds a mutated corpus on disk (./_mutations.ts), runs the three commands
 * in-process through their exported `main()`, and checks properties, not snapshots:
 *
 * - **exit codes**: every run ends with a code its case allows (documented in each `--help`),
 *   and no error escapes `main()`;
 * - **line accounting**: for every file the reader reads, lines = records + malformed + blank +
 *   oversized, each equal to an independent count (./_line_reference.ts), so no corrupted line is
 *   silently lost or accepted; read-cost's malformed and oversized counts equal the same
 *   reference;
 * - **privacy**: no planted marker in stdout (text and JSON of every command), the CSV, any file
 *   the report command writes (report.html, analysis.json, read-cost.json, figure.svg,
 *   timeline.svg, and the PNGs' bytes), or what a notebook would display (./_notebook_view.ts:
 *   the notebooks' own helper path run on the case's folder);
 * - **report**: on every `reportEvery`-th case whose `analyze` ran to its end (exit 0), the
 *   report command (cli/report.ts, in-process, `--out` a temp folder outside the case) exits 0
 *   and writes the page, both JSON files and the figure, only names of its documented list;
 * - **inputs untouched**: every input file keeps its bytes and its modification time, and no
 *   command adds, removes or changes an entry anywhere under the case folder;
 * - **determinism**: the same inputs give byte-identical JSON twice, and with worker threads
 *   (checked every `threadsEvery`-th case: starting workers is the slow part).
 *
 * The notebook view runs on every case of the `markers` category and every `reportEvery`-th
 * case, where the case's paths are readable (a notebook on an unreadable path stops at its first
 * cell with the reader's error, which the commands' checks already cover).
 *
 * Case `i` of seed `S` draws from PCG32 (seed S, stream i), so one case can be re-run alone.
 *
 * @module
 */

import { main as corpusMain } from "../../cli/corpus.ts";
import { main as analyzeMain } from "../../cli/analyze.ts";
import { main as measureMain } from "../../cli/measure.ts";
import { main as reportMain, REPORT_FILES } from "../../cli/report.ts";
import { Pcg32 } from "../../lib/stats/pcg32.ts";
import { MAX_LINE_BYTES } from "../../lib/transcript/jsonl.ts";
import { readCorpus } from "../../lib/transcript/read_corpus.ts";
import { summarizeCorpus } from "../../lib/transcript/summarize_corpus.ts";
import { measureReadCost } from "../../lib/readcost/measure_paths.ts";
import { estimateRework } from "../../lib/rework/mod.ts";
import { runMain } from "../_capture.ts";
import { baseSlice } from "./_base.ts";
import { buildCase, CATEGORIES, type Category, MARKER, USUAL_EXITS } from "./_mutations.ts";
import { type LineCounts, referenceLineCounts } from "./_line_reference.ts";
import { notebookViewJson } from "./_notebook_view.ts";
import { listTree, readTreeTexts } from "./_tree.ts";

/** What one case did. */
export interface CaseResult {
  category: Category;
  /** Command runs (in-process `main()` calls). */
  runs: number;
  /** Runs whose exit code, output and properties all held. */
  okRuns: number;
  /** Report command runs among `runs`. */
  reports: number;
  /** Notebook views among `runs`. */
  views: number;
  /** One line per broken property (empty: the case passed). */
  failures: string[];
  /** Why the case did not run, when it did not. */
  skipped?: string;
}

/** Options of {@linkcode runCase}. */
export interface RunCaseOptions {
  /** Check threads on every n-th case (0: never). @default {8} */
  threadsEvery?: number;
  /**
   * Run the report command (and the notebook view) on every n-th case whose analysis runs
   * (0: never). Rendering the page and two PNGs is the slowest run of a case. @default {8}
   */
  reportEvery?: number;
}

const SNAPSHOT_BYTES_MAX = 16 * 1024 * 1024;

interface FileState {
  size: number;
  mtime: number | undefined;
  bytes?: Uint8Array;
}

async function snapshot(path: string): Promise<FileState> {
  const info = await Deno.stat(path);
  return {
    size: info.size,
    mtime: info.mtime?.getTime(),
    bytes: info.size <= SNAPSHOT_BYTES_MAX ? await Deno.readFile(path) : undefined,
  };
}

function sameBytes(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Runs case `index` of `seed`.
 *
 * @param seed The run's seed.
 * @param index The case number (it picks the category, round robin, and the PRNG stream).
 * @param options How often threads are checked.
 * @returns What happened.
 */
export async function runCase(
  seed: number,
  index: number,
  options: RunCaseOptions = {},
): Promise<CaseResult> {
  const { threadsEvery = 8, reportEvery = 8 } = options;
  const category = CATEGORIES[index % CATEGORIES.length];
  const prng = new Pcg32(seed, index);
  // The cases that check threads take whole files, so that some hold compactions and the
  // analysis runs to its end (slices of 40 lines have none: the analysis stops at exit 1).
  const threads = threadsEvery > 0 && index % threadsEvery === 0;
  const report = reportEvery > 0 && index % reportEvery === 0;
  const setup = buildCase(category, prng, baseSlice(prng, threads || report ? 100_000 : 40));
  const result: CaseResult = {
    category,
    runs: 0,
    okRuns: 0,
    reports: 0,
    views: 0,
    failures: [],
  };
  if (setup.skipped !== undefined) return { ...result, skipped: setup.skipped };
  const exits = setup.exits ?? USUAL_EXITS;
  const dir = await Deno.makeTempDir({ prefix: "fuzz-" });
  const out = await Deno.makeTempDir({ prefix: "fuzz-out-" });
  const fail = (what: string) => result.failures.push(`case ${index} (${category}): ${what}`);
  try {
    for (const file of setup.files) {
      const full = `${dir}/${file.path}`;
      await Deno.mkdir(full.slice(0, full.lastIndexOf("/")), { recursive: true });
      await Deno.writeFile(full, file.bytes);
    }
    await setup.extras?.(dir);
    const inputs = [...setup.files.map((f) => f.path), ...(setup.knownCounts?.keys() ?? [])];
    const before = new Map<string, FileState>();
    if (category !== "permissions") {
      for (const path of inputs) before.set(path, await snapshot(`${dir}/${path}`));
    }
    const treeBefore = await listTree(dir);
    const named = (setup.named ?? []).map((p) => `${dir}/${p}`);
    const corpusPaths = [`${dir}/projects`, ...named];
    const measurePaths = [
      ...new Set(inputs.map((p) => `${dir}/${p.slice(0, p.lastIndexOf("/"))}`)),
      ...named,
    ];

    /** One in-process run: exit code allowed, no escaped error, no marker in what it wrote. */
    const run = async (
      label: string,
      allowed: readonly number[],
      go: () => Promise<{ code: number; stdout: string }>,
      extraOutput?: () => Promise<string>,
    ): Promise<{ code: number; stdout: string } | undefined> => {
      result.runs++;
      const failuresBefore = result.failures.length;
      let outcome;
      try {
        outcome = await go();
      } catch (error) {
        fail(`${label}: uncaught ${(error as Error)?.name}: ${(error as Error)?.message}`);
        return undefined;
      }
      if (!allowed.includes(outcome.code)) {
        fail(`${label}: exit ${outcome.code}, allowed ${allowed.join("/")}`);
      }
      if (outcome.stdout.includes(MARKER)) fail(`${label}: a planted marker reached stdout`);
      const extra = extraOutput === undefined ? "" : await extraOutput();
      if (extra.includes(MARKER)) fail(`${label}: a planted marker reached a written file`);
      if (result.failures.length === failuresBefore) result.okRuns++;
      return outcome;
    };
    const corpusRun = (args: string[]) => runMain(corpusMain, [...args, ...corpusPaths]);
    const measureRun = async (args: string[]) => {
      const chunks: string[] = [];
      const code = await measureMain([...args, "--min-turns", "1", "--", ...measurePaths], {
        stdout: (t) => void chunks.push(t),
        stderr: () => {},
      });
      return { code, stdout: chunks.join("") };
    };

    // The rework estimate reads every tool input's target (kept as keyed hashes): none of it may
    // reach the estimate, nor an error's message.
    await run("rework estimate", [0, 1], async () => {
      try {
        const corpus = await readCorpus(corpusPaths, { fetchTargets: true });
        return { code: 0, stdout: JSON.stringify(estimateRework(corpus, { windowRequests: 3 })) };
      } catch {
        return { code: 1, stdout: "" }; // an unreadable case: the commands' runs check its errors
      }
    });
    const json1 = await run("corpus --json", exits.corpus, () => corpusRun(["--json"]));
    const json2 = await run("corpus --json (again)", exits.corpus, () => corpusRun(["--json"]));
    if (json1 && json2 && (json1.stdout !== json2.stdout || json1.code !== json2.code)) {
      fail("corpus --json: two runs on the same input differ");
    }
    const csv = `${out}/requests.csv`;
    await run(
      "corpus --requests",
      exits.corpus,
      () => corpusRun(["--requests", csv]),
      async () => {
        try {
          return await Deno.readTextFile(csv);
        } catch {
          return "";
        }
      },
    );
    // Half the cases (and every threads case) give the model inputs by flag, so that the
    // analysis runs to its end on any sample with requests; the others fit them, or stop.
    const givenInputs = threads || report || index % 2 === 0;
    const given = givenInputs
      ? ["--a", "9e-5", "--v", "80", "--summary-tokens", "8000", "--post-prefix", "58000"]
        .concat(["--beta", "0.99", "--c-post", "0.3"])
      : [];
    const analysisFlags = ["--workloads", "3", "--trigger-step", "40000", ...given];
    const analyzeArgs = ["--json", ...analysisFlags];
    const analyzed = await run(
      "analyze --json",
      exits.analyze,
      () => runMain(analyzeMain, [...analyzeArgs, ...corpusPaths]),
    );
    if (analyzed?.code === 0 && threads) {
      const threaded = await run(
        "analyze --json --threads 2",
        [0],
        () => runMain(analyzeMain, [...analyzeArgs, "--threads", "2", ...corpusPaths]),
      );
      if (threaded && threaded.stdout !== analyzed.stdout) {
        fail("analyze --json: 2 replay threads give other JSON than 1");
      }
    }
    if (analyzed?.code === 0 && report) {
      // The report's --out is a fresh folder outside the case: it must never be an input.
      const reportOut = `${out}/report`;
      const written = new Map<string, string>();
      result.reports++;
      await run(
        "report",
        [0],
        () => runMain(reportMain, [...analysisFlags, "--out", reportOut, ...corpusPaths]),
        async () => {
          for (const [name, text] of await readTreeTexts(reportOut).catch(() => new Map())) {
            written.set(name, text);
            if (text.includes(MARKER)) fail(`report: a planted marker reached ${name}`);
          }
          return "";
        },
      );
      const names = [...written.keys()];
      const unknown = names.filter((n) => !(REPORT_FILES as readonly string[]).includes(n));
      if (unknown.length > 0) fail(`report: wrote undocumented files ${unknown.join(", ")}`);
      for (const name of ["report.html", "analysis.json", "read-cost.json", "figure.svg"]) {
        if (!written.has(name)) fail(`report: exit 0 without ${name}`);
      }
    }
    if (
      exits.corpus.includes(0) && exits.measure.includes(0) &&
      (category === "markers" || (report && analyzed?.code === 0))
    ) {
      result.views++;
      await run("notebook view", [0], async () => {
        const analysis = {
          workloads: 3,
          triggerStep: 40000,
          ...(givenInputs
            ? { a: 9e-5, v: 80, summaryTokens: 8000, postPrefix: 58000, beta: 0.99, cPost: 0.3 }
            : {}),
        };
        return { code: 0, stdout: await notebookViewJson(corpusPaths, analysis) };
      });
    }
    await run("measure --json", exits.measure, () => measureRun(["--json"]));
    await run("measure (text)", exits.measure, () => measureRun([]));

    // Line accounting and read-cost's counts, where the paths are all readable.
    if (exits.corpus.includes(0)) {
      const expected = new Map<string, LineCounts>();
      for (const file of setup.files) {
        expected.set(file.path, referenceLineCounts(file.bytes, MAX_LINE_BYTES));
      }
      for (const [path, [records, malformed, blank, oversized]] of setup.knownCounts ?? []) {
        expected.set(path, {
          lines: records + malformed + blank + oversized,
          records,
          malformed,
          blank,
          oversized,
        });
      }
      const want = { lines: 0, records: 0, malformed: 0, blank: 0, oversized: 0 };
      for (const c of expected.values()) {
        for (const key of Object.keys(want) as (keyof LineCounts)[]) want[key] += c[key];
      }
      result.runs++;
      const failuresBefore = result.failures.length;
      try {
        const corpus = await readCorpus([`${dir}/projects`], { workers: 1 });
        const d = corpus.diagnostics;
        const records = Object.values(d.recordTypes).reduce((a, b) => a + b, 0);
        const got = {
          lines: records + d.malformedLines + d.blankLines + d.oversizedLines,
          records,
          malformed: d.malformedLines,
          blank: d.blankLines,
          oversized: d.oversizedLines,
        };
        if (JSON.stringify(got) !== JSON.stringify(want)) {
          fail(`reader line accounting ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
        }
        if (corpus.files !== expected.size) {
          fail(`reader read ${corpus.files} files, expected ${expected.size}`);
        }
        if (threads) {
          const threaded = await readCorpus([`${dir}/projects`], { workers: 2 });
          if (
            JSON.stringify(summarizeCorpus(threaded)) !== JSON.stringify(summarizeCorpus(corpus))
          ) fail("reader: 2 threads give other JSON than 1");
        }
        if (exits.measure.includes(0)) {
          const measured = await measureReadCost(measurePaths, { minTurns: 1, workers: 1 });
          const md = measured.report.diagnostics;
          if (
            md.skippedMalformedLines !== want.malformed ||
            md.skippedOversizedLines !== want.oversized
          ) {
            fail(
              `read-cost counted ${md.skippedMalformedLines} malformed and ` +
                `${md.skippedOversizedLines} oversized lines, expected ${want.malformed} and ` +
                `${want.oversized}`,
            );
          }
          if (threads) {
            const threadedCost = await measureReadCost(measurePaths, { minTurns: 1, workers: 2 });
            if (JSON.stringify(threadedCost.report) !== JSON.stringify(measured.report)) {
              fail("read-cost: 2 threads give other JSON than 1");
            }
          }
        }
      } catch (error) {
        fail(`reader: uncaught ${(error as Error)?.name}: ${(error as Error)?.message}`);
      }
      if (result.failures.length === failuresBefore) result.okRuns++;
    }

    const treeAfter = await listTree(dir);
    if (treeAfter.join("\n") !== treeBefore.join("\n")) {
      const added = treeAfter.filter((e) => !treeBefore.includes(e));
      const removed = treeBefore.filter((e) => !treeAfter.includes(e));
      fail(
        `the case folder changed: added ${JSON.stringify(added)}, removed ${
          JSON.stringify(removed)
        }`,
      );
    }
    for (const [path, state] of before) {
      const after = await snapshot(`${dir}/${path}`);
      if (after.size !== state.size || after.mtime !== state.mtime) {
        fail(`input ${JSON.stringify(path)} changed size or modification time`);
      } else if (!sameBytes(after.bytes, state.bytes)) {
        fail(`input ${JSON.stringify(path)} changed bytes`);
      }
    }
  } finally {
    if (category === "permissions") {
      for (const file of setup.files) {
        await Deno.chmod(`${dir}/${file.path}`, 0o644).catch(() => {});
      }
    }
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(out, { recursive: true });
  }
  return result;
}

/** One row of the summary table. */
export interface CategorySummary {
  category: Category;
  cases: number;
  runs: number;
  ok: number;
  /** Report command runs. */
  reports: number;
  /** Notebook views. */
  views: number;
  failures: number;
  skipped: number;
}

/**
 * Runs cases `0 … cases − 1` of `seed` and sums them by category.
 *
 * @param cases Number of cases.
 * @param seed The seed.
 * @param options Passed to {@linkcode runCase}.
 * @returns The rows (every category, in order) and every failure line.
 */
export async function runFuzz(
  cases: number,
  seed: number,
  options: RunCaseOptions & {
    onCase?: (done: number) => void;
    /** Only the cases of this category (case numbers keep their place in the cycle). */
    only?: Category;
  } = {},
): Promise<{ rows: CategorySummary[]; failures: string[]; skipReasons: Set<string> }> {
  const rows = new Map<Category, CategorySummary>(
    CATEGORIES.map((category) => [category, {
      category,
      cases: 0,
      runs: 0,
      ok: 0,
      reports: 0,
      views: 0,
      failures: 0,
      skipped: 0,
    }]),
  );
  const failures: string[] = [];
  const skipReasons = new Set<string>();
  const step = options.only === undefined ? 1 : CATEGORIES.length;
  const first = options.only === undefined ? 0 : CATEGORIES.indexOf(options.only);
  for (let n = 0; n < cases; n++) {
    const i = first + n * step;
    const r = await runCase(seed, i, options);
    const row = rows.get(r.category)!;
    row.cases++;
    if (r.skipped !== undefined) {
      row.skipped++;
      skipReasons.add(`${r.category}: ${r.skipped}`);
    }
    row.runs += r.runs;
    row.ok += r.okRuns;
    row.reports += r.reports;
    row.views += r.views;
    row.failures += r.failures.length;
    failures.push(...r.failures);
    options.onCase?.(n + 1);
  }
  return { rows: [...rows.values()], failures, skipReasons };
}

/**
 * The summary as a plain-text table: categories × cases, runs, ok runs, report runs, notebook
 * views (both counted in runs), failures, skipped.
 *
 * @param rows The rows of {@linkcode runFuzz}.
 * @returns The table, one line per category and a total.
 */
export function formatFuzzTable(rows: readonly CategorySummary[]): string {
  const total = rows.reduce(
    (t, r) => ({
      ...t,
      cases: t.cases + r.cases,
      runs: t.runs + r.runs,
      ok: t.ok + r.ok,
      reports: t.reports + r.reports,
      views: t.views + r.views,
      failures: t.failures + r.failures,
      skipped: t.skipped + r.skipped,
    }),
    { category: "total", cases: 0, runs: 0, ok: 0, reports: 0, views: 0, failures: 0, skipped: 0 },
  );
  const header = ["category", "cases", "runs", "ok", "report", "notebook", "failures", "skipped"];
  const body = [...rows, total].map((r) => [
    r.category,
    String(r.cases),
    String(r.runs),
    String(r.ok),
    String(r.reports),
    String(r.views),
    String(r.failures),
    String(r.skipped),
  ]);
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((row) => row[c].length)));
  const line = (cells: string[]) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c])))
      .join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}
