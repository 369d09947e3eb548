/**
 * Read tool calls: whole files, ranges (cat -n numbering), missing files and images.
 *
 * @module
 */

import { BASE64 } from "./ids.ts";
import type { ToolCall } from "./session.ts";
import { esc } from "./text_format.ts";
import { pickFile, type ToolContext } from "./tools.ts";
import type { VirtualFile } from "../text_pool.ts";

/**
 * Read of a whole file (cat -n numbering); a file over 25,000 tokens is a tool error.
 *
 * @param t The call's context.
 * @param file The file to read again (a re-read), else one picked now.
 */
export function readWholeFile(t: ToolContext, file?: VirtualFile): ToolCall {
  const { sim, s, g, mk } = t;
  const f = file ?? pickFile(sim, s, g);
  const to = Math.min(f.lines, 2000);
  const r = sim.pool.numberedRange(f, 0, to);
  if (Math.ceil(r.chars / 4) > 25_000) {
    const msg = `File content (${
      Math.ceil(r.chars / 4)
    } tokens) exceeds maximum allowed tokens (25000). Please use offset and limit parameters to read specific portions of the file, or use the GrepTool to search for specific content.`;
    const text = `<tool_use_error>${msg}</tool_use_error>`;
    sim.acc.quirk("toolErrors");
    return mk(
      "Read",
      `{"file_path":"${esc(f.path)}"}`,
      `"${text}"`,
      text.length,
      `"Error: ${msg}"`,
      0.05,
      true,
    );
  }
  const plain = sim.pool.plainRange(f, 0, to);
  const call = mk(
    "Read",
    `{"file_path":"${esc(f.path)}"}`,
    `"${r.escaped}"`,
    r.chars,
    `{"type":"text","file":{"filePath":"${
      esc(f.path)
    }","content":"${plain.escaped}","numLines":${to},"startLine":1,"totalLines":${f.lines}}}`,
    0.02 + g.next() * 0.2,
  );
  return { ...call, readWhole: f };
}

/** Read of a range of lines (offset and limit). */
export function readFileRange(t: ToolContext): ToolCall {
  const { sim, s, g, scale, mk } = t;
  const f = pickFile(sim, s, g);
  const limit = Math.max(5, Math.round(g.lognormal(120 * scale, 0.6)));
  const from = g.int(0, Math.max(0, f.lines - 1));
  const to = Math.min(f.lines, from + limit);
  const r = sim.pool.numberedRange(f, from, to);
  const plain = sim.pool.plainRange(f, from, to);
  return mk(
    "Read",
    `{"file_path":"${esc(f.path)}","offset":${from + 1},"limit":${limit}}`,
    `"${r.escaped}"`,
    r.chars,
    `{"type":"text","file":{"filePath":"${esc(f.path)}","content":"${plain.escaped}","numLines":${
      to - from
    },"startLine":${from + 1},"totalLines":${f.lines}}}`,
    0.02 + g.next() * 0.15,
  );
}

/** Read of a file that does not exist (a tool error). */
export function readMissingFile(t: ToolContext): ToolCall {
  const { sim, g, root, mk } = t;
  const path = `${root}/src/${["old", "legacy", "tmp"][g.int(0, 2)]}_${g.hex(4)}.ts`;
  const text = "<tool_use_error>File does not exist.</tool_use_error>";
  sim.acc.quirk("toolErrors");
  return mk(
    "Read",
    `{"file_path":"${path}"}`,
    `"${text}"`,
    text.length,
    `"Error: File does not exist."`,
    0.01,
    true,
  );
}

/** Read of an image: base64 content, pixel-cost tokens. */
export function readImage(t: ToolContext): ToolCall {
  const { sim, g, root, mk } = t;
  const path = `${root}/docs/screenshot_${g.hex(4)}.png`;
  const data = g.chars(g.int(600, 1400) * 4, BASE64);
  const w = g.int(800, 1600), h = g.int(500, 1000);
  const tokens = Math.min(1600, Math.round((w * h) / 750));
  sim.acc.quirk("images");
  return mk(
    "Read",
    `{"file_path":"${path}"}`,
    `[{"type":"image","source":{"type":"base64","media_type":"image/png","data":"${data}"}}]`,
    0,
    `{"type":"image","file":{"base64":"${data}","type":"image/png","originalSize":${
      data.length * 3 / 4
    }}}`,
    0.05,
    false,
    tokens,
  );
}
