import assert from "node:assert/strict";
import { Pcg32 } from "../../lib/stats/pcg32.ts";
import { buildSteps } from "../../lib/trigger/steps.ts";
import { DEFAULT_PRICES } from "../../lib/trigger/prices.ts";
import {
  sessionBootstrapArgmin,
  sessionBootstrapDraws,
} from "../../lib/trigger/session_bootstrap.ts";
import {
  bootstrapWorkers,
  PARALLEL_MIN_WORK,
  sessionBootstrapArgminParallel,
  startSessionBootstrap,
  takeSessionDraws,
} from "../../lib/trigger/session_bootstrap_parallel.ts";
import { makeCorpus, randomSessions } from "./_corpus.ts";

// Random sessions of three kinds, a tiered price and rework: every input the analysis gives.
function inputs() {
  const corpus = makeCorpus(randomSessions(9, 8, 60));
  const steps = buildSteps(corpus);
  const prng = new Pcg32(3, 3);
  const kinds = Array.from({ length: steps.sessions }, () => prng.nextBelow(3));
  return {
    steps,
    options: {
      kinds,
      triggers: Array.from({ length: 55 }, (_, i) => 30e3 + 5e3 * i),
      model: { g0: 4000, g1: 0.03, postPrefix: 15000, cPost: 0.3 },
      tierThresholds: [200e3],
      rework: {
        tokensIntercept: 3000,
        tokensPerInputToken: 0.01,
        requests: 2,
        outputTokensPerRequest: 150,
        workSecondsPerRequest: 10,
      },
      inputs: { prices: DEFAULT_PRICES, beta: 0.9, a: 1e-4, v: 80, billedTokens: 5e6 },
      draws: 13,
      seed: 5,
      blockSize: 3,
    },
  };
}

Deno.test("the session bootstrap on 1, 2 or 5 workers equals the one on the calling thread", async () => {
  const { steps, options } = inputs();
  const here = sessionBootstrapArgmin(steps, options);
  // Not all draws alike, or the comparison would say little.
  assert.ok(new Set(here.argmins).size > 1, `argmins ${[...here.argmins]}`);
  for (const workers of [0, 1, 2, 5]) {
    assert.deepEqual(await sessionBootstrapArgminParallel(steps, { ...options, workers }), here);
  }
});

Deno.test("ranges of draws concatenated equal the draws at once", () => {
  const { steps, options } = inputs();
  const all = sessionBootstrapDraws(steps, options, 1, 14);
  const parts = [
    ...sessionBootstrapDraws(steps, options, 1, 5),
    ...sessionBootstrapDraws(steps, options, 5, 5), // empty
    ...sessionBootstrapDraws(steps, options, 5, 14),
  ];
  assert.deepEqual([...all], parts);
  assert.throws(() => sessionBootstrapDraws(steps, options, 0, 3), /not a range/);
  assert.throws(() => sessionBootstrapDraws(steps, options, 4, 3), /not a range/);
});

Deno.test("bad options keep the single-threaded messages; workers must be whole", async () => {
  const { steps, options } = inputs();
  await assert.rejects(
    () => sessionBootstrapArgminParallel(steps, { ...options, draws: 0, workers: 2 }),
    /draws must be a positive integer/,
  );
  await assert.rejects(
    () => sessionBootstrapArgminParallel(steps, { ...options, kinds: [0], workers: 2 }),
    /kinds for/,
  );
  await assert.rejects(
    () => sessionBootstrapArgminParallel(steps, { ...options, workers: 1.5 }),
    /workers must be a non-negative integer/,
  );
});

Deno.test("workers only for large work on more than one core", () => {
  assert.equal(bootstrapWorkers(PARALLEL_MIN_WORK - 1, 4, 8), 0);
  assert.equal(bootstrapWorkers(PARALLEL_MIN_WORK, 1, 2), 1);
  assert.equal(bootstrapWorkers(PARALLEL_MIN_WORK, 3, 2), 3);
  assert.equal(bootstrapWorkers(PARALLEL_MIN_WORK, 3, 1), 0);
});

Deno.test("started on workers, with or without the calling thread's help: the same bootstrap", async () => {
  const { steps, options } = inputs();
  const many = { ...options, draws: 60 };
  const here = sessionBootstrapArgmin(steps, many);
  for (const workers of [1, 2]) {
    // Without help the workers take every draw.
    const alone = startSessionBootstrap(steps, { ...many, workers });
    assert.deepEqual(await alone.result, here);
    // Helping at once, the calling thread takes draws before a worker has started.
    const helped = startSessionBootstrap(steps, { ...many, workers });
    const taken = helped.help();
    assert.ok(taken >= 1 && taken <= 60, `taken ${taken}`);
    assert.equal(helped.help(), 0, "none left");
    assert.deepEqual(await helped.result, here);
  }
  // No worker: help runs every draw here, once.
  const none = startSessionBootstrap(steps, { ...many, workers: 0 });
  assert.equal(none.help(), 60);
  assert.equal(none.help(), 0);
  assert.deepEqual(await none.result, here);
  // A bad option rejects the result with the single-threaded message, helped or not.
  const bad = startSessionBootstrap(steps, { ...many, draws: 0, workers: 2 });
  assert.equal(bad.help(), 0);
  await assert.rejects(() => bad.result, /draws must be a positive integer/);
  // A failed run took no draw.
  const mismatched = startSessionBootstrap(steps, { ...many, kinds: [0], workers: 2 });
  assert.equal(mismatched.help(), 0);
  await assert.rejects(() => mismatched.result, /kinds for/);
});

Deno.test("threads taking draws from one counter fill every slot once, in any interleaving", () => {
  const { steps, options } = inputs();
  const all = sessionBootstrapDraws(steps, options, 1, 14);
  const next = new Int32Array(new SharedArrayBuffer(4));
  next[0] = 1;
  const argmins = new Float64Array(13).fill(-1);
  // Another thread took draws 1-4 (counter at 5) and writes them later.
  next[0] = 5;
  assert.equal(takeSessionDraws(steps, options, 13, next, argmins), 9);
  argmins.set(sessionBootstrapDraws(steps, options, 1, 5), 0);
  assert.deepEqual([...argmins], [...all]);
  assert.equal(next[0], 15); // one past the end, plus the take that found none
});
