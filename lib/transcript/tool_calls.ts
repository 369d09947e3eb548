/**
 * Tool calls paired with their results, read from a record's bytes (docs/transcript-format.md,
 * Tool calls).
 *
 * An assistant record's `message.content` may hold `tool_use` blocks (`id`, `name`, `input`);
 * a user record's `message.content` array may hold `tool_result` blocks (`tool_use_id`,
 * `content`, `is_error`). This module keeps only what the read-cost rules need, never the text:
 *
 * - from a tool use: its id and name, whether a Read's `offset`, `limit` or `pages` is set
 *   (present with a value other than `null`), and `input.command` when it is a string (Bash,
 *   BashOutput, or any other tool that has one);
 * - from a tool result: its `tool_use_id`, the text length in UTF-16 code units (JavaScript
 *   string length: a string `content`, or the `text` of every `{type:"text"}` block of an array
 *   `content` summed), the number of text, image and other (non-text, non-image) blocks, and
 *   whether `is_error` is exactly `true`.
 *
 * Pairing is by id, in file order: a result pairs with the latest tool use of the same id fed
 * *before* it; a result with no such use is unpaired (`use` is `undefined`). Several results for
 * one id each pair with it. Uses and results are read straight from the line's bytes
 * ({@linkcode toolUsesFromBytes}, {@linkcode toolResultsFromBytes}: the answers `JSON.parse` of the
 * record would give, without decoding or parsing the text), by the transcript reader
 * (./parse_file.ts) for both of its paths; the caller decides which records to skip (for example
 * repeated uuids). The tests keep a `JSON.parse`-based reference of the same rules.
 *
 * @module
 */

import {
  forEachMember,
  keyIs,
  type MemberWalker,
  parseSlice,
  skipSpace,
  skipValue,
  sliceValue,
} from "./_json_scan.ts";
import { utf8Units } from "./_utf8_units.ts";
import { inScanMemory, lastUnitsEnd, scanStringUnits, wasmStringUnits } from "./_wasm_scanner.ts";

/** A `tool_use` block, reduced to the fields the read-cost rules need. */
export interface ToolUse {
  /** `tool_use.id`. */
  id: string;
  /** `tool_use.name`, exactly as written (aliases are not normalised). */
  name: string;
  /** `input.offset` is present and not `null`. */
  hasOffset: boolean;
  /** `input.limit` is present and not `null`. */
  hasLimit: boolean;
  /** `input.pages` is present and not `null`. */
  hasPages: boolean;
  /** `input.command` when it is a string, else `undefined`. */
  command: string | undefined;
}

/** A `tool_result` block, reduced to sizes and flags. */
export interface ToolResult {
  /** `tool_use_id` when it is a non-empty string, else `undefined`. */
  toolUseId: string | undefined;
  /** Text length in UTF-16 code units, text blocks summed. */
  textChars: number;
  /** Text blocks (a string `content` counts as one). */
  textBlocks: number;
  /** `{type:"image"}` blocks. */
  imageBlocks: number;
  /** Other blocks that are not text (documents, tool references, anything unknown). */
  otherBlocks: number;
  /** `is_error === true`. */
  isError: boolean;
}

/**
 * The one-shot size of a tool result, tokens: `ceil(textChars / 4)`, its text's UTF-16 length
 * with the text blocks summed before rounding (image and other blocks add nothing). The one
 * sizing rule of the read-cost measurement and of the rework estimate.
 *
 * @param result The result's text length.
 * @returns Tokens.
 *
 * @example
 * ```ts
 * import { oneShotTokens } from "./tool_calls.ts";
 * import assert from "node:assert/strict";
 * assert.equal(oneShotTokens({ textChars: 10 }), 3);
 * assert.equal(oneShotTokens({ textChars: 0 }), 0);
 * ```
 */
export function oneShotTokens(result: Pick<ToolResult, "textChars">): number {
  return Math.ceil(result.textChars / 4);
}

