/**
 * The session-level bootstrap (lib/trigger/session_bootstrap.ts) of a streamed pool analysis:
 * the same draws, replayed batch by batch.
 *
 * Draw b picks its sessions kind by kind from PCG32 stream 2³² + b and then, from the same
 * stream and in draw order, reshuffles the blocks of every copy. Neither step reads a step's
 * figures: the picks need each session's kind, the reshuffle each copy's number of steps, and
 * DuckDB sends both for every session before the compactions (`sessionTable`). So for every batch
 * each draw is made again from its seed (O(sessions + steps / block size) per draw and batch:
 * about 0.1 s at 291,167 sessions and 10 million steps, most of the bootstrap's time at that
 * scale), the copies of the batch's sessions are taken out of
 * it with their block plans, replayed at every trigger, and their sums added to the draw's.
 * Once every batch is in, each draw is priced and its cheapest trigger taken, as in memory. The
 * draws and plans are the in-memory ones; the sums add the same copies in another order (equal
 * up to rounding), so the argmins are the in-memory ones but at an exact tie.
 *
 * Memory: the sessions' kinds and counts, one draw's plan at a time, and the draws' sums
 * (draws × triggers). Time: the in-memory bootstrap's replay, plus the draws made again once per
 * batch (fewer, larger batches make them fewer).
 *
 * @module
 */
import { type BlockMethod, resampleBlocks } from "../stats/block_resample.ts";
import { Pcg32 } from "../stats/pcg32.ts";
import { cellCostPerMillion, type PricingInputs } from "../trigger/price_curves.ts";
import {
  emptyReplaySums,
  type ReplayCompactionModel,
  type ReplayRework,
  type ReplaySums,
  replayWorkloads,
} from "../trigger/replay.ts";
import {
  SESSION_BOOTSTRAP_STREAM,
  type SessionBootstrap,
  summarizeSessionBootstrap,
} from "../trigger/session_bootstrap.ts";
import { type StepColumns, stepColumnsOnly } from "../trigger/steps.ts";

/** Options of {@linkcode StreamedSessionBootstrap}: those of `sessionBootstrapArgmin`. */
export interface StreamedBootstrapOptions {
  triggers: Float64Array;
  model: ReplayCompactionModel;
  tierThresholds: Float64Array;
  rework?: ReplayRework;
  draws: number;
  seed: number;
  method: BlockMethod;
  blockSize: number;
}

/** The session bootstrap, fed batch by batch. */
export class StreamedSessionBootstrap {
  readonly #o: StreamedBootstrapOptions;
  readonly #kinds: Float64Array;
  readonly #steps: Uint32Array;
  /** Sessions of each kind, ascending kind, in pool order (as drawSessions groups them). */
  readonly #byKind: Uint32Array[];
  readonly #sums: ReplaySums[];

