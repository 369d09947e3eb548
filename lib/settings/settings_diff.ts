/**
 * A line diff of two texts in the unified format (`---`/`+++` header, `@@` hunks, a `-` line
 * removed, a `+` line added, two lines of context): how the settings change is shown before it
 * is written. Longest common subsequence over lines; settings files are small. Pure.
 *
 * @module
 */

/**
 * The unified diff of `before` and `after`.
 *
 * @param before The old text ("" for a file that does not exist).
 * @param after The new text.
 * @param names The two header names (`--- a`, `+++ b`).
 * @param context Lines of context around each change. @default {2}
 * @returns The diff, one string per line; empty when the texts are equal.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unifiedDiff } from "./settings_diff.ts";
 *
 * const diff = unifiedDiff('{\n  "a": 1,\n  "w": 300000\n}\n', '{\n  "a": 1,\n  "w": 153000\n}\n',
 *   ["settings.json", "settings.json (new)"]);
 * assert.deepEqual(diff, [
 *   "--- settings.json", "+++ settings.json (new)", "@@ -1,4 +1,4 @@",
 *   " {", '   "a": 1,', '-  "w": 300000', '+  "w": 153000', " }",
 * ]);
 * ```
 */
export function unifiedDiff(
  before: string,
  after: string,
  names: [string, string],
  context = 2,
): string[] {
  if (before === after) return [];
  const a = _lines(before);
  const b = _lines(after);
  const n = a.length, m = b.length;
  // lcs[i][j]: common subsequence length of a[i..] and b[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  type Op = { kind: " " | "-" | "+"; line: string; ai: number; bi: number };
  const ops: Op[] = [];
  let i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) ops.push({ kind: " ", line: a[i++], ai: i, bi: ++j });
    else if (i < n && (j === m || lcs[i + 1][j] >= lcs[i][j + 1])) {
      ops.push({ kind: "-", line: a[i++], ai: i, bi: j });
    } else ops.push({ kind: "+", line: b[j++], ai: i, bi: j });
  }
  const out = [`--- ${names[0]}`, `+++ ${names[1]}`];
  let k = 0;
  while (k < ops.length) {
    if (ops[k].kind === " ") {
      k++;
      continue;
    }
    let start = Math.max(0, k - context);
    let end = k;
    // Extend the hunk while the next change is within 2 × context lines.
    for (;;) {
      while (end < ops.length && ops[end].kind !== " ") end++;
      let next = end;
      while (next < ops.length && ops[next].kind === " ") next++;
      if (next < ops.length && next - end <= 2 * context) end = next;
      else break;
    }
    end = Math.min(ops.length, end + context);
    while (start > 0 && start > k - context) start--;
    const hunk = ops.slice(start, end);
    const aStart = hunk.findIndex((o) => o.kind !== "+");
    const bStart = hunk.findIndex((o) => o.kind !== "-");
    const aCount = hunk.filter((o) => o.kind !== "+").length;
    const bCount = hunk.filter((o) => o.kind !== "-").length;
    // Line numbers are 1-based; an empty side names the line before it (0 for none).
    const aFrom = aCount === 0 ? hunk[0].ai : hunk[aStart].ai;
    const bFrom = bCount === 0 ? hunk[0].bi : hunk[bStart].bi;
    out.push(`@@ -${aFrom},${aCount} +${bFrom},${bCount} @@`);
    for (const o of hunk) out.push(`${o.kind}${o.line}`);
    k = end;
  }
  return out;
}

function _lines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}
