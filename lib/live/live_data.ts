/**
 * The data a live block carries (docs/method.md, Live blocks in the notebooks): the pricing
 * inputs, the slider ranges, and one stored replay per variant (block size), packed by
 * `packSums` and compressed together (`deflate-raw`, base64). Encoding runs in Deno, decoding in
 * the browser and in Deno; both use only `CompressionStream`/`DecompressionStream`, `btoa` and
 * `atob`, so nothing is loaded from the network.
 *
 * @module
 */
import type { PricingInputs } from "../trigger/price_curves.ts";
import type { ReplaySums } from "../trigger/replay.ts";
import type { SteadyStateInputs } from "../trigger/steady_state.ts";
import { type PackedSums, packSums, unpackSums } from "./packed_sums.ts";

/** A range input's bounds, step and starting value. */
export interface LiveRange {
  min: number;
  max: number;
  step: number;
}

/** One stored replay the stepped control can choose. */
export interface LiveVariantData {
  /** Shown on the control, e.g. "8" or "auto (3)". */
  label: string;
  /** Its packed sums (offsets into the block's decompressed bytes). */
  layout: PackedSums;
  /**
   * The same replay with rework after every compaction, packed relative to `layout`'s sums
   * (absent: no rework replayed; the block then has no rework control).
   */
  reworkLayout?: PackedSums;
}

/** One decoded variant: its replay, and the same replay with rework (null: none). */
export interface LiveReplay {
  sums: ReplaySums;
  rework: ReplaySums | null;
}

/** What a live block embeds as JSON (beside its script). */
export interface LiveBlockData {
  schemaVersion: 1;
  /** Heading above the figure. */
  title: string;
  /** Line under the heading. */
  subtitle: string;
  /** The analysis' prices, β, a, v and D: the controls start here. */
  inputs: PricingInputs;
  /** R, G, Δ, β of T* (null: T* not drawn). */
  steadyState: SteadyStateInputs | null;
  /** Trigger level seen in the transcripts, tokens (null: none). */
  observedTrigger: number | null;
  /** Lowest price-tier threshold, tokens (null: a flat price). */
  tierThreshold: number | null;
  /** Per trigger: in the extrapolated zone (null: not known, no zone drawn). */
  extrapolated: boolean[] | null;
  /** Ranges of the v, α and ρ sliders. */
  ranges: { v: LiveRange; alpha: LiveRange; rho: LiveRange };
  /** What the stepped control chooses, e.g. "Block size, steps". */
  variantName: string;
  /** The stored replays. */
  variants: LiveVariantData[];
  /** The variant shown first (the analysis' own). */
  defaultVariant: number;
  /** Every variant's bytes, concatenated, deflate-raw compressed, base64. */
  bytes: string;
}

/** Options of {@linkcode encodeVariants}. */
export interface EncodeVariantsOptions {
  /**
   * Significant bits per column, tried in order until `accept` holds for every variant.
   * @default {[12, 13, 14, 15, 16, 20, 24, 32, 48]}
   */
  bits?: number[];
  /**
   * Whether the rounded sums are good enough (e.g. the same cheapest trigger as the exact
   * ones). @default {always}
   */
  accept?: (exact: LiveReplay, rounded: LiveReplay) => boolean;
}

async function _through(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const body = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

function _base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function _fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Packs every variant with the fewest bits `accept` allows and compresses their bytes together.
 *
 * @param variants Label and replay sums of each variant.
 * @param options Bits to try and the acceptance test.
 * @returns The variants' layouts, the bits used and the compressed bytes as base64.
 * @throws {RangeError} When no bits in the list are accepted, or from `packSums`.
 *
 * @example Round trip through {@linkcode decodeVariants}
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeVariants, encodeVariants } from "./live_data.ts";
 *
 * const sums = {
 *   workloads: 1, triggers: Float64Array.of(1e4),
 *   contextTokens: Float64Array.of(9000), cachedTokens: Float64Array.of(8000),
 *   compactions: Float64Array.of(0), compactionInputTokens: Float64Array.of(0),
 *   summaryTokens: Float64Array.of(0), outputTokens: Float64Array.of(50),
 *   workSeconds: Float64Array.of(30),
 * };
 * const encoded = await encodeVariants([{ label: "8", sums }]);
 * const [back] = await decodeVariants(encoded);
 * assert.deepEqual(back, { sums, rework: null });
 * ```
 */
export async function encodeVariants(
  variants: { label: string; sums: ReplaySums; reworkSums?: ReplaySums | null }[],
  options: EncodeVariantsOptions = {},
): Promise<{ variants: LiveVariantData[]; bits: number; bytes: string }> {
  const { bits: tries = [12, 13, 14, 15, 16, 20, 24, 32, 48], accept = () => true } = options;
  for (const bits of tries) {
    const parts: Uint8Array[] = [];
    let at = 0;
    // Columns' offsets into the concatenation of every variant's bytes.
    const place = (p: { layout: PackedSums; bytes: Uint8Array }): PackedSums => {
      parts.push(p.bytes);
      const layout = {
        ...p.layout,
        columns: p.layout.columns.map((c) => ({ ...c, offset: c.offset + at })),
      };
      at += p.bytes.length;
      return layout;
    };
    const out: LiveVariantData[] = [];
    let ok = true;
    for (const v of variants) {
      const packed = packSums(v.sums, { bits });
      const rounded = unpackSums(packed.layout, packed.bytes);
      // The rework replay as differences from the rounded base: one rounding, not two.
      const rework = v.reworkSums ? packSums(v.reworkSums, { bits, base: rounded }) : null;
      const decoded: LiveReplay = {
        sums: rounded,
        rework: rework === null ? null : unpackSums(rework.layout, rework.bytes, rounded),
      };
      if (!accept({ sums: v.sums, rework: v.reworkSums ?? null }, decoded)) {
        ok = false;
        break;
      }
      const layout = place(packed);
      out.push({
        label: v.label,
        layout,
        ...(rework === null ? {} : { reworkLayout: place(rework) }),
      });
    }
    if (!ok) continue;
    const all = new Uint8Array(at);
    let offset = 0;
    for (const part of parts) {
      all.set(part, offset);
      offset += part.length;
    }
    const compressed = await _through(all, new CompressionStream("deflate-raw"));
    return { variants: out, bits, bytes: _base64(compressed) };
  }
  throw new RangeError(
    `Cannot pack the live block's replays: no precision in ${tries.join(", ")} bits was accepted`,
  );
}

/**
 * The replay sums of every variant back from the block's data.
 *
 * @param data The variants and their compressed bytes.
 * @returns Per variant, in order: its replay sums and those with rework (null: none).
 * @throws {RangeError} When a column is missing or cut short; a TypeError on bytes that are not
 * base64 or not deflate-raw.
 *
 * @example See {@linkcode encodeVariants}.
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeVariants } from "./live_data.ts";
 * await assert.rejects(() => decodeVariants({ variants: [], bytes: "%%" }));
 * ```
 */
export async function decodeVariants(
  data: Pick<LiveBlockData, "variants" | "bytes">,
): Promise<LiveReplay[]> {
  const bytes = await _through(_fromBase64(data.bytes), new DecompressionStream("deflate-raw"));
  return data.variants.map((v) => {
    const sums = unpackSums(v.layout, bytes);
    return {
      sums,
      rework: v.reworkLayout === undefined ? null : unpackSums(v.reworkLayout, bytes, sums),
    };
  });
}
