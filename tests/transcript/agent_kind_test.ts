import assert from "node:assert/strict";
import {
  agentSessionKind,
  COMPACTION_CALL_KIND,
  isCompactionCallFile,
  parentTranscript,
} from "../../lib/transcript/agent_kind.ts";
import { SESSION_KIND, summarizeCorpus } from "../../lib/transcript/mod.ts";
import { corpusBothWays, jsonl, usage } from "./_both_paths.ts";
import { assistant } from "./fixture.ts";

Deno.test("agent kind: the shape of the agentId decides, not its length", () => {
  // Ordinary sub-agents: "a" + hex, 6 digits (2.1.38) or 16 (later), no dash.
  for (const id of ["a1b2c3", "a0123456789abcdef", "aaa", "abcdef-"]) {
    assert.equal(agentSessionKind(id), SESSION_KIND.subagent, id);
  }
  // Helpers: a + label of letters and underscores + "-" + hex.
  for (
    const id of [
      "aside_question-4f2a9c",
      "aspeculation-00ff",
      "asession_memory-9e",
      "aprompt_suggestion-0123456789abcdef",
    ]
  ) {
    assert.equal(agentSessionKind(id), SESSION_KIND.helper, id);
  }
  // The compaction's own call; a label with a digit or no hex after the dash is no helper.
  assert.equal(agentSessionKind("acompact-6f1e2d"), COMPACTION_CALL_KIND);
  assert.equal(agentSessionKind("aside2-4f"), SESSION_KIND.subagent);
  assert.equal(agentSessionKind("aside_question-xyz"), SESSION_KIND.subagent);
});

Deno.test("agent kind: compaction-call files and the transcript they belong to", () => {
  assert.ok(isCompactionCallFile("/h/.claude/projects/p/S/subagents/agent-acompact-6f1e2d.jsonl"));
  assert.ok(!isCompactionCallFile("/h/p/S/subagents/agent-aside_question-6f.jsonl"));
  assert.ok(!isCompactionCallFile("/h/p/S/subagents/agent-acompact-6f1e2d.jsonl.bak"));
  assert.equal(parentTranscript("/h/p/S/subagents/agent-acompact-6f.jsonl"), "/h/p/S.jsonl");
  assert.equal(parentTranscript("S/subagents/agent-a1.jsonl"), "S.jsonl");
  assert.equal(parentTranscript("/h/p/S.jsonl"), undefined);
  assert.equal(parentTranscript("/h/p/S/subagents/workflows/w1/journal.jsonl"), undefined);
});

// A main session, a sub-agent with a 6-hex id, and two helpers, one request each, except the
// main session with two. Times and usage by hand:
//   main      m1 10:00:00 (x 100, y 10), m2 10:01:00 (x 200, y 10): gap 60 s
//   a1b2c3    s1 10:02:00, s2 10:02:30 (x 50, y 5 each): gap 30 s          (sub-agent)
//   aside_question-4f2a  b1 10:03:00, b2 10:03:20 (x 40, y 4 each): gap 20 s (helper)
//   aspeculation-09      p1 10:04:00 (x 30, y 3)                            (helper)
// Sessions: 1 main, 1 sub-agent, 2 helpers. Helpers are context windows: their requests are in
// D and their gaps in the work time. D = 100+10 + 200+10 + 2·55 + 2·44 + 33 = 551;
// W = 60 + 30 + 20 = 110 s.
const sub = (agentId: string) => ({ isSidechain: true, agentId });
const req = (uuid: string, time: string, x: number, y: number, extra = {}) =>
  assistant({
    uuid,
    time,
    id: `msg-${uuid}`,
    requestId: `req-${uuid}`,
    usage: usage(0, x, 0, y),
    extra,
  });
const files = () => [
  {
    path: "p/S.jsonl",
    text: jsonl([req("m1", "10:00:00", 100, 10), req("m2", "10:01:00", 200, 10)]),
  },
  {
    path: "p/S/subagents/agent-a1b2c3.jsonl",
    text: jsonl([
      req("s1", "10:02:00", 50, 5, sub("a1b2c3")),
      req("s2", "10:02:30", 50, 5, sub("a1b2c3")),
    ]),
  },
  {
    path: "p/S/subagents/agent-aside_question-4f2a.jsonl",
    text: jsonl([
      req("b1", "10:03:00", 40, 4, sub("aside_question-4f2a")),
      req("b2", "10:03:20", 40, 4, sub("aside_question-4f2a")),
    ]),
  },
  {
    path: "p/S/subagents/agent-aspeculation-09.jsonl",
    text: jsonl([req("p1", "10:04:00", 30, 3, sub("aspeculation-09"))]),
  },
];

Deno.test("helper sessions: their own kind, counted apart, still in D and in the work time", () => {
  const corpus = corpusBothWays(files());
  // Rows in path order: S.jsonl, agent-a1b2c3, agent-aside_question-4f2a, agent-aspeculation-09.
  assert.deepEqual([...corpus.sessions.kind], [0, 1, 2, 2]);
  const s = summarizeCorpus(corpus);
  assert.deepEqual(s.sessions, { main: 1, subagent: 1, helper: 2 });
  assert.equal(s.requests, 7); // 2 + 2 + 2 + 1
  assert.equal(s.billedTokens, 551);
  assert.equal(s.workHours, 110 / 3600);
});
