/**
 * What a folder holds, for the fuzz harness: the names of every entry under it (to see that a
 * command wrote nothing into its input folder) and the text of every regular file under it (to
 * look for planted markers in everything a command wrote into its output folder).
 *
 * Symbolic links are listed, never followed (the cases plant loops and links to devices), and a
 * folder that cannot be read (the permission cases) is listed as such rather than failing.
 *
 * @module
 */

/**
 * Every entry under `dir`, as `path\tkind` lines relative to `dir`, sorted.
 *
 * @param dir The folder.
 * @returns One line per entry (`kind`: file, dir, link, other, or `unreadable` for a folder
 *   that could not be listed).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { listTree } from "./_tree.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.mkdir(`${dir}/a`);
 * await Deno.writeTextFile(`${dir}/a/b.txt`, "x");
 * assert.deepEqual(await listTree(dir), ["a\tdir", "a/b.txt\tfile"]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function listTree(dir: string): Promise<string[]> {
  const out: string[] = [];
  const visit = async (relative: string) => {
    let entries: Deno.DirEntry[];
    try {
      entries = await Array.fromAsync(Deno.readDir(relative === "" ? dir : `${dir}/${relative}`));
    } catch {
      out.push(`${relative}\tunreadable`);
      return;
    }
    for (const entry of entries) {
      const path = relative === "" ? entry.name : `${relative}/${entry.name}`;
      const kind = entry.isSymlink
        ? "link"
        : entry.isDirectory
        ? "dir"
        : entry.isFile
        ? "file"
        : "other";
      out.push(`${path}\t${kind}`);
      if (kind === "dir") await visit(path);
    }
  };
  await visit("");
  return out.sort();
}

/**
 * The regular files under `dir` (links not followed), each with its bytes decoded as UTF-8
 * (invalid bytes become U+FFFD, so an ASCII marker inside a binary file still shows).
 *
 * @param dir The folder.
 * @returns Relative path → text, in sorted path order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { readTreeTexts } from "./_tree.ts";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeFile(`${dir}/x.bin`, new Uint8Array([0xff, 0x41]));
 * assert.deepEqual([...(await readTreeTexts(dir))], [["x.bin", "\uFFFDA"]]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function readTreeTexts(dir: string): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const decoder = new TextDecoder();
  for (const line of await listTree(dir)) {
    const [path, kind] = line.split("\t");
    if (kind === "file") texts.set(path, decoder.decode(await Deno.readFile(`${dir}/${path}`)));
  }
  return texts;
}
