/**
 * Counts of one read "1 session", not "1 sessions" (#24, small things a new user saw): the
 * corpus summary's model-switch and left-out lines, the filter lines, the confidence reason and
 * the report page's texts. Synthetic records only; the expected counts are worked out by hand.
 */
import assert from "node:assert/strict";
import { formatSummary } from "../../cli/corpus.ts";
import { formatReport } from "../../cli/analyze.ts";
import { fixtureReport } from "../report/_fixture.ts";
import { emptySampleMessage, sessionsText } from "../../cli/_shared.ts";
import { filteredOutMessage, filterLine, type SelectedInput } from "../../cli/_input.ts";
import { corpusFromText } from "../../lib/transcript/read_corpus.ts";
import { summarizeCorpus } from "../../lib/transcript/summarize_corpus.ts";
import { confidenceGrade } from "../../lib/trigger/confidence.ts";
import { fillText, TEXTS } from "../../lib/report/texts.ts";

const request = (session: string, n: number, model: string) =>
  `{"type":"assistant","uuid":"${session}${n}","sessionId":"${session}","requestId":"${session}r${n}",` +
  `"timestamp":"2026-01-01T00:0${n}:00Z","message":{"id":"${session}m${n}","model":"${model}",` +
  `"usage":{"input_tokens":10,"cache_read_input_tokens":1000,"output_tokens":5}}}`;

Deno.test("corpus text: one switched session, one request of another model, one session left out", () => {
  // Session a: three opus requests and one sonnet request, so it counts for opus (3 of 4) with 1
  // request of another model. Session b: one sonnet request, left out of the opus corpus whole.
  const a = [1, 2, 3].map((n) => request("a", n, "opus")).concat(request("a", 4, "sonnet"));
  const corpus = corpusFromText([
    { path: "p/a.jsonl", text: a.join("\n") + "\n" },
    { path: "p/b.jsonl", text: request("b", 1, "sonnet") + "\n" },
  ]);
  const summary = summarizeCorpus(corpus);
  assert.equal(summary.model, "opus");
  assert.equal(summary.modelSwitches.sessions, 1);
  assert.equal(summary.modelSwitches.requestsOfOtherModels, 1);
  assert.equal(summary.leftOut.requests, 1);
  assert.equal(summary.leftOut.sessions, 1);
  const text = formatSummary(summary);
  assert.match(
    text,
    /^Model switches: 1 session counted for opus \(more than half their requests\), with 1 request of other models priced as opus$/m,
  );
  assert.match(text, /^Left out: 1 request \(.* billed tokens\) in 1 session of another model /m);
  assert.doesNotMatch(text, /\b1 (sessions|requests|files)\b/);
});

Deno.test("filter lines: one file and one session left out", () => {
  const filters = (files: number, sessions: number): SelectedInput["filters"] => ({
    since: "2026-03-03",
    until: null,
    project: null,
    leftOut: { files, sessions, undatedSessions: 0 },
  });
  assert.equal(
    filterLine(filters(1, 1)),
    "Filter: --since 2026-03-03: left out 1 file (1 session with its sub-agents)",
  );
  assert.equal(
    filterLine(filters(3, 2)),
    "Filter: --since 2026-03-03: left out 3 files (2 sessions with their sub-agents)",
  );
  const input = (found: number, sessions: number) =>
    ({ files: [], found, filters: filters(found, sessions) }) as unknown as SelectedInput;
  assert.equal(
    filteredOutMessage("corpus", input(1, 1)),
    "corpus: empty sample: --since 2026-03-03 left out the only transcript file (1 session with " +
      "its sub-agents, 0 " +
      "without a timestamp)",
  );
  assert.equal(
    filteredOutMessage("corpus", input(6, 4)),
    "corpus: empty sample: --since 2026-03-03 left out all 6 transcript files (4 sessions with " +
      "their sub-agents, 0 " +
      "without a timestamp)",
  );
  // Thousands grouped, as the counts beside them are.
  assert.equal(
    filteredOutMessage("corpus", input(2791, 2314)),
    "corpus: empty sample: --since 2026-03-03 left out all 2,791 transcript files (2,314 " +
      "sessions with their sub-agents, 0 without a timestamp)",
  );
});

Deno.test("the model filter's message groups each model's request count in thousands", () => {
  // 1,200 requests of m1 in one session, 1 of m2 in another; --model m3 matches none.
  const lines = Array.from(
    { length: 1200 },
    (_, i) =>
      `{"type":"assistant","uuid":"u${i}","timestamp":"2026-01-01T00:00:00Z",` +
      `"message":{"id":"m${i}","model":"m1","usage":{"input_tokens":5,"output_tokens":1}}}`,
  );
  const corpus = corpusFromText([
    { path: "p/a.jsonl", text: lines.join("\n") + "\n" },
    { path: "p/b.jsonl", text: request("b", 1, "m2") + "\n" },
  ], { model: "m3" });
  assert.match(
    emptySampleMessage("corpus", corpus, ["p"]),
    /no request of model m3: 1,201 requests by model \(m1 1,200, m2 1\); choose one/,
  );
});

