/**
 * The report page's languages: the key type shared by the English and the Chinese table (a key
 * missing from either is a type error), the language tags, and {@linkcode fillText}, which puts
 * the analysis' numbers into a text.
 *
 * The page carries both languages; a switch on the page picks one, defaulting to the browser's
 * language and kept in the URL fragment (`#lang=zh`).
 *
 * @module
 */
import { TEXTS_EN } from "./texts_en.ts";
import { TEXTS_ZH } from "./texts_zh.ts";

/** A language of the page. */
export type Lang = "en" | "zh";

/** The name of one text of the page. */
export type TextKey = keyof typeof TEXTS_EN;

/** One language's table: every key, a string each. */
export type Texts = Readonly<Record<TextKey, string>>;

/** The languages in switch order. */
export const LANGS: readonly Lang[] = ["en", "zh"];

/** Each language's table. */
export const TEXTS: Readonly<Record<Lang, Texts>> = { en: TEXTS_EN, zh: TEXTS_ZH };

/** Each language's name as shown on the switch (in its own language). */
export const LANG_NAMES: Readonly<Record<Lang, string>> = { en: "English", zh: "中文" };

/** The BCP 47 tag of each language for `lang` attributes (Simplified Chinese). */
export const LANG_TAGS: Readonly<Record<Lang, string>> = { en: "en", zh: "zh-Hans" };

/**
 * The language a `--lang` option or a URL fragment names, or undefined.
 *
 * @param value `"en"`, `"zh"` (any case; `zh-CN`, `zh-Hans` count as `zh`).
 * @returns The language, or undefined for anything else.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseLang } from "./texts.ts";
 *
 * assert.equal(parseLang("zh-CN"), "zh");
 * assert.equal(parseLang("EN"), "en");
 * assert.equal(parseLang("fr"), undefined);
 * ```
 */
export function parseLang(value: string | null | undefined): Lang | undefined {
  const v = (value ?? "").toLowerCase();
  if (v === "zh" || v.startsWith("zh-")) return "zh";
  if (v === "en" || v.startsWith("en-")) return "en";
  return undefined;
}

/** The placeholders of a text, in order of first use: `{a} and {b}` → `["a", "b"]`. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))];
}

/**
 * Fills a text's `{name}` placeholders, and chooses between the forms of `{name|one|other}` by
 * the value of `name`: `one` when it is "1", else `other` (English plurals: "1 compaction", "2
 * compactions"; a language without them writes no such choice).
 *
 * @param text A text of a table.
 * @param values A value for each placeholder (already formatted).
 * @returns The text with every placeholder replaced.
 * @throws {Error} When a placeholder has no value (a programming error, not bad input).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fillText, TEXTS } from "./texts.ts";
 *
 * assert.equal(fillText(TEXTS.en.valueV, { v: "60.0" }), "60.0 tokens/s");
 * assert.equal(fillText(TEXTS.zh.valueV, { v: "60.0" }), "60.0 token/秒");
 * assert.equal(fillText("{n} {n|file|files}", { n: "1" }), "1 file");
 * assert.equal(fillText("{n} {n|file|files}", { n: "1,000" }), "1,000 files");
 * ```
 */
export function fillText(text: string, values: Readonly<Record<string, string>> = {}): string {
  return text.replace(/\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g, (_, name: string, one, other) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Report text: no value for {${name}} in "${text}"`);
    if (one === undefined) return value;
    return value === "1" ? one : other;
  });
}
