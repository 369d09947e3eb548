/**
 * Test helper: writes small synthetic Claude Code transcripts (JSONL text) with growing
 * contexts and automatic compactions, for end-to-end tests of the analysis and its CLI.
 *
 * @module
 */
import { Pcg32 } from "../../lib/stats/pcg32.ts";

/** Options of {@linkcode syntheticTranscripts}. */
export interface SyntheticOptions {
  sessions?: number;
  requestsPerSession?: number;
  trigger?: number;
  seed?: number;
  model?: string;
}

/** Returns `{path, text}` files: one main session per file, compactions near `trigger`. */
export function syntheticTranscripts(options: SyntheticOptions = {}): {
  path: string;
  text: string;
}[] {
  const {
    sessions = 3,
    requestsPerSession = 120,
    trigger = 150000,
    seed = 1,
    model = "claude-test",
  } = options;
  const prng = new Pcg32(seed, 1234);
  const files = [];
  let clock = Date.UTC(2026, 0, 5, 9, 0, 0);
  for (let s = 0; s < sessions; s++) {
    const sid = `00000000-0000-4000-8000-${String(s).padStart(12, "0")}`;
    const lines: string[] = [];
    let x = 20000;
    let uuid = 0;
    let parent: string | null = null;
    const rec = (o: Record<string, unknown>) => {
      const id = `${sid}-${uuid++}`;
      lines.push(JSON.stringify({ ...o, uuid: id, parentUuid: parent, sessionId: sid }));
      parent = id;
    };
    for (let i = 0; i < requestsPerSession; i++) {
      clock += 1000 * (5 + prng.nextBelow(40));
      let cached = x;
      if (i > 0) {
        const grow = 1000 + prng.nextBelow(6000);
        if (x + grow >= trigger * (0.97 + 0.06 * prng.nextFloat())) {
          const c = x + grow;
          const g = 3000 + prng.nextBelow(6000);
          const seconds = 0.0001 * c + g / 70 + 4 * (prng.nextFloat() - 0.5);
          clock += Math.round(seconds * 1000);
          rec({
            type: "system",
            subtype: "compact_boundary",
            timestamp: new Date(clock).toISOString(),
            compactMetadata: {
              trigger: "auto",
              preTokens: c,
              durationMs: Math.round(seconds * 1000),
            },
          });
          rec({
            type: "user",
            isCompactSummary: true,
            timestamp: new Date(clock + 10).toISOString(),
            message: { role: "user", content: "s".repeat(4 * g) },
          });
          clock += 1000;
          x = 12000 + g;
          cached = 12000;
        } else {
          x += grow;
        }
      }
      const read = Math.min(cached, x);
      rec({
        type: "assistant",
        requestId: `req_${s}_${i}`,
        timestamp: new Date(clock).toISOString(),
        message: {
          id: `msg_${s}_${i}`,
          model,
          role: "assistant",
          usage: {
            input_tokens: 3,
            cache_creation_input_tokens: x - read - 3,
            cache_read_input_tokens: read,
            output_tokens: 100 + prng.nextBelow(900),
            cache_creation: {
              ephemeral_5m_input_tokens: x - read - 3,
              ephemeral_1h_input_tokens: 0,
            },
          },
        },
      });
    }
    files.push({ path: `/p/${sid}.jsonl`, text: lines.join("\n") + "\n" });
  }
  return files;
}
