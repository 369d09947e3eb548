import assert from "node:assert/strict";
import { modelFilterEmptyMessage } from "../../lib/transcript/mod.ts";
import { corpusBothWays, jsonl, usage } from "./_both_paths.ts";
import { assistant } from "./fixture.ts";

// One main session that switched model mid-file (/model): opus 3 requests, then sonnet 2. The
// default target is opus (most requests); the session has requests of another model, so it is
// left out, and nothing is left. By hand: 0 requests, 1 session left out with another model.
const switched = () => [{
  path: "p/s.jsonl",
  text: jsonl([
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
  ]),
}];

Deno.test("model filter: nothing left names the models with their counts and the per-model view", () => {
  const corpus = corpusBothWays(switched());
  assert.equal(corpus.requests.length, 0);
  assert.deepEqual(corpus.diagnostics.excludedSessions, { otherModel: 1, noTargetModel: 0 });
  const message = modelFilterEmptyMessage(corpus);
  assert.ok(message !== undefined);
  assert.match(message, /nothing is left after the model filter/);
  assert.match(message, /5 requests by model \(opus 3, sonnet 2\)/);
  assert.match(message, /of opus alone \(1 session left out with another model, 0 sessions/);
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