/** A tool result and the tool use it answers (`undefined` when none preceded it). */
export interface ToolCall {
  use: ToolUse | undefined;
  result: ToolResult;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;

/**
 * The text of the JSON string whose contents (inside the quotes) are `line[start, end)` when they
 * hold an escape; `null` when they hold none.
 */
function _escapedText(line: Uint8Array, start: number, end: number): string | null {
  for (let i = start; i < end; i++) {
    if (line[i] === BACKSLASH) return parseSlice(line, start - 1, end + 1) as string;
  }
  return null;
}

/**
 * Which of `keys` the object key `line[keyStart, keyEnd)` (its raw bytes inside the quotes)
 * names, as `JSON.parse` reads it: escapes decoded, so `"typ\u0065"` names `type`.
 *
 * @param line Bytes holding the key.
 * @param keyStart Position after the key's opening quote.
 * @param keyEnd Position of its closing quote.
 * @param keys Candidate names: printable ASCII other than `"`, `\` and `/` (the characters a
 *   two-byte escape can stand for), as every transcript field name is.
 * @returns The index of the named key in `keys`, or -1.
 *
 * @example
 * ```ts
 * import { memberKeyIndex } from "./tool_calls.ts";
 * import assert from "node:assert/strict";
 * const line = new TextEncoder().encode('"id" "typ\\u0065" "name"');
 * assert.equal(memberKeyIndex(line, 1, 3, ["type", "id"]), 1);
 * assert.equal(memberKeyIndex(line, 6, 15, ["type", "id"]), 0); // escaped
 * assert.equal(memberKeyIndex(line, 18, 22, ["type", "id"]), -1);
 * ```
 */
export function memberKeyIndex(
  line: Uint8Array,
  keyStart: number,
  keyEnd: number,
  keys: readonly string[],
): number {
  const n = keyEnd - keyStart;
  let decoded: string | null | undefined;
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k];
    if (n === key.length) {
      if (keyIs(line, keyStart, keyEnd, key)) return k;
    } else if (n >= key.length + 5) {
      // Raw bytes other than an escape's never decode to ASCII they are not, and a character of
      // such a name can only be escaped as \uXXXX, five bytes longer than itself.
      if (decoded === undefined) decoded = _escapedText(line, keyStart, keyEnd);
      if (decoded === key) return k;
    }
  }
  return -1;
}

/**
 * Whether the JSON value `line[start, end)` is the string `text` (ASCII), escapes decoded.
 *
 * @param line Bytes holding the value.
 * @param start Position of the value's first byte.
 * @param end Position after its last byte.
 * @param text The string to compare with, ASCII.
 * @returns `true` when the value is a string equal to `text`.
 *
 * @example
 * ```ts
 * import { stringValueIs } from "./tool_calls.ts";
 * import assert from "node:assert/strict";
 * const line = new TextEncoder().encode('"user" "\\u0075ser" 1');
 * assert.equal(stringValueIs(line, 0, 6, "user"), true);
 * assert.equal(stringValueIs(line, 7, 18, "user"), true);
 * assert.equal(stringValueIs(line, 19, 20, "user"), false);
 * ```
 */
export function stringValueIs(
  line: Uint8Array,
  start: number,
  end: number,
  text: string,
): boolean {
  if (line[start] !== QUOTE) return false;
  const n = end - start - 2;
  if (n === text.length) return keyIs(line, start + 1, end - 1, text);
  return n > text.length && _escapedText(line, start + 1, end - 1) === text;
}

/**
 * The UTF-16 length (JavaScript `length`) of the JSON string value `line[start, end)`, quotes
 * included in the range, counted from the bytes without building the string: in WebAssembly when
 * the line is in the scanner's memory and the string is ASCII, else by a JavaScript walk over
 * valid UTF-8; a string that holds invalid UTF-8 is decoded and measured (each bad sequence
 * becomes U+FFFD, as when the whole line is decoded).
 *
 * @param line Bytes holding a valid JSON string.
 * @param start Position of its opening quote.
 * @param end Position after its closing quote.
 * @returns The length `JSON.parse` would give the string.
 *
 * @example
 * ```ts
 * import { stringUnits } from "./tool_calls.ts";
 * import assert from "node:assert/strict";
 * const line = new TextEncoder().encode('"a\\n\\u00e9" "é😀"');
 * assert.equal(stringUnits(line, 0, 11), 3); // a, newline, é
 * assert.equal(stringUnits(line, 12, line.length), 3); // é is one unit, 😀 two
 * ```
 */
export function stringUnits(line: Uint8Array, start: number, end: number): number {
  let units: number;
  if (inScanMemory(line)) {
    const base = line.byteOffset;
    units = scanStringUnits(base + start + 1, base + end);
  } else {
    units = utf8Units(line, start + 1, end - 1);
  }
  return units >= 0 ? units : (parseSlice(line, start, end) as string).length;
}

