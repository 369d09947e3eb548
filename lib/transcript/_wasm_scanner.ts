/**
 * The WebAssembly half of the byte scanner: one shared module instance per thread, its memory,
 * and the regions of that memory that line readers fill.
 *
 * Why WebAssembly: finding the end of a long JSON string, or the next newline, is a search for a
 * few byte values. JavaScript looks at one byte per step; the module (`wasm/scan.wat`) compares
 * 16 to 64 at once with SIMD. The record scan ({@linkcode wasmScanRecord}) also validates the line as
 * `JSON.parse` would, in the same pass. The scanner functions in {@linkcode ./_json_scan.ts} use it whenever the
 * bytes they are given already live in this memory ({@linkcode inScanMemory}), and their
 * JavaScript loops otherwise; tests check the two agree byte for byte.
 *
 * Regions: a line reader takes a region, reads file bytes straight into it (no copy), and gives
 * it back when done. Regions are handed out as a stack; a region that must grow while another sits
 * above it moves to the top. Memory only grows (a WebAssembly rule), so after the longest line of
 * a run it stays that large; growing replaces `memory.buffer`, so views must be re-fetched with
 * {@linkcode regionMemory} after any call that may grow.
 *
 * Private to the reader (the `_` prefix; ./mod.ts does not re-export it). The scanner's own files
 * are this one, ./_json_scan.ts, ./_utf8_units.ts and ./wasm/ (whose memory layout build.ts
 * generates from scan.wat into ./wasm/_scan_layout.ts). Every other module reads the scans'
 * results through the small named readers here ({@linkcode memberCount}, {@linkcode memberKeyId},
 * {@linkcode memberValueStart}, {@linkcode recordSlots}, …), never through the layout.
 *
 * @module
 */

import * as L from "./wasm/_scan_layout.ts";
import { KEY_IDS } from "./wasm/key_ids.ts";
import { SCAN_WASM_BASE64 } from "./wasm/scan_wasm.ts";
import { utf8UnitsInWords } from "./_utf8_units.ts";

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

/** Which of the scans' member tables (and slot tables) to read. */
export type ScanTable = 0 | 1 | 2;
/** The record's own members ({@linkcode wasmScanRecord}). */
export const RECORD_TABLE: ScanTable = 0;
/** The members of the record's `message` object ({@linkcode wasmScanRecord}). */
export const MESSAGE_TABLE: ScanTable = 1;
/** The members of the object given to {@linkcode wasmScanMembers}. */
export const OBJECT_TABLE: ScanTable = 2;

/** Slots per table: one per key id (0, any other key, included; see ./wasm/key_ids.ts). */
export const SLOT_COUNT = KEY_IDS.length + 1;
// The slot tables hold 26 slots of 8 bytes (scan.wat's clear_slots).
if (SLOT_COUNT > 26) throw new Error("more key ids than scan.wat's slot tables hold");

// Int32 indices (and byte addresses of the key ids) by table, from the generated layout.
const COUNT_AT = Int32Array.of(L.RECORD_COUNT >> 2, L.MESSAGE_COUNT >> 2, L.OBJECT_COUNT >> 2);
const MEMBERS_AT = Int32Array.of(L.RECORD_TABLE >> 2, L.MESSAGE_TABLE >> 2, L.OBJECT_TABLE >> 2);
const KEY_IDS_AT = Int32Array.of(L.RECORD_KEY_IDS, L.MESSAGE_KEY_IDS, L.OBJECT_KEY_IDS);
const DATA_START = L.DATA_START;
const ESCAPED_KEY_AT = L.ESCAPED_KEY >> 2;
const UNITS_END_AT = L.UNITS_END >> 2;
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
  // Synchronous: the module is small, and an async start would make every reader async.
  return new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports as unknown as ScanExports;
}

const wasm = _instantiate();
// Views of the memory, replaced whenever it grows. Only this module grows it (the module's code
// never does), so the views are current between growths without asking `memory.buffer`, whose
// getter showed up in profiles when called per line.
let buffer = wasm.memory.buffer;
let view = new Uint8Array(buffer);
let ints = new Int32Array(buffer);

/**
 * The bytes the regions live in (the whole memory): a line reader fills its region through this
 * view and hands lines on as `(bytes, start, end)` of it. Re-fetch after anything that may have
 * grown the memory. For line readers only; the scans' tables are read through the named readers
 * below.
 */
export function regionMemory(): Uint8Array {
  return view;
}

