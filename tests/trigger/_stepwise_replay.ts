/**
 * Test reference: the replay of analysis-spec §3 written step by step (every session, every
 * trigger, every step), the straightforward loop the library's closed-form replay must match.
 *
 * @module
 */
import type { BlockPlan } from "../../lib/stats/block_resample.ts";
import type { ReplayOptions, ReplaySums } from "../../lib/trigger/replay.ts";
import type { StepColumns } from "../../lib/trigger/steps.ts";

/** Same contract as replayWorkloads. */
export function stepwiseReplay(
  steps: StepColumns,
  plans: BlockPlan[],
  options: ReplayOptions,
): ReplaySums {
  const triggers = Float64Array.from(options.triggers);
  for (const t of triggers) {
    if (!(Number.isFinite(t) && t > 0)) {
      throw new RangeError(`Cannot replay: triggers must be positive token counts, got ${t}`);
    }
  }
  const { g0, g1, postPrefix, cPost } = options.model;
  const gMin = Math.max(0, options.model.minSummaryTokens ?? 0);
  const nK = plans.length;
  const nT = triggers.length;
  const nS = steps.sessions;
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
  const growth = steps.growth;
  const share = steps.cachedShare;
  const output = steps.output;
  const gap = steps.gapSeconds;
  const start = steps.start;
  // Per-session results of the pre-pass without compaction (reused across workloads).
  const freeX = new Float64Array(nS);
  const freeCX = new Float64Array(nS);
  const peak = new Float64Array(nS);
  for (let k = 0; k < nK; k++) {
    const plan = plans[k];
    const segStart = plan.segmentStart;
    const segLength = plan.segmentLength;
    const offset = plan.groupOffset;
    let sumY = 0, compY = 0, sumW = 0, compW = 0;
    for (let s = 0; s < nS; s++) {
      const first = start[s];
      let x = growth[first];
      let sx = x;
      let scx = share[first] * x;
      let sy = output[first];
      let sw = 0;
      let mx = -Infinity;
      for (let g = offset[s], gEnd = offset[s + 1]; g < gEnd; g++) {
        for (let row = segStart[g], end = row + segLength[g]; row < end; row++) {
          x += growth[row];
          if (x < 0) x = 0;
          if (x > mx) mx = x;
          sx += x;
          scx += share[row] * x;
          sy += output[row];
          sw += gap[row];
        }
      }
      freeX[s] = sx;
      freeCX[s] = scx;
      peak[s] = mx;
      let t = sumY + sy;
      compY += Math.abs(sumY) >= Math.abs(sy) ? (sumY - t) + sy : (sy - t) + sumY;
      sumY = t;
      t = sumW + sw;
      compW += Math.abs(sumW) >= Math.abs(sw) ? (sumW - t) + sw : (sw - t) + sumW;
      sumW = t;
    }
    out.outputTokens[k] = sumY + compY;
    out.workSeconds[k] = sumW + compW;
    for (let ti = 0; ti < nT; ti++) {
      const T = triggers[ti];
      let accX = 0, cmpX = 0, accCX = 0, cmpCX = 0;
      let nc = 0, accC = 0, cmpC = 0, accG = 0, cmpG = 0;
      for (let s = 0; s < nS; s++) {
        let sx: number, scx: number;
        if (peak[s] < T) {
          sx = freeX[s];
          scx = freeCX[s];
        } else {
          const first = start[s];
          let x = growth[first];
          sx = x;
          scx = share[first] * x;
          let sC = 0, sG = 0;
          for (let g = offset[s], gEnd = offset[s + 1]; g < gEnd; g++) {
            for (let row = segStart[g], end = row + segLength[g]; row < end; row++) {
              x += growth[row];
              if (x < 0) x = 0;
              if (x >= T) {
                let G = g0 + g1 * x;
                if (G < gMin) G = gMin;
                nc++;
                sC += x;
                sG += G;
                x = postPrefix + G;
                if (x < 0) x = 0;
                sx += x;
                scx += cPost * x;
              } else {
                sx += x;
                scx += share[row] * x;
              }
            }
          }
          let u = accC + sC;
          cmpC += Math.abs(accC) >= Math.abs(sC) ? (accC - u) + sC : (sC - u) + accC;
          accC = u;
          u = accG + sG;
          cmpG += Math.abs(accG) >= Math.abs(sG) ? (accG - u) + sG : (sG - u) + accG;
          accG = u;
        }
        let u = accX + sx;
        cmpX += Math.abs(accX) >= Math.abs(sx) ? (accX - u) + sx : (sx - u) + accX;
        accX = u;
        u = accCX + scx;
        cmpCX += Math.abs(accCX) >= Math.abs(scx) ? (accCX - u) + scx : (scx - u) + accCX;
        accCX = u;
      }
      const cell = k * nT + ti;
      out.contextTokens[cell] = accX + cmpX;
      out.cachedTokens[cell] = accCX + cmpCX;
      out.compactions[cell] = nc;
      out.compactionInputTokens[cell] = accC + cmpC;
      out.summaryTokens[cell] = accG + cmpG;
    }
    options.onProgress?.(k + 1, nK);
  }
  return out;
}
