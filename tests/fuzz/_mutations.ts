/**
 * The fuzz suite's mutation categories. Each turns a valid corpus slice (./_base.ts) into the
 * files of one case, plus what the case expects of the commands where that differs from the
 * default (exit 0 or 1: a usable sample or an empty one, never another code on inputs that
 * exist). Every case also carries planted private markers (`QZXMARK<n> §`, with a space and a
 * non-ASCII sign so that no name rule could echo it) in texts, ids, paths and names: they must
 * never reach an output.
 *
 * @module
 */

import type { Prng } from "../../lib/stats/pcg32.ts";
import { type CaseFile, intIn, pick } from "./_base.ts";

/** The categories, in the order cases cycle through them. */
export const CATEGORIES = [
  "byte-flips",
  "truncations",
  "invalid-utf8",
  "nul-bytes",
  "long-lines",
  "deep-nesting",
  "wrong-types",
  "escaped-keys",
  "permissions",
  "odd-files",
  "markers",
] as const;

/** One fuzz category. */
export type Category = (typeof CATEGORIES)[number];

/**
 * Whether a file of mode 000 stops this process's reads: not for root, unless it was started
 * without the capabilities that bypass permission bits (a probe file, made and removed here).
 */
const PERMISSION_BITS_STOP_READS = Deno.uid() !== 0 || (() => {
  const probe = Deno.makeTempFileSync({ prefix: "fuzz-probe-" });
  try {
    Deno.chmodSync(probe, 0o000);
    Deno.readFileSync(probe);
    return false;
  } catch {
    return true;
  } finally {
    Deno.removeSync(probe);
  }
})();

/** The marker text planted in values (a space and `§`: no identifier rule lets it through). */
export const MARKER = "QZXMARK";
const markerText = (n: number) => `${MARKER}${n} §`;
/** The marker as planted in file and folder names. */
const markerName = (n: number) => `${MARKER}${n}§`;

/** Exit codes a command may end with in a case. */
export interface ExpectedExits {
  corpus: readonly number[];
  analyze: readonly number[];
  measure: readonly number[];
}

/** The usual expectation: a result (0) or an empty usable sample (1). */
export const USUAL_EXITS: ExpectedExits = { corpus: [0, 1], analyze: [0, 1], measure: [0, 1] };

/** What a category makes of a slice. */
export interface CaseSetup {
  /** Regular transcript files the reader reads (walked and counted), relative paths. */
  files: CaseFile[];
  /** Extra entries made on disk after the files (FIFOs, links, odd names). */
  extras?: (dir: string) => Promise<void>;
  /** Paths (relative) named on the command line besides the case's `projects` folder. */
  named?: string[];
  /** Exit codes allowed; {@linkcode USUAL_EXITS} by default. */
  exits?: ExpectedExits;
  /**
   * Counts the reader must report for files whose lines cannot be counted by reading them back
   * (a sparse file of 130 MiB): path → [records, malformed, blank, oversized].
   */
  knownCounts?: Map<string, [number, number, number, number]>;
  /** Why the case could not run here (shown in the summary). */
  skipped?: string;
}

const encoder = new TextEncoder();

/** Walks every value of a parsed record, calling `visit(holder, key)` for each member/element. */
function walk(
  value: unknown,
  visit: (holder: Record<string, unknown> | unknown[], key: string | number) => void,
): void {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      visit(value, i);
      walk(value[i], visit);
    }
  } else if (value !== null && typeof value === "object") {
    for (const key of Object.keys(value)) {
      visit(value as Record<string, unknown>, key);
      walk((value as Record<string, unknown>)[key], visit);
    }
  }
}

/** Every (holder, key) of a record, in walk order. */
function slots(record: unknown): [Record<string, unknown> | unknown[], string | number][] {
  const out: [Record<string, unknown> | unknown[], string | number][] = [];
  walk(record, (holder, key) => out.push([holder, key]));
  return out;
}

const get = (holder: Record<string, unknown> | unknown[], key: string | number) =>
  (holder as Record<string | number, unknown>)[key];
const set = (holder: Record<string, unknown> | unknown[], key: string | number, v: unknown) => {
  (holder as Record<string | number, unknown>)[key] = v;
};

/**
 * Plants `count` markers in string values of the records (texts, ids, uuids, cwd, model, type,
 * tool inputs: any string leaf), replacing the value or appending to it.
 */
function plantInValues(prng: Prng, records: unknown[], count: number, next: () => number): void {
  for (let k = 0; k < count; k++) {
    const record = pick(prng, records);
    const strings = slots(record).filter(([h, key]) => typeof get(h, key) === "string");
    if (strings.length === 0) continue;
    const [holder, key] = pick(prng, strings);
    const marker = markerText(next());
    set(holder, key, prng.nextBelow(2) === 0 ? marker : `${get(holder, key)}${marker}`);
  }
}

