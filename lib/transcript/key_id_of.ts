/**
 * The key id (./wasm/key_ids.ts) of a raw JSON key read in JavaScript, with escapes decoded as
 * `JSON.parse` decodes them, so `"\u0074ype"` is `type` for the corpus reader and the read-cost
 * measurement alike (docs/transcript-format.md). The WebAssembly scan names only keys written
 * without escapes, and flags the others (`escapedKey` in ./_wasm_scanner.ts) so that their
 * object is read here instead.
 *
 * @module
 */

import { keyIs, sliceValue } from "./_json_scan.ts";
import { KEY_IDS } from "./wasm/key_ids.ts";

const BACKSLASH = 0x5c;

/**
 * The id of the key whose raw bytes (between its quotes) are `line[ks, ke)`: its position in
 * `KEY_IDS` plus one, 0 for any other key.
 *
 * @param line Bytes holding a valid JSON key.
 * @param ks Position after the key's opening quote.
 * @param ke Position of its closing quote.
 * @returns The key id, 0 when the key is not a known one.
 *
 * @example
 * ```ts
 * import { keyIdOf } from "./key_id_of.ts";
 * import { KEY } from "./wasm/key_ids.ts";
 * import assert from "node:assert/strict";
 * const line = new TextEncoder().encode('"type" "\\u0074ype" "other"');
 * assert.equal(keyIdOf(line, 1, 5), KEY.type);
 * assert.equal(keyIdOf(line, 8, 18), KEY.type);
 * assert.equal(keyIdOf(line, 21, 26), 0);
 * ```
 */
export function keyIdOf(line: Uint8Array, ks: number, ke: number): number {
  for (let i = ks; i < ke; i++) {
    if (line[i] === BACKSLASH) {
      const name = sliceValue(line, ks - 1, ke + 1) as string;
      return (KEY_IDS as readonly string[]).indexOf(name) + 1;
    }
  }
  for (let i = 0; i < KEY_IDS.length; i++) {
    if (keyIs(line, ks, ke, KEY_IDS[i])) return i + 1;
  }
  return 0;
}
