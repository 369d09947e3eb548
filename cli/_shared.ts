/**
 * What the command-line faces share: exit codes, error reporting, progress on stderr.
 *
 * @module
 */

/** Exit codes of every command, as documented in each `--help` and the README. */
export const EXIT = {
  ok: 0,
  emptySample: 1,
  invalidArguments: 2,
  missingPath: 3,
  unreadable: 4,
} as const;

/**
 * Prints an error to stderr and picks its exit code: a missing path → 3, an unreadable file → 4,
 * anything else (a bad value, a failed fit) → 1 with its message.
 *
 * @param command Name shown before the message.
 * @param error What was thrown.
 * @returns The exit code.
 */
export function failureExit(command: string, error: unknown): number {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${command}: ${message}`);
  if (error instanceof Deno.errors.NotFound) return EXIT.missingPath;
  if (error instanceof Deno.errors.PermissionDenied || error instanceof Deno.errors.IsADirectory) {
    return EXIT.unreadable;
  }
  if (error instanceof Deno.errors.NotCapable) return EXIT.unreadable;
  return EXIT.emptySample;
}

/**
 * A progress callback that rewrites one stderr line, only when stderr is a terminal.
 *
 * @param command Name shown before the figures.
 * @returns A `(done, total, bytes)` callback, or undefined when stderr is not a terminal.
 */
export function progressReporter(
  command: string,
): ((done: number, total: number, bytes: number) => void) | undefined {
  if (!Deno.stderr.isTerminal()) return undefined;
  const encoder = new TextEncoder();
  return (done, total, bytes) => {
    const line = `\r${command}: ${done}/${total} files, ${(bytes / 1e6).toFixed(0)} MB`;
    Deno.stderr.writeSync(encoder.encode(done === total ? `${line}\n` : line));
  };
}
