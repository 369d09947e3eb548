/**
 * `deno task bench-pool`: a pool of synthetic request tables at scale, and what exporting,
 * pooling and analysing it take (docs/pool.md, Scale). Figures are printed, never asserted.
 *
 * Tables: each contributor's sessions are drawn (seeded PCG32, with replacement) from the
 * sessions of the generator's committed sample corpus (its main model: requests, compactions,
 * work gaps as the reader builds them), each with a fresh random key and its times shifted by a
 * random number of days, until the contributor holds `--requests / --contributors` requests.
 * Written with the export's own table layout and Parquet writer, into `--out` (default: a
 * temporary folder, removed afterwards).
 *
 * Steps timed: export (tables → Parquet files, all contributors, one thread), pooling (DuckDB
 * reads every file, applies the filters and streams the frames, drained unread), analysis (the
 * streamed analysis, `--batch-rows` requests per batch; and, with `--in-memory`, the in-memory
 * analysis of the whole pooled corpus). Each timed step runs as its own process under
 * `/usr/bin/time -v`: wall time and peak resident memory of the process tree's largest member.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { join } from "node:path";
import { readCorpusPerModel } from "../lib/transcript/read_corpus.ts";
import { sessionIdentities } from "../lib/transcript/assemble_corpus.ts";
import {
  COMPACTION_COLUMNS,
  type ExportTable,
  exportTables,
  REQUEST_COLUMNS,
} from "../lib/pool/export_tables.ts";
import { exportManifest } from "../lib/pool/export_corpus.ts";
import { parquetBytes } from "../lib/pool/write_parquet.ts";
import { Pcg32 } from "../lib/stats/pcg32.ts";

const ROOT = new URL("../", import.meta.url).pathname;

/** The template: the sample's main-model sessions as export rows, grouped by session. */
async function template() {
  const { corpora } = await readCorpusPerModel([join(ROOT, "data-synthetic/sample")], {
    idleLimitSeconds: Infinity,
  });
  const main = corpora[0];
  const keys = sessionIdentities(main)!.map((_, s) => `s${s}`);
  const { requests, compactions } = exportTables([main], [keys]);
  const group = (t: ExportTable) => {
    const bySession = new Map<string, number[]>();
    const col = t.columns.session as string[];
    for (let i = 0; i < t.length; i++) {
      const list = bySession.get(col[i]) ?? [];
      list.push(i);
      bySession.set(col[i], list);
    }
    return bySession;
  };
  return {
    main,
    corpora,
    requests,
    compactions,
    reqBy: group(requests),
    compBy: group(compactions),
    keys,
  };
}

type Template = Awaited<ReturnType<typeof template>>;

/** One contributor's tables: sessions drawn from the template until `target` requests. */
function contributorTables(t: Template, index: number, target: number, seed: number) {
  const prng = new Pcg32(seed, index + 1);
  const rows: { session: string; source: string; shiftUs: number }[] = [];
  let n = 0;
  while (n < target) {
    const source = t.keys[prng.nextBelow(t.keys.length)];
    const key = Array.from({ length: 4 }, () => prng.nextUint32().toString(16).padStart(8, "0"))
      .join("").padEnd(64, "0");
    rows.push({ session: key, source, shiftUs: prng.nextBelow(365) * 86_400_000_000 });
    n += t.reqBy.get(source)!.length;
  }
  rows.sort((a, b) => (a.session < b.session ? -1 : 1));
  const pick = (table: ExportTable, by: Map<string, number[]>, specs: typeof REQUEST_COLUMNS) => {
    const out: ExportTable = { length: 0, columns: {} };
    const cols: Record<string, (string | number | null)[]> = {};
    for (const spec of specs) cols[spec.name] = [];
    let tableOrder = 0;
    for (const r of rows) {
      for (const i of by.get(r.source) ?? []) {
        for (const spec of specs) {
          let v = (table.columns[spec.name] as ArrayLike<string | number | null>)[i];
          if (spec.name === "session") v = r.session;
          else if (spec.name === "time" && v !== null) v = (v as number) + r.shiftUs;
          else if (spec.name === "table_order") v = tableOrder++;
          cols[spec.name].push(v);
        }
        out.length++;
      }
    }
    out.columns = cols;
    return out;
  };
  return {
    requests: pick(t.requests, t.reqBy, REQUEST_COLUMNS),
    compactions: pick(t.compactions, t.compBy, COMPACTION_COLUMNS),
    sessions: rows.length,
  };
}

