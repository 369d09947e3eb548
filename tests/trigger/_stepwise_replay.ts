/**
 * Test reference: the replay written as the naive loop it defines (docs/method.md, Replay):
 * for every workload, every trigger, every session, request by request, the context is updated,
 * a compaction happens when it reaches the trigger, and each request's tokens are added to plain
 * running sums. It shares nothing with the library's replay: no pre-pass (no per-session peaks
 * or compaction-free sums reused across triggers), no prefix sums, no compensated sums, no
 * helper imported from lib/ (only the types of the contract). Plain summation of a few thousand
 * positive terms of up to ~1e6 stays within ~1e-12 relative of the exact sum, well inside the
 * 1e-9 the tests allow.
 *
 * @module
 */
import type { BlockPlan } from "../../lib/stats/block_resample.ts";
import type { ReplayOptions, ReplayRework, ReplaySums } from "../../lib/trigger/replay.ts";
import type { StepColumns } from "../../lib/trigger/steps.ts";

/**
 * Same contract as replayWorkloads, tier sums included when `options.tierThresholds` has any,
 * and the sums with rework (`withRework`) when `options.rework` is given: a second naive pass in
 * which every compaction is followed by ΔN extra requests billed at R(C) + ΔW(C), c_post, y_rw,
 * and ΔW(C) stays in the context.
 *
 * @param steps Step columns.
 * @param plans Workload plans (each covers every session's steps).
 * @param options Triggers, compaction model, tier thresholds, rework.
 * @returns The sums, each a plain sum over the replayed requests.
 */
export function stepwiseReplay(
  steps: StepColumns,
  plans: BlockPlan[],
  options: ReplayOptions,
): ReplaySums {
  const out = _stepwise(steps, plans, options, undefined);
  if (options.rework !== undefined) {
    out.withRework = _stepwise(steps, plans, options, options.rework);
  }
  return out;
}

function _stepwise(
  steps: StepColumns,
  plans: BlockPlan[],
  options: ReplayOptions,
  rework: ReplayRework | undefined,
): ReplaySums {
  const triggers = Float64Array.from(options.triggers);
  for (const t of triggers) {
    if (!(Number.isFinite(t) && t > 0)) {
      throw new RangeError(`Cannot replay: triggers must be positive token counts, got ${t}`);
    }
  }
  const thresholds = Float64Array.from(options.tierThresholds ?? []);
  const { g0, g1, postPrefix, cPost } = options.model;
  const gMin = Math.max(0, options.model.minSummaryTokens ?? 0);
  const nK = plans.length;
  const nT = triggers.length;
  const nJ = thresholds.length;
  const cells = nK * nT;
  const out: ReplaySums = {
    workloads: nK,
    triggers,
    contextTokens: new Float64Array(cells),
    cachedTokens: new Float64Array(cells),
    compactions: new Float64Array(cells),
    compactionInputTokens: new Float64Array(cells),
    summaryTokens: new Float64Array(cells),
    outputTokens: new Float64Array(nK),
    workSeconds: new Float64Array(nK),
  };
  if (nJ > 0) {
    out.tiers = {
      thresholds,
      contextTokens: new Float64Array(nJ * cells),
      cachedTokens: new Float64Array(nJ * cells),
      outputTokens: new Float64Array(nJ * cells),
      compactionInputTokens: new Float64Array(nJ * cells),
      summaryTokens: new Float64Array(nJ * cells),
    };
  }
  const tiers = out.tiers;
  if (rework !== undefined) {
    out.rework = {
      tokensIntercept: rework.tokensIntercept,
      tokensPerInputToken: rework.tokensPerInputToken ?? 0,
      requests: rework.requests,
      outputTokensPerRequest: rework.outputTokensPerRequest,
      workSecondsPerRequest: rework.workSecondsPerRequest,
      extraRequests: new Float64Array(cells),
    };
  }

  for (let k = 0; k < nK; k++) {
    const { segmentStart, segmentLength, groupOffset } = plans[k];
    for (let ti = 0; ti < nT; ti++) {
      const T = triggers[ti];
      const cell = k * nT + ti;
      // One request billed with context x, cached share c and output y.
      const bill = (x: number, c: number, y: number) => {
        out.contextTokens[cell] += x;
        out.cachedTokens[cell] += c * x;
        for (let j = 0; j < nJ; j++) {
          if (x > thresholds[j]) {
            tiers!.contextTokens[j * cells + cell] += x;
            tiers!.cachedTokens[j * cells + cell] += c * x;
            tiers!.outputTokens[j * cells + cell] += y;
          }
        }
        if (ti === 0) out.outputTokens[k] += y;
      };
      for (let s = 0; s < steps.sessions; s++) {
        // The session's first request, as recorded.
        const first = steps.start[s];
        let x = steps.growth[first];
        bill(x, steps.cachedShare[first], steps.output[first]);
        // Then its steps in the workload's order.
        for (let g = groupOffset[s]; g < groupOffset[s + 1]; g++) {
          for (let row = segmentStart[g]; row < segmentStart[g] + segmentLength[g]; row++) {
            x = Math.max(0, x + steps.growth[row]);
            let c = steps.cachedShare[row];
            if (x >= T) {
              // A compaction of C = x, summarised in G tokens; the request goes on from R.
              const C = x;
              const G = Math.max(gMin, g0 + g1 * C);
              out.compactions[cell] += 1;
              out.compactionInputTokens[cell] += C;
              out.summaryTokens[cell] += G;
              for (let j = 0; j < nJ; j++) {
                if (C > thresholds[j]) {
                  tiers!.compactionInputTokens[j * cells + cell] += C;
                  tiers!.summaryTokens[j * cells + cell] += G;
                }
              }
              x = Math.max(0, postPrefix + G);
              c = cPost;
              if (rework !== undefined) {
                // The re-read tokens join the context; ΔN extra requests at it, then this one.
                const w = Math.max(
                  0,
                  rework.tokensIntercept + (rework.tokensPerInputToken ?? 0) * C,
                );
                x = Math.max(0, postPrefix + G + w);
                for (let e = 0; e < rework.requests; e++) {
                  // A fractional ΔN bills its fraction of a request.
                  const part = Math.min(1, rework.requests - e);
                  out.contextTokens[cell] += part * x;
                  out.cachedTokens[cell] += part * cPost * x;
                  for (let j = 0; j < nJ; j++) {
                    if (x > thresholds[j]) {
                      tiers!.contextTokens[j * cells + cell] += part * x;
                      tiers!.cachedTokens[j * cells + cell] += part * cPost * x;
                      tiers!.outputTokens[j * cells + cell] += part * rework.outputTokensPerRequest;
                    }
                  }
                  out.rework!.extraRequests[cell] += part;
                }
              }
            }
            bill(x, c, steps.output[row]);
            if (ti === 0) out.workSeconds[k] += steps.gapSeconds[row];
          }
        }
      }
    }
    options.onProgress?.(k + 1, nK);
  }
  return out;
}
