/**
 * What a correct reader must report on a generated corpus (docs/method.md), accumulated
 * by the generator while it writes. It is the ground truth the manifest records.
 *
 * @module
 */

/** The expected `corpus` summary of a generated corpus, plus quirk counts. */
export interface ExpectedAggregates {
  /** `*.jsonl` files written. */
  files: number;
  /** Bytes of all `*.jsonl` files. */
  bytes: number;
  /**
   * Included sessions (all requests of the target model), by kind. Helper agents (`/btw`,
   * speculation) are counted apart from sub-agents; a compaction's own summarizing call
   * (`agent-acompact-…`) is no session.
   */
  sessions: { main: number; subagent: number; helper: number };
  /** Included requests, de-duplicated by `message.id` alone (helpers' replays are copies). */
  requests: number;
  /** The same requests by the kind of session they belong to. */
  requestsByKind: { main: number; subagent: number; helper: number };
  /** Sessions written to be left out, by the reader's reason. */
  excludedSessions: { otherModel: number; noTargetModel: number };
  /** Lines that are not a JSON object. */
  malformedLines: number;
  /**
   * Compactions of included sessions by trigger (`unknown`: `compactMetadata` null; `other`: the
   * idle trigger of era E); `timed` have a recoverable duration and are not precomputed;
   * `precomputed` (era E) also count under their trigger.
   */
  compactions: {
    auto: number;
    manual: number;
    unknown: number;
    other: number;
    timed: number;
    precomputed: number;
  };
  /**
   * The compactions' own summarizing calls written as `agent-acompact-…` files (each matches its
   * boundary: no request, no session), and the sums of their input categories, tokens.
   */
  compactionCalls: {
    count: number;
    input: number;
    cacheWrite5m: number;
    cacheWrite1h: number;
    cacheRead: number;
  };
  /** Σ work-time gaps of included sessions (idle limit 300 s), hours. */
  workHours: number;
  /** D = Σ (x + y) over included requests, tokens. */
  billedTokens: number;
  /** Shares of D. */
  billingMix: {
    input: number;
    cacheWrite5m: number;
    cacheWrite1h: number;
    cacheRead: number;
    output: number;
  };
  /** (1·Σu + 1.25·Σw5 + 2·Σw1h) / (Σu + Σw5 + Σw1h). */
  omega: number;
  /** Median C of auto compactions, tokens (null: none). */
  observedTrigger: number | null;
  /** Target model. */
  model: string;
  /** How often each quirk of docs/transcript-format.md was written. */
  quirks: Record<string, number>;
  /** The rework planted after compactions, as the estimate defines it ({@linkcode ReworkTruth}). */
  rework: ReworkTruth;
}

/**
 * The planted rework per compaction, over the compactions of included sessions whose two windows
 * of {@linkcode REWORK_WINDOW} requests are complete (K requests from the boundary before the
 * next one or the session's end, K requests before it since the previous one or the session's
 * start; a boundary sits before the first request timed at or after it): the mean of the planted
 * re-reads that fall in the first K requests after the boundary. Each planted re-read is a
 * request of its own, a whole-file Read of a file read whole before the boundary, at or after
 * the session's request K (where the estimate's window A looks back to).
 */
export interface ReworkTruth {
  /** K, requests per window. */
  windowRequests: number;
  /** Compactions with both windows complete. */
  compactions: number;
  /** Mean planted re-read tokens per compaction, ceil(chars / 4) per result. */
  tokensPerCompaction: number;
  /** Mean planted re-read requests per compaction. */
  requestsPerCompaction: number;
}

/** K of {@linkcode ReworkTruth}: the estimate's default window, requests. */
export const REWORK_WINDOW = 30;

/** One compaction as the generator made it. */
interface CompactionTruth {
  timeMs: number;
  /** The planted re-reads after it: their request's time and their one-shot tokens. */
  planted: { timeMs: number; tokens: number }[];
  /** Duration the reader recovers, seconds; null when it cannot (trigger unknown). */
  seconds: number | null;
}

/** Per-session record of request times and compactions, for the work time. */
export interface SessionTruth {
  /** Whether the session counts (target model only). */
  included: boolean;
  /** `main`, `subagent` or `helper`. */
  kind: "main" | "subagent" | "helper";
  /** Timestamps (ms) of the session's requests. */
  requestTimes: number[];
  /** Compactions of the session. */
  compactions: CompactionTruth[];
}

