/**
 * Read-cost throughput against the shared reader, on the same files.
 *
 *   deno run --allow-read --allow-write --allow-env bench/readcost_bench.ts [options]
 *
 * Options:
 *   --dir DIR         Measure every *.jsonl under DIR (recursively), e.g. the full synthetic
 *                     corpus from `deno task generate --profile full --seed 1 --out DIR`.
 *                     Default: none, a corpus is generated in a temporary directory.
 *   --megabytes N     Size of the generated corpus, MB (default: 100).
 *   --rounds N        Timed rounds after one warm-up round (default: 3).
 *
 * Prints MB/s (10^6 bytes per second) for: the line framing alone (`readLines`), the shared
 * transcript reader (`parseTranscriptFile` on one thread, and `readCorpus` with its default
 * worker threads, which also assembles the tables), a plain `JSON.parse` of every line, and
 * the read-cost measurement (`measureReadCost`, on one thread and with its default workers), plus
 * the read-cost time over the reader's time, one thread against one and workers against workers.
 * Rounds are interleaved (each round runs every contender once), so load from other work on the
 * machine falls on all of them alike; the best round is reported, and the median beside it.
 * Figures only; nothing is asserted.
 *
 * @module
 */

import { parseArgs } from "node:util";
import { join } from "node:path";
import { readLines } from "../lib/transcript/jsonl.ts";
import { parseTranscriptFile, readCorpus } from "../lib/transcript/read_corpus.ts";
import { measureReadCost } from "../lib/readcost/mod.ts";

/** Deterministic generator (LCG) of a transcript-shaped corpus with varied tool results. */
async function _generate(dir: string, megabytes: number): Promise<void> {
  let state = 20261129;
  const rand = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  const code = 'const s = "quoted \\"x\\" é ✓";\n\tif (a < b) { return c; } // 😀\n';
  const files = 20;
  const perFile = (megabytes * 1e6) / files;
  const encoder = new TextEncoder();
  const tools = [
    { name: "Read", input: { file_path: "/p/a.ts" } },
    { name: "Read", input: { file_path: "/p/a.ts", offset: 10, limit: 50 } },
    { name: "Bash", input: { command: "cat src/main.ts" } },
    { name: "Bash", input: { command: "grep -rn x src | head -50" } },
    { name: "Grep", input: { pattern: "x", path: "src" } },
    { name: "Agent", input: { description: "d", prompt: "p", subagent_type: "Explore" } },
    { name: "Edit", input: { file_path: "/p/a.ts", old_string: "a", new_string: "b" } },
  ];
  for (let f = 0; f < files; f++) {
    const session = `${String(f).padStart(8, "0")}-1f2d-4e3b-8a6c-7d9e0f1a2b3c`;
    const parts: string[] = [];
    let size = 0;
    for (let n = 1; size < perFile; n++) {
      const tool = tools[Math.floor(rand() * tools.length)];
      const usage = {
        input_tokens: 3,
        cache_creation_input_tokens: 500,
        cache_read_input_tokens: 50000 + n * 300,
        output_tokens: 200,
        service_tier: "standard",
      };
      const envelope = {
        parentUuid: `p-${n}`,
        isSidechain: false,
        sessionId: session,
        version: "2.1.112",
        cwd: "/home/dev/proj",
        timestamp: new Date(Date.UTC(2026, 2, 2) + n * 7000).toISOString(),
      };
      const assistant = JSON.stringify({
        ...envelope,
        type: "assistant",
        uuid: `a-${f}-${n}`,
        requestId: `req_${f}_${n}`,
        message: {
          model: "claude-opus-4-6",
          id: `msg_${f}_${n}`,
          type: "message",
          role: "assistant",
          content: [{ type: "tool_use", id: `toolu_${f}_${n}`, ...tool }],
          stop_reason: "tool_use",
          usage,
        },
      });
      const chars = Math.floor(100 + rand() * rand() * 30000);
      const text = code.repeat(Math.ceil(chars / code.length)).slice(0, chars);
      const content = rand() < 0.05
        ? [{ type: "text", text }, {
          type: "image",
          source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo".repeat(2000) },
        }]
        : text;
      const result = JSON.stringify({
        ...envelope,
        type: "user",
        uuid: `u-${f}-${n}`,
        message: {
          role: "user",
          content: [{ tool_use_id: `toolu_${f}_${n}`, type: "tool_result", content }],
        },
        toolUseResult: { stdout: text.slice(0, 2000), stderr: "", interrupted: false },
      });
      parts.push(assistant, result);
      size += assistant.length + result.length + 2;
      if (n % 400 === 0) {
        const boundary = JSON.stringify({
          ...envelope,
          type: "system",
          subtype: "compact_boundary",
          uuid: `b-${f}-${n}`,
          compactMetadata: { trigger: "auto", preTokens: 160000 },
        });
        parts.push(boundary);
        size += boundary.length + 1;
      }
    }
    await Deno.writeFile(join(dir, `${session}.jsonl`), encoder.encode(parts.join("\n") + "\n"));
  }
}

