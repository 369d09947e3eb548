/**
 * `deno task export [PATH...] --out DIR`: one contributor's private request tables, for a pool
 * (docs/pool.md).
 *
 * @module
 */

import { countText } from "../lib/io/count_text.ts";
import { formatNumber } from "../lib/report/format_number.ts";
import { callerPath } from "../lib/transcript/default_roots.ts";
import { exportCorpus } from "../lib/pool/export_corpus.ts";
import { defaultSecretPath, loadOrCreateSecret } from "../lib/pool/session_key.ts";
import { writeStdout } from "../lib/io/stdout.ts";
import {
  commandLineOrExit,
  COMMON_HELP,
  EXIT,
  failureExit,
  FILTER_HELP,
  FILTER_OPTIONS,
  progressReporter,
  usageExit,
  VERSION,
} from "./_shared.ts";
import { filterFromValues, filterLine, selectInputOrExit } from "./_input.ts";

const HELP = `Usage: deno task export [OPTIONS] --out DIR [--] [PATH...]

Writes what the trigger analysis needs from your transcripts, and nothing else, into
DIR/contributor=<id>/ (<id> is random per export): requests.parquet (per request: keyed
session, model, time, token counts, work gap), compactions.parquet (per compaction: C, G, R,
beta, times, the compaction call's usage, and its rework windows as counts: requests with a
re-read and re-read tokens in the 30 requests after it and the 30 before) and export.json
(schema and toolkit version, filter, counts). All models are exported. No text, path, cwd, session id, uuid, message id or request
id is written: sessions are keyed by HMAC-SHA-256 with a secret that stays on this machine
(--secret-file), so your re-exports line up and nothing can be matched to other logs. Hand
the folder to whoever pools the exports (deno task analyze --tables DIR); docs/pool.md says
what a pool holder learns and what not. PATH and the default folders as for analyze.

Options:
  --out DIR               Folder to write the contributor's folder into (made if missing).
  --secret-file FILE      The HMAC secret (default: $XDG_CONFIG_HOME/agent-session-cost/
                          pool-secret, else ~/.config/agent-session-cost/pool-secret; made,
                          mode 0600, on first use). Never share it.
  --json                  Print export.json to stdout instead of the summary line.
${FILTER_HELP}
${COMMON_HELP}

Exit codes:
  0  success
  1  no transcript file left, or nothing to export
  2  invalid arguments (also: the contributor folder exists already)
  3  a path does not exist
  4  a file could not be read
  5  the output could not be written`;

/**
 * Runs the command.
 *
 * @param args Command-line arguments.
 * @returns The exit code (see `--help`).
 *
 * @example --out is required
 * ```ts
 * import assert from "node:assert/strict";
 * import { main } from "./export.ts";
 * assert.equal(await main(["some/dir"]), 2);
 * ```
 */
export async function main(args: string[]): Promise<number> {
  const read = commandLineOrExit("export", args, {
    options: {
      out: { type: "string" },
      "secret-file": { type: "string" },
      json: { type: "boolean" },
      ...FILTER_OPTIONS,
    },
    help: HELP,
    check: (line) => filterFromValues(line.values),
  });
  if (typeof read === "number") return read;
  const { line, checked: filter } = read;
  const values = line.values as Record<string, string | boolean | undefined>;
  if (typeof values.out !== "string" || values.out === "") {
    return usageExit("export", new Error("--out DIR is required"));
  }
  const secretPath = typeof values["secret-file"] === "string"
    ? callerPath(values["secret-file"])
    : defaultSecretPath();
  if (secretPath === undefined) {
    return usageExit("export", new Error("no HOME or XDG_CONFIG_HOME: give --secret-file FILE"));
  }
  try {
    const input = await selectInputOrExit("export", line.positionals, filter);
    if (typeof input === "number") return input;
    const { secret, created } = await loadOrCreateSecret(secretPath);
    // Where it is: the same secret keeps this person's session keys across re-exports.
    if (created) {
      console.error(
        `export: made a new secret in ${secretPath} (keep it for the next exports, never share it)`,
      );
    }
    let result;
    try {
      result = await exportCorpus(input.files, {
        out: callerPath(values.out),
        secret,
        toolkitVersion: VERSION,
        filters: input.filters,
        undecodableNames: input.undecodableNames,
        onProgress: progressReporter("export: reading"),
      });
    } catch (error) {
      if (error instanceof RangeError && /exists already/.test(error.message)) {
        console.error(`export: ${error.message}`);
        return EXIT.invalidArguments;
      }
      throw error;
    }
    const m = result.manifest;
    if (values.json) {
      writeStdout(JSON.stringify(m, null, 2) + "\n");
    } else {
      const line = filterLine(input.filters);
      writeStdout(
        (line === "" ? "" : line + "\n") +
          `Exported contributor ${m.contributor}: ${countText(m.counts.sessions, "session")}, ` +
          `${countText(m.counts.requests, "request")}, ` +
          `${countText(m.counts.compactions, "compaction")}, ` +
          `${m.models.length} model${m.models.length === 1 ? "" : "s"} ` +
          `(requests.parquet ${formatNumber(result.sizes.requests)} bytes, compactions.parquet ` +
          `${formatNumber(result.sizes.compactions)} bytes)\n`,
      );
    }
    return m.counts.requests > 0 ? EXIT.ok : EXIT.emptySample;
  } catch (error) {
    return failureExit("export", error);
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
