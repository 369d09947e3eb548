/**
 * Search tool calls: Grep (file lists and content), `grep | head` through Bash, and Glob.
 *
 * @module
 */

import type { ToolCall } from "./session.ts";
import { esc, rawLength } from "./text_format.ts";
import type { ToolContext } from "./tools.ts";

/** Grep (file list or content) or a `grep -rn | head` through Bash. */
export function grepSearch(t: ToolContext, kind: "bashGrep" | "grep"): ToolCall {
  const { sim, s, g, root, scale, mk } = t;
  const files = sim.filesOf(s.project);
  const word = ["parse", "cache", "token", "session", "render", "config"][g.int(0, 5)];
  if (kind === "grep" && g.chance(0.6)) {
    const k = Math.max(1, Math.round(g.lognormal(8 * scale, 0.7)));
    const names: string[] = [];
    for (let i = 0; i < k; i++) names.push(esc(files[g.int(0, files.length - 1)].path));
    const text = `Found ${k} files\\n${names.join("\\n")}`;
    return mk(
      "Grep",
      `{"pattern":"${word}","path":"${esc(root)}","output_mode":"files_with_matches"}`,
      `"${text}"`,
      rawLength(text),
      `{"mode":"files_with_matches","filenames":[${
        names.map((n) => `"${n}"`).join(",")
      }],"numFiles":${k}}`,
      0.1 + g.next() * 0.8,
    );
  }
  const k = Math.max(1, Math.round(g.lognormal(18 * scale, 0.8)));
  const parts: string[] = [];
  for (let i = 0; i < k; i++) {
    const f = files[g.int(0, files.length - 1)];
    const l = g.int(0, f.lines - 1);
    parts.push(
      `${esc(f.path)}:${l + 1}:${f.plain.slice(f.plainOffsets[l], f.plainOffsets[l + 1])}`,
    );
  }
  const text = parts.join("");
  if (kind === "grep") {
    return mk(
      "Grep",
      `{"pattern":"${word}","path":"${esc(root)}","output_mode":"content","-n":true}`,
      `"${text}"`,
      rawLength(text),
      `{"mode":"content","numFiles":${k},"filenames":[],"numLines":${k}}`,
      0.1 + g.next() * 0.8,
    );
  }
  const cmd = `grep -rn '${word}' ${root}/src | head -${k}`;
  return mk(
    "Bash",
    `{"command":"${esc(cmd)}","description":"Find uses"}`,
    `"${text}"`,
    rawLength(text),
    `{"stdout":"${text}","stderr":"","interrupted":false,"isImage":false}`,
    0.1 + g.lognormal(0.4, 0.7),
  );
}

/** Glob: a list of matching paths. */
export function globSearch(t: ToolContext): ToolCall {
  const { sim, s, g, root, scale, mk } = t;
  const files = sim.filesOf(s.project);
  const k = Math.max(1, Math.round(g.lognormal(14 * scale, 0.8)));
  const names: string[] = [];
  for (let i = 0; i < k; i++) names.push(esc(files[g.int(0, files.length - 1)].path));
  const text = names.join("\\n");
  return mk(
    "Glob",
    `{"pattern":"**/*.ts","path":"${esc(root)}"}`,
    `"${text}"`,
    rawLength(text),
    `{"filenames":[${names.map((n) => `"${n}"`).join(",")}],"durationMs":${
      g.int(3, 90)
    },"numFiles":${k},"truncated":false}`,
    0.05 + g.next() * 0.3,
  );
}
