/**
 * Seeded random transcript lines for the differential tests of the read-cost fast path: records
 * shaped like transcript records, with the odd cases a byte-level reader must get right written in
 * on purpose — duplicate keys at every level, keys and strings spelled with escapes, values of the
 * wrong type, missing fields, non-ASCII text (two-, three- and four-byte characters, lone surrogate
 * escapes, invalid UTF-8 bytes), images and other blocks, errors, odd numbers (`-0`, `1e400`,
 * `1.5E+3`), whitespace inside the line, a byte-order mark before a line, nesting too deep for the
 * WebAssembly scan, and malformed lines. Values are made up; nothing here reads real transcripts.
 *
 * The JSON is written by hand (not `JSON.stringify`) so that a key can repeat and any character
 * can be escaped; every line but the deliberately malformed ones is valid JSON (the tests check
 * that `JSON.parse` accepts them).
 *
 * @module
 */

import { Prng } from "../../data-synthetic/prng.ts";

/** An object as an ordered list of members, so keys can repeat. */
export class Obj {
  constructor(readonly members: [string, Json][]) {}
}

/** JSON text written as is (numbers in spellings `JSON.stringify` never uses). */
export class Raw {
  constructor(readonly text: string) {}
}

/** A value the writer can spell. */
export type Json = null | boolean | number | string | Json[] | Obj | Raw;

/** Stands for one invalid UTF-8 sequence inside a string; replaced after encoding. */
const INVALID_MARK = "\uE000";
const INVALID_MARK_BYTES = [0xee, 0x80, 0x80];
const INVALID_SEQUENCES = [
  [0xff],
  [0xc0, 0xaf], // overlong
  [0xed, 0xa0, 0x80], // an encoded surrogate
  [0xe2, 0x82], // truncated three-byte character
  [0xf0, 0x9f, 0x98], // truncated four-byte character
  [0x80], // a lone continuation byte
  [0xf8, 0x88, 0x80, 0x80, 0x80], // five-byte form
  [0xf4, 0x90, 0x80, 0x80], // above U+10FFFF
];

const TEXT_PIECES = [
  "const s = 1;",
  "\n",
  "\t",
  ' "quoted" ',
  "\\path\\to",
  "é",
  "✓",
  "中文",
  "😀",
  "a/b",
  "\u0001",
  "\u007f",
  "\ud800", // a lone surrogate: always written as an escape
  "\udc00x",
  "\ufeff",
  "plain ascii text ",
  "x".repeat(40),
  '{"json": [1, 2]}',
];

/** Random spellings of one random document. */
export class RecordWriter {
  #rng: Prng;
  /** Per line: the probability that a character is written as an escape when it need not be. */
  #escapeRate = 0;
  /** Per line: the probability of whitespace between tokens. */
  #spaceRate = 0;

  constructor(seed: number, stream = 0) {
    this.#rng = new Prng(seed, stream);
  }

  get rng(): Prng {
    return this.#rng;
  }