async function _listJsonl(dir: string): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) out.push(...await _listJsonl(path));
    else if (entry.isFile && entry.name.endsWith(".jsonl")) out.push(path);
  }
  return out.sort();
}

/** Best and median of the timed rounds, seconds. */
interface Timing {
  best: number;
  median: number;
}

/** Runs every contender once per round, after one warm-up round; seconds per contender. */
async function _timeInterleaved(
  contenders: (() => Promise<unknown>)[],
  rounds: number,
): Promise<Timing[]> {
  for (const run of contenders) await run(); // warm-up
  const seconds: number[][] = contenders.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (let c = 0; c < contenders.length; c++) {
      const t0 = performance.now();
      await contenders[c]();
      seconds[c].push((performance.now() - t0) / 1000);
    }
  }
  return seconds.map((s) => {
    const sorted = [...s].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    return { best: sorted[0], median };
  });
}

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    strict: true,
    options: {
      dir: { type: "string" },
      megabytes: { type: "string", default: "100" },
      rounds: { type: "string", default: "3" },
    },
  });
  const rounds = Number(values.rounds);
  const megabytes = Number(values.megabytes);
  if (!Number.isSafeInteger(rounds) || rounds < 1) {
    throw new RangeError("--rounds: positive integer");
  }
  if (!(megabytes > 0)) throw new RangeError("--megabytes: positive number");
  let dir = values.dir;
  let temporary: string | undefined;
  if (dir === undefined) {
    temporary = await Deno.makeTempDir({ prefix: "readcost_bench_" });
    dir = temporary;
    await _generate(dir, megabytes);
  }
  try {
    const files = await _listJsonl(dir);
    let bytes = 0;
    for (const file of files) bytes += (await Deno.stat(file)).size;
    console.log(`corpus: ${files.length} files, ${(bytes / 1e6).toFixed(1)} MB (${dir})`);
    const decoder = new TextDecoder();
    let sink = 0;
    let report;
    const [framing, reader, corpus, jsonParse, readcostOne, readcost] = await _timeInterleaved([
      async () => {
        for (const file of files) await readLines(file, (_b, s, e) => void (sink += e - s));
      },
      async () => {
        for (const file of files) sink += (await parseTranscriptFile(file)).parse.counts.lines;
      },
      async () => {
        sink += (await readCorpus(files)).requests.length;
      },
      async () => {
        for (const file of files) {
          await readLines(file, (b, s, e) => {
            try {
              sink += JSON.parse(decoder.decode(b.subarray(s, e))) ? 1 : 0;
            } catch {
              sink--;
            }
          });
        }
      },
      async () => {
        sink += (await measureReadCost(files, { minTurns: 1, workers: 1 })).bytes;
      },
      async () => {
        report = (await measureReadCost(files, { minTurns: 1 })).report;
      },
    ], rounds);
    const mbps = (seconds: number) => (bytes / 1e6 / seconds).toFixed(0).padStart(6);
    const line = (name: string, t: Timing) =>
      console.log(`${name.padEnd(40)}${mbps(t.best)} MB/s  (median ${mbps(t.median)})`);
    line("framing only (readLines)", framing);
    line("shared reader (parseTranscriptFile)", reader);
    line("shared reader (readCorpus, workers)", corpus);
    line("readLines + JSON.parse per line", jsonParse);
    line("read-cost (measureReadCost, 1 thread)", readcostOne);
    line("read-cost (measureReadCost, workers)", readcost);
    console.log(
      `read-cost time / reader time: ${(readcostOne.best / reader.best).toFixed(2)} (one thread ` +
        `each), ${(readcost.best / corpus.best).toFixed(2)} (default workers each); ` +
        `medians: ${(readcostOne.median / reader.median).toFixed(2)}, ` +
        `${(readcost.median / corpus.median).toFixed(2)}`,
    );
    console.log(
      `(best of ${rounds} interleaved rounds after a warm-up; sink ${sink > 0 ? "+" : "-"})`,
    );
    if (report) {
      const r = report as { allResults: { results: number }; assistantMessages: number };
      console.log(`results ${r.allResults.results}, assistant messages ${r.assistantMessages}`);
    }
  } finally {
    if (temporary !== undefined) await Deno.remove(temporary, { recursive: true });
  }
}
