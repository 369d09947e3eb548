/**
 * One timed reader run, for the benchmark driver (run under `/usr/bin/time` for peak memory).
 * Prints `{"bytes":…,"seconds":…,"requests":…}`.
 *
 * Usage: deno run --allow-read --allow-env bench/reader_once.ts DIR WORKERS
 *
 * @module
 */

import { readCorpus } from "../lib/transcript/read_corpus.ts";

if (import.meta.main) {
  const [dir, workers = "1"] = Deno.args;
  const start = performance.now();
  const corpus = await readCorpus([dir], { workers: Number(workers) });
  const seconds = (performance.now() - start) / 1000;
  console.log(JSON.stringify({ bytes: corpus.bytes, seconds, requests: corpus.requests.length }));
}
