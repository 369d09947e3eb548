import assert from "node:assert/strict";
import { modelFilterEmptyMessage, summarizeCorpus } from "../../lib/transcript/mod.ts";
import { corpusBothWays, jsonl, usage } from "./_both_paths.ts";
import { assistant } from "./fixture.ts";

// One main session that switched model mid-file (/model): opus 2 requests, then sonnet 2. The
// default target is opus (most requests, ties alphabetically first); no model has more than half
// of the session's requests, so it is left out, and nothing is left. By hand: 0 requests, 1
// session left out with another model, its 4 requests in leftOut (opus 2, sonnet 2).
const switched = () => [{
  path: "p/s.jsonl",
  text: jsonl([
    ...[1, 2].map((k) =>
      assistant({ uuid: `o${k}`, time: `10:0${k}:00`, id: `mo${k}`, usage: usage(1, 10, 0, 1) })
    ),
    ...[4, 5].map((k) =>
      assistant({
        uuid: `s${k}`,
        time: `10:0${k}:00`,
        id: `ms${k}`,
        model: "sonnet",
        usage: usage(1, 10, 0, 1),
      })
    ),
  ]),
}];

Deno.test("model filter: nothing left names the models with their counts and the per-model view", () => {
  const corpus = corpusBothWays(switched());
  assert.equal(corpus.requests.length, 0);
  assert.deepEqual(corpus.diagnostics.excludedSessions, { otherModel: 1, noTargetModel: 0 });
  assert.equal(corpus.diagnostics.leftOut.requests, 4);
  assert.deepEqual(Object.keys(corpus.diagnostics.leftOut.byModel), ["opus", "sonnet"]);
  // usage(1, 10, 0, 1) per request: 2 × (u 1, w5 10, y 1) per model.
  assert.deepEqual(corpus.diagnostics.leftOut.byModel.sonnet, {
    count: 2,
    input: 2,
    cacheWrite5m: 20,
    cacheWrite1h: 0,
    cacheRead: 0,
    output: 2,
  });
  const message = modelFilterEmptyMessage(corpus);
  assert.ok(message !== undefined);
  assert.match(message, /nothing is left after the model filter/);
  assert.match(message, /4 requests by model \(opus 2, sonnet 2\)/);
  assert.match(message, /more than half of its requests of opus \(1 session left out with another/);
  assert.match(message, /--model all/);
});

Deno.test("model filter: a target model with no request at all is named as such", () => {
  const corpus = corpusBothWays(switched(), { model: "haiku" });
  const message = modelFilterEmptyMessage(corpus);
  assert.ok(message !== undefined);
  assert.match(message, /^no request of model haiku: 4 requests by model \(opus 2, sonnet 2\)/);
  assert.match(message, /--model all/);
});

Deno.test("model filter: no message when requests are left, or when there were none", () => {
  const some = corpusBothWays([
    ...switched(),
    {
      path: "p/t.jsonl",
      text: jsonl([
        assistant({ uuid: "t1", time: "11:00:00", id: "mt1", usage: usage(1, 0, 0, 1) }),
      ]),
    },
  ]);
  assert.equal(some.requests.length, 1);
  assert.equal(modelFilterEmptyMessage(some), undefined);
  const none = corpusBothWays([{ path: "p/e.jsonl", text: "{bad\n" }]);
  assert.equal(modelFilterEmptyMessage(none), undefined);
});

Deno.test("model filter: a session that switches model counts for the model of most requests", () => {
  // opus 3 requests, then /model and sonnet 2 (by hand): opus has 3 of 5 (> half), so the session
  // is opus's whole, its 2 sonnet requests replayed at opus's prices and counted; for sonnet it
  // is left out with its 5 requests (opus 3, sonnet 2).
  const text = jsonl([
    ...[1, 2, 3].map((k) =>
      assistant({ uuid: `o${k}`, time: `10:0${k}:00`, id: `mo${k}`, usage: usage(1, 10, 0, 1) })
    ),
    ...[4, 5].map((k) =>
      assistant({
        uuid: `s${k}`,
        time: `10:0${k}:00`,
        id: `ms${k}`,
        model: "sonnet",
        usage: usage(1, 10, 0, 1),
      })
    ),
  ]);
  const opus = corpusBothWays([{ path: "p/s.jsonl", text }]);
  assert.equal(opus.model, "opus");
  assert.equal(opus.requests.length, 5);
  assert.deepEqual(opus.diagnostics.mixedModelSessions, { sessions: 1, requestsOfOtherModels: 2 });
  assert.deepEqual(opus.diagnostics.leftOut, { requests: 0, byModel: {} });
  // Work time: the 4 gaps of 60 s each.
  assert.equal(summarizeCorpus(opus).workHours, 240 / 3600);
  const sonnet = corpusBothWays([{ path: "p/s.jsonl", text }], { model: "sonnet" });
  assert.equal(sonnet.requests.length, 0);
  assert.equal(sonnet.diagnostics.leftOut.requests, 5);
  assert.equal(sonnet.diagnostics.leftOut.byModel.opus.count, 3);
  assert.equal(sonnet.diagnostics.leftOut.byModel.sonnet.count, 2);
});

Deno.test("model filter: one request of another model reads '1 request by model'", () => {
  // One sonnet request alone; the target haiku has none.
  const corpus = corpusBothWays([{
    path: "p/s.jsonl",
    text: jsonl([
      assistant({
        uuid: "s1",
        time: "10:01:00",
        id: "ms1",
        model: "sonnet",
        usage: usage(1, 10, 0, 1),
      }),
    ]),
  }], { model: "haiku" });
  const message = modelFilterEmptyMessage(corpus);
  assert.ok(message !== undefined);
  assert.match(message, /^no request of model haiku: 1 request by model \(sonnet 1\)/);
});
