/**
 * `deno task demo`: the main job on the bundled synthetic corpus.
 *
 * Generates the synthetic corpus on first use (reused afterwards while its manifest matches),
 * reads it, runs the trigger analysis and the read-cost measurement, and writes
 * `out/analysis.json`, `out/read-cost.json`, `out/figure.svg`, `out/figure.png` and
 * `out/report.html`. A text summary goes to stdout; progress to stderr when it is a terminal.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { join } from "node:path";
import { ensureCorpus } from "../data-synthetic/ensure_corpus.ts";
import type { ProfileName } from "../data-synthetic/profiles.ts";
import { svgToPng, triggerFigure } from "../lib/charts/mod.ts";
import { measureReadCost } from "../lib/readcost/measure_paths.ts";
import { formatReadCostText } from "../lib/readcost/format_text.ts";
import { writeReport } from "../lib/report/write_report.ts";
import { analyzeTrigger } from "../lib/trigger/analyze.ts";
import { readCorpus } from "../lib/transcript/mod.ts";
import { formatReport } from "./analyze.ts";
import { EXIT, failureExit, progressReporter } from "./_shared.ts";

const HELP = `Usage: deno task demo [OPTIONS]

Runs the whole toolkit on the bundled synthetic corpus: generates it on first use (into
data-synthetic/full/, or .cache/synthetic/<profile>-<seed>/ for other choices; reused while its
manifest matches; the sample profile is the committed data-synthetic/sample/), then writes
  OUT/analysis.json   the trigger analysis (analysis-spec section 5)
  OUT/read-cost.json  the read-cost measurement (schemaVersion 1)
  OUT/figure.svg, OUT/figure.png   the published chart
  OUT/report.html     a self-contained page with sliders for v, alpha and rho

Options:
  --profile NAME   small | sample | full (default: full, the published corpus's size)
  --seed N         generator seed (default: 1)
  --out DIR        output folder (default: out)
  -h, --help       show this help

Exit codes: 0 success, 1 the analysis could not run, 2 invalid arguments.
`;

function stage(message: string): void {
  if (Deno.stderr.isTerminal()) console.error(message);
}

/**
 * Runs the demo.
 *
 * @param args Command-line arguments.
 * @returns The exit code.
 */
export async function main(args: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      options: {
        profile: { type: "string", default: "full" },
        seed: { type: "string", default: "1" },
        out: { type: "string", default: "out" },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    console.error(`demo: ${(error as Error).message}`);
    return EXIT.invalidArguments;
  }
  if (values.help) {
    console.log(HELP);
    return EXIT.ok;
  }
  const profile = values.profile as ProfileName;
  if (!["small", "sample", "full"].includes(profile)) {
    console.error(`demo: --profile must be small, sample or full, got "${values.profile}"`);
    return EXIT.invalidArguments;
  }
  const seed = Number(values.seed);
  if (!Number.isInteger(seed) || seed < 0) {
    console.error(`demo: --seed must be a non-negative integer, got "${values.seed}"`);
    return EXIT.invalidArguments;
  }
  const out = values.out;
  try {
    const root = new URL("..", import.meta.url).pathname;
    const corpusDir = profile === "sample"
      ? join(root, "data-synthetic", "sample")
      : profile === "full" && seed === 1
      ? join(root, "data-synthetic", "full")
      : join(root, ".cache", "synthetic", `${profile}-${seed}`);
    if (profile !== "sample") {
      stage(`demo: synthetic ${profile} corpus (seed ${seed}) in ${corpusDir}`);
      const { generated } = await ensureCorpus({ profile, seed, dir: corpusDir });
      stage(generated ? "demo: generated" : "demo: reused (manifest matches)");
    }
    const projects = join(corpusDir, "projects");
    const corpus = await readCorpus([projects], { onProgress: progressReporter("demo: reading") });
    stage("demo: fitting, resampling and replaying");
    const analysis = await analyzeTrigger(corpus);
    const report = analysis.report;
    await Deno.mkdir(out, { recursive: true });
    await Deno.writeTextFile(join(out, "analysis.json"), JSON.stringify(report, null, 2) + "\n");

    const svg = triggerFigure(report.replay, {
      observedTrigger: report.corpus.observedTrigger ?? undefined,
      optimumTrigger: report.steadyState.replayArgminTokens ?? undefined,
      steadyStateTrigger: report.steadyState.tStarTokens ?? undefined,
      modelName: report.corpus.model,
    });
    await Deno.writeTextFile(join(out, "figure.svg"), svg);
    await Deno.writeFile(join(out, "figure.png"), await svgToPng(svg));
    stage("demo: writing the report page");
    await writeReport(join(out, "report.html"), analysis);

    stage("demo: read-cost measurement");
    // The read-cost rule is shallow (the seed's): name each project folder, as a user would.
    const projectDirs: string[] = [];
    for await (const entry of Deno.readDir(projects)) {
      if (entry.isDirectory) projectDirs.push(join(projects, entry.name));
    }
    const readCost = await measureReadCost(projectDirs.sort());
    await Deno.writeTextFile(
      join(out, "read-cost.json"),
      JSON.stringify(readCost.report, null, 2) + "\n",
    );

    console.log(formatReport(report));
    console.log(formatReadCostText(readCost.report));
    console.log(
      `Wrote ${
        ["analysis.json", "read-cost.json", "figure.svg", "figure.png", "report.html"].map((f) =>
          join(out, f)
        ).join(", ")
      }`,
    );
    return EXIT.ok;
  } catch (error) {
    return failureExit("demo", error);
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
