/**
 * Worker entry: parses the transcript files it is sent and posts each one's `FileParse` (and its
 * read-cost measurement, when asked for) back,
 * by the protocol of ./file_pool.ts. Used by {@linkcode readCorpus} to spread files over the
 * cores; the corpus is still assembled in path order on the main thread, so the result does not
 * depend on the number of workers.
 *
 * @module
 */

import { serveFilePool } from "./file_pool.ts";
import { blockBuffers } from "./parse_file.ts";
import {
  type ParsedTranscriptFile,
  parseTranscriptFile,
  type ParseTranscriptOptions,
} from "./parse_transcript_file.ts";
import { warmUpParser } from "./warm_up.ts";

// Before the first file: every branch of the parser seen once (see warm_up.ts).
warmUpParser();

serveFilePool<Omit<ParsedTranscriptFile, "bytes">>(
  async (path, init) => {
    // init: the caller's options (the run's fetch key, when fetch targets are wanted, and where;
    // the read-cost threshold, when the read-cost measurement is wanted too).
    const { parse, bytes, readCost } = await parseTranscriptFile(
      path,
      init as ParseTranscriptOptions,
    );
    return { value: readCost === undefined ? { parse } : { parse, readCost }, bytes };
  },
  // The block columns move to the caller without a copy.
  (value) => blockBuffers(value.parse.blocks),
);