/**
 * Accumulates the ground truth while the corpus is written.
 *
 * @example
 * ```ts
 * import { ExpectedAccumulator } from "./expected.ts";
 * import assert from "node:assert/strict";
 * const acc = new ExpectedAccumulator("m");
 * const s = acc.session("main", true);
 * acc.request(s, 0, 1, 8, 0, 90, 10);
 * acc.request(s, 60_000, 1, 8, 0, 90, 10);
 * const e = acc.finish();
 * assert.equal(e.requests, 2);
 * assert.equal(e.billedTokens, 218);
 * assert.equal(e.workHours, 60 / 3600);
 * ```
 */
export class ExpectedAccumulator {
  readonly #model: string;
  readonly #sessions: SessionTruth[] = [];
  #u = 0;
  #w5 = 0;
  #w1h = 0;
  #r = 0;
  #y = 0;
  #requests = 0;
  #auto = 0;
  #manual = 0;
  #unknown = 0;
  #other = 0;
  #precomputed = 0;
  readonly #calls = { count: 0, input: 0, cacheWrite5m: 0, cacheWrite1h: 0, cacheRead: 0 };
  #timed = 0;
  #autoInputs: number[] = [];
  /** Files written. */
  files = 0;
  /** Bytes written. */
  bytes = 0;
  /** Malformed lines written. */
  malformedLines = 0;
  /** Sessions left out as other-model. */
  otherModel = 0;
  /** Sessions left out for having no target-model request. */
  noTargetModel = 0;
  /** Quirk counts. */
  readonly quirks: Record<string, number> = {};

  /**
   * @param model The target model.
   */
  constructor(model: string) {
    this.#model = model;
  }

  /**
   * Counts one occurrence of a quirk.
   *
   * @param name Quirk name.
   * @param n How many.
   */
  quirk(name: string, n = 1): void {
    this.quirks[name] = (this.quirks[name] ?? 0) + n;
  }

  /**
   * Opens a session.
   *
   * @param kind Main, sub-agent or helper.
   * @param included Whether it counts.
   * @returns Its record.
   */
  session(kind: "main" | "subagent" | "helper", included: boolean): SessionTruth {
    const s: SessionTruth = { included, kind, requestTimes: [], compactions: [] };
    this.#sessions.push(s);
    return s;
  }

  /**
   * Records one request as the reader will see it (largest block usage, earliest timestamp).
   *
   * @param s Its session.
   * @param timeMs Earliest block timestamp, ms.
   * @param u Uncached input.
   * @param w5 5-minute cache writes.
   * @param w1h 1-hour cache writes.
   * @param r Cache reads.
   * @param y Output tokens.
   */
  request(
    s: SessionTruth,
    timeMs: number,
    u: number,
    w5: number,
    w1h: number,
    r: number,
    y: number,
  ): void {
    s.requestTimes.push(timeMs);
    if (!s.included) return;
    this.#requests++;
    this.#u += u;
    this.#w5 += w5;
    this.#w1h += w1h;
    this.#r += r;
    this.#y += y;
  }

  /**
   * Records one compaction.
   *
   * @param s Its session.
   * @param trigger Auto, manual, unknown (`compactMetadata` null) or other (idle, era E).
   * @param inputTokens C.
   * @param timeMs Boundary timestamp, ms.
   * @param seconds Duration the reader recovers, seconds; null when it cannot.
   * @param precomputed Whether the summary was precomputed (not timed). @default {false}
   */
  compaction(
    s: SessionTruth,
    trigger: "auto" | "manual" | "unknown" | "other",
    inputTokens: number,
    timeMs: number,
    seconds: number | null,
    precomputed = false,
  ): void {
    s.compactions.push({ timeMs, seconds, planted: [] });
    if (!s.included) return;
    if (trigger === "auto") {
      this.#auto++;
      this.#autoInputs.push(inputTokens);
    } else if (trigger === "manual") this.#manual++;
    else if (trigger === "other") this.#other++;
    else this.#unknown++;
    if (precomputed) this.#precomputed++;
    else if (seconds !== null) this.#timed++;
  }

  /**
   * Records a planted re-read: the request at `timeMs` re-reads, for the session's latest
   * compaction, a file read before it.
   *
   * @param s Its session.
   * @param timeMs The request's time, ms.
   * @param call The re-read (its `tokens`: the result's ceil(chars / 4)).
   */
  planted(s: SessionTruth, timeMs: number, call: { tokens: number }): void {
    s.compactions[s.compactions.length - 1]?.planted.push({ timeMs, tokens: call.tokens });
  }