/**
 * Walks the object at `pos`, noting the value range of the last member named by each of `keys`
 * in `out[2k]`, `out[2k+1]` (-1 when absent). `walk`, when given, is asked first for the value of
 * each named member, with the key's index (see `MemberWalker`: it returns the value's end, or -2
 * to have it skipped), so a nested value can be read in the same pass.
 *
 * @returns The position after the object (-1 when it is not well formed).
 */
function _lastValues(
  line: Uint8Array,
  pos: number,
  keys: readonly string[],
  out: number[],
  walk?: (k: number, valueStart: number) => number,
): number {
  out.fill(-1);
  let k = -1;
  const named: MemberWalker = (ks, ke, vs) => {
    k = memberKeyIndex(line, ks, ke, keys);
    return k >= 0 && walk !== undefined ? walk(k, vs) : -2;
  };
  return forEachMember(line, pos, (_ks, _ke, vs, ve) => {
    if (k >= 0) {
      // A later duplicate key replaces an earlier one, as in JSON.parse.
      out[2 * k] = vs;
      out[2 * k + 1] = ve;
    }
  }, named);
}

/**
 * Walks the elements of the array at `start` (which must be one): `visit` gets each element's
 * start and returns its end, or -2 to have the element skipped, so an object it reads is crossed
 * once.
 *
 * @returns The position after the array, -1 when it is not well formed.
 */
function _forEachElement(line: Uint8Array, start: number, visit: (pos: number) => number): number {
  let pos = skipSpace(line, start + 1);
  if (line[pos] === CLOSE_BRACKET) return pos + 1;
  while (pos < line.length) {
    let end = visit(pos);
    if (end === -2) end = skipValue(line, pos);
    if (end < 0) return -1;
    pos = skipSpace(line, end);
    if (line[pos] === CLOSE_BRACKET) return pos + 1;
    if (line[pos] !== COMMA) return -1;
    pos = skipSpace(line, pos + 1);
  }
  return -1;
}

/**
 * For a walker: the string at `start` measured and crossed in one WebAssembly pass when the line
 * lives in the scanner's memory (its UTF-16 length to `measured`, its end returned), else -2 (the
 * walk skips it, and it is measured afterwards as before).
 */
function _measuredString(
  line: Uint8Array,
  start: number,
  measured: (units: number) => void,
): number {
  if (line[start] !== QUOTE || !inScanMemory(line)) return -2;
  const base = line.byteOffset;
  const units = wasmStringUnits(base + start + 1, base + line.length);
  if (units < 0) return -2; // not well-formed UTF-8: decoded and measured after the walk
  measured(units);
  return lastUnitsEnd() - base;
}

/** The string at `line[start, end)`, or `undefined` when absent (start < 0) or not a string. */
function _stringAt(line: Uint8Array, start: number, end: number): string | undefined {
  return start >= 0 && line[start] === QUOTE ? sliceValue(line, start, end) as string : undefined;
}

/** Present and not `null` (a valid JSON value that starts with `n` is `null`). */
function _isSetAt(line: Uint8Array, start: number): boolean {
  return start >= 0 && line[start] !== 0x6e;
}

const USE_KEYS = ["type", "id", "name", "input"] as const;
const INPUT_KEYS = ["offset", "limit", "pages", "command"] as const;
const RESULT_KEYS = ["type", "tool_use_id", "is_error", "content"] as const;
const PART_KEYS = ["type", "text"] as const;

/**
 * The `tool_use` blocks of an assistant record's `message.content`, read from the line's bytes:
 * the entries the parsed record's blocks give, without decoding or
 * parsing anything but the ids, names and commands. Keys and strings are read as `JSON.parse`
 * reads them (escapes decoded, a later duplicate key replacing an earlier one).
 *
 * The caller checks the record: `type` is `"assistant"`, `message` an object, and this its
 * `content` (any JSON value; only an array holds tool uses). The bytes must be valid JSON, as the
 * reader's record scan (`wasmScanRecord`) checks; on bytes that are not, the result is
 * unspecified (and may throw). Nested values are crossed in WebAssembly when `line` lives in the
 * scanner's memory ({@linkcode inScanMemory}).
 *
 * @param line Bytes of one line (a `subarray` is fine).
 * @param start Position of the first byte of `message.content`'s value in `line`.
 * @returns One entry per `tool_use` block that has a string `id` and `name`, in block order.
 *
 * @example
 * ```ts
 * import { toolUsesFromBytes } from "./tool_calls.ts";
 * import assert from "node:assert/strict";
 * const content = [
 *   { type: "text", text: "let me look" },
 *   { type: "tool_use", id: "t1", name: "Read", input: { file_path: "f", offset: 10 } },
 * ];
 * const line = new TextEncoder().encode(JSON.stringify(content));
 * const uses = toolUsesFromBytes(line, 0);
 * assert.deepEqual(uses, [
 *   { id: "t1", name: "Read", hasOffset: true, hasLimit: false, hasPages: false, command: undefined },
 * ]);
 * ```
 */