/**
 * Members the last scan wrote to `table` (the message table's count is -1: no message object).
 *
 * @param table {@linkcode RECORD_TABLE}, {@linkcode MESSAGE_TABLE} or {@linkcode OBJECT_TABLE}.
 * @returns The count.
 *
 * @example Scan a record and read its tables
 * ```ts
 * import {
 *   acquireRegion, memberCount, memberKeyId, memberValueStart, MESSAGE_SLOT_INDEX,
 *   recordSlots, RECORD_TABLE, regionMemory, releaseRegion, wasmScanRecord,
 * } from "./_wasm_scanner.ts";
 * import { KEY } from "./wasm/key_ids.ts";
 * import assert from "node:assert/strict";
 * const bytes = new TextEncoder().encode('{"type":"x","message":{"id":"m"}}');
 * const region = acquireRegion(bytes.length);
 * regionMemory().set(bytes, region.offset);
 * assert.equal(wasmScanRecord(region.offset, region.offset + bytes.length), region.offset + 33);
 * assert.equal(memberCount(RECORD_TABLE), 2);
 * assert.equal(memberKeyId(RECORD_TABLE, 1), KEY.message);
 * assert.equal(memberValueStart(RECORD_TABLE, 0) - region.offset, 8); // "x"
 * // Slots are relative to the scanned line: message.id's "m" spans bytes 28 to 31.
 * const slots = recordSlots();
 * const id = MESSAGE_SLOT_INDEX + 2 * KEY.id;
 * assert.deepEqual([slots[id], slots[id + 1]], [28, 31]);
 * assert.deepEqual([slots[2 * KEY.type], slots[2 * KEY.type + 1]], [8, 11]);
 * releaseRegion(region);
 * ```
 */
export function memberCount(table: ScanTable): number {
  return ints[COUNT_AT[table]];
}

/**
 * Whether the last {@linkcode wasmScanRecord} or {@linkcode wasmScanMembers} met a key it gave
 * id 0 that holds an escape: such a key may spell a known one (`"\u0074ype"`), so the caller
 * reads the object in JavaScript instead, where keys are decoded (./key_id_of.ts).
 */
export function escapedKey(): boolean {
  return ints[ESCAPED_KEY_AT] !== 0;
}

/**
 * Absolute address after the closing quote of the string the last {@linkcode wasmStringUnits}
 * measured (-1 when it returned -1): one pass measures a string and finds where it ends.
 */
export function lastUnitsEnd(): number {
  return ints[UNITS_END_AT];
}

/** Key id (./wasm/key_ids.ts; 0: any other key) of member `k` of `table`. */
export function memberKeyId(table: ScanTable, k: number): number {
  return view[KEY_IDS_AT[table] + k];
}

/** Absolute address of the first byte of member `k`'s key (after its opening quote). */
export function memberKeyStart(table: ScanTable, k: number): number {
  return ints[MEMBERS_AT[table] + 4 * k];
}

/** Absolute address of member `k`'s key's closing quote. */
export function memberKeyEnd(table: ScanTable, k: number): number {
  return ints[MEMBERS_AT[table] + 4 * k + 1];
}

/** Absolute address of member `k`'s value. */
export function memberValueStart(table: ScanTable, k: number): number {
  return ints[MEMBERS_AT[table] + 4 * k + 2];
}

/** Absolute address after member `k`'s value. */
export function memberValueEnd(table: ScanTable, k: number): number {
  return ints[MEMBERS_AT[table] + 4 * k + 3];
}

/**
 * Where the message's slots begin in {@linkcode recordSlots} (the record's come first): for key
 * id `id`, the message's `message.<key>` range is at `MESSAGE_SLOT_INDEX + 2 × id`.
 */
export const MESSAGE_SLOT_INDEX = (L.MESSAGE_SLOTS - L.RECORD_SLOTS) >> 2;

/** Live views of the slot tables (re-made when the memory grows). */
let recordView = _recordView();
let tableViews = _tableViews();

function _recordView(): Int32Array {
  return new Int32Array(buffer, L.RECORD_SLOTS, MESSAGE_SLOT_INDEX + 2 * SLOT_COUNT);
}

function _tableViews(): Int32Array[] {
  return [L.RECORD_SLOTS, L.MESSAGE_SLOTS, L.OBJECT_SLOTS].map((at) =>
    new Int32Array(buffer, at, 2 * SLOT_COUNT)
  );
}

/**
 * The slots of the last {@linkcode wasmScanRecord}, read in place: for each key id `id`,
 * `[2 id]` and `[2 id + 1]` hold the start and end of the value of the record's last member with
 * that id, relative to the position the scan was given, or -1 and -1 when there is none; from
 * {@linkcode MESSAGE_SLOT_INDEX} the same for the members of its `message` object. The reader's
 * JavaScript path fills the same view itself, so fields are read one way. The view is valid until
 * the memory next grows (only regions grow it; fetch it again per line).
 */
export function recordSlots(): Int32Array {
  return recordView;
}

/**
 * The slots of one table, as {@linkcode recordSlots} describes them: the record's or its
 * message's (last {@linkcode wasmScanRecord}), or the object's (last {@linkcode wasmScanMembers},
 * relative to the position that scan was given).
 */
export function slotTable(table: ScanTable): Int32Array {
  return tableViews[table];
}

/**
 * UTF-16 length of the valid JSON string that continues at absolute address `pos` (after its
 * opening quote) and closes before `end`: {@linkcode wasmStringUnits} for ASCII, else counted
 * from the memory's bytes four at a time; -1 when it holds bytes that are not well-formed UTF-8.
 */
export function scanStringUnits(pos: number, end: number): number {
  const units = wasm.string_units(pos, end);
  return units >= 0 ? units : utf8UnitsInWords(view, ints, pos, end - 1);
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
    recordView = _recordView();
    tableViews = _tableViews();
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
  view.copyWithin(offset, slot.offset, slot.offset + keep);
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
