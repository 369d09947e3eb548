/**
 * Fetch targets of tool calls (docs/method.md, Cost of forgetting): what a tool call fetched,
 * reduced at once to a keyed 53-bit hash, so that two calls can be told to fetch the same thing
 * while nothing of a path, command, pattern or URL survives the line it was read from.
 *
 * The target of a `tool_use` block, from its `input` (read as `JSON.parse` reads it):
 * - `Read` and `NotebookRead`: (`file_path`, else `notebook_path`; `offset`, `limit`, `pages`);
 * - `Grep`: (`pattern`, `path`, `glob`, `type`, `output_mode`);
 * - `Glob`: (`pattern`, `path`);
 * - `Bash` and `BashOutput`: a string `command` that is read-like ({@linkcode bashTarget});
 * - `WebFetch`: (`url`);
 * - any other tool, or an input that is not an object: no target.
 * Each field is written as its JSON text (absent: empty), so `10` and `"10"` differ.
 *
 * The key is drawn per run ({@linkcode newFetchKey}); hashes of two runs cannot be compared,
 * and no hash is ever output.
 *
 * @module
 */

import {
  forEachMember,
  keyIs,
  parseSlice,
  skipSpace,
  skipValue,
  sliceValue,
} from "./_json_scan.ts";
import {
  escapedKey,
  inScanMemory,
  memberCount,
  memberKeyEnd,
  memberKeyId,
  memberKeyStart,
  memberValueEnd,
  memberValueStart,
  OBJECT_TABLE,
  wasmScanMembers,
} from "./_wasm_scanner.ts";
import { KEY } from "./wasm/key_ids.ts";
import { normalizePosixPath } from "./paths.ts";
import { memberKeyIndex, stringValueIs } from "./tool_calls.ts";

/** The key of the target hash: four 32-bit words. */
export type FetchKey = readonly [number, number, number, number];

/**
 * A new random key (from the platform's cryptographic generator), one per run.
 *
 * @returns Four 32-bit words.
 *
 * @example
 * ```ts
 * import { newFetchKey } from "./fetch_targets.ts";
 * import assert from "node:assert/strict";
 * assert.equal(newFetchKey().length, 4);
 * ```
 */
export function newFetchKey(): FetchKey {
  const words = crypto.getRandomValues(new Uint32Array(4));
  return [words[0], words[1], words[2], words[3]];
}

/**
 * A keyed 53-bit hash of `text` (its UTF-16 code units): two 32-bit lanes seeded and stirred by
 * the key, mixed per unit in the manner of MurmurHash3 and finished with its avalanche step.
 * Not a cryptographic MAC: it keeps targets apart and unreadable within one run.
 *
 * @param text The text.
 * @param key The run's key.
 * @returns An integer in [0, 2^53).
 *
 * @example
 * ```ts
 * import { keyedHash } from "./fetch_targets.ts";
 * import assert from "node:assert/strict";
 * const key = [1, 2, 3, 4] as const;
 * assert.equal(keyedHash("a", key), keyedHash("a", key));
 * assert.notEqual(keyedHash("a", key), keyedHash("b", key));
 * assert.notEqual(keyedHash("a", key), keyedHash("a", [5, 6, 7, 8]));
 * assert.ok(Number.isSafeInteger(keyedHash("a", key)));
 * ```
 */
export function keyedHash(text: string, key: FetchKey): number {
  let a = key[0] | 0;
  let b = key[1] | 0;
  const k2 = key[2] | 0;
  const k3 = key[3] | 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0xcc9e2d51);
    a = Math.imul((a << 15) | (a >>> 17), 0x1b873593) + k2 | 0;
    b = Math.imul(b ^ c, 0x85ebca6b);
    b = Math.imul((b << 13) | (b >>> 19), 0xc2b2ae35) + k3 | 0;
  }
  a = _finish(a ^ text.length ^ k3);
  b = _finish(b ^ text.length ^ k2);
  return (a >>> 0) * 0x200000 + (b >>> 11);
}

