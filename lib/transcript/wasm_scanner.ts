/**
 * The WebAssembly half of the byte scanner: one shared module instance per thread, its memory,
 * and the regions of that memory that line readers fill.
 *
 * Why WebAssembly: finding the end of a long JSON string, or the next newline, is a search for a
 * few byte values. JavaScript looks at one byte per step; the module (`wasm/scan.wat`) compares
 * 32 at once with SIMD. The record scan ({@linkcode wasmScanRecord}) also validates the line as
 * `JSON.parse` would, in the same pass. The scanner functions in {@linkcode ./json_scan.ts} use it whenever the
 * bytes they are given already live in this memory ({@linkcode inScanMemory}), and their
 * JavaScript loops otherwise; tests check the two agree byte for byte.
 *
 * Regions: a line reader takes a region, reads file bytes straight into it (no copy), and gives
 * it back when done. Regions are handed out as a stack; a region that must grow while another sits
 * above it moves to the top. Memory only grows (a WebAssembly rule), so after the longest line of
 * a run it stays that large; growing replaces `memory.buffer`, so views must be re-fetched with
 * {@linkcode scanBytes} after any call that may grow.
 *
 * @module
 */

import { SCAN_WASM_BASE64 } from "./wasm/scan_wasm.ts";

interface ScanExports {
  memory: WebAssembly.Memory;
  string_end(pos: number, end: number): number;
  index_of(byte: number, pos: number, end: number): number;
  skip_value(pos: number, end: number): number;
  scan_record(pos: number, end: number): number;
  string_units(pos: number, end: number): number;
  scan_members(pos: number, end: number): number;
  iso_time_ms(pos: number, end: number): number;
}

/** Bytes below this address are the module's own (bracket stack, member tables; see scan.wat). */
const DATA_START = 131072;
/** Int32 index of the record's member count, and of its `message` object's (-1: none). */
export const RECORD_COUNT_INDEX = 32768 / 4;
export const MESSAGE_COUNT_INDEX = 32772 / 4;
/** Int32 index of the member tables: 4 per member (keyStart, keyEnd, valueStart, valueEnd). */
export const RECORD_TABLE_INDEX = 65536 / 4;
export const MESSAGE_TABLE_INDEX = 98304 / 4;
/** Byte addresses of the key ids of the record's and the message's members (one byte each). */
export const RECORD_KEY_IDS = 33280;
export const MESSAGE_KEY_IDS = 35328;
/** Int32 index of {@linkcode wasmScanMembers}' member count and table; byte address of its ids. */
export const OBJECT_COUNT_INDEX = 32776 / 4;
export const OBJECT_TABLE_INDEX = 40960 / 4;
export const OBJECT_KEY_IDS = 37376;
/**
 * Int32 indices of the slot tables the scans fill: at `index + 2 × id` the start and end of the
 * value of the last member with key id `id` (see ./wasm/key_ids.ts), both -1 when absent. One
 * table for the record, one for its `message` object, one for `scan_members`' object.
 */
export const RECORD_SLOTS_INDEX = 38400 / 4;
export const MESSAGE_SLOTS_INDEX = 38656 / 4;
export const OBJECT_SLOTS_INDEX = 38912 / 4;
const PAGE = 65536;
/**
 * Memory kept past the last region: the module reads a few bytes beyond a value's end in
 * branch-free checks (a keyword's 4 bytes, a key's 7), so a line that ends a region must not end
 * the memory.
 */
const SLACK = 64;

