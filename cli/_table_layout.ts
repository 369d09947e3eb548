/**
 * Which rows of `analyze`'s trigger table are printed. The JSON keeps every trigger; the text
 * table is read by a person, so two kinds of run are shortened there:
 * - a run of rows identical to the one before it (triggers past every replayed context) is one
 *   line that says so;
 * - a long run of triggers no session of the corpus reaches (their curve is all extrapolation)
 *   shows its first row, every `every`-th row after it and its last row, then one line that says
 *   how many rows were left out.
 *
 * @module
 */

/** One printed line of the table: a row, or a line standing for rows not printed. */
export type TableLine =
  | { kind: "row"; index: number }
  | { kind: "same"; from: number; to: number; as: number }
  | { kind: "thinned"; from: number; to: number; every: number; hidden: number };

/** Options of {@linkcode triggerTableLayout}. */
export interface TableLayoutOptions {
  /** In a thinned run, every how many rows one is printed. @default {5} */
  every?: number;
}

/**
 * The lines of the trigger table.
 *
 * @param cells Each row's printed text after the trigger (rows with the same text are the same).
 * @param reached Per row: whether any session of the corpus reaches its trigger.
 * @param options How thin a run of unreached rows gets.
 * @returns The lines in order. A run of three or more identical rows is its first row and a
 * `same` line (rows `from` … `to`, as row `as`). A run of more than 2 × `every` unreached rows
 * that are not identical runs is thinned: its first row, every `every`-th row counted from it,
 * its last row, and a `thinned` line for rows `from` … `to` with the number left out.
 * @throws {RangeError} When `every` is not an integer ≥ 2, or the two arrays differ in length.
 *
 * @example Worked by hand: rows 2 … 13 no session reaches, rows 14 … 16 identical
 * ```ts
 * import assert from "node:assert/strict";
 * import { triggerTableLayout } from "./_table_layout.ts";
 * const cells = ["a", "b", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11", "c12",
 *   "c13", "z", "z", "z"];
 * const reached = cells.map((_, i) => i < 2);
 * const lines = triggerTableLayout(cells, reached, { every: 5 });
 * assert.deepEqual(lines.map((l) => l.kind === "row" ? l.index : l.kind), [
 *   0, 1, 2, 7, 12, 13, "thinned", 14, "same",
 * ]);
 * assert.deepEqual(lines[6], { kind: "thinned", from: 2, to: 13, every: 5, hidden: 8 });
 * assert.deepEqual(lines[8], { kind: "same", from: 15, to: 16, as: 14 });
 * ```
 */
export function triggerTableLayout(
  cells: readonly string[],
  reached: readonly boolean[],
  options: TableLayoutOptions = {},
): TableLine[] {
  const every = options.every ?? 5;
  if (!(Number.isInteger(every) && every >= 2)) {
    throw new RangeError(`Cannot lay out the table: every must be an integer >= 2, got ${every}`);
  }
  if (cells.length !== reached.length) {
    throw new RangeError(
      `Cannot lay out the table: ${cells.length} rows but ${reached.length} reach flags`,
    );
  }
  // Units: a single row, or a row with the identical rows after it.
  const units: { index: number; sameTo: number }[] = [];
  for (let i = 0; i < cells.length; i++) {
    let j = i;
    while (j + 1 < cells.length && cells[j + 1] === cells[i]) j++;
    if (j - i >= 2) {
      units.push({ index: i, sameTo: j });
      i = j;
    } else units.push({ index: i, sameTo: i });
  }
  const lines: TableLine[] = [];
  for (let u = 0; u < units.length; u++) {
    const thinnable = (v: number) =>
      v < units.length && units[v].sameTo === units[v].index && !reached[units[v].index];
    let end = u;
    while (thinnable(end)) end++;
    if (end - u > 2 * every) {
      let shown = 0;
      for (let v = u; v < end; v++) {
        if ((v - u) % every === 0 || v === end - 1) {
          lines.push({ kind: "row", index: units[v].index });
          shown++;
        }
      }
      lines.push({
        kind: "thinned",
        from: units[u].index,
        to: units[end - 1].index,
        every,
        hidden: end - u - shown,
      });
      u = end - 1;
      continue;
    }
    const { index, sameTo } = units[u];
    lines.push({ kind: "row", index });
    if (sameTo > index) lines.push({ kind: "same", from: index + 1, to: sameTo, as: index });
  }
  return lines;
}
