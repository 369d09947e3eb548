/**
 * Piecewise-linear series cut at a top level, so that marks stay inside the plot without a clip
 * path (the PNG renderer draws a clip as a layer and mask over the whole canvas: about 0.2 s
 * for the trigger figure's one clipped group).
 *
 * @module
 */

/** Which columns of the rows are cut, and how. */
export interface CutColumns<K extends string> {
  /** Edges of an area: above the top they take the top, so the area ends along the top edge. */
  clamp: readonly K[];
  /** Lines: above the top they are NaN, so the line stops where it crosses the top. */
  gap: readonly K[];
}

/**
 * The rows cut at `top`. Between two neighbouring rows where a cut column crosses the top, a row
 * is inserted at the crossing, every column interpolated linearly there (the crossing column is
 * exactly `top`). Then the `clamp` columns take min(value, top) and the `gap` columns NaN above
 * the top. Drawn with linear scales and linear curves, the marks are those of the uncut rows
 * clipped at the top; the other columns are unchanged (an inserted row lies on their segments).
 * A non-finite value stays as it is and crosses nothing.
 *
 * @param rows The rows, in ascending order of their horizontal position (a column like the
 *   others: it is interpolated at a crossing too).
 * @param columns The columns to cut.
 * @param top The level, in the columns' units.
 * @returns New rows (the input is not changed).
 *
 * @example A line rising through the top at 3: cut where it crosses, a quarter of the way
 * ```ts
 * import assert from "node:assert/strict";
 * import { cutAtTop } from "./cut_at_top.ts";
 * const rows = [{ x: 0, y: 1, band: 1 }, { x: 4, y: 9, band: 9 }];
 * const cut = cutAtTop(rows, { clamp: ["band"], gap: ["y"] }, 3);
 * // y = 1 + 2x reaches 3 at x = 1.
 * assert.deepEqual(cut, [{ x: 0, y: 1, band: 1 }, { x: 1, y: 3, band: 3 }, { x: 4, y: NaN, band: 3 }]);
 * ```
 */
export function cutAtTop<K extends string, R extends Record<K, number>>(
  rows: readonly R[],
  columns: CutColumns<K>,
  top: number,
): R[] {
  const cut = [...columns.clamp, ...columns.gap];
  const out: R[] = [];
  for (let i = 0; i < rows.length; i++) {
    const a = rows[i];
    out.push({ ...a });
    const b = rows[i + 1];
    if (b === undefined) break;
    // Where each cut column crosses the top between a and b, as a share t of the way.
    const crossings = new Map<number, K[]>();
    for (const c of cut) {
      const va = a[c], vb = b[c];
      if (!Number.isFinite(va) || !Number.isFinite(vb) || (va > top) === (vb > top)) continue;
      const t = (top - va) / (vb - va);
      if (!(t > 0 && t < 1)) continue;
      crossings.set(t, [...(crossings.get(t) ?? []), c]);
    }
    for (const t of [...crossings.keys()].sort((p, q) => p - q)) {
      const row = { ...a };
      for (const key of Object.keys(a) as K[]) {
        const va = a[key], vb = b[key];
        (row as Record<K, number>)[key] = Number.isFinite(va) && Number.isFinite(vb)
          ? va + t * (vb - va)
          : NaN;
      }
      for (const c of crossings.get(t)!) (row as Record<K, number>)[c] = top;
      out.push(row);
    }
  }
  for (const row of out) {
    const r = row as Record<K, number>;
    for (const c of columns.clamp) if (r[c] > top) r[c] = top;
    for (const c of columns.gap) if (r[c] > top) r[c] = NaN;
  }
  return out;
}
