/**
 * Tool calls that change files or the plan: Edit, Write and TodoWrite.
 *
 * @module
 */

import type { ToolCall } from "./session.ts";
import { esc, rawLength } from "./text_format.ts";
import { pickFile, type ToolContext } from "./tools.ts";

/** Edit: the edited snippet (cat -n) and, under 10,000 characters, the original file. */
export function editFile(t: ToolContext): ToolCall {
  const { sim, s, g, mk } = t;
  const p = t.sim.profile;
  const f = pickFile(sim, s, g);
  const n = Math.max(1, Math.round(g.lognormal(6 * p.outputScale, 0.8)));
  const a = g.int(0, Math.max(0, f.lines - n));
  const b = Math.min(f.lines, a + n);
  const old = sim.pool.plainRange(f, a, b).escaped;
  const other = sim.filesOf(s.project)[g.int(0, sim.filesOf(s.project).length - 1)];
  const c = g.int(0, Math.max(0, other.lines - n));
  const neu = sim.pool.plainRange(other, c, Math.min(other.lines, c + n)).escaped;
  const from = Math.max(0, a - 4), to = Math.min(f.lines, b + 4);
  const snippet = sim.pool.numberedRange(f, from, to);
  const head = `The file ${
    esc(f.path)
  } has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\\n`;
  const original = f.plain.length < 10_000 ? `"${f.plain}"` : "null";
  const call = mk(
    "Edit",
    `{"file_path":"${esc(f.path)}","old_string":"${old}","new_string":"${neu}"}`,
    `"${head}${snippet.escaped}"`,
    rawLength(head) + snippet.chars,
    `{"filePath":"${
      esc(f.path)
    }","oldString":"${old}","newString":"${neu}","originalFile":${original},"structuredPatch":[{"oldStart":${
      a + 1
    },"oldLines":${b - a},"newStart":${a + 1},"newLines":${
      b - a
    },"lines":[]}],"userModified":false,"replaceAll":false}`,
    0.05 + g.lognormal(0.3, 1.2),
  );
  return { ...call, edited: f };
}

/** Write of a new file. */
export function writeFile(t: ToolContext): ToolCall {
  const { sim, s, g, root, mk } = t;
  const p = t.sim.profile;
  const src = sim.filesOf(s.project)[g.int(0, sim.filesOf(s.project).length - 1)];
  const n = Math.max(3, Math.round(g.lognormal(50 * p.outputScale, 0.7)));
  const body = sim.pool.plainRange(src, 0, Math.min(src.lines, n)).escaped;
  const path = `${root}/src/${["new", "extra", "gen"][g.int(0, 2)]}_${g.hex(4)}.ts`;
  const text = `File created successfully at: ${path}`;
  return mk(
    "Write",
    `{"file_path":"${path}","content":"${body}"}`,
    `"${text}"`,
    text.length,
    `{"type":"create","filePath":"${path}","content":"${body}","structuredPatch":[],"originalFile":null}`,
    0.05 + g.next() * 0.2,
  );
}

/** TodoWrite of a few items. */
export function todoWrite(t: ToolContext): ToolCall {
  const { sim, g, mk } = t;
  const k = g.int(3, 6);
  const items: string[] = [];
  for (let i = 0; i < k; i++) {
    const t = sim.pool.proseOf(g, g.int(20, 60));
    items.push(
      `{"content":"${t}","status":"${
        ["pending", "in_progress", "completed"][g.int(0, 2)]
      }","activeForm":"${t}"}`,
    );
  }
  const text =
    "Todos have been modified successfully. Ensure that you continue to use the todo list to track your progress. Please proceed with the current tasks if applicable";
  return mk(
    "TodoWrite",
    `{"todos":[${items.join(",")}]}`,
    `"${text}"`,
    text.length,
    `{"oldTodos":[],"newTodos":[${items.join(",")}]}`,
    0.01,
  );
}
