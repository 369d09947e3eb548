/**
 * `deno task demo`: `report` on the bundled synthetic corpus.
 *
 * Generates the synthetic corpus on first use (reused afterwards while its manifest matches),
 * saying first how big it is and where it goes, then runs `report` on it with the page labelled
 * synthetic. Output folder and messages as `report`.
 *
 * @module
 */

import { ensureCorpus } from "../data-synthetic/ensure_corpus.ts";
import { type ProfileName, PROFILES } from "../data-synthetic/profiles.ts";
import { joinPath } from "../lib/transcript/paths.ts";
import { reportFlagsFromValues, runReport } from "./report.ts";
import {
  ANALYZE_FLAG_OPTIONS,
  ANALYZE_FLAGS_HELP,
  analyzeFlagsFromValues,
} from "./_analyze_flags.ts";
import { commandLineOrExit, COMMON_HELP, EXIT } from "./_shared.ts";

const HELP = `Usage: deno task demo [OPTIONS]

Runs \`deno task report\` on the bundled synthetic corpus: generates it on first use (into
data-synthetic/full/, or .cache/synthetic/<profile>-<seed>/ for other choices; reused while its
manifest matches; the sample profile is the committed data-synthetic/sample/), then writes
OUT/report.html, OUT/figure.png, OUT/figure.svg, OUT/timeline.png, OUT/timeline.svg,
OUT/analysis.json and OUT/read-cost.json.
The full profile is about 700 MB on disk; the demo says so before it generates.

Options:
  --profile NAME   small | sample | full (default: full, the published corpus's size)
  --seed N         generator seed (default: 1)
  --out DIR        output folder, relative to where you run the command (default: out)
  --lang en|zh     language of figure.* and timeline.* (default: en; the page has both)
  --auto-compact-window TOKENS
                   draw the trigger this autoCompactWindow gives on the timeline
The analysis flags of \`deno task analyze\` apply too (but --seed, the generator's here):
${ANALYZE_FLAGS_HELP.split("\n").filter((l) => !l.startsWith("  --seed ")).join("\n")}
${COMMON_HELP}

Exit codes: 0 success, 1 the analysis could not run, 2 invalid arguments, 5 the output could
not be written.
`;

/** Bytes the generator writes per request, as in the full profile's files (for the estimate). */
const BYTES_PER_REQUEST = 15_400;

/**
 * Runs the demo.
 *
 * @param args Command-line arguments.
 * @returns The exit code.
 */
export async function main(args: string[]): Promise<number> {
  // --seed is the generator's here; the analysis' seed is its default.
  const { seed: _analysisSeed, ...analysisOptions } = ANALYZE_FLAG_OPTIONS;
  const read = commandLineOrExit("demo", args, {
    options: {
      profile: { type: "string" },
      seed: { type: "string" },
      out: { type: "string" },
      lang: { type: "string" },
      "auto-compact-window": { type: "string" },
      ...analysisOptions,
    },
    help: HELP,
    check: ({ values }) => ({
      flags: analyzeFlagsFromValues({ ...values, seed: undefined }),
      own: reportFlagsFromValues(values),
    }),
    allowPositionals: false,
  });
  if (typeof read === "number") return read;
  const { line: { values }, checked: { flags, own } } = read;
  const profile = String(values.profile ?? "full") as ProfileName;
  if (!["small", "sample", "full"].includes(profile)) {
    console.error(`demo: --profile must be small, sample or full, got "${values.profile}"`);
    return EXIT.invalidArguments;
  }
  const seedText = String(values.seed ?? "1");
  const seed = Number(seedText);
  if (!/^[0-9]+$/.test(seedText) || !Number.isSafeInteger(seed)) {
    console.error(`demo: --seed must be a non-negative integer, got "${values.seed}"`);
    return EXIT.invalidArguments;
  }
  const root = new URL("..", import.meta.url).pathname;
  const corpusDir = profile === "sample"
    ? joinPath(root, "data-synthetic", "sample")
    : profile === "full" && seed === 1
    ? joinPath(root, "data-synthetic", "full")
    : joinPath(root, ".cache", "synthetic", `${profile}-${seed}`);
  if (profile !== "sample") {
    const megabytes = Math.max(1, Math.round(PROFILES[profile].requests * BYTES_PER_REQUEST / 1e6));
    console.error(
      `demo: synthetic ${profile} corpus (seed ${seed}), about ${megabytes} MB, in ${corpusDir} ` +
        `(generated on first use, reused while its manifest matches)`,
    );
    try {
      const { generated } = await ensureCorpus({ profile, seed, dir: corpusDir });
      console.error(generated ? "demo: generated" : "demo: reused (manifest matches)");
    } catch (error) {
      console.error(`demo: cannot generate the corpus: ${(error as Error).message}`);
      return EXIT.emptySample;
    }
  }
  return await runReport({
    paths: [joinPath(corpusDir, "projects")],
    out: String(values.out ?? "out"),
    synthetic: true,
    readSettings: false,
    command: "demo",
    analysis: flags,
    lang: own.lang,
    autoCompactWindow: own.autoCompactWindow,
  });
}

if (import.meta.main) Deno.exit(await main(Deno.args));
