/**
 * The pool's edge: reads every export under a folder through DuckDB (a child process with the
 * pool's own Deno config, pool/deno.json) and builds the corpora the analysis reads.
 *
 * @module
 */
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Corpus } from "../transcript/tables.ts";
import { EXPORT_SCHEMA_VERSION, type ExportManifest } from "./export_corpus.ts";
import { type PoolFrame, readFrames } from "./pool_frames.ts";
import { defaultPoolModel, pooledCorpus, type PooledTables } from "./pooled_corpus.ts";

/** The pool's own folder (its deno.json, lock, node_modules and reader). */
export const POOL_FOLDER = fileURLToPath(new URL("../../pool/", import.meta.url));

/** Filters of a pooled read, applied as SQL by DuckDB before anything reaches the analysis. */
export interface PoolFilter {
  /** UTC date YYYY-MM-DD: sessions that started on or after it. @default {null} */
  since?: string | null;
  /** UTC date YYYY-MM-DD: sessions that started on or before it. @default {null} */
  until?: string | null;
  /** Contributor ids to keep. @default {null: all} */
  contributors?: string[] | null;
  /** Models to keep. @default {null: all} */
  models?: string[] | null;
}

/** Per model: how many contributors, sessions and compactions the pool holds. */
export type PoolCounts = Record<string, PoolModelCounts>;

/**
 * One model's counts in a pool: contributors, sessions and compactions, and its uncached tokens
 * by kind (input, 5-minute and 1-hour cache writes: what omega weighs).
 */
export interface PoolModelCounts {
  contributors: number;
  sessions: number;
  compactions: number;
  input: number;
  cacheWrite5m: number;
  cacheWrite1h: number;
  /** With `stepStats`: the median output over every request, tokens. */
  medianOutput?: number;
  /** With `stepStats`: Σ work gap over the steps (every request but a session's first), s. */
  stepGapSeconds?: number;
  /** With `stepStats`: the number of those steps. */
  steps?: number;
}

/** A pool read: the manifests of the contributors kept, and the pooled tables. */
export interface PoolRead {
  manifests: ExportManifest[];
  /** Per model, after the filters. */
  byModel: PoolCounts;
  /** What the date filter left out: sessions, and of them those without a time (files: 0). */
  leftOut: { files: number; sessions: number; undatedSessions: number };
  tables: PooledTables;
  /** Idle limit applied to the work gaps, seconds. */
  idleLimitSeconds: number;
}

/** DuckDB is not installed in pool/node_modules. */
export class PoolNotInstalledError extends Error {
  constructor() {
    super(
      `DuckDB is not installed for the pool: run \`deno task pool-install\` once ` +
        `(about 140 MB into pool/node_modules), then try again`,
    );
    this.name = "PoolNotInstalledError";
  }
}

/**
 * Whether the pool's DuckDB is installed (pool/node_modules/@duckdb/node-api).
 *
 * @returns True when it is.
 */
export function poolInstalled(): boolean {
  try {
    return Deno.statSync(join(POOL_FOLDER, "node_modules", "@duckdb", "node-api")).isDirectory;
  } catch {
    return false;
  }
}

/**
 * The contributors' manifests under `dir` (`contributor=<id>/export.json`), by id.
 *
 * @param dir The pool folder.
 * @returns The manifests, sorted by contributor id.
 * @throws {Deno.errors.NotFound} When `dir` does not exist; {RangeError} when it holds no export
 *   or an export of another schema version.
 */
export async function readManifests(dir: string): Promise<ExportManifest[]> {
  const out: ExportManifest[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.isDirectory || !entry.name.startsWith("contributor=")) continue;
    const text = await Deno.readTextFile(join(dir, entry.name, "export.json"));
    const manifest = JSON.parse(text) as ExportManifest;
    if (manifest.schemaVersion !== EXPORT_SCHEMA_VERSION) {
      throw new RangeError(
        `Cannot pool ${entry.name}: export schema version ${manifest.schemaVersion}, ` +
          `this toolkit reads ${EXPORT_SCHEMA_VERSION}`,
      );
    }
    out.push(manifest);
  }
  if (out.length === 0) {
    throw new RangeError(`Cannot pool: ${dir} holds no contributor=<id>/ export`);
  }
  return out.sort((a, b) => (a.contributor < b.contributor ? -1 : 1));
}

/**
 * Reads a pool through DuckDB: the filters run as SQL, then every table comes back whole.
 *
 * @param dir The pool folder.
 * @param filter Dates, contributors, models.
 * @param idleLimitSeconds Work gaps longer than this count 0. @default {300}
 * @returns The manifests and the tables.
 * @throws {PoolNotInstalledError} When DuckDB is not installed; {Error} when the reader fails.
 */