function _finish(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Commands whose output is a read of files, listings or history (first word). */
const READ_COMMANDS = new Set([
  "cat",
  "head",
  "tail",
  "less",
  "more",
  "nl",
  "bat",
  "rg",
  "grep",
  "ls",
  "find",
  "tree",
  "fd",
  "wc",
]);
/** `git` subcommands that read. */
const READ_GIT = new Set(["show", "log", "diff", "blame", "status"]);
/** Words that end a command of a pipeline or list; the next word is a command word. */
const SEPARATORS = new Set(["|", "||", "&&", ";", "&"]);
/** Words that are not paths: options, absolute or home paths, variables, quoted or shell syntax. */
const NOT_A_PATH = /^(?:[-/~$'"]|\d+$)|[*?[\]{}|&;<>()`=\\]/;

/**
 * The target text of a Bash command, or `undefined` when it is not read-like.
 *
 * Whitespace is collapsed; leading `cd DIR &&` steps move the working directory; the command is
 * read-like when its first word is `cat`, `head`, `tail`, `less`, `more`, `nl`, `bat`, `rg`,
 * `grep`, `ls`, `find`, `tree`, `fd` or `wc`, `sed` with `-n` first, or `git` with `show`, `log`,
 * `diff`, `blame` or `status`. Relative path arguments are resolved against the working
 * directory (words that are options, quoted, numbers or shell syntax are kept as written); a
 * command with no path argument at all gets the directory appended, since `ls` or `git status`
 * reads where it runs.
 *
 * @param command The command as written.
 * @param cwd The record's working directory (`undefined`: unknown; relative words then stay).
 * @returns The normalised command, or `undefined`.
 *
 * @example
 * ```ts
 * import { bashTarget } from "./fetch_targets.ts";
 * import assert from "node:assert/strict";
 * assert.equal(bashTarget("cat  ./src/a.ts", "/p"), "cat /p/src/a.ts");
 * assert.equal(bashTarget("cat /p/src/a.ts", "/q"), "cat /p/src/a.ts");
 * assert.equal(bashTarget("cd src && head -20 a.ts", "/p"), "head -20 /p/src/a.ts");
 * assert.equal(bashTarget("git status", "/p"), "git status @/p");
 * assert.equal(bashTarget("sed -n '1,9p' a.ts", "/p"), "sed -n '1,9p' /p/a.ts");
 * assert.equal(bashTarget("npm test", "/p"), undefined);
 * assert.equal(bashTarget("sed -i s/a/b/ a.ts", "/p"), undefined);
 * ```
 */
export function bashTarget(command: string, cwd: string | undefined): string | undefined {
  let text = command.trim().replace(/\s+/g, " ");
  let dir = cwd !== undefined && cwd.startsWith("/") ? cwd : undefined;
  for (let m = /^cd (\S+) && /.exec(text); m !== null; m = /^cd (\S+) && /.exec(text)) {
    const to = m[1];
    dir = to.startsWith("/") ? normalizePosixPath(to) : dir === undefined ? undefined : _resolve(
      dir,
      to,
    );
    text = text.slice(m[0].length);
  }
  const words = text.split(" ");
  const first = words[0];
  const readLike = READ_COMMANDS.has(first) ||
    (first === "sed" && words.length > 1 && words[1].startsWith("-n")) ||
    (first === "git" && words.length > 1 && READ_GIT.has(words[1]));
  if (!readLike) return undefined;
  let paths = 0;
  let commandWord = true;
  let quote = "";
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    // Words inside a quoted argument (a space in quotes) are kept as written.
    if (quote !== "") {
      if (word.endsWith(quote)) quote = "";
      continue;
    }
    const open = word[0];
    if ((open === "'" || open === '"') && (word.length === 1 || !word.endsWith(open))) {
      quote = open;
      commandWord = false;
      continue;
    }
    if (SEPARATORS.has(word)) {
      commandWord = true;
      continue;
    }
    if (commandWord) {
      // `git`'s subcommand is part of the command, not a path.
      commandWord = word === "git";
      continue;
    }
    if (word.startsWith("/")) paths++;
    if (dir === undefined || NOT_A_PATH.test(word)) continue;
    words[i] = _resolve(dir, word);
    paths++;
  }
  const normalised = words.join(" ");
  return paths > 0 || dir === undefined ? normalised : `${normalised} @${dir}`;
}

function _resolve(dir: string, path: string): string {
  return normalizePosixPath(`${dir}/${path}`);
}

const BLOCK_KEYS = ["type", "id", "name", "input"] as const;
const TYPE = 0, ID = 1, NAME = 2, INPUT = 3;

/** A tool use with a target: its id and the target's hash. */
export interface FetchUse {
  /** `tool_use.id`. */
  id: string;
  /** Keyed hash of the target. */
  target: number;
}

/**
 * The target text of a tool call (see the module documentation), or `undefined` when it
 * fetches nothing.
 *
 * @param name The tool's name.
 * @param input The parsed `input`.
 * @param cwd The record's working directory, asked for only by a Bash command.
 * @returns The text to hash.
 *
 * @example
 * ```ts
 * import { targetText } from "./fetch_targets.ts";
 * import assert from "node:assert/strict";
 * assert.equal(targetText("Read", { file_path: "/a", limit: 5 }, () => undefined),
 *   'read\u0000"/a"\u0000\u00005\u0000');
 * assert.equal(targetText("Edit", { file_path: "/a" }, () => undefined), undefined);
 * ```
 */
export function targetText(
  name: string,
  input: unknown,
  cwd: () => string | undefined,
): string | undefined {
  if (input === null || typeof input !== "object" || Array.isArray(input)) return undefined;
  const o = input as Record<string, unknown>;
  const fields = (kind: string, ...values: unknown[]) =>
    [kind, ...values.map((v) => (v === undefined ? "" : JSON.stringify(v)))].join("\u0000");
  switch (name) {
    case "Read":
    case "NotebookRead":
      return fields("read", o.file_path ?? o.notebook_path, o.offset, o.limit, o.pages);
    case "Grep":
      return fields("grep", o.pattern, o.path, o.glob, o.type, o.output_mode);
    case "Glob":
      return fields("glob", o.pattern, o.path);
    case "WebFetch":
      return fields("webfetch", o.url);
    case "Bash":
    case "BashOutput": {
      if (typeof o.command !== "string") return undefined;
      const text = bashTarget(o.command, cwd());
      return text === undefined ? undefined : `bash\u0000${text}`;
    }
    default:
      return undefined;
  }
}

/** Tool names that can have a target (the others are not parsed at all). */
const FETCH_TOOLS = ["Read", "NotebookRead", "Grep", "Glob", "WebFetch", "Bash", "BashOutput"];

/**
 * The tool uses with a target in an assistant record's `message.content`, read from the line's
 * bytes: block `type`, `id`, `name` and `input` as `JSON.parse` reads them (a later duplicate key
 * replacing an earlier one); only the input of a fetching tool is parsed, and its target text is
 * hashed at once.
 *
 * @param line Bytes of one valid JSON line.
 * @param start Position of `message.content`'s value.
 * @param key The run's key.
 * @param cwd The record's working directory, asked for only when a Bash command needs it.
 * @returns The uses with a target, in block order.
 *
 * @example
 * ```ts
 * import { fetchUsesFromBytes, keyedHash } from "./fetch_targets.ts";
 * import assert from "node:assert/strict";
 * const key = [1, 2, 3, 4] as const;
 * const content = [
 *   { type: "tool_use", id: "t1", name: "Glob", input: { pattern: "*.ts" } },
 *   { type: "tool_use", id: "t2", name: "Edit", input: { file_path: "/a" } },
 * ];
 * const line = new TextEncoder().encode(JSON.stringify(content));
 * const uses = fetchUsesFromBytes(line, 0, key, () => undefined);
 * assert.deepEqual(uses.map((u) => u.id), ["t1"]);
 * assert.equal(uses[0].target, keyedHash('glob\u0000"*.ts"\u0000', key));
 * ```
 */
export function fetchUsesFromBytes(
  line: Uint8Array,
  start: number,
  key: FetchKey,
  cwd: () => string | undefined,
): FetchUse[] {
  const uses: FetchUse[] = [];
  if (line[start] !== 0x5b) return uses;
  const at = [-1, -1, -1, -1, -1, -1, -1, -1];
  let pos = skipSpace(line, start + 1);
  if (line[pos] === 0x5d) return uses;
  const wasm = inScanMemory(line);
  while (pos < line.length) {
    let end: number;
    if (line[pos] === 0x7b) {
      at.fill(-1);
      // In the scanner's memory one call walks the block's members (its text, thinking or input
      // values crossed there); a block whose keys hold escapes is walked below, keys decoded.
      end = wasm ? _blockMembers(line, pos, at) : -2;
      if (end === -2) {
        at.fill(-1);
        end = forEachMember(line, pos, (ks, ke, vs, ve) => {
          const k = memberKeyIndex(line, ks, ke, BLOCK_KEYS);
          if (k >= 0) {
            at[2 * k] = vs;
            at[2 * k + 1] = ve;
          }
        });
      }
      if (end < 0) return uses;
      const use = _fetchUse(line, at, key, cwd);
      if (use !== undefined) uses.push(use);
    } else {
      end = skipValue(line, pos);
      if (end < 0) return uses;
    }
    pos = skipSpace(line, end);
    if (line[pos] !== 0x2c) return uses;
    pos = skipSpace(line, pos + 1);
  }
  return uses;
}

/**
 * The block at `pos` walked by the scanner (`wasmScanMembers`): the value range of its last
 * `type`, `id`, `name` and `input` members into `at`, as {@linkcode BLOCK_KEYS} orders them.
 * Returns the position after the block, or -2 when the scanner cannot read it as `JSON.parse`
 * would (a key with an escape, too many members) and the caller walks it in JavaScript.
 */
function _blockMembers(line: Uint8Array, pos: number, at: number[]): number {
  const base = line.byteOffset;
  const end = wasmScanMembers(base + pos, base + line.length);
  if (end === -3 || escapedKey()) return -2;
  if (end < 0) return -1;
  for (let k = 0, n = memberCount(OBJECT_TABLE); k < n; k++) {
    const id = memberKeyId(OBJECT_TABLE, k);
    let slot: number;
    if (id === KEY.type) slot = TYPE;
    else if (id === KEY.id) slot = ID;
    else if (id !== 0) continue;
    else {
      const ks = memberKeyStart(OBJECT_TABLE, k) - base;
      const ke = memberKeyEnd(OBJECT_TABLE, k) - base;
      if (keyIs(line, ks, ke, "name")) slot = NAME;
      else if (keyIs(line, ks, ke, "input")) slot = INPUT;
      else continue;
    }
    at[2 * slot] = memberValueStart(OBJECT_TABLE, k) - base;
    at[2 * slot + 1] = memberValueEnd(OBJECT_TABLE, k) - base;
  }
  return end - base;
}

function _fetchUse(
  line: Uint8Array,
  at: number[],
  key: FetchKey,
  cwd: () => string | undefined,
): FetchUse | undefined {
  if (at[2 * TYPE] < 0 || !stringValueIs(line, at[2 * TYPE], at[2 * TYPE + 1], "tool_use")) {
    return undefined;
  }
  if (at[2 * ID] < 0 || at[2 * NAME] < 0 || at[2 * INPUT] < 0) return undefined;
  // The name is matched in its bytes: most tool uses fetch nothing, and then nothing is decoded.
  const tool = _fetchToolAt(line, at[2 * NAME], at[2 * NAME + 1]);
  if (tool < 0 || line[at[2 * ID]] !== QUOTE) return undefined;
  const id = sliceValue(line, at[2 * ID], at[2 * ID + 1]) as string;
  const name = FETCH_TOOLS[tool];
  let text = _inputTargetText(line, name, at[2 * INPUT], cwd);
  if (text === UNREAD) {
    text = targetText(name, parseSlice(line, at[2 * INPUT], at[2 * INPUT + 1]), cwd);
  }
  return text === undefined ? undefined : { id, target: keyedHash(text, key) };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Index in {@linkcode FETCH_TOOLS} of the JSON string `line[start, end)`, or -1. */
function _fetchToolAt(line: Uint8Array, start: number, end: number): number {
  if (line[start] !== QUOTE) return -1;
  for (let t = 0; t < FETCH_TOOLS.length; t++) {
    if (stringValueIs(line, start, end, FETCH_TOOLS[t])) return t;
  }
  return -1;
}

/** The input fields a target reads, in the order of their slots in {@linkcode INPUT_AT}. */
const INPUT_FIELDS = [
  "file_path",
  "notebook_path",
  "offset",
  "limit",
  "pages",
  "pattern",
  "path",
  "glob",
  "type",
  "output_mode",
  "url",
  "command",
] as const;
const [
  FILE_PATH,
  NOTEBOOK_PATH,
  OFFSET,
  LIMIT,
  PAGES,
  PATTERN,
  PATH,
  GLOB,
  FILE_TYPE,
  OUTPUT_MODE,
  URL,
  COMMAND,
] = INPUT_FIELDS.map((_, i) => i);
/** Value ranges of the input's last member of each field (-1: absent), reused. */
const INPUT_AT = new Int32Array(2 * INPUT_FIELDS.length);
/** {@linkcode _inputTargetText}'s answer when the input must be parsed instead. */
const UNREAD = Symbol("unread");

/**
 * {@linkcode targetText} of the tool `name` and the input object at `line[start…]`, read from
 * the bytes without parsing the input: each field's value as its JSON text (a string without
 * escapes, a plain integer and a literal are their own JSON text; any other value is parsed and
 * written back). {@linkcode UNREAD} when the scanner cannot give the members as `JSON.parse`
 * would (not in its memory, a key with an escape, too many members): the caller parses then.
 */
function _inputTargetText(
  line: Uint8Array,
  name: string,
  start: number,
  cwd: () => string | undefined,
): string | undefined | typeof UNREAD {
  // Not an object (an array, a string, null…): no target, as targetText decides.
  if (line[start] !== 0x7b) return undefined;
  if (!inScanMemory(line)) return UNREAD;
  const base = line.byteOffset;
  const end = wasmScanMembers(base + start, base + line.length);
  if (end < 0 || escapedKey()) return UNREAD;
  const at = INPUT_AT;
  at.fill(-1);
  for (let k = 0, n = memberCount(OBJECT_TABLE); k < n; k++) {
    const id = memberKeyId(OBJECT_TABLE, k);
    let slot = -1;
    if (id === KEY.type) slot = FILE_TYPE;
    else if (id === 0) {
      const ks = memberKeyStart(OBJECT_TABLE, k) - base;
      const ke = memberKeyEnd(OBJECT_TABLE, k) - base;
      for (let f = 0; f < INPUT_FIELDS.length; f++) {
        if (f !== FILE_TYPE && keyIs(line, ks, ke, INPUT_FIELDS[f])) {
          slot = f;
          break;
        }
      }
    }
    if (slot < 0) continue;
    // A later duplicate key replaces an earlier one, as in JSON.parse.
    at[2 * slot] = memberValueStart(OBJECT_TABLE, k) - base;
    at[2 * slot + 1] = memberValueEnd(OBJECT_TABLE, k) - base;
  }
  const field = (f: number) => at[2 * f] < 0 ? "" : _jsonText(line, at[2 * f], at[2 * f + 1]);
  switch (name) {
    case "Read":
    case "NotebookRead": {
      // `file_path ?? notebook_path`: an absent or null file_path gives way.
      const path = at[2 * FILE_PATH] < 0 || line[at[2 * FILE_PATH]] === 0x6e
        ? NOTEBOOK_PATH
        : FILE_PATH;
      return ["read", field(path), field(OFFSET), field(LIMIT), field(PAGES)].join("\u0000");
    }
    case "Grep":
      return [
        "grep",
        field(PATTERN),
        field(PATH),
        field(GLOB),
        field(FILE_TYPE),
        field(OUTPUT_MODE),
      ]
        .join("\u0000");
    case "Glob":
      return ["glob", field(PATTERN), field(PATH)].join("\u0000");
    case "WebFetch":
      return ["webfetch", field(URL)].join("\u0000");
    default: {
      // Bash and BashOutput: a string command (decoded as JSON.parse decodes it).
      const cs = at[2 * COMMAND];
      if (cs < 0 || line[cs] !== QUOTE) return undefined;
      const text = bashTarget(sliceValue(line, cs, at[2 * COMMAND + 1]) as string, cwd());
      return text === undefined ? undefined : `bash\u0000${text}`;
    }
  }
}

/**
 * `JSON.stringify(JSON.parse(text))` of the JSON value `line[start, end)`. A string without a
 * backslash holds no character JSON.stringify escapes (a quote, a backslash or a control
 * character would need one, and well-formed UTF-8 holds no lone surrogate), a non-negative
 * integer of up to 15 digits and a literal are written as they are read: those are their own
 * text. Anything else is parsed and written back.
 */
function _jsonText(line: Uint8Array, start: number, end: number): string {
  const first = line[start];
  if (first === QUOTE) {
    if (line.subarray(start + 1, end - 1).indexOf(BACKSLASH) < 0) {
      return `"${sliceValue(line, start, end) as string}"`;
    }
  } else if (
    first >= 0x30 && first <= 0x39 && end - start <= 15 && (first !== 0x30 || end - start === 1)
  ) {
    let digits = true;
    for (let i = start + 1; i < end && digits; i++) digits = line[i] >= 0x30 && line[i] <= 0x39;
    if (digits) return _ascii(line, start, end);
  } else if (first === 0x74 || first === 0x66 || first === 0x6e) {
    // A valid JSON value that starts with t, f or n is true, false or null.
    return first === 0x74 ? "true" : first === 0x66 ? "false" : "null";
  }
  return JSON.stringify(parseSlice(line, start, end));
}

/** The ASCII bytes `line[start, end)` as a string. */
function _ascii(line: Uint8Array, start: number, end: number): string {
  let text = "";
  for (let i = start; i < end; i++) text += String.fromCharCode(line[i]);
  return text;
}

/**
 * The record's `cwd` (its last member of that name) when it is a string, read from the line's
 * bytes; `undefined` otherwise.
 *
 * @param line Bytes of one valid JSON object.
 * @returns The working directory.
 *
 * @example
 * ```ts
 * import { recordCwd } from "./fetch_targets.ts";
 * import assert from "node:assert/strict";
 * const line = new TextEncoder().encode('{"cwd":"/a","message":{"cwd":"/b"},"cwd":"/c"}');
 * assert.equal(recordCwd(line), "/c");
 * ```
 */
export function recordCwd(line: Uint8Array): string | undefined {
  if (inScanMemory(line)) {
    // The record's members in one scan; a key with an escape (or too many) is read below.
    const base = line.byteOffset;
    const end = wasmScanMembers(base, base + line.length);
    if (end >= 0 && !escapedKey()) {
      let start = -1, stop = -1;
      for (let k = 0, n = memberCount(OBJECT_TABLE); k < n; k++) {
        if (memberKeyId(OBJECT_TABLE, k) !== 0) continue;
        const ks = memberKeyStart(OBJECT_TABLE, k) - base;
        if (keyIs(line, ks, memberKeyEnd(OBJECT_TABLE, k) - base, "cwd")) {
          start = memberValueStart(OBJECT_TABLE, k) - base;
          stop = memberValueEnd(OBJECT_TABLE, k) - base;
        }
      }
      return start >= 0 && line[start] === QUOTE
        ? sliceValue(line, start, stop) as string
        : undefined;
    }
  }
  let value: unknown;
  forEachMember(line, 0, (ks, ke, vs, ve) => {
    if (memberKeyIndex(line, ks, ke, ["cwd"]) === 0) value = sliceValue(line, vs, ve);
  });
  return typeof value === "string" ? value : undefined;
}
