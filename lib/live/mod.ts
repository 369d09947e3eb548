/**
 * Live blocks for the notebooks (docs/method.md, Live blocks in the notebooks): a trigger
 * analysis' curves re-priced in the page as v, α and ρ move, with a stepped control over stored
 * replays (block sizes) and a PNG of the default view where scripts do not run.
 *
 * @module
 */
export * from "./live_view.ts";
export * from "./live_data.ts";
export * from "./live_block.ts";
export * from "./display_live.ts";
export * from "./block_size_variants.ts";
export * from "./packed_sums.ts";
export * from "./live_texts.ts";
