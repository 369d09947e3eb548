/**
 * The fuzz suite's independent count of a file's lines, from the framing rules of
 * lib/transcript/jsonl.ts written out naively (not its code): a UTF-8 byte-order mark at the start
 * is dropped; lines end at `\n`; a last line without `\n` counts when it has any byte; a line of
 * more than `maxLineBytes` bytes is oversized; one of only spaces, tabs, `\r` and `\n` is blank;
 * any other is a record when `JSON.parse` of its text (decoded with U+FFFD for bad bytes, a later
 * byte-order mark kept) is an object that is not an array, and malformed otherwise.
 *
 * @module
 */

/** Counts of one file, by kind of line. */
export interface LineCounts {
  lines: number;
  records: number;
  malformed: number;
  blank: number;
  oversized: number;
}

const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/**
 * Counts the lines of `bytes` by kind.
 *
 * @param bytes The whole file.
 * @param maxLineBytes The reader's line limit, bytes.
 * @returns The counts.
 */
export function referenceLineCounts(bytes: Uint8Array, maxLineBytes: number): LineCounts {
  const counts: LineCounts = { lines: 0, records: 0, malformed: 0, blank: 0, oversized: 0 };
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start);
    const last = end === -1;
    if (last) end = bytes.length;
    counts.lines++;
    const line = bytes.subarray(start, end);
    if (line.length > maxLineBytes) counts.oversized++;
    else if (line.every((b) => b === 0x20 || b === 0x09 || b === 0x0d || b === 0x0a)) {
      counts.blank++;
    } else {
      let value: unknown;
      try {
        value = JSON.parse(decoder.decode(line));
      } catch {
        value = undefined;
      }
      if (value !== null && typeof value === "object" && !Array.isArray(value)) counts.records++;
      else counts.malformed++;
    }
    start = end + 1;
  }
  return counts;
}
