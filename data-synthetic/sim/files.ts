/**
 * Finished files: the quirks written at file level (malformed, blank, CRLF and half-written
 * lines, byte-order mark), and the title lines before and after a session.
 *
 * @module
 */

import { isNewest } from "../eras.ts";
import { Prng } from "../prng.ts";
import { Session, Sink } from "./session.ts";
import { Simulator } from "./simulator.ts";
import { utf8Length } from "./text_format.ts";

/** Queues a finished file. */
export function emitFile(
  sim: Simulator,
  sink: Sink,
  options: { bom?: boolean; truncateLast?: boolean; garble?: boolean } = {},
): void {
  const lines = sink.lines;
  if (options.garble && lines.length > 4) {
    const at = Math.floor(lines.length * 0.4);
    lines.splice(at, 0, lines[at].slice(0, Math.floor(lines[at].length / 3)), "[1,2,3]", "");
    lines[at + 3] = lines[at + 3] + "\r";
    sim.acc.malformedLines += 2;
    sim.acc.quirk("malformedLines", 2);
    sim.acc.quirk("blankLines");
    sim.acc.quirk("crlfLines");
  }
  let text = lines.join("\n") + "\n";
  if (options.truncateLast && lines.length > 0) {
    const lastLine = lines[lines.length - 1];
    text += lastLine.slice(0, Math.floor(lastLine.length / 2));
    sim.acc.malformedLines++;
    sim.acc.quirk("truncatedLastLine");
  }
  if (options.bom) {
    text = "\uFEFF" + text;
    sim.acc.quirk("byteOrderMark");
  }
  sim.acc.files++;
  sim.acc.bytes += utf8Length(text);
  sim.out.push({ path: sink.path, text });
  sink.lines = [];
}

/** The `summary` title line older eras start a main file with. */
export function writeHeader(sim: Simulator, s: Session, g: Prng): void {
  if (s.era.name === "A" || s.era.name === "B" || s.era.name === "A0") {
    s.sink.lines.push(
      `{"type":"summary","summary":"${sim.pool.proseOf(g, 40)}","leafUuid":"${g.uuid()}"}`,
    );
    sim.acc.quirk("summaryTitleLines");
  }
}

/** The `ai-title` and `last-prompt` lines the newest era ends a main file with. */
export function writeTrailer(sim: Simulator, s: Session, g: Prng): void {
  if (isNewest(s.era)) {
    s.sink.lines.push(
      `{"type":"ai-title","aiTitle":"${sim.pool.proseOf(g, 36)}","sessionId":"${s.sessionId}"}`,
    );
    s.sink.lines.push(
      `{"type":"last-prompt","lastPrompt":"${
        sim.pool.proseOf(g, 30)
      }","sessionId":"${s.sessionId}"}`,
    );
  }
}
