/**
 * Shows a live block in a notebook run by the Deno kernel (an edge: sends the output).
 *
 * @module
 */
import { displayBundle } from "../charts/display.ts";
import { liveBlock, type LiveBlockInput, type LiveBlockOptions } from "./live_block.ts";

/**
 * Builds the live block and, inside the Deno Jupyter kernel, shows it as one `display_data`
 * output of the running cell, then waits `DISPLAY_SETTLE_MS` so the output is never lost.
 * Outside the kernel the block is still built (so a broken block fails there too) but not shown.
 *
 * @param input The variants, inputs and markers (see `liveBlock`).
 * @param options Script and PNG zoom.
 * @returns A promise that settles once the output is sent; it resolves to nothing, so a cell
 * ending with it echoes nothing more.
 */
export async function displayLive(
  input: LiveBlockInput,
  options: LiveBlockOptions = {},
): Promise<void> {
  const out = await liveBlock(input, options);
  await displayBundle(out.data);
}