Deno.test("confidence: one session at the recommended trigger", () => {
  const grade = confidenceGrade({
    timedCompactions: 40,
    timeFitRSquared: 0.9,
    trigger: 100000,
    sessionsAtTrigger: 1,
    outsideMeasuredInput: false,
    atGridEdge: false,
    range: { fromTokens: 90000, toTokens: 110000 },
    grid: { fromTokens: 40000, toTokens: 400000 },
    spread: { p10: 90000, p90: 110000 },
    reworkMeasured: true,
  });
  const reason = grade.reasons.find((r) => r.code === "fewSessionsAtTrigger");
  assert.ok(reason !== undefined);
  assert.match(reason.message, /^only 1 session reached 100K tokens /);
});

Deno.test("page texts: counts of one in the left-out check, the range reason and the pool line", () => {
  const en = TEXTS.en;
  assert.equal(
    fillText(en.checkLeftOutNote, { requests: "1", sessions: "1", switched: "1" }),
    "1 request in 1 session of another model (or with no model of most of their requests), " +
      "priced at each request's own catalog prices; 1 session that switched model is kept whole " +
      "for this model.",
  );
  assert.match(
    fillText(en.checkLeftOutNote, { requests: "60", sessions: "8", switched: "2" }),
    /^60 requests in 8 sessions .*; 2 sessions that switched model are kept whole/,
  );
  assert.match(
    fillText(en.reasonFewSessionsAtTrigger, { value: "1", trigger: "80K", threshold: "5" }),
    /^only 1 session reached 80K /,
  );
  assert.match(
    fillText(en.poolOtherModel, {
      model: "m",
      contributors: "1",
      sessions: "1",
      requests: "1",
      compactions: "1",
    }),
    /^m: 1 contributor, 1 session, 1 request, 1 compaction;/,
  );
  assert.match(
    fillText(en.forgettingTooFew, { compactions: "1", window: "30" }),
    /^Not measured: only 1 compaction has complete windows of 30 requests/,
  );
  assert.match(
    fillText(en.forgettingTooFew, { compactions: "4", window: "30" }),
    /^Not measured: only 4 compactions have complete windows/,
  );
  assert.match(
    fillText(en.supportSome, { zones: "50K", minSessions: "5", minC: "80K", maxC: "153K" }),
    /: 50K\. At each of them fewer than 5 of your sessions reached the trigger, or it lies/,
  );
});

Deno.test("counts are grouped in thousands in the text outputs, as billed tokens are", () => {
  // A real-shaped corpus's figures: 2,791 files, 2,250 + 560 + 25 sessions, 86,025 requests.
  assert.equal(
    sessionsText({ main: 2250, subagent: 560, helper: 25 }),
    "2,835 sessions (2,250 main + 560 sub-agent + 25 helper)",
  );
  const corpus = corpusFromText([{ path: "p/a.jsonl", text: request("a", 1, "opus") + "\n" }]);
  const summary = summarizeCorpus(corpus);
  const big = {
    ...summary,
    files: 2791,
    bytes: 577_600_000,
    requests: 86025,
    sessions: { ...summary.sessions, main: 2250, subagent: 560, helper: 25 },
    diagnostics: {
      ...summary.diagnostics,
      duplicateBlocks: 43285,
      recordTypes: { assistant: 129377, user: 104563 },
    },
  };
  const text = formatSummary(big);
  assert.match(text, /^Corpus: 2,791 files, 577\.6 MB read$/m);
  assert.match(text, /^Sessions: 2,835 \(2,250 main \+ 560 sub-agent \+ 25 helper\);/m);
  assert.match(text, /^Requests: 86,025 \(de-duplicated\)$/m);
  assert.match(text, /^Merged: 43,285 duplicate blocks /m);
  assert.match(text, /^Record types: assistant 129,377, user 104,563$/m);
});

Deno.test("analyze's corpus and reader lines group their counts in thousands", () => {
  const r = fixtureReport();
  r.corpus.excludedSessions = { otherModel: 1234, noTargetModel: 5678 };
  r.corpus.compactions = { ...r.corpus.compactions, auto: 1500, manual: 2500, timed: 3900 };
  r.diagnostics.compactionsWithoutSummary = 1001;
  const text = formatReport(r);
  assert.match(text, /1,500 auto \+ 2,500 manual compactions \(3,900 timed\)/);
  assert.match(text, /sessions left out: 1,234 with another model, 5,678 without the model;/);
  assert.match(text, /1,001 without a summary;/);
});
