/**
 * Test helper: builds a {@linkcode Corpus} from plain rows (synthetic data only).
 *
 * @module
 */
import type { Corpus, ReaderDiagnostics } from "../../lib/transcript/tables.ts";
import { corpusFromText } from "../../lib/transcript/read_corpus.ts";
import { Pcg32 } from "../../lib/stats/pcg32.ts";

/** One request: token categories and the work-time gap before it. */
export interface RequestRow {
  u?: number;
  w5?: number;
  w1h?: number;
  r?: number;
  y?: number;
  gap?: number;
}

/** One compaction, placed in the gap before request `before` of its session. */
export interface CompactionRow {
  before: number;
  inputTokens: number;
  durationSeconds?: number;
  summaryTokens?: number;
  /** Defaults to the context of request `before`. */
  postContext?: number;
  /** Defaults to the cached share of request `before − 1`. */
  beta?: number;
  /** Defaults to the cached share of request `before`. */
  cAfter?: number;
  manual?: boolean;
}

/** One session. */
export interface SessionRows {
  subagent?: boolean;
  requests: RequestRow[];
  compactions?: CompactionRow[];
}

/** Builds the reader's tables from rows (sessions in order, requests in timestamp order). */
export function makeCorpus(sessions: SessionRows[], model = "test-model"): Corpus {
  const n = sessions.reduce((a, s) => a + s.requests.length, 0);
  const col = () => new Float64Array(n);
  const req = {
    length: n,
    session: new Uint32Array(n),
    timeMs: col(),
    input: col(),
    cacheWrite5m: col(),
    cacheWrite1h: col(),
    cacheRead: col(),
    output: col(),
    context: col(),
    cachedShare: col(),
    gapSeconds: col(),
    compactionBefore: new Int32Array(n).fill(-1),
  };
  const comps: CompactionRow[] = [];
  const compSession: number[] = [];
  const compRow: number[] = [];
  const firstRequest = new Uint32Array(sessions.length);
  const requestCount = new Uint32Array(sessions.length);
  const kind = new Uint8Array(sessions.length);
  let row = 0;
  let time = 1_700_000_000_000;
  sessions.forEach((s, si) => {
    firstRequest[si] = row;
    requestCount[si] = s.requests.length;
    kind[si] = s.subagent ? 1 : 0;
    s.requests.forEach((q, i) => {
      const u = q.u ?? 0, w5 = q.w5 ?? 0, w1h = q.w1h ?? 0, r = q.r ?? 0;
      const x = u + w5 + w1h + r;
      req.session[row] = si;
      req.input[row] = u;
      req.cacheWrite5m[row] = w5;
      req.cacheWrite1h[row] = w1h;
      req.cacheRead[row] = r;
      req.output[row] = q.y ?? 0;
      req.context[row] = x;
      req.cachedShare[row] = x > 0 ? r / x : 0;
      req.gapSeconds[row] = i === 0 ? 0 : q.gap ?? 0;
      time += 1000 * (i === 0 ? 0 : q.gap ?? 0);
      req.timeMs[row] = time;
      row++;
    });
    for (const c of s.compactions ?? []) {
      comps.push(c);
      compSession.push(si);
      compRow.push(firstRequest[si] + c.before);
    }
  });
  const m = comps.length;
  const cf = () => new Float64Array(m);
  const compactions = {
    length: m,
    session: Uint32Array.from(compSession),
    trigger: Uint8Array.from(comps.map((c) => (c.manual ? 1 : 0))),
    precomputed: new Uint8Array(m),
    timeMs: cf(),
    inputTokens: cf(),
    durationSeconds: cf(),
    summaryTokens: cf(),
    postContext: cf(),
    cachedShareBefore: cf(),
    cachedShareAfter: cf(),
    // No compaction-call files in these corpora.
    callInput: cf().fill(NaN),
    callCacheWrite5m: cf().fill(NaN),
    callCacheWrite1h: cf().fill(NaN),
    callCacheRead: cf().fill(NaN),
  };
  comps.forEach((c, i) => {
    const at = compRow[i];
    if (req.compactionBefore[at] < 0) req.compactionBefore[at] = i;
    compactions.timeMs[i] = req.timeMs[at] - 1;
    compactions.inputTokens[i] = c.inputTokens;
    compactions.durationSeconds[i] = c.durationSeconds ?? NaN;
    compactions.summaryTokens[i] = c.summaryTokens ?? NaN;
    compactions.postContext[i] = c.postContext ?? req.context[at];
    compactions.cachedShareBefore[i] = c.beta ?? req.cachedShare[at - 1];
    compactions.cachedShareAfter[i] = c.cAfter ?? req.cachedShare[at];
  });
  // Zero diagnostics as the reader makes them, then what this hand-made corpus sets.
  const diagnostics: ReaderDiagnostics = {
    ...corpusFromText([]).diagnostics,
    compactionsWithoutDuration: comps.filter((c) => c.durationSeconds === undefined).length,
    compactionsWithoutSummary: comps.filter((c) => c.summaryTokens === undefined).length,
    requestsByModel: { [model]: n },
  };
  return {
    files: sessions.length,
    bytes: 0,
    model,
    requests: req,
    sessions: { length: sessions.length, kind, firstRequest, requestCount },
    compactions,
    diagnostics,
    advisor: { iterations: 0, byModel: {} },
    idleLimitSeconds: 300,
  };
}

/** A random synthetic corpus: a few sessions growing by random steps. */
export function randomSessions(seed: number, sessions: number, maxRequests: number): SessionRows[] {
  const prng = new Pcg32(seed, 99);
  const out: SessionRows[] = [];
  for (let s = 0; s < sessions; s++) {
    const n = 1 + prng.nextBelow(maxRequests);
    let x = 5000 + prng.nextBelow(30000);
    const requests = [];
    for (let i = 0; i < n; i++) {
      const grow = prng.nextBelow(12000) - 1000;
      const prev = x;
      x = Math.max(1000, x + grow);
      const r = Math.min(prev, x) * (0.8 + 0.2 * prng.nextFloat());
      requests.push({
        r: Math.round(r),
        w5: Math.round((x - r) * 0.9),
        u: x - Math.round(r) - Math.round((x - r) * 0.9),
        y: prng.nextBelow(800),
        gap: prng.nextBelow(60),
      });
    }
    out.push({ subagent: s > 0, requests });
  }
  return out;
}
