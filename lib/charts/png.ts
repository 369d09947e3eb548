/**
 * SVG to PNG with nothing but Deno: resvg compiled to WebAssembly (`@resvg/resvg-wasm`) and the
 * DejaVu Sans TrueType files (`dejavu-fonts-ttf`), both npm packages pinned in `deno.lock`.
 *
 * Both are read from the installed npm packages (`node_modules/`, found through the import map
 * with `import.meta.resolve`), never fetched, so converting needs only `--allow-read`. The
 * WebAssembly module and the fonts are loaded once per process, on the first conversion (about
 * 2.5 MB of WebAssembly and 1.5 MB of fonts); later conversions reuse them.
 *
 * The renderer has no system fonts: every text is drawn in DejaVu Sans (regular, bold, oblique),
 * whatever family the SVG names, which is the family the charts ask for first.
 *
 * @module
 */

import { initWasm, Resvg } from "@resvg/resvg-wasm";

/** Options of {@linkcode svgToPng}. */
export interface SvgToPngOptions {
  /** Scale factor: 2 draws a 720 px wide SVG as a 1440 px wide PNG. @default {2} */
  zoom?: number;
  /** Background colour painted under the SVG (PNG has no transparency then). @default {"white"} */
  background?: string;
}

/** The font files loaded into the renderer, relative to the `dejavu-fonts-ttf` package. */
const FONT_FILES = [
  "ttf/DejaVuSans.ttf",
  "ttf/DejaVuSans-Bold.ttf",
  "ttf/DejaVuSans-Oblique.ttf",
  "ttf/DejaVuSans-BoldOblique.ttf",
];
const FONT_FAMILY = "DejaVu Sans";
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

let _ready: Promise<Uint8Array[]> | undefined;

/** Reads one file of an installed npm package named in the import map. */
async function _packageFile(specifier: string): Promise<Uint8Array> {
  const url = new URL(import.meta.resolve(specifier));
  try {
    return await Deno.readFile(url);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error(
        `Cannot convert SVG to PNG: ${specifier} is not installed (run \`deno install\` in the ` +
          `repository)`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** Loads the WebAssembly renderer and the fonts once; resolves to the font buffers. */
function _load(): Promise<Uint8Array[]> {
  _ready ??= (async () => {
    const [wasm, ...fonts] = await Promise.all([
      _packageFile("@resvg/resvg-wasm/index_bg.wasm"),
      ...FONT_FILES.map((file) => _packageFile(`dejavu-fonts-ttf/${file}`)),
    ]);
    await initWasm(wasm);
    return fonts;
  })();
  // A failed load (a missing package) is retried on the next call instead of cached.
  _ready.catch(() => _ready = undefined);
  return _ready;
}

/**
 * Converts an SVG document to PNG bytes: drawn at `zoom` times its size on a `background` fill.
 *
 * @param svg A standalone SVG document, e.g. from `renderSvg`. A root `<svg>` without `xmlns`
 *   gets it added (the renderer needs it).
 * @param options Zoom and background.
 * @returns The PNG file's bytes.
 * @throws {RangeError} When the zoom is not positive.
 * @throws {Error} When the SVG cannot be parsed ("Cannot convert SVG to PNG: …"), or the npm
 *   packages are not installed.
 *
 * @example A 10 × 10 square at zoom 2 is a PNG
 * ```ts
 * import { svgToPng } from "./png.ts";
 * import assert from "node:assert/strict";
 *
 * const png = await svgToPng(
 *   '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5"/></svg>',
 * );
 * assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
 * // The IHDR width, big-endian at byte 16: 10 px × zoom 2.
 * assert.equal(new DataView(png.buffer, png.byteOffset).getUint32(16), 20);
 * ```
 */
export async function svgToPng(svg: string, options: SvgToPngOptions = {}): Promise<Uint8Array> {
  const { zoom = 2, background = "white" } = options;
  if (!(zoom > 0) || !Number.isFinite(zoom)) {
    throw new RangeError(`Cannot convert SVG: zoom must be a positive number, got ${zoom}`);
  }
  const fontBuffers = await _load();
  let png: Uint8Array;
  try {
    const resvg = new Resvg(_withNamespace(svg), {
      fitTo: { mode: "zoom", value: zoom },
      background,
      font: {
        fontBuffers,
        defaultFontFamily: FONT_FAMILY,
        sansSerifFamily: FONT_FAMILY,
        serifFamily: FONT_FAMILY,
        monospaceFamily: FONT_FAMILY,
      },
    });
    try {
      const image = resvg.render();
      png = image.asPng();
      image.free();
    } finally {
      resvg.free();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot convert SVG to PNG: ${message}`, { cause: error });
  }
  if (png.length < 8 || PNG_SIGNATURE.some((byte, i) => png[i] !== byte)) {
    throw new Error(`Cannot convert SVG to PNG: the renderer wrote ${png.length} bytes, not a PNG`);
  }
  return png;
}

/** Adds the SVG namespace to a root `<svg` tag that lacks one (Plot's own output does). */
function _withNamespace(svg: string): string {
  const start = svg.search(/<svg[\s>]/);
  if (start < 0) return svg;
  const end = svg.indexOf(">", start);
  if (end < 0 || /\sxmlns\s*=/.test(svg.slice(start, end))) return svg;
  return `${svg.slice(0, start + 4)} xmlns="http://www.w3.org/2000/svg"${svg.slice(start + 4)}`;
}
