/**
 * Changes a few keys of a settings.json text in place: the value of an existing key is replaced
 * where it stands, a new key is added after the object's last member with the indentation and
 * spacing of its neighbours, a removed key takes its comma with it. Every other byte of the file
 * (other keys, their order and formatting, comments are not allowed in JSON anyway, the final
 * newline) stays as it was. Pure.
 *
 * @module
 */

/** One member of a JSON object in the text. */
interface _Member {
  key: string;
  /** Offset of the key's opening quote. */
  keyStart: number;
  /** Offset just past the key's closing quote. */
  keyEnd: number;
  /** Offset of the value's first character. */
  valueStart: number;
  /** Offset just past the value. */
  valueEnd: number;
}

/** A JSON object in the text. */
interface _Object {
  /** Offset of `{`. */
  start: number;
  /** Offset of `}`. */
  end: number;
  members: _Member[];
}

const _WS = new Set([" ", "\t", "\n", "\r"]);

function _skipWs(text: string, i: number): number {
  while (i < text.length && _WS.has(text[i])) i++;
  return i;
}

function _stringEnd(text: string, i: number): number {
  // text[i] is the opening quote.
  i++;
  while (i < text.length) {
    const c = text[i];
    if (c === "\\") i += 2;
    else if (c === '"') return i + 1;
    else i++;
  }
  throw new SyntaxError("unterminated string");
}

function _valueEnd(text: string, i: number): number {
  const c = text[i];
  if (c === '"') return _stringEnd(text, i);
  if (c === "{") return _scanObject(text, i).end + 1;
  if (c === "[") {
    let j = _skipWs(text, i + 1);
    if (text[j] === "]") return j + 1;
    for (;;) {
      j = _skipWs(text, _valueEnd(text, _skipWs(text, j)));
      if (text[j] === ",") j++;
      else if (text[j] === "]") return j + 1;
      else throw new SyntaxError(`unexpected ${text[j]} at ${j}`);
    }
  }
  let j = i;
  while (j < text.length && !_WS.has(text[j]) && !",}]".includes(text[j])) j++;
  if (j === i) throw new SyntaxError(`no value at ${i}`);
  return j;
}

function _scanObject(text: string, start: number): _Object {
  const members: _Member[] = [];
  let i = _skipWs(text, start + 1);
  if (text[i] === "}") return { start, end: i, members };
  for (;;) {
    i = _skipWs(text, i);
    if (text[i] !== '"') throw new SyntaxError(`expected a key at ${i}`);
    const keyStart = i;
    const keyEnd = _stringEnd(text, i);
    const key = JSON.parse(text.slice(keyStart, keyEnd)) as string;
    i = _skipWs(text, keyEnd);
    if (text[i] !== ":") throw new SyntaxError(`expected : at ${i}`);
    const valueStart = _skipWs(text, i + 1);
    const valueEnd = _valueEnd(text, valueStart);
    members.push({ key, keyStart, keyEnd, valueStart, valueEnd });
    i = _skipWs(text, valueEnd);
    if (text[i] === ",") i++;
    else if (text[i] === "}") return { start, end: i, members };
    else throw new SyntaxError(`expected , or } at ${i}`);
  }
}

/** The member JSON.parse would keep for `key`: the last one. */
function _member(obj: _Object, key: string): _Member | undefined {
  for (let i = obj.members.length - 1; i >= 0; i--) {
    if (obj.members[i].key === key) return obj.members[i];
  }
  return undefined;
}

/** Leading whitespace of the line holding offset `i`. */
function _lineIndent(text: string, i: number): string {
  const lineStart = text.lastIndexOf("\n", i - 1) + 1;
  let j = lineStart;
  while (j < text.length && (text[j] === " " || text[j] === "\t")) j++;
  return text.slice(lineStart, j);
}

/** The file's indentation unit: the first indented key's leading whitespace, else 2 spaces. */
function _indentUnit(text: string): string {
  const match = /\n([ \t]+)"/.exec(text);
  return match ? match[1] : "  ";
}

function _newline(text: string): string {
  return text.includes("\r\n") ? "\r\n" : "\n";
}

/** A value's JSON, its inner lines indented under `indent` with the file's unit. */
function _valueText(value: unknown, indent: string, unit: string, nl: string): string {
  const json = JSON.stringify(value, null, unit);
  return json.split("\n").join(nl + indent);
}

/** Sets `key` of the object at `obj` to `value` (replacing it, or adding it last). */
function _set(text: string, obj: _Object, key: string, value: unknown): string {
  const unit = _indentUnit(text);
  const nl = _newline(text);
  const existing = _member(obj, key);
  if (existing !== undefined) {
    const indent = _lineIndent(text, existing.keyStart);
    return text.slice(0, existing.valueStart) + _valueText(value, indent, unit, nl) +
      text.slice(existing.valueEnd);
  }
  if (obj.members.length === 0) {
    const outer = _lineIndent(text, obj.start);
    const inner = outer + unit;
    const member = `${JSON.stringify(key)}: ${_valueText(value, inner, unit, nl)}`;
    return text.slice(0, obj.start + 1) + nl + inner + member + nl + outer + text.slice(obj.end);
  }
  const last = obj.members[obj.members.length - 1];
  const first = obj.members[0];
  // Copy how the neighbours are laid out: what comes before a key, and between key and value.
  let before = obj.members.length > 1
    ? text.slice(text.lastIndexOf(",", obj.members[1].keyStart) + 1, obj.members[1].keyStart)
    : text.slice(obj.start + 1, first.keyStart);
  const colon = text.slice(first.keyEnd, first.valueStart);
  if (before === "" && colon.includes(" ")) before = " ";
  const indent = _lineIndent(text, last.keyStart);
  // An object written on one line gets its new value on one line too.
  const oneLine = !text.slice(obj.start, obj.end).includes("\n");
  const valueText = oneLine ? JSON.stringify(value) : _valueText(value, indent, unit, nl);
  const member = `${JSON.stringify(key)}${colon}${valueText}`;
  return text.slice(0, last.valueEnd) + "," + before + member + text.slice(last.valueEnd);
}

