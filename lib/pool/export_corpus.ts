/**
 * `export`'s edge: reads transcripts, keys their sessions, and writes one contributor's folder
 * `<out>/contributor=<id>/` with `requests.parquet`, `compactions.parquet` and `export.json`
 * (docs/pool.md). Nothing written holds text, a path, a session id or any other id of the
 * transcripts: only numbers, model names, kind names and keyed hashes.
 *
 * @module
 */
import { join } from "node:path";
import { readCorpusPerModel } from "../transcript/read_corpus.ts";
import { sessionIdentities } from "../transcript/assemble_corpus.ts";
import type { Corpus, ReaderDiagnostics } from "../transcript/tables.ts";
import { COMPACTION_COLUMNS, exportTables, REQUEST_COLUMNS } from "./export_tables.ts";
import { parquetBytes } from "./write_parquet.ts";
import { REWORK_DEFAULTS } from "../rework/estimate.ts";
import { randomContributorId, sessionKeyer } from "./session_key.ts";

/**
 * Version of the export's layout (tables, columns, `export.json`). 2: the compactions carry
 * their rework windows (`rework_*` columns, `rework` in `export.json`).
 */
export const EXPORT_SCHEMA_VERSION = 2;

/** Reader diagnostics as an export records them: counts only (no file numbers). */
export type ExportDiagnostics = Omit<
  ReaderDiagnostics,
  "malformedExamples" | "excludedSessions" | "mixedModelSessions" | "leftOut"
>;

/**
 * What the reader counts differently for each target model: the sessions left out and why, the
 * included sessions that switch model, the left-out requests by model, the advisor passes of
 * the included sessions.
 */
export interface ModelDiagnostics {
  excludedSessions: ReaderDiagnostics["excludedSessions"];
  mixedModelSessions: ReaderDiagnostics["mixedModelSessions"];
  leftOut: ReaderDiagnostics["leftOut"];
  advisor: Corpus["advisor"];
}

/** `export.json`: what the pool needs besides the tables, and what the export was. */
export interface ExportManifest {
  schemaVersion: typeof EXPORT_SCHEMA_VERSION;
  toolkitVersion: string;
  /** Random per export (not derived from the user, the machine or the secret). */
  contributor: string;
  /** The file filter the export ran with (the project filter's value is not recorded). */
  filters: { since: string | null; until: string | null; project: boolean };
  /** `work_gap_seconds` is the gap minus compaction time, not yet cut at an idle limit. */
  workGap: "beforeIdleLimit";
  files: number;
  bytes: number;
  counts: { sessions: number; requests: number; compactions: number };
  /** Sessions with a valid request (included in some model's corpus, or of mixed models). */
  sessionsWithRequests: number;
  /** Sessions without any valid request. */
  sessionsWithoutRequests: number;
  /** Per model: its sessions, requests and compactions in the tables. */
  models: {
    model: string;
    sessions: number;
    requests: number;
    compactions: number;
    diagnostics: ModelDiagnostics;
  }[];
  /** The model-dependent diagnostics for a model this export has no session of. */
  otherModelDiagnostics: ModelDiagnostics;
  /**
   * The compactions' rework windows (`rework_*` columns of compactions.parquet): K, requests per
   * window; null when the transcripts were read without fetch targets (no window taken).
   */
  rework: { windowRequests: number } | null;
  diagnostics: ExportDiagnostics;
}

/** Options of {@linkcode exportCorpus}. */
export interface ExportOptions {
  /** Output folder; the contributor's folder is made inside it. */
  out: string;
  /** The contributor's secret (HMAC key of the session keys). */
  secret: Uint8Array;
  /** Toolkit version written into `export.json`. */
  toolkitVersion: string;
  /** The filter as the reading commands record it. @default {no filter} */
  filters?: { since: string | null; until: string | null; project: string | null };
  /** Contributor id. @default {random} */
  contributor?: string;
  /** Files skipped for names not in UTF-8 (joins the diagnostics). @default {0} */
  undecodableNames?: number;
  /** Called after each file is read with (files done, files, bytes read). @default {none} */
  onProgress?: (filesDone: number, filesTotal: number, bytes: number) => void;
}

/** What {@linkcode exportCorpus} wrote. */
export interface ExportResult {
  folder: string;
  manifest: ExportManifest;
  /** Bytes of each file written. */
  sizes: { requests: number; compactions: number; manifest: number };
}

/**
 * Reads the transcript files and writes one contributor's export.
 *
 * @param files Transcript files (as selected by the reading commands).
 * @param options Output folder, secret, version, filter.
 * @returns The folder, the manifest and the file sizes.
 * @throws {RangeError} When the folder exists already, or a token count is not whole.
 */
