import assert from "node:assert/strict";
import { summarizeCorpus } from "../../lib/transcript/mod.ts";
import { corpusBothWays, jsonl, usage } from "./_both_paths.ts";
import { assistant, user } from "./fixture.ts";

// One request, one message.id: a `/btw` helper replays a parent message with a new requestId.
//
// p/s.jsonl (main):
//   m1 (requestId r1) 10:00:05  u 10, w5 100, r 0,   y 5  → x 110
//   m2 (requestId r2) 10:00:20  u 2,  w5 20,  r 110, y 7  → x 132
//   m2 (requestId r2b) 10:00:21 the same response written again with a new requestId and the
//                               final output y 9: folded into m2 (largest total), in the file
// p/s/subagents/agent-aside_question-1a2b.jsonl (helper):
//   m1 (requestId rX) 10:01:01  the replay of m1: the same request, first seen in s.jsonl
//   m3 (requestId rY) 10:01:10  u 1, w5 0, r 132, y 3 → x 133
//
// By hand: requests m1, m2, m3 = 3 (the old `message.id:requestId` key made 5: m1 twice, m2
// twice, m3). D = (110 + 5) + (132 + 9) + (133 + 3) = 115 + 141 + 136 = 392.
// Merged blocks: m2's second line (in the file) and the replay of m1 (across files) = 2;
// requests copied across files: m1 = 1. The helper keeps m3 only.
const side = { isSidechain: true, agentId: "aside_question-1a2b" };
const files = () => [
  {
    path: "p/s.jsonl",
    text: jsonl([
      user("u1", "10:00:00", "prompt"),
      assistant({
        uuid: "a1",
        time: "10:00:05",
        id: "m1",
        requestId: "r1",
        usage: usage(10, 100, 0, 5),
      }),
      assistant({
        uuid: "a2",
        time: "10:00:20",
        id: "m2",
        requestId: "r2",
        usage: usage(2, 20, 110, 7),
      }),
      assistant({
        uuid: "a2b",
        time: "10:00:21",
        id: "m2",
        requestId: "r2b",
        usage: usage(2, 20, 110, 9),
      }),
    ]),
  },
  {
    path: "p/s/subagents/agent-aside_question-1a2b.jsonl",
    text: jsonl([
      user("h0", "10:01:00", "btw question", side),
      assistant({
        uuid: "h1",
        time: "10:01:01",
        id: "m1",
        requestId: "rX",
        usage: usage(10, 100, 0, 5),
        extra: side,
      }),
      assistant({
        uuid: "h2",
        time: "10:01:10",
        id: "m3",
        requestId: "rY",
        usage: usage(1, 0, 132, 3),
        extra: side,
      }),
    ]),
  },
];

Deno.test("request key: message.id alone, a replay with a new requestId is the same request", () => {
  const corpus = corpusBothWays(files());
  const s = summarizeCorpus(corpus);
  assert.equal(s.requests, 3);
  assert.equal(s.billedTokens, 392);
  assert.deepEqual([...corpus.sessions.requestCount], [2, 1]); // main m1 m2, helper m3
  assert.equal(corpus.requests.output[1], 9); // m2 kept the larger final output
  assert.equal(corpus.requests.timeMs[0], Date.parse("2026-03-02T10:00:05.000Z")); // m1's first
  assert.equal(corpus.diagnostics.duplicateBlocks, 2);
  assert.equal(corpus.diagnostics.crossFileDuplicateRequests, 1);
  assert.deepEqual(corpus.diagnostics.requestsByModel, { opus: 3 });
});

Deno.test("request key: a missing message.id falls back to the record uuid", () => {
  // Two blocks without message.id and with one requestId: two requests (uuids differ); a third
  // with the first one's uuid again is a copy of it. By hand: 2 requests, 1 merged block.
  const corpus = corpusBothWays([{
    path: "p/s.jsonl",
    text: jsonl([
      assistant({ uuid: "x1", time: "10:00:00", requestId: "r", usage: usage(1, 0, 0, 1) }),
      assistant({ uuid: "x2", time: "10:00:10", requestId: "r", usage: usage(2, 0, 0, 1) }),
      assistant({ uuid: "x1", time: "10:00:20", requestId: "r2", usage: usage(1, 0, 0, 1) }),
    ]),
  }]);
  assert.equal(corpus.requests.length, 2);
  assert.equal(corpus.diagnostics.requestsWithoutMessageId, 2);
  assert.equal(corpus.diagnostics.duplicateBlocks, 1);
});
