/**
 * Bundles the report page's script for the browser (an edge: runs `deno bundle`). Used at build
 * time by `build_page_script.ts`, which commits the result as `page_script.ts`; the commands
 * embed that and never run this.
 *
 * @module
 */
import { fileURLToPath } from "node:url";

/** Options of {@linkcode bundleScript}. */
export interface BundleScriptOptions {
  /** Entry module. @default {the page script, `lib/report/page_main.ts`} */
  entry?: string;
  /** `deno.json` whose import map resolves the npm packages. @default {the repository's} */
  config?: string;
  /** Minify the output. @default {true} */
  minify?: boolean;
}

/** The page script and the repository's `deno.json`, as file paths. */
export const DEFAULT_BUNDLE_PATHS: Readonly<{ entry: string; config: string }> = Object.freeze({
  entry: fileURLToPath(new URL("./page_main.ts", import.meta.url)),
  config: fileURLToPath(new URL("../../deno.json", import.meta.url)),
});

/**
 * Runs `deno bundle --platform browser` (minified) on the page script with the running Deno
 * binary and returns the JavaScript it prints. Needs `--allow-run` and `--allow-read`; works
 * offline once the npm packages are in the local cache.
 *
 * @param options Entry, config and minification.
 * @returns The bundled script, an ES module with no imports.
 * @throws {Error} When `deno bundle` fails; the message carries its stderr.
 *
 * @example Bundle the page script
 * ```ts
 * import assert from "node:assert/strict";
 * import { bundleScript } from "./bundle_script.ts";
 *
 * const js = await bundleScript();
 * assert.ok(js.includes("report-data")); // reads the page's embedded data
 * ```
 */
export async function bundleScript(options: BundleScriptOptions = {}): Promise<string> {
  const {
    entry = DEFAULT_BUNDLE_PATHS.entry,
    config = DEFAULT_BUNDLE_PATHS.config,
    minify = true,
  } = options;
  // Without -o, deno bundle prints the bundle: no temporary file, so no write permission.
  const args = ["bundle", "--quiet", "--platform", "browser", "--config", config];
  if (minify) args.splice(1, 0, "--minify");
  const result = await new Deno.Command(Deno.execPath(), {
    args: [...args, entry],
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  if (!result.success) {
    const stderr = new TextDecoder().decode(result.stderr).trim();
    throw new Error(
      `Cannot bundle the report script ${entry}: deno bundle exited with ` +
        `code ${result.code}: ${stderr}`,
    );
  }
  return new TextDecoder().decode(result.stdout);
}
