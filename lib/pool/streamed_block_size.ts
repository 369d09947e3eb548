/**
 * `--block-size auto` for the streamed pool analysis: the rule of lib/stats/block_length.ts on
 * every step's growth, read in batches of whole sessions (a pass of its own before the replay's,
 * which needs the block size before its first batch).
 *
 * Why the choice is the in-memory one (lib/trigger/auto_block_size.ts): the rule reads the
 * growth series only through its pooled autocovariances, which are sums over sessions (each
 * session centred on its own mean, never across a session's edge), and N, the number of steps,
 * fixes m_max before the first batch (DuckDB counts the steps with the first frame,
 * `stepStats`). The sessions come in the pool's order, and each adds its lagged products to the
 * sums as the in-memory rule adds them (`addAutocovarianceSums`): the same additions in the same
 * order, so the same bits.
 *
 * @module
 */
import {
  addAutocovarianceSums,
  blockLengthFromSums,
  blockLengthLimits,
} from "../stats/block_length.ts";
import { type AutoBlockSize, autoBlockSizeFrom } from "../trigger/auto_block_size.ts";
import { buildSteps, type BuildStepsOptions } from "../trigger/steps.ts";
import type { ExportManifest } from "./export_corpus.ts";
import type { PoolFrame } from "./pool_frames.ts";
import type { PoolModelCounts } from "./read_pool.ts";
import { batchCorpus, NoPoolSessionError, type StreamedLeftOut } from "./streamed_analysis.ts";

/**
 * What `--block-size auto` chooses for one model of a pool, from the reader's frames
 * (lib/pool/read_pool.ts `poolFrames`, that model only, with `stepStats`).
 *
 * @param frames The frames: meta, compactions, request batches, end.
 * @param setup The model, the manifests and the idle limit applied.
 * @param options How a step that crosses a real compaction is billed (as the analysis).
 * @returns The choice, as `options.blockSizeChosen` records it.
 * @throws {NoPoolSessionError} When the pool has no session of the model after the filters.
 * @throws {RangeError} When a step's growth is not a finite number (as the in-memory rule).
 */
export async function streamedBlockSize(
  frames: AsyncIterable<PoolFrame>,
  setup: { model: string; manifests: readonly ExportManifest[]; idleLimitSeconds: number },
  options: Pick<BuildStepsOptions, "compactionStepShare"> = {},
): Promise<AutoBlockSize> {
  const { model: name, manifests, idleLimitSeconds } = setup;
  let models: string[] = [];
  let all: Record<string, Float64Array> = {};
  let expected = 0;
  let leftOut: StreamedLeftOut = { files: 0, sessions: 0, undatedSessions: 0 };
  let sums = new Float64Array(0);
  let steps = 0, sessions = 0;
  for await (const frame of frames) {
    if (frame.kind === "meta") {
      models = frame.header.models as string[];
      leftOut = { ...(frame.header.leftOut as StreamedLeftOut) };
      const counts = (frame.header.byModel as Record<string, PoolModelCounts>)[name];
      if (counts === undefined) throw new NoPoolSessionError(name, leftOut);
      if (counts.steps === undefined) {
        throw new Error("The pool reader sent no step figures: ask for them (stepStats)");
      }
      expected = counts.steps;
      if (expected >= 2) sums = new Float64Array(blockLengthLimits(expected).mMax + 1);
    } else if (frame.kind === "compactions") {
      all = frame.columns;
    } else if (frame.kind === "requests") {
      const corpus = batchCorpus(models, all, frame.columns, manifests, idleLimitSeconds);
      const s = buildSteps(corpus, options);
      for (let k = 0; k < s.sessions; k++) {
        const n = s.count[k] - 1;
        if (n <= 0) continue;
        const first = s.start[k] + 1;
        for (let i = first; i < first + n; i++) {
          if (!Number.isFinite(s.growth[i])) {
            throw new RangeError(
              `Cannot choose a block length: a step's growth is not a finite number ` +
                `(${s.growth[i]})`,
            );
          }
        }
        if (sums.length > 0) addAutocovarianceSums(sums, s.growth, first, n);
        steps += n;
        sessions++;
      }
    }
  }
  if (steps !== expected) {
    throw new Error(`The pool reader counted ${expected} steps, the batches held ${steps}`);
  }
  return autoBlockSizeFrom(steps < 2 ? null : blockLengthFromSums(sums, steps), steps, sessions);
}
