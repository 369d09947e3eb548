/**
 * The stored replays of a live block's block-size control: the trigger analysis run once per
 * block size on the same corpus, options and seed (re-pricing cannot change the block size, so
 * each step of the control is a replay of its own).
 *
 * @module
 */
import { type AnalyzeOptions, analyzeTrigger, type TriggerAnalysis } from "../trigger/analyze.ts";
import type { Corpus } from "../transcript/tables.ts";
import type { ReplaySums } from "../trigger/replay.ts";

/** The analyses per block size and the live block's variants. */
export interface BlockSizeVariants {
  /** One analysis per block size, in the order given. */
  analyses: TriggerAnalysis[];
  /**
   * Label ("8", "auto (3)"), replay sums and, when the analysis replayed rework, the sums with
   * it (`sums.withRework`) of each.
   */
  variants: { label: string; sums: ReplaySums; reworkSums: ReplaySums | null }[];
  /** Index of the analysis' own block size (`options.blockSize`, default 8) in the list. */
  defaultVariant: number;
}

/**
 * Runs the analysis once per block size. The options' own block size is added when the list
 * lacks it, and each `"auto"` is labelled with the length the rule chose.
 *
 * @param corpus The reader's tables (one model).
 * @param options Analysis options; `blockSize` marks the default variant. @default {8}
 * @param blockSizes Block sizes, steps, or `"auto"`.
 * @returns The analyses, the variants and the default's index.
 * @throws {RangeError} From `analyzeTrigger`, or on an empty list.
 */
export async function blockSizeVariants(
  corpus: Corpus,
  options: AnalyzeOptions,
  blockSizes: readonly (number | "auto")[],
): Promise<BlockSizeVariants> {
  const own = options.blockSize ?? 8;
  const sizes = blockSizes.includes(own) ? [...blockSizes] : [...blockSizes, own];
  if (sizes.length === 0) throw new RangeError("Cannot vary the block size: no size given");
  const analyses: TriggerAnalysis[] = [];
  for (const blockSize of sizes) {
    analyses.push(await analyzeTrigger(corpus, { ...options, blockSize }));
  }
  const variants = analyses.map((a, i) => ({
    label: sizes[i] === "auto" ? `auto (${a.report.options.blockSize})` : String(sizes[i]),
    sums: a.sums,
    reworkSums: (a.sums as { withRework?: ReplaySums }).withRework ?? null,
  }));
  return { analyses, variants, defaultVariant: sizes.indexOf(own) };
}
