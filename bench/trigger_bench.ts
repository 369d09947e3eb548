/**
 * Benchmarks of the trigger analysis (printed figures, never asserted).
 *
 * `deno run -A bench/trigger_bench.ts [--corpus DIR] [--workloads N] [--repeat N]`
 *
 * With `--corpus DIR` the corpus is read from DIR (e.g. the full synthetic corpus, or a folder
 * holding `projects/` as `deno task bench` passes); without it, tables at the published scale
 * (555 sessions, ~45K requests, ~260 compactions) are generated in memory. Measured after
 * parsing: drawing the workloads, the replay over the default grid, re-pricing for a new α, ρ
 * or v, the memory the workloads take, the session-level bootstrap (100 draws), and the same
 * replay and bootstrap with rework after each compaction (both curves from one run; the
 * figures of the full synthetic corpus: ΔW 9,100 tokens, ΔN 3.6 requests); with `--corpus`,
 * also `deno task analyze` end to end, with `--rework off` and with rework (measured from the
 * fetch targets: the reader, the estimate and the replay together)
 * (wall time and peak RSS through /usr/bin/time).
 *
 * @module
 */
import { parseArgs } from "node:util";
import { Pcg32 } from "../lib/stats/pcg32.ts";
import { readCorpus } from "../lib/transcript/mod.ts";
import type { Corpus } from "../lib/transcript/tables.ts";
import {
  analyzeTrigger,
  buildSteps,
  DEFAULT_PRICES,
  drawWorkloads,
  fitSummaryModel,
  fitTimeModel,
  priceCurves,
  replayWorkloads,
  replayWorkloadsParallel,
  sessionBootstrapArgmin,
  triggerGrid,
} from "../lib/trigger/mod.ts";
import { summarizeCorpus } from "../lib/transcript/summarize_corpus.ts";

/** Tables at the published scale, generated directly (no transcripts). */
export function syntheticCorpus(seed = 1): Corpus {
  const prng = new Pcg32(seed, 7);
  const normal = () => {
    const u = 1 - prng.nextFloat();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * prng.nextFloat());
  };
  const ctx: number[] = [], share: number[] = [], out: number[] = [], gap: number[] = [];
  const sess: number[] = [], before: number[] = [];
  const first: number[] = [], count: number[] = [], kind: number[] = [];
  const cC: number[] = [], cG: number[] = [], cT: number[] = [], cR: number[] = [];
  const cB: number[] = [], cA: number[] = [], cS: number[] = [];
  for (let s = 0; s < 555; s++) {
    const main = s < 20;
    const n = main ? 1150 + prng.nextBelow(100) : 10 + prng.nextBelow(60);
    first.push(ctx.length);
    count.push(n);
    kind.push(main ? 0 : 1);
    let x = main ? 30000 : 15000 + prng.nextBelow(20000);
    for (let i = 0; i < n; i++) {
      let compaction = -1;
      if (i > 0) {
        const grow = Math.max(0, Math.round(2500 + 2500 * normal()));
        x += grow;
        const trigger = 267900 * (1 + 0.04 * normal());
        if (main && x >= trigger) {
          const g = Math.max(1000, Math.round(8000 + 3000 * normal()));
          compaction = cC.length;
          cC.push(x);
          cG.push(g);
          cT.push(Math.max(1, 25 + g / 80 + 22 * normal()));
          x = 20000 + g;
          cR.push(x);
          cB.push(0.95);
          cA.push(0.3);
          cS.push(s);
        }
      }
      sess.push(s);
      ctx.push(x);
      share.push(i === 0 || compaction >= 0 ? 0.3 : 0.96);
      out.push(200 + prng.nextBelow(500));
      gap.push(i === 0 ? 0 : prng.nextBelow(34));
      before.push(compaction);
    }
  }
  const n = ctx.length;
  const f64 = (a: number[]) => Float64Array.from(a);
  const m = cC.length;
  return {
    files: 555,
    bytes: 0,
    model: "bench-model",
    requests: {
      length: n,
      session: Uint32Array.from(sess),
      timeMs: new Float64Array(n),
      input: new Float64Array(n),
      cacheWrite5m: f64(ctx.map((x, i) => x * (1 - share[i]))),
      cacheWrite1h: new Float64Array(n),
      cacheRead: f64(ctx.map((x, i) => x * share[i])),
      output: f64(out),
      context: f64(ctx),
      cachedShare: f64(share),
      gapSeconds: f64(gap),
      compactionBefore: Int32Array.from(before),
    },
    sessions: {
      length: 555,
      kind: Uint8Array.from(kind),
      firstRequest: Uint32Array.from(first),
      requestCount: Uint32Array.from(count),
    },
    compactions: {
      length: m,
      session: Uint32Array.from(cS),
      trigger: new Uint8Array(m),
      precomputed: new Uint8Array(m),
      timeMs: new Float64Array(m),
      inputTokens: f64(cC),
      durationSeconds: f64(cT),
      summaryTokens: f64(cG),
      postContext: f64(cR),
      cachedShareBefore: f64(cB),
      cachedShareAfter: f64(cA),
      callInput: new Float64Array(m).fill(NaN),
      callCacheWrite5m: new Float64Array(m).fill(NaN),
      callCacheWrite1h: new Float64Array(m).fill(NaN),
      callCacheRead: new Float64Array(m).fill(NaN),
    },
    diagnostics: {} as Corpus["diagnostics"],
    advisor: { iterations: 0, byModel: {} },
    idleLimitSeconds: 300,
  };
}

