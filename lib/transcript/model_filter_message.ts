/**
 * Why a corpus with requests has none left after the model filter, in words. The filter keeps a
 * session only when more than half its requests are of the target model, so one main session that
 * switched model mid-file (`/model`) half-way leaves nothing at all; the per-model view analyses
 * each model's own sessions (docs/method.md, Model filter).
 *
 * @module
 */

import { countText } from "../io/count_text.ts";
import { formatNumber } from "../report/format_number.ts";
import type { Corpus } from "./tables.ts";

/**
 * The message for a corpus whose requests were all left out by the model filter.
 *
 * @param corpus A corpus as read.
 * @returns One sentence naming the models with their request counts and the per-model view
 * (`--model all`), or undefined when requests are left, or when there were none to filter. A
 * target model with no request at all (a `--model` typed wrong) is said as such.
 *
 * @example
 * ```ts
 * import { corpusFromText } from "./read_corpus.ts";
 * import { modelFilterEmptyMessage } from "./model_filter_message.ts";
 * import assert from "node:assert/strict";
 * const line = (id: string, model: string) =>
 *   JSON.stringify({ type: "assistant", uuid: id, timestamp: "2026-01-01T00:00:00Z",
 *     message: { id, model, usage: { input_tokens: 5, output_tokens: 1 } } });
 * const corpus = corpusFromText([{ path: "s.jsonl", text: [line("a", "m1"), line("b", "m2")].join("\n") }]);
 * assert.match(modelFilterEmptyMessage(corpus)!, /m1 1, m2 1/);
 * ```
 */
export function modelFilterEmptyMessage(corpus: Corpus): string | undefined {
  const byModel = Object.entries(corpus.diagnostics.requestsByModel);
  const total = byModel.reduce((sum, [, n]) => sum + n, 0);
  if (corpus.requests.length > 0 || total === 0) return undefined;
  const models = byModel
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([model, n]) => `${model} ${formatNumber(n)}`)
    .join(", ");
  if (!(corpus.diagnostics.requestsByModel[corpus.model] > 0)) {
    return `no request of model ${corpus.model}: ${countText(total, "request")} by model ` +
      `(${models}); ` +
      `choose one with --model NAME, or see each model's own sessions with --model all.`;
  }
  const { otherModel, noTargetModel } = corpus.diagnostics.excludedSessions;
  const sessions = (n: number) => countText(n, "session");
  return `nothing is left after the model filter: ${countText(total, "request")} by model ` +
    `(${models}), ` +
    `but no session has more than half of its requests of ${corpus.model} ` +
    `(${sessions(otherModel)} left out with ` +
    `another model, ${sessions(noTargetModel)} with no request of it). A session is analysed ` +
    `for one model only: see each model's own sessions with --model all, or choose one with ` +
    `--model NAME.`;
}
