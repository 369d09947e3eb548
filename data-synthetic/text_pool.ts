/**
 * Deterministic filler content: a virtual source tree per project (files whose Reads, `cat`s and
 * greps become tool results) and prose (prompts, replies, thinking, summaries).
 *
 * All text is plain ASCII plus the Read tool's `→` separator, and never contains `"` or `\`, so
 * the only JSON escape it needs is `\n`. Every piece is therefore kept twice over as a
 * JSON-escaped string (newlines written `\\n`) with line offsets, and a tool result is cut out of
 * it with one `slice`: no per-record `JSON.stringify` of large text. The character count that the
 * reader and the read-cost CLI see (JavaScript string length after parsing) is the escaped length
 * minus one per newline.
 *
 * @module
 */

import { Prng } from "./prng.ts";

const WORDS = (
  "the a to of and in for on with that this is it be as by from at or not are we can will " +
  "parser config session request cache token context summary compact trigger window budget " +
  "reader writer table column index value option default error range type shape record line " +
  "file path folder project module test check assert result output input stream buffer chunk " +
  "handle flag help usage model price cost time gap idle work agent tool call read write edit " +
  "grep glob bash task report chart plot figure mean median share rate count sum total list " +
  "update change fix add remove rename refactor split merge move keep drop skip return throw " +
  "first last next previous before after while until because since when where which each every"
).split(" ");

const IDENTS = (
  "alpha beta gamma delta epsilon zeta theta kappa lambda sigma omega parse read write scan " +
  "build load save render format merge split fold apply emit flush open close count total " +
  "index offset limit start end size length width height level depth node edge entry item " +
  "state store cache queue batch frame token session request result error option config"
).split(" ");

/** One file of a project's virtual source tree. */
export interface VirtualFile {
  /** Absolute path of the file. */
  readonly path: string;
  /** Number of lines. */
  readonly lines: number;
  /** `cat -n`-style numbered text (`     1→…`), JSON-escaped, every line ending in `\\n`. */
  readonly numbered: string;
  /** Start of line k (0-based) in {@linkcode numbered}; entry `lines` is the end. */
  readonly numberedOffsets: Uint32Array;
  /** The plain text, JSON-escaped, every line ending in `\\n`. */
  readonly plain: string;
  /** Start of line k (0-based) in {@linkcode plain}; entry `lines` is the end. */
  readonly plainOffsets: Uint32Array;
}

/** Options of {@linkcode TextPool}. */
export interface TextPoolOptions {
  /** Files per project tree. @default 160 */
  filesPerProject?: number;
  /** Median file length, lines. @default 180 */
  fileLinesMedian?: number;
  /** Spread of the log file length. @default 0.9 */
  fileLinesSigma?: number;
  /** Longest file, lines. @default 3000 */
  fileLinesMax?: number;
}

/** Defaults of {@linkcode TextPoolOptions}. */
export const DEFAULT_TEXT_POOL_OPTIONS: Required<TextPoolOptions> = {
  filesPerProject: 160,
  fileLinesMedian: 180,
  fileLinesSigma: 0.9,
  fileLinesMax: 3000,
};

const PROSE_CHARS = 1 << 20;

/**
 * Virtual source trees and prose, built once per corpus from a seed.
 *
 * @example Cut a ranged Read out of a file
 * ```ts
 * import { TextPool } from "./text_pool.ts";
 * import assert from "node:assert/strict";
 * const pool = new TextPool(1, ["/home/dev/app"], { filesPerProject: 3 });
 * const file = pool.files[0][0];
 * const { escaped, chars } = pool.numberedRange(file, 0, 2);
 * assert.match(escaped, /^     1→.*\\n     2→.*\\n$/);
 * assert.equal(chars, JSON.parse(`"${escaped}"`).length);
 * ```
 */
export class TextPool {
  /** Virtual files, one array per project (same order as the `roots` given). */
  readonly files: VirtualFile[][];
  /** A long run of prose without newlines, quotes or backslashes. */
  readonly prose: string;
  #prng: Prng;

  /**
   * Builds the trees and the prose.
   *
   * @param seed Seed of the content.
   * @param roots Project root folders (absolute paths).
   * @param options Sizes of the trees.
   */
  constructor(seed: number, roots: readonly string[], options: TextPoolOptions = {}) {
    const o = { ...DEFAULT_TEXT_POOL_OPTIONS, ...options };
    this.#prng = new Prng(seed, 0x7e47);
    const p = this.#prng;
    const words: string[] = [];
    let length = 0;
    while (length < PROSE_CHARS) {
      const sentence = this.#sentence();
      words.push(sentence);
      length += sentence.length + 1;
    }
    this.prose = words.join(" ");
    this.files = roots.map((root) => {
      const out: VirtualFile[] = [];
      const dirs = ["src", "src/lib", "src/cli", "tests", "src/core", "docs", "scripts"];
      const exts = [".ts", ".ts", ".ts", ".py", ".md", ".json", ".go"];
      for (let i = 0; i < o.filesPerProject; i++) {
        const dir = dirs[p.int(0, dirs.length - 1)];
        const name = `${IDENTS[p.int(0, IDENTS.length - 1)]}_${
          IDENTS[p.int(0, IDENTS.length - 1)]
        }${i % 7}`;
        const ext = exts[p.int(0, exts.length - 1)];
        const lines = Math.max(
          5,
          Math.min(o.fileLinesMax, Math.round(p.lognormal(o.fileLinesMedian, o.fileLinesSigma))),
        );
        out.push(this.#file(`${root}/${dir}/${name}${ext}`, lines));
      }
      return out;
    });
  }

  #sentence(): string {
    const p = this.#prng;
    const n = p.int(6, 18);
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(WORDS[p.int(0, WORDS.length - 1)]);
    const s = parts.join(" ");
    return s[0].toUpperCase() + s.slice(1) + ".";
  }

