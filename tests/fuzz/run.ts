/**
 * `deno task fuzz [--cases N] [--seed S]`: a longer run of the fuzz suite of
 * ./fuzz_test.ts, printing a summary table (categories × cases, command runs, ok runs, report
 * runs, notebook views, failures, skipped) and every failure. The report command and the notebook
 * view run on every 8th case (./_harness.ts). Exit 0 when nothing failed, 1 otherwise, 2 for invalid
 * arguments.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { formatFuzzTable, runFuzz } from "./_harness.ts";
import { CATEGORIES, type Category } from "./_mutations.ts";

const HELP = `Usage: deno task fuzz [--cases N] [--seed S] [--category NAME]

Mutates small synthetic corpora (byte flips, truncations, invalid UTF-8, NUL bytes, long lines,
deep nesting, wrong types, escaped keys, permissions, odd file kinds and names, planted
markers), runs corpus, analyze and measure in-process on each (and, on every 8th case whose
analysis runs, the report command and what the notebooks would display), and checks exit
codes, line accounting, privacy (stdout, JSON, CSV, every report file, notebook data), untouched
inputs and determinism. Prints a table per category.

Options:
  --cases N   Number of cases, a positive integer (default: 110).
  --seed S    Seed, an integer in [0, 2^53) (default: 1).
  --category NAME
              Only the cases of one category; N counts those. The categories:
              ${CATEGORIES.slice(0, 6).join(", ")},
              ${CATEGORIES.slice(6).join(", ")}.
  -h, --help  Show this help.

Exit codes:
  0  every check held
  1  a check failed (each failure is listed)
  2  invalid arguments
`;

/**
 * Runs the command.
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
        cases: { type: "string", default: "110" },
        seed: { type: "string", default: "1" },
        category: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    console.error(`fuzz: ${(error as Error).message}\nRun with --help for usage.`);
    return 2;
  }
  if (values.help) {
    console.log(HELP);
    return 0;
  }
  const cases = Number(values.cases);
  const seed = Number(values.seed);
  if (!/^[0-9]+$/.test(values.cases) || !Number.isSafeInteger(cases) || cases < 1) {
    console.error(`fuzz: --cases must be a positive integer, got "${values.cases}"`);
    return 2;
  }
  if (!/^[0-9]+$/.test(values.seed) || !Number.isSafeInteger(seed)) {
    console.error(`fuzz: --seed must be an integer in [0, 2^53), got "${values.seed}"`);
    return 2;
  }
  const only = values.category as Category | undefined;
  if (only !== undefined && !CATEGORIES.includes(only)) {
    console.error(`fuzz: --category must be one of ${CATEGORIES.join(", ")}, got "${only}"`);
    return 2;
  }
  const terminal = Deno.stderr.isTerminal();
  const encoder = new TextEncoder();
  const { rows, failures, skipReasons } = await runFuzz(cases, seed, {
    only,
    onCase: terminal
      ? (done) => Deno.stderr.writeSync(encoder.encode(`\rfuzz: ${done}/${cases} cases`))
      : undefined,
  });
  if (terminal) Deno.stderr.writeSync(encoder.encode("\n"));
  console.log(`fuzz: ${cases} cases, seed ${seed}\n`);
  console.log(formatFuzzTable(rows));
  for (const reason of skipReasons) console.log(`skipped: ${reason}`);
  for (const failure of failures) console.log(`FAIL ${failure}`);
  return failures.length === 0 ? 0 : 1;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
