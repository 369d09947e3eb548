/**
 * Worker entry of {@linkcode measureReadCost}: measures the transcript files it is sent and posts
 * each {@linkcode FileMeasurement} back, by the protocol of ../transcript/file_pool.ts (its `init`
 * message carries the candidate threshold). Files are only read.
 *
 * @module
 */

import { readLines } from "../transcript/jsonl.ts";
import { serveFilePool } from "../transcript/file_pool.ts";
import { type FileMeasurement, FileMeasurer } from "./file_measure.ts";
import { warmUpMeasurer } from "./measure_paths.ts";

warmUpMeasurer();

serveFilePool<FileMeasurement>(async (path, init) => {
  const { minChars } = init as { minChars: number };
  const measurer = new FileMeasurer({ minChars });
  const { bytes, oversizedLines } = await readLines(path, measurer.addLine);
  return { value: { ...measurer.finish(), oversizedLines }, bytes };
});
