/**
 * A small table for notebooks: rows of already formatted cells, shown as HTML, Markdown and
 * plain text. The object is displayable by the Deno kernel (it carries `Deno.jupyter.$display`,
 * i.e. `Symbol.for("Jupyter.display")`), so a cell that ends with it shows the table; nothing
 * here reads `Deno.jupyter`, so it works outside the kernel too.
 *
 * @module
 */
import { escapeHtml } from "./escape_html.ts";

/** A displayable table; {@linkcode Table.markdown} and friends hold each rendering. */
export interface Table {
  /** GitHub-flavoured Markdown. */
  readonly markdown: string;
  /** An HTML `<table>`. */
  readonly html: string;
  /** Columns padded with spaces. */
  readonly text: string;
  /** The kernel's display hook: the MIME bundle of the three renderings. */
  [key: symbol]: () => Record<string, string>;
}

/** Options of {@linkcode table}. */
export interface TableOptions {
  /**
   * Alignment per column; columns without one are left-aligned.
   * @default {["left", "right", "right", …]} (first column left, the others right)
   */
  align?: ("left" | "right")[];
}

function _md(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/**
 * Builds a table from a header row and rows of cells. Numbers are printed with
 * `toLocaleString("en-US")`; format them beforehand for units or fixed decimals.
 *
 * @param header Column titles.
 * @param rows Rows, each with as many cells as `header`.
 * @param options Column alignment.
 * @returns A {@linkcode Table}; as a notebook cell's last expression it shows as a table.
 * @throws {RangeError} When a row's length differs from the header's.
 *
 * @example Two rows
 * ```ts
 * import { table } from "./table.ts";
 * import assert from "node:assert/strict";
 *
 * const t = table(["kind", "sessions"], [["main", 8], ["sub-agent", 1234]]);
 * assert.equal(t.markdown, "| kind | sessions |\n| :--- | ---: |\n| main | 8 |\n| sub-agent | 1,234 |");
 * assert.equal(t[Symbol.for("Jupyter.display")]()["text/markdown"], t.markdown);
 * ```
 */
export function table(
  header: string[],
  rows: (string | number)[][],
  options: TableOptions = {},
): Table {
  const { align = header.map((_, i) => (i === 0 ? "left" : "right")) } = options;
  const cells = rows.map((row, r) => {
    if (row.length !== header.length) {
      throw new RangeError(
        `Cannot build table: row ${r} has ${row.length} cells, the header ${header.length}`,
      );
    }
    return row.map((c) => typeof c === "number" ? c.toLocaleString("en-US") : c);
  });
  const right = (i: number) => align[i] === "right";
  const markdown = [
    `| ${header.map(_md).join(" | ")} |`,
    `| ${header.map((_, i) => (right(i) ? "---:" : ":---")).join(" | ")} |`,
    ...cells.map((row) => `| ${row.map(_md).join(" | ")} |`),
  ].join("\n");
  const style = (i: number) => ` style="text-align:${right(i) ? "right" : "left"}"`;
  const html = `<table><thead><tr>${
    header.map((h, i) => `<th${style(i)}>${escapeHtml(h)}</th>`).join("")
  }</tr></thead><tbody>${
    cells.map((row) =>
      `<tr>${row.map((c, i) => `<td${style(i)}>${escapeHtml(c)}</td>`).join("")}</tr>`
    )
      .join("")
  }</tbody></table>`;
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i].length)));
  const pad = (c: string, i: number) => right(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]);
  const text = [header, ...cells].map((row) => row.map(pad).join("  ").trimEnd()).join("\n");
  return {
    markdown,
    html,
    text,
    [Symbol.for("Jupyter.display")]: () => ({
      "text/html": html,
      "text/markdown": markdown,
      "text/plain": text,
    }),
  };
}
