/**
 * Writes the report page to a file (an edge: writes), with the page script bundled at build time
 * (`page_script.ts`).
 *
 * @module
 */
import { dirname } from "node:path";
import { PAGE_SCRIPT } from "./page_script.ts";
import { renderReport, type RenderReportInput } from "./render_report.ts";

/**
 * What {@linkcode writeReport} writes: everything {@linkcode RenderReportInput} holds but the
 * script, which is the bundled `PAGE_SCRIPT`.
 */
export type WriteReportInput = Omit<RenderReportInput, "script">;

/**
 * Renders the page with the bundled page script and writes it to `path` (creating the folder).
 * Needs `--allow-write` for `path`.
 *
 * @param path Where to write, e.g. `out/report.html`.
 * @param input The report, its sums and pricing inputs (a `TriggerAnalysis` from
 * `analyzeTrigger` fits as it is).
 * @returns The number of bytes written.
 * @throws {Error} When writing fails.
 *
 * @example Analyse a small synthetic corpus and write its page
 * ```ts
 * import assert from "node:assert/strict";
 * import { generateCorpus } from "../../data-synthetic/generate_corpus.ts";
 * import { PROFILES } from "../../data-synthetic/profiles.ts";
 * import { corpusFromText } from "../transcript/mod.ts";
 * import { analyzeTrigger } from "../trigger/mod.ts";
 * import { writeReport } from "./write_report.ts";
 *
 * const corpus = corpusFromText([...generateCorpus(PROFILES.small, 1)]);
 * const analysis = await analyzeTrigger(corpus, {
 *   workloads: 4,
 *   triggerTo: 200_000,
 *   a: 1e-4, // given: the small profile has too few compactions to fit the time model
 *   v: 80,
 * });
 * const dir = await Deno.makeTempDir();
 * const bytes = await writeReport(`${dir}/report.html`, analysis);
 * assert.ok(bytes > 100_000); // the bundled script is most of it
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function writeReport(path: string, input: WriteReportInput): Promise<number> {
  const html = renderReport({ ...input, script: PAGE_SCRIPT });
  const bytes = new TextEncoder().encode(html);
  await Deno.mkdir(dirname(path), { recursive: true });
  await Deno.writeFile(path, bytes);
  return bytes.length;
}