export function toolUsesFromBytes(line: Uint8Array, start: number): ToolUse[] {
  const uses: ToolUse[] = [];
  if (line[start] !== OPEN_BRACKET) return uses;
  const block: number[] = [];
  const input: number[] = [];
  // The input object is read while the block is walked; a later `input` member replaces it.
  const walkInput = (k: number, valueStart: number): number => {
    if (k !== 3) return -2;
    if (line[valueStart] === OPEN_BRACE) return _lastValues(line, valueStart, INPUT_KEYS, input);
    input.fill(-1);
    return -2;
  };
  _forEachElement(line, start, (blockStart) => {
    if (line[blockStart] !== OPEN_BRACE) return -2;
    input.fill(-1);
    const end = _lastValues(line, blockStart, USE_KEYS, block, walkInput);
    if (block[0] < 0 || !stringValueIs(line, block[0], block[1], "tool_use")) return end;
    const id = _stringAt(line, block[2], block[3]);
    const name = _stringAt(line, block[4], block[5]);
    if (id === undefined || name === undefined) return end;
    uses.push({
      id,
      name,
      hasOffset: _isSetAt(line, input[0]),
      hasLimit: _isSetAt(line, input[2]),
      hasPages: _isSetAt(line, input[4]),
      command: _stringAt(line, input[6], input[7]),
    });
    return end;
  });
  return uses;
}

/**
 * The `tool_result` blocks of a user record's `message.content`, sized from the line's bytes: the
 * entries the parsed record's blocks give. Text is never decoded when
 * it is ASCII: its UTF-16 length is counted from the bytes ({@linkcode stringUnits}); other text
 * is decoded to be measured. Keys and strings are read as `JSON.parse` reads them (escapes
 * decoded, a later duplicate key replacing an earlier one).
 *
 * The caller checks the record: `type` is `"user"`, `message` an object, and this its `content`
 * (any JSON value; only an array holds tool results). The bytes must be valid JSON, as the
 * reader's record scan (`wasmScanRecord`) checks; on bytes that are not, the result is
 * unspecified (and may throw).
 *
 * @param line Bytes of one line (a `subarray` is fine).
 * @param start Position of the first byte of `message.content`'s value in `line`.
 * @returns One entry per `tool_result` block, in block order.
 *
 * @example Text blocks summed, an image counted apart, an error flagged
 * ```ts
 * import { toolResultsFromBytes } from "./tool_calls.ts";
 * import assert from "node:assert/strict";
 * const content = [
 *   { type: "tool_result", tool_use_id: "t1", content: "été" },
 *   {
 *     type: "tool_result",
 *     tool_use_id: "t2",
 *     is_error: true,
 *     content: [{ type: "text", text: "abc" }, { type: "image" }, { type: "text", text: "de" }],
 *   },
 * ];
 * const line = new TextEncoder().encode(JSON.stringify(content));
 * const results = toolResultsFromBytes(line, 0);
 * assert.deepEqual(results, [
 *   { toolUseId: "t1", textChars: 3, textBlocks: 1, imageBlocks: 0, otherBlocks: 0, isError: false },
 *   { toolUseId: "t2", textChars: 5, textBlocks: 2, imageBlocks: 1, otherBlocks: 0, isError: true },
 * ]);
 * ```
 */