  /**
   * @param kinds Every session's kind, in pool order.
   * @param requests Every session's request count, in pool order.
   * @param options Triggers, model, prices' tiers, rework, draws, seed, block method and size.
   * @throws {RangeError} When `draws` is not a positive integer or the tables differ in length.
   */
  constructor(
    kinds: ArrayLike<number>,
    requests: ArrayLike<number>,
    options: StreamedBootstrapOptions,
  ) {
    if (!Number.isInteger(options.draws) || options.draws < 1) {
      throw new RangeError(
        `Cannot draw sessions: draws must be a positive integer, got ${options.draws}`,
      );
    }
    if (kinds.length !== requests.length) {
      throw new RangeError(`Cannot draw sessions: ${kinds.length} kinds for ${requests.length}`);
    }
    this.#o = options;
    this.#kinds = Float64Array.from(kinds);
    this.#steps = Uint32Array.from(requests, (n) => Math.max(0, n - 1));
    const lists = new Map<number, number[]>();
    for (let s = 0; s < kinds.length; s++) {
      const list = lists.get(kinds[s]) ?? [];
      list.push(s);
      lists.set(kinds[s], list);
    }
    this.#byKind = [...lists.keys()].sort((a, b) => a - b).map((k) =>
      Uint32Array.from(lists.get(k)!)
    );
    this.#sums = Array.from({ length: options.draws }, () => {
      const sums = emptyReplaySums(1, options.triggers, options.tierThresholds, options.rework);
      return sums.withRework ?? sums;
    });
  }

  /**
   * Replays the copies of a batch's sessions in every draw and adds their sums.
   *
   * @param steps The batch's step columns (its sessions in pool order).
   * @param firstSession The pool index of the batch's first session.
   * @throws {RangeError} When a session's steps differ from the table's count.
   */
  addBatch(steps: StepColumns, firstSession: number): void {
    const o = this.#o;
    const last = firstSession + steps.sessions;
    for (let s = 0; s < steps.sessions; s++) {
      if (steps.count[s] - 1 !== this.#steps[firstSession + s]) {
        throw new RangeError(
          `Cannot draw sessions: session ${firstSession + s} has ${steps.count[s]} requests, ` +
            `the pool's table ${this.#steps[firstSession + s] + 1}`,
        );
      }
    }
    for (let b = 0; b < o.draws; b++) {
      // Draw b + 1 as drawSessions and sessionBootstrapDraws make it.
      const prng = new Pcg32(o.seed, SESSION_BOOTSTRAP_STREAM + b + 1);
      const drawn: number[] = [];
      for (const members of this.#byKind) {
        for (let i = 0; i < members.length; i++) {
          drawn.push(members[prng.nextBelow(members.length)]);
        }
      }
      const copies: number[] = [];
      const keep = new Uint8Array(drawn.length);
      for (let j = 0; j < drawn.length; j++) {
        if (drawn[j] < firstSession || drawn[j] >= last) continue;
        copies.push(j);
        keep[j] = 1;
      }
      if (copies.length === 0) continue;
      // Each copy's blocks, relative to its session's first step (the reshuffle reads only
      // the counts, so the positions can be shifted afterwards); the other copies only draw
      // their randomness (resampleBlocks' keep), so the batch's copies get their own plans.
      const plan = resampleBlocks(
        {
          start: new Uint32Array(drawn.length),
          length: Uint32Array.from(drawn, (s) => this.#steps[s]),
        },
        prng,
        { method: o.method, blockSize: o.blockSize },
        keep,
      );
      let segments = 0;
      for (const j of copies) segments += plan.groupOffset[j + 1] - plan.groupOffset[j];
      const start = new Uint32Array(copies.length);
      const count = new Uint32Array(copies.length);
      const groupOffset = new Uint32Array(copies.length + 1);
      const segmentStart = new Uint32Array(segments);
      const segmentLength = new Uint32Array(segments);
      let at = 0;
      for (let c = 0; c < copies.length; c++) {
        const j = copies[c];
        const local = drawn[j] - firstSession;
        start[c] = steps.start[local];
        count[c] = steps.count[local];
        groupOffset[c] = at;
        for (let g = plan.groupOffset[j]; g < plan.groupOffset[j + 1]; g++) {
          segmentStart[at] = steps.start[local] + 1 + plan.segmentStart[g];
          segmentLength[at] = plan.segmentLength[g];
          at++;
        }
      }
      groupOffset[copies.length] = at;
      const view: StepColumns = { ...steps, sessions: copies.length, start, count };
      const part = replayWorkloads(view, [{ segmentStart, segmentLength, groupOffset }], {
        triggers: o.triggers,
        model: o.model,
        tierThresholds: o.tierThresholds,
        rework: o.rework,
        keepWithoutRework: false,
      });
      addReplaySums(this.#sums[b], part);
    }
  }

  /**
   * Prices every draw and takes its cheapest trigger (the first strict minimum), as in memory.
   *
   * @param inputs Prices, β and D of the whole pool.
   * @returns The bootstrap.
   */
  finish(inputs: PricingInputs): SessionBootstrap {
    const triggers = this.#o.triggers;
    const argmins = Float64Array.from(this.#sums, (sums) => {
      let best = Infinity, at = -1;
      for (let t = 0; t < triggers.length; t++) {
        const c = cellCostPerMillion(sums, t, inputs);
        if (c < best) {
          best = c;
          at = t;
        }
      }
      return at < 0 ? NaN : triggers[at];
    });
    return summarizeSessionBootstrap(argmins, this.#o.seed);
  }

  /** Sessions in the table. */
  get sessions(): number {
    return this.#kinds.length;
  }
}

/**
 * Adds one replay's sums to another's, cell by cell (the rework's extra requests, the tier
 * sums and the sums with rework included).
 *
 * @param into The sums added to.
 * @param part The sums added (same workloads, triggers, tiers and rework).
 */
export function addReplaySums(into: ReplaySums, part: ReplaySums): void {
  const add = (a: Float64Array, b: Float64Array) => {
    for (let i = 0; i < a.length; i++) a[i] += b[i];
  };
  if (into.withRework !== undefined && part.withRework !== undefined) {
    // The per-workload columns with rework are the sums' own (shared).
    addCells(into.withRework, part.withRework);
  }
  addCells(into, part);
  add(into.outputTokens, part.outputTokens);
  add(into.workSeconds, part.workSeconds);
}

/** Adds the per-cell sums (and the rework's extra requests) of `part` into `into`. */
function addCells(into: ReplaySums, part: ReplaySums): void {
  const add = (a: Float64Array, b: Float64Array) => {
    for (let i = 0; i < a.length; i++) a[i] += b[i];
  };
  add(into.contextTokens, part.contextTokens);
  add(into.cachedTokens, part.cachedTokens);
  add(into.compactions, part.compactions);
  add(into.compactionInputTokens, part.compactionInputTokens);
  add(into.summaryTokens, part.summaryTokens);
  if (into.rework !== undefined && part.rework !== undefined) {
    add(into.rework.extraRequests, part.rework.extraRequests);
  }
  if (into.tiers && part.tiers) {
    add(into.tiers.contextTokens, part.tiers.contextTokens);
    add(into.tiers.cachedTokens, part.tiers.cachedTokens);
    add(into.tiers.outputTokens, part.tiers.outputTokens);
    add(into.tiers.compactionInputTokens, part.tiers.compactionInputTokens);
    add(into.tiers.summaryTokens, part.tiers.summaryTokens);
  }
}

/**
 * The streamed session bootstrap on a worker thread, beside the main thread's replay: the same
 * draws and sums as {@linkcode StreamedSessionBootstrap} (the worker runs it). Messages are
 * posted at once and answered in order; the caller awaits each batch before sending the next,
 * so the worker holds at most one batch's copy.
 */
export class StreamedSessionBootstrapWorker {
  readonly #worker: Worker;
  readonly #pending: { resolve: (data: unknown) => void; reject: (error: Error) => void }[] = [];
  #failed: Error | null = null;

  /**
   * @param kinds Every session's kind, in pool order.
   * @param requests Every session's request count, in pool order.
   * @param options As {@linkcode StreamedSessionBootstrap}.
   */
  constructor(
    kinds: ArrayLike<number>,
    requests: ArrayLike<number>,
    options: StreamedBootstrapOptions,
  ) {
    this.#worker = new Worker(
      new URL("./streamed_bootstrap_worker.ts", import.meta.url).href,
      { type: "module" },
    );
    this.#worker.onmessage = (event: MessageEvent) => this.#pending.shift()?.resolve(event.data);
    this.#worker.onerror = (event: ErrorEvent) => {
      event.preventDefault();
      this.#failed = new Error(`Session bootstrap worker failed: ${event.message}`);
      this.#worker.terminate();
      for (const p of this.#pending.splice(0)) p.reject(this.#failed);
    };
    // Answered before the first batch's (in order); a failure rejects that one too.
    this.#send({
      kind: "init",
      kinds: Float64Array.from(kinds),
      requests: Float64Array.from(requests),
      options,
    }).catch(() => {});
  }

  /** Posts at once (synchronously), resolves with the worker's answer. */
  #send(message: unknown): Promise<unknown> {
    if (this.#failed !== null) return Promise.reject(this.#failed);
    return new Promise((resolve, reject) => {
      this.#pending.push({ resolve, reject });
      this.#worker.postMessage(message);
    });
  }

  /**
   * Sends a batch to the worker at once; await it before sending the next.
   *
   * @param steps The batch's step columns.
   * @param firstSession The pool index of the batch's first session.
   * @returns When the worker has added it.
   */
  async addBatch(steps: StepColumns, firstSession: number): Promise<void> {
    await this.#send({ kind: "batch", steps: stepColumnsOnly(steps), firstSession });
  }

  /**
   * Prices every draw on the worker and stops it.
   *
   * @param inputs Prices, β and D of the whole pool.
   * @returns The bootstrap.
   */
  async finish(inputs: PricingInputs): Promise<SessionBootstrap> {
    try {
      const data = await this.#send({ kind: "finish", inputs }) as { result: SessionBootstrap };
      return data.result;
    } finally {
      this.#worker.terminate();
    }
  }

  /** Stops the worker (after a failure elsewhere). */
  stop(): void {
    this.#worker.terminate();
  }
}