/**
 * Plants markers where fetch targets come from (docs/method.md, Cost of forgetting): in the
 * paths, commands, patterns and URLs of tool inputs (a Bash command kept read-like, so it is
 * resolved against the cwd), some tool uses turned into WebFetch calls, and in records' `cwd`.
 * Returns how many tool uses it changed.
 */
function plantInToolInputs(prng: Prng, records: unknown[], next: () => number): number {
  let changed = 0;
  for (const record of records) {
    const r = record as Record<string, unknown>;
    if (prng.nextBelow(4) === 0) r.cwd = `/home/${markerText(next())}/p`;
    const message = r.message as Record<string, unknown> | null | undefined;
    if (message === null || typeof message !== "object" || !Array.isArray(message.content)) {
      continue;
    }
    for (const block of message.content as Record<string, unknown>[]) {
      if (block === null || typeof block !== "object" || block.type !== "tool_use") continue;
      if (prng.nextBelow(2) === 0) continue;
      const input = (block.input ?? {}) as Record<string, unknown>;
      const marker = markerText(next());
      switch (prng.nextBelow(6)) {
        case 0:
          block.name = "Read";
          block.input = { ...input, file_path: `/src/${marker}/a.ts` };
          break;
        case 1:
          block.name = "Bash";
          block.input = { ...input, command: `cd ${marker} &&  cat ./${marker}.ts | head -5` };
          break;
        case 2:
          block.name = "Grep";
          block.input = { ...input, pattern: marker, path: `src/${marker}`, glob: marker };
          break;
        case 3:
          block.name = "Glob";
          block.input = { ...input, pattern: `**/${marker}`, path: marker };
          break;
        case 4:
          block.name = "WebFetch";
          block.input = { url: `https://${marker}.test/?q=${marker}`, prompt: marker };
          break;
        default:
          block.name = "NotebookRead";
          block.input = { notebook_path: `/nb/${marker}.ipynb` };
      }
      changed++;
    }
  }
  return changed;
}

/** The same for the fields the output names come from: type, subtype, model. */
function plantInNames(prng: Prng, records: unknown[], next: () => number): void {
  const record = pick(prng, records) as Record<string, unknown>;
  const which = prng.nextBelow(3);
  if (which === 0) record.type = markerText(next());
  else if (which === 1) {
    record.type = "system";
    record.subtype = markerText(next());
  } else if (record.message !== null && typeof record.message === "object") {
    (record.message as Record<string, unknown>).model = markerText(next());
  }
}

/** A path with a marker in one of its folder or file names (sub-agent names stay `agent-…`). */
function plantInPath(prng: Prng, path: string, next: () => number): string {
  const parts = path.split("/");
  const at = intIn(prng, 1, parts.length - 1); // never "projects" itself
  const name = parts[at];
  const marker = markerName(next());
  if (at === parts.length - 1) {
    parts[at] = name.startsWith("agent-") ? `agent-${marker}${name.slice(6)}` : `${marker}${name}`;
  } else parts[at] = `${name}${marker}`;
  return parts.join("/");
}

function inserted(bytes: Uint8Array, at: number, add: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length + add.length);
  out.set(bytes.subarray(0, at));
  out.set(add, at);
  out.set(bytes.subarray(at), at + add.length);
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A deeply nested JSON value: arrays or objects, balanced or not. */
function nested(depth: number, objects: boolean, balanced: boolean): string {
  const open = objects ? '{"a":'.repeat(depth) : "[".repeat(depth);
  const close = (objects ? "}" : "]").repeat(balanced ? depth : depth - 1);
  return `${open}1${close}`;
}

const WRONG_VALUES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  "",
  "x",
  "2026-13-45T99:99:99",
  [],
  {},
  [1, "a"],
  { a: 1 },
];

/** `"key":` with one of its characters written as a `\u` escape. */
function escapeKey(key: string, prng: Prng): string {
  const at = prng.nextBelow(key.length);
  const hex = key.charCodeAt(at).toString(16).padStart(4, "0");
  return `${key.slice(0, at)}\\u${hex}${key.slice(at + 1)}`;
}

