/**
 * One timed step of `bench/pool_bench.ts`, as its own process: `drain` (the pool's frames read
 * and dropped), `stream` (the streamed analysis) or `memory` (the in-memory analysis of the
 * pooled corpus). Prints one line of figures.
 *
 * @module
 */
import { poolCorpora, poolFrames, readManifests, readPool } from "../lib/pool/read_pool.ts";
import { streamedAnalysis } from "../lib/pool/streamed_analysis.ts";
import { analyzeTrigger } from "../lib/trigger/analyze.ts";

const [dir, step, model, batchText, workloadsText] = Deno.args;
const batchRows = Number(batchText);
const workloads = Number(workloadsText ?? 100);
// This process's own peak (the pool's reader is a child: /usr/bin/time reports the larger one).
let peak = 0;
const sampler = setInterval(() => peak = Math.max(peak, Deno.memoryUsage().rss), 50);
const own = () => `own peak ${(Math.max(peak, Deno.memoryUsage().rss) / 2 ** 20).toFixed(0)} MB`;
if (step === "drain") {
  let rows = 0, frames = 0;
  for await (const f of poolFrames(dir, { models: [model] }, 300, batchRows)) {
    if (f.kind === "requests") {
      rows += f.rows;
      frames++;
    }
  }
  console.log(`${rows} requests in ${frames} frames, ${own()}`);
} else if (step === "stream") {
  const manifests = await readManifests(dir);
  const r = await streamedAnalysis(
    poolFrames(dir, { models: [model] }, 300, batchRows, true, true),
    { model, manifests, idleLimitSeconds: 300 },
    { workloads },
  );
  console.log(
    `${r.requests} requests in ${r.batches} batches (largest ${r.largestBatch}), K = ${workloads}, ` +
      `cheapest ${r.cheapestTrigger}, T* ${Math.round(r.tStarTokens)}, ` +
      `${own()}`,
  );
} else {
  const read = await readPool(dir, { models: [model] }, 300);
  const [corpus] = poolCorpora(read, model);
  const { report } = await analyzeTrigger(corpus, { workloads });
  console.log(
    `${report.corpus.requests} requests, K = ${workloads}, cheapest ` +
      `${report.steadyState.replayArgminTokens}, T* ${
        Math.round(report.steadyState.tStarTokens!)
      }, ` +
      own(),
  );
}
clearInterval(sampler);
