/**
 * Small text helpers of the generator: JSON escaping, lengths of escaped text, timestamps and
 * project slugs.
 *
 * @module
 */

/** The slug of a project folder (docs/transcript-format.md, Layout). */
export function slugOf(cwd: string): string {
  return cwd.replace(/[^A-Za-z0-9]/g, "-");
}

/** An ISO-8601 UTC timestamp with milliseconds. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The JSON-escaped body of a string (without the quotes). */
export function esc(s: string): string {
  return JSON.stringify(s).slice(1, -1);
}

/** Characters of a JSON-escaped text without `"`/`\` other than `\\n`, once parsed. */
export function rawLength(escaped: string): number {
  let n = 0, pos = escaped.indexOf("\\n");
  while (pos !== -1) {
    n++;
    pos = escaped.indexOf("\\n", pos + 2);
  }
  return escaped.length - n;
}

/** UTF-8 length of generated text (ASCII except `→` and the BOM, 3 bytes each). */
export function utf8Length(text: string): number {
  let extra = 0;
  for (const ch of ["→", "\uFEFF"]) {
    let pos = text.indexOf(ch);
    while (pos !== -1) {
      extra += 2;
      pos = text.indexOf(ch, pos + 1);
    }
  }
  return text.length + extra;
}
