/**
 * Which names read from transcripts may be echoed into an output. Record types, `system`
 * subtypes and model names come from the files; echoed verbatim, any string a file holds (a
 * marker, markup, a control character, a path) would reach the text, JSON and HTML outputs. So
 * a name is echoed only when it looks like an identifier, and counted under {@linkcode OTHER_NAME}
 * otherwise.
 *
 * The rule: 1 to 128 characters from `A–Z a–z 0–9 . _ : @ / + -` (so `claude-opus-4-5-20251101`,
 * `system:compact_boundary`, Bedrock's `us.anthropic.claude-3-7-sonnet-20250219-v1:0` and
 * Vertex's `claude-sonnet-4@20250514` pass), not a property name of `Object.prototype`
 * (`__proto__`, `constructor`, … would corrupt a count kept in a plain object); plus the known
 * names `<synthetic>` (Claude Code's model of its own error messages) and `(none)` (the reader's
 * name for a record without a type).
 *
 * @module
 */

/** The name under which every name that may not be echoed is counted. */
export const OTHER_NAME = "other";

const IDENTIFIER = /^[A-Za-z0-9._:@\/+-]{1,128}$/;
const KNOWN = new Set(["<synthetic>", "(none)"]);

// Names repeat on every line: remembered, up to a bound (a hostile file may hold many).
const cache = new Map<string, string>();
const CACHE_LIMIT = 4096;

/**
 * `name` when it may be echoed (see the module documentation), else {@linkcode OTHER_NAME}.
 *
 * @param name A record type, subtype or model name from a transcript.
 * @returns The name to show and count under.
 *
 * @example
 * ```ts
 * import { echoName } from "./echo_name.ts";
 * import assert from "node:assert/strict";
 * assert.equal(echoName("claude-opus-4-5-20251101"), "claude-opus-4-5-20251101");
 * assert.equal(echoName("<b>hi</b>"), "other");
 * ```
 */
export function echoName(name: string): string {
  const known = cache.get(name);
  if (known !== undefined) return known;
  const echoed = KNOWN.has(name) || (IDENTIFIER.test(name) && !(name in Object.prototype))
    ? name
    : OTHER_NAME;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(name, echoed);
  return echoed;
}
