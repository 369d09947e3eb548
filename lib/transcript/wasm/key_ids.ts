/**
 * The keys the readers dispatch on, and the ids the WebAssembly scan gives them: a key's id is
 * its position here plus one; any other key is 0. `deno task build-wasm` generates the scan's
 * `key_id` function from this list, so the two cannot drift apart (a test checks the build).
 *
 * The scan compares keys as written: a key spelled with escapes gets 0 there, and the scan
 * flags it (`escapedKey` in ../_wasm_scanner.ts), so the reader reads that object in JavaScript,
 * decoding keys as `JSON.parse` does (../key_id_of.ts).
 *
 * @module
 */

/** Record, message and usage keys, in id order. Append only: ids are positions. */
export const KEY_IDS = [
  "type",
  "uuid",
  "subtype",
  "agentId",
  "timestamp",
  "requestId",
  "parentUuid",
  "isSidechain",
  "compactMetadata",
  "isCompactSummary",
  "logicalParentUuid",
  "isApiErrorMessage",
  "message",
  "id",
  "model",
  "usage",
  "content",
  "input_tokens",
  "output_tokens",
  "cache_creation",
  "cache_read_input_tokens",
  "cache_creation_input_tokens",
  "ephemeral_5m_input_tokens",
  "ephemeral_1h_input_tokens",
  "iterations",
] as const;

/** A key of {@linkcode KEY_IDS}. */
export type KnownKey = (typeof KEY_IDS)[number];

/** Id of each known key (its position in {@linkcode KEY_IDS} plus one). */
export const KEY: Record<KnownKey, number> = Object.fromEntries(
  KEY_IDS.map((key, i) => [key, i + 1]),
) as Record<KnownKey, number>;
