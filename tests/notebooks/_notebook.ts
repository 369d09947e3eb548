/**
 * Checks for the notebook test: what a committed notebook must look like, what a fresh run must
 * show, and the notebook's code as one module for `deno check`.
 *
 * Conventions (see tests/notebooks/README.md):
 * - the first code cell is the parameters cell, tagged `parameters` (papermill's convention),
 *   and no other cell carries that tag;
 * - a **chart cell** is a code cell that calls `displayChart(`; it must show an `image/png`;
 * - a **display cell** is a chart cell or a code cell whose committed version has outputs; a
 *   fresh run must give it outputs of the same kinds (output type and MIME types).
 *
 * The kinds, not the text, are compared: the kernel's lost-output defect shows as a missing
 * output, while a number that changed with the library is the library's business.
 *
 * @module
 */

import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

/** One output of a code cell (nbformat 4). */
export interface NotebookOutput {
  output_type: string;
  name?: string;
  data?: Record<string, unknown>;
  ename?: string;
  evalue?: string;
  traceback?: string[];
  text?: string | string[];
}

/** One cell (nbformat 4). */
export interface NotebookCell {
  cell_type: string;
  source: string | string[];
  outputs?: NotebookOutput[];
  execution_count?: number | null;
  metadata?: Record<string, unknown>;
}

/** A notebook (nbformat 4), only the fields the checks read. */
export interface Notebook {
  cells: NotebookCell[];
  metadata?: Record<string, unknown>;
}

/** The cell's source as one string. */
export function cellSource(cell: NotebookCell): string {
  return Array.isArray(cell.source) ? cell.source.join("") : cell.source;
}

/** Whether the code cell draws a chart (calls `displayChart(`). */
export function isChartCell(cell: NotebookCell): boolean {
  return cell.cell_type === "code" && /\bdisplayChart\s*\(/.test(cellSource(cell));
}

/** Whether the code cell shows a live block (calls `displayLive(`, lib/live/). */
export function isLiveCell(cell: NotebookCell): boolean {
  return cell.cell_type === "code" && /\bdisplayLive\s*\(/.test(cellSource(cell));
}

/** The text of a MIME entry (nbformat may store it as a list of lines). */
function _text(value: unknown): string {
  return Array.isArray(value) ? value.join("") : typeof value === "string" ? value : "";
}

/**
 * Whether the cell holds a live block: an HTML output with the default view's PNG inline, the
 * embedded data and the script (lib/live/live_block.ts).
 */
export function hasLiveBlock(cell: NotebookCell): boolean {
  return (cell.outputs ?? []).some((out) => {
    const html = _text(out.data?.["text/html"]);
    return /<img class="live-png" src="data:image\/png;base64,[A-Za-z0-9+/=]{1000,}"/.test(html) &&
      html.includes('<script type="application/json" class="live-data">') &&
      html.includes("<script>(function(){");
  });
}

/** The helpers a displaying cell may end with: each waits `DISPLAY_SETTLE_MS` after its output. */
const _SETTLED_END = /^await (displayChart|displayTable|displayLive|settleDisplay)\(/;

/**
 * Whether the cell's last statement awaits a displaying helper (so the cell cannot finish before
 * its last output is out). The last statement is the last line that starts in the first column
 * and does not close a bracket.
 */
export function endsSettled(cell: NotebookCell): boolean {
  const lines = cellSource(cell).trimEnd().split("\n");
  const starts = lines.filter((l) => l !== "" && !/^[\s)\]}]/.test(l) && !l.startsWith("//"));
  return starts.length > 0 && _SETTLED_END.test(starts[starts.length - 1]);
}

/** Output kinds of a cell, e.g. `display_data:image/png,text/html,text/plain`, `stream:stdout`. */
export function outputKinds(cell: NotebookCell): string[] {
  return (cell.outputs ?? []).map((out) => {
    if (out.output_type === "stream") return `stream:${out.name ?? ""}`;
    if (out.output_type === "error") return "error";
    return `${out.output_type}:${Object.keys(out.data ?? {}).sort().join(",")}`;
  });
}

function _hasPng(cell: NotebookCell): boolean {
  return (cell.outputs ?? []).some((out) =>
    typeof out.data?.["image/png"] === "string" && (out.data["image/png"] as string).length > 100
  );
}

function _tags(cell: NotebookCell): string[] {
  const tags = cell.metadata?.tags;
  return Array.isArray(tags) ? tags.filter((t): t is string => typeof t === "string") : [];
}

// deno-lint-ignore no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

function _errors(nb: Notebook): string[] {
  const found: string[] = [];
  nb.cells.forEach((cell, i) => {
    for (const out of cell.outputs ?? []) {
      if (out.output_type !== "error") continue;
      const trace = (out.traceback ?? []).join("\n").replace(ANSI, "").split("\n").slice(0, 8);
      found.push(
        `cell ${i}: ${out.ename ?? "Error"}: ${(out.evalue ?? "").replace(ANSI, "")}\n    ` +
          trace.join("\n    "),
      );
    }
  });
  return found;
}

