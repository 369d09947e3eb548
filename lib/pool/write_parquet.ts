/**
 * Writes an export table as a Parquet file with types every engine reads without conversion
 * (docs/pool.md, Column types): INT64 token counts, INT32 indices, INT64 timestamps in
 * microseconds marked UTC, UTF-8 strings (dictionary-encoded by the writer wherever that at
 * least halves them, which model, kind, trigger and session always do), ZSTD pages, row groups
 * of {@linkcode ROW_GROUP_ROWS} rows. Writer: `hyparquet-writer` (pure JavaScript), ZSTD from
 * `node:zlib`.
 *
 * @module
 */
import { ByteWriter, parquetWrite } from "hyparquet-writer";
import { zstdCompressSync } from "node:zlib";
import type { ColumnSpec, ExportTable } from "./export_tables.ts";

/** Rows per row group: inside the 128K–1M range engines split work by. */
export const ROW_GROUP_ROWS = 262_144;

/**
 * The Parquet schema element of a column.
 *
 * @param spec The column.
 * @returns The schema element (`hyparquet`'s `SchemaElement`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { schemaElement } from "./write_parquet.ts";
 * const e = schemaElement({ name: "time", type: "timestamp", nullable: true });
 * assert.deepEqual(e.logical_type, { type: "TIMESTAMP", isAdjustedToUTC: true, unit: "MICROS" });
 * ```
 */
export function schemaElement(spec: ColumnSpec) {
  const repetition_type = spec.nullable ? "OPTIONAL" as const : "REQUIRED" as const;
  const name = spec.name;
  switch (spec.type) {
    case "string":
      return {
        name,
        repetition_type,
        type: "BYTE_ARRAY" as const,
        converted_type: "UTF8" as const,
        logical_type: { type: "STRING" as const },
      };
    case "int32":
      return { name, repetition_type, type: "INT32" as const };
    case "int64":
      return { name, repetition_type, type: "INT64" as const };
    case "timestamp":
      return {
        name,
        repetition_type,
        type: "INT64" as const,
        logical_type: {
          type: "TIMESTAMP" as const,
          isAdjustedToUTC: true,
          unit: "MICROS" as const,
        },
      };
    case "double":
      return { name, repetition_type, type: "DOUBLE" as const };
  }
}

/**
 * The Parquet bytes of a table.
 *
 * @param table The table (every column of `columns` present).
 * @param columns Column order and types.
 * @param metadata Key–value metadata stored in the footer (e.g. the schema version).
 * @returns The file's bytes.
 *
 * @example A magic number at both ends
 * ```ts
 * import assert from "node:assert/strict";
 * import { parquetBytes } from "./write_parquet.ts";
 * const bytes = parquetBytes({ length: 1, columns: { n: [1] } },
 *   [{ name: "n", type: "int64", nullable: false }]);
 * assert.equal(new TextDecoder().decode(bytes.subarray(0, 4)), "PAR1");
 * assert.equal(new TextDecoder().decode(bytes.subarray(-4)), "PAR1");
 * ```
 */
export function parquetBytes(
  table: ExportTable,
  columns: readonly ColumnSpec[],
  metadata: Record<string, string> = {},
): Uint8Array {
  const writer = new ByteWriter();
  const columnData = columns.map((spec) => ({
    name: spec.name,
    data: _physical(table.columns[spec.name], spec),
  }));
  parquetWrite({
    writer,
    columnData,
    schema: [{ name: "root", num_children: columns.length }, ...columns.map(schemaElement)],
    codec: "ZSTD",
    compressors: { ZSTD: (input: Uint8Array) => new Uint8Array(zstdCompressSync(input)) },
    rowGroupSize: ROW_GROUP_ROWS,
    kvMetadata: Object.entries(metadata).map(([key, value]) => ({ key, value })),
    createdBy: "agent-session-cost export",
  });
  return new Uint8Array(writer.getBuffer());
}

function _physical(
  values: ExportTable["columns"][string] | undefined,
  spec: ColumnSpec,
) {
  if (values === undefined) throw new RangeError(`Cannot write: no column ${spec.name}`);
  if (spec.type === "int64" || spec.type === "timestamp") {
    return Array.from(values as ArrayLike<number | null>, (v) => (v === null ? null : BigInt(v)));
  }
  if (spec.type === "int32" && !spec.nullable) return Int32Array.from(values as ArrayLike<number>);
  if (spec.type === "double" && !spec.nullable) {
    return Float64Array.from(values as ArrayLike<number>);
  }
  return Array.from(values as ArrayLike<string | number | null>);
}
