/**
 * docs/method.md describes T* as the code computes it (lib/trigger/steady_state.ts, used by
 * analyze.ts with the replay's compaction model): G = G(T*) and R = P + G(T*), not the medians of
 * R and G over the compactions.
 */
import assert from "node:assert/strict";

const METHOD = new URL("../../docs/method.md", import.meta.url);

/** The text of one `## ` section of the method. */
async function _section(title: string): Promise<string> {
  const text = await Deno.readTextFile(METHOD);
  const start = text.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `no section ${title}`);
  const end = text.indexOf("\n## ", start + 1);
  return text.slice(start, end < 0 ? undefined : end).replace(/\s+/g, " ");
}

Deno.test("method: T* takes R = P + G(T*) from the replay's compaction model, not the medians", async () => {
  const section = await _section("Steady-state optimum");
  assert.match(section, /R = P \+ G\(T\*\)/);
  assert.match(section, /G\(T\*\)/);
  assert.doesNotMatch(section, /medians? (of|over)/);
});
