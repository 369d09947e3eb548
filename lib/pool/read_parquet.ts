/**
 * Reads an export's Parquet file back in JavaScript (`hyparquet`, ZSTD from `node:zlib`): the
 * round-trip and privacy tests read every value this way, independently of DuckDB.
 *
 * @module
 */
import { parquetMetadata, parquetReadObjects } from "hyparquet";
import { zstdDecompressSync } from "node:zlib";

/** ZSTD for hyparquet's reader. */
const COMPRESSORS = {
  ZSTD: (input: Uint8Array, _outputLength: number) => new Uint8Array(zstdDecompressSync(input)),
};

/**
 * Every row of a Parquet file as an object (INT64 as bigint, timestamps as Date).
 *
 * @param bytes The file's bytes.
 * @returns The rows.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parquetBytes } from "./write_parquet.ts";
 * import { readParquetRows } from "./read_parquet.ts";
 * const bytes = parquetBytes(
 *   { length: 2, columns: { n: [1, 2], s: ["a", "b"] } },
 *   [{ name: "n", type: "int64", nullable: false }, { name: "s", type: "string", nullable: false }],
 * );
 * assert.deepEqual(await readParquetRows(bytes), [{ n: 1n, s: "a" }, { n: 2n, s: "b" }]);
 * ```
 */
export async function readParquetRows(bytes: Uint8Array): Promise<Record<string, unknown>[]> {
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return await parquetReadObjects({ file: file as ArrayBuffer, compressors: COMPRESSORS });
}

/**
 * The footer of a Parquet file: schema, row groups, key–value metadata.
 *
 * @param bytes The file's bytes.
 * @returns hyparquet's `FileMetaData`.
 */
export function readParquetMetadata(bytes: Uint8Array): ReturnType<typeof parquetMetadata> {
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return parquetMetadata(file as ArrayBuffer);
}