function timeIt<T>(repeat: number, fn: () => T): { ms: number; min: number; result: T } {
  let result = fn(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    result = fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], min: times[0], result };
}

async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      corpus: { type: "string" },
      workloads: { type: "string", default: "100" },
      repeat: { type: "string", default: "5" },
    },
  });
  const workloads = Number(values.workloads);
  const repeat = Number(values.repeat);
  let corpus: Corpus;
  if (values.corpus) {
    const t0 = performance.now();
    corpus = await readCorpus([values.corpus]);
    console.log(`read corpus: ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  } else {
    corpus = syntheticCorpus();
    console.log("corpus: generated tables at the published scale (no --corpus given)");
  }
  console.log(
    `requests ${corpus.requests.length}, sessions ${corpus.sessions.length}, ` +
      `compactions ${corpus.compactions.length}`,
  );
  const time = fitTimeModel(corpus.compactions);
  const model = fitSummaryModel(corpus.compactions);
  const steps = buildSteps(corpus);
  const triggers = triggerGrid(model);
  const d = values.corpus ? summarizeCorpus(corpus).billedTokens : 6.736e9;

  const draw = timeIt(repeat, () => drawWorkloads(steps, { workloads }));
  console.log(`resample ${workloads} workloads (permute): median ${draw.ms.toFixed(1)} ms`);
  for (const method of ["moving", "circular", "stationary"] as const) {
    const t = timeIt(repeat, () => drawWorkloads(steps, { workloads, method }));
    console.log(`resample ${workloads} workloads (${method}): median ${t.ms.toFixed(1)} ms`);
  }
  const plans = draw.result.plans;
  let planBytes = 0;
  for (const p of plans) {
    planBytes += p.segmentStart.byteLength + p.segmentLength.byteLength +
      p.groupOffset.byteLength;
  }
  const blocks = plans.reduce((a, p) => a + p.segmentStart.length, 0);
  console.log(
    `workload memory: ${(planBytes / 1e6).toFixed(2)} MB for ${blocks} blocks ` +
      `(${(planBytes / blocks).toFixed(1)} B/block; copied columns would be ` +
      `${((corpus.requests.length * plans.length * 4 * 8) / 1e6).toFixed(0)} MB)`,
  );

  const replay = timeIt(
    Math.max(1, Math.floor(repeat / 2)),
    () => replayWorkloads(steps, plans, { triggers, model }),
  );
  console.log(
    `replay ${plans.length} workloads x ${triggers.length} triggers: median ` +
      `${(replay.ms / 1000).toFixed(2)} s (min ${(replay.min / 1000).toFixed(2)} s), 1 thread`,
  );
  // Rework after each compaction (docs/method.md, Cost of forgetting: in the replay and the
  // closed form): both sets of sums from one run, against the run without rework above.
  const rework = {
    tokensIntercept: 9100,
    requests: 3.6,
    outputTokensPerRequest: 209,
    workSecondsPerRequest: 16.9,
  };
  const withRework = timeIt(
    Math.max(1, Math.floor(repeat / 2)),
    () => replayWorkloads(steps, plans, { triggers, model, rework }),
  );
  console.log(
    `replay with rework (both curves) ${plans.length} workloads x ${triggers.length} triggers: ` +
      `median ${(withRework.ms / 1000).toFixed(2)} s (min ${(withRework.min / 1000).toFixed(2)} ` +
      `s), 1 thread: ${(withRework.ms / replay.ms).toFixed(2)}x the replay without`,
  );
  const parallel: number[] = [];
  for (let i = 0; i < Math.max(2, Math.floor(repeat / 2)) + 1; i++) {
    const t0 = performance.now();
    await replayWorkloadsParallel(steps, plans, { triggers, model, threads: 2 });
    if (i > 0) parallel.push(performance.now() - t0); // the first run warms the workers
  }
  parallel.sort((a, b) => a - b);
  console.log(
    `replay ${plans.length} workloads x ${triggers.length} triggers: median ` +
      `${(parallel[Math.floor(parallel.length / 2)] / 1000).toFixed(2)} s, 2 worker threads ` +
      `(incl. worker start-up and copying the step columns)`,
  );
  const inputs = {
    prices: DEFAULT_PRICES,
    beta: model.beta,
    a: time.both.a,
    v: time.both.v,
    billedTokens: d,
  };
  let alpha = 0.05;
  const reprice = timeIt(repeat * 4, () => {
    alpha += 0.001;
    return priceCurves(replay.result, { ...inputs, prices: { ...DEFAULT_PRICES, alpha } });
  });
  console.log(`re-price for a new alpha: median ${reprice.ms.toFixed(2)} ms`);
  let v = 80;
  const revelo = timeIt(repeat * 4, () => priceCurves(replay.result, { ...inputs, v: v += 1 }));
  console.log(`re-price for a new v: median ${revelo.ms.toFixed(2)} ms`);

  // The session-level bootstrap of the cheapest trigger (docs/method.md, Session-level
  // bootstrap): 100 draws, each one replay of one workload.
  const boot = timeIt(Math.max(1, Math.floor(repeat / 2)), () =>
    sessionBootstrapArgmin(steps, {
      kinds: corpus.sessions.kind,
      triggers,
      model,
      inputs,
      draws: 100,
      seed: 1,
    }));
  console.log(
    `session bootstrap, 100 draws x ${triggers.length} triggers: median ` +
      `${(boot.ms / 1000).toFixed(2)} s (min ${(boot.min / 1000).toFixed(2)} s), 1 thread; ` +
      `argmin 10-90% ${boot.result.p10}-${boot.result.p90}`,
  );

  const bootRework = timeIt(
    Math.max(1, Math.floor(repeat / 2)),
    () =>
      sessionBootstrapArgmin(steps, {
        kinds: corpus.sessions.kind,
        triggers,
        model,
        inputs,
        draws: 100,
        seed: 1,
        rework,
      }),
  );
  console.log(
    `session bootstrap with rework, 100 draws: median ${(bootRework.ms / 1000).toFixed(2)} s ` +
      `(${(bootRework.ms / boot.ms).toFixed(2)}x); argmin 10-90% ${bootRework.result.p10}-` +
      `${bootRework.result.p90}`,
  );

  if (values.corpus) {
    const { report } = await analyzeTrigger(corpus, { workloads });
    const f = report.fit;
    const at = report.checks.replayAtObservedTrigger;
    console.log(
      `acceptance: R² both/summary only/input only ${f.both?.rSquared.toFixed(3)}/` +
        `${f.summaryOnly?.rSquared.toFixed(3)}/${f.inputOnly?.rSquared.toFixed(3)} ` +
        `(published 0.73/0.69/−0.01 ± 0.05); replay at the observed trigger / observed bill ` +
        `${at?.ratioToObservedBill.toFixed(4)} (target within 5%); T* ` +
        `${report.steadyState.tStarTokens?.toFixed(0)} tokens, replay argmin ` +
        `${report.steadyState.replayArgminTokens} tokens`,
    );
    const deno = Deno.execPath();
    for (const flags of [["--rework", "off"], []]) {
      const cmd = new Deno.Command("/usr/bin/time", {
        args: [
          "-f",
          "__TIME__ %e %M",
          deno,
          "task",
          "-q",
          "analyze",
          "--json",
          ...flags,
          values.corpus,
        ],
        stdout: "null",
        stderr: "piped",
      });
      const o = await cmd.output();
      const m = new TextDecoder().decode(o.stderr).match(/__TIME__ ([\d.]+) (\d+)/);
      const name = flags.length === 0 ? "with rework (measured)" : "--rework off";
      if (o.success && m) {
        console.log(
          `deno task analyze end to end, ${name}: ${m[1]} s wall, peak RSS ${
            (Number(m[2]) / 1024).toFixed(0)
          } MB`,
        );
      } else {
        console.log(`deno task analyze ${name} failed (exit ${o.code})`);
      }
    }
  }
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
