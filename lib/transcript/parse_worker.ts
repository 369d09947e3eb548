/**
 * Worker entry: parses the transcript files it is sent and posts each {@linkcode FileParse} back.
 * Used by {@linkcode readCorpus} to spread files over the cores; the corpus is still assembled in
 * path order on the main thread, so the result does not depend on the number of workers.
 *
 * Messages in: `{ index: number, path: string }`. Messages out:
 * `{ index, parse, bytes }` or `{ index, error: { name, message } }`.
 *
 * @module
 */

import { blockBuffers } from "./parse_file.ts";
import { parseTranscriptFile } from "./parse_transcript_file.ts";
import { warmUpParser } from "./warm_up.ts";

// Before the first file: every branch of the parser seen once (see warm_up.ts).
warmUpParser();

interface WorkerScope {
  onmessage: ((event: MessageEvent<{ index: number; path: string }>) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
scope.onmessage = async (event) => {
  const { index, path } = event.data;
  try {
    const { parse, bytes } = await parseTranscriptFile(path);
    // The block columns move to the caller without a copy.
    scope.postMessage({ index, parse, bytes }, blockBuffers(parse.blocks));
  } catch (error) {
    const e = error as Error;
    scope.postMessage({ index, error: { name: e.name, message: e.message } });
  }
};
