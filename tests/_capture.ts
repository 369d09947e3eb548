/**
 * Runs a command-line tool's `main(args)` in-process and captures what it writes to the console:
 * `console.log` lines and `writeStdout` text (lib/io/stdout.ts) as stdout, `console.error` lines as stderr. The console is restored
 * afterwards, also when `main` throws.
 *
 * @module
 */

import { replaceStdout } from "../lib/io/stdout.ts";

/** What {@linkcode runMain} saw: the exit code and the console lines joined by newlines. */
export interface CapturedRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs `main(args)` with `console.log` and `console.error` captured.
 *
 * @param main A CLI's exported `main(args): Promise<number>`.
 * @param args The command-line arguments.
 * @returns The exit code and the captured stdout and stderr text.
 *
 * @example A tool that prints and fails
 * ```ts
 * import assert from "node:assert/strict";
 * import { runMain } from "./_capture.ts";
 *
 * const run = await runMain((args) => {
 *   console.log("data", args.length);
 *   console.error("oops");
 *   return Promise.resolve(2);
 * }, ["a", "b"]);
 * assert.deepEqual(run, { code: 2, stdout: "data 2", stderr: "oops" });
 * ```
 */
export async function runMain(
  main: (args: string[]) => Promise<number>,
  args: string[],
): Promise<CapturedRun> {
  const out: string[] = [];
  const err: string[] = [];
  const log = console.log;
  const error = console.error;
  console.log = (...a: unknown[]) => out.push(a.join(" "));
  console.error = (...a: unknown[]) => err.push(a.join(" "));
  // Text written with writeStdout ends in its own newline; the lines are joined with one.
  const sink = replaceStdout((text) =>
    void out.push(text.endsWith("\n") ? text.slice(0, -1) : text)
  );
  try {
    const code = await main(args);
    return { code, stdout: out.join("\n"), stderr: err.join("\n") };
  } finally {
    console.log = log;
    console.error = error;
    replaceStdout(sink);
  }
}
