/**
 * One transcript file → the facts the corpus needs: request blocks, compaction boundaries,
 * sessions and diagnostics. Pure: it sees lines, never the file system.
 *
 * Lines are read with the byte-level scanner: one call into WebAssembly per line finds the
 * record's members and its message's, and validates the line as `JSON.parse` would (lines
 * outside the scanner's memory take {@linkcode forEachMember} and `JSON.parse`). Only small values
 * are parsed (`message.id`, `message.model`, `message.usage`, `compactMetadata`, a compact summary's
 * text), so a tool-result line of megabytes costs one pass of `indexOf` over its strings.
 * Keys are read as `JSON.parse` reads them: a line with a key spelled with escapes
 * (`"\u0074ype"`) takes the JavaScript walk, which decodes keys (./key_id_of.ts); of two members
 * with one name the last wins, `message` included whatever its type. Values too: a value matched
 * by its bytes (a record type, the `/compact` command) is decoded and matched again when its bytes
 * hold an escape (`"\u0061ssistant"`, `\u003ccommand-name\u003e`), so no spelling changes a
 * result (tests/transcript/value_escapes_test.ts).
 *
 * It is the one reader of both analyses: given a {@linkcode ReadCostSink} (./read_cost_sink.ts),
 * it also hands the read-cost measurement, per record, what that needs (uuid and message-id
 * numbers, boundaries, usage snapshots, tool uses and results), from the same fields as the
 * corpus's facts, so the two cannot read a record differently.
 *
 * Sessions inside one file (docs/method.md, Sessions):
 * - records with `isSidechain` false or absent belong to the file's main conversation;
 * - sidechain records with an `agentId` belong to the sub-agent of that id, whose kind the id's
 *   shape gives ({@linkcode agentSessionKind}: sub-agent, helper, or the compaction call);
 * - sidechain records without an `agentId` (the old in-file layout) form chains: a record with
 *   `parentUuid: null` starts a chain, later records join the chain of their `parentUuid` (a
 *   `compact_boundary` joins the chain of its `logicalParentUuid`; an unknown parent starts a new
 *   chain).
 *
 * Request blocks are keyed by `message.id` alone (missing: `uuid:<record uuid>`): a helper's
 * replay of a parent message carries a new `requestId` but is the same response, so `requestId`
 * takes no part (docs/method.md, Requests).
 *
 * Compaction durations are resolved here, because every fallback lies inside the file and the
 * session: `durationMs`, else for auto the boundary minus the record named by `logicalParentUuid`
 * wherever it sits in the file (it can be written after the boundary; missing, or naming no
 * record: the session's last record before the boundary), for manual the boundary minus the first
 * `/compact` command record after it. The trigger is `"auto"`, `"manual"`, or unknown
 * (`compactMetadata` null or without either); an unknown trigger has no duration (it stays out of
 * the time fit): neither start rule is known to hold for it, and the auto rule would add a user's
 * idle time to a compaction that was in fact manual.
 *
 * A summary's size is the JavaScript length of its content: a string, or the summed `text` of its
 * `text` blocks; a null, missing or other content is a compaction without summary (NaN).
 *
 * @module
 */

import { agentSessionKind } from "./agent_kind.ts";
import { isoTimeMs } from "./iso_time.ts";
import { echoName } from "../io/echo_name.ts";
import { forEachMember, parseSlice, sliceContains, sliceValue } from "./_json_scan.ts";
import { COMPACTION_TRIGGER, SESSION_KIND } from "./tables.ts";
import { type UsagePass, UsageTokens } from "./usage_scan.ts";
import { Interner, type ReadCostSink } from "./read_cost_sink.ts";
import { toolResultsFromBytes, toolUsesFromBytes } from "./tool_calls.ts";
import { FetchRecorder, type FileFetches } from "./file_fetches.ts";
import { type FetchKey, recordCwd } from "./fetch_targets.ts";
import { KEY } from "./wasm/key_ids.ts";
import { keyIdOf } from "./key_id_of.ts";
import {
  escapedKey,
  inScanMemory,
  MESSAGE_SLOT_INDEX,
  recordSlots,
  wasmScanRecord,
} from "./_wasm_scanner.ts";

/** Blocks of one file, as columns in file order (typed: a worker transfers them without a copy). */
export interface FileBlocks {
  /** Local session index (into {@linkcode FileParse.sessions}). */
  session: Uint32Array;
  /** De-duplication key: `message.id`, or `uuid:<uuid>`/`line:<n>` when it is missing. */
  key: string[];
  /**
   * A 53-bit hash of each key ({@linkcode keyHash}), made here on the parsing threads so that the
   * corpus-wide pass needs a string look-up only for keys whose hash another block shares.
   */
  keyHash: Float64Array;
  model: string[];
  timeMs: Float64Array;
  input: Float64Array;
  cacheWrite5m: Float64Array;
  cacheWrite1h: Float64Array;
  cacheRead: Float64Array;
  output: Float64Array;
}

/** The buffers under a {@linkcode FileParse}'s typed block columns, for a worker's transfer list. */
export function blockBuffers(blocks: FileBlocks): ArrayBuffer[] {
  const columns = [
    blocks.session,
    blocks.keyHash,
    blocks.timeMs,
    blocks.input,
    blocks.cacheWrite5m,
    blocks.cacheWrite1h,
    blocks.cacheRead,
    blocks.output,
  ];
  return [...new Set(columns.map((column) => column.buffer as ArrayBuffer))];
}

/**
 * A 53-bit hash of `key`: two 32-bit FNV-1a-style hashes with different multipliers, the first in
 * the high bits. Equal keys have equal hashes; a shared hash only means "compare the strings".
 *
 * @example
 * ```ts
 * import { keyHash } from "./parse_file.ts";
 * import assert from "node:assert/strict";
 * assert.equal(keyHash("msg_1:req_1"), keyHash("msg_1:req_1"));
 * assert.notEqual(keyHash("msg_1:req_1"), keyHash("msg_1:req_2"));
 * assert.ok(Number.isSafeInteger(keyHash("msg_1:req_1")));
 * ```
 */
export function keyHash(key: string): number {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  a = Math.imul(a ^ (a >>> 15), 0x2c1b3c6d);
  a = (a ^ (a >>> 13)) >>> 0;
  b = Math.imul(b ^ (b >>> 13), 0x297a2d39);
  b = (b ^ (b >>> 16)) >>> 0;
  return a * 0x200000 + (b >>> 11);
}

/**
 * An empty array that holds doubles from the start. Times and token counts arrive as doubles
 * and as small integers; an array begun with small integers changed kind at the first double,
 * and the code that pushed to it was compiled again, up to eight times per thread.
 */
function _numbers(): number[] {
  const column = [0.5];
  column.pop();
  return column;
}

/** An empty array that holds strings from the start (as {@linkcode _numbers}). */
function _strings(): string[] {
  const column = [""];
  column.pop();
  return column;
}

/** Blocks while the file is parsed: growable columns (see {@linkcode FileBlocks}). */
interface GrowingBlocks {
  session: number[];
  key: string[];
  model: string[];
  timeMs: number[];
  input: number[];
  cacheWrite5m: number[];
  cacheWrite1h: number[];
  cacheRead: number[];
  output: number[];
}

/** A `compact_boundary`, with what the file says about it. */
export interface FileBoundary {
  /** Record uuid ("" when absent); copies of one boundary in resumed files share it. */
  uuid: string;
  session: number;
  /** Number of usage blocks of the file before the boundary (its position among blocks). */
  blocksBefore: number;
  /** {@linkcode COMPACTION_TRIGGER} value: 0 auto, 1 manual, 2 unknown, 3 other. */
  trigger: number;
  /**
   * The trigger value of a trigger of kind other, when it looks like an identifier (else "other";
   * ../io/echo_name.ts); "" for the other kinds.
   */
  otherTrigger: string;
  /**
   * Whether `compactMetadata.precomputed` is truthy: the summary was computed in the background
   * and swapped in, so the duration is no summarizing time (docs/method.md, Compactions).
   */
  precomputed: boolean;
  timeMs: number;
  /** `compactMetadata.preTokens` (NaN: absent). */
  preTokens: number;
  /** Seconds, after every fallback (NaN: not found or negative). */
  durationSeconds: number;
  /** JavaScript length of the summary text (NaN: no summary record). */
  summaryChars: number;
}