async function timed(args: string[]): Promise<{ seconds: number; peakMb: number; stdout: string }> {
  const out = await new Deno.Command("/usr/bin/time", {
    args: ["-v", ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const err = new TextDecoder().decode(out.stderr);
  if (out.code !== 0) throw new Error(`${args.join(" ")} failed:\n${err.slice(-2000)}`);
  const rss = Number(err.match(/Maximum resident set size \(kbytes\): (\d+)/)?.[1] ?? NaN);
  const wall = err.match(/Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)/)?.[1] ?? "";
  const parts = wall.split(":").map(Number);
  const seconds = parts.reduce((a, p) => a * 60 + p, 0);
  return { seconds, peakMb: rss / 1024, stdout: new TextDecoder().decode(out.stdout) };
}

async function main() {
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      requests: { type: "string", default: "10000000" },
      contributors: { type: "string", default: "500" },
      seed: { type: "string", default: "1" },
      "batch-rows": { type: "string", default: "262144" },
      workloads: { type: "string", default: "100" },
      out: { type: "string" },
      "in-memory": { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
      reuse: { type: "boolean", default: false },
    },
  });
  const total = Number(values.requests), contributors = Number(values.contributors);
  const seed = Number(values.seed);
  const dir = values.out ?? await Deno.makeTempDir({ prefix: "bench-pool-" });
  const t = await template();
  console.log(
    `Template: the sample's ${t.main.model} sessions (${t.keys.length} sessions, ` +
      `${t.main.requests.length} requests, ${t.main.compactions.length} compactions); ` +
      `${contributors} contributors x ${Math.ceil(total / contributors)} requests, seed ${seed}`,
  );
  // 1. Export: tables → Parquet, one contributor after another.
  let exportSeconds = 0, bytes = 0, requests = 0, sessions = 0, compactions = 0;
  const overall = t.corpora[0];
  const reuse = values.reuse && values.out !== undefined;
  for (let j = 0; j < (reuse ? 0 : contributors); j++) {
    const tables = contributorTables(t, j, Math.ceil(total / contributors), seed);
    const start = performance.now();
    const id = `b${String(j).padStart(4, "0")}`;
    const folder = join(dir, `contributor=${id}`);
    await Deno.mkdir(folder, { recursive: true });
    const r = parquetBytes(tables.requests, REQUEST_COLUMNS);
    const c = parquetBytes(tables.compactions, COMPACTION_COLUMNS);
    await Deno.writeFile(join(folder, "requests.parquet"), r);
    await Deno.writeFile(join(folder, "compactions.parquet"), c);
    const manifest = exportManifest([overall], overall, overall, {
      contributor: id,
      toolkitVersion: "bench",
      undecodableNames: 0,
    });
    manifest.counts = {
      sessions: tables.sessions,
      requests: tables.requests.length,
      compactions: tables.compactions.length,
    };
    manifest.models = [{ ...manifest.models[0], ...manifest.counts }];
    manifest.diagnostics.requestsByModel = { [overall.model]: tables.requests.length };
    manifest.sessionsWithRequests = tables.sessions;
    manifest.sessionsWithoutRequests = 0;
    await Deno.writeTextFile(join(folder, "export.json"), JSON.stringify(manifest));
    exportSeconds += (performance.now() - start) / 1000;
    bytes += r.length + c.length;
    requests += tables.requests.length;
    sessions += tables.sessions;
    compactions += tables.compactions.length;
  }
  if (reuse) console.log(`Export: reused the pool in ${dir}`);
  else {console.log(
      `Export: ${requests} requests, ${sessions} sessions, ${compactions} compactions in ` +
        `${contributors} contributors: ${
          exportSeconds.toFixed(1)
        } s (tables → Parquet, one thread), ` +
        `${(bytes / 1e6).toFixed(1)} MB of Parquet`,
    );}
  // 2. Pooling: DuckDB reads and streams every table; the frames are drained.
  const once = join(ROOT, "bench/pool_once.ts");
  const base = ["deno", "run", "--allow-read", "--allow-env", "--allow-run=deno", once, dir];
  const model = overall.model;
  const pooling = await timed([...base, "drain", model, values["batch-rows"]!]);
  console.log(
    `Pooling (DuckDB reads and streams all frames): ${pooling.seconds.toFixed(1)} s, ` +
      `peak ${pooling.peakMb.toFixed(0)} MB; ${pooling.stdout.trim()}`,
  );
  // 3. The streamed analysis.
  const streamed = await timed([
    ...base,
    "stream",
    model,
    values["batch-rows"]!,
    values.workloads!,
  ]);
  console.log(
    `Streamed analysis (pooling included): ${streamed.seconds.toFixed(1)} s, ` +
      `peak ${streamed.peakMb.toFixed(0)} MB; ${streamed.stdout.trim()}`,
  );
  if (values["in-memory"]) {
    const whole = await timed([...base, "memory", model, values["batch-rows"]!, values.workloads!]);
    console.log(
      `In-memory analysis (pooling included): ${whole.seconds.toFixed(1)} s, ` +
        `peak ${whole.peakMb.toFixed(0)} MB; ${whole.stdout.trim()}`,
    );
  }
  if (!values.keep && values.out === undefined) await Deno.remove(dir, { recursive: true });
}

if (import.meta.main) await main();
