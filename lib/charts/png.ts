/**
 * SVG to PNG through Debian's `rsvg-convert` (package `librsvg2-bin`): the one place the charts
 * touch a subprocess. Needs `--allow-run=rsvg-convert`.
 *
 * @module
 */

/** Options of {@linkcode svgToPng}. */
export interface SvgToPngOptions {
  /** Scale factor: 2 draws a 720 px wide SVG as a 1440 px wide PNG. @default {2} */
  zoom?: number;
  /** Background colour painted under the SVG (PNG has no transparency then). @default {"white"} */
  background?: string;
  /** The converter to run, a command name or path. @default {"rsvg-convert"} */
  command?: string;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Converts an SVG document to PNG bytes with `rsvg-convert -z ZOOM -b BACKGROUND`.
 *
 * @param svg A standalone SVG document (with `xmlns`), e.g. from `renderSvg`.
 * @param options Zoom, background, converter command.
 * @returns The PNG file's bytes.
 * @throws {Error} When the converter is missing (the message says which package installs it),
 *   fails, or writes something that is not a PNG.
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
  const { zoom = 2, background = "white", command = "rsvg-convert" } = options;
  if (!(zoom > 0)) throw new RangeError(`Cannot convert SVG: zoom must be positive, got ${zoom}`);
  let child: Deno.ChildProcess;
  try {
    child = new Deno.Command(command, {
      args: ["-z", String(zoom), "-b", background, "-f", "png"],
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) {
      throw new Error(
        `Cannot convert SVG to PNG: ${command} not found; install it with ` +
          `\`apt-get install librsvg2-bin\``,
        { cause: error },
      );
    }
    throw error;
  }
  const writer = child.stdin.getWriter();
  // A converter that fails early closes its stdin; its exit status then tells why.
  const write = writer.write(new TextEncoder().encode(svg)).then(() => writer.close()).catch(
    () => {},
  );
  const [output] = await Promise.all([child.output(), write]);
  const png = output.stdout;
  if (!output.success) {
    const message = new TextDecoder().decode(output.stderr).trim();
    throw new Error(`Cannot convert SVG to PNG: ${command} exited ${output.code}: ${message}`);
  }
  if (png.length < 8 || PNG_SIGNATURE.some((byte, i) => png[i] !== byte)) {
    throw new Error(`Cannot convert SVG to PNG: ${command} wrote ${png.length} bytes, not a PNG`);
  }
  return png;
}
