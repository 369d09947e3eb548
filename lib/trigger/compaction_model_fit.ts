/**
 * The compaction models the replay needs, fitted from the compactions or given as options: the
 * time model (a, v; time_model.ts, constrained_time_fit.ts) and the summary model (G(C), P, β,
 * c_post; summary_model.ts). When some input is neither fittable nor given, one
 * {@linkcode MissingModelInputsError} names every missing one at once, so a user fixes them all
 * in one go. The in-memory analysis (analyze.ts) and the streamed pool analysis
 * (lib/pool/streamed_analysis.ts) both fit through here, so they fail with the same errors.
 *
 * @module
 */
import type { CompactionTable } from "../transcript/tables.ts";
import { type ConstrainedTimeFit, constrainedTimeFit } from "./constrained_time_fit.ts";
import {
  resolveSummaryModel,
  SUMMARY_MODEL_PARTS,
  type SummaryModel,
  type SummaryModelOverrides,
  type SummaryModelPart,
} from "./summary_model.ts";
import { fitTimeModel, type TimeModel } from "./time_model.ts";

/** An input of the replay that is fitted from the compactions, or else given as an option. */
export type ModelInput = "a" | "v" | SummaryModelPart;

/**
 * The corpus cannot give some inputs of the replay (too few, or no, usable compactions) and they
 * were not given as options. `missing` names exactly those options, in the order a, v,
 * summaryTokens, postPrefix, beta, cPost; `reasons` says why the corpus could not give them.
 */
export class MissingModelInputsError extends RangeError {
  /** The options to give. */
  readonly missing: readonly ModelInput[];
  /** Why each group could not be fitted. */
  readonly reasons: readonly string[];

  /**
   * @param missing The options to give.
   * @param reasons Why the corpus could not give them.
   */
  constructor(missing: readonly ModelInput[], reasons: readonly string[]) {
    super(`${reasons.join("; ")}. Give ${missing.join(", ")} as options instead`);
    this.name = "MissingModelInputsError";
    this.missing = missing;
    this.reasons = reasons;
  }
}

/** The inputs of {@linkcode fitCompactionModels} given as options (null: fit it). */
export interface GivenCompactionModels extends SummaryModelOverrides {
  /** a, seconds per compaction input token. */
  a: number | null;
  /** v, summary tokens per second. */
  v: number | null;
}

/** What {@linkcode fitCompactionModels} returns: the document's `fit` block is made of it. */
export interface CompactionModelFit {
  /** The unconstrained time fit (null when it failed: `timeError` says why). */
  time: TimeModel | null;
  timeError: string | null;
  /**
   * The time model used: non-negative least squares when the unconstrained fit ran, or the one
   * coefficient not given refitted beside the given one (null: neither could run).
   */
  constrained: ConstrainedTimeFit | null;
  /** a and v the replay uses: the given ones, else the constrained fit's. */
  a: number;
  v: number;
  /** The summary model, the given parts over the fitted ones. */
  model: SummaryModel;
  /** Where each part of the summary model came from. */
  compactionModelSource: Record<SummaryModelPart, "fit" | "options">;
  /** Why the corpus could not give the parts that were given as options (else null). */
  compactionModelError: string | null;
}

/**
 * Fits the time and summary models on a model's compactions, the given inputs over the fitted.
 *
 * @param compactions The model's compactions.
 * @param given a, v and the summary-model parts given as options (null: fit it).
 * @param modelName The model's name, for the messages.
 * @returns The fits and the inputs the replay uses.
 * @throws {MissingModelInputsError} When some of a, v, G, P, β, c_post can neither be fitted
 * nor was given; it names all of them.
 *
 * @example No compaction: every input must be given, and the error names them all
 * ```ts
 * import assert from "node:assert/strict";
 * import { fitCompactionModels, MissingModelInputsError } from "./compaction_model_fit.ts";
 * import { corpusFromText } from "../transcript/mod.ts";
 *
 * const text = JSON.stringify({ type: "assistant", uuid: "a", requestId: "a",
 *   timestamp: "2026-01-01T00:00:00Z", message: { id: "a", model: "m",
 *   usage: { input_tokens: 100, output_tokens: 10 } } });
 * const { compactions } = corpusFromText([{ path: "a.jsonl", text }]);
 * assert.throws(
 *   () => fitCompactionModels(compactions, { a: null, v: 80 }, "m"),
 *   (e) => e instanceof MissingModelInputsError && e.missing.join() ===
 *     "a,summaryTokens,postPrefix,beta,cPost",
 * );
 * const fit = fitCompactionModels(compactions, {
 *   a: 1e-5, v: 80, summaryTokens: 3000, postPrefix: 2000, beta: 0.5, cPost: 0.3,
 * }, "m");
 * assert.equal(fit.model.g0, 3000);
 * assert.equal(fit.compactionModelSource.beta, "options");
 * ```
 */
export function fitCompactionModels(
  compactions: CompactionTable,
  given: GivenCompactionModels,
  modelName: string,
): CompactionModelFit {
  const missing: ModelInput[] = [];
  const reasons: string[] = [];
  const none = compactions.length === 0;
  if (none) {
    reasons.push(
      `Cannot fit the compaction models: the corpus has no compaction of model "${modelName}"`,
    );
  }
  let time: TimeModel | null = null;
  let timeError: string | null = null;
  try {
    time = fitTimeModel(compactions);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    timeError = error.message;
  }
  // The time model used: non-negative least squares when the unconstrained fit ran, or the
  // one coefficient not given refitted beside the given one (constrained_time_fit.ts).
  let constrained: ConstrainedTimeFit | null = null;
  const oneGiven = (given.a === null) !== (given.v === null);
  if (time !== null || oneGiven || (given.a !== null && given.v !== null)) {
    try {
      constrained = constrainedTimeFit(compactions, { a: given.a, v: given.v });
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
    }
  }
  const a = given.a ?? constrained?.a ?? NaN;
  const v = given.v ?? constrained?.v ?? NaN;
  if (constrained === null) {
    if (given.a === null) missing.push("a");
    if (given.v === null) missing.push("v");
    if (!none && missing.length > 0) reasons.push(timeError!);
  }
  const fitted = resolveSummaryModel(compactions, given);
  if (fitted.missing.length > 0) {
    missing.push(...fitted.missing);
    if (!none) {
      const why = [...new Set(fitted.missing.map((p) => fitted.problems[p]!))];
      reasons.push(`Cannot fit summary model: ${why.join("; ")}`);
    }
  }
  if (missing.length > 0) throw new MissingModelInputsError(missing, reasons);
  const givenProblems = SUMMARY_MODEL_PARTS
    .filter((p) => fitted.source[p] === "options" && fitted.problems[p] !== undefined)
    .map((p) => fitted.problems[p]!);
  const compactionModelError = givenProblems.length === 0
    ? null
    : none
    ? `Cannot fit summary model: the corpus has no compaction of model "${modelName}"`
    : `Cannot fit summary model: ${[...new Set(givenProblems)].join("; ")}`;
  return {
    time,
    timeError,
    constrained,
    a,
    v,
    model: fitted.model,
    compactionModelSource: fitted.source,
    compactionModelError,
  };
}
