/**
 * Worker entry of {@linkcode replayWorkloadsParallel}: replays the plans it is sent and posts
 * back the sums. Not meant to be imported.
 *
 * @module
 */
import { replayWorkloads } from "./replay.ts";

const scope = self as unknown as {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

scope.onmessage = (event: MessageEvent) => {
  const { steps, plans, triggers, model, tierThresholds } = event.data;
  const sums = replayWorkloads(steps, plans, {
    triggers,
    model,
    tierThresholds,
    onProgress: (done) => scope.postMessage({ progress: done }),
  });
  scope.postMessage({ sums }, [
    sums.contextTokens.buffer,
    sums.cachedTokens.buffer,
    sums.compactions.buffer,
    sums.compactionInputTokens.buffer,
    sums.summaryTokens.buffer,
    sums.outputTokens.buffer,
    sums.workSeconds.buffer,
    ...(sums.tiers === undefined ? [] : [
      sums.tiers.contextTokens.buffer,
      sums.tiers.cachedTokens.buffer,
      sums.tiers.outputTokens.buffer,
      sums.tiers.compactionInputTokens.buffer,
      sums.tiers.summaryTokens.buffer,
    ]),
  ]);
};