/** Removes every member named `key` of the object at `obj`, with its comma. */
function _remove(text: string, obj: _Object, key: string): string {
  for (let m = obj.members.length - 1; m >= 0; m--) {
    if (obj.members[m].key !== key) continue;
    const member = obj.members[m];
    let from: number, to: number;
    if (m > 0) {
      // From the end of the previous value (its comma and the whitespace) to the end of this one.
      from = obj.members[m - 1].valueEnd;
      to = member.valueEnd;
    } else if (obj.members.length > 1) {
      from = member.keyStart;
      to = obj.members[1].keyStart;
    } else {
      from = obj.start + 1;
      to = obj.end;
    }
    text = text.slice(0, from) + text.slice(to);
    obj = _scanObject(text, obj.start);
  }
  return text;
}

/** What to change in a settings file. */
export interface SettingsEdit {
  /** The top-level `autoCompactWindow` (undefined: leave it). */
  autoCompactWindow?: number;
  /** Entries of the `env` block: a string sets one, null removes it (undefined: leave it). */
  env?: Record<string, string | null>;
  /**
   * `modelSettings.<model>.autoCompactWindow`, set only where the file already has that key
   * (it wins over the top-level key in the same file); never created.
   */
  modelWindow?: { model: string; autoCompactWindow: number };
}

function _root(text: string): _Object {
  const start = _skipWs(text, 0);
  if (text[start] !== "{") throw new SyntaxError("the file is not a JSON object");
  return _scanObject(text, start);
}

/**
 * Applies `edit` to a settings.json text (or makes a new file's text when `text` is null).
 *
 * @param text The file's text (a JSON object), or null when there is no file.
 * @param edit The keys to set or remove.
 * @returns The new text; equal to `text` when nothing changes.
 * @throws {SyntaxError} When `text` is not a JSON object.
 *
 * @example Replace one value, add an env entry; the rest stays as written
 * ```ts
 * import assert from "node:assert/strict";
 * import { editSettingsText } from "./edit_settings_text.ts";
 *
 * const text = '{\n    "model": "opus",\n    "autoCompactWindow": 300000,\n    "x": [1,2]\n}\n';
 * assert.equal(
 *   editSettingsText(text, { autoCompactWindow: 153000 }),
 *   '{\n    "model": "opus",\n    "autoCompactWindow": 153000,\n    "x": [1,2]\n}\n',
 * );
 * assert.equal(
 *   editSettingsText('{"a": 1}', { env: { CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: "62.5" } }),
 *   '{"a": 1, "env": {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE":"62.5"}}',
 * );
 * assert.equal(editSettingsText(null, { autoCompactWindow: 153000 }),
 *   '{\n  "autoCompactWindow": 153000\n}\n');
 * ```
 */
export function editSettingsText(text: string | null, edit: SettingsEdit): string {
  if (text === null) {
    const doc: Record<string, unknown> = {};
    if (edit.autoCompactWindow !== undefined) doc.autoCompactWindow = edit.autoCompactWindow;
    const env = Object.fromEntries(
      Object.entries(edit.env ?? {}).filter(([, v]) => v !== null),
    );
    if (Object.keys(env).length > 0) doc.env = env;
    return JSON.stringify(doc, null, 2) + "\n";
  }
  JSON.parse(text); // A malformed file is refused before anything is changed.
  let out = text;
  if (edit.autoCompactWindow !== undefined) {
    out = _set(out, _root(out), "autoCompactWindow", edit.autoCompactWindow);
  }
  if (edit.modelWindow !== undefined) {
    const settings = _member(_root(out), "modelSettings");
    if (settings !== undefined && out[settings.valueStart] === "{") {
      const models = _scanObject(out, settings.valueStart);
      const entry = _member(models, edit.modelWindow.model);
      if (entry !== undefined && out[entry.valueStart] === "{") {
        const one = _scanObject(out, entry.valueStart);
        if (_member(one, "autoCompactWindow") !== undefined) {
          out = _set(out, one, "autoCompactWindow", edit.modelWindow.autoCompactWindow);
        }
      }
    }
  }
  for (const [name, value] of Object.entries(edit.env ?? {})) {
    const root = _root(out);
    const env = _member(root, "env");
    if (env === undefined || out[env.valueStart] !== "{") {
      if (value === null) continue;
      out = _set(out, root, "env", { [name]: value });
      continue;
    }
    const block = _scanObject(out, env.valueStart);
    out = value === null ? _remove(out, block, name) : _set(out, block, name, value);
  }
  return out;
}
