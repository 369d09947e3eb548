/**
 * Random ids in the shapes Claude Code writes: message, request, tool-use and agent ids.
 *
 * @module
 */

import type { Era } from "../eras.ts";
import { Prng } from "../prng.ts";

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
/** Alphabet of base64 payloads (images, signatures). */
export const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** A message id `msg_01…` (base58). */
export function newMessageId(g: Prng): string {
  return "msg_01" + g.chars(22, BASE58);
}

/** A request id `req_011C…` (base58). */
export function newRequestId(g: Prng): string {
  return "req_011C" + g.chars(20, BASE58);
}

/** A tool-use id `toolu_01…` (base58). */
export function newToolUseId(g: Prng): string {
  return "toolu_01" + g.chars(22, BASE58);
}

/** A sub-agent id: `a` and the hex digits of the era. */
export function newAgentId(g: Prng, era: Era): string {
  return "a" + g.hex(era.agentIdDigits || 16);
}