  #codeLine(depth: number): string {
    const p = this.#prng;
    const id = () => IDENTS[p.int(0, IDENTS.length - 1)];
    const pad = "  ".repeat(depth);
    switch (p.int(0, 9)) {
      case 0:
        return `${pad}// ${WORDS[p.int(0, WORDS.length - 1)]} the ${id()} ${id()} before ${id()}`;
      case 1:
        return `${pad}if (${id()}.${id()} > ${p.int(0, 999)}) return ${id()};`;
      case 2:
        return `${pad}for (const ${id()} of ${id()}.${id()}s) ${id()}(${id()}, ${p.int(1, 64)});`;
      case 3:
        return "";
      case 4:
        return `${pad}${id()}.${id()}(${id()}, '${id()}_${id()}');`;
      default:
        return `${pad}const ${id()}${p.int(0, 9)} = ${id()}(${id()}.${id()}, ${p.int(0, 4096)});`;
    }
  }

  #file(path: string, lines: number): VirtualFile {
    const p = this.#prng;
    const numbered: string[] = [];
    const plain: string[] = [];
    const numberedOffsets = new Uint32Array(lines + 1);
    const plainOffsets = new Uint32Array(lines + 1);
    let nOff = 0, pOff = 0, depth = 0;
    for (let i = 0; i < lines; i++) {
      let text: string;
      const roll = p.next();
      if (roll < 0.08) {
        text = `${"  ".repeat(depth)}export function ${IDENTS[p.int(0, IDENTS.length - 1)]}() {`;
        depth = Math.min(depth + 1, 4);
      } else if (depth > 0 && roll < 0.16) {
        depth--;
        text = `${"  ".repeat(depth)}}`;
      } else text = this.#codeLine(depth);
      const num = `${String(i + 1).padStart(6, " ")}→${text}\\n`;
      const pl = `${text}\\n`;
      numberedOffsets[i] = nOff;
      plainOffsets[i] = pOff;
      numbered.push(num);
      plain.push(pl);
      nOff += num.length;
      pOff += pl.length;
    }
    numberedOffsets[lines] = nOff;
    plainOffsets[lines] = pOff;
    return {
      path,
      lines,
      numbered: numbered.join(""),
      numberedOffsets,
      plain: plain.join(""),
      plainOffsets,
    };
  }

  /**
   * Lines `[from, to)` of a file, numbered like the Read tool.
   *
   * @param file The file.
   * @param from First line, 0-based.
   * @param to Line after the last.
   * @returns The JSON-escaped text and its length in characters once parsed.
   */
  numberedRange(file: VirtualFile, from: number, to: number): { escaped: string; chars: number } {
    const a = file.numberedOffsets[from], b = file.numberedOffsets[to];
    return { escaped: file.numbered.slice(a, b), chars: b - a - (to - from) };
  }

  /**
   * Lines `[from, to)` of a file, plain (as `cat` prints them).
   *
   * @param file The file.
   * @param from First line, 0-based.
   * @param to Line after the last.
   * @returns The JSON-escaped text and its length in characters once parsed.
   */
  plainRange(file: VirtualFile, from: number, to: number): { escaped: string; chars: number } {
    const a = file.plainOffsets[from], b = file.plainOffsets[to];
    return { escaped: file.plain.slice(a, b), chars: b - a - (to - from) };
  }

  /**
   * A run of prose of exactly `chars` characters (no escapes needed).
   *
   * @param prng Source of the start position.
   * @param chars Length, characters.
   * @returns The text.
   */
  proseOf(prng: Prng, chars: number): string {
    if (chars <= 0) return "";
    let out = "";
    while (out.length < chars) {
      const take = Math.min(chars - out.length, this.prose.length - 1);
      let start = Math.floor(prng.next() * (this.prose.length - take));
      // Start on a word: the next space is at most one word away.
      const space = this.prose.indexOf(" ", start);
      if (space !== -1 && space + 1 <= this.prose.length - take) start = space + 1;
      out += this.prose.slice(start, start + take);
    }
    return out;
  }
}
