/**
 * `deno task pool analyze|report --tables DIR [OPTIONS]`: the analyze or report command on a
 * pool of exports. Its own task because it starts the pool's DuckDB reader (pool/read_tables.ts,
 * with its own Deno config) as a child process, which the analyze and report tasks do not allow
 * (docs/pool.md).
 *
 * @module
 */
import { main as analyzeMain } from "./analyze.ts";
import { main as reportMain } from "./report.ts";
import { EXIT } from "./_shared.ts";

const HELP = `Usage: deno task pool analyze --tables DIR [OPTIONS]
       deno task pool report --tables DIR [--out OUT] [OPTIONS]

Runs analyze, or report, on a pool of exports (deno task export) under DIR: DuckDB reads every
contributor=<id>/ folder, applies --since, --until, --model and --contributor as SQL, and the
analysis runs on the pooled tables. The answer names the setting for everyone
(managed-settings.json) and for one user, with the contributors, sessions and compactions behind
it. report writes the page, figures, timeline and analysis.json as deno task report does, without
the read-cost measurement (it needs the tool results' texts; the page says so). Options: those of
deno task analyze --help and deno task report --help. DuckDB is installed once with
deno task pool-install (about 140 MB into pool/node_modules); nothing else installs it.`;

/**
 * Runs the command.
 *
 * @param args `analyze` or `report`, and its arguments.
 * @returns The exit code.
 *
 * @example Without a subcommand: usage (exit 2)
 * ```ts
 * import assert from "node:assert/strict";
 * import { main } from "./pool.ts";
 * assert.equal(await main([]), 2);
 * ```
 */
export async function main(args: string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command === "--help" || command === "-h") {
    console.log(HELP);
    return EXIT.ok;
  }
  if (command !== "analyze" && command !== "report") {
    console.error(`pool: give the command first: analyze or report\n${HELP}`);
    return EXIT.invalidArguments;
  }
  if (!rest.some((a) => a === "--tables" || a.startsWith("--tables=") || a === "--help")) {
    console.error("pool: --tables DIR is required");
    return EXIT.invalidArguments;
  }
  return command === "report" ? await reportMain(rest) : await analyzeMain(rest);
}

if (import.meta.main) Deno.exit(await main(Deno.args));