export async function exportCorpus(
  files: string[],
  options: ExportOptions,
): Promise<ExportResult> {
  const contributor = options.contributor ?? randomContributorId();
  if (!/^[0-9a-zA-Z_-]+$/.test(contributor)) {
    throw new RangeError(`Cannot export: contributor id must be letters, digits, _ or -`);
  }
  const folder = join(options.out, `contributor=${contributor}`);
  // Gaps are kept before the idle cut (idle limit ∞): the pool applies its own limit.
  const idleLimitSeconds = Infinity;
  // With fetch targets: the rework windows are taken here, and only their counts leave.
  // One read: the corpus of every model, and the two below, come from the same parses.
  // A model no session here has (the last corpus): everything is left out for it.
  const read = await readCorpusPerModel(files, {
    idleLimitSeconds,
    fetchTargets: "compacted",
    onProgress: options.onProgress,
  }, ["\u0000no model"]);
  const corpora = read.corpora;
  const overall = corpora.length > 0 ? corpora[0] : read.overall;
  const absent = read.also[0];
  const keyOf = sessionKeyer(options.secret);
  const keys = corpora.map((corpus) => {
    const ids = sessionIdentities(corpus);
    if (ids === undefined) throw new Error("Cannot export: the corpus has no session identities");
    return ids.map(keyOf);
  });
  const tables = exportTables(corpora, keys);
  const manifest = exportManifest(corpora, overall, absent, {
    contributor,
    toolkitVersion: options.toolkitVersion,
    filters: options.filters,
    undecodableNames: options.undecodableNames ?? 0,
  });
  const meta = { "agent-session-cost.schemaVersion": String(EXPORT_SCHEMA_VERSION) };
  const requests = parquetBytes(tables.requests, REQUEST_COLUMNS, meta);
  const compactions = parquetBytes(tables.compactions, COMPACTION_COLUMNS, meta);
  const json = JSON.stringify(manifest, null, 2) + "\n";
  await Deno.mkdir(options.out, { recursive: true });
  try {
    await Deno.mkdir(folder);
  } catch (error) {
    if (error instanceof Deno.errors.AlreadyExists) {
      throw new RangeError(`Cannot export: ${folder} exists already`);
    }
    throw error;
  }
  await Deno.writeFile(join(folder, "requests.parquet"), requests);
  await Deno.writeFile(join(folder, "compactions.parquet"), compactions);
  await Deno.writeTextFile(join(folder, "export.json"), json);
  return {
    folder,
    manifest,
    sizes: {
      requests: requests.length,
      compactions: compactions.length,
      manifest: new TextEncoder().encode(json).length,
    },
  };
}

/**
 * The manifest of an export of `corpora` (pure).
 *
 * @param corpora One corpus per model.
 * @param overall Any corpus of the same read (its diagnostics are corpus-wide).
 * @param absent The same read for a model without any session (what a pool counts for a model
 *   this contributor has not used).
 * @param options Contributor, version, filter.
 * @returns The manifest.
 */
export function exportManifest(
  corpora: readonly Corpus[],
  overall: Corpus,
  absent: Corpus,
  options: {
    contributor: string;
    toolkitVersion: string;
    filters?: ExportOptions["filters"];
    undecodableNames: number;
  },
): ExportManifest {
  const {
    malformedExamples: _m,
    excludedSessions,
    mixedModelSessions: _x,
    leftOut: _l,
    ...rest
  } = overall.diagnostics;
  const diagnostics: ExportDiagnostics = {
    ...rest,
    recordTypes: { ...rest.recordTypes },
    requestsByModel: { ...rest.requestsByModel },
    undecodableNames: rest.undecodableNames + options.undecodableNames,
  };
  const models = corpora.map((c) => ({
    model: c.model,
    sessions: c.sessions.length,
    requests: c.requests.length,
    compactions: c.compactions.length,
    diagnostics: modelDiagnostics(c),
  }));
  const sum = (pick: (m: (typeof models)[number]) => number) =>
    models.reduce((a, m) => a + pick(m), 0);
  const f = options.filters;
  return {
    schemaVersion: EXPORT_SCHEMA_VERSION,
    toolkitVersion: options.toolkitVersion,
    contributor: options.contributor,
    filters: {
      since: f?.since ?? null,
      until: f?.until ?? null,
      project: (f?.project ?? null) !== null,
    },
    workGap: "beforeIdleLimit",
    files: overall.files,
    bytes: overall.bytes,
    counts: {
      sessions: sum((m) => m.sessions),
      requests: sum((m) => m.requests),
      compactions: sum((m) => m.compactions),
    },
    sessionsWithRequests: overall.sessions.length + excludedSessions.otherModel,
    sessionsWithoutRequests: excludedSessions.noTargetModel,
    models,
    otherModelDiagnostics: modelDiagnostics(absent),
    rework: corpora.length > 0 && corpora.every((c) => c.fetches !== undefined)
      ? { windowRequests: REWORK_DEFAULTS.windowRequests }
      : null,
    diagnostics,
  };
}

/**
 * The model-dependent diagnostics of a corpus (copied).
 *
 * @param corpus A corpus of one target model.
 * @returns Its excluded sessions, mixed-model sessions, left-out requests and advisor passes.
 */
export function modelDiagnostics(corpus: Corpus): ModelDiagnostics {
  const d = corpus.diagnostics;
  return structuredClone({
    excludedSessions: d.excludedSessions,
    mixedModelSessions: d.mixedModelSessions,
    leftOut: d.leftOut,
    advisor: corpus.advisor,
  });
}
