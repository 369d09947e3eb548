import assert from "node:assert/strict";
import { main } from "../../cli/corpus.ts";
import { runMain } from "../_capture.ts";

const line = (
  uuid: string,
  time: string,
  model: string,
  extra: Record<string, unknown> = {},
) =>
  JSON.stringify({
    type: "assistant",
    uuid,
    timestamp: `2026-03-02T${time}.000Z`,
    ...extra,
    message: { id: `m-${uuid}`, model, usage: { input_tokens: 4, output_tokens: 1 } },
  });

Deno.test("corpus CLI: helpers apart in text, JSON and the --requests CSV", async () => {
  // By hand: main (2 requests), a sub-agent a1b2c3 (1), a helper aside_question-4f (1).
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/p/S/subagents`, { recursive: true });
    await Deno.writeTextFile(
      `${dir}/p/S.jsonl`,
      [line("a", "10:00:00", "opus"), line("b", "10:00:10", "opus")].join("\n"),
    );
    const side = (agentId: string) => ({ isSidechain: true, agentId });
    await Deno.writeTextFile(
      `${dir}/p/S/subagents/agent-a1b2c3.jsonl`,
      line("c", "10:01:00", "opus", side("a1b2c3")),
    );
    await Deno.writeTextFile(
      `${dir}/p/S/subagents/agent-aside_question-4f.jsonl`,
      line("d", "10:02:00", "opus", side("aside_question-4f")),
    );
    const json = await runMain(main, ["--json", dir]);
    assert.equal(json.code, 0);
    assert.deepEqual(JSON.parse(json.stdout).sessions, { main: 1, subagent: 1, helper: 1 });
    const text = await runMain(main, [dir]);
    assert.match(text.stdout, /Sessions: 3 \(1 main \+ 1 sub-agent \+ 1 helper\)/);
    const csv = `${dir}/requests.csv`;
    assert.equal((await runMain(main, ["--requests", csv, dir])).code, 0);
    const kinds = (await Deno.readTextFile(csv)).trim().split("\n").slice(1).map((r) =>
      r.split(",")[1]
    );
    assert.deepEqual(kinds, ["main", "main", "subagent", "helper"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("corpus CLI: nothing left after the model filter exits 1 naming the models", async () => {
  // One main session that switched model half-way: opus 2, sonnet 2 (no model has more than
  // half its requests, so it is left out for either).
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/s.jsonl`,
      [
        line("a", "10:00:00", "opus"),
        line("b", "10:00:10", "opus"),
        line("c", "10:00:20", "sonnet"),
        line("d", "10:00:30", "sonnet"),
      ]
        .join("\n"),
    );
    const run = await runMain(main, [dir]);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /nothing is left after the model filter/);
    assert.match(run.stderr, /opus 2, sonnet 2/);
    assert.match(run.stderr, /--model all/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
