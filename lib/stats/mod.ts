/**
 * Statistics the analyses share: a seeded PRNG, compensated sums, type-7 quantiles, least
 * squares (through the origin and with intercept), R², block-bootstrap kernels and their
 * automatic block length.
 *
 * @example Fit, then resample
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitThroughOrigin, Pcg32, quantileType7, resampleBlocks } from "./mod.ts";
 *
 * const fit = fitThroughOrigin([[1, 2, 3]], [2, 4, 6]);
 * assert.equal(fit.coefficients[0], 2);
 * const plan = resampleBlocks({ start: [0], length: [20] }, new Pcg32(1, 1), { method: "moving" });
 * assert.equal(plan.segmentLength.reduce((a, b) => a + b, 0), 20);
 * assert.equal(quantileType7([1, 2, 3], 0.5), 2);
 * ```
 *
 * @module
 */
export * from "./pcg32.ts";
export * from "./neumaier_sum.ts";
export * from "./neumaier_accumulator.ts";
export * from "./quantile.ts";
export * from "./median.ts";
export * from "./r_squared.ts";
export * from "./origin_fit.ts";
export * from "./line_fit.ts";
export * from "./student_t.ts";
export * from "./block_resample.ts";
export * from "./block_length.ts";