/**
 * Problems of a committed notebook: no single parameters cell first, code cells not executed or
 * executed out of order, error outputs, chart cells without a PNG.
 *
 * @param nb The committed notebook.
 * @returns One line per problem; empty when the notebook is fine.
 */
export function checkCommitted(nb: Notebook): string[] {
  const problems: string[] = [];
  let expected = 1;
  nb.cells.forEach((cell, i) => {
    if (cell.cell_type !== "code" || cellSource(cell).trim() === "") return;
    if (cell.execution_count !== expected) {
      problems.push(
        `cell ${i}: execution_count ${cell.execution_count ?? "null"}, expected ${expected} ` +
          `(commit the notebook as executed top to bottom in one run)`,
      );
    }
    expected++;
    if (isChartCell(cell) && !_hasPng(cell)) {
      problems.push(`cell ${i}: chart cell has no image/png output`);
    }
    if ((cell.outputs ?? []).length > 0 && !endsSettled(cell)) {
      problems.push(
        `cell ${i}: shows output but does not end with await displayChart/displayTable/` +
          `displayLive/settleDisplay (a bare last value or print can be lost)`,
      );
    }
    if (isLiveCell(cell) && !hasLiveBlock(cell)) {
      problems.push(`cell ${i}: live cell has no live block (HTML with its PNG, data and script)`);
    }
  });
  const tagged = nb.cells.flatMap((c, i) => _tags(c).includes("parameters") ? [i] : []);
  const firstCode = nb.cells.findIndex((c) => c.cell_type === "code");
  if (firstCode < 0) problems.push("notebook has no code cell");
  else if (tagged.length !== 1 || tagged[0] !== firstCode) {
    problems.push(
      `the first code cell (cell ${firstCode}) must be the one cell tagged "parameters" ` +
        `(tagged: ${tagged.join(", ") || "none"})`,
    );
  }
  problems.push(..._errors(nb).map((e) => `error output committed: ${e}`));
  return problems;
}

/**
 * Problems of a fresh run against the committed notebook: other cells, errors, display cells
 * without their outputs, chart cells without a PNG.
 *
 * @param committed The notebook as committed.
 * @param fresh The same notebook executed just now.
 * @returns One line per problem; empty when the fresh run matches.
 */
export function checkFresh(committed: Notebook, fresh: Notebook): string[] {
  const problems: string[] = [];
  problems.push(..._errors(fresh).map((e) => `error: ${e}`));
  if (committed.cells.length !== fresh.cells.length) {
    problems.push(`cell count: committed ${committed.cells.length}, fresh ${fresh.cells.length}`);
    return problems;
  }
  committed.cells.forEach((was, i) => {
    const now = fresh.cells[i];
    if (was.cell_type !== now.cell_type || cellSource(was) !== cellSource(now)) {
      problems.push(`cell ${i}: source or type differs from the committed cell`);
      return;
    }
    if (was.cell_type !== "code") return;
    const display = isChartCell(was) || (was.outputs ?? []).length > 0;
    const kindsNow = outputKinds(now);
    if (display && kindsNow.length === 0) {
      problems.push(`cell ${i}: showed nothing (committed: ${outputKinds(was).join(" ") || "-"})`);
      return;
    }
    if (isChartCell(was) && !_hasPng(now)) problems.push(`cell ${i}: chart without image/png`);
    if (isLiveCell(was) && !hasLiveBlock(now)) {
      problems.push(`cell ${i}: live cell without its block`);
    }
    const kindsWas = outputKinds(was);
    if (kindsWas.join(" ") !== kindsNow.join(" ")) {
      problems.push(
        `cell ${i}: outputs ${kindsNow.join(" ") || "-"}, committed ${kindsWas.join(" ") || "-"}`,
      );
    }
  });
  return problems;
}

/**
 * The notebook's code cells joined into one TypeScript module, in order, each after a
 * `// cell N` line. Relative import specifiers are made absolute against `notebookDir`, so the
 * module type-checks from any folder (pass the project's `deno.json` with `--config`).
 *
 * @param nb The notebook.
 * @param notebookDir The folder the notebook lives in (the kernel's working directory).
 * @returns The module text.
 */
export function notebookModule(nb: Notebook, notebookDir: string): string {
  const base = resolve(notebookDir);
  const absolute = (spec: string) => pathToFileURL(resolve(base, spec)).href;
  const parts: string[] = [];
  nb.cells.forEach((cell, i) => {
    if (cell.cell_type !== "code") return;
    const code = cellSource(cell).replace(
      /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(["'])(\.\.?\/[^"']*)\2/g,
      (_m, lead: string, quote: string, spec: string) => `${lead}${quote}${absolute(spec)}${quote}`,
    );
    parts.push(`// cell ${i}\n${code}\n`);
  });
  return parts.join("\n") + "\nexport {};\n";
}