export async function readPool(
  dir: string,
  filter: PoolFilter = {},
  idleLimitSeconds = 300,
): Promise<PoolRead> {
  const manifests = keptManifests(await readManifests(dir), filter.contributors ?? null, dir);
  const requests: Record<string, Float64Array[]> = {};
  let compactions: Record<string, Float64Array> = {};
  let models: string[] = [];
  let byModel: PoolCounts = {};
  let leftOut = { files: 0, sessions: 0, undatedSessions: 0 };
  for await (const frame of poolFrames(dir, filter, idleLimitSeconds)) {
    if (frame.kind === "meta") {
      models = frame.header.models as string[];
      byModel = frame.header.byModel as PoolCounts;
      leftOut = frame.header.leftOut as typeof leftOut;
    }
    if (frame.kind === "compactions") compactions = frame.columns;
    if (frame.kind === "requests") {
      for (const [name, column] of Object.entries(frame.columns)) {
        (requests[name] ??= []).push(column);
      }
    }
  }
  const joined: Record<string, Float64Array> = {};
  for (const name of REQUEST_FRAME_COLUMNS) {
    const parts = requests[name] ?? [];
    const out = new Float64Array(parts.reduce((a, p) => a + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    joined[name] = out;
  }
  return {
    manifests,
    byModel,
    leftOut,
    tables: { models, requests: joined, compactions },
    idleLimitSeconds,
  };
}

/** The request columns the reader sends. */
export const REQUEST_FRAME_COLUMNS = [
  "session",
  "kind",
  "model",
  "timeMicros",
  "input",
  "cacheWrite5m",
  "cacheWrite1h",
  "cacheRead",
  "output",
  "gapSeconds",
  "compactionBefore",
] as const;

/**
 * The pool reader's frames, as they arrive (the streamed path reads requests batch by batch).
 *
 * @param dir The pool folder.
 * @param filter Dates, contributors, models.
 * @param idleLimitSeconds Idle limit for the work gaps, seconds.
 * @param batchRows Request rows per frame (whole sessions). @default {1,048,576}
 * @param stepStats Also the per-model step figures the streamed rework needs
 *   ({@linkcode PoolModelCounts}: median output, steps' work seconds). @default {false}
 * @param sessionTable Also a `sessions` frame before the compactions: every session's request
 *   count and kind in pool order (columns `requests`, `kind`: the streamed session bootstrap's).
 *   @default {false}
 * @yields The frames.
 * @throws {PoolNotInstalledError} When DuckDB is not installed.
 */
export async function* poolFrames(
  dir: string,
  filter: PoolFilter,
  idleLimitSeconds: number,
  batchRows = 1 << 20,
  stepStats = false,
  sessionTable = false,
): AsyncGenerator<PoolFrame> {
  if (!poolInstalled()) throw new PoolNotInstalledError();
  const real = await Deno.realPath(dir);
  const request = {
    dir: real,
    since: filter.since ?? null,
    until: filter.until ?? null,
    models: filter.models ?? null,
    contributors: filter.contributors ?? null,
    idleLimitSeconds,
    batchRows,
    stepStats,
    sessionTable,
  };
  // By name: the pool task grants `--allow-run=deno` (a program on PATH), not a path.
  const child = new Deno.Command("deno", {
    args: [
      "run",
      "--quiet",
      "--cached-only",
      "--config",
      join(POOL_FOLDER, "deno.json"),
      "--allow-ffi",
      `--allow-read=${POOL_FOLDER},${real}`,
      "--allow-env",
      join(POOL_FOLDER, "read_tables.ts"),
      JSON.stringify(request),
    ],
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const errors = new Response(child.stderr).text();
  let ended = false;
  try {
    for await (const frame of readFrames(child.stdout)) {
      if (frame.kind === "end") ended = true;
      yield frame;
    }
  } finally {
    // A consumer that stops early (or a failed decode) leaves the reader running: stop it.
    if (!ended) {
      try {
        child.kill();
      } catch {
        // Already gone.
      }
    }
  }
  const status = await child.status;
  const message = (await errors).trim();
  if (!ended || !status.success) {
    throw new Error(`The pool reader failed: ${message || `exit code ${status.code}`}`);
  }
}

/**
 * The manifests of the contributors a filter keeps.
 *
 * @param manifests Every manifest of the pool.
 * @param contributors The contributors kept (null: all).
 * @param dir The pool folder, for the error.
 * @returns The manifests kept.
 * @throws {RangeError} When a contributor asked for has no export in the pool.
 */
export function keptManifests(
  manifests: ExportManifest[],
  contributors: readonly string[] | null,
  dir: string,
): ExportManifest[] {
  if (contributors === null) return manifests;
  const known = new Set(manifests.map((m) => m.contributor));
  const missing = contributors.filter((c) => !known.has(c));
  if (missing.length > 0) {
    throw new RangeError(`Cannot pool: no export of contributor ${missing.join(", ")} in ${dir}`);
  }
  return manifests.filter((m) => contributors.includes(m.contributor));
}

/**
 * The corpora of a pool read: the target model's, or every model's (most requests first, ties
 * alphabetically, as `readCorpusPerModel`).
 *
 * @param read A pool read.
 * @param model A model name, "all", or undefined for the default (most requests).
 * @returns The corpora.
 */
export function poolCorpora(read: PoolRead, model?: string): Corpus[] {
  if (model !== undefined && model !== "all") {
    return [pooledCorpus(read.tables, model, read.manifests, read.idleLimitSeconds)];
  }
  if (model === undefined) {
    const name = defaultPoolModel(read.manifests);
    return [pooledCorpus(read.tables, name, read.manifests, read.idleLimitSeconds)];
  }
  const corpora = read.tables.models.map((name) =>
    pooledCorpus(read.tables, name, read.manifests, read.idleLimitSeconds)
  ).filter((c) => c.sessions.length > 0);
  const count = (c: Corpus) => c.diagnostics.requestsByModel[c.model] ?? 0;
  return corpora.sort((a, b) =>
    count(b) - count(a) || (a.model < b.model ? -1 : a.model > b.model ? 1 : 0)
  );
}
