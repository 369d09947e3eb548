/**
 * editSettingsText: only the recommendation's keys change; every other byte stays. Expected
 * texts are written out by hand.
 */
import assert from "node:assert/strict";
import { editSettingsText } from "../../lib/settings/mod.ts";

Deno.test("edit: unknown keys, their order and layout stay; the value is replaced in place", () => {
  const text =
    '{\n\t"zeta": {"nested": [1, 2, {"deep": true}]},\n\t"autoCompactWindow": 300000,\n' +
    '\t"unknownFutureKey": "kept \\u00e9"\n}\n';
  const out = editSettingsText(text, { autoCompactWindow: 153_000 });
  assert.equal(out, text.replace("300000", "153000"));
  const before = JSON.parse(text), after = JSON.parse(out);
  delete before.autoCompactWindow;
  delete after.autoCompactWindow;
  assert.deepEqual(after, before);
});

Deno.test("edit: a new key goes last with the neighbours' indentation (tabs, CRLF kept)", () => {
  const text = '{\r\n\t"model": "opus"\r\n}\r\n';
  assert.equal(
    editSettingsText(text, { autoCompactWindow: 153_000 }),
    '{\r\n\t"model": "opus",\r\n\t"autoCompactWindow": 153000\r\n}\r\n',
  );
});

Deno.test("edit: env entries are added to, replaced in and removed from the env block", () => {
  const text = '{\n  "env": {\n    "A": "1",\n    "CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "70",\n' +
    '    "B": "2"\n  }\n}\n';
  assert.equal(
    editSettingsText(text, { env: { CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: null } }),
    '{\n  "env": {\n    "A": "1",\n    "B": "2"\n  }\n}\n',
  );
  assert.equal(
    editSettingsText(text, { env: { CLAUDE_AUTOCOMPACT_PCT_OVERRIDE: "62.5" } }),
    text.replace('"70"', '"62.5"'),
  );
  // Removing the first or the only member takes the right comma.
  assert.equal(
    editSettingsText('{"env": {"X": "1", "Y": "2"}}', { env: { X: null } }),
    '{"env": {"Y": "2"}}',
  );
  assert.equal(editSettingsText('{"env": {"X": "1"}}', { env: { X: null } }), '{"env": {}}');
  // A new env block, indented one level under the root.
  assert.equal(
    editSettingsText('{\n  "a": 1\n}', { env: { P: "12.5" } }),
    '{\n  "a": 1,\n  "env": {\n    "P": "12.5"\n  }\n}',
  );
  // Nothing to remove: unchanged.
  assert.equal(editSettingsText('{"a": 1}', { env: { P: null } }), '{"a": 1}');
});

Deno.test("edit: modelSettings.<model>.autoCompactWindow is changed only where it exists", () => {
  const text = '{\n  "modelSettings": {\n    "m": {\n      "effortLevel": "high",\n' +
    '      "autoCompactWindow": 400000\n    },\n    "n": {\n      "effortLevel": "low"\n    }\n  }\n}\n';
  const edit = { modelWindow: { model: "m", autoCompactWindow: 153_000 } };
  assert.equal(editSettingsText(text, edit), text.replace("400000", "153000"));
  // Model n has no window: nothing is created.
  assert.equal(editSettingsText(text, { modelWindow: { model: "n", autoCompactWindow: 1 } }), text);
  assert.equal(editSettingsText('{"a": 1}', edit), '{"a": 1}');
});

Deno.test("edit: an empty object, a duplicate key (the last counts, as JSON.parse reads it)", () => {
  assert.equal(
    editSettingsText("{}\n", { autoCompactWindow: 100_000 }),
    '{\n  "autoCompactWindow": 100000\n}\n',
  );
  const dup = '{"autoCompactWindow": 1, "autoCompactWindow": 2}';
  const out = editSettingsText(dup, { autoCompactWindow: 3 });
  assert.equal(out, '{"autoCompactWindow": 1, "autoCompactWindow": 3}');
  assert.equal(JSON.parse(out).autoCompactWindow, 3);
});

Deno.test("edit: a malformed file is refused before anything changes", () => {
  assert.throws(() => editSettingsText('{"a": 1,}', { autoCompactWindow: 1 }), SyntaxError);
  assert.throws(() => editSettingsText("[1]", { autoCompactWindow: 1 }), /not a JSON object/);
});
