/**
 * The command line that runs `argv` meeting file permission bits, also as root: root reads a file
 * of mode 000, so as root the command is started by util-linux `setpriv` without the two
 * capabilities that let it (`CAP_DAC_OVERRIDE`, `CAP_DAC_READ_SEARCH`); any other user runs it as
 * given. For the tests of unreadable inputs, which CI runs as root.
 *
 * @module
 */

/** The `setpriv` arguments that drop the capabilities bypassing permission bits. */
const DROP = ["--bounding-set", "-dac_override,-dac_read_search", "--"];

/**
 * `argv` as a process that meets permission bits.
 *
 * @param argv The command and its arguments.
 * @param root Whether this process is root. @default {Deno.uid() === 0}
 * @returns The command and its arguments to start instead.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { meetingPermissionBits } from "./_unprivileged.ts";
 * assert.deepEqual(meetingPermissionBits(["cat", "f"], false), ["cat", "f"]);
 * assert.deepEqual(meetingPermissionBits(["cat", "f"], true), [
 *   "setpriv", "--bounding-set", "-dac_override,-dac_read_search", "--", "cat", "f",
 * ]);
 * ```
 */
export function meetingPermissionBits(argv: string[], root = Deno.uid() === 0): string[] {
  return root ? ["setpriv", ...DROP, ...argv] : argv;
}