export function toolResultsFromBytes(line: Uint8Array, start: number): ToolResult[] {
  const results: ToolResult[] = [];
  if (line[start] !== OPEN_BRACKET) return results;
  const block: number[] = [];
  const part: number[] = [];
  // Sizes of an array `content`, counted while the block is walked; a later `content` member
  // starts them again.
  let textChars = 0;
  let textBlocks = 0;
  let imageBlocks = 0;
  let otherBlocks = 0;
  // A string's length measured while the walk crosses it (-1: not measured), for the member
  // that ends up counted (the last of its name): one pass over a long text instead of two.
  let partUnits = -1;
  let bodyUnits = -1;
  const walkPart = (k: number, valueStart: number): number => {
    if (k !== 1) return -2;
    partUnits = -1;
    return _measuredString(line, valueStart, (units) => (partUnits = units));
  };
  const visitPart = (partStart: number): number => {
    if (line[partStart] !== OPEN_BRACE) {
      otherBlocks++;
      return -2;
    }
    partUnits = -1;
    const end = _lastValues(line, partStart, PART_KEYS, part, walkPart);
    const type = part[0];
    if (type >= 0 && stringValueIs(line, type, part[1], "text") && line[part[2]] === QUOTE) {
      textChars += partUnits >= 0 ? partUnits : stringUnits(line, part[2], part[3]);
      textBlocks++;
    } else if (type >= 0 && stringValueIs(line, type, part[1], "image")) {
      imageBlocks++;
    } else {
      otherBlocks++;
    }
    return end;
  };
  const walkContent = (k: number, valueStart: number): number => {
    if (k !== 3) return -2;
    textChars =
      textBlocks =
      imageBlocks =
      otherBlocks =
        0;
    bodyUnits = -1;
    if (line[valueStart] === QUOTE) {
      return _measuredString(line, valueStart, (units) => (bodyUnits = units));
    }
    return line[valueStart] === OPEN_BRACKET ? _forEachElement(line, valueStart, visitPart) : -2;
  };
  _forEachElement(line, start, (blockStart) => {
    if (line[blockStart] !== OPEN_BRACE) return -2;
    textChars =
      textBlocks =
      imageBlocks =
      otherBlocks =
        0;
    bodyUnits = -1;
    const end = _lastValues(line, blockStart, RESULT_KEYS, block, walkContent);
    if (block[0] < 0 || !stringValueIs(line, block[0], block[1], "tool_result")) return end;
    const bodyStart = block[6];
    if (bodyStart >= 0 && line[bodyStart] === QUOTE) {
      textChars = bodyUnits >= 0 ? bodyUnits : stringUnits(line, bodyStart, block[7]);
      textBlocks = 1;
    }
    const idStart = block[2];
    results.push({
      // A JSON string is empty only when nothing stands between its quotes.
      toolUseId: idStart >= 0 && line[idStart] === QUOTE && block[3] - idStart > 2
        ? sliceValue(line, idStart, block[3]) as string
        : undefined,
      textChars,
      textBlocks,
      imageBlocks,
      otherBlocks,
      // A valid JSON value that starts with `t` is `true`.
      isError: block[4] >= 0 && line[block[4]] === 0x74,
    });
    return end;
  });
  return results;
}

/**
 * Pairs tool results with the tool uses that preceded them, one record at a time in file order.
 * Use one pairer per file.
 *
 * @example
 * ```ts
 * import { ToolCallPairer, toolResultsFromBytes, toolUsesFromBytes } from "./tool_calls.ts";
 * import assert from "node:assert/strict";
 * const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
 * const uses = toolUsesFromBytes(bytes([
 *   { type: "tool_use", id: "t1", name: "Bash", input: { command: "ls" } },
 * ]), 0);
 * const results = toolResultsFromBytes(bytes([
 *   { type: "tool_result", tool_use_id: "t1", content: "x" },
 * ]), 0);
 * const pairer = new ToolCallPairer();
 * assert.deepEqual(pairer.add([], results).map((c) => c.use), [undefined]); // not yet seen
 * assert.deepEqual(pairer.add(uses, []), []);
 * assert.equal(pairer.add([], results)[0].use?.command, "ls");
 * ```
 */
export class ToolCallPairer {
  #uses = new Map<string, ToolUse>();

  /**
   * Feeds the next record's tool uses and results ({@linkcode toolUsesFromBytes},
   * {@linkcode toolResultsFromBytes}).
   *
   * @param uses The record's tool uses, in block order.
   * @param results The record's tool results, in block order.
   * @returns Each result with its tool use (if one preceded it), the record's own uses included.
   */
  add(uses: readonly ToolUse[], results: readonly ToolResult[]): ToolCall[] {
    for (const use of uses) this.#uses.set(use.id, use);
    const calls: ToolCall[] = [];
    for (const result of results) {
      const use = result.toolUseId === undefined ? undefined : this.#uses.get(result.toolUseId);
      calls.push({ use, result });
    }
    return calls;
  }
}
