/**
 * The generator core: simulates Claude Code sessions turn by turn and writes them as JSONL in the
 * real layout. Pure: no I/O; files are yielded one at a time so a writer can stream them.
 *
 * How usage follows from content (analysis-spec §6): a session keeps its context size `ctx` in
 * tokens. Every record that enters the conversation adds `ceil(chars / 4)` of its text (tool
 * results, prompts) or its output tokens (the model's own blocks, which are written with four
 * characters per output token); images add their pixel cost. A request's context x is `ctx`; its
 * cache read is the prefix cached by the previous request when that cache is still warm (younger
 * than the session's TTL of 5 minutes or 1 hour), its cache write the rest minus a few uncached
 * input tokens. An idle gap longer than the TTL therefore rewrites the whole context; a compaction
 * rewrites all but the system prefix. Compactions happen when `ctx` passes the trigger (on an
 * estimate with a few percent of error), with a summary of G ≈ N(mean, sd) tokens written as
 * 4·G characters, a duration `a·C + G/v + ε`, and a post-compaction context of prefix + G +
 * re-attached files.
 *
 * @module
 */

import { Prng } from "./prng.ts";
import { normalQuantile } from "./normal_quantile.ts";
import { TextPool, type VirtualFile } from "./text_pool.ts";
import type { Profile } from "./profiles.ts";
import { type Era, eraOfMain, ERAS } from "./eras.ts";
import { ExpectedAccumulator, type ExpectedAggregates, type SessionTruth } from "./expected.ts";

/** The model of every included session. */
export const TARGET_MODEL = "claude-opus-5-5";
/** Model of the other-model main sessions. */
export const OTHER_MAIN_MODEL = "claude-sonnet-4-6";
/** Model of the other-model sub-agents. */
export const OTHER_SUB_MODEL = "claude-haiku-4-5-20251001";

/** One file of a generated corpus, path relative to the corpus folder. */
export interface CorpusFile {
  /** Relative path, `/`-separated, e.g. `projects/-home-dev-app/<id>.jsonl`. */
  path: string;
  /** Full content. */
  text: string;
}

const PROJECT_ROOTS = [
  "/home/dev/projects/ledger-api",
  "/home/dev/projects/web_client",
  "/Users/sam/src/data.pipeline",
  "/home/dev/tools/cli-kit",
  "/home/dev/projects/notebook-server",
  "/srv/work/ingest.v2",
];

const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const IDLE_LIMIT_SECONDS = 300;

/** The slug of a project folder (transcript-format.md §1.2). */
function slugOf(cwd: string): string {
  return cwd.replace(/[^A-Za-z0-9]/g, "-");
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function esc(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}

/** Characters of a JSON-escaped text without `"`/`\` other than `\\n`, once parsed. */
function rawLength(escaped: string): number {
  let n = 0, pos = escaped.indexOf("\\n");
  while (pos !== -1) {
    n++;
    pos = escaped.indexOf("\\n", pos + 2);
  }
  return escaped.length - n;
}

/** UTF-8 length of generated text (ASCII except `→` and the BOM, 3 bytes each). */
function utf8Length(text: string): number {
  let extra = 0;
  for (const ch of ["→", "\uFEFF"]) {
    let pos = text.indexOf(ch);
    while (pos !== -1) {
      extra += 2;
      pos = text.indexOf(ch, pos + 1);
    }
  }
  return text.length + extra;
}

class Sink {
  lines: string[] = [];
  constructor(readonly path: string) {}
}

interface Block {
  json: string;
  tokens: number;
  toolId?: string;
  /** The text of a `text` block (JSON-escaped). */
  text?: string;
}

interface ToolCall {
  id: string;
  block: Block;
  /** tool_result `content` as JSON (a string literal or an array). */
  content: string;
  /** Context tokens the result adds. */
  tokens: number;
  isError: boolean;
  toolUseResult: string;
  seconds: number;
  /** For Task calls: what the parent needs to run the sub-agent. */
  spawn?: { budget: number; prompt: string; agentType: string; description: string };
}

type ToolKind =
  | "readWhole"
  | "readRange"
  | "bashCat"
  | "bashGrep"
  | "bashTest"
  | "grep"
  | "glob"
  | "edit"
  | "write"
  | "todo"
  | "readMissing"
  | "readImage";

const MAIN_TOOLS: [ToolKind, number][] = [
  ["readWhole", 0.13],
  ["readRange", 0.14],
  ["bashCat", 0.02],
  ["bashGrep", 0.08],
  ["bashTest", 0.1],
  ["grep", 0.09],
  ["glob", 0.04],
  ["edit", 0.24],
  ["write", 0.03],
  ["todo", 0.05],
  ["readMissing", 0.015],
  ["readImage", 0.004],
];
const SUB_TOOLS: [ToolKind, number][] = [
  ["readWhole", 0.34],
  ["readRange", 0.16],
  ["grep", 0.2],
  ["glob", 0.1],
  ["bashGrep", 0.1],
  ["bashCat", 0.05],
  ["readMissing", 0.02],
  ["bashTest", 0.03],
];

class Session {
  ctx = 0;
  cachedUpTo = 0;
  lastUse = -Infinity;
  t = 0;
  last: string | null = null;
  lastTs = 0;
  trigger = 0;
  copyFrom = 0;
  lastSubStart = -Infinity;
  microDone = false;
  requests = 0;
  forcedManual = false;
  recent: VirtualFile[] = [];
  /** Bedrock-style ids: `msg_bdrk_…` message ids and no `requestId`. */
  bedrock = false;
  readonly head: string;
  readonly tail: string;
  readonly ttlMs: number;

  constructor(
    readonly kind: "main" | "subagent",
    readonly era: Era,
    public model: string,
    readonly sessionId: string,
    readonly agentId: string | null,
    readonly project: number,
    readonly cwd: string,
    readonly sink: Sink,
    readonly truth: SessionTruth,
    readonly prefix: number,
    readonly oneHour: boolean,
    readonly index: number,
  ) {
    const sidechain = kind === "subagent";
    this.head = `"isSidechain":${sidechain}${
      agentId !== null && era.layout !== "infile" ? `,"agentId":"${agentId}"` : ""
    }`;
    this.tail = `,"userType":"external"${era.entrypoint ? ',"entrypoint":"cli"' : ""},"cwd":"${
      esc(cwd)
    }","sessionId":"${sessionId}","version":"${era.version}","gitBranch":"main"}`;
    this.ttlMs = oneHour ? 3_600_000 : 300_000;
  }

  get canCompact(): boolean {
    return this.era.boundaries && !(this.kind === "subagent" && this.era.layout === "infile");
  }

  record(uuid: string, body: string, ts: number, parent: string | null = this.last): void {
    this.sink.lines.push(
      `{"parentUuid":${
        parent === null ? "null" : `"${parent}"`
      },${this.head},${body},"uuid":"${uuid}","timestamp":"${iso(ts)}"${this.tail}`,
    );
    this.last = uuid;
    this.lastTs = ts;
  }
}

interface MainPlan {
  index: number;
  era: Era;
  budget: number;
  subBudgets: number[];
  project: number;
  sessionId: string;
  startMs: number;
  continuationOf: number | null;
}

/** Splits `total` into parts proportional to `weights`, each at least `min` (largest remainder). */
function apportion(total: number, weights: number[], min: number): number[] {
  const n = weights.length;
  const free = total - min * n;
  if (free < 0) {
    throw new RangeError(`Cannot split ${total} into ${n} parts of at least ${min}`);
  }
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (w / sum) * free);
  const parts = exact.map((e) => Math.floor(e));
  let left = free - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i]).sort((a, b) =>
    b[0] - a[0] || a[1] - b[1]
  );
  for (let k = 0; left > 0; k = (k + 1) % n, left--) parts[order[k][1]]++;
  return parts.map((p) => p + min);
}