function _instantiate(): ScanExports {
  const binary = atob(SCAN_WASM_BASE64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  // Synchronous: the module is under 1 KB, and an async start would make every reader async.
  return new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as ScanExports;
}

const wasm = _instantiate();
// Views of the memory, replaced whenever it grows. Only this module grows it (the module's code
// never does), so the views are current between growths without asking `memory.buffer`, whose
// getter showed up at 1–2% of a profile when called per line.
let buffer = wasm.memory.buffer;
let view = new Uint8Array(buffer);
let ints = new Int32Array(buffer);

/** The module's memory as bytes. Re-fetch after anything that may have grown it. */
export function scanBytes(): Uint8Array {
  return view;
}

/** The module's memory as 32-bit integers, for reading the member tables. */
export function scanInts(): Int32Array {
  return ints;
}

/** Whether `bytes` is a view into the scanner's memory (so the SIMD functions can read it). */
export function inScanMemory(bytes: Uint8Array): boolean {
  return bytes.buffer === buffer;
}

/**
 * Position after the closing quote of the string that continues at absolute address `pos` (not
 * inside an escape), or -1 when it does not close before `end`.
 */
export const wasmStringEnd: (pos: number, end: number) => number = wasm.string_end;

/** Absolute address of the first `byte` in `[pos, end)`, or -1. */
export const wasmIndexOf: (byte: number, pos: number, end: number) => number = wasm.index_of;

/**
 * End of the JSON value at absolute address `pos`, -1 when broken, -3 when nested deeper than
 * 32,768 levels (use the JavaScript scanner then).
 */
export const wasmSkipValue: (pos: number, end: number) => number = wasm.skip_value;

/**
 * Walks the record object at absolute address `pos`: its members go to the record table, those of
 * its `message` object (when that is an object) to the message table, as absolute addresses.
 * Returns the position after the object, -1 when it is not a well-formed object (the grammar
 * `forEachMember` checks), -3 when more than 2,048 members or 32,768 nesting levels need the
 * JavaScript scanner instead.
 */
export const wasmScanRecord: (pos: number, end: number) => number = wasm.scan_record;

/**
 * UTF-16 length of the valid JSON string that continues at absolute address `pos` (after its
 * opening quote), counted from its bytes (UTF-8 sequences included); -1 when it holds bytes that
 * are not well-formed UTF-8 (decode it then: TextDecoder's replacements decide) or does not close
 * before `end`.
 */
export const wasmStringUnits: (pos: number, end: number) => number = wasm.string_units;

/**
 * The members of the object at absolute address `pos` into the object table (up to 1,024, with
 * their key ids), validating it as `JSON.parse` would. Returns the end of the object, -1 when it
 * is not a valid JSON object, -3 when it has more members (or nests deeper) than the tables hold.
 * Overwrites the previous call's table; the record tables are left alone.
 */
export const wasmScanMembers: (pos: number, end: number) => number = wasm.scan_members;

/**
 * Milliseconds since 1970 of the JSON string at absolute addresses `[pos, end)` (quotes included)
 * when it is a plain UTC timestamp, `YYYY-MM-DDTHH:MM:SS(.mmm)Z` with year ≥ 1 and day ≤ 28; NaN
 * for anything else, which the caller reads by the ISO rule of ./iso_time.ts (a date-time without
 * a zone is UTC there).
 */
export const wasmIsoTimeMs: (pos: number, end: number) => number = wasm.iso_time_ms;

/** A byte range of the scanner's memory owned by one reader. */
export interface ScanRegion {
  /** Absolute address of the region's first byte. */
  offset: number;
  /** Size in bytes. */
  capacity: number;
}

interface Slot extends ScanRegion {
  live: boolean;
}

const stack: Slot[] = [];

function _top(): number {
  const last = stack.at(-1);
  return last === undefined ? DATA_START : last.offset + last.capacity;
}

function _ensureMemory(end: number): void {
  end += SLACK;
  const size = wasm.memory.buffer.byteLength;
  if (end > size) {
    wasm.memory.grow(Math.ceil((end - size) / PAGE));
    buffer = wasm.memory.buffer;
    view = new Uint8Array(buffer);
    ints = new Int32Array(buffer);
  }
}

/** Takes a region of `capacity` bytes. Give it back with {@linkcode releaseRegion}. */
export function acquireRegion(capacity: number): ScanRegion {
  const slot: Slot = { offset: _top(), capacity, live: true };
  _ensureMemory(slot.offset + capacity);
  stack.push(slot);
  return slot;
}

/**
 * Grows `region` to `capacity` bytes, keeping its first `keep` bytes. The region's `offset` may
 * change (when another region sits above it).
 */
export function growRegion(region: ScanRegion, capacity: number, keep: number): void {
  const slot = region as Slot;
  if (stack.at(-1) === slot) {
    _ensureMemory(slot.offset + capacity);
    slot.capacity = capacity;
    return;
  }
  // Another region sits above: leave a dead placeholder where this one was (its space returns
  // once everything above is released) and move to the top.
  stack[stack.indexOf(slot)] = { offset: slot.offset, capacity: slot.capacity, live: false };
  const offset = _top();
  _ensureMemory(offset + capacity);
  scanBytes().copyWithin(offset, slot.offset, slot.offset + keep);
  slot.offset = offset;
  slot.capacity = capacity;
  stack.push(slot);
}

/** Gives a region back. Its bytes may be reused at once. */
export function releaseRegion(region: ScanRegion): void {
  (region as Slot).live = false;
  _popDead();
}

function _popDead(): void {
  while (stack.length > 0 && !stack[stack.length - 1].live) stack.pop();
}
