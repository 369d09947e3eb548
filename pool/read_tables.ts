/**
 * The pool's reader (its own Deno config, `pool/deno.json`, so DuckDB is installed only where a
 * pool is used): reads every export under a folder through DuckDB, applies the filters as SQL,
 * and writes the pooled tables to stdout as frames of float64 columns for the analysis process
 * (lib/pool/pool_frames.ts decodes them; docs/pool.md, Pooling).
 *
 * Usage: `deno run --allow-ffi --allow-read --allow-env pool/read_tables.ts '<request JSON>'`
 * with `{ dir, since, until, models, contributors, idleLimitSeconds, batchRows, stepStats,
 * sessionTable }`.
 *
 * DuckDB runs native code (`--allow-ffi` is outside Deno's sandbox), so its own file access is
 * locked before any query: only `dir` is readable, no other external access, and the
 * configuration cannot be changed afterwards.
 *
 * @module
 */
import { DuckDBInstance } from "@duckdb/node-api";

/** What the analysis process asks for. */
export interface PoolRequest {
  /** The pool folder (holds `contributor=<id>/` folders). */
  dir: string;
  /** Only sessions whose first request's UTC date is on or after this (YYYY-MM-DD), or null. */
  since: string | null;
  /** Only sessions whose first request's UTC date is on or before this, or null. */
  until: string | null;
  /** Only these models (null: all). */
  models: string[] | null;
  /** Only these contributors (null: all). */
  contributors: string[] | null;
  /** Work gaps longer than this count 0, seconds. */
  idleLimitSeconds: number;
  /** Request rows per frame (whole sessions; a session longer than this is one frame). */
  batchRows: number;
  /**
   * Per model, also the median output over every request and the work seconds over the steps
   * (every request but a session's first) with their count: what the streamed analysis needs
   * for the rework's extra requests before its first batch. @default {false}
   */
  stepStats?: boolean;
  /**
   * A `sessions` frame after the meta frame: every session's request count and kind (0 main,
   * 1 sub-agent, 2 helper) in pool order, what the streamed session bootstrap draws from before
   * its first batch. @default {false}
   */
  sessionTable?: boolean;
}

const encoder = new TextEncoder();

