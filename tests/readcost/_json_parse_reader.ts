/**
 * The read-cost reader's contract (lib/transcript/read_cost_sink.ts) written again on
 * `JSON.parse` of each decoded line, naively: the independent reference the corpus's reader
 * (`FileParser` with a sink, both of its paths) is checked against. It shares nothing with that
 * reader but the sink's types: strings are numbered with a `Map`, tool calls read by
 * ../transcript/_tool_calls_reference.ts.
 *
 * @module
 */

import type { ReadCostSink, UsageSnapshot } from "../../lib/transcript/read_cost_sink.ts";
import { toolResultsOf, toolUsesOf } from "../transcript/_tool_calls_reference.ts";

/** Keeps a byte-order mark: a later line that starts with one is not JSON, so it is malformed. */
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const FIELDS = [
  "input_tokens",
  "cache_creation_input_tokens",
  "cache_read_input_tokens",
  "output_tokens",
];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Numbers for strings in order of first appearance. */
function numberer(): (text: string) => number {
  const numbers = new Map<string, number>();
  return (text) => {
    let n = numbers.get(text);
    if (n === undefined) numbers.set(text, n = numbers.size);
    return n;
  };
}

/** Reads lines by `JSON.parse` and hands their records to a sink. */
export class JsonParseReader {
  /** Non-blank lines read. */
  lines = 0;
  /** Lines that are not a JSON object. */
  malformedLines = 0;
  #sink: ReadCostSink;
  #uuid = numberer();
  #messageId = numberer();

  constructor(sink: ReadCostSink) {
    this.#sink = sink;
  }

  /** One trimmed, non-blank line `bytes[start, end)` (a `LineHandler`). */
  addLine = (bytes: Uint8Array, start: number, end: number, lineNumber: number): void => {
    this.lines++;
    let record: unknown;
    try {
      record = JSON.parse(decoder.decode(bytes.subarray(start, end)));
    } catch {
      record = undefined;
    }
    if (!isObject(record)) {
      this.malformedLines++;
      return;
    }
    const sink = this.#sink;
    const uuid = typeof record.uuid === "string" && record.uuid !== ""
      ? this.#uuid(record.uuid)
      : -1;
    if (!sink.record(uuid)) return;
    if (record.type === "system") {
      if (record.subtype === "compact_boundary") sink.boundary();
      return;
    }
    const message = record.message;
    if (record.type === "assistant" && isObject(message) && isObject(message.usage)) {
      const id = typeof message.id === "string" && message.id !== ""
        ? this.#messageId(message.id)
        : -1;
      const usage = message.usage;
      const passes = executorPasses(usage.iterations);
      if (id >= 0 && passes.length > 0) {
        // One message per executor pass (usage.iterations): the first keyed by message.id, the
        // k-th by `<id>#k`, each with its own counts; advisor passes are no message.
        passes.forEach((pass, k) => {
          const key = k === 0 ? id : this.#messageId(`${message.id}#${k + 1}`);
          sink.usage(key, uuid, passSnapshot(pass), lineNumber);
        });
      } else {
        sink.usage(id, uuid, topLevelSnapshot(usage), lineNumber);
      }
    }
    const uses = toolUsesOf(record);
    if (uses.length > 0) sink.toolUses(uses);
    const results = toolResultsOf(record);
    if (results.length > 0) sink.toolResults(results);
  };
}

/** The top-level usage's four counts: -1 for an absent one, NaN for an invalid one. */
function topLevelSnapshot(usage: Record<string, unknown>): UsageSnapshot {
  return FIELDS.map((field) => {
    const value = usage[field];
    if (value === undefined) return -1;
    return typeof value === "number" && value >= 0 && value <= Number.MAX_SAFE_INTEGER
      ? value
      : NaN;
  }) as UsageSnapshot;
}

/** The `type: "message"` entries of a non-empty `iterations` array, in order. */
function executorPasses(iterations: unknown): Record<string, unknown>[] {
  if (!Array.isArray(iterations)) return [];
  return iterations.filter((entry): entry is Record<string, unknown> =>
    isObject(entry) && entry.type === "message"
  );
}

/**
 * A pass's counts as the corpus reads them: absent or invalid counts are 0; the cache write is
 * the `cache_creation` tiers' sum when that is an object, else `cache_creation_input_tokens`.
 */
function passSnapshot(pass: Record<string, unknown>): UsageSnapshot {
  const count = (value: unknown) =>
    typeof value === "number" && value >= 0 && value <= Number.MAX_SAFE_INTEGER ? value : 0;
  const tiers = pass.cache_creation;
  const written = isObject(tiers)
    ? count(tiers.ephemeral_5m_input_tokens) + count(tiers.ephemeral_1h_input_tokens)
    : Array.isArray(tiers)
    ? 0
    : count(pass.cache_creation_input_tokens);
  return [
    count(pass.input_tokens),
    written,
    count(pass.cache_read_input_tokens),
    count(pass.output_tokens),
  ];
}