/** Builds a case of `category` from a valid slice. */
export function buildCase(
  category: Category,
  prng: Prng,
  slice: { path: string; lines: string[] }[],
): CaseSetup {
  let n = 0;
  const next = () => n++;
  const records = slice.map((f) => f.lines.map((l) => JSON.parse(l) as unknown));
  // Markers everywhere, a few in every case, many in the markers category.
  const heavy = category === "markers";
  for (const file of records) plantInValues(prng, file, heavy ? 12 : 2, next);
  if (heavy) { for (const file of records) plantInToolInputs(prng, file, next); }
  if (heavy || prng.nextBelow(3) === 0) plantInNames(prng, pick(prng, records), next);
  if (category === "wrong-types") {
    for (const file of records) {
      for (let k = intIn(prng, 1, 6); k > 0; k--) {
        const all = slots(pick(prng, file));
        if (all.length === 0) continue;
        const [holder, key] = pick(prng, all);
        set(holder, key, structuredClone(pick(prng, WRONG_VALUES)));
      }
    }
  }
  let texts = records.map((file) => file.map((r) => JSON.stringify(r)));
  if (category === "escaped-keys") {
    const keys = ["type", "message", "usage", "id", "model", "input_tokens", "timestamp", "uuid"];
    texts = texts.map((lines) =>
      lines.map((line) => {
        if (prng.nextBelow(3) !== 0) return line;
        const key = pick(prng, keys);
        const escaped = escapeKey(key, prng);
        // Either every occurrence, or a duplicate member spelled with the escape.
        return prng.nextBelow(2) === 0
          ? line.replaceAll(`"${key}":`, `"${escaped}":`)
          : line.replace(/^\{/, `{"${escaped}":${JSON.stringify(markerText(next()))},`);
      })
    );
  }
  const paths = slice.map((
    f,
  ) => (heavy || prng.nextBelow(4) === 0 ? plantInPath(prng, f.path, next) : f.path));
  let files: CaseFile[] = texts.map((lines, i) => ({
    path: paths[i],
    bytes: encoder.encode(lines.join("\n") + "\n"),
  }));
  const setup: CaseSetup = { files };
  const target = () => prng.nextBelow(files.length);
  switch (category) {
    case "byte-flips":
      for (let k = intIn(prng, 1, 8); k > 0; k--) {
        const f = files[target()];
        const at = prng.nextBelow(f.bytes.length);
        f.bytes[at] ^= 1 + prng.nextBelow(255);
      }
      break;
    case "truncations":
      for (let k = intIn(prng, 1, files.length); k > 0; k--) {
        const f = files[target()];
        f.bytes = f.bytes.slice(0, prng.nextBelow(f.bytes.length + 1));
      }
      break;
    case "invalid-utf8": {
      const sequences = [[0xff], [0xc3], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [
        0xf8,
        0x88,
        0x80,
        0x80,
        0x80,
      ], [0xef, 0xbb, 0xbf]];
      for (let k = intIn(prng, 1, 6); k > 0; k--) {
        const f = files[target()];
        f.bytes = inserted(
          f.bytes,
          prng.nextBelow(f.bytes.length + 1),
          Uint8Array.from(pick(prng, sequences)),
        );
      }
      break;
    }
    case "nul-bytes":
      for (let k = intIn(prng, 1, 4); k > 0; k--) {
        const f = files[target()];
        const nul = new Uint8Array(intIn(prng, 1, 64));
        if (prng.nextBelow(3) === 0) {
          // A whole line of NUL bytes, or a NUL tail without a newline.
          f.bytes = concat([f.bytes, nul, prng.nextBelow(2) === 0 ? encoder.encode("\n") : nul]);
        } else f.bytes = inserted(f.bytes, prng.nextBelow(f.bytes.length + 1), nul);
      }
      break;
    case "long-lines": {
      const f = files[target()];
      const variant = prng.nextBelow(6);
      if (variant === 0) {
        // Past the reader's 128 MiB line limit: a sparse file (the zeros cost no disk).
        const path = f.path.replace(/\.jsonl$/, "-sparse.jsonl");
        setup.knownCounts = new Map([[path, [2, 0, 0, 1]]]);
        const first = texts[0][0];
        const last = texts[0][texts[0].length - 1];
        setup.extras = async (dir) => {
          const full = `${dir}/${path}`;
          await Deno.writeTextFile(full, first + "\n");
          await Deno.truncate(full, 130 * 1024 * 1024);
          await Deno.writeTextFile(full, `\n${last}\n`, { append: true });
        };
      } else {
        // A long valid record (a big tool result), or a long line of junk.
        const size = intIn(prng, 1, 6) << 20;
        const line = variant % 2 === 0
          ? JSON.stringify({
            type: "user",
            uuid: markerText(next()),
            message: {
              role: "user",
              content: [{ type: "tool_result", content: "y".repeat(size) }],
            },
          })
          : "#".repeat(size);
        const lines = texts[files.indexOf(f)];
        const at = prng.nextBelow(lines.length + 1);
        f.bytes = encoder.encode(
          [...lines.slice(0, at), line, ...lines.slice(at)].join("\n") + "\n",
        );
      }
      break;
    }
    case "deep-nesting": {
      const f = files[target()];
      const depth = pick(prng, [100, 5000, 40000, 100000]);
      const value = nested(depth, prng.nextBelow(2) === 0, prng.nextBelow(4) !== 0);
      const where = prng.nextBelow(3);
      const line = where === 0
        ? `{"type":"user","message":{"role":"user","content":${value}}}`
        : where === 1
        ? `{"type":"assistant","message":{"id":"m","model":"opus","usage":${value}}}`
        : value;
      f.bytes = concat([f.bytes, encoder.encode(line + "\n")]);
      break;
    }
    case "permissions": {
      if (!PERMISSION_BITS_STOP_READS) {
        setup.skipped = "running as root: file permissions do not stop reads in this process; " +
          "run under `setpriv --bounding-set -dac_override,-dac_read_search` to include them " +
          "(tests/cli/unreadable_input_test.ts does so for every command)";
        break;
      }
      const f = files[target()];
      setup.exits = { corpus: [4], analyze: [4], measure: [4] };
      const path = f.path;
      setup.extras = async (dir) => await Deno.chmod(`${dir}/${path}`, 0o000);
      break;
    }
    case "odd-files": {
      const variant = prng.nextBelow(10);
      const dirOf = (p: string) => p.slice(0, p.lastIndexOf("/"));
      const folder = dirOf(files[0].path);
      const name = `odd-${markerName(next())}`;
      const named = (p: string) => {
        setup.named = [p];
        return p;
      };
      const run = async (cmd: string, args: string[]) => {
        const { code } = await new Deno.Command(cmd, { args }).output();
        if (code !== 0) throw new Error(`${cmd} failed`);
      };
      switch (variant) {
        case 0: // a FIFO inside a folder: never opened
          setup.extras = (dir) => run("mkfifo", [`${dir}/${folder}/${name}.jsonl`]);
          break;
        case 1: // a FIFO named directly: not a regular file, exit 4
          setup.extras = (dir) => run("mkfifo", [`${dir}/${named(`${folder}/${name}.jsonl`)}`]);
          setup.exits = { corpus: [4], analyze: [4], measure: [4] };
          break;
        case 2: // a symbolic-link loop inside a folder: skipped by the walk; measure stats it
          setup.extras = (dir) =>
            Deno.symlink(`${dir}/${folder}/${name}.jsonl`, `${dir}/${folder}/${name}.jsonl`);
          setup.exits = { ...USUAL_EXITS, measure: [4] };
          break;
        case 3: // a link to /dev/zero inside a folder: not followed, or not a regular file
          setup.extras = (dir) => Deno.symlink("/dev/zero", `${dir}/${folder}/${name}.jsonl`);
          break;
        case 4: // a link to /dev/zero named directly: exit 4
          setup.extras = (dir) =>
            Deno.symlink("/dev/zero", `${dir}/${named(`${folder}/${name}.jsonl`)}`);
          setup.exits = { corpus: [4], analyze: [4], measure: [4] };
          break;
        case 5: // names that are not UTF-8 (an empty file and one with content): skipped
          setup.extras = (dir) =>
            run("sh", [
              "-c",
              `: > "$1/notes-$(printf '\\377').jsonl"; cp "$2" "$1/s-$(printf '\\376\\377').jsonl"`,
              "sh",
              `${dir}/${folder}`,
              `${dir}/${files[0].path}`,
            ]);
          break;
        case 6: // a folder named like a transcript, an empty and a blank file
          files = [
            ...files,
            { path: `${folder}/${name}-empty.jsonl`, bytes: new Uint8Array(0) },
            { path: `${folder}/${name}-blank.jsonl`, bytes: encoder.encode(" \n\r\n\t\n") },
          ];
          setup.extras = (dir) => Deno.mkdir(`${dir}/${folder}/${name}-dir.jsonl`);
          break;
        case 7: // names with a newline, a quote, a leading dash and right-to-left marks
          files = files.map((f, i) => ({
            ...f,
            path: `${dirOf(f.path)}/${["-x\n", "q\"'", "\u202eab", " sp "][i % 4]}${i}.jsonl`,
          }));
          break;
        case 8: // a broken link named directly: the path does not exist, exit 3
          setup.extras = (dir) =>
            Deno.symlink(`${dir}/nowhere`, `${dir}/${named(`${folder}/${name}.jsonl`)}`);
          // measure stops at the folder first: a broken link in a folder it lists is unreadable.
          setup.exits = { corpus: [3], analyze: [3], measure: [3, 4] };
          break;
        default: // a symbolic-link loop named directly: exit 4
          setup.extras = (dir) => {
            const path = `${dir}/${named(`${folder}/${name}.jsonl`)}`;
            return Deno.symlink(path, path);
          };
          setup.exits = { corpus: [4], analyze: [4], measure: [4] };
      }
      break;
    }
    default:
      break;
  }
  setup.files = files;
  return setup;
}