/** Counters of one file. */
export interface FileCounts {
  lines: number;
  blankLines: number;
  malformedLines: number;
  /** 1-based line numbers of the first malformed lines (at most 20). */
  malformedExamples: number[];
  recordTypes: Record<string, number>;
  syntheticRecords: number;
  apiErrorRecords: number;
  blocksWithoutUsage: number;
  microcompactions: number;
  blocksWithoutMessageId: number;
  /**
   * Blocks folded into the previous block of the same request in this file (split responses);
   * they count as duplicate blocks in the corpus diagnostics.
   */
  repeatedBlocks: number;
  /** Lines over the line limit, skipped unread (fed by the caller from the splitter). */
  oversizedLines: number;
  /** Usage counts present but not a number from 0 to 2^53 − 1 (read as 0). */
  invalidUsageValues: number;
  /**
   * Records skipped because a record with their `uuid` was already read in this file (rows a
   * second `/compact` re-appends; docs/transcript-format.md, Re-appended rows).
   */
  repeatedRecordUuids: number;
  /** Σ `microcompactMetadata.tokensSaved` of `microcompact_boundary` records, tokens. */
  microcompactTokensSaved: number;
  /** `usage.iterations` entries of neither `message` nor `advisor_message` type (not read). */
  otherIterations: number;
}

/**
 * The advisor passes of a file's responses (`usage.iterations` entries of `advisor_message`
 * type): no request of any session, totalled apart (docs/method.md, Advisor). Every record of a
 * split response repeats them; `key` tells the copies apart from distinct passes.
 */
export interface FileAdvisorPasses {
  /** Local session of the response. */
  session: number[];
  /** `<request key>#advisor<k>`: one key per pass of one response. */
  key: string[];
  model: string[];
  input: number[];
  cacheWrite5m: number[];
  cacheWrite1h: number[];
  cacheRead: number[];
  output: number[];
}

/** Everything {@linkcode FileParser} extracts from one file. Structured-clone friendly. */
export interface FileParse {
  /**
   * Local sessions in order of first appearance: `main`, `agent:<id>` or `chain:<uuid>`, with
   * their kind: a {@linkcode SESSION_KIND} value, or `COMPACTION_CALL_KIND` (./agent_kind.ts) for
   * a compaction call (no session).
   */
  sessions: { key: string; kind: number }[];
  blocks: FileBlocks;
  boundaries: FileBoundary[];
  counts: FileCounts;
  advisor: FileAdvisorPasses;
  /** The file's fetches (./file_fetches.ts), when {@linkcode FileParserOptions.fetchTargets}. */
  fetches?: FileFetches;
  /**
   * Set when fetch targets were asked for only in files with a compaction and this file holds
   * none: read without them (./parse_transcript_file.ts).
   */
  fetchTargetsSkipped?: true;
}

/** Options of {@linkcode FileParser}. */
export interface FileParserOptions {
  /**
   * Receives what the read-cost measurement needs of each record (./read_cost_sink.ts), read
   * from the same fields as the corpus's facts.
   */
  readCost?: ReadCostSink;
  /**
   * Whether to gather the corpus's facts (sessions, blocks, boundaries, record types); false,
   * for a caller that wants only the sink's records, leaves {@linkcode FileParse} with the line
   * counts alone.
   * @default {true}
   */
  corpus?: boolean;
  /**
   * The run's key: when given, the tool calls' fetch targets are gathered as keyed hashes
   * (./file_fetches.ts) into {@linkcode FileParse.fetches}.
   * @default {none: no fetch targets}
   */
  fetchTargets?: FetchKey;
  /**
   * Whether to stop at the file's first compaction (a `compact_boundary` record) by throwing
   * {@linkcode CompactionMet}: for a reader that gathers fetch targets only in files with a
   * compaction (./read_corpus.ts) and reads such a file again, from its start, with them.
   * @default {false}
   */
  stopAtCompaction?: boolean;
}

/**
 * Thrown by a {@linkcode FileParser} asked to stop at the file's first compaction
 * ({@linkcode FileParserOptions.stopAtCompaction}). One instance: nothing to tell apart.
 */
export class CompactionMet extends Error {
  constructor() {
    super("the file holds a compaction");
    this.name = "CompactionMet";
  }
}

const COMPACTION_MET = new CompactionMet();

const COMPACT_COMMAND_TEXT = "<command-name>/compact</command-name>";
const COMPACT_COMMAND = new TextEncoder().encode(COMPACT_COMMAND_TEXT);
const MAX_EXAMPLES = 20;

interface SessionState {
  /** Time of the session's last timestamped record so far (NaN: none, or unparseable). */
  lastTimeMs: number;
  /** Boundary waiting for its summary (-1: none). */
  awaitingSummary: number;
  /** Manual boundary waiting for its `/compact` command record (-1: none). */
  awaitingCommand: number;
}

/**
 * A boundary timed from a `logicalParentUuid` not seen before it: looked for among the later
 * records when the file is done.
 */
interface LaterParent {
  boundary: number;
  /** The uuid's raw bytes. */
  uuid: Uint8Array;
  /** Records noted in the uuid arena when the boundary was read (the search starts there). */
  from: number;
  /** Start time of the fallback: the session's last record before the boundary (NaN: none). */
  fallbackMs: number;
}

/** Index of the message's slots in {@linkcode Fields.slots} (the record's come first). */
const MESSAGE_SLOTS = MESSAGE_SLOT_INDEX;

/** Slot indices of the ranges the rules read: start at the index, end one after. */
const UUID = 2 * KEY.uuid;
const TIME = 2 * KEY.timestamp;
const PARENT = 2 * KEY.parentUuid;
const LOGICAL_PARENT = 2 * KEY.logicalParentUuid;
const AGENT_ID = 2 * KEY.agentId;
const METADATA = 2 * KEY.compactMetadata;
const MESSAGE = 2 * KEY.message;
const ID = MESSAGE_SLOTS + 2 * KEY.id;
const MODEL = MESSAGE_SLOTS + 2 * KEY.model;
const USAGE = MESSAGE_SLOTS + 2 * KEY.usage;
const CONTENT = MESSAGE_SLOTS + 2 * KEY.content;

/**
 * The fields of one record, held one way for both reading paths: `slots` is the scanner's own
 * slot table (`recordSlots` in ./_wasm_scanner.ts), relative to the line: for key id `id` (see
 * ./wasm/key_ids.ts), `slots[2 id]` and `slots[2 id + 1]` are the start and end of the record's
 * last member of that name (-1: absent; `message` only when the last one is an object), and from
 * {@linkcode MESSAGE_SLOTS} the same for that `message` object's members. The WebAssembly scan
 * fills it in place, the JavaScript walk member by member; the rules read the ranges by the slot
 * indices above, and {@linkcode Fields.decode} reads the few small values every record needs.
 * Taken anew for each line (the view changes when the scanner's memory grows, between lines).
 */
class Fields {
  slots = recordSlots();
  type = "";
  subtype = "";
  isSidechain = false;
  isApiError = false;
  isCompactSummary = false;

  /** Reads the small values from the ranges (after the slots are filled). */
  decode(line: Uint8Array): void {
    const s = this.slots;
    let at = 2 * KEY.type;
    this.type = s[at] >= 0 ? _recordType(line, s[at], s[at + 1]) : "";
    at = 2 * KEY.subtype;
    this.subtype = s[at] >= 0 ? stringOrEmpty(sliceValue(line, s[at], s[at + 1])) : "";
    at = 2 * KEY.isSidechain;
    this.isSidechain = s[at] >= 0 && _isTrue(line, s[at], s[at + 1]);
    at = 2 * KEY.isApiErrorMessage;
    this.isApiError = s[at] >= 0 && _isTrue(line, s[at], s[at + 1]);
    at = 2 * KEY.isCompactSummary;
    this.isCompactSummary = s[at] >= 0 && _isTrue(line, s[at], s[at + 1]);
  }
}

/** A common `type` value and its raw bytes, quotes included. */
function _recordTypeBytes(type: string): { type: string; bytes: Uint8Array } {
  return { type, bytes: new TextEncoder().encode(`"${type}"`) };
}

/** The common `type` values by raw length (quotes included): each length is one type's. */
const RECORD_TYPE_BY_LENGTH = (() => {
  const byLength: ({ type: string; bytes: Uint8Array } | undefined)[] = new Array(16);
  for (const type of ["assistant", "user", "system", "attachment", "progress"]) {
    const entry = _recordTypeBytes(type);
    byLength[entry.bytes.length] = entry;
  }
  return byLength;
})();