  /** One of `items`. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.#rng.next() * items.length)];
  }

  chance(p: number): boolean {
    return this.#rng.chance(p);
  }

  /** Random text: code-like pieces, non-ASCII, escapes, sometimes long, sometimes invalid UTF-8. */
  text(maxPieces = 12, allowInvalid = true): string {
    let text = "";
    const pieces = this.#rng.int(0, maxPieces);
    for (let i = 0; i < pieces; i++) {
      if (allowInvalid && this.chance(0.01)) text += INVALID_MARK;
      else text += this.pick(TEXT_PIECES);
    }
    if (this.chance(0.08)) text += "y".repeat(this.#rng.int(100, 12000));
    return text;
  }

  /** The line's bytes: `value` spelled with this line's escape and whitespace rates. */
  line(value: Json): Uint8Array {
    this.#escapeRate = this.pick([0, 0, 0, 0.02, 0.3]);
    this.#spaceRate = this.pick([0, 0, 0, 0.1, 0.5]);
    const text = this.#write(value);
    return _replaceInvalidMarks(new TextEncoder().encode(text), this.#rng);
  }

  #space(): string {
    if (this.#spaceRate === 0 || !this.chance(this.#spaceRate)) return "";
    return this.pick([" ", "\t", "\r", "  ", " \t\r "]);
  }

  #write(value: Json): string {
    const sp = () => this.#space();
    if (value === null) return "null";
    if (typeof value === "boolean") return String(value);
    if (typeof value === "number") return JSON.stringify(value);
    if (typeof value === "string") return this.#string(value);
    if (value instanceof Raw) return value.text;
    if (Array.isArray(value)) {
      return "[" + sp() + value.map((v) => this.#write(v) + sp()).join("," + sp()) + "]";
    }
    return "{" + sp() +
      value.members.map(([k, v]) => this.#string(k) + sp() + ":" + sp() + this.#write(v) + sp())
        .join("," + sp()) +
      "}";
  }

  #string(text: string): string {
    let out = '"';
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const next = text.charCodeAt(i + 1);
      if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        // A pair: both halves raw (one four-byte character) or both escaped.
        const escape = this.#escapeRate > 0 && this.chance(this.#escapeRate);
        out += escape ? _u(code) + _u(next) : text.slice(i, i + 2);
        i++;
      } else if (code >= 0xd800 && code <= 0xdfff) {
        out += _u(code); // a lone surrogate: only an escape can carry it
      } else if (text[i] === INVALID_MARK) {
        out += INVALID_MARK;
      } else if (code === 0x22) {
        out += this.chance(0.5) ? '\\"' : _u(code);
      } else if (code === 0x5c) {
        out += this.chance(0.5) ? "\\\\" : _u(code);
      } else if (code < 0x20) {
        const short: Record<number, string> = {
          0x08: "\\b",
          0x0c: "\\f",
          0x0a: "\\n",
          0x0d: "\\r",
          0x09: "\\t",
        };
        out += short[code] !== undefined && this.chance(0.7) ? short[code] : _u(code);
      } else if (this.#escapeRate > 0 && this.chance(this.#escapeRate)) {
        out += code === 0x2f && this.chance(0.5) ? "\\/" : _u(code);
      } else {
        out += text[i];
      }
    }
    return out + '"';
  }
}

function _u(code: number): string {
  const hex = code.toString(16).padStart(4, "0");
  return "\\u" + (code % 2 === 0 ? hex : hex.toUpperCase());
}

function _replaceInvalidMarks(bytes: Uint8Array, rng: Prng): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    if (
      bytes[i] === INVALID_MARK_BYTES[0] && bytes[i + 1] === INVALID_MARK_BYTES[1] &&
      bytes[i + 2] === INVALID_MARK_BYTES[2]
    ) {
      out.push(...INVALID_SEQUENCES[Math.floor(rng.next() * INVALID_SEQUENCES.length)]);
      i += 2;
    } else {
      out.push(bytes[i]);
    }
  }
  return new Uint8Array(out);
}

/**
 * Writes one random transcript file: `records` lines (plus, rarely, blank and malformed ones),
 * as bytes. Tool-use ids, message ids and uuids come from small pools so results pair, snapshots
 * repeat and uuids collide.
 */