class Simulator {
  readonly acc = new ExpectedAccumulator(TARGET_MODEL);
  readonly pool: TextPool;
  readonly prng: Prng;
  readonly out: CorpusFile[] = [];
  readonly roots: string[];
  readonly startMs: number;
  #streams = 1;
  #compactions = 0;
  #offsetSummary: number;
  #offsetNoise: number;

  constructor(readonly profile: Profile, readonly seed: number) {
    this.prng = new Prng(seed, 0);
    this.roots = PROJECT_ROOTS.slice(0, profile.projects);
    this.pool = new TextPool(seed, this.roots, {
      fileLinesMedian: profile.fileLinesMedian,
      fileLinesMax: profile.fileLinesMax,
    });
    this.startMs = Date.parse(profile.startDate);
    this.#offsetSummary = this.prng.next();
    this.#offsetNoise = this.prng.next();
  }

  /**
   * Normal deviates for the k-th compaction's summary length and time noise. They are
   * stratified, not independent draws: the quantiles come from two Weyl sequences
   * (k·(√5−1)/2 and k·(√2−1) modulo 1, offset by the seed), which fill the unit square evenly.
   * A corpus of a few hundred compactions then has the nominal spread of G and ε, so the R² of
   * the time fit lands near its population value for every seed instead of moving by ±0.03.
   */
  compactionDeviates(): [number, number] {
    const k = this.#compactions++;
    const frac = (v: number) => v - Math.floor(v);
    const clamp = (u: number) => Math.min(1 - 1e-9, Math.max(1e-9, u));
    return [
      normalQuantile(clamp(frac(this.#offsetSummary + k * 0.6180339887498949))),
      normalQuantile(clamp(frac(this.#offsetNoise + k * 0.41421356237309515))),
    ];
  }

  nextPrng(): Prng {
    return new Prng(this.seed, this.#streams++);
  }

  // ---------------------------------------------------------------- plan

  plan(): MainPlan[] {
    const p = this.profile, g = this.prng;
    const mainTotal = Math.round(p.requests * p.mainRequestShare);
    const subTotal = p.requests - mainTotal;
    const n = p.mainSessions;
    const a0Budget = Math.max(4, Math.min(40, Math.round((mainTotal / n) * 0.2)));
    const weights = Array.from({ length: n }, (_, i) => {
      const w = g.lognormal(1, p.mainLengthSigma);
      return i === 0 || i === 2 || i === 3 || i === 4 ? w * 1.6 : w;
    });
    const budgets = apportion(mainTotal - a0Budget, weights.filter((_, i) => i !== 5), 8);
    budgets.splice(5, 0, a0Budget);

    const subBudgets = apportion(
      subTotal,
      Array.from({ length: p.subagentSessions }, () => g.lognormal(1, p.subagentLengthSigma)),
      1,
    ).sort((a, b) => a - b);
    const subCounts = apportion(p.subagentSessions - n, budgets, 0).map((c) => c + 1);
    // In-file sub-agents never compact: give them the shortest runs.
    const inFile = budgets.map((_, i) => eraOfMain(i).layout === "infile");
    const short = subBudgets.slice(
      0,
      subCounts.filter((_, i) => inFile[i]).reduce((a, b) => a + b, 0),
    );
    const rest = subBudgets.slice(short.length);
    for (let i = rest.length - 1; i > 0; i--) {
      const j = Math.floor(g.next() * (i + 1));
      [rest[i], rest[j]] = [rest[j], rest[i]];
    }
    const ids = Array.from({ length: n }, () => g.uuid());
    if (ids[1] < ids[0]) [ids[0], ids[1]] = [ids[1], ids[0]];
    const spanMs = p.spanDays * 86_400_000;
    return budgets.map((budget, index) => {
      const mine = inFile[index]
        ? short.splice(0, subCounts[index])
        : rest.splice(0, subCounts[index]);
      const project = index === 1 ? 0 : index % this.roots.length;
      return {
        index,
        era: eraOfMain(index),
        budget,
        subBudgets: mine,
        project,
        sessionId: ids[index],
        startMs: this.startMs + Math.floor((index / n) * spanMs) + g.int(0, 6) * 3_600_000,
        continuationOf: index === 1 ? 0 : null,
      };
    });
  }

  // ---------------------------------------------------------------- ids and text

  msgId(g: Prng): string {
    return "msg_01" + g.chars(22, BASE58);
  }
  reqId(g: Prng): string {
    return "req_011C" + g.chars(20, BASE58);
  }
  toolId(g: Prng): string {
    return "toolu_01" + g.chars(22, BASE58);
  }
  agentId(g: Prng, era: Era): string {
    return "a" + g.hex(era.agentIdDigits || 16);
  }

  /** Prose of `tokens` tokens (4 characters each). */
  prose(g: Prng, tokens: number): string {
    return this.pool.proseOf(g, Math.max(4, Math.round(tokens) * 4));
  }

  pickFile(s: Session, g: Prng): VirtualFile {
    const files = this.pool.files[s.project];
    if (s.recent.length > 0 && g.chance(0.25)) return s.recent[g.int(0, s.recent.length - 1)];
    const f = files[g.int(0, files.length - 1)];
    s.recent.push(f);
    if (s.recent.length > 12) s.recent.shift();
    return f;
  }

  // ---------------------------------------------------------------- tools

  tool(s: Session, g: Prng, kind: ToolKind): ToolCall {
    const p = this.profile;
    const id = this.toolId(g);
    const root = this.roots[s.project];
    const scale = p.toolOutputScale;
    const mk = (
      name: string,
      input: string,
      content: string,
      chars: number,
      toolUseResult: string,
      seconds: number,
      isError = false,
      extraTokens = 0,
    ): ToolCall => ({
      id,
      block: {
        json: `{"type":"tool_use","id":"${id}","name":"${name}","input":${input}}`,
        tokens: Math.ceil(rawLength(input) / 4) + 8,
        toolId: id,
      },
      content,
      tokens: Math.ceil(chars / 4) + extraTokens,
      isError,
      toolUseResult,
      seconds: seconds * p.toolSecondsScale,
    });
    switch (kind) {
      case "readWhole": {
        const f = this.pickFile(s, g);
        const to = Math.min(f.lines, 2000);
        const r = this.pool.numberedRange(f, 0, to);
        if (Math.ceil(r.chars / 4) > 25_000) {
          const msg = `File content (${
            Math.ceil(r.chars / 4)
          } tokens) exceeds maximum allowed tokens (25000). Please use offset and limit parameters to read specific portions of the file, or use the GrepTool to search for specific content.`;
          const text = `<tool_use_error>${msg}</tool_use_error>`;
          this.acc.quirk("toolErrors");
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
        const plain = this.pool.plainRange(f, 0, to);
        return mk(
          "Read",
          `{"file_path":"${esc(f.path)}"}`,
          `"${r.escaped}"`,
          r.chars,
          `{"type":"text","file":{"filePath":"${
            esc(f.path)
          }","content":"${plain.escaped}","numLines":${to},"startLine":1,"totalLines":${f.lines}}}`,
          0.02 + g.next() * 0.2,
        );
      }
      case "readRange": {
        const f = this.pickFile(s, g);
        const limit = Math.max(5, Math.round(g.lognormal(120 * scale, 0.6)));
        const from = g.int(0, Math.max(0, f.lines - 1));
        const to = Math.min(f.lines, from + limit);
        const r = this.pool.numberedRange(f, from, to);
        const plain = this.pool.plainRange(f, from, to);
        return mk(
          "Read",
          `{"file_path":"${esc(f.path)}","offset":${from + 1},"limit":${limit}}`,
          `"${r.escaped}"`,
          r.chars,
          `{"type":"text","file":{"filePath":"${
            esc(f.path)
          }","content":"${plain.escaped}","numLines":${to - from},"startLine":${
            from + 1
          },"totalLines":${f.lines}}}`,
          0.02 + g.next() * 0.15,
        );
      }
      case "bashCat": {
        const f = this.pickFile(s, g);
        const ranged = g.chance(0.5);
        const from = ranged ? g.int(0, Math.max(0, f.lines - 1)) : 0;
        const to = ranged
          ? Math.min(f.lines, from + Math.round(g.lognormal(80 * scale, 0.5)))
          : Math.min(f.lines, 2000);
        const r = this.pool.plainRange(f, from, to);
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
      case "bashGrep":
      case "grep": {
        const files = this.pool.files[s.project];
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
      case "bashTest": {
        const k = Math.max(2, Math.round(g.lognormal(30 * scale, 0.7)));
        const parts: string[] = [];
        for (let i = 0; i < k; i++) {
          parts.push(`ok ${i + 1} - ${this.pool.proseOf(g, g.int(30, 80))}\\n`);
        }
        const fail = g.chance(0.2);
        const body = parts.join("");
        const text = fail ? `Error: Exit code 1\\n${body}not ok ${k + 1} - expected 3 got 4` : body;
        if (fail) this.acc.quirk("toolErrors");
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
      case "glob": {
        const files = this.pool.files[s.project];
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
      case "edit": {
        const f = this.pickFile(s, g);
        const n = Math.max(1, Math.round(g.lognormal(6 * p.outputScale, 0.8)));
        const a = g.int(0, Math.max(0, f.lines - n));
        const b = Math.min(f.lines, a + n);
        const old = this.pool.plainRange(f, a, b).escaped;
        const other = this.pool.files[s.project][g.int(0, this.pool.files[s.project].length - 1)];
        const c = g.int(0, Math.max(0, other.lines - n));
        const neu = this.pool.plainRange(other, c, Math.min(other.lines, c + n)).escaped;
        const from = Math.max(0, a - 4), to = Math.min(f.lines, b + 4);
        const snippet = this.pool.numberedRange(f, from, to);
        const head = `The file ${
          esc(f.path)
        } has been updated. Here's the result of running \`cat -n\` on a snippet of the edited file:\\n`;
        const original = f.plain.length < 10_000 ? `"${f.plain}"` : "null";
        return mk(
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
      }
      case "write": {
        const src = this.pool.files[s.project][g.int(0, this.pool.files[s.project].length - 1)];
        const n = Math.max(3, Math.round(g.lognormal(50 * p.outputScale, 0.7)));
        const body = this.pool.plainRange(src, 0, Math.min(src.lines, n)).escaped;
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
      case "todo": {
        const k = g.int(3, 6);
        const items: string[] = [];
        for (let i = 0; i < k; i++) {
          const t = this.pool.proseOf(g, g.int(20, 60));
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
      case "readMissing": {
        const path = `${root}/src/${["old", "legacy", "tmp"][g.int(0, 2)]}_${g.hex(4)}.ts`;
        const text = "<tool_use_error>File does not exist.</tool_use_error>";
        this.acc.quirk("toolErrors");
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
      case "readImage": {
        const path = `${root}/docs/screenshot_${g.hex(4)}.png`;
        const data = g.chars(g.int(600, 1400) * 4, BASE64);
        const w = g.int(800, 1600), h = g.int(500, 1000);
        const tokens = Math.min(1600, Math.round((w * h) / 750));
        this.acc.quirk("images");
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
    }
  }

  taskCall(s: Session, g: Prng, budget: number, agentType = "general-purpose"): ToolCall {
    const id = this.toolId(g);
    const description = this.pool.proseOf(g, g.int(20, 40));
    const prompt = this.prose(g, g.lognormal(120 * this.profile.outputScale, 0.6));
    const input =
      `{"description":"${description}","prompt":"${prompt}","subagent_type":"${agentType}"}`;
    return {
      id,
      block: {
        json: `{"type":"tool_use","id":"${id}","name":"${s.era.agentTool}","input":${input}}`,
        tokens: Math.ceil(input.length / 4) + 8,
        toolId: id,
      },
      content: "",
      tokens: 0,
      isError: false,
      toolUseResult: "",
      seconds: 0,
      spawn: { budget, prompt, agentType, description },
    };
  }

  // ---------------------------------------------------------------- model output

  responseBlocks(g: Prng, final: boolean): Block[] {
    const p = this.profile;
    const blocks: Block[] = [];
    if (g.chance(p.thinkingShare)) {
      const text = this.prose(g, g.lognormal(110 * p.outputScale, 1.0));
      blocks.push({
        json: `{"type":"thinking","thinking":"${text}","signature":"${g.chars(120, BASE64)}"}`,
        tokens: Math.ceil(text.length / 4),
      });
    }
    if (final || g.chance(p.preambleShare)) {
      const text = this.prose(g, g.lognormal((final ? 260 : 40) * p.outputScale, 0.8));
      blocks.push({
        json: `{"type":"text","text":"${text}"}`,
        tokens: Math.ceil(text.length / 4),
        text,
      });
    }
    return blocks;
  }

  // ---------------------------------------------------------------- requests

  /** Writes one API response (one line per block) and returns when it finished. */
  request(s: Session, g: Prng, blocks: Block[], stop: "tool_use" | "end_turn"): string[] {
    const p = this.profile;
    const send = s.t + g.int(15, 250);
    const x = s.ctx;
    const u = Math.min(x, g.int(1, 9));
    const cold = send - s.lastUse > s.ttlMs;
    const r = cold ? 0 : Math.max(0, Math.min(s.cachedUpTo, x - u));
    const w = x - u - r;
    const w1h = s.oneHour ? w : 0;
    const w5 = w - w1h;
    let y = 0;
    for (const b of blocks) y += b.tokens;
    const ttft = (1.4 + x * 1e-5 + w * 2e-5) * g.lognormal(1, 0.25);
    const msg = s.bedrock ? "msg_bdrk_" + this.msgId(g).slice(4) : this.msgId(g);
    const req = this.reqId(g);
    const reqField = s.bedrock ? "" : `,"requestId":"${req}"`;
    const prelim = g.int(1, 12);
    const partialLast = g.chance(0.8) ? y : Math.max(prelim, Math.round(y * 0.6));
    let time = send + ttft * 1000;
    let visible = 0, firstTs = 0;
    const uuids: string[] = [];
    const era = s.era;
    for (let i = 0; i < blocks.length; i++) {
      time += (blocks[i].tokens / p.outputTokensPerSecond) * 1000;
      const ts = Math.round(time);
      if (i === 0) firstTs = ts;
      const lastLine = i === blocks.length - 1;
      const out = era.usage === "final"
        ? y
        : era.usage === "partial"
        ? (lastLine ? partialLast : prelim)
        : prelim;
      visible = Math.max(visible, out);
      const stopReason = era.usage === "final" ? `"${stop}"` : "null";
      const usage = era.usage === "final"
        ? `{"input_tokens":${u},"cache_creation_input_tokens":${w},"cache_read_input_tokens":${r},"output_tokens":${out},"server_tool_use":{"web_search_requests":0,"web_fetch_requests":0},"service_tier":"standard","cache_creation":{"ephemeral_1h_input_tokens":${w1h},"ephemeral_5m_input_tokens":${w5}},"inference_geo":"not_available","iterations":[],"speed":"standard"}`
        : era.cacheCreation
        ? `{"input_tokens":${u},"cache_creation_input_tokens":${w},"cache_read_input_tokens":${r},"cache_creation":{"ephemeral_5m_input_tokens":${w5},"ephemeral_1h_input_tokens":${w1h}},"output_tokens":${out},"service_tier":"standard"}`
        : `{"input_tokens":${u},"cache_creation_input_tokens":${w},"cache_read_input_tokens":${r},"output_tokens":${out},"service_tier":"standard"}`;
      const uuid = g.uuid();
      s.record(
        uuid,
        `"type":"assistant","message":{"model":"${s.model}","id":"${msg}","type":"message","role":"assistant","content":[${
          blocks[i].json
        }],"stop_reason":${stopReason},"stop_sequence":null,"usage":${usage}}${reqField}`,
        ts,
      );
      uuids.push(uuid);
    }
    if (blocks.length > 1) this.acc.quirk("splitResponses");
    if (era.usage !== "final" && blocks.length > 1) this.acc.quirk("preliminaryUsage");
    if (!era.cacheCreation) this.acc.quirk("missingCacheCreation");
    if (s.bedrock) this.acc.quirk("withoutRequestId");
    this.acc.request(s.truth, firstTs, u, s.oneHour ? 0 : w5, w1h, r, visible);
    s.requests++;
    s.ctx = x + y;
    s.cachedUpTo = x;
    s.lastUse = send;
    s.t = s.lastTs;
    return uuids;
  }

  /** Writes the results of the tool calls of the response whose block uuids are given. */
  results(s: Session, g: Prng, calls: ToolCall[], blockUuids: string[], blocks: Block[]): void {
    const start = s.t;
    const order = calls.map((c, i) => ({ c, i, at: start + Math.round(c.seconds * 1000) + i }))
      .sort((a, b) => a.at - b.at || a.i - b.i);
    for (const { c, at } of order) {
      const owner = blockUuids[blocks.findIndex((b) => b.toolId === c.id)];
      const parent = s.era.sourceTool ? owner : s.last;
      if (s.era.progress && g.chance(0.3)) {
        s.record(
          g.uuid(),
          `"type":"progress","data":{"type":"bash_progress","output":"","elapsedTimeSeconds":1},"toolUseID":"${c.id}","parentToolUseID":"${c.id}"`,
          Math.max(start, at - 500),
          owner,
        );
        s.last = parent;
      }
      s.record(
        g.uuid(),
        `"type":"user","message":{"role":"user","content":[{"tool_use_id":"${c.id}","type":"tool_result","content":${c.content}${
          c.isError ? ',"is_error":true' : ""
        }}]},"toolUseResult":${c.toolUseResult}${
          s.era.sourceTool ? `,"sourceToolAssistantUUID":"${owner}"` : ""
        }`,
        at,
        parent,
      );
      s.ctx += c.tokens;
    }
    s.t = s.lastTs;
  }

  // ---------------------------------------------------------------- compaction

  drawTrigger(s: Session, g: Prng): void {
    const p = this.profile;
    s.trigger = p.compactTriggerTokens * (1 + p.triggerEstimateSd * g.normal());
  }

  summaryText(g: Prng, tokens: number, manual: boolean, s: Session): string {
    const head = manual
      ? "This session is being continued from a previous conversation that ran out of context. The conversation is summarized below:\\nAnalysis:\\n"
      : "This session is being continued from a previous conversation that ran out of context. The summary below covers the earlier portion of the conversation.\\n\\nSummary:\\n1. Primary Request and Intent: ";
    const trailer = manual
      ? ""
      : `\\n\\nIf you need specific details from before compaction (like exact code snippets, error messages, or content you generated), read the full transcript at: /home/dev/.claude/projects/${
        slugOf(s.cwd)
      }/${s.sessionId}.jsonl\\nContinue the conversation from where it left off without asking the user any further questions.`;
    const fixed = rawLength(head) + rawLength(trailer);
    const chars = Math.max(fixed + 8, tokens * 4 - g.int(0, 3));
    return head + this.pool.proseOf(g, chars - fixed) + trailer;
  }

  /** A compaction: boundary, summary and (manual) the command records; resets the context. */
  compact(s: Session, g: Prng, trigger: "auto" | "manual"): void {
    const p = this.profile;
    const C = s.ctx;
    const [zSummary, zNoise] = this.compactionDeviates();
    const G = Math.max(
      p.summaryTokensMin,
      Math.round(p.summaryTokensMean + p.summaryTokensSd * zSummary),
    );
    const seconds = Math.max(
      3,
      p.compactSecondsPerToken * C + G / p.summaryTokensPerSecond +
        p.compactNoiseSeconds * zNoise,
    );
    const ms = Math.round(seconds * 1000);
    const parent = s.last;
    let startTs = s.lastTs;
    if (trigger === "manual") startTs = s.t;
    const boundaryTs = startTs + ms;
    const reattach = Math.round(g.lognormal(p.reattachTokensMedian, 0.5));
    const post = s.prefix + G + reattach;
    const lp = s.era.logicalParent === "set"
      ? `,"logicalParentUuid":"${parent}"`
      : s.era.logicalParent === "null"
      ? `,"logicalParentUuid":null`
      : "";
    const meta = s.era.durationMs
      ? `{"trigger":"${trigger}","preTokens":${C},"postTokens":${post},"durationMs":${ms}}`
      : `{"trigger":"${trigger}","preTokens":${C}}`;
    const boundary = g.uuid();
    s.record(
      boundary,
      `"type":"system","subtype":"compact_boundary","content":"Conversation compacted","isMeta":false,"level":"info","compactMetadata":${meta}${lp}`,
      boundaryTs,
      null,
    );
    const summary = g.uuid();
    s.record(
      summary,
      `"type":"user","message":{"role":"user","content":"${
        this.summaryText(g, G, trigger === "manual", s)
      }"},"isVisibleInTranscriptOnly":true,"isCompactSummary":true`,
      boundaryTs + 4,
    );
    if (trigger === "manual") {
      s.record(
        g.uuid(),
        `"type":"user","message":{"role":"user","content":"<local-command-caveat>Caveat: The messages below were generated by the user while running local commands. DO NOT respond to these messages or otherwise consider them in your response unless the user explicitly asks you to.</local-command-caveat>"},"isMeta":true`,
        startTs,
      );
      s.record(
        g.uuid(),
        `"type":"user","message":{"role":"user","content":"<command-name>/compact</command-name>\\n            <command-message>compact</command-message>\\n            <command-args></command-args>"}`,
        startTs,
      );
      s.record(
        g.uuid(),
        `"type":"user","message":{"role":"user","content":"<local-command-stdout>Compacted </local-command-stdout>"}`,
        boundaryTs + 100,
      );
      this.acc.quirk("manualCompactions");
    }
    if (s.era.durationMs) this.acc.quirk("compactionsWithDurationMs");
    else this.acc.quirk("compactionsFromTimestamps");
    this.acc.compaction(s.truth, trigger, C, boundaryTs, ms / 1000);
    s.ctx = post;
    s.cachedUpTo = s.prefix;
    s.t = Math.max(s.lastTs, boundaryTs + 4);
    s.copyFrom = s.sink.lines.length;
    this.drawTrigger(s, g);
  }

  microcompact(s: Session, g: Prng): void {
    const saved = Math.round((s.ctx - s.prefix) * (0.15 + 0.15 * g.next()));
    const ids = [this.toolId(g), this.toolId(g)];
    s.record(
      g.uuid(),
      `"type":"system","subtype":"microcompact_boundary","content":"Context microcompacted","isMeta":false,"level":"info","microcompactMetadata":{"trigger":"auto","preTokens":${s.ctx},"tokensSaved":${saved},"compactedToolIds":["${
        ids.join('","')
      }"],"clearedAttachmentUUIDs":[]}`,
      s.t + 2,
    );
    s.ctx -= saved;
    s.cachedUpTo = Math.min(s.cachedUpTo, s.prefix + Math.round((s.ctx - s.prefix) * 0.4));
    s.microDone = true;
    this.acc.quirk("microcompactions");
  }

  /** Everything that may happen right before a request: compaction, microcompaction, retries. */
  beforeRequest(s: Session, g: Prng): void {
    if (s.canCompact && s.ctx >= s.trigger) this.compact(s, g, "auto");
    if (
      s.era.microcompact && s.kind === "main" &&
      ((!s.microDone && s.ctx > 0.3 * s.trigger) || (s.ctx > 0.5 * s.trigger && g.chance(0.003)))
    ) this.microcompact(s, g);
    if (g.chance(0.003) || (s.index === 0 && s.kind === "main" && s.requests === 2)) {
      const tries = g.int(1, 3);
      for (let k = 1; k <= tries; k++) {
        const wait = Math.round(500 * 2 ** k + g.int(0, 400));
        s.record(
          g.uuid(),
          `"type":"system","subtype":"api_error","level":"error","error":{"status":529},"retryInMs":${wait},"retryAttempt":${k},"maxRetries":10`,
          s.t + 50,
        );
        s.t += wait + 50;
        this.acc.quirk("apiErrorRetries");
      }
    }
  }

  synthetic(s: Session, g: Prng, text: string, apiError: boolean): void {
    const fields = apiError
      ? `,"error":"server_error","isApiErrorMessage":true`
      : `,"isApiErrorMessage":false`;
    s.record(
      g.uuid(),
      `"type":"assistant","message":{"id":"${g.uuid()}","container":null,"model":"<synthetic>","role":"assistant","stop_reason":"stop_sequence","stop_sequence":"","type":"message","usage":{"input_tokens":0,"output_tokens":0,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"server_tool_use":{"web_search_requests":0,"web_fetch_requests":0},"service_tier":null,"cache_creation":{"ephemeral_1h_input_tokens":0,"ephemeral_5m_input_tokens":0}},"content":[{"type":"text","text":"${
        esc(text)
      }"}],"context_management":null}${fields}`,
      s.t + 1200,
    );
    s.t += 1200;
    this.acc.quirk(apiError ? "syntheticApiErrors" : "syntheticNonErrors");
  }

  // ---------------------------------------------------------------- sessions

  userPrompt(s: Session, g: Prng, options: { image?: boolean; text?: string } = {}): void {
    const p = this.profile;
    const tokens = g.chance(0.05)
      ? g.lognormal(1500 * p.toolOutputScale, 0.6)
      : g.lognormal(50, 1.0);
    const text = options.text ?? this.prose(g, tokens);
    let content = `"${text}"`;
    let extra = 0;
    if (options.image) {
      const data = g.chars(g.int(500, 1200) * 4, BASE64);
      content =
        `[{"type":"text","text":"${text}"},{"type":"image","source":{"type":"base64","media_type":"image/png","data":"${data}"}}]`;
      extra = g.int(900, 1600);
      this.acc.quirk("images");
    }
    if (s.era.name === "D" && s.kind === "main") {
      const id = g.uuid();
      s.sink.lines.push(
        `{"type":"file-history-snapshot","messageId":"${id}","snapshot":{"messageId":"${id}","trackedFileBackups":{},"timestamp":"${
          iso(s.t)
        }"},"isSnapshotUpdate":false}`,
      );
    }
    s.record(
      g.uuid(),
      `"type":"user","message":{"role":"user","content":${content}}${
        s.kind === "main" ? `,"promptId":"${g.uuid()}"` : ""
      }${options.image ? `,"imagePasteIds":[1]` : ""}`,
      s.t,
    );
    s.ctx += Math.ceil(rawLength(text) / 4) + extra;
  }

  /** Runs a session (main or sub-agent) for `budget` requests. */
  run(s: Session, g: Prng, budget: number, subBudgets: number[], extraSubs: number): string {
    const p = this.profile;
    const spawns = new Map<number, number>();
    if (subBudgets.length + extraSubs > 0) {
      const slots = Math.max(1, budget - 1);
      const events = Math.min(slots, Math.max(1, Math.ceil((subBudgets.length + extraSubs) / 1.3)));
      const chosen = new Set<number>();
      while (chosen.size < events) chosen.add(g.int(0, slots - 1));
      const idx = [...chosen].sort((a, b) => a - b);
      for (const i of idx) spawns.set(i, 1);
      for (let k = events; k < subBudgets.length + extraSubs; k++) {
        const i = idx[g.int(0, idx.length - 1)];
        spawns.set(i, spawns.get(i)! + 1);
      }
    }
    const queue = [...subBudgets];
    let extraLeft = extraSubs;
    let finalText = "";
    let i = 0, turn = 0;
    while (i < budget) {
      // A user turn (sub-agents have exactly one, started by the parent's prompt).
      if (s.kind === "main") {
        if (turn > 0) {
          s.t += Math.round(g.lognormal(p.userThinkMedianSeconds, p.userThinkSigma) * 1000);
          if (g.chance(p.prefixChangeChance)) {
            s.cachedUpTo = Math.min(
              s.cachedUpTo,
              s.prefix + Math.round(g.next() * (s.ctx - s.prefix)),
            );
            this.acc.quirk("prefixChanges");
          }
          const wantManual = s.canCompact &&
            ((s.ctx > 0.7 * s.trigger && g.chance(p.manualCompactionChance)) ||
              (s.index === 2 && !s.forcedManual && s.ctx > 0.4 * s.trigger));
          if (wantManual) {
            s.forcedManual = true;
            this.compact(s, g, "manual");
            s.t += Math.round(g.lognormal(20, 0.8) * 1000);
          }
        }
        const image = s.index === 0 && turn === 1;
        this.userPrompt(s, g, { image: image || g.chance(0.01) });
        if (s.index === 0 && turn === 2) {
          // An interrupted turn answered by a synthetic non-error record.
          s.record(
            g.uuid(),
            `"type":"user","message":{"role":"user","content":[{"type":"text","text":"[Request interrupted by user]"}]}`,
            s.t + 800,
          );
          s.t += 800;
          s.ctx += Math.ceil("[Request interrupted by user]".length / 4);
          this.synthetic(s, g, "No response requested.", false);
          s.t += 5000;
          this.userPrompt(s, g);
        }
      }
      const turnLength = s.kind === "main"
        ? Math.max(1, Math.round(-Math.log(1 - g.next()) * p.turnRequestsMean))
        : budget;
      const turnStart = s.t;
      for (let j = 0; i < budget; j++, i++) {
        const spawnHere = spawns.get(i) ?? 0;
        const last = i === budget - 1 || (j >= turnLength - 1 && spawnHere === 0);
        this.beforeRequest(s, g);
        const blocks = this.responseBlocks(g, last);
        const calls: ToolCall[] = [];
        if (!last) {
          if (spawnHere > 0) {
            for (let k = 0; k < spawnHere; k++) {
              if (queue.length > 0) calls.push(this.taskCall(s, g, queue.shift()!));
              else if (extraLeft-- > 0) calls.push(this.taskCall(s, g, g.int(2, 5), "Explore"));
            }
          } else {
            const n = s.kind === "main" ? (g.chance(0.85) ? 1 : g.int(2, 3)) : Math.max(
              1,
              Math.round(1 + (p.subagentParallelCalls - 1) * -Math.log(1 - g.next())),
            );
            const tools = s.kind === "main" ? MAIN_TOOLS : SUB_TOOLS;
            for (let k = 0; k < Math.min(n, 5); k++) {
              calls.push(this.tool(s, g, tools[g.weighted(tools.map((t) => t[1]))][0]));
            }
          }
          for (const c of calls) blocks.push(c.block);
        }
        const uuids = this.request(s, g, blocks, last ? "end_turn" : "tool_use");
        if (last) {
          finalText = blocks.find((b) => b.text !== undefined)?.text ?? "Done.";
          if (s.index === 0 && s.kind === "main" && turn === 0) {
            // A request that failed for good: only the synthetic API-error record remains.
            this.synthetic(
              s,
              g,
              'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
              true,
            );
          }
          break;
        }
        const spawned = calls.filter((c) => c.spawn);
        if (spawned.length > 0) this.runSubagents(s, g, spawned, uuids, blocks);
        else this.results(s, g, calls, uuids, blocks);
      }
      i++;
      if (s.kind === "main" && s.era.name === "D" && s.t - turnStart > 30_000) {
        s.record(
          g.uuid(),
          `"type":"system","subtype":"turn_duration","durationMs":${
            s.t - turnStart
          },"isMeta":false`,
          s.t + 20,
        );
      }
      turn++;
    }
    return finalText;
  }

  runSubagents(
    parent: Session,
    g: Prng,
    calls: ToolCall[],
    uuids: string[],
    blocks: Block[],
  ): void {
    const start = parent.t + 250;
    const ends: number[] = [];
    for (const c of calls) {
      const spawn = c.spawn!;
      const included = spawn.agentType !== "Explore" && parent.model === TARGET_MODEL;
      const model = included ? TARGET_MODEL : OTHER_SUB_MODEL;
      const era = parent.era;
      const agentId = this.agentId(g, era);
      const root = this.roots[parent.project];
      const sinkPath = era.layout === "infile"
        ? parent.sink.path
        : era.layout === "flat"
        ? `projects/${slugOf(root)}/agent-${agentId}.jsonl`
        : `projects/${slugOf(root)}/${parent.sessionId}/subagents/agent-${agentId}.jsonl`;
      const sink = era.layout === "infile" ? parent.sink : new Sink(sinkPath);
      if (!included) this.acc.otherModel++;
      const sub = new Session(
        "subagent",
        era,
        model,
        parent.sessionId,
        agentId,
        parent.project,
        parent.cwd,
        sink,
        this.acc.session("subagent", included),
        this.profile.subagentPrefixTokens,
        false,
        -1,
      );
      const sg = this.nextPrng();
      sub.bedrock = parent.bedrock;
      sub.t = start;
      this.drawTrigger(sub, sg);
      if (start - parent.lastSubStart < 300_000) {
        sub.cachedUpTo = this.profile.subagentPrefixTokens;
        sub.lastUse = parent.lastSubStart;
      }
      parent.lastSubStart = start;
      sub.ctx = this.profile.subagentPrefixTokens;
      sub.last = null;
      sub.record(
        sg.uuid(),
        `"type":"user","message":{"role":"user","content":"${spawn.prompt}"}`,
        start,
        null,
      );
      sub.ctx += Math.ceil(spawn.prompt.length / 4);
      const text = this.run(sub, sg, spawn.budget, [], 0);
      const end = sub.t + 100;
      ends.push(end);
      if (era.layout !== "infile") {
        if (era.meta) {
          this.out.push({
            path: sinkPath.replace(/\.jsonl$/, ".meta.json"),
            text:
              `{"agentType":"${spawn.agentType}","description":"${spawn.description}","toolUseId":"${c.id}"}\n`,
          });
          this.acc.quirk("metaSidecars");
        }
        this.emit(sink);
      }
      this.acc.quirk(`layout_${era.layout}`);
      const tokens = Math.round(sub.ctx);
      const agentText = era.name === "D" || era.name === "C"
        ? `agentId: ${agentId} (use SendMessage with to: '${agentId}' to continue this agent)\\n<usage>total_tokens: ${tokens}\\ntool_uses: ${sub.requests}\\nduration_ms: ${
          end - start
        }</usage>`
        : "";
      c.content = `[{"type":"text","text":"${text}"}${
        agentText ? `,{"type":"text","text":"${agentText}"}` : ""
      }]`;
      c.tokens = Math.ceil(rawLength(text) / 4) +
        (agentText ? Math.ceil(rawLength(agentText) / 4) : 0);
      c.toolUseResult =
        `{"status":"completed","prompt":"${spawn.prompt}","agentId":"${agentId}","agentType":"${spawn.agentType}","content":[{"type":"text","text":"${text}"}],"totalDurationMs":${
          end - start
        },"totalTokens":${tokens},"totalToolUseCount":${sub.requests}}`;
      c.seconds = (end - parent.t) / 1000;
      if (parent.era.progress) {
        parent.record(
          g.uuid(),
          `"type":"progress","data":{"type":"agent_progress","message":{"type":"assistant","message":{"model":"${model}","id":"${
            this.msgId(g)
          }","usage":{"input_tokens":3,"cache_creation_input_tokens":500,"cache_read_input_tokens":9000,"output_tokens":40}}},"normalizedMessages":[]},"toolUseID":"${c.id}","parentToolUseID":"${c.id}"`,
          start + 1000,
          uuids[blocks.findIndex((b) => b.toolId === c.id)],
        );
        parent.last = uuids[uuids.length - 1];
        this.acc.quirk("progressWithNestedUsage");
      }
    }
    this.results(parent, g, calls, uuids, blocks);
  }

  /** Queues a finished file. */
  emit(
    sink: Sink,
    options: { bom?: boolean; truncateLast?: boolean; garble?: boolean } = {},
  ): void {
    const lines = sink.lines;
    if (options.garble && lines.length > 4) {
      const at = Math.floor(lines.length * 0.4);
      lines.splice(at, 0, lines[at].slice(0, Math.floor(lines[at].length / 3)), "[1,2,3]", "");
      lines[at + 3] = lines[at + 3] + "\r";
      this.acc.malformedLines += 2;
      this.acc.quirk("malformedLines", 2);
      this.acc.quirk("blankLines");
      this.acc.quirk("crlfLines");
    }
    let text = lines.join("\n") + "\n";
    if (options.truncateLast && lines.length > 0) {
      const lastLine = lines[lines.length - 1];
      text += lastLine.slice(0, Math.floor(lastLine.length / 2));
      this.acc.malformedLines++;
      this.acc.quirk("truncatedLastLine");
    }
    if (options.bom) {
      text = "\uFEFF" + text;
      this.acc.quirk("byteOrderMark");
    }
    this.acc.files++;
    this.acc.bytes += utf8Length(text);
    this.out.push({ path: sink.path, text });
    sink.lines = [];
  }

  newMain(plan: MainPlan, model: string, included: boolean, oneHour: boolean): Session {
    const root = this.roots[plan.project];
    const sink = new Sink(`projects/${slugOf(root)}/${plan.sessionId}.jsonl`);
    const s = new Session(
      "main",
      plan.era,
      model,
      plan.sessionId,
      null,
      plan.project,
      root,
      sink,
      this.acc.session("main", included),
      this.profile.mainPrefixTokens,
      oneHour,
      plan.index,
    );
    s.ctx = this.profile.mainPrefixTokens;
    s.t = plan.startMs;
    return s;
  }

  header(s: Session, g: Prng): void {
    if (s.era.name === "A" || s.era.name === "B" || s.era.name === "A0") {
      s.sink.lines.push(
        `{"type":"summary","summary":"${this.pool.proseOf(g, 40)}","leafUuid":"${g.uuid()}"}`,
      );
      this.acc.quirk("summaryTitleLines");
    }
  }

  trailer(s: Session, g: Prng): void {
    if (s.era.name === "D") {
      s.sink.lines.push(
        `{"type":"ai-title","aiTitle":"${this.pool.proseOf(g, 36)}","sessionId":"${s.sessionId}"}`,
      );
      s.sink.lines.push(
        `{"type":"last-prompt","lastPrompt":"${
          this.pool.proseOf(g, 30)
        }","sessionId":"${s.sessionId}"}`,
      );
    }
  }

  *runAll(plans: MainPlan[]): Generator<CorpusFile> {
    let original: Session | null = null;
    let newest = 0;
    for (const plan of plans) {
      const g = this.nextPrng();
      // The 1-hour TTL goes to a fixed share of the newest-era sessions (every k-th one, the
      // resumed pair always), not to a random draw: a few long sessions carry the whole 1 h
      // bucket, so a coin per session would swing the billing mix by tenths of a point.
      let oneHour = false;
      if (plan.era.name === "D") {
        const share = this.profile.oneHourCacheShare;
        oneHour = plan.index <= 1 ||
          Math.floor((newest + 1) * share) > Math.floor(newest * share);
        if (plan.index > 1) newest++;
      }
      const s = this.newMain(plan, TARGET_MODEL, true, oneHour);
      s.bedrock = plan.index === 3;
      this.drawTrigger(s, g);
      if (plan.continuationOf !== null && original !== null) {
        // A resumed session: a new file that starts with a copy of the original's history.
        const copied = original.sink.lines.slice(original.copyFrom)
          .map((l) => l.replaceAll(original!.sessionId, s.sessionId));
        s.sink.lines.push(...copied);
        this.acc.quirk("resumeCopiedLines", copied.length);
        s.ctx = original.ctx;
        s.last = original.last;
        s.lastTs = original.lastTs;
        s.t = original.t + Math.round((3 + g.next() * 17) * 3_600_000);
        s.trigger = original.trigger;
      } else this.header(s, g);
      const extra = plan.index === 0 ? 1 : 0;
      this.run(s, g, plan.budget, plan.subBudgets, extra);
      this.trailer(s, g);
      yield* this.drain();
      if (plan.index === 0) {
        original = s;
        continue; // written with its continuation, so that the copy comes from the full file
      }
      if (plan.continuationOf !== null && original !== null) {
        this.emit(original.sink, { garble: true });
        original = null;
      }
      this.emit(s.sink, { bom: plan.index === 2, truncateLast: plan.index === 3 });
      yield* this.drain();
    }
    if (original !== null) this.emit(original.sink, { garble: true });
    yield* this.drain();
    yield* this.extras(plans.length);
  }

  *extras(n: number): Generator<CorpusFile> {
    const p = this.profile;
    const g = this.nextPrng();
    const spanMs = p.spanDays * 86_400_000;
    // Other-model main sessions, each with two sub-agents of a third model.
    for (let k = 0; k < p.otherModelSessions; k++) {
      const plan: MainPlan = {
        index: n + k,
        era: ERAS.D,
        budget: p.otherModelRequests,
        subBudgets: [],
        project: k % this.roots.length,
        sessionId: g.uuid(),
        startMs: this.startMs + Math.floor(g.next() * spanMs),
        continuationOf: null,
      };
      const s = this.newMain(plan, OTHER_MAIN_MODEL, false, false);
      this.drawTrigger(s, g);
      this.acc.otherModel++;
      this.acc.quirk("otherModelSessions");
      this.run(s, g, plan.budget, [], 2);
      this.emit(s.sink);
      yield* this.drain();
    }
    // A session that switches model half-way (left out: it has requests of another model).
    {
      const plan: MainPlan = {
        index: n + p.otherModelSessions,
        era: ERAS.D,
        budget: 6,
        subBudgets: [],
        project: 0,
        sessionId: g.uuid(),
        startMs: this.startMs + Math.floor(g.next() * spanMs),
        continuationOf: null,
      };
      const s = this.newMain(plan, TARGET_MODEL, false, false);
      this.drawTrigger(s, g);
      this.run(s, g, 3, [], 0);
      s.model = OTHER_MAIN_MODEL;
      s.t += 60_000;
      this.userPrompt(s, g, { text: "/model sonnet" });
      this.run(s, g, 3, [], 0);
      this.acc.otherModel++;
      this.acc.quirk("mixedModelSessions");
      this.emit(s.sink);
    }
    // A session whose only request failed: no request of any model.
    {
      const plan: MainPlan = {
        index: n + p.otherModelSessions + 1,
        era: ERAS.D,
        budget: 0,
        subBudgets: [],
        project: 0,
        sessionId: g.uuid(),
        startMs: this.startMs + Math.floor(g.next() * spanMs),
        continuationOf: null,
      };
      const s = this.newMain(plan, TARGET_MODEL, false, false);
      this.userPrompt(s, g);
      for (let k = 1; k <= 3; k++) {
        s.record(
          g.uuid(),
          `"type":"system","subtype":"api_error","level":"error","error":{"status":529},"retryInMs":${
            1000 * k
          },"retryAttempt":${k},"maxRetries":3`,
          s.t + 1000 * k,
        );
      }
      s.t += 6000;
      this.synthetic(s, g, "API Error: Request was aborted.", true);
      this.acc.noTargetModel++;
      this.emit(s.sink);
    }
    yield* this.drain();
  }

  *drain(): Generator<CorpusFile> {
    while (this.out.length > 0) yield this.out.shift()!;
  }
}

/**
 * Checks a profile's parameters.
 *
 * @param profile The profile.
 * @throws {RangeError} naming the first parameter out of range.
 */
function checkProfile(profile: Profile): void {
  const positive = [
    "requests",
    "subagentSessions",
    "compactTriggerTokens",
    "summaryTokensMean",
    "fileLinesMedian",
    "outputTokensPerSecond",
    "summaryTokensPerSecond",
    "turnRequestsMean",
    "projects",
  ] as const;
  for (const key of positive) {
    if (!(profile[key] > 0)) {
      throw new RangeError(
        `Invalid profile ${profile.name}: ${key} is ${profile[key]}, must be > 0`,
      );
    }
  }
  if (profile.mainSessions < 6) {
    throw new RangeError(
      `Invalid profile ${profile.name}: mainSessions is ${profile.mainSessions}, must be >= 6 (one per era and quirk)`,
    );
  }
  if (profile.projects > PROJECT_ROOTS.length) {
    throw new RangeError(
      `Invalid profile ${profile.name}: projects is ${profile.projects}, at most ${PROJECT_ROOTS.length}`,
    );
  }
  const sub = profile.requests - Math.round(profile.requests * profile.mainRequestShare);
  if (sub < profile.subagentSessions) {
    throw new RangeError(
      `Invalid profile ${profile.name}: ${sub} sub-agent requests for ${profile.subagentSessions} sub-agent sessions`,
    );
  }
  if (profile.subagentSessions < profile.mainSessions) {
    throw new RangeError(
      `Invalid profile ${profile.name}: subagentSessions ${profile.subagentSessions} < mainSessions ${profile.mainSessions}`,
    );
  }
}

/**
 * Generates a corpus: yields its files (transcripts and `.meta.json` sidecars, paths relative to
 * the corpus folder, e.g. `projects/<slug>/<session>.jsonl`) one at a time, and returns the
 * aggregates a correct reader must report. Same profile and seed, same bytes.
 *
 * @param profile The parameters (see {@linkcode PROFILES}).
 * @param seed Seed of every random choice, an integer in [0, 2³²).
 * @returns A generator of files whose return value is the expected summary.
 * @throws {RangeError} when a profile parameter is out of range.
 *
 * @example Generate the small profile in memory
 * ```ts
 * import { generateCorpus } from "./generate_corpus.ts";
 * import { PROFILES } from "./profiles.ts";
 * import assert from "node:assert/strict";
 * const it = generateCorpus(PROFILES.small, 1);
 * const paths: string[] = [];
 * let step = it.next();
 * while (!step.done) {
 *   paths.push(step.value.path);
 *   step = it.next();
 * }
 * assert.ok(paths.some((p) => /\/subagents\/agent-a[0-9a-f]{16}\.jsonl$/.test(p)));
 * assert.equal(step.value.requests, PROFILES.small.requests);
 * ```
 */
export function* generateCorpus(
  profile: Profile,
  seed: number,
): Generator<CorpusFile, ExpectedAggregates> {
  checkProfile(profile);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) {
    throw new RangeError(`Invalid seed ${seed}: must be an integer in [0, 2^32)`);
  }
  const sim = new Simulator(profile, seed);
  const plans = sim.plan();
  yield* sim.runAll(plans);
  return sim.acc.finish(IDLE_LIMIT_SECONDS);
}
