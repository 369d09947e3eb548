/**
 * The shape statistics of a corpus folder that the speed of a reader depends on: files (and how
 * many under `subagents/`), project folders, size, the spread of file sizes, requests per MB and
 * the mean size of assistant and user lines. Printed by the bench beside its timings.
 *
 * @module
 */

/** Shape of a corpus. */
export interface CorpusShape {
  /** `*.jsonl` files. */
  files: number;
  /** Of those, files under a `subagents/` folder. */
  subagentFiles: number;
  /** Project folders (directories right under `projects/`). */
  projectFolders: number;
  /** Bytes of all `*.jsonl` files. */
  bytes: number;
  /** 10th percentile, median and 90th percentile of the file sizes, bytes. */
  fileBytes: { p10: number; median: number; p90: number };
  /** Distinct `message.id`s of assistant records with usage (requests). */
  requests: number;
  /** Mean bytes of an assistant line and of a user line (newline excluded). */
  meanLineBytes: { assistant: number; user: number };
}

/** Nearest-rank quantile of sorted values (q in 0…1). */
function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/**
 * Measures the shape of the corpus under `projects` (a `projects/` folder).
 *
 * @param projects The folder that holds the project folders.
 * @returns Its shape.
 *
 * @example
 * ```ts
 * import { corpusShape } from "./_corpus_shape.ts";
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * await Deno.mkdir(`${dir}/p/s/subagents`, { recursive: true });
 * const a = '{"type":"assistant","message":{"id":"m1","usage":{}}}';
 * await Deno.writeTextFile(`${dir}/p/s.jsonl`, `${a}\n${a}\n{"type":"user"}\n`);
 * await Deno.writeTextFile(`${dir}/p/s/subagents/agent-a1.jsonl`, "{}\n");
 * const shape = await corpusShape(dir);
 * assert.equal(shape.files, 2);
 * assert.equal(shape.subagentFiles, 1);
 * assert.equal(shape.requests, 1);
 * assert.equal(shape.meanLineBytes.user, 15);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function corpusShape(projects: string): Promise<CorpusShape> {
  const sizes: number[] = [];
  let subagentFiles = 0, projectFolders = 0;
  const ids = new Set<string>();
  const lines = { assistant: 0, user: 0 }, lineBytes = { assistant: 0, user: 0 };
  const encoder = new TextEncoder();
  const walk = async (dir: string, depth: number): Promise<void> => {
    const entries = [];
    for await (const e of Deno.readDir(dir)) entries.push(e);
    entries.sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const e of entries) {
      const path = `${dir}/${e.name}`;
      if (e.isDirectory) {
        if (depth === 0) projectFolders++;
        await walk(path, depth + 1);
      } else if (e.isFile && e.name.endsWith(".jsonl")) {
        const bytes = await Deno.readFile(path);
        sizes.push(bytes.length);
        if (path.includes("/subagents/")) subagentFiles++;
        for (const line of new TextDecoder().decode(bytes).split("\n")) {
          let record;
          try {
            record = JSON.parse(line);
          } catch {
            continue;
          }
          const kind = record?.type;
          if (kind !== "assistant" && kind !== "user") continue;
          lines[kind as "assistant" | "user"]++;
          lineBytes[kind as "assistant" | "user"] += encoder.encode(line).length;
          if (kind === "assistant" && record.message?.usage) ids.add(String(record.message.id));
        }
      }
    }
  };
  await walk(projects, 0);
  const sorted = [...sizes].sort((a, b) => a - b);
  return {
    files: sizes.length,
    subagentFiles,
    projectFolders,
    bytes: sizes.reduce((a, b) => a + b, 0),
    fileBytes: {
      p10: quantile(sorted, 0.1),
      median: quantile(sorted, 0.5),
      p90: quantile(sorted, 0.9),
    },
    requests: ids.size,
    meanLineBytes: {
      assistant: lines.assistant > 0 ? lineBytes.assistant / lines.assistant : 0,
      user: lines.user > 0 ? lineBytes.user / lines.user : 0,
    },
  };
}

/**
 * One line of text for a shape.
 *
 * @param shape The shape.
 * @returns E.g. `2,200 files (400 in subagents/), 1,000 folders, 458 MB, …`.
 *
 * @example
 * ```ts
 * import { formatShape } from "./_corpus_shape.ts";
 * import assert from "node:assert/strict";
 * const line = formatShape({
 *   files: 2, subagentFiles: 1, projectFolders: 1, bytes: 2e6,
 *   fileBytes: { p10: 1000, median: 2000, p90: 3000 }, requests: 300,
 *   meanLineBytes: { assistant: 800, user: 5000 },
 * });
 * assert.match(line, /150 requests\/MB/);
 * ```
 */
export function formatShape(shape: CorpusShape): string {
  const kb = (b: number) => `${(b / 1e3).toFixed(0)} KB`;
  return `${shape.files.toLocaleString("en-US")} files (${shape.subagentFiles} in subagents/), ` +
    `${shape.projectFolders.toLocaleString("en-US")} project folders, ` +
    `${(shape.bytes / 1e6).toFixed(0)} MB; file size p10 ${kb(shape.fileBytes.p10)}, median ${
      kb(shape.fileBytes.median)
    }, p90 ${kb(shape.fileBytes.p90)}; ${(shape.requests / (shape.bytes / 1e6)).toFixed(0)} ` +
    `requests/MB; mean line ${(shape.meanLineBytes.assistant / 1e3).toFixed(2)} KB assistant, ${
      (shape.meanLineBytes.user / 1e3).toFixed(2)
    } KB user`;
}
