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
  const { steps, plans, triggers, model, tierThresholds, rework } = event.data;
  const sums = replayWorkloads(steps, plans, {
    triggers,
    model,
    tierThresholds,
    rework,
    onProgress: (done) => scope.postMessage({ progress: done }),
  });
  // The sums with rework share the per-workload columns: each buffer is transferred once.
  const buffers = new Set<ArrayBufferLike>([sums.outputTokens.buffer, sums.workSeconds.buffer]);
  for (const part of [sums, sums.withRework]) {
    if (part === undefined) continue;
    buffers.add(part.contextTokens.buffer);
    buffers.add(part.cachedTokens.buffer);
    buffers.add(part.compactions.buffer);
    buffers.add(part.compactionInputTokens.buffer);
    buffers.add(part.summaryTokens.buffer);
    if (part.rework !== undefined) buffers.add(part.rework.extraRequests.buffer);
    if (part.tiers !== undefined) {
      buffers.add(part.tiers.contextTokens.buffer);
      buffers.add(part.tiers.cachedTokens.buffer);
      buffers.add(part.tiers.outputTokens.buffer);
      buffers.add(part.tiers.compactionInputTokens.buffer);
      buffers.add(part.tiers.summaryTokens.buffer);
    }
  }
  scope.postMessage({ sums }, [...buffers] as ArrayBuffer[]);
};