/**
 * The `type` value: the common ones matched by bytes (no string built), others decoded. The
 * length picks the one candidate, so a record costs one comparison of a few bytes.
 */
function _recordType(line: Uint8Array, start: number, end: number): string {
  const length = end - start;
  const candidate = length < 16 ? RECORD_TYPE_BY_LENGTH[length] : undefined;
  if (candidate !== undefined) {
    const bytes = candidate.bytes;
    let i = 0;
    while (i < length && line[start + i] === bytes[i]) i++;
    if (i === length) return candidate.type;
  }
  return stringOrEmpty(sliceValue(line, start, end));
}

/** A string value at a range noted earlier; "" when absent, null or not a string. */
function _optionalString(line: Uint8Array, start: number, end: number): string {
  return start < 0 ? "" : stringOrEmpty(sliceValue(line, start, end));
}

/** Shared empty arrays a parser starts with and replaces before writing (one fewer allocation each). */
const NO_BYTES = new Uint8Array(0);

/**
 * Scratch buffers of finished parsers, for the next parser of the same thread: a typed array
 * costs 1-2 us to allocate (its memory is outside V8's heap, and V8 counts it towards its next
 * collection), and a corpus of many small files made several per file. Only the buffers' sizes
 * carry over; their bytes are always written before they are read.
 */
const SPARE_UUID_ARENAS: Uint8Array[] = [];
const SPARE_ID_BUFFERS: Uint8Array[] = [];
/** Larger arenas are left to the collector, so a thread never keeps more than this per spare. */
const MAX_SPARE_ARENA_BYTES = 1 << 16;
const NO_SLOTS = new Int32Array(0);

/** Longest raw id value {@linkcode FileParser} remembers for folding repeats (bytes). */
const PREVIOUS_ID_BYTES = 256;

/**
 * Copies the raw value `line[start, end)` into `target`: its length, -1 when absent (start < 0),
 * -2 when longer than `target`.
 */
function _copyBytes(target: Uint8Array, line: Uint8Array, start: number, end: number): number {
  if (start < 0) return -1;
  const length = end - start;
  if (length > target.length) return -2;
  for (let i = 0; i < length; i++) target[i] = line[start + i];
  return length;
}

/** Whether a value kept by {@linkcode _copyBytes} equals `line[start, end)` (absent = absent). */
function _sameBytes(
  kept: Uint8Array,
  keptLength: number,
  line: Uint8Array,
  start: number,
  end: number,
): boolean {
  if (start < 0) return keptLength === -1;
  if (keptLength !== end - start) return false;
  for (let i = 0; i < keptLength; i++) {
    if (kept[i] !== line[start + i]) return false;
  }
  return true;
}

/**
 * Whether the message `line[start, end)` holds the `/compact` command as `JSON.parse` reads it:
 * the bytes, else, when the message has an escape (`\u003c`, `\/`), its decoded text written
 * back without escapes (JSON.stringify escapes none of the command's characters).
 */
function _containsCommand(line: Uint8Array, start: number, end: number): boolean {
  if (sliceContains(line, start, end, COMPACT_COMMAND)) return true;
  const backslash = line.indexOf(0x5c, start);
  if (backslash < 0 || backslash >= end) return false;
  return JSON.stringify(parseSlice(line, start, end)).includes(COMPACT_COMMAND_TEXT);
}

/** BOM kept: a line that starts with one is not JSON (TextDecoder would drop it silently). */
const jsonDecoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Whether the line is valid JSON, by `JSON.parse`: the definition the WebAssembly record scan
 * implements, used where that scan cannot run (bytes outside its memory, extreme nesting).
 */
function _isJson(line: Uint8Array): boolean {
  try {
    JSON.parse(jsonDecoder.decode(line));
    return true;
  } catch {
    return false;
  }
}

/** Whether the value at `line[start, end)` is `true`. */
function _isTrue(line: Uint8Array, start: number, end: number): boolean {
  return end - start === 4 && line[start] === 0x74 && line[start + 1] === 0x72 &&
    line[start + 2] === 0x75 && line[start + 3] === 0x65;
}

/** Whether `line[start, end)` is a JSON string with at least one character (escapes undecoded). */
function _nonEmptyString(line: Uint8Array, start: number, end: number): boolean {
  return start >= 0 && line[start] === 0x22 && end - start > 2;
}

/** Slot of a time in ms (a finite number) in a table of `mask + 1` slots: both halves mixed. */
function _timeSlot(timeMs: number, mask: number): number {
  const low = (timeMs % 4294967296) | 0;
  const high = (timeMs / 4294967296) | 0;
  const h = Math.imul(low, 0x9e3779b1) ^ Math.imul(high ^ (low >>> 16), 0x85ebca6b);
  return (h ^ (h >>> 15)) & mask;
}

/**
 * `microcompactMetadata.tokensSaved` of a `microcompact_boundary` line (0 when absent or not a
 * count). The record is small and rare: parsed whole, the same on both reading paths.
 */
function _tokensSaved(line: Uint8Array): number {
  const record = JSON.parse(jsonDecoder.decode(line)) as Record<string, unknown>;
  const meta = record.microcompactMetadata;
  if (meta === null || typeof meta !== "object") return 0;
  const saved = (meta as Record<string, unknown>).tokensSaved;
  return typeof saved === "number" && saved >= 0 && saved <= Number.MAX_SAFE_INTEGER ? saved : 0;
}

/** Executor passes (`message` entries) among `passes` (0 for null). */
function _executorPasses(passes: readonly UsagePass[] | null): number {
  if (passes === null) return 0;
  let n = 0;
  for (const pass of passes) if (!pass.advisor) n++;
  return n;
}