export function randomTranscript(w: RecordWriter, records: number): Uint8Array {
  const parts: Uint8Array[] = [];
  const newline = new Uint8Array([0x0a]);
  const uuids: string[] = [];
  for (let n = 0; n < records; n++) {
    parts.push(_randomLine(w, uuids));
    parts.push(w.chance(0.02) ? new TextEncoder().encode("\r\n  \n") : newline);
  }
  const length = parts.reduce((sum, p) => sum + p.length, 0);
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const MALFORMED = [
  '{"type":"assistant","message":{"id":"m1","usage":{"input_tokens":1}}',
  '{"type":"user",}',
  "[1,2,3]",
  "42",
  '"just a string"',
  "null",
  '{"a":1} trailing',
  '{"a":1}{"b":2}',
  '{"a":"\\x"}',
  '{"a":01}',
  "{bad json}",
  '{"type":"user","message":{"content":"tab\there"}}',
];

function _randomLine(w: RecordWriter, uuids: string[]): Uint8Array {
  if (w.chance(0.02)) return new TextEncoder().encode(w.pick(MALFORMED));
  if (w.chance(0.002)) {
    // Nested deeper than the WebAssembly scan goes (it hands such lines back).
    const depth = 33000;
    return new TextEncoder().encode(
      '{"type":"user","x":' + "[".repeat(depth) + "]".repeat(depth) + "}",
    );
  }
  const bytes = w.line(_randomRecord(w, uuids));
  if (!w.chance(0.01)) return bytes;
  const bom = new Uint8Array(bytes.length + 3);
  bom.set([0xef, 0xbb, 0xbf]);
  bom.set(bytes, 3);
  return bom;
}

const TOOL_NAMES = ["Read", "Bash", "BashOutput", "Grep", "Glob", "Agent", "Task", "Edit", "Write"];
const COMMANDS = [
  "cat src/main.ts",
  "cat a.ts | head",
  "ls > out.txt",
  "sed -n 1,50p f.ts",
  "head -100 log",
  "git diff",
  "cat é.txt",
  'less "quoted file"',
  "tail\t-f x",
  "",
];

/** Sometimes the value, sometimes something of another type. */
function _odd(w: RecordWriter, value: Json, p = 0.1): Json {
  if (!w.chance(p)) return value;
  return w.pick<Json>([
    null,
    7,
    "",
    true,
    false,
    [],
    [value],
    new Obj([]),
    new Obj([["value", value]]),
    new Raw("-0"),
    "x",
  ]);
}

/** Members, then: sometimes a duplicate of one (before or after), sometimes shuffled. */
function _members(w: RecordWriter, members: [string, Json | undefined][]): Obj {
  const kept = members.filter((m): m is [string, Json] => m[1] !== undefined);
  if (kept.length > 0 && w.chance(0.15)) {
    const [key, value] = w.pick(kept);
    const twin: [string, Json] = [key, w.chance(0.5) ? _odd(w, value, 0.7) : value];
    const at = Math.floor(w.rng.next() * (kept.length + 1));
    kept.splice(at, 0, twin);
  }
  if (w.chance(0.2)) {
    for (let i = kept.length - 1; i > 0; i--) {
      const j = Math.floor(w.rng.next() * (i + 1));
      [kept[i], kept[j]] = [kept[j], kept[i]];
    }
  }
  if (w.chance(0.03)) kept.push(["__proto__", new Obj([["type", "tool_use"]])]);
  return new Obj(kept);
}

function _maybe<T extends Json>(w: RecordWriter, value: T, p = 0.9): T | undefined {
  return w.chance(p) ? value : undefined;
}

function _number(w: RecordWriter): Json {
  const r = w.rng.next();
  if (r < 0.7) return w.rng.int(0, 200000);
  return w.pick<Json>([
    new Raw("-0"),
    new Raw("1e400"),
    new Raw("-1e400"),
    new Raw("1.5E+3"),
    new Raw("12345678901234567890"),
    new Raw("0.5"),
    -3,
    "12",
    null,
    true,
    new Obj([]),
    [1],
    2.25,
  ]);
}

function _usage(w: RecordWriter): Json {
  if (w.chance(0.05)) return w.pick<Json>([null, [], 5, "usage", [new Obj([])]]);
  return _members(w, [
    ["input_tokens", _maybe(w, _number(w))],
    ["cache_creation_input_tokens", _maybe(w, _number(w))],
    ["cache_read_input_tokens", _maybe(w, _number(w))],
    ["output_tokens", _maybe(w, _number(w))],
    ["service_tier", _maybe(w, "standard", 0.5)],
    [
      "cache_creation",
      _maybe(w, new Obj([["ephemeral_5m_input_tokens", 3], ["ephemeral_1h_input_tokens", 0]]), 0.3),
    ],
  ]);
}

function _toolUse(w: RecordWriter): Json {
  const name = w.chance(0.35) ? "Read" : w.pick(TOOL_NAMES);
  const input = _members(w, [
    ["file_path", _maybe(w, "/p/" + w.text(2, false), 0.5)],
    ["offset", _maybe(w, _odd(w, w.rng.int(0, 500), 0.3), 0.2)],
    ["limit", _maybe(w, _odd(w, w.rng.int(1, 500), 0.3), 0.2)],
    ["pages", _maybe(w, _odd(w, "1-3", 0.3), 0.1)],
    ["command", _maybe(w, _odd(w, w.pick(COMMANDS) + (w.chance(0.1) ? w.text(3) : "")), 0.4)],
    ["content", _maybe(w, w.text(), 0.2)],
  ]);
  return _members(w, [
    ["type", _odd(w, "tool_use", 0.05)],
    ["id", _maybe(w, _odd(w, `toolu_${w.rng.int(0, 12)}`, 0.05), 0.97)],
    ["name", _maybe(w, _odd(w, name, 0.05), 0.97)],
    ["input", _maybe(w, _odd(w, input, 0.05), 0.95)],
  ]);
}

function _part(w: RecordWriter): Json {
  const r = w.rng.next();
  if (r < 0.6) {
    return _members(w, [["type", _odd(w, "text", 0.05)], [
      "text",
      _maybe(w, _odd(w, w.text(), 0.05)),
    ]]);
  }
  if (r < 0.8) {
    return _members(w, [
      ["type", _odd(w, "image", 0.05)],
      ["source", new Obj([["type", "base64"], ["data", "iVBORw0KGgo".repeat(w.rng.int(1, 50))]])],
    ]);
  }
  return w.pick<Json>([
    new Obj([["type", "document"]]),
    new Obj([["type", "tool_reference"], ["tool_name", "X"]]),
    "a bare string",
    null,
    [],
    3,
    new Obj([]),
  ]);
}

function _toolResult(w: RecordWriter): Json {
  const content: Json = w.chance(0.6)
    ? w.text()
    : w.chance(0.9)
    ? Array.from({ length: w.rng.int(0, 4) }, () => _part(w))
    : w.pick<Json>([null, 5, new Obj([["type", "text"], ["text", "x"]])]);
  return _members(w, [
    ["type", _odd(w, "tool_result", 0.05)],
    ["tool_use_id", _maybe(w, _odd(w, `toolu_${w.rng.int(0, 14)}`, 0.05), 0.97)],
    ["content", _maybe(w, content, 0.95)],
    ["is_error", _maybe(w, w.pick<Json>([true, false, "true", 1, null]), 0.3)],
  ]);
}

function _content(w: RecordWriter, assistant: boolean): Json {
  if (w.chance(0.08)) return w.pick<Json>([w.text(), null, new Obj([]), 3]);
  const blocks: Json[] = [];
  const n = w.rng.int(0, 3);
  for (let i = 0; i < n; i++) {
    const r = w.rng.next();
    if (r < 0.55) blocks.push(assistant ? _toolUse(w) : _toolResult(w));
    else if (r < 0.65) blocks.push(assistant ? _toolResult(w) : _toolUse(w));
    else if (r < 0.9) blocks.push(new Obj([["type", "text"], ["text", w.text()]]));
    else blocks.push(w.pick<Json>([null, "x", [], 1, new Obj([["type", "thinking"]])]));
  }
  return blocks;
}

function _uuid(w: RecordWriter, uuids: string[]): Json | undefined {
  const r = w.rng.next();
  if (r < 0.06 && uuids.length > 0) return w.pick(uuids); // a repeat
  if (r < 0.12) return undefined;
  if (r < 0.16) return w.pick<Json>(["", 5, null, new Obj([]), "ü-" + w.rng.int(0, 9)]);
  const uuid = `u-${w.rng.int(0, 1e9)}-${uuids.length}`;
  uuids.push(uuid);
  return uuid;
}

function _randomRecord(w: RecordWriter, uuids: string[]): Json {
  const r = w.rng.next();
  const type: Json = r < 0.4
    ? "assistant"
    : r < 0.8
    ? "user"
    : r < 0.88
    ? "system"
    : w.pick<Json>(["progress", "attachment", "summary", 7, null, "Assistant", "users"]);
  const assistant = type === "assistant" ? true : type === "user" ? false : w.chance(0.5);
  let message: Json | undefined;
  if (w.chance(0.06)) {
    message = w.pick<Json>([null, [], "text", 4]);
  } else if (w.chance(0.97)) {
    message = _members(w, [
      ["model", _maybe(w, "claude-opus-4-6", 0.7)],
      ["id", _maybe(w, _odd(w, `msg_${w.rng.int(0, 40)}`, 0.1), 0.85)],
      ["type", "message"],
      ["role", assistant ? "assistant" : "user"],
      ["content", _maybe(w, _content(w, assistant), 0.95)],
      ["usage", _maybe(w, _usage(w), assistant ? 0.85 : 0.1)],
    ]);
  }
  const record = _members(w, [
    ["parentUuid", _maybe(w, w.chance(0.5) ? null : "p-1", 0.8)],
    ["isSidechain", _maybe(w, false, 0.7)],
    ["type", _maybe(w, type, 0.97)],
    [
      "subtype",
      type === "system"
        ? _maybe(w, _odd(w, w.pick(["compact_boundary", "compact_boundary", "local_command"]), 0.1))
        : _maybe(w, "compact_boundary", 0.01),
    ],
    ["message", message],
    ["uuid", _uuid(w, uuids)],
    ["timestamp", _maybe(w, "2026-03-02T14:00:00.000Z", 0.8)],
    ["toolUseResult", _maybe(w, new Obj([["stdout", w.text(3)]]), 0.1)],
  ]);
  // Sometimes a second "message" member (the last one is the one JSON.parse keeps).
  if (message !== undefined && w.chance(0.04)) {
    const twin: [string, Json] = [
      "message",
      w.pick<Json>([null, new Obj([["id", "msg_twin"]]), message]),
    ];
    if (w.chance(0.5)) record.members.push(twin);
    else record.members.unshift(twin);
  }
  return record;
}
