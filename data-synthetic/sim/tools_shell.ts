/**
 * Bash tool calls that show a file (`cat`, `sed -n`) or run the tests (some failing).
 *
 * @module
 */

import type { ToolCall } from "./session.ts";
import { esc, rawLength } from "./text_format.ts";
import { pickFile, type ToolContext } from "./tools.ts";

/** `cat` or `sed -n` of a file through Bash. */
export function bashCat(t: ToolContext): ToolCall {
  const { sim, s, g, scale, mk } = t;
  const f = pickFile(sim, s, g);
  const ranged = g.chance(0.5);
  const from = ranged ? g.int(0, Math.max(0, f.lines - 1)) : 0;
  const to = ranged
    ? Math.min(f.lines, from + Math.round(g.lognormal(80 * scale, 0.5)))
    : Math.min(f.lines, 2000);
  const r = sim.pool.plainRange(f, from, to);
  const cmd = ranged ? `sed -n '${from + 1},${to}p' ${f.path}` : `cat ${f.path}`;
  return mk(
    "Bash",
    `{"command":"${esc(cmd)}","description":"Show the file"}`,
    `"${r.escaped}"`,
    r.chars,
    `{"stdout":"${r.escaped}","stderr":"","interrupted":false,"isImage":false}`,
    0.05 + g.next() * 0.3,
  );
}

/** A test run through Bash; one in five fails (a tool error). */
export function bashTest(t: ToolContext): ToolCall {
  const { sim, g, scale, mk } = t;
  const k = Math.max(2, Math.round(g.lognormal(30 * scale, 0.7)));
  const parts: string[] = [];
  for (let i = 0; i < k; i++) {
    parts.push(`ok ${i + 1} - ${sim.pool.proseOf(g, g.int(30, 80))}\\n`);
  }
  const fail = g.chance(0.2);
  const body = parts.join("");
  const text = fail ? `Error: Exit code 1\\n${body}not ok ${k + 1} - expected 3 got 4` : body;
  if (fail) sim.acc.quirk("toolErrors");
  return mk(
    "Bash",
    `{"command":"deno task test 2>&1 | tail -${k + 5}","description":"Run the tests"}`,
    `"${text}"`,
    rawLength(text),
    fail
      ? `"Error: Exit code 1"`
      : `{"stdout":"${text}","stderr":"","interrupted":false,"isImage":false}`,
    g.lognormal(5, 1.0),
    fail,
  );
}