function stringOrEmpty(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/**
 * Parses one transcript file line by line. Feed every non-blank line to {@linkcode onLine}, then
 * call {@linkcode finish}.
 *
 * @example
 * ```ts
 * import { FileParser } from "./parse_file.ts";
 * import { splitLines } from "./jsonl.ts";
 * import assert from "node:assert/strict";
 *
 * const parser = new FileParser();
 * const text = [
 *   '{"type":"user","uuid":"u1","timestamp":"2026-01-01T00:00:00.000Z","message":{"content":"hi"}}',
 *   '{"type":"assistant","uuid":"a1","requestId":"r1","timestamp":"2026-01-01T00:00:02.000Z",' +
 *   '"message":{"id":"m1","model":"m","usage":{"input_tokens":1,"cache_read_input_tokens":9,"output_tokens":3}}}',
 *   "{not json",
 * ].join("\n");
 * splitLines(text, (bytes, start, end, n) => parser.onLine(bytes, start, end, n));
 * const parsed = parser.finish();
 * assert.deepEqual(parsed.blocks.key, ["m1"]);
 * assert.equal(parsed.blocks.cacheRead[0], 9);
 * assert.equal(parsed.counts.malformedLines, 1);
 * ```
 *
 * @example With a read-cost sink: each record's uuid number, then what it holds
 * ```ts
 * import { FileParser } from "./parse_file.ts";
 * import type { ReadCostSink } from "./read_cost_sink.ts";
 * import { splitLines } from "./jsonl.ts";
 * import assert from "node:assert/strict";
 * const seen: string[] = [];
 * const sink: ReadCostSink = {
 *   record: (uuid) => (seen.push(`record ${uuid}`), true),
 *   boundary: () => void seen.push("boundary"),
 *   usage: (id, _uuid, snapshot) => void seen.push(`usage ${id} ${snapshot.join(",")}`),
 *   toolUses: (uses) => void seen.push(`uses ${uses.map((u) => u.name)}`),
 *   toolResults: (results) => void seen.push(`results ${results.length}`),
 * };
 * const parser = new FileParser({ readCost: sink, corpus: false });
 * const text = [
 *   '{"type":"assistant","uuid":"u","message":{"id":"m","usage":{"output_tokens":2},' +
 *   '"content":[{"type":"tool_use","id":"t","name":"Read","input":{}}]}}',
 *   '{"type":"system","subtype":"compact_boundary"}',
 *   "[1]",
 * ].join("\n");
 * splitLines(text, (bytes, start, end, n) => parser.onLine(bytes, start, end, n));
 * assert.deepEqual(seen, ["record 0", "usage 0 -1,-1,-1,2", "uses Read", "record -1", "boundary"]);
 * assert.equal(parser.finish().counts.malformedLines, 1);
 * ```
 */
export class FileParser {
  #sessions: { key: string; kind: number }[] = [];
  #sessionIndex = new Map<string, number>();
  #state: SessionState[] = [];
  /**
   * uuid → time of every record of the file, for `logicalParentUuid` look-ups: the uuids' raw
   * bytes end to end in `#uuidBytes` (record k's end at `#uuidEnds[k]`), times in `#uuidTimes`.
   * Bytes, not a map of strings: a look-up is rare (a boundary without `durationMs`) and finds its
   * parent a few records back, while building a string per record cost more than the rest of the
   * record. uuids are compared as written, escapes undecoded.
   */
  #uuidBytes = SPARE_UUID_ARENAS.pop() ?? new Uint8Array(1 << 12);
  #uuidEnds: number[] = [];
  #uuidTimes: number[] = _numbers();
  /**
   * The latest time among arena records 0..k, for each k (never decreasing): a record of time t
   * can only be at or after the first k whose latest reaches t, so a look-up scans from there.
   */
  #uuidLatest: number[] = _numbers();
  /** Latest time among the records in the uuid arena (-Infinity: none). */
  #latestMs = -Infinity;
  /**
   * Arena index after the last repeat found: re-appended rows come in the order first written, so
   * the next repeat is most likely that record.
   */
  #nextRepeat = 0;
  /**
   * The arena's records by time, for the repeated-record check: an open-addressing table keyed by
   * the record's time in ms (a re-appended copy keeps its first copy's timestamp, so the time
   * finds the candidates and the uuid bytes decide), holding arena index + 1 (0: empty). Filled
   * lazily, only when a record is not later than the file's latest (a file written in time order
   * never needs it): `#timesIndexed` records of the arena are in it. Keyed by time, not by a hash
   * of the uuid, because a number costs nothing to hash.
   */
  #byTime = NO_SLOTS;
  #byTimeCount = 0;
  #timesIndexed = 0;
  /** Arena entries the backward scans of this file have visited (bounds them; see #uuidIndex). */
  #scanned = 0;
  /** The current record's time, read once for the repeated-record check and the rules. */
  #recordTimed = false;
  #recordTimeMs = NaN;
  #usage = new UsageTokens();
  /** Raw `message.id` bytes of the file's last block, and where it sits. */
  #previous = {
    id: SPARE_ID_BUFFERS.pop() ?? new Uint8Array(PREVIOUS_ID_BYTES),
    /** -1: no id; -2: too long to keep. */
    idLength: -1,
    /** Index of that block (-1: none), and the number of boundaries when it was added. */
    block: -1,
    boundaries: 0,
    /** Blocks the response made (one per executor pass of `usage.iterations`, else one). */
    count: 1,
  };
  /** The last model value's raw bytes and its string. */
  #lastModel = { bytes: NO_BYTES, name: "" };
  /** The last agentId's raw bytes and its session (-1: none yet). */
  #lastAgent = { bytes: NO_BYTES, session: -1 };
  /** uuid → local session of old-layout sidechain records. */
  #chainOf = new Map<string, number>();
  #blocks: GrowingBlocks = {
    session: [],
    key: _strings(),
    model: _strings(),
    timeMs: _numbers(),
    input: _numbers(),
    cacheWrite5m: _numbers(),
    cacheWrite1h: _numbers(),
    cacheRead: _numbers(),
    output: _numbers(),
  };
  #boundaries: FileBoundary[] = [];
  #counts: FileCounts = {
    lines: 0,
    blankLines: 0,
    malformedLines: 0,
    malformedExamples: [],
    recordTypes: {},
    syntheticRecords: 0,
    apiErrorRecords: 0,
    blocksWithoutUsage: 0,
    microcompactions: 0,
    blocksWithoutMessageId: 0,
    repeatedBlocks: 0,
    oversizedLines: 0,
    invalidUsageValues: 0,
    repeatedRecordUuids: 0,
    microcompactTokensSaved: 0,
    otherIterations: 0,
  };
  #advisor: FileAdvisorPasses = {
    session: [],
    key: [],
    model: [],
    input: [],
    cacheWrite5m: [],
    cacheWrite1h: [],
    cacheRead: [],
    output: [],
  };
  #laterParents: LaterParent[] = [];
  #fields = new Fields();
  /** The read-cost measurement's sink, with the numbers of uuids and message ids it is given. */
  #sink: ReadCostSink | undefined;
  #uuids: Interner | undefined;
  #messageIds: Interner | undefined;
  /** Value of `#counts.lines` when `#usage` last read a line's usage (it holds that line's). */
  #usageReadAt = -1;
  /** Whether the corpus's facts are wanted (see {@linkcode FileParserOptions.corpus}). */
  #corpus: boolean;
  /** The fetch targets' recorder (see {@linkcode FileParserOptions.fetchTargets}). */
  #fetches: FetchRecorder | undefined;
  #stopAtCompaction: boolean;
  #finished = false;

  /**
   * @param options What to read besides the line counts; see {@linkcode FileParserOptions}.
   */
  constructor(options: FileParserOptions = {}) {
    const { readCost, corpus = true, fetchTargets, stopAtCompaction = false } = options;
    this.#corpus = corpus;
    this.#stopAtCompaction = stopAtCompaction;
    if (fetchTargets !== undefined) this.#fetches = new FetchRecorder(fetchTargets);
    if (readCost === undefined) return;
    this.#sink = readCost;
    this.#uuids = new Interner();
    this.#messageIds = new Interner();
  }

  /** The line being parsed (the visitors below read it). */
  #line: Uint8Array = new Uint8Array(0);

  /**
   * A record member on the JavaScript path: into its slot, as the scan does (the last member of
   * a name wins; `message` is noted by {@linkcode #walkRecord}, only when it is an object).
   */
  #visitRecord = (ks: number, ke: number, vs: number, ve: number): void => {
    const id = keyIdOf(this.#line, ks, ke);
    if (id === 0 || id === KEY.message) return;
    const slots = this.#fields.slots;
    slots[2 * id] = vs;
    slots[2 * id + 1] = ve;
  };

  /**
   * Walks `message` in the same pass as the record, its members into the message slots. The last
   * `message` wins whatever its type, as in `JSON.parse` (and the scan): a later one that is not
   * an object leaves the record without a message.
   */
  #walkRecord = (ks: number, ke: number, vs: number): number => {
    const line = this.#line;
    if (keyIdOf(line, ks, ke) !== KEY.message) return -2;
    const slots = this.#fields.slots;
    // The message slots describe the last message only (as the scan's).
    slots.fill(-1, MESSAGE_SLOTS);
    if (line[vs] !== 0x7b) {
      slots[MESSAGE] = slots[MESSAGE + 1] = -1;
      return -2;
    }
    const end = forEachMember(line, vs, this.#visitMessage);
    slots[MESSAGE] = vs;
    slots[MESSAGE + 1] = end;
    return end;
  };

  #visitMessage = (ks: number, ke: number, vs: number, ve: number): void => {
    const id = keyIdOf(this.#line, ks, ke);
    if (id === 0) return;
    const slots = this.#fields.slots;
    slots[MESSAGE_SLOTS + 2 * id] = vs;
    slots[MESSAGE_SLOTS + 2 * id + 1] = ve;
  };

  /**
   * The record's fields from the WebAssembly scan (the same slots as {@linkcode forEachMember}
   * with {@linkcode #walkRecord} fill, in one call into the module). Returns the end of the object
   * relative to the line, -1 when malformed, -3 to use the JavaScript walk.
   */
  #scanInWasm(line: Uint8Array): number {
    const base = line.byteOffset;
    const end = wasmScanRecord(base, base + line.length);
    if (end < 0) return end;
    // A key spelled with an escape may be a known one: the JavaScript walk decodes keys.
    if (escapedKey()) return -3;
    return end - base;
  }

  /** Handles one trimmed, non-blank line `bytes[start, end)` with its 1-based number. */
  onLine(bytes: Uint8Array, start: number, end: number, lineNumber: number): void {
    this.#counts.lines++;
    const line = bytes.subarray(start, end);
    this.#line = line;
    const f = this.#fields;
    f.slots = recordSlots();
    let ok = true;
    try {
      let scanned = inScanMemory(line) ? this.#scanInWasm(line) : -3;
      if (scanned === -3) {
        f.slots.fill(-1);
        scanned = forEachMember(line, 0, this.#visitRecord, this.#walkRecord);
        ok = scanned === line.length && _isJson(line);
      } else ok = scanned === line.length;
      if (ok) f.decode(line);
    } catch {
      ok = false; // a small value that failed JSON.parse
    }
    if (!ok) {
      this.#malformed(lineNumber);
      return;
    }
    try {
      const blocks = this.#blocks.key.length, repeats = this.#counts.repeatedBlocks;
      const repeatedRecords = this.#counts.repeatedRecordUuids;
      if (this.#corpus) {
        if (this.#repeatedRecord(line)) this.#counts.repeatedRecordUuids++;
        else {
          // Only names that look like identifiers are kept (../io/echo_name.ts); the rest are
          // "other".
          const typeKey = echoName(
            f.type === "system" && f.subtype ? `system:${f.subtype}` : f.type || "(none)",
          );
          this.#counts.recordTypes[typeKey] = (this.#counts.recordTypes[typeKey] ?? 0) + 1;
          this.#record(line, lineNumber);
        }
      }
      if (this.#sink !== undefined) this.#readCost(this.#sink, line, lineNumber);
      // A repeated record (its uuid seen before) is a copy: its calls were recorded already.
      if (
        this.#fetches !== undefined && this.#counts.repeatedRecordUuids === repeatedRecords
      ) this.#recordFetches(line, blocks, repeats);
    } catch (error) {
      if (error === COMPACTION_MET) throw error;
      // A wanted nested value (usage, metadata, summary) that does not parse.
      this.#malformed(lineNumber);
    }
  }

  /**
   * The current record's fetches to the recorder: an assistant record's tool uses with the
   * request block it added or folded into (none: -1), a user record's tool results.
   */
  #recordFetches(line: Uint8Array, blocksBefore: number, repeatsBefore: number): void {
    const f = this.#fields;
    const s = f.slots;
    if (s[MESSAGE] < 0 || s[CONTENT] < 0) return;
    if (f.type === "assistant") {
      const added = this.#blocks.key.length > blocksBefore ||
        this.#counts.repeatedBlocks > repeatsBefore;
      const block = added ? this.#blocks.key.length - 1 : -1;
      this.#fetches!.uses(line, s[CONTENT], block, () => recordCwd(line));
    } else if (f.type === "user") this.#fetches!.results(line, s[CONTENT]);
  }

  /** Counts a blank line (for callers that feed blank-line counts from the splitter). */
  addBlankLines(n: number): void {
    this.#counts.blankLines += n;
  }

  /** Counts lines the splitter skipped for their length (see `maxLineBytes` in jsonl.ts). */
  addOversizedLines(n: number): void {
    this.#counts.oversizedLines += n;
  }

  /** Returns what the file held. The parser must not be used afterwards. */
  finish(): FileParse {
    if (this.#finished) throw new Error("Cannot finish a file parser twice");
    this.#finished = true;
    this.#resolveLaterParents();
    this.#releaseScratch();
    const b = this.#blocks;
    // All typed columns in one buffer: one allocation per file instead of eight (a real corpus
    // holds thousands of small files), and one buffer for a worker to transfer.
    const n = b.key.length;
    const buffer = new ArrayBuffer(n * (7 * 8 + 4));
    const float = (k: number, values: number[]) => {
      const column = new Float64Array(buffer, k * n * 8, n);
      column.set(values);
      return column;
    };
    const hashes = new Float64Array(buffer, 0, n);
    for (let i = 0; i < n; i++) hashes[i] = keyHash(b.key[i]);
    const session = new Uint32Array(buffer, 7 * n * 8, n);
    session.set(b.session);
    return {
      sessions: this.#sessions,
      blocks: {
        session,
        key: b.key,
        keyHash: hashes,
        model: b.model,
        timeMs: float(1, b.timeMs),
        input: float(2, b.input),
        cacheWrite5m: float(3, b.cacheWrite5m),
        cacheWrite1h: float(4, b.cacheWrite1h),
        cacheRead: float(5, b.cacheRead),
        output: float(6, b.output),
      },
      boundaries: this.#boundaries,
      counts: this.#counts,
      advisor: this.#advisor,
      ...(this.#fetches === undefined ? {} : { fetches: this.#fetches.finish() }),
    };
  }

  /** Hands the uuid arena and the id buffer to the thread's next parser (see SPARE_UUID_ARENAS). */
  #releaseScratch(): void {
    if (this.#uuidBytes.length <= MAX_SPARE_ARENA_BYTES) SPARE_UUID_ARENAS.push(this.#uuidBytes);
    SPARE_ID_BUFFERS.push(this.#previous.id);
    this.#uuidBytes = NO_BYTES;
    this.#uuidEnds = [];
    this.#previous.id = NO_BYTES;
    this.#previous.idLength = -1;
  }

  #malformed(lineNumber: number): void {
    this.#counts.malformedLines++;
    if (this.#counts.malformedExamples.length < MAX_EXAMPLES) {
      this.#counts.malformedExamples.push(lineNumber);
    }
  }

  #session(key: string, kind: number): number {
    let index = this.#sessionIndex.get(key);
    if (index === undefined) {
      index = this.#sessions.length;
      this.#sessions.push({ key, kind });
      this.#sessionIndex.set(key, index);
      this.#state.push({ lastTimeMs: NaN, awaitingSummary: -1, awaitingCommand: -1 });
    }
    return index;
  }

  #sessionOf(f: Fields): number {
    const line = this.#line;
    if (!f.isSidechain) return this.#session("main", SESSION_KIND.main);
    if (_nonEmptyString(line, f.slots[AGENT_ID], f.slots[AGENT_ID + 1])) {
      // A sub-agent file repeats one agentId on every record: match its bytes before building a
      // string and a map key.
      const cached = this.#lastAgent;
      const start = f.slots[AGENT_ID];
      const length = f.slots[AGENT_ID + 1] - start;
      if (cached.session >= 0 && cached.bytes.length === length) {
        const bytes = cached.bytes;
        let same = true;
        for (let i = 0; i < length; i++) {
          if (bytes[i] !== line[start + i]) {
            same = false;
            break;
          }
        }
        if (same) return cached.session;
      }
      const agentId = _optionalString(line, f.slots[AGENT_ID], f.slots[AGENT_ID + 1]);
      if (agentId) {
        const session = this.#session(`agent:${agentId}`, agentSessionKind(agentId));
        this.#lastAgent = { bytes: line.slice(f.slots[AGENT_ID], f.slots[AGENT_ID + 1]), session };
        return session;
      }
    }
    // Old layout: chains of sidechain records inside the main file.
    const parent = f.type === "system" && f.subtype === "compact_boundary"
      ? _optionalString(line, f.slots[LOGICAL_PARENT], f.slots[LOGICAL_PARENT + 1])
      : _optionalString(line, f.slots[PARENT], f.slots[PARENT + 1]);
    let session = parent ? this.#chainOf.get(parent) : undefined;
    const uuid = _optionalString(line, f.slots[UUID], f.slots[UUID + 1]);
    if (session === undefined) session = this.#session(`chain:${uuid}`, SESSION_KIND.subagent);
    if (uuid) this.#chainOf.set(uuid, session);
    return session;
  }

  /**
   * Whether the current record repeats the `uuid` of a record already read in this file (then it
   * is skipped: docs/transcript-format.md, Re-appended rows). Reads the record's time for
   * {@linkcode #record} on the way. Only a conversation record with a uuid and a time not later
   * than the file's latest is looked up: a repeat carries its first copy's time, which the latest
   * already covers, so a file in time order costs one comparison per record.
   */
  #repeatedRecord(line: Uint8Array): boolean {
    const f = this.#fields;
    const conversation = f.type === "user" || f.type === "assistant" || f.type === "system" ||
      f.type === "attachment" || f.type === "progress";
    if (!conversation) return false;
    const s = f.slots;
    const timed = _nonEmptyString(line, s[TIME], s[TIME + 1]);
    const timeMs = timed ? isoTimeMs(line, s[TIME], s[TIME + 1]) : NaN;
    this.#recordTimed = timed;
    this.#recordTimeMs = timeMs;
    if (!(timeMs <= this.#latestMs) || !_nonEmptyString(line, s[UUID], s[UUID + 1])) return false;
    // Out of line: 4% of the records on a generated corpus get here, and inlined into the hot
    // record path the look-ups made it dearer to compile.
    return this.#seenBefore(line, s[UUID], s[UUID + 1], timeMs);
  }

  /** Whether a record of time `timeMs` (not later than the latest) with these uuid bytes was read. */
  #seenBefore(line: Uint8Array, start: number, end: number, timeMs: number): boolean {
    // Of the same millisecond as the latest (most look-ups) or older, the candidates are the
    // records from the one that first reached that time (see #uuidIndex).
    const guess = this.#nextRepeat;
    const k = guess < this.#uuidEnds.length && this.#uuidTimes[guess] === timeMs &&
        this.#sameUuid(guess, line, start, end)
      ? guess
      : this.#uuidIndex(line, start, end, timeMs);
    if (k < 0) return false;
    this.#nextRepeat = k + 1;
    return true;
  }

  /**
   * Arena index of a record of time `timeMs` with the uuid bytes `line[start, end)`, or -1 (the
   * time table caught up first).
   */
  #uuidIndex(line: Uint8Array, start: number, end: number, timeMs: number): number {
    const times = this.#uuidTimes;
    const ends = this.#uuidEnds;
    const first = this.#firstReaching(timeMs);
    // A record slightly out of time order (most look-ups: a progress record a few ms behind) has
    // few candidates after `first`, and a backward scan costs less than building the table; a
    // file with many far look-ups (re-appended rows) switches to it.
    if (ends.length - first <= 64 || this.#scanned < 32 * ends.length + 4096) {
      for (let k = ends.length - 1; k >= first; k--) {
        if (times[k] === timeMs && this.#sameUuid(k, line, start, end)) {
          this.#scanned += ends.length - k;
          return k;
        }
      }
      this.#scanned += ends.length - first;
      return -1;
    }
    return this.#uuidInTable(line, start, end, timeMs);
  }

  /** The first arena index whose running latest time reaches `timeMs` (binary search). */
  #firstReaching(timeMs: number): number {
    const latest = this.#uuidLatest;
    let low = 0, high = latest.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (latest[middle] < timeMs) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /**
   * {@linkcode #uuidIndex} through the time table (caught up first). A method of its own: most
   * files never get here, and inside #uuidIndex this path's first use de-optimised the look-up,
   * which was then compiled again, up to four times per thread.
   */
  #uuidInTable(line: Uint8Array, start: number, end: number, timeMs: number): number {
    const times = this.#uuidTimes;
    const ends = this.#uuidEnds;
    for (let k = this.#timesIndexed; k < ends.length; k++) {
      if (times[k] === times[k]) this.#indexTime(k); // NaN times are never looked up
    }
    this.#timesIndexed = ends.length;
    const table = this.#byTime;
    const mask = table.length - 1;
    const arena = this.#uuidBytes;
    const length = end - start;
    for (let slot = _timeSlot(timeMs, mask); table[slot] !== 0; slot = (slot + 1) & mask) {
      const k = table[slot] - 1;
      if (times[k] !== timeMs) continue;
      const from = k === 0 ? 0 : ends[k - 1];
      if (ends[k] - from !== length) continue;
      let same = true;
      for (let i = 0; i < length; i++) {
        if (arena[from + i] !== line[start + i]) {
          same = false;
          break;
        }
      }
      if (same) return k;
    }
    return -1;
  }

  /** Whether arena record `k`'s uuid bytes equal `line[start, end)`. */
  #sameUuid(k: number, line: Uint8Array, start: number, end: number): boolean {
    const ends = this.#uuidEnds;
    const arena = this.#uuidBytes;
    const from = k === 0 ? 0 : ends[k - 1];
    if (ends[k] - from !== end - start) return false;
    for (let i = 0; i < end - start; i++) {
      if (arena[from + i] !== line[start + i]) return false;
    }
    return true;
  }

  /** Adds arena record `k` to the time table (grown to keep it at most half full). */
  #indexTime(k: number): void {
    if (2 * (this.#byTimeCount + 1) > this.#byTime.length) {
      const old = this.#byTime;
      const grown = new Int32Array(Math.max(1024, 2 * old.length));
      const mask = grown.length - 1;
      for (let i = 0; i < old.length; i++) {
        if (old[i] === 0) continue;
        let slot = _timeSlot(this.#uuidTimes[old[i] - 1], mask);
        while (grown[slot] !== 0) slot = (slot + 1) & mask;
        grown[slot] = old[i];
      }
      this.#byTime = grown;
    }
    const table = this.#byTime;
    const mask = table.length - 1;
    let slot = _timeSlot(this.#uuidTimes[k], mask);
    while (table[slot] !== 0) slot = (slot + 1) & mask;
    table[slot] = k + 1;
    this.#byTimeCount++;
  }

  #record(line: Uint8Array, lineNumber: number): void {
    const f = this.#fields;
    const conversation = f.type === "user" || f.type === "assistant" || f.type === "system" ||
      f.type === "attachment" || f.type === "progress";
    if (!conversation) return;
    const timed = this.#recordTimed;
    const timeMs = this.#recordTimeMs;
    if (timed && _nonEmptyString(line, f.slots[UUID], f.slots[UUID + 1])) {
      this.#noteUuid(line, timeMs);
    }
    // Progress records mirror sub-agent messages; they never carry requests of this session.
    if (f.type === "progress" || f.type === "attachment") return;
    const session = this.#sessionOf(f);
    const state = this.#state[session];

    if (f.type === "assistant") {
      this.#assistant(line, lineNumber, session, timeMs);
    } else if (f.type === "system") {
      if (f.subtype === "compact_boundary") {
        this.#boundary(line, session, state, timeMs);
      } else if (f.subtype === "microcompact_boundary") {
        this.#counts.microcompactions++;
        this.#counts.microcompactTokensSaved += _tokensSaved(line);
      }
    } else if (f.type === "user") {
      this.#user(line, state, timeMs);
    }
    if (timed) state.lastTimeMs = timeMs;
  }

  /** The model name at `line[start, end)`; the last one is kept as bytes, so a repeat costs no string. */
  #model(line: Uint8Array, start: number, end: number): string {
    const cached = this.#lastModel;
    const length = end - start;
    if (cached.bytes.length === length) {
      let same = true;
      for (let i = 0; i < length; i++) {
        if (cached.bytes[i] !== line[start + i]) {
          same = false;
          break;
        }
      }
      if (same) return cached.name;
    }
    const name = stringOrEmpty(sliceValue(line, start, end));
    this.#lastModel = { bytes: line.slice(start, end), name };
    return name;
  }

  /**
   * Folds a block into the file's previous block when both are parts of one streamed response:
   * the same raw `message.id` bytes, the same session, no boundary between. The
   * fold is the de-duplication rule of docs/method.md, Requests, applied early (earliest timestamp; the usage of
   * the larger total, ties to the later block), so the corpus-wide pass sees one block where the
   * file had several, and no key string is built for the repeats. A response with executor passes
   * (`usage.iterations`) is a group of blocks, one per pass, folded as one: totals over the group,
   * the later group replacing the kept one whole. Returns whether it folded.
   */
  #mergeRepeat(line: Uint8Array, session: number, timeMs: number, model: string): boolean {
    const f = this.#fields;
    const previous = this.#previous;
    const blocks = this.#blocks;
    const first = previous.block;
    if (
      first < 0 || first + previous.count !== blocks.key.length ||
      previous.boundaries !== this.#boundaries.length ||
      blocks.session[first] !== session ||
      !_sameBytes(previous.id, previous.idLength, line, f.slots[ID], f.slots[ID + 1])
    ) return false;
    this.#counts.repeatedBlocks++;
    const usage = this.#usage;
    // The rare shapes (executor passes, a kept group) out of line: inlined here, their loops
    // made this hot function several times dearer to compile.
    if (usage.passes !== null || previous.count !== 1) {
      return this.#mergeGroup(first, session, timeMs, model);
    }
    let kept = blocks.timeMs[first];
    if (!(kept <= timeMs)) kept = Number.isNaN(timeMs) ? kept : timeMs;
    blocks.timeMs[first] = kept;
    const keptTotal = blocks.input[first] + blocks.cacheWrite5m[first] +
      blocks.cacheWrite1h[first] + blocks.cacheRead[first] + blocks.output[first];
    const total = usage.input + usage.cacheWrite5m + usage.cacheWrite1h + usage.cacheRead +
      usage.output;
    if (total < keptTotal) return true;
    blocks.model[first] = model;
    blocks.input[first] = usage.input;
    blocks.cacheWrite5m[first] = usage.cacheWrite5m;
    blocks.cacheWrite1h[first] = usage.cacheWrite1h;
    blocks.cacheRead[first] = usage.cacheRead;
    blocks.output[first] = usage.output;
    return true;
  }

  /**
   * {@linkcode #mergeRepeat} when the response has `usage.iterations` or the kept one is a group:
   * totals over the group, the later group replacing the kept one whole.
   */
  #mergeGroup(first: number, session: number, timeMs: number, model: string): boolean {
    const blocks = this.#blocks;
    const previous = this.#previous;
    const end = blocks.key.length;
    let kept = blocks.timeMs[first];
    if (!(kept <= timeMs)) kept = Number.isNaN(timeMs) ? kept : timeMs;
    let keptTotal = 0;
    for (let i = first; i < end; i++) {
      blocks.timeMs[i] = kept;
      keptTotal += blocks.input[i] + blocks.cacheWrite5m[i] + blocks.cacheWrite1h[i] +
        blocks.cacheRead[i] + blocks.output[i];
    }
    const usage = this.#usage;
    const passes = usage.passes;
    let total = 0;
    if (_executorPasses(passes) > 0) {
      for (const pass of passes!) {
        if (!pass.advisor) {
          total += pass.input + pass.cacheWrite5m + pass.cacheWrite1h + pass.cacheRead +
            pass.output;
        }
      }
    } else {
      total = usage.input + usage.cacheWrite5m + usage.cacheWrite1h + usage.cacheRead +
        usage.output;
    }
    if (passes !== null) this.#pushAdvisor(blocks.key[first], session, passes);
    if (total < keptTotal) return true;
    if (previous.count === 1 && _executorPasses(passes) === 0) {
      blocks.model[first] = model;
      blocks.input[first] = usage.input;
      blocks.cacheWrite5m[first] = usage.cacheWrite5m;
      blocks.cacheWrite1h[first] = usage.cacheWrite1h;
      blocks.cacheRead[first] = usage.cacheRead;
      blocks.output[first] = usage.output;
      return true;
    }
    // A group replaced whole (its size may differ): the kept one's blocks go, the new ones come.
    const key = blocks.key[first];
    for (const column of Object.values(blocks) as unknown[][]) column.length = first;
    previous.count = this.#pushResponse(key, session, model, kept);
    return true;
  }

  /** Remembers the raw id bytes of the block about to be appended, for {@linkcode #mergeRepeat}. */
  #notePrevious(line: Uint8Array): void {
    const f = this.#fields;
    const previous = this.#previous;
    previous.idLength = _copyBytes(previous.id, line, f.slots[ID], f.slots[ID + 1]);
    // -1 when the value was too long to keep: such a block is never folded into.
    previous.block = previous.idLength < 0 ? -1 : this.#blocks.key.length;
    previous.boundaries = this.#boundaries.length;
    previous.count = 1;
  }

  /**
   * Appends the current response's blocks under `key`: one per executor pass of
   * `usage.iterations` (the first keyed `key`, the k-th `key#k`), else one of the top-level
   * usage. Returns how many.
   */
  #pushResponse(key: string, session: number, model: string, timeMs: number): number {
    const blocks = this.#blocks;
    const usage = this.#usage;
    const passes = usage.passes;
    if (passes !== null && _executorPasses(passes) > 0) {
      return this.#pushPasses(key, session, model, timeMs, passes);
    }
    blocks.session.push(session);
    blocks.key.push(key);
    blocks.model.push(model);
    blocks.timeMs.push(timeMs);
    blocks.input.push(usage.input);
    blocks.cacheWrite5m.push(usage.cacheWrite5m);
    blocks.cacheWrite1h.push(usage.cacheWrite1h);
    blocks.cacheRead.push(usage.cacheRead);
    blocks.output.push(usage.output);
    return 1;
  }

  /** {@linkcode #pushResponse} for a response with executor passes: one block per pass. */
  #pushPasses(
    key: string,
    session: number,
    model: string,
    timeMs: number,
    passes: readonly UsagePass[],
  ): number {
    const blocks = this.#blocks;
    let k = 0;
    for (const pass of passes) {
      if (pass.advisor) continue;
      k++;
      blocks.session.push(session);
      blocks.key.push(k === 1 ? key : `${key}#${k}`);
      blocks.model.push(model);
      blocks.timeMs.push(timeMs);
      blocks.input.push(pass.input);
      blocks.cacheWrite5m.push(pass.cacheWrite5m);
      blocks.cacheWrite1h.push(pass.cacheWrite1h);
      blocks.cacheRead.push(pass.cacheRead);
      blocks.output.push(pass.output);
    }
    return k;
  }

  /** The advisor passes of the current response, keyed by its request key and their order. */
  #pushAdvisor(key: string, session: number, passes: readonly UsagePass[]): void {
    const advisor = this.#advisor;
    let k = 0;
    for (const pass of passes) {
      if (!pass.advisor) continue;
      k++;
      advisor.session.push(session);
      advisor.key.push(`${key}#advisor${k}`);
      advisor.model.push(pass.model);
      advisor.input.push(pass.input);
      advisor.cacheWrite5m.push(pass.cacheWrite5m);
      advisor.cacheWrite1h.push(pass.cacheWrite1h);
      advisor.cacheRead.push(pass.cacheRead);
      advisor.output.push(pass.output);
    }
  }

  /** Appends the current record's uuid bytes and time to the look-up arena. */
  #noteUuid(line: Uint8Array, timeMs: number): void {
    // The slots in locals: they live in WebAssembly memory, which a store into another typed
    // array might alias, so V8 would read them again in every turn of the copy.
    const slots = this.#fields.slots;
    const start = slots[UUID];
    const length = slots[UUID + 1] - start;
    const ends = this.#uuidEnds;
    const from = ends.length === 0 ? 0 : ends[ends.length - 1];
    if (from + length > this.#uuidBytes.length) {
      const grown = new Uint8Array(Math.max(2 * this.#uuidBytes.length, from + length));
      grown.set(this.#uuidBytes.subarray(0, from));
      this.#uuidBytes = grown;
    }
    const arena = this.#uuidBytes;
    for (let i = 0; i < length; i++) arena[from + i] = line[start + i];
    ends.push(from + length);
    this.#uuidTimes.push(timeMs);
    if (timeMs > this.#latestMs) this.#latestMs = timeMs;
    this.#uuidLatest.push(this.#latestMs);
  }

  /** Time of the latest record whose uuid bytes equal `line[start, end)`; undefined: none. */
  #uuidTime(line: Uint8Array, start: number, end: number): number | undefined {
    const length = end - start;
    const arena = this.#uuidBytes;
    const ends = this.#uuidEnds;
    for (let k = ends.length - 1; k >= 0; k--) {
      const to = ends[k];
      const from = k === 0 ? 0 : ends[k - 1];
      if (to - from !== length) continue;
      let same = true;
      for (let i = 0; i < length; i++) {
        if (arena[from + i] !== line[start + i]) {
          same = false;
          break;
        }
      }
      if (same) return this.#uuidTimes[k];
    }
    return undefined;
  }

  #assistant(line: Uint8Array, lineNumber: number, session: number, timeMs: number): void {
    const f = this.#fields;
    if (f.slots[MESSAGE] < 0) {
      this.#counts.blocksWithoutUsage++;
      return;
    }
    // The id is decoded only when the block is not a repeat (see #mergeRepeat).
    const id = _nonEmptyString(line, f.slots[ID], f.slots[ID + 1]) ? "?" : "";
    const model = f.slots[MODEL] >= 0 ? this.#model(line, f.slots[MODEL], f.slots[MODEL + 1]) : "";
    const usage = this.#usage;
    let hasUsage = false;
    if (f.slots[USAGE] >= 0) {
      hasUsage = usage.read(line, f.slots[USAGE], f.slots[USAGE + 1]);
      this.#usageReadAt = this.#counts.lines;
    }
    if (usage.invalid > 0) this.#counts.invalidUsageValues += usage.invalid;
    // API errors are synthetic records too; they are counted as API errors, the more telling name.
    if (f.isApiError) {
      this.#counts.apiErrorRecords++;
      return;
    }
    if (model === "<synthetic>") {
      this.#counts.syntheticRecords++;
      return;
    }
    if (!hasUsage) {
      this.#counts.blocksWithoutUsage++;
      return;
    }
    if (usage.otherIterations > 0) this.#counts.otherIterations += usage.otherIterations;
    let key: string;
    if (id) {
      if (this.#mergeRepeat(line, session, timeMs, model)) return;
      key = stringOrEmpty(sliceValue(line, f.slots[ID], f.slots[ID + 1]));
      this.#notePrevious(line);
    } else {
      this.#counts.blocksWithoutMessageId++;
      const uuid = _optionalString(line, f.slots[UUID], f.slots[UUID + 1]);
      key = uuid ? `uuid:${uuid}` : `line:${lineNumber}`;
    }
    const count = this.#pushResponse(key, session, model, timeMs);
    if (id) this.#previous.count = count;
    if (usage.passes !== null) this.#pushAdvisor(key, session, usage.passes);
  }

  /**
   * What the read-cost measurement needs of the current record, to the sink (the contract of
   * ./read_cost_sink.ts), from the fields the corpus reads too.
   */
  #readCost(sink: ReadCostSink, line: Uint8Array, lineNumber: number): void {
    const f = this.#fields;
    const s = f.slots;
    const uuid = _nonEmptyString(line, s[UUID], s[UUID + 1])
      ? this.#uuids!.ofJsonString(line, s[UUID], s[UUID + 1])
      : -1;
    if (!sink.record(uuid)) return;
    if (f.type === "system") {
      if (f.subtype === "compact_boundary") sink.boundary();
      return;
    }
    if (s[MESSAGE] < 0) return;
    if (f.type === "assistant") {
      if (s[USAGE] >= 0 && line[s[USAGE]] === 0x7b) {
        const usage = this.#usage;
        // Read once per line: #assistant has read it already (then it holds this line's).
        if (this.#usageReadAt !== this.#counts.lines) usage.read(line, s[USAGE], s[USAGE + 1]);
        const id = _nonEmptyString(line, s[ID], s[ID + 1])
          ? this.#messageIds!.ofJsonString(line, s[ID], s[ID + 1])
          : -1;
        if (id >= 0 && _executorPasses(usage.passes) > 0) {
          this.#passSnapshots(sink, line, id, uuid, lineNumber);
        } else sink.usage(id, uuid, usage.snapshot(), lineNumber);
      }
      if (s[CONTENT] >= 0) {
        const uses = toolUsesFromBytes(line, s[CONTENT]);
        if (uses.length > 0) sink.toolUses(uses);
      }
    } else if (f.type === "user" && s[CONTENT] >= 0) {
      const results = toolResultsFromBytes(line, s[CONTENT]);
      if (results.length > 0) sink.toolResults(results);
    }
  }

  /**
   * A response with executor passes (`usage.iterations`) is one message per pass to the
   * read-cost measurement too, as it is one request per pass to the corpus: the first keyed by
   * its `message.id`, the k-th by `<id>#k`, each with its own counts (cache writes summed).
   */
  #passSnapshots(
    sink: ReadCostSink,
    line: Uint8Array,
    id: number,
    uuid: number,
    lineNumber: number,
  ): void {
    const s = this.#fields.slots;
    let name = "";
    let k = 0;
    for (const pass of this.#usage.passes!) {
      if (pass.advisor) continue;
      k++;
      if (k === 2) name = stringOrEmpty(sliceValue(line, s[ID], s[ID + 1]));
      const number = k === 1 ? id : this.#messageIds!.ofString(`${name}#${k}`);
      sink.usage(number, uuid, [
        pass.input,
        pass.cacheWrite5m + pass.cacheWrite1h,
        pass.cacheRead,
        pass.output,
      ], lineNumber);
    }
  }

  #boundary(line: Uint8Array, session: number, state: SessionState, timeMs: number): void {
    if (this.#stopAtCompaction) throw COMPACTION_MET;
    const f = this.#fields;
    let meta: Record<string, unknown> = {};
    if (f.slots[METADATA] >= 0) {
      const v = parseSlice(line, f.slots[METADATA], f.slots[METADATA + 1]);
      if (v !== null && typeof v === "object") meta = v as Record<string, unknown>;
    }
    // A string trigger of neither known value (idle compaction's, 2026) is kind other: timed only
    // by its durationMs, like an unknown one (neither start rule is known to hold for it).
    const trigger = meta.trigger === "manual"
      ? COMPACTION_TRIGGER.manual
      : meta.trigger === "auto"
      ? COMPACTION_TRIGGER.auto
      : typeof meta.trigger === "string"
      ? COMPACTION_TRIGGER.other
      : COMPACTION_TRIGGER.unknown;
    const manual = trigger === COMPACTION_TRIGGER.manual;
    const index = this.#boundaries.length;
    let durationSeconds = NaN;
    if (typeof meta.durationMs === "number" && Number.isFinite(meta.durationMs)) {
      durationSeconds = meta.durationMs / 1000;
    } else if (trigger === COMPACTION_TRIGGER.auto) {
      const named = _nonEmptyString(line, f.slots[LOGICAL_PARENT], f.slots[LOGICAL_PARENT + 1]);
      const parentTime = named
        ? this.#uuidTime(line, f.slots[LOGICAL_PARENT], f.slots[LOGICAL_PARENT + 1])
        : undefined;
      if (parentTime === undefined && named) {
        // Perhaps written after the boundary: looked for when the file is done.
        this.#laterParents.push({
          boundary: index,
          uuid: line.slice(f.slots[LOGICAL_PARENT], f.slots[LOGICAL_PARENT + 1]),
          from: this.#uuidEnds.length,
          fallbackMs: state.lastTimeMs,
        });
      }
      durationSeconds = (timeMs - (parentTime ?? state.lastTimeMs)) / 1000;
    }
    if (durationSeconds < 0) durationSeconds = NaN;
    this.#boundaries.push({
      uuid: _optionalString(line, f.slots[UUID], f.slots[UUID + 1]),
      session,
      blocksBefore: this.#blocks.key.length,
      trigger,
      otherTrigger: trigger === COMPACTION_TRIGGER.other ? echoName(meta.trigger as string) : "",
      precomputed: Boolean(meta.precomputed),
      timeMs,
      preTokens: typeof meta.preTokens === "number" ? meta.preTokens : NaN,
      durationSeconds,
      summaryChars: NaN,
    });
    state.awaitingSummary = index;
    // The manual duration waits for the `/compact` command record written after the summary.
    state.awaitingCommand = manual && Number.isNaN(durationSeconds) ? index : -1;
  }

  #user(line: Uint8Array, state: SessionState, timeMs: number): void {
    const f = this.#fields;
    if (f.isCompactSummary && state.awaitingSummary >= 0) {
      const boundary = this.#boundaries[state.awaitingSummary];
      state.awaitingSummary = -1;
      boundary.summaryChars = this.#contentLength(line);
      return;
    }
    if (f.slots[MESSAGE] < 0) return;
    if (
      state.awaitingCommand >= 0 &&
      _containsCommand(line, f.slots[MESSAGE], f.slots[MESSAGE + 1])
    ) {
      const boundary = this.#boundaries[state.awaitingCommand];
      state.awaitingCommand = -1;
      const seconds = (boundary.timeMs - timeMs) / 1000;
      boundary.durationSeconds = seconds >= 0 ? seconds : NaN;
    }
  }

  /**
   * Length (UTF-16 units) of a summary's text: the string, or the `text` of its `text` blocks
   * summed; NaN (no summary) when the content is null, missing or neither.
   */
  #contentLength(line: Uint8Array): number {
    const f = this.#fields;
    if (f.slots[CONTENT] < 0) return NaN;
    const content = parseSlice(line, f.slots[CONTENT], f.slots[CONTENT + 1]);
    if (typeof content === "string") return content.length;
    if (!Array.isArray(content)) return NaN;
    let length = 0;
    for (const block of content) {
      if (
        block !== null && typeof block === "object" && block.type === "text" &&
        typeof block.text === "string"
      ) {
        length += block.text.length;
      }
    }
    return length;
  }

  /**
   * Times the boundaries whose `logicalParentUuid` named no earlier record: the first later
   * record with that uuid, else (a uuid never written) the fallback noted at the boundary.
   */
  #resolveLaterParents(): void {
    const arena = this.#uuidBytes;
    const ends = this.#uuidEnds;
    for (const later of this.#laterParents) {
      const uuid = later.uuid;
      let startMs = later.fallbackMs;
      for (let k = later.from; k < ends.length; k++) {
        const from = k === 0 ? 0 : ends[k - 1];
        if (ends[k] - from !== uuid.length) continue;
        let same = true;
        for (let i = 0; i < uuid.length; i++) {
          if (arena[from + i] !== uuid[i]) {
            same = false;
            break;
          }
        }
        if (same) {
          startMs = this.#uuidTimes[k];
          break;
        }
      }
      const boundary = this.#boundaries[later.boundary];
      const seconds = (boundary.timeMs - startMs) / 1000;
      boundary.durationSeconds = seconds >= 0 ? seconds : NaN;
    }
  }
}