  /** The planted rework per compaction (see {@linkcode ReworkTruth}). */
  #reworkTruth(): ReworkTruth {
    const K = REWORK_WINDOW;
    let n = 0, tokens = 0, requests = 0;
    for (const s of this.#sessions) {
      if (!s.included || s.requestTimes.length === 0) continue;
      const times = [...s.requestTimes].sort((a, b) => a - b);
      const rowAt = (t: number) => {
        let r = 0;
        while (r < times.length && times[r] < t) r++;
        return r;
      };
      const rows = s.compactions.map((c) => rowAt(c.timeMs));
      const sorted = [...rows].sort((a, b) => a - b);
      s.compactions.forEach((c, j) => {
        const at = rows[j];
        const k = sorted.indexOf(at);
        const next = sorted.indexOf(at, k + 1) >= 0
          ? at
          : k + 1 < sorted.length
          ? sorted[k + 1]
          : times.length;
        const previous = k > 0 ? sorted[k - 1] : 0;
        if (at + K > next || at - K < previous) return;
        n++;
        for (const p of c.planted) {
          const row = rowAt(p.timeMs);
          if (row >= at && row < at + K) {
            tokens += p.tokens;
            requests++;
          }
        }
      });
    }
    return {
      windowRequests: K,
      compactions: n,
      tokensPerCompaction: n > 0 ? tokens / n : 0,
      requestsPerCompaction: n > 0 ? requests / n : 0,
    };
  }

  /**
   * Records one compaction's summarizing call (an `agent-acompact-…` file).
   *
   * @param u Uncached input.
   * @param w5 5-minute cache writes.
   * @param w1h 1-hour cache writes.
   * @param r Cache reads.
   */
  compactionCall(u: number, w5: number, w1h: number, r: number): void {
    this.#calls.count++;
    this.#calls.input += u;
    this.#calls.cacheWrite5m += w5;
    this.#calls.cacheWrite1h += w1h;
    this.#calls.cacheRead += r;
  }

  /**
   * Computes the aggregates.
   *
   * @param idleLimitSeconds Idle limit of the work time, seconds.
   * @returns The expected summary.
   */
  finish(idleLimitSeconds = 300): ExpectedAggregates {
    let work = 0;
    const sessions = { main: 0, subagent: 0, helper: 0 };
    const requestsByKind = { main: 0, subagent: 0, helper: 0 };
    for (const s of this.#sessions) {
      if (!s.included || s.requestTimes.length === 0) continue;
      sessions[s.kind]++;
      requestsByKind[s.kind] += s.requestTimes.length;
      const times = [...s.requestTimes].sort((a, b) => a - b);
      for (let i = 1; i < times.length; i++) {
        let gap = (times[i] - times[i - 1]) / 1000;
        for (const c of s.compactions) {
          // A duration the reader cannot recover is not subtracted.
          if (c.seconds !== null && c.timeMs > times[i - 1] && c.timeMs <= times[i]) {
            gap = Math.max(0, gap - c.seconds);
          }
        }
        if (gap <= idleLimitSeconds) work += gap;
      }
    }
    const uncached = this.#u + this.#w5 + this.#w1h;
    const billed = uncached + this.#r + this.#y;
    const share = (v: number) => (billed > 0 ? v / billed : 0);
    const inputs = [...this.#autoInputs].sort((a, b) => a - b);
    const n = inputs.length;
    const observedTrigger = n === 0
      ? null
      : n % 2 === 1
      ? inputs[(n - 1) / 2]
      : (inputs[n / 2 - 1] + inputs[n / 2]) / 2;
    return {
      files: this.files,
      bytes: this.bytes,
      sessions,
      requests: this.#requests,
      requestsByKind,
      excludedSessions: { otherModel: this.otherModel, noTargetModel: this.noTargetModel },
      malformedLines: this.malformedLines,
      compactions: {
        auto: this.#auto,
        manual: this.#manual,
        unknown: this.#unknown,
        other: this.#other,
        timed: this.#timed,
        precomputed: this.#precomputed,
      },
      compactionCalls: { ...this.#calls },
      workHours: work / 3600,
      billedTokens: billed,
      billingMix: {
        input: share(this.#u),
        cacheWrite5m: share(this.#w5),
        cacheWrite1h: share(this.#w1h),
        cacheRead: share(this.#r),
        output: share(this.#y),
      },
      omega: uncached > 0 ? (this.#u + 1.25 * this.#w5 + 2 * this.#w1h) / uncached : 0,
      observedTrigger,
      model: this.#model,
      quirks: Object.fromEntries(Object.entries(this.quirks).sort(([a], [b]) => (a < b ? -1 : 1))),
      rework: this.#reworkTruth(),
    };
  }
}