function _literal(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

function _list(items: string[]): string {
  return `[${items.map(_literal).join(", ")}]`;
}

async function _write(bytes: Uint8Array): Promise<void> {
  let at = 0;
  while (at < bytes.length) at += await Deno.stdout.write(bytes.subarray(at));
}

/** One frame: u32 header length, the JSON header, then each column's float64 values. */
async function _frame(header: Record<string, unknown>, columns: Float64Array[]): Promise<void> {
  const head = encoder.encode(JSON.stringify(header));
  const size = new Uint8Array(4);
  new DataView(size.buffer).setUint32(0, head.length, true);
  await _write(size);
  await _write(head);
  for (const column of columns) {
    await _write(new Uint8Array(column.buffer, column.byteOffset, column.byteLength));
  }
}

async function main(request: PoolRequest): Promise<void> {
  const instance = await DuckDBInstance.create(":memory:");
  const db = await instance.connect();
  const dir = request.dir.replace(/\/+$/, "");
  await db.run(`SET allowed_directories = ${_list([dir])}`);
  await db.run(`SET enable_external_access = false`);
  await db.run(`SET lock_configuration = true`);
  const parquet = (name: string) =>
    `read_parquet(${_literal(`${dir}/*/${name}.parquet`)}, hive_partitioning = true)`;
  const where: string[] = [];
  if (request.models !== null) where.push(`model IN (SELECT unnest(${_list(request.models)}))`);
  if (request.contributors !== null) {
    where.push(`contributor IN (SELECT unnest(${_list(request.contributors)}))`);
  }
  // Sessions, with the filters applied: a session is kept or left out whole, by its start.
  const dated: string[] = [];
  if (request.since !== null) dated.push(`start_day >= DATE ${_literal(request.since)}`);
  if (request.until !== null) dated.push(`start_day <= DATE ${_literal(request.until)}`);
  await db.run(`
    CREATE TEMP TABLE s_all AS
    SELECT contributor, session, any_value(model) AS model, any_value(session_kind) AS kind,
      count(*) AS requests,
      sum(input_tokens) AS input, sum(cache_write_5m_tokens) AS w5,
      sum(cache_write_1h_tokens) AS w1h,
      CAST(timezone('UTC', min(time)) AS DATE) AS start_day
    FROM ${parquet("requests")}
    ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
    GROUP BY contributor, session`);
  await db.run(`
    CREATE TEMP TABLE s AS
    SELECT row_number() OVER (ORDER BY contributor, session) - 1 AS row, *
    FROM s_all
    ${dated.length > 0 ? `WHERE ${dated.join(" AND ")}` : ""}`);
  // What the date filter left out (whole sessions; undated ones only when a date is given).
  const [leftSessions, leftUndated] = (await db.runAndReadAll(
    `SELECT (SELECT count(*) FROM s_all) - (SELECT count(*) FROM s),
       CASE WHEN ${dated.length > 0} THEN (SELECT count(*) FROM s_all WHERE start_day IS NULL)
       ELSE 0 END`,
  )).getRows()[0].map(Number);
  await db.run(`
    CREATE TEMP TABLE c AS
    SELECT row_number() OVER (ORDER BY s.contributor, s.model, k.table_order) - 1 AS row,
      s.row AS session_row, k.*
    FROM ${parquet("compactions")} k JOIN s USING (contributor, session)`);
  const models = (await db.runAndReadAll(`SELECT DISTINCT model FROM s ORDER BY model`))
    .getRows().map((r) => String(r[0]));
  const contributors = (await db.runAndReadAll(
    `SELECT DISTINCT contributor FROM s ORDER BY contributor`,
  )).getRows().map((r) => String(r[0]));
  const counts = (await db.runAndReadAll(
    `SELECT (SELECT count(*) FROM s), (SELECT coalesce(sum(requests), 0) FROM s),
       (SELECT count(*) FROM c)`,
  )).getRows()[0].map(Number);
  // Per model: contributors, sessions and compactions behind its answer, and the uncached
  // tokens by kind (exact integer sums: the analysis needs them for omega before the replay).
  const byModel: Record<string, Record<string, number>> = {};
  for (
    const [model, n, sessions, compactions, input, w5, w1h] of (await db.runAndReadAll(`
    SELECT s.model, count(DISTINCT s.contributor), count(*),
      (SELECT count(*) FROM c WHERE c.model = s.model), sum(input), sum(w5), sum(w1h)
    FROM s GROUP BY s.model ORDER BY s.model`)).getRows()
  ) {
    byModel[String(model)] = {
      contributors: Number(n),
      sessions: Number(sessions),
      compactions: Number(compactions),
      input: Number(input),
      cacheWrite5m: Number(w5),
      cacheWrite1h: Number(w1h),
    };
  }
  const idle = request.idleLimitSeconds;
  const cutGap = (column: string) =>
    Number.isFinite(idle) ? `CASE WHEN ${column} > ${idle} THEN 0 ELSE ${column} END` : column;
  // The gaps are summed as decimals (nanoseconds): exact, so the sum does not depend on the
  // order DuckDB's threads add them in (a double sum does, in its last bits).
  if (request.stepStats === true) {
    const gap = `CAST(${cutGap("r.work_gap_seconds")} AS DECIMAL(38, 9))`;
    for (
      const [model, median, gaps, steps] of (await db.runAndReadAll(`
      SELECT s.model, quantile_cont(r.output_tokens, 0.5),
        coalesce(CAST(sum(${gap}) FILTER (WHERE r.request_index > 0) AS DOUBLE), 0),
        count(*) FILTER (WHERE r.request_index > 0)
      FROM ${parquet("requests")} r JOIN s USING (contributor, session)
      GROUP BY s.model`)).getRows()
    ) {
      const m = byModel[String(model)];
      m.medianOutput = Number(median ?? 0);
      m.stepGapSeconds = Number(gaps);
      m.steps = Number(steps);
    }
  }
  await _frame({
    kind: "meta",
    models,
    contributors,
    byModel,
    leftOut: { files: 0, sessions: leftSessions, undatedSessions: leftUndated },
    sessions: counts[0],
    requests: counts[1],
    compactions: counts[2],
  }, []);
  // With sessionTable: every session's request count and kind, in pool order, before the
  // compactions (streamed through chunks: no row objects).
  if (request.sessionTable === true) {
    await _stream(
      db,
      [`SELECT CAST(requests AS DOUBLE) AS "requests",
          CAST(CASE kind WHEN 'main' THEN 0 WHEN 'subagent' THEN 1 ELSE 2 END AS DOUBLE) AS "kind"
        FROM s ORDER BY row`],
      ["requests", "kind"],
      "sessions",
      Infinity,
      -1,
    );
  }

  const nan = (expr: string) => `coalesce(CAST(${expr} AS DOUBLE), 'NaN'::DOUBLE)`;
  const micros = (expr: string) => nan(`epoch_us(${expr})`);
  const modelCode = `list_position(${_list(models.length > 0 ? models : [""])}, model) - 1`;
  const compactionColumns = [
    ["session", "session_row"],
    ["model", modelCode],
    [
      "trigger",
      `CASE trigger WHEN 'auto' THEN 0 WHEN 'manual' THEN 1 WHEN 'other' THEN 3 ELSE 2 END`,
    ],
    ["timeMicros", micros("time")],
    ["inputTokens", nan("input_tokens")],
    ["durationSeconds", nan("duration_seconds")],
    ["precomputed", nan("precomputed")],
    ["summaryTokens", nan("summary_tokens")],
    ["postContext", nan("post_context_tokens")],
    ["cachedShareBefore", nan("cached_share_before")],
    ["cachedShareAfter", nan("cached_share_after")],
    ["callInput", nan("call_input_tokens")],
    ["callCacheWrite5m", nan("call_cache_write_5m_tokens")],
    ["callCacheWrite1h", nan("call_cache_write_1h_tokens")],
    ["callCacheRead", nan("call_cache_read_tokens")],
    [
      "reworkStatus",
      `CASE rework_status WHEN 'complete' THEN 0 WHEN 'unplaced' THEN 1 WHEN 'short_after' ` +
      `THEN 2 WHEN 'short_before' THEN 3 ELSE 'NaN'::DOUBLE END`,
    ],
    ["reworkTokensA", nan("rework_tokens_a")],
    ["reworkRequestsA", nan("rework_requests_a")],
    ["reworkTokensB", nan("rework_tokens_b")],
    ["reworkRequestsB", nan("rework_requests_b")],
  ];
  await _stream(
    db,
    [`SELECT ${
      compactionColumns.map(([n, e]) => `CAST(${e} AS DOUBLE) AS "${n}"`).join(", ")
    } FROM c ORDER BY row`],
    compactionColumns.map(([n]) => n),
    "compactions",
    Infinity,
    -1,
  );
  const requestColumns = [
    ["session", "s.row"],
    ["kind", `CASE s.kind WHEN 'main' THEN 0 WHEN 'subagent' THEN 1 ELSE 2 END`],
    ["model", `list_position(${_list(models.length > 0 ? models : [""])}, s.model) - 1`],
    ["timeMicros", micros("r.time")],
    ["input", nan("r.input_tokens")],
    ["cacheWrite5m", nan("r.cache_write_5m_tokens")],
    ["cacheWrite1h", nan("r.cache_write_1h_tokens")],
    ["cacheRead", nan("r.cache_read_tokens")],
    ["output", nan("r.output_tokens")],
    ["gapSeconds", cutGap("r.work_gap_seconds")],
    ["compactionBefore", "coalesce(c.row, -1)"],
  ];
  // One query per contributor, in pool order: each sorts one contributor's rows only, so
  // DuckDB's memory is bounded by the largest export, not by the pool.
  const select = requestColumns.map(([n, e]) => `CAST(${e} AS DOUBLE) AS "${n}"`).join(", ");
  await _stream(
    db,
    contributors.map((id) => {
      const file = _literal(`${dir}/contributor=${id}/requests.parquet`);
      const who = _literal(id);
      return `SELECT ${select}
        FROM (SELECT *, ${who} AS contributor FROM read_parquet(${file})) r
        JOIN (SELECT * FROM s WHERE contributor = ${who}) s USING (contributor, session)
        LEFT JOIN (SELECT * FROM c WHERE contributor = ${who}) c
          ON c.session = r.session AND c.compaction_index = r.compaction_before
        ORDER BY s.row, r.request_index`;
    }),
    requestColumns.map(([n]) => n),
    "requests",
    request.batchRows,
    0,
  );
  await _frame({ kind: "end" }, []);
  db.closeSync();
  instance.closeSync();
}

/**
 * Streams the rows of `queries` (run in order; every column DOUBLE) as frames of at most
 * `batchRows` rows, cut only where column `sessionColumn` changes, so a frame holds whole
 * sessions (-1: cut anywhere). Frames run across queries.
 */
async function _stream(
  db: Awaited<ReturnType<DuckDBInstance["connect"]>>,
  queries: string[],
  names: string[],
  kind: string,
  batchRows: number,
  sessionColumn: number,
): Promise<void> {
  // Per column, the chunks not yet sent (and how many rows they hold).
  let parts: Float64Array[][] = names.map(() => []);
  let buffered = 0;
  const column = (j: number) => {
    const out = new Float64Array(buffered);
    let at = 0;
    for (const p of parts[j]) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  const flush = async (upTo: number) => {
    const joined = names.map((_, j) => column(j));
    await _frame({ kind, rows: upTo, columns: names }, joined.map((c) => c.subarray(0, upTo)));
    parts = joined.map((c) => (upTo < c.length ? [c.slice(upTo)] : []));
    buffered -= upTo;
  };
  for (const sql of queries) {
    const result = await db.stream(sql);
    for (;;) {
      const chunk = await result.fetchChunk();
      if (chunk === null || chunk.rowCount === 0) break;
      const n = chunk.rowCount;
      for (let j = 0; j < names.length; j++) parts[j].push(_values(chunk.getColumnVector(j), n));
      buffered += n;
      // Flush whole sessions while a batch is full; the buffer's last session may go on.
      while (sessionColumn >= 0 && buffered > batchRows) {
        const session = column(sessionColumn);
        parts[sessionColumn] = [session];
        const total = session.length;
        let cut = Math.min(batchRows, total - 1);
        while (cut > 0 && session[cut - 1] === session[cut]) cut--;
        if (cut === 0) {
          // One session longer than a batch: it goes alone, once it is complete.
          cut = batchRows;
          while (cut < total && session[cut] === session[cut - 1]) cut++;
          if (cut === total) break;
        }
        await flush(cut);
      }
    }
  }
  if (buffered > 0 || kind === "compactions") await flush(buffered);
}

/** A DOUBLE vector's values (no nulls: the queries coalesce them to NaN), copied. */
function _values(vector: unknown, n: number): Float64Array {
  // The vector's own typed array when it exposes one (node-api keeps it as `items`).
  const items = (vector as { items?: unknown }).items;
  if (items instanceof Float64Array && items.length >= n) return items.slice(0, n);
  const out = new Float64Array(n);
  const v = vector as { getItem(i: number): number | null };
  for (let i = 0; i < n; i++) out[i] = v.getItem(i) ?? NaN;
  return out;
}

if (import.meta.main) {
  try {
    await main(JSON.parse(Deno.args[0]) as PoolRequest);
  } catch (error) {
    console.error((error as Error).message);
    Deno.exit(1);
  }
}
